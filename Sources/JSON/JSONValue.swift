/// A JSON document's value (RFC 8259), with object members kept in document order.
///
/// Numbers are held as `Double` (RFC 8259 §6: interoperable implementations use IEEE 754
/// binary64), so integers are exact up to 2^53. Objects keep their members' order so that
/// diagnostics and round-trips follow the file a person wrote.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The kind of value in words, for error messages: "a string", "an object", "null", ….
    public var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// The string, if this is a string.
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The number, if this is a number.
    public var numberValue: Double? {
        if case .number(let n) = self { return n }
        return nil
    }

    /// The number as an `Int`, if this is a number with no fractional part within `Int`'s range.
    public var intValue: Int? {
        if case .number(let n) = self, abs(n) < 9.0e18, Double(Int64(n)) == n { return Int(n) }
        return nil
    }

    /// The boolean, if this is a boolean.
    public var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    /// The elements, if this is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    /// The object, if this is an object.
    public var objectValue: JSONObject? {
        if case .object(let o) = self { return o }
        return nil
    }

    /// `true` for `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The member `key` of an object, or `nil` when this is no object or has no such member.
    public subscript(key: String) -> JSONValue? {
        objectValue?[key]
    }
}

/// A JSON object: members in document order, keys unique (the parser rejects duplicates).
public struct JSONObject: Sendable, Hashable, Sequence {
    /// The members, in order.
    public private(set) var members: [(key: String, value: JSONValue)]

    /// An empty object.
    public init() { members = [] }

    /// An object of the given members, in order. A later duplicate key replaces the earlier value.
    public init(_ members: [(String, JSONValue)]) {
        self.members = []
        self.members.reserveCapacity(members.count)
        for (k, v) in members { self[k] = v }
    }

    /// An object of members whose keys are known to be unique (the parser has checked).
    init(uniqueMembers: [(key: String, value: JSONValue)]) { members = uniqueMembers }

    /// The keys, in order.
    public var keys: [String] { members.map(\.key) }

    /// Number of members.
    public var count: Int { members.count }

    /// The value of `key`; setting `nil` removes the member, setting a new key appends it.
    public subscript(key: String) -> JSONValue? {
        get {
            for m in members where m.key == key { return m.value }
            return nil
        }
        set {
            if let i = members.firstIndex(where: { $0.key == key }) {
                if let newValue { members[i].value = newValue } else { members.remove(at: i) }
            } else if let newValue {
                // A new object starts with room for four members: grown from nothing, a
                // two-member object (an event's `props`) costs two allocations.
                if members.capacity == 0 { members.reserveCapacity(4) }
                members.append((key, newValue))
            }
        }
    }

    public func makeIterator() -> IndexingIterator<[(key: String, value: JSONValue)]> {
        members.makeIterator()
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(members.count)
        for (k, v) in members {
            hasher.combine(k)
            hasher.combine(v)
        }
    }

    public static func == (a: JSONObject, b: JSONObject) -> Bool {
        guard a.members.count == b.members.count else { return false }
        for (x, y) in zip(a.members, b.members) where x.key != y.key || x.value != y.value { return false }
        return true
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral,
    ExpressibleByNilLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(JSONObject(elements)) }
    public init(nilLiteral: ()) { self = .null }
}

extension JSONValue {
    /// A string value, or `null` for `nil`.
    public static func string(_ s: String?) -> JSONValue { s.map(JSONValue.string) ?? .null }
    /// An integer value, or `null` for `nil`.
    public static func int(_ i: Int?) -> JSONValue { i.map { .number(Double($0)) } ?? .null }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// An object of the literal's members, in order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) { self.init(elements) }
}
