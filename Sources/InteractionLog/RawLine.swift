import EventSchema
import JSON

/// A fast, allocation-free scan of one log line: where each known column's value is.
///
/// Used by recovery, the open-time rebuild, exports and summaries, which read millions of lines
/// the store itself wrote. It checks the line's JSON structure (balanced containers, terminated
/// strings with valid escapes and no raw control characters, literal spelling, nothing after
/// the object) but not number grammar or UTF-8 validity; strict checks use ``JSONParser``.
/// Keys are matched in the expected column order first, so our own lines cost one comparison
/// per key; unknown keys (columns of a later schema) are skipped.
struct RawLine {
    enum Kind: UInt8 { case missing, null, string, number, bool, object, array }

    struct Slot {
        var start = 0
        var end = 0
        var kind = Kind.missing
        var escaped = false
    }

    private(set) var slots = [Slot](repeating: Slot(), count: LogColumns.count)
    private var b = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    private var p = 0

    /// Scans `line` (without its `\n`). Returns `false` when it is not a JSON object.
    /// The slots refer to `line`, which must stay valid while they are read.
    mutating func scan(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        b = line
        p = 0
        for i in 0..<slots.count { slots[i].kind = .missing }
        skipSpace()
        guard at(UInt8(ascii: "{")) else { return false }
        p += 1
        skipSpace()
        if at(UInt8(ascii: "}")) {
            p += 1
            skipSpace()
            return p == b.count
        }
        var expected = 0
        let names = LogColumns.utf8Names  // a global: read once a line, not once a member
        while true {
            guard at(0x22) else { return false }
            let keyStart = p + 1
            guard let (keyEnd, keyEscaped) = skipString() else { return false }
            skipSpace()
            guard at(UInt8(ascii: ":")) else { return false }
            p += 1
            skipSpace()
            guard p < b.count else { return false }
            var slot = Slot()
            switch b[p] {
            case 0x22:
                slot.start = p + 1
                guard let (end, escaped) = skipString() else { return false }
                slot.end = end - 1
                slot.kind = .string
                slot.escaped = escaped
            default:
                slot.start = p
                guard let kind = skipValue(depth: 0) else { return false }
                slot.end = p
                slot.kind = kind
            }
            if !keyEscaped {
                let col = column(keyStart, keyEnd - 1, expected: expected, names: names)
                if col >= 0 {
                    slots[col] = slot
                    expected = col + 1
                }
            }
            skipSpace()
            guard p < b.count else { return false }
            if b[p] == UInt8(ascii: ",") {
                p += 1
                skipSpace()
                continue
            }
            guard b[p] == UInt8(ascii: "}") else { return false }
            p += 1
            skipSpace()
            return p == b.count
        }
    }

    // MARK: Values of the scanned line

    func kind(_ col: Int) -> Kind { slots[col].kind }

    /// The raw bytes of a value (for strings, between the quotes, still escaped).
    func raw(_ col: Int) -> UnsafeBufferPointer<UInt8> {
        let s = slots[col]
        return UnsafeBufferPointer(rebasing: b[s.start..<s.end])
    }

    /// The JSON text of a value as written (strings with their quotes).
    func json(_ col: Int) -> UnsafeBufferPointer<UInt8> {
        let s = slots[col]
        return s.kind == .string
            ? UnsafeBufferPointer(rebasing: b[(s.start - 1)..<(s.end + 1)])
            : UnsafeBufferPointer(rebasing: b[s.start..<s.end])
    }

    /// A string column's value, unescaped; `nil` when absent, `null` or not a string.
    func string(_ col: Int) -> String? {
        let s = slots[col]
        guard s.kind == .string else { return nil }
        if !s.escaped { return String(decoding: raw(col), as: UTF8.self) }
        return (try? JSONParser.parse(json(col)))?.stringValue
    }

    /// Whether a string column equals `value` (given as UTF-8).
    func stringEquals(_ col: Int, _ value: [UInt8]) -> Bool {
        let s = slots[col]
        guard s.kind == .string else { return false }
        if !s.escaped {
            guard s.end - s.start == value.count else { return false }
            return value.withUnsafeBufferPointer { v in
                memcmpEqual(raw(col), v)
            }
        }
        return string(col).map { Array($0.utf8) == value } ?? false
    }

    /// An integer column's value; `nil` when absent, `null` or not an integer.
    func int(_ col: Int) -> Int? {
        let s = slots[col]
        guard s.kind == .number else { return nil }
        var v = 0
        var neg = false
        var i = s.start
        if b[i] == UInt8(ascii: "-") {
            neg = true
            i += 1
        }
        guard i < s.end else { return nil }
        while i < s.end {
            let d = b[i] &- 48
            guard d <= 9 else { return double(col).flatMap { JSONValue.number($0).intValue } }
            let (m, o1) = v.multipliedReportingOverflow(by: 10)
            let (a, o2) = m.addingReportingOverflow(Int(d))
            if o1 || o2 { return nil }
            v = a
            i += 1
        }
        return neg ? -v : v
    }

    /// A number column's value; `nil` when absent, `null` or not a number.
    func double(_ col: Int) -> Double? {
        guard slots[col].kind == .number else { return nil }
        let text = raw(col)
        // An integer of at most 15 digits (below 2^53, so exact) is read without making a String.
        var i = 0
        let negative = text[0] == UInt8(ascii: "-")
        if negative { i = 1 }
        if text.count - i <= 15 {
            var v = 0
            while i < text.count, text[i] &- 48 <= 9 {
                v = v * 10 + Int(text[i] - 48)
                i += 1
            }
            // `-Double(0)` is -0.0, as `Double("-0")` is.
            if i == text.count && i > (negative ? 1 : 0) { return negative ? -Double(v) : Double(v) }
        }
        return Double(String(decoding: text, as: UTF8.self))
    }

