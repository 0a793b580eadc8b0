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
            appendInteger(Int(n), into: &out)
        } else {
            out.append(contentsOf: n.description.utf8)
        }
    }

    /// The text ``appendNumber(_:into:)`` writes, as a `String` (for messages and CSV cells).
    public static func numberText(_ n: Double) -> String {
        var out: [UInt8] = []
        appendNumber(n, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the decimal digits of `v` (with a `-` when negative), without allocating.
    public static func appendInteger(_ v: Int, into out: inout [UInt8]) {
        if v < 0 { out.append(UInt8(ascii: "-")) }
        var m = v.magnitude
        var tmp: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes ≥ 20 digits of UInt64.max
        withUnsafeMutableBytes(of: &tmp) { buf in
            var i = buf.count
            repeat {
                i -= 1
                buf[i] = UInt8(48 + m % 10)
                m /= 10
            } while m > 0
            out.append(contentsOf: UnsafeRawBufferPointer(rebasing: buf[i...]))
        }
    }

    /// Appends `s` as a JSON string literal, with quotes.
    ///
    /// A string with nothing to escape (the usual case) is scanned once and copied in one go;
    /// otherwise the runs of bytes between escapes are, so long strings (a rendered page in an
    /// API response) cost little more than a copy.
    public static func appendQuoted(_ s: String, into out: inout [UInt8], htmlSafe: Bool = false) {
        out.append(0x22)
        var copy = s
        copy.withUTF8 { buf in
            let n = buf.count
            // Fast path: find the first byte that may need an escape. With `htmlSafe`, 0xE2 may
            // start U+2028 or U+2029; the loop below decides.
            var i = 0
            if htmlSafe {
                while i < n {
                    let b = buf[i]
                    if b < 0x20 || b == 0x22 || b == 0x5C || b == 0x3C || b == 0x3E || b == 0x26 || b == 0xE2 { break }
                    i += 1
                }
            } else {
                while i < n {
                    let b = buf[i]
                    if b < 0x20 || b == 0x22 || b == 0x5C { break }
                    i += 1
                }
            }
            if i == n {
                out.append(contentsOf: buf)
                return
            }
            var runStart = 0
            while i < n {
                let b = buf[i]
                var escape: StaticString?
                var hexByte: UInt8?
                var skip = 1
                switch b {
                case 0x22: escape = "\\\""
                case 0x5C: escape = "\\\\"
                case 0x0A: escape = "\\n"
                case 0x0D: escape = "\\r"
                case 0x09: escape = "\\t"
                case 0x3C, 0x3E, 0x26: if htmlSafe { hexByte = b }
                case 0xE2
                where htmlSafe && i + 2 < n && buf[i + 1] == 0x80 && (buf[i + 2] == 0xA8 || buf[i + 2] == 0xA9):
                    // U+2028 and U+2029 end lines in JavaScript.
                    escape = buf[i + 2] == 0xA8 ? "\\u2028" : "\\u2029"
                    skip = 3
                case 0..<0x20: hexByte = b
                default: break
                }
                if escape == nil && hexByte == nil {
                    i += 1
                    continue
                }
                if runStart < i { out.append(contentsOf: UnsafeBufferPointer(rebasing: buf[runStart..<i])) }
                if let escape {
                    out.append(
                        contentsOf: UnsafeBufferPointer(start: escape.utf8Start, count: escape.utf8CodeUnitCount))
                } else if let h = hexByte {
                    let hex: StaticString = "0123456789abcdef"
                    out.append(contentsOf: "\\u00".utf8)
                    out.append(hex.utf8Start[Int(h >> 4)])
                    out.append(hex.utf8Start[Int(h & 15)])
                }
                i += skip
                runStart = i
            }
            if runStart < n { out.append(contentsOf: UnsafeBufferPointer(rebasing: buf[runStart..<n])) }
        }
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
