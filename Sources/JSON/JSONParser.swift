/// A JSON text that could not be parsed: where, and what was expected there.
///
/// `line` and `column` are 1-based; `column` counts Unicode scalars from the line's start.
/// ``reason`` says what was wrong as data, so that a reader in another language can be told;
/// ``message`` is its English wording.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 1-based line of the offending character.
    public var line: Int
    /// 1-based column (in Unicode scalars) of the offending character.
    public var column: Int
    /// Byte offset from the start of the text.
    public var offset: Int
    /// What was wrong.
    public var reason: Reason
    /// Where in the document: the member or element whose text is wrong (`$.actions[2]`); for
    /// a repeated member name, that member (`$.prototype`); `$` for the top level. Worked out
    /// only when parsing fails, by reading the text again up to ``offset``.
    public var path: JSONPath = .root

    /// What was found where something else was expected.
    public enum Found: Sendable, Equatable {
        /// The text ended.
        case end
        /// A printable ASCII character.
        case character(Character)
        /// Any other byte.
        case byte(UInt8)

        /// "the end of the text", "'x'" or "byte 0x1F".
        public var english: String {
            switch self {
            case .end: "the end of the text"
            case .character(let c): "'\(c)'"
            case .byte(let b): "byte 0x" + hex2(b)
            }
        }
    }

    /// What was wrong, as data (see ``message`` for the English wording).
    public enum Reason: Sendable, Equatable {
        case textAfterValue
        case expectedValue(found: Found)
        case expectedLiteral(String)
        case tooDeep(max: Int)
        case expectedMemberName(found: Found)
        /// A `,` right before `}` or `]` (the closing character).
        case trailingComma(closer: Character)
        case duplicateMember(String)
        case expectedColon(member: String, found: Found)
        /// `closer` is `}` after an object member, `]` after an array element.
        case expectedCommaOrClose(closer: Character, found: Found)
        case expectedDigit
        case leadingZero
        case expectedFractionDigit
        case expectedExponentDigit
        case numberOutOfRange
        case expectedFourHexDigits
        case expectedHexDigit
        case unterminatedString
        case invalidUTF8
        /// A raw control character (its byte) inside a string.
        case controlCharacter(UInt8)
        case unterminatedEscape
        case loneHighSurrogate
        case invalidLowSurrogate
        case loneLowSurrogate
        case invalidEscape(Character)
    }

    /// What was wrong, in English, e.g. "expected ',' or '}' after an object member, found ']'".
    public var message: String {
        switch reason {
        case .textAfterValue: return "unexpected text after the JSON value"
        case .expectedValue(let f): return "expected a JSON value, found \(f.english)"
        case .expectedLiteral(let w): return "expected '\(w)'"
        case .tooDeep(let max): return "nesting deeper than \(max) levels"
        case .expectedMemberName(let f): return "expected a member name in double quotes, found \(f.english)"
        case .trailingComma(let c): return "a trailing comma before '\(c)' (JSON allows none: remove the comma)"
        case .duplicateMember(let k): return "duplicate member name \"\(k)\""
        case .expectedColon(let k, let f): return "expected ':' after member name \"\(k)\", found \(f.english)"
        case .expectedCommaOrClose(let c, let f):
            return c == "}"
                ? "expected ',' or '}' after an object member, found \(f.english)"
                : "expected ',' or ']' after an array element, found \(f.english)"
        case .expectedDigit: return "expected a digit"
        case .leadingZero: return "numbers may not have leading zeros"
        case .expectedFractionDigit: return "expected a digit after the decimal point"
        case .expectedExponentDigit: return "expected a digit in the exponent"
        case .numberOutOfRange: return "number out of range"
        case .expectedFourHexDigits: return "expected four hex digits after \\u"
        case .expectedHexDigit: return "expected a hex digit in a \\u escape"
        case .unterminatedString: return "unterminated string"
        case .invalidUTF8: return "invalid UTF-8 in a string"
        case .controlCharacter(let b): return "control character in a string (escape it as \\u00\(hex2(b)))"
        case .unterminatedEscape: return "unterminated escape"
        case .loneHighSurrogate: return "lone high surrogate in a \\u escape"
        case .invalidLowSurrogate: return "invalid low surrogate in a \\u escape"
        case .loneLowSurrogate: return "lone low surrogate in a \\u escape"
        case .invalidEscape(let c): return "invalid escape '\\\(c)'"
        }
    }

    public var description: String { "line \(line), column \(column): \(message)" }
}

