/// Percent-decoding (RFC 3986 §2.1) for paths and for `application/x-www-form-urlencoded` queries.
enum PercentDecoding {
    /// Decodes `%XX` once. nil for a malformed escape or bytes that are not valid UTF-8.
    static func path(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        if !bytes.contains(0x25) {
            // ASCII (nearly every path) is valid UTF-8 as it is: String(decoding:) takes its fast
            // path, where String(validating:) costs about 1,000 instructions even for `/healthz`.
            if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
            return String(validating: bytes, as: UTF8.self)
        }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0x25 {
                guard i + 2 < bytes.count, let hi = ByteClass.hexValue(bytes[i + 1]),
                    let lo = ByteClass.hexValue(bytes[i + 2])
                else { return nil }
                out.append(UInt8(hi << 4 | lo))
                i += 3
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return String(validating: out, as: UTF8.self)
    }

    /// Form-decodes: `+` is a space, `%XX` a byte; malformed escapes are kept as they are and
    /// invalid UTF-8 is repaired, as browsers do (WHATWG URL, application/x-www-form-urlencoded).
    static func form<C: Collection<UInt8>>(_ bytes: C) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = bytes.startIndex
        while i != bytes.endIndex {
            let c = bytes[i]
            if c == 0x2B {
                out.append(0x20)
            } else if c == 0x25, let j1 = bytes.index(i, offsetBy: 1, limitedBy: bytes.endIndex), j1 != bytes.endIndex,
                let j2 = bytes.index(j1, offsetBy: 1, limitedBy: bytes.endIndex), j2 != bytes.endIndex,
                let hi = ByteClass.hexValue(bytes[j1]), let lo = ByteClass.hexValue(bytes[j2])
            {
                out.append(UInt8(hi << 4 | lo))
                i = j2
            } else {
                out.append(c)
            }
            i = bytes.index(after: i)
        }
        return String(decoding: out, as: UTF8.self)
    }
}
