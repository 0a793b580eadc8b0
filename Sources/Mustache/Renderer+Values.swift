import Foundation

// How values of the context render and test: the value model of ``MustacheTemplate``.
//
// Casts are tried from the most common kind down, and `NSNumber` is recognised by its class
// before any numeric cast: Foundation bridges an `NSNumber` holding 1 to `true`, and `true` to 1.

/// What a section does with a value (spec: sections.json overview — "If the data is not of a
/// list type, it is coerced into a list").
enum SectionValue {
    case falsy
    case single(Any)
    case list(any MustacheList)

    /// Falsy: `nil`, `NSNull`, `false`, an empty list, an empty string. Everything else —
    /// including 0 — is truthy.
    init(_ value: Any?) {
        guard let value else {
            self = .falsy
            return
        }
        if let dictionary = value as? [String: Any] {
            self = .single(dictionary)
        } else if let string = value as? String {
            self = string.isEmpty ? .falsy : .single(string)
        } else if type(of: value) is NSNumber.Type {
            self = (value as! NSNumber).isMustacheFalse ? .falsy : .single(value)
        } else if let bool = value as? Bool {
            self = bool ? .single(true) : .falsy
        } else if let list = value as? any MustacheList {
            self = list.isEmptyMustacheList ? .falsy : .list(list)
        } else if value is NSNull {
            self = .falsy
        } else if let optional = value as? any OptionalValue {
            self = SectionValue(optional.wrappedMustacheValue)
        } else if let substring = value as? Substring {
            self = substring.isEmpty ? .falsy : .single(substring)
        } else if let array = value as? [Any] {
            // Foundation's NSArray, which is not a Swift Array.
            self = array.isEmpty ? .falsy : .list(array)
        } else {
            self = .single(value)
        }
    }
}

/// Whether `value` is truthy: what an inverted section tests (spec: inverted.json).
func isTruthy(_ value: Any?) -> Bool {
    if case .falsy = SectionValue(value) { return false }
    return true
}

/// A list a section iterates: any Swift array.
protocol MustacheList {
    var isEmptyMustacheList: Bool { get }
    func forEachMustacheItem(_ body: (Any) -> Void)
}

extension Array: MustacheList {
    var isEmptyMustacheList: Bool { isEmpty }
    func forEachMustacheItem(_ body: (Any) -> Void) {
        for item in self { body(item) }
    }
}

extension ArraySlice: MustacheList {
    var isEmptyMustacheList: Bool { isEmpty }
    func forEachMustacheItem(_ body: (Any) -> Void) {
        for item in self { body(item) }
    }
}

/// A dictionary keyed by strings whose values are not `Any` (`[String: String]`, …), read
/// without converting the whole dictionary to `[String: Any]`.
protocol StringKeyed {
    func mustacheMember(_ key: String) -> Any?
}

extension Dictionary: StringKeyed where Key == String {
    func mustacheMember(_ key: String) -> Any? { self[key].map { $0 as Any } }
}

/// An `Optional` seen through `Any`.
protocol OptionalValue {
    var wrappedMustacheValue: Any? { get }
}

extension Optional: OptionalValue {
    var wrappedMustacheValue: Any? {
        switch self {
        case .some(let wrapped): wrapped
        case .none: nil
        }
    }
}

extension NSNumber {
    /// A boolean `NSNumber` (what `JSONSerialization` makes of `true` and `false`).
    var isMustacheBool: Bool {
        let type = objCType.pointee
        return type == UInt8(ascii: "c") || type == UInt8(ascii: "B")
    }

    var isMustacheFalse: Bool { isMustacheBool && !boolValue }
}

extension Renderer {
    /// Appends a value as an interpolation renders it (spec: interpolation.json): strings as they
    /// are, integers in decimal, doubles in the shortest form that reads back the same (`1.21`),
    /// whole doubles without a fraction (`1.0` renders `1`, as in JavaScript), booleans as
    /// `true`/`false`, `nil` and `NSNull` as nothing, anything else by its `description`.
    /// `escaped` HTML-escapes `&`, `<`, `>`, `"` and `'`.
    mutating func appendValue(_ value: Any?, escaped: Bool) {
        guard let value else { return }
        if var string = value as? String {
            string.withUTF8 { append($0, escaped: escaped) }
        } else if type(of: value) is NSNumber.Type {
            let number = value as! NSNumber
            if number.isMustacheBool {
                appendASCII(number.boolValue ? "true" : "false")
            } else if let int = value as? Int {
                appendInteger(int)
            } else {
                appendDouble(number.doubleValue)
            }
        } else if let int = value as? Int {
            appendInteger(int)
        } else if let bool = value as? Bool {
            appendASCII(bool ? "true" : "false")
        } else if let double = value as? Double {
            appendDouble(double)
        } else if var substring = value as? Substring {
            substring.withUTF8 { append($0, escaped: escaped) }
        } else if value is NSNull {
            return
        } else if let optional = value as? any OptionalValue {
            appendValue(optional.wrappedMustacheValue, escaped: escaped)
        } else if let float = value as? Float {
            appendDescription(
                float.isFinite && float.rounded() == float && abs(float) < 1e15 ? "\(Int(float))" : "\(float)", escaped)
        } else {
            appendDescription(String(describing: value), escaped)
        }
    }

    private mutating func appendDescription(_ description: String, _ escaped: Bool) {
        var description = description
        description.withUTF8 { append($0, escaped: escaped) }
    }

    private mutating func appendASCII(_ text: StaticString) {
        text.withUTF8Buffer { output.append(contentsOf: $0) }
    }

    mutating func appendInteger(_ value: Int) {
        if value >= 0 && value < 10 {
            output.append(UInt8(truncatingIfNeeded: 0x30 + value))
            return
        }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for 20 digits and a sign
        var magnitude = value.magnitude
        withUnsafeMutableBytes(of: &digits) { raw in
            var i = raw.count
            repeat {
                i -= 1
                raw[i] = UInt8(truncatingIfNeeded: 0x30 + magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 {
                i -= 1
                raw[i] = UInt8(ascii: "-")
            }
            output.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[i...]))
        }
    }

    mutating func appendDouble(_ value: Double) {
        if value.isFinite && value.rounded() == value && abs(value) < 1e15 {
            appendInteger(Int(value))
        } else {
            var text = value.description
            text.withUTF8 { output.append(contentsOf: $0) }
        }
    }

    /// Appends UTF-8, HTML-escaping it when `escaped` (spec: interpolation.json — 'HTML Escaping'
    /// dictates `&amp;`, `&lt;`, `&gt;`, `&quot;`; `'` becomes `&#39;` so that values are safe in
    /// single-quoted attributes too).
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>, escaped: Bool) {
        guard escaped else {
            output.append(contentsOf: bytes)
            return
        }
        // Bit n set: byte n (< 64) needs escaping. " & ' < >
        let special: UInt64 = 1 << 0x22 | 1 << 0x26 | 1 << 0x27 | 1 << 0x3C | 1 << 0x3E
        var start = 0
        for i in 0..<bytes.count {
            let byte = bytes[i]
            guard byte < 64, special & (1 << UInt64(byte)) != 0 else { continue }
            if start < i { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<i])) }
            switch byte {
            case 0x26: appendASCII("&amp;")
            case 0x3C: appendASCII("&lt;")
            case 0x3E: appendASCII("&gt;")
            case 0x22: appendASCII("&quot;")
            default: appendASCII("&#39;")
            }
            start = i + 1
        }
        if start < bytes.count { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...])) }
    }
}
