/// Byte classes of RFC 9110 §5.6 and RFC 3986, as switch statements the compiler turns into tables.
enum ByteClass {
    @inline(__always) static func lower(_ c: UInt8) -> UInt8 {
        c >= 0x41 && c <= 0x5A ? c | 0x20 : c
    }

    /// tchar = "!" / "#" / "$" / "%" / "&" / "'" / "*" / "+" / "-" / "." / "^" / "_" / "`" / "|" / "~" / DIGIT / ALPHA
    @inline(__always) static func isTokenChar(_ c: UInt8) -> Bool {
        switch c {
        case 0x61...0x7A, 0x41...0x5A, 0x30...0x39: true
        case 0x21, 0x23, 0x24, 0x25, 0x26, 0x27, 0x2A, 0x2B, 0x2D, 0x2E, 0x5E, 0x5F, 0x60, 0x7C, 0x7E: true
        default: false
        }
    }

    /// field-vchar / SP / HTAB: anything but controls (obs-text 0x80-0xFF is allowed).
    @inline(__always) static func isFieldValueChar(_ c: UInt8) -> Bool {
        c == 0x09 || (c >= 0x20 && c != 0x7F)
    }

    /// Bytes allowed in a request-target: visible ASCII except `#` and the characters RFC 3986
    /// never allows unencoded (`"`, `<`, `>`, `\`, `^`, `` ` ``, `{`, `|`, `}` are accepted
    /// leniently, as browsers send some of them).
    @inline(__always) static func isTargetChar(_ c: UInt8) -> Bool {
        c > 0x20 && c < 0x7F && c != 0x23
    }

    @inline(__always) static func hexValue(_ c: UInt8) -> Int? {
        switch c {
        case 0x30...0x39: Int(c - 0x30)
        case 0x41...0x46: Int(c - 0x41 + 10)
        case 0x61...0x66: Int(c - 0x61 + 10)
        default: nil
        }
    }
}

extension Substring {
    /// The text without leading and trailing spaces and horizontal tabs (OWS, RFC 9110 §5.6.3).
    var trimmingOWS: String {
        let bytes = utf8
        guard let first = bytes.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }),
            let last = bytes.lastIndex(where: { $0 != 0x20 && $0 != 0x09 })
        else { return "" }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }
}
