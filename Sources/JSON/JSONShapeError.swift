/// A JSON value that parsed but does not have the shape a reader expected.
///
/// `path` names the value (RFC 9535 JSONPath, e.g. `$.modals[2].style`); `message` says what
/// was expected and what was found, e.g. "expected one of pageSheet, formSheet, …; found \"sheet\"".
public struct JSONShapeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where in the document.
    public var path: JSONPath
    /// What was expected and found, with a did-you-mean hint where one helps.
    public var message: String

    /// An error at `path`.
    public init(path: JSONPath, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(message)" }
}

/// Reads a ``JSONValue`` of a known shape, naming the JSON path of anything unexpected.
///
/// A reader is a value and a path. Each accessor checks the value's kind and throws a
/// ``JSONShapeError`` naming the path, what was expected, and what was found.
/// ``ObjectReader`` additionally tracks which members were read, so that unknown members
/// can be reported with a "did you mean" suggestion (SPEC §3: unknown keys are errors).
public struct JSONReader: Sendable {
    /// The value being read.
    public let value: JSONValue
    /// Where it is in its document.
    public let path: JSONPath

    /// A reader of a whole document.
    public init(_ value: JSONValue, path: JSONPath = .root) {
        self.value = value
        self.path = path
    }

    /// Throws a shape error at this reader's path.
    public func fail(_ message: String) -> JSONShapeError { JSONShapeError(path: path, message: message) }

    func mismatch(_ expected: String) -> JSONShapeError {
        fail("expected \(expected), found \(JSONReader.describe(value))")
    }

    /// A short rendering of a value for error messages: strings quoted, containers by kind.
    public static func describe(_ v: JSONValue) -> String {
        switch v {
        case .string(let s): return s.count > 40 ? JSONWriter.quoted(String(s.prefix(40)) + "…") : JSONWriter.quoted(s)
        case .number(let n): return JSONWriter.numberText(n)
        case .bool(let b): return b ? "true" : "false"
        default: return v.kindDescription
        }
    }

    /// The string. Throws unless the value is a string.
    public func string() throws(JSONShapeError) -> String {
        guard case .string(let s) = value else { throw mismatch("a string") }
        return s
    }

    /// The boolean. Throws unless the value is `true` or `false`.
    public func bool() throws(JSONShapeError) -> Bool {
        guard case .bool(let b) = value else { throw mismatch("true or false") }
        return b
    }

    /// The number. Throws unless the value is a number.
    public func number() throws(JSONShapeError) -> Double {
        guard case .number(let n) = value else { throw mismatch("a number") }
        return n
    }

    /// The integer. Throws unless the value is a number without a fraction.
    public func int() throws(JSONShapeError) -> Int {
        guard let i = value.intValue else { throw mismatch("an integer") }
        return i
    }

    /// One of `cases`, matched exactly; the error lists the cases and suggests the nearest.
    public func oneOf(_ cases: [String]) throws(JSONShapeError) -> String {
        let s = try string()
        guard cases.contains(s) else {
            throw fail(
                "expected one of \(cases.joined(separator: ", ")); found \(JSONWriter.quoted(s))"
                    + Suggest.hint(s, in: cases))
        }
        return s
    }

    /// A value of a `RawRepresentable` string enum (UIKit's names), with did-you-mean.
    public func `enum`<E: RawRepresentable & CaseIterable>(_: E.Type) throws(JSONShapeError) -> E
    where E.RawValue == String {
        if case .string(let s) = value, let e = E(rawValue: s) { return e }
        let raw = try oneOf(E.allCases.map(\.rawValue))
        return E(rawValue: raw)!
    }

    /// Readers of the elements. Throws unless the value is an array.
    public func array() throws(JSONShapeError) -> [JSONReader] {
        guard case .array(let items) = value else { throw mismatch("an array") }
        return items.enumerated().map { JSONReader($1, path: path.appending($0)) }
    }

    /// The elements as strings. Throws unless the value is an array of strings.
    public func strings() throws(JSONShapeError) -> [String] {
        var out: [String] = []
        for e in try array() { out.append(try e.string()) }
        return out
    }

