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
        guard let bounds = pathBounds(buffer, range) else { return nil }
        if bounds.asterisk { return Parsed(path: "*", query: nil) }
        let query = bounds.path.upperBound < range.upperBound ? (bounds.path.upperBound + 1)..<range.upperBound : nil
        if bounds.path.isEmpty { return Parsed(path: "/", query: query) }
        guard let path = PercentDecoding.path(UnsafeBufferPointer(rebasing: buffer[bounds.path])) else {
            return nil
        }
        return Parsed(path: path, query: query)
    }

    /// Where the path is in a request-target, still percent-encoded: origin-form `/a%2Fb?q` →
    /// `/a%2Fb`; absolute-form `http://h/a?q` → `/a` (empty for `http://h?q`); asterisk-form `*`
    /// sets `asterisk`. nil for anything else. The path ends at `?` or at the end of `range`.
    static func pathBounds(
        _ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>
    ) -> (path: Range<Int>, asterisk: Bool)? {
        guard !range.isEmpty else { return nil }
        var pathStart = range.lowerBound
        if buffer[pathStart] != 0x2F {
            if range.count == 1 && buffer[pathStart] == 0x2A { return (pathStart..<range.upperBound, true) }
            // absolute-form: scheme "://" authority path-abempty [ "?" query ]
            guard let afterScheme = schemeEnd(buffer, range) else { return nil }
            var i = afterScheme
            while i < range.upperBound && buffer[i] != 0x2F && buffer[i] != 0x3F { i += 1 }
            if i == afterScheme { return nil }
            pathStart = i
        }
        var pathEnd = pathStart
        while pathEnd < range.upperBound && buffer[pathEnd] != 0x3F { pathEnd += 1 }
        return (pathStart..<pathEnd, false)
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
