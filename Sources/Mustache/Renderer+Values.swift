import Foundation

// How values of the context render and test: the value model of ``MustacheTemplate``.
//
// The common kinds (strings, integers, doubles, booleans, `[String: Any]`, arrays of them) are
// recognised by opening the `Any` to its concrete type and comparing types: a `value as? String`
// goes through the runtime's general cast machinery, which costs about four times as much and
// would dominate the render. Everything else takes the general path, where `NSNumber` is
// recognised by its class before any numeric cast, because Foundation bridges an `NSNumber`
// holding 1 to `true`, and `true` to 1.

/// A context value of one of the common kinds, or `.other`.
enum CommonValue {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case dictionary([String: Any])
    case strings([String: String])
    case dictionaries([[String: Any]])
    case list([Any])
    case stringList([String])
    /// ``MustacheNothing``: a key that is present without a value.
    case nothing
    case other

    init(_ value: Any) {
        self = _openExistential(value, do: commonValue)
    }
}

/// `value` as a ``CommonValue``, by its concrete type `T` (no dynamic cast: `T` is compared, and
/// `unsafeBitCast` to the very same type is a plain copy).
private func commonValue<T>(_ value: T) -> CommonValue {
    if T.self == String.self { return .string(unsafeBitCast(value, to: String.self)) }
    if T.self == [String: Any].self { return .dictionary(unsafeBitCast(value, to: [String: Any].self)) }
    if T.self == Int.self { return .int(unsafeBitCast(value, to: Int.self)) }
    if T.self == Bool.self { return .bool(unsafeBitCast(value, to: Bool.self)) }
    if T.self == Double.self { return .double(unsafeBitCast(value, to: Double.self)) }
    if T.self == [String: String].self { return .strings(unsafeBitCast(value, to: [String: String].self)) }
    if T.self == [[String: Any]].self { return .dictionaries(unsafeBitCast(value, to: [[String: Any]].self)) }
    if T.self == [Any].self { return .list(unsafeBitCast(value, to: [Any].self)) }
    if T.self == [String].self { return .stringList(unsafeBitCast(value, to: [String].self)) }
    if T.self == MustacheNothing.self { return .nothing }
    return .other
}

/// A context on the stack: a value classified once, when it is pushed, by what names can find
/// in it.
enum Frame {
    case dictionary([String: Any])
    case context(any MustacheContext)
    /// A dictionary keyed by strings whose values are not `Any`.
    case keyed(any StringKeyed)
    /// A value without keys (a string, a number, a list…): names look past it.
    case value(Any)

    init(_ value: Any) {
        switch CommonValue(value) {
        case .dictionary(let dictionary):
            self = .dictionary(dictionary)
        case .strings(let dictionary):
            self = .keyed(dictionary)
        case .other:
            if let keyed = value as? any StringKeyed {
                self = .keyed(keyed)
            } else if let context = value as? any MustacheContext {
                self = .context(context)
            } else if let optional = value as? any OptionalValue {
                self = optional.wrappedMustacheValue.map(Frame.init) ?? .value(value)
            } else if let dictionary = value as? [String: Any] {
                self = .dictionary(dictionary)  // Foundation's NSDictionary
            } else {
                self = .value(value)
            }
        default:
            self = .value(value)
        }
    }

    /// The value for `key`, or `nil` when there is no such key or this context has no keys.
    /// A key whose value is `nil` or `NSNull` is found (and is falsy).
    func member(_ key: String) -> Any? {
        switch self {
        case .dictionary(let dictionary): dictionary[key]
        case .context(let context): context.mustacheValue(forKey: key)
        case .keyed(let keyed): keyed.mustacheMember(key)
        case .value: nil
        }
    }

    /// The value for `key` in `value`, as ``member(_:)`` finds it, without making a frame for the
    /// common dictionaries.
    static func member(_ key: String, of value: Any) -> Any? {
        switch CommonValue(value) {
        case .dictionary(let dictionary): dictionary[key]
        case .strings(let dictionary): dictionary[key]
        case .other: Frame(value).member(key)
        default: nil
        }
    }

    /// The context itself: what `{{.}}` renders (spec: interpolation.json — 'Implicit Iterators').
    var value: Any {
        switch self {
        case .dictionary(let dictionary): dictionary
        case .context(let context): context
        case .keyed(let keyed): keyed
        case .value(let value): value
        }
    }
}

/// What a section does with a value (spec: sections.json overview — "If the data is not of a
/// list type, it is coerced into a list").
enum SectionValue {
    case falsy
    case single(Frame)
    case dictionaries([[String: Any]])
    case list([Any])
    case strings([String])
    case otherList(any MustacheList)

    /// Falsy: `nil`, `NSNull`, `false`, an empty list, an empty string. Everything else —
    /// including 0 — is truthy.
    init(_ value: Any) {
        switch CommonValue(value) {
        case .dictionary(let dictionary): self = .single(.dictionary(dictionary))
        case .strings(let dictionary): self = .single(.keyed(dictionary))
        case .bool(let bool): self = bool ? .single(.value(value)) : .falsy
        case .dictionaries(let list): self = list.isEmpty ? .falsy : .dictionaries(list)
        case .list(let list): self = list.isEmpty ? .falsy : .list(list)
        case .stringList(let list): self = list.isEmpty ? .falsy : .strings(list)
        case .string(let string): self = string.isEmpty ? .falsy : .single(.value(value))
        case .int, .double: self = .single(.value(value))
        case .nothing: self = .falsy
        case .other: self = SectionValue(other: value)
        }
    }