/// Parses JSON texts (RFC 8259) into ``JSONValue``s.
///
/// Strict: no comments, no trailing commas, no leading zeros, no duplicate object keys, no
/// control characters in strings, valid UTF-8 only, nesting at most ``maxDepth`` deep.
public enum JSONParser {
    /// `bytes` without the UTF-8 byte-order mark some editors save before the text, which a
    /// parser may ignore (RFC 8259 §8.1); `bytes` when there is none.
    public static func droppingByteOrderMark(_ bytes: [UInt8]) -> [UInt8] {
        bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    }

    /// JSON's white space (RFC 8259 §2): space, tab, line feed, carriage return.
    @inline(__always) static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    /// Deepest nesting of arrays and objects accepted (protects the stack from hostile input).
    public static let maxDepth = 256

    /// Parses a whole text. Throws ``JSONSyntaxError`` with line and column on any error.
    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    /// Parses a whole text given as UTF-8 bytes.
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        let result: Result<JSONValue, JSONSyntaxError> = bytes.withUnsafeBufferPointer { buf in
            do throws(JSONSyntaxError) { return .success(try parse(buf)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// Parses a whole text given as UTF-8 bytes.
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> JSONValue {
        var p = Parser(bytes: bytes)
        p.skipSpace()
        let v = try p.value(depth: 0)
        p.skipSpace()
        if p.pos < bytes.count { throw p.error(.textAfterValue) }
        return v
    }
}

private struct Parser {
    let bytes: UnsafeBufferPointer<UInt8>
    var pos = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    func error(_ reason: JSONSyntaxError.Reason, at offset: Int? = nil) -> JSONSyntaxError {
        let off = min(offset ?? pos, bytes.count)
        var line = 1
        var col = 1
        var i = 0
        while i < off {
            let b = bytes[i]
            if b == 0x0A {
                line += 1
                col = 1
            } else if b & 0xC0 != 0x80 {
                col += 1
            }
            i += 1
        }
        var path: JSONPath
        switch reason {
        case .duplicateMember(let key): path = pathOfValue(at: off).appending(key)
        // The comma is the object's or array's, not its last member's. Just after an array's
        // comma, the path names the element that would follow: the array is its parent. An
        // object's names no member there, so the path is the object's own.
        case .trailingComma(let closer):
            path = pathOfValue(at: min(off + 1, bytes.count))
            if closer == "]", case .index = path.components.last {
                path = JSONPath(components: path.components.dropLast())
            }
        default: path = pathOfValue(at: off)
        }
        return JSONSyntaxError(line: line, column: col, offset: off, reason: reason, path: path)
    }

    /// The path of the member or element whose text holds `offset`, read again from the start
    /// (the parse that failed kept no path, so a valid text costs nothing for it): each open
    /// object contributes the name of the member being read once its name is complete, each
    /// open array the index of its element. A name with escapes is decoded; a name cut off by
    /// the error is left out.
    func pathOfValue(at offset: Int) -> JSONPath {
        enum Frame {
            case object(key: String?)
            case array(index: Int)
        }
        var frames: [Frame] = []
        var i = 0
        while i < offset {
            switch bytes[i] {
            case UInt8(ascii: "{"): frames.append(.object(key: nil))
            case UInt8(ascii: "["): frames.append(.array(index: 0))
            case UInt8(ascii: "}"), UInt8(ascii: "]"): if !frames.isEmpty { frames.removeLast() }
            case UInt8(ascii: ","):
                switch frames.last {
                case .array(let index): frames[frames.count - 1] = .array(index: index + 1)
                case .object: frames[frames.count - 1] = .object(key: nil)
                case nil: break
                }
            case UInt8(ascii: "\""):
                let start = i + 1
                var j = start
                var escaped = false
                while j < offset && bytes[j] != UInt8(ascii: "\"") {
                    if bytes[j] == UInt8(ascii: "\\") {
                        escaped = true
                        j += 1
                    }
                    j += 1
                }
                guard j < offset else { i = offset; continue }
                // A string in an object where a name is expected (none yet, or after a comma) is
                // the name, when a colon follows it.
                if case .object(key: nil) = frames.last {
                    var k = j + 1
                    while k < bytes.count, JSONParser.isSpace(bytes[k]) { k += 1 }
                    if k < bytes.count && bytes[k] == UInt8(ascii: ":") {
                        let raw = UnsafeBufferPointer(rebasing: bytes[(start - 1)...j])
                        let name: String
                        if escaped, let decoded = try? JSONParser.parse(raw), case .string(let text) = decoded {
                            name = text
                        } else {
                            name = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<j]), as: UTF8.self)
                        }
                        frames[frames.count - 1] = .object(key: name)
                    }
                }
                i = j
            default: break
            }
            i += 1
        }
        var path = JSONPath.root
        for frame in frames {
            switch frame {
            case .object(let key?): path = path.appending(key)
            case .array(let index): path = path.appending(index)
            case .object(key: nil): return path
            }
        }
        return path
    }