    /// A reader of the object's members. Throws unless the value is an object.
    public func object() throws(JSONShapeError) -> ObjectReader {
        guard case .object(let o) = value else { throw mismatch("an object") }
        return ObjectReader(object: o, path: path)
    }
}

/// Reads an object's members by name, remembering which were read.
///
/// Call ``finish(allowing:)`` after reading to reject members nobody asked for.
public final class ObjectReader {
    /// The object.
    public let object: JSONObject
    /// Where it is.
    public let path: JSONPath
    // Which members were asked for, by position: objects are small, so a linear scan beats hashing.
    private var read: [Bool]
    private var asked: [String] = []

    init(object: JSONObject, path: JSONPath) {
        self.object = object
        self.path = path
        self.read = [Bool](repeating: false, count: object.count)
    }

    private func lookup(_ key: String) -> JSONValue? {
        asked.append(key)
        for (i, m) in object.members.enumerated() where m.key == key {
            read[i] = true
            return m.value
        }
        return nil
    }

    /// The member as a reader, or `nil` when absent or `null`.
    public func optional(_ key: String) -> JSONReader? {
        guard let v = lookup(key), !v.isNull else { return nil }
        return JSONReader(v, path: path.appending(key))
    }

    /// The member as a reader. Throws when it is absent or `null`.
    public func required(_ key: String, _ expected: String = "a value") throws(JSONShapeError) -> JSONReader {
        guard let r = optional(key) else {
            throw JSONShapeError(
                path: path.appending(key), message: "required member \"\(key)\" is missing (expected \(expected))")
        }
        return r
    }

    /// Throws for the first member that no accessor asked for, suggesting the nearest known name.
    /// `allowing` names further members that are accepted without being read.
    public func finish(allowing extra: [String] = []) throws(JSONShapeError) {
        if let first = unknownMembers(allowing: extra).first { throw first }
    }

    /// An error for every member that no accessor asked for, in document order, each suggesting
    /// the nearest known name.
    public func unknownMembers(allowing extra: [String] = []) -> [JSONShapeError] {
        var out: [JSONShapeError] = []
        for (i, m) in object.members.enumerated() where !read[i] && !extra.contains(m.key) {
            out.append(
                JSONShapeError(
                    path: path.appending(m.key),
                    message: "unknown member \"\(m.key)\"" + Suggest.hint(m.key, in: asked + extra)))
        }
        return out
    }
}

/// "Did you mean" suggestions by edit distance.
public enum Suggest {
    /// The candidate nearest to `word` by case-insensitive Levenshtein distance, if it is within
    /// a third of the word's length (at least 2 edits); ties go to the earlier candidate.
    public static func nearest(_ word: String, in candidates: [String]) -> String? {
        let w = Array(word.lowercased().unicodeScalars)
        let limit = max(2, w.count / 3)
        var best: (String, Int)?
        for c in candidates.sorted() {
            let scalars = Array(c.lowercased().unicodeScalars)
            // The distance is at least the difference in length: skip the quadratic work when
            // that alone is too far (a 1 MB "id" against short ones costs nothing then).
            if abs(scalars.count - w.count) > limit { continue }
            let d = distance(w, scalars)
            if best == nil || d < best!.1 { best = (c, d) }
        }
        guard let (c, d) = best, c != word, d <= limit else { return nil }
        return c
    }

    /// The hint to append to a message about `word`: ` (did you mean "x"?)` with the
    /// ``nearest(_:in:)`` candidate, or `""` when none is near.
    public static func hint(_ word: String, in candidates: [String]) -> String {
        nearest(word, in: candidates).map { " (did you mean \"\($0)\"?)" } ?? ""
    }

    /// Levenshtein distance between two scalar arrays.
    public static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var prev = Array(0...b.count)
        var cur = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            cur[0] = i
            for j in 1...b.count {
                cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&prev, &cur)
        }
        return prev[b.count]
    }
}