    private init(other value: Any) {
        if type(of: value) is NSNumber.Type {
            self = (value as! NSNumber).isMustacheFalse ? .falsy : .single(.value(value))
        } else if let list = value as? any MustacheList {
            self = list.isEmptyMustacheList ? .falsy : .otherList(list)
        } else if value is NSNull {
            self = .falsy
        } else if let optional = value as? any OptionalValue {
            self = optional.wrappedMustacheValue.map { SectionValue($0) } ?? .falsy
        } else if let bool = value as? Bool {
            self = bool ? .single(.value(value)) : .falsy
        } else if let string = value as? any StringProtocol {
            self = string.isEmpty ? .falsy : .single(.value(value))
        } else if let array = value as? [Any] {
            self = array.isEmpty ? .falsy : .list(array)  // Foundation's NSArray
        } else {
            self = .single(Frame(value))
        }
    }
}

/// Whether `value` is truthy: what an inverted section tests (spec: inverted.json).
func isTruthy(_ value: Any?) -> Bool {
    guard let value else { return false }
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
    mutating func appendValue(_ value: Any, escaped: Bool) {
        switch CommonValue(value) {
        case .string(var string): string.withUTF8 { append($0, escaped: escaped) }
        case .int(let int): appendInteger(int)
        case .double(let double): appendDouble(double)
        case .bool(let bool): appendStatic(bool ? "true" : "false")
        case .nothing: return
        default: appendValue(other: value, escaped: escaped)
        }
    }

    private mutating func appendValue(other value: Any, escaped: Bool) {
        if type(of: value) is NSNumber.Type {
            let number = value as! NSNumber
            if number.isMustacheBool {
                appendStatic(number.boolValue ? "true" : "false")
            } else if let int = value as? Int {
                appendInteger(int)
            } else {
                appendDouble(number.doubleValue)
            }
        } else if value is NSNull {
            return
        } else if let optional = value as? any OptionalValue {
            if let wrapped = optional.wrappedMustacheValue { appendValue(wrapped, escaped: escaped) }
        } else if var substring = value as? Substring {
            substring.withUTF8 { append($0, escaped: escaped) }
        } else if let float = value as? Float {
            appendDescription(
                float.isFinite && float.rounded() == float && abs(float) < 1e15 ? "\(Int(float))" : "\(float)", escaped)
        } else if let string = value as? String {  // a bridged NSString
            appendDescription(string, escaped)
        } else {
            appendDescription(String(describing: value), escaped)
        }
    }

    private mutating func appendDescription(_ description: String, _ escaped: Bool) {
        var description = description
        description.withUTF8 { append($0, escaped: escaped) }
    }

    /// Appends a static string's UTF-8 (an entity, or U+FFFD for a control character).
    private mutating func appendStatic(_ text: StaticString) {
        text.withUTF8Buffer { output.append($0) }
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
            output.append(UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self)[i...]))
        }
    }

    mutating func appendDouble(_ value: Double) {
        if value.isFinite && value.rounded() == value && abs(value) < 1e15 {
            appendInteger(Int(value))
        } else {
            var text = value.description
            text.withUTF8 { output.append($0) }
        }
    }

    /// Appends UTF-8, HTML-escaping it when `escaped` (spec: interpolation.json — 'HTML Escaping'
    /// dictates `&amp;`, `&lt;`, `&gt;`, `&quot;`; `'` becomes `&#39;` so that values are safe in
    /// single-quoted attributes too). An escaped value's control characters, which HTML's
    /// parser takes as errors (HTML Living Standard, "control-character-in-input-stream"; a
    /// NUL it replaces), become U+FFFD: C0 but tab, line feed, form feed and carriage return,
    /// DEL and C1. A raw `{{{…}}}` value is left as it is.
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>, escaped: Bool) {
        guard escaped else {
            output.append(bytes)
            return
        }
        // Bit n set: byte n (< 64) needs escaping or replacing. " & ' < > and the C0 controls
        // but HTML's white space (0x09, 0x0A, 0x0C, 0x0D).
        let whiteSpace: UInt64 = 1 << 0x09 | 1 << 0x0A | 1 << 0x0C | 1 << 0x0D
        let special: UInt64 =
            1 << 0x22 | 1 << 0x26 | 1 << 0x27 | 1 << 0x3C | 1 << 0x3E | (0xFFFF_FFFF & ~whiteSpace)
        var start = 0
        for i in 0..<bytes.count {
            let byte = bytes[i]
            // Past the specials: DEL, and a C1 control (U+0080–U+009F: 0xC2 then 0x80–0x9F).
            var width = 1
            if byte < 64 {
                guard special & (1 << UInt64(byte)) != 0 else { continue }
            } else if byte == 0x7F {
            } else if byte == 0xC2, i + 1 < bytes.count, bytes[i + 1] & 0xE0 == 0x80 {
                width = 2
            } else {
                continue
            }
            if start < i { output.append(UnsafeBufferPointer(rebasing: bytes[start..<i])) }
            switch byte {
            case 0x26: appendStatic("&amp;")
            case 0x3C: appendStatic("&lt;")
            case 0x3E: appendStatic("&gt;")
            case 0x22: appendStatic("&quot;")
            case 0x27: appendStatic("&#39;")
            default: appendStatic("\u{FFFD}")
            }
            start = i + width
        }
        if start < bytes.count { output.append(UnsafeBufferPointer(rebasing: bytes[start...])) }
    }
}
