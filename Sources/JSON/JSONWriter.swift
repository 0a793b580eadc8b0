/// Writes ``JSONValue``s as JSON text (RFC 8259), compact or indented.
///
/// Strings are escaped minimally: `"` `\` and control characters; `<`, `>` and `&` are also
/// escaped as `\u003C`… when `htmlSafe` is set, so the output can sit inside an HTML `<script>`.
/// Non-finite numbers, which JSON cannot express, are written as `null`.
public struct JSONWriter: Sendable {
    /// Indent by two spaces per level and put each member on its own line.
    public var pretty: Bool
    /// Escape `<`, `>`, `&` and U+2028/U+2029 so the text is safe inside HTML.
    public var htmlSafe: Bool

    /// A writer with the given options (default: compact, not HTML-safe).
    public init(pretty: Bool = false, htmlSafe: Bool = false) {
        self.pretty = pretty
        self.htmlSafe = htmlSafe
    }

    /// The text of `value`.
    public func string(_ value: JSONValue) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(value, into: &out, depth: 0)
        return String(decoding: out, as: UTF8.self)
    }

    /// The UTF-8 bytes of `value`'s text.
    public func bytes(_ value: JSONValue) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(value, into: &out, depth: 0)
        return out
    }

    /// Appends `value`'s text to `out`.
    public func write(_ value: JSONValue, into out: inout [UInt8], depth: Int = 0) {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .number(let n): JSONWriter.appendNumber(n, into: &out)
        case .string(let s): JSONWriter.appendQuoted(s, into: &out, htmlSafe: htmlSafe)
        case .array(let items):
            if items.isEmpty {
                out.append(contentsOf: "[]".utf8)
                return
            }
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                newline(&out, depth + 1)
                write(item, into: &out, depth: depth + 1)
            }
            newline(&out, depth)
            out.append(UInt8(ascii: "]"))
        case .object(let o):
            if o.count == 0 {
                out.append(contentsOf: "{}".utf8)
                return
            }
            out.append(UInt8(ascii: "{"))
            var first = true
            for (k, v) in o {
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                newline(&out, depth + 1)
                JSONWriter.appendQuoted(k, into: &out, htmlSafe: htmlSafe)
                out.append(UInt8(ascii: ":"))
                if pretty { out.append(0x20) }
                write(v, into: &out, depth: depth + 1)
            }
            newline(&out, depth)
            out.append(UInt8(ascii: "}"))
        }
    }

    private func newline(_ out: inout [UInt8], _ depth: Int) {
        guard pretty else { return }
        out.append(0x0A)
        for _ in 0..<(depth * 2) { out.append(0x20) }
    }

    /// Appends a number: integers without a fraction (`3`, not `3.0`), others in Swift's
    /// shortest round-trip form; NaN and infinities as `null`.
    public static func appendNumber(_ n: Double, into out: inout [UInt8]) {
        guard n.isFinite else {
            out.append(contentsOf: "null".utf8)
            return
        }
        if abs(n) < 1e15 && Double(Int64(n)) == n {
            out.append(contentsOf: String(Int64(n)).utf8)
        } else {
            out.append(contentsOf: n.description.utf8)
        }
    }

    /// Appends `s` as a JSON string literal, with quotes.
    public static func appendQuoted(_ s: String, into out: inout [UInt8], htmlSafe: Bool = false) {
        out.append(0x22)
        let hex: [UInt8] = Array("0123456789abcdef".utf8)
        var utf8 = s.utf8.makeIterator()
        var pendingE2: [UInt8] = []
        func flushPending(_ out: inout [UInt8]) {
            out.append(contentsOf: pendingE2)
            pendingE2.removeAll(keepingCapacity: true)
        }
        while let b = utf8.next() {
            // U+2028 / U+2029 are E2 80 A8 / E2 80 A9: escape when HTML-safe (they end JS lines).
            if htmlSafe && (!pendingE2.isEmpty || b == 0xE2) {
                pendingE2.append(b)
                if pendingE2.count == 2 && pendingE2[1] != 0x80 {
                    flushPending(&out)
                } else if pendingE2.count == 3 {
                    if pendingE2[2] == 0xA8 || pendingE2[2] == 0xA9 {
                        out.append(contentsOf: (pendingE2[2] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                        pendingE2.removeAll(keepingCapacity: true)
                    } else {
                        flushPending(&out)
                    }
                }
                continue
            }
            switch b {
            case 0x22: out.append(contentsOf: "\\\"".utf8)
            case 0x5C: out.append(contentsOf: "\\\\".utf8)
            case 0x0A: out.append(contentsOf: "\\n".utf8)
            case 0x0D: out.append(contentsOf: "\\r".utf8)
            case 0x09: out.append(contentsOf: "\\t".utf8)
            case 0x3C, 0x3E, 0x26:
                if htmlSafe {
                    out.append(contentsOf: "\\u00".utf8)
                    out.append(hex[Int(b >> 4)])
                    out.append(hex[Int(b & 15)])
                } else {
                    out.append(b)
                }
            case 0..<0x20:
                out.append(contentsOf: "\\u00".utf8)
                out.append(hex[Int(b >> 4)])
                out.append(hex[Int(b & 15)])
            default: out.append(b)
            }
        }
        flushPending(&out)
        out.append(0x22)
    }

    /// `s` as a JSON string literal, with quotes.
    public static func quoted(_ s: String) -> String {
        var out: [UInt8] = []
        appendQuoted(s, into: &out)
        return String(decoding: out, as: UTF8.self)
    }
}

extension JSONValue: CustomStringConvertible {
    /// Compact JSON text.
    public var description: String { JSONWriter().string(self) }
}