    mutating func skipSpace() {
        while pos < bytes.count && JSONParser.isSpace(bytes[pos]) { pos += 1 }
    }

    /// What is at the current position.
    var found: JSONSyntaxError.Found {
        guard pos < bytes.count else { return .end }
        let b = bytes[pos]
        if b >= 0x21 && b < 0x7F { return .character(Character(Unicode.Scalar(b))) }
        return .byte(b)
    }

    mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard pos < bytes.count else { throw error(.expectedValue(found: .end)) }
        switch bytes[pos] {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error(.expectedValue(found: found))
        }
    }

    mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let n = word.utf8CodeUnitCount
        let w = UnsafeBufferPointer(start: word.utf8Start, count: n)
        guard pos + n <= bytes.count, (0..<n).allSatisfy({ bytes[pos + $0] == w[$0] }) else {
            throw error(.expectedLiteral("\(word)"))
        }
        pos += n
    }

    mutating func object(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        if depth > JSONParser.maxDepth { throw error(.tooDeep(max: JSONParser.maxDepth)) }
        pos += 1
        var members: [(key: String, value: JSONValue)] = []
        skipSpace()
        if pos < bytes.count && bytes[pos] == UInt8(ascii: "}") {
            pos += 1
            return .object(JSONObject())
        }
        var seen = Set<String>()
        // Room for a small object's members at once: grown from nothing, two members cost two
        // allocations (capacity 1, then 2).
        members.reserveCapacity(4)
        var lastComma = pos
        while true {
            skipSpace()
            if !members.isEmpty, pos < bytes.count, bytes[pos] == UInt8(ascii: "}") {
                throw error(.trailingComma(closer: "}"), at: lastComma)
            }
            guard pos < bytes.count, bytes[pos] == UInt8(ascii: "\"") else {
                throw error(.expectedMemberName(found: found))
            }
            let keyStart = pos
            let key = try string()
            // A small object's names are compared with those before (no hashing); a set holds
            // them from the ninth on.
            if members.count < 8 {
                if members.contains(where: { $0.key == key }) { throw error(.duplicateMember(key), at: keyStart) }
            } else {
                if seen.isEmpty { for m in members { seen.insert(m.key) } }
                if !seen.insert(key).inserted { throw error(.duplicateMember(key), at: keyStart) }
            }
            skipSpace()
            guard pos < bytes.count, bytes[pos] == UInt8(ascii: ":") else {
                throw error(.expectedColon(member: key, found: found))
            }
            pos += 1
            skipSpace()
            let v = try value(depth: depth)
            members.append((key, v))
            skipSpace()
            guard pos < bytes.count else { throw error(.expectedCommaOrClose(closer: "}", found: .end)) }
            if bytes[pos] == UInt8(ascii: ",") {
                lastComma = pos
                pos += 1
                continue
            }
            if bytes[pos] == UInt8(ascii: "}") {
                pos += 1
                return .object(JSONObject(uniqueMembers: members))
            }
            throw error(.expectedCommaOrClose(closer: "}", found: found))
        }
    }

    mutating func array(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        if depth > JSONParser.maxDepth { throw error(.tooDeep(max: JSONParser.maxDepth)) }
        pos += 1
        var items: [JSONValue] = []
        skipSpace()
        if pos < bytes.count && bytes[pos] == UInt8(ascii: "]") {
            pos += 1
            return .array(items)
        }
        var lastComma = pos
        while true {
            skipSpace()
            if !items.isEmpty, pos < bytes.count, bytes[pos] == UInt8(ascii: "]") {
                throw error(.trailingComma(closer: "]"), at: lastComma)
            }
            items.append(try value(depth: depth))
            skipSpace()
            guard pos < bytes.count else { throw error(.expectedCommaOrClose(closer: "]", found: .end)) }
            if bytes[pos] == UInt8(ascii: ",") {
                lastComma = pos
                pos += 1
                continue
            }
            if bytes[pos] == UInt8(ascii: "]") {
                pos += 1
                return .array(items)
            }
            throw error(.expectedCommaOrClose(closer: "]", found: found))
        }
    }

    mutating func number() throws(JSONSyntaxError) -> Double {
        let start = pos
        let negative = bytes[pos] == UInt8(ascii: "-")
        if negative { pos += 1 }
        func digits(_ p: inout Int, _ b: UnsafeBufferPointer<UInt8>) -> Int {
            let s = p
            while p < b.count && b[p] >= 48 && b[p] <= 57 { p += 1 }
            return p - s
        }
        guard pos < bytes.count, bytes[pos] >= 48 && bytes[pos] <= 57 else { throw error(.expectedDigit) }
        // The integer part's value, accumulated while scanning: exact while it has at most 15
        // digits (below 2^53), which spares short integers the text conversion below.
        var integer = 0
        let integerStart = pos
        if bytes[pos] == 48 {
            pos += 1
            if pos < bytes.count && bytes[pos] >= 48 && bytes[pos] <= 57 {
                throw error(.leadingZero)
            }
        } else {
            while pos < bytes.count && bytes[pos] >= 48 && bytes[pos] <= 57 {
                if pos - integerStart < 15 { integer = integer * 10 + Int(bytes[pos] - 48) }
                pos += 1
            }
        }
        var isInteger = pos - integerStart <= 15
        if pos < bytes.count && bytes[pos] == UInt8(ascii: ".") {
            isInteger = false
            pos += 1
            if digits(&pos, bytes) == 0 { throw error(.expectedFractionDigit) }
        }
        if pos < bytes.count && (bytes[pos] == UInt8(ascii: "e") || bytes[pos] == UInt8(ascii: "E")) {
            isInteger = false
            pos += 1
            if pos < bytes.count && (bytes[pos] == UInt8(ascii: "+") || bytes[pos] == UInt8(ascii: "-")) { pos += 1 }
            if digits(&pos, bytes) == 0 { throw error(.expectedExponentDigit) }
        }
        // `-Double(0)` is -0.0, as `Double("-0")` is.
        if isInteger { return negative ? -Double(integer) : Double(integer) }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<pos]), as: UTF8.self)
        guard let d = Double(text), d.isFinite else { throw error(.numberOutOfRange, at: start) }
        return d
    }

    mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard pos + 4 <= bytes.count else { throw error(.expectedFourHexDigits) }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[pos]
            let d: UInt32
            switch b {
            case 48...57: d = UInt32(b - 48)
            case 65...70: d = UInt32(b - 55)
            case 97...102: d = UInt32(b - 87)
            default: throw error(.expectedHexDigit)
            }
            v = v << 4 | d
            pos += 1
        }
        return v
    }

    mutating func string() throws(JSONSyntaxError) -> String {
        let open = pos
        pos += 1
        // Fast path: no escapes, all valid UTF-8 → one String init.
        var i = pos
        // The bits of every byte: below 0x80, the string is ASCII and needs no validating.
        var bits: UInt8 = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") || b < 0x20 { break }
            bits |= b
            i += 1
        }
        guard i < bytes.count else { throw error(.unterminatedString, at: open) }
        if bytes[i] == UInt8(ascii: "\"") {
            let slice = UnsafeBufferPointer(rebasing: bytes[pos..<i])
            if bits < 0x80 {
                // ASCII is valid UTF-8, so nothing is repaired; `String(validating:)` costs
                // ~1,000 instructions more for a short key (callgrind).
                pos = i + 1
                return String(decoding: slice, as: UTF8.self)
            }
            guard let s = String(validating: slice, as: UTF8.self) else {
                throw error(.invalidUTF8, at: pos)
            }
            pos = i + 1
            return s
        }
        var out: [UInt8] = Array(UnsafeBufferPointer(rebasing: bytes[pos..<i]))
        pos = i
        while true {
            guard pos < bytes.count else { throw error(.unterminatedString, at: open) }
            let b = bytes[pos]
            if b == UInt8(ascii: "\"") {
                pos += 1
                guard let s = String(validating: out, as: UTF8.self) else {
                    throw error(.invalidUTF8, at: open)
                }
                return s
            }
            if b < 0x20 { throw error(.controlCharacter(b)) }
            if b != UInt8(ascii: "\\") {
                out.append(b)
                pos += 1
                continue
            }
            pos += 1
            guard pos < bytes.count else { throw error(.unterminatedEscape) }
            let e = bytes[pos]
            pos += 1
            switch e {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "/"): out.append(0x2F)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if scalar >= 0xD800 && scalar < 0xDC00 {
                    guard pos + 1 < bytes.count, bytes[pos] == UInt8(ascii: "\\"), bytes[pos + 1] == UInt8(ascii: "u")
                    else {
                        throw error(.loneHighSurrogate)
                    }
                    pos += 2
                    let low = try hex4()
                    guard low >= 0xDC00 && low < 0xE000 else { throw error(.invalidLowSurrogate) }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if scalar >= 0xDC00 && scalar < 0xE000 {
                    throw error(.loneLowSurrogate)
                }
                UTF8.encode(Unicode.Scalar(scalar)!) { out.append($0) }
            default:
                throw error(.invalidEscape(Character(Unicode.Scalar(e))), at: pos - 2)
            }
        }
    }
}

func hex2(_ b: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(b >> 4)], digits[Int(b & 15)]])
}