    /// The `ts` column in microseconds since the epoch.
    func timestamp() -> Int64? {
        guard slots[LogColumns.ts].kind == .string else { return nil }
        return LogTimestamp.parseLogged(raw(LogColumns.ts))
    }

    /// The `type` column, if it is a known type.
    func type() -> LogEventType? {
        let s = slots[LogColumns.type]
        guard s.kind == .string, !s.escaped else { return nil }
        return RawLine.typeByBytes(raw(LogColumns.type))
    }

    private static let typeTable: [(bytes: [UInt8], type: LogEventType)] = LogEventType.allCases.map {
        (Array($0.rawValue.utf8), $0)
    }

    static func typeByBytes(_ raw: UnsafeBufferPointer<UInt8>) -> LogEventType? {
        for entry in typeTable where entry.bytes.count == raw.count {
            if entry.bytes.withUnsafeBufferPointer({ memcmpEqual($0, raw) }) { return entry.type }
        }
        return nil
    }

    // MARK: Scanning

    private func at(_ c: UInt8) -> Bool { p < b.count && b[p] == c }

    private mutating func skipSpace() {
        while p < b.count {
            switch b[p] {
            case 0x20, 0x09, 0x0D, 0x0A: p += 1
            default: return
            }
        }
    }

    /// At an opening quote: moves past the closing quote; returns that position and whether
    /// the string had escapes.
    private mutating func skipString() -> (Int, Bool)? {
        p += 1
        var escaped = false
        while p < b.count {
            let c = b[p]
            if c == 0x22 {
                p += 1
                return (p, escaped)
            }
            if c < 0x20 { return nil }
            if c == 0x5C {
                escaped = true
                guard p + 1 < b.count else { return nil }
                switch b[p + 1] {
                case 0x22, 0x5C, 0x2F, UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"),
                    UInt8(ascii: "t"):
                    p += 2
                case UInt8(ascii: "u"):
                    guard p + 5 < b.count else { return nil }
                    for i in (p + 2)...(p + 5) where !RawLine.isHex(b[i]) { return nil }
                    p += 6
                default: return nil
                }
                continue
            }
            p += 1
        }
        return nil
    }

    private static func isHex(_ c: UInt8) -> Bool {
        (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102)
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        let n = word.utf8CodeUnitCount
        guard p + n <= b.count else { return false }
        for i in 0..<n where b[p + i] != word.utf8Start[i] { return false }
        p += n
        return true
    }

    /// Moves past any JSON value (not a top-level string, handled by the caller).
    private mutating func skipValue(depth: Int) -> Kind? {
        guard p < b.count, depth < JSONParser.maxDepth else { return nil }
        switch b[p] {
        case 0x22: return skipString() == nil ? nil : .string
        case UInt8(ascii: "n"): return literal("null") ? .null : nil
        case UInt8(ascii: "t"): return literal("true") ? .bool : nil
        case UInt8(ascii: "f"): return literal("false") ? .bool : nil
        case UInt8(ascii: "-"), 48...57:
            let start = p
            var digits = 0
            while p < b.count {
                let c = b[p]
                if c >= 48 && c <= 57 {
                    digits += 1
                } else if !(c == UInt8(ascii: "-") || c == UInt8(ascii: "+") || c == UInt8(ascii: ".")
                    || c == UInt8(ascii: "e") || c == UInt8(ascii: "E"))
                {
                    break
                }
                p += 1
            }
            return digits > 0 && p > start ? .number : nil
        case UInt8(ascii: "["):
            p += 1
            skipSpace()
            if at(UInt8(ascii: "]")) {
                p += 1
                return .array
            }
            while true {
                skipSpace()
                guard skipValue(depth: depth + 1) != nil else { return nil }
                skipSpace()
                guard p < b.count else { return nil }
                if b[p] == UInt8(ascii: ",") {
                    p += 1
                    continue
                }
                guard b[p] == UInt8(ascii: "]") else { return nil }
                p += 1
                return .array
            }
        case UInt8(ascii: "{"):
            p += 1
            skipSpace()
            if at(UInt8(ascii: "}")) {
                p += 1
                return .object
            }
            while true {
                skipSpace()
                guard at(0x22), skipString() != nil else { return nil }
                skipSpace()
                guard at(UInt8(ascii: ":")) else { return nil }
                p += 1
                skipSpace()
                guard skipValue(depth: depth + 1) != nil else { return nil }
                skipSpace()
                guard p < b.count else { return nil }
                if b[p] == UInt8(ascii: ",") {
                    p += 1
                    continue
                }
                guard b[p] == UInt8(ascii: "}") else { return nil }
                p += 1
                return .object
            }
        default: return nil
        }
    }

    private func column(_ start: Int, _ end: Int, expected: Int, names: [[UInt8]]) -> Int {
        let key = UnsafeBufferPointer(rebasing: b[start..<end])
        if expected < names.count, names[expected].withUnsafeBufferPointer({ memcmpEqual($0, key) }) {
            return expected
        }
        for (i, name) in names.enumerated() where name.withUnsafeBufferPointer({ memcmpEqual($0, key) }) {
            return i
        }
        return -1
    }
}

/// Byte equality of two buffers.
@inline(__always)
func memcmpEqual(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    guard a.count == b.count else { return false }
    if a.count == 0 { return true }
    for i in 0..<a.count where a[i] != b[i] { return false }
    return true
}
