/// Splitting and decoding of a request-target (RFC 9112 §3.2, RFC 3986 §2.1).
enum RequestTarget {
    struct Parsed {
        var path: String
        var query: Range<Int>?
    }

    /// Parses origin-form (`/a?b`), absolute-form (`http://h/a?b`) and asterisk-form (`*`).
    /// Returns nil for anything else, a malformed percent-escape, or a path that is not UTF-8.
    static func parse(_ bytes: [UInt8]) -> Parsed? {
        bytes.withUnsafeBufferPointer { parse($0, 0..<bytes.count) }
    }

    static func parse(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Parsed? {
        guard !range.isEmpty else { return nil }
        var pathStart = range.lowerBound
        if buffer[pathStart] != 0x2F {
            if range.count == 1 && buffer[pathStart] == 0x2A { return Parsed(path: "*", query: nil) }
            // absolute-form: scheme "://" authority path-abempty [ "?" query ]
            guard let afterScheme = schemeEnd(buffer, range) else { return nil }
            var i = afterScheme
            while i < range.upperBound && buffer[i] != 0x2F && buffer[i] != 0x3F { i += 1 }
            if i == afterScheme { return nil }
            pathStart = i
            if i == range.upperBound || buffer[i] == 0x3F {
                let query = i < range.upperBound ? (i + 1)..<range.upperBound : nil
                return Parsed(path: "/", query: query)
            }
        }
        var pathEnd = pathStart
        while pathEnd < range.upperBound && buffer[pathEnd] != 0x3F { pathEnd += 1 }
        let query = pathEnd < range.upperBound ? (pathEnd + 1)..<range.upperBound : nil
        guard let path = PercentDecoding.path(UnsafeBufferPointer(rebasing: buffer[pathStart..<pathEnd])) else {
            return nil
        }
        return Parsed(path: path, query: query)
    }

    /// For `http://` or `https://` (case-insensitive), the index after `://`.
    private static func schemeEnd(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        for scheme in ["http://", "https://"] {
            let count = scheme.utf8.count
            guard range.count > count else { continue }
            if zip(buffer[range.lowerBound..<(range.lowerBound + count)], scheme.utf8).allSatisfy({
                ByteClass.lower($0) == $1
            }) {
                return range.lowerBound + count
            }
        }
        return nil
    }
}
