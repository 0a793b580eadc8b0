/// A JSON value that parsed but does not have the shape a reader expected.
///
/// `path` names the value (RFC 9535 JSONPath, e.g. `$.modals[2].style`); `message` says what
/// was expected and what was found, e.g. "expected one of pageSheet, formSheet, …; found \"sheet\"".
public struct JSONShapeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where in the document.
    public var path: JSONPath
    /// What was expected and found, with a did-you-mean hint where one helps (English).
    public var message: String
    /// The same, as data, for readers that word it themselves (in another language, say).
    public var reason: Reason

    /// What went wrong, as data: ``message`` is its English wording.
    public enum Reason: Sendable, Equatable {
        /// A value of another JSON type than `expected`; `found` is the value.
        case mismatch(expected: Shape, found: JSONValue)
        /// A string that is none of `cases`, with the nearest case when one is near.
        case notOneOf(cases: [String], found: String, suggestion: String?)
        /// A required member that is absent or `null`; `expected` is the reader's description
        /// of its value.
        case missing(member: String, expected: String)
        /// A member nobody asked for, with the nearest known member when one is near.
        case unknownMember(String, suggestion: String?)
        /// Anything else: the reader's own ``JSONShapeError/message``.
        case other
    }

    /// The JSON types an accessor of ``JSONReader`` expects.
    public enum Shape: String, Sendable, CaseIterable {
        case string, bool, number, integer, array, object

        /// "a string", "true or false", …, as the English message writes it.
        public var phrase: String {
            switch self {
            case .string: return "a string"
            case .bool: return "true or false"
            case .number: return "a number"
            case .integer: return "an integer"
            case .array: return "an array"
            case .object: return "an object"
            }
        }
    }

    /// An error at `path` with its own wording (reason ``Reason/other``).
    public init(path: JSONPath, message: String) {
        self.path = path
        self.message = message
        self.reason = .other
    }

    /// An error at `path` for `reason`, worded in English.
    public init(path: JSONPath, reason: Reason) {
        self.path = path
        self.reason = reason
        switch reason {
        case .mismatch(let expected, let found):
            message = "expected \(expected.phrase), found \(JSONReader.describe(found))"
        case .notOneOf(let cases, let found, let suggestion):
            message =
                "expected one of \(cases.joined(separator: ", ")); found \(JSONWriter.quoted(found))"
                + Suggest.hint(suggestion)
        case .missing(let member, let expected):
            message = "required member \"\(member)\" is missing (expected \(expected))"
        case .unknownMember(let member, let suggestion):
            message = "unknown member \"\(member)\"" + Suggest.hint(suggestion)
        case .other:
            message = ""
        }
    }

    public var description: String { "\(path): \(message)" }
}

/// Reads a ``JSONValue`` of a known shape, naming the JSON path of anything unexpected.
///
/// A reader is a value and a path. Each accessor checks the value's kind and throws a
/// ``JSONShapeError`` naming the path, what was expected, and what was found.
/// ``ObjectReader`` additionally tracks which members were read, so that unknown members
/// can be reported with a "did you mean" suggestion (docs/format.md: unknown keys are errors).
public struct JSONReader: Sendable {
    /// The value being read.
    public let value: JSONValue
    // The path is kept as its parent's and the last step, and joined only when asked for (an
    // error, or a container's reader): a member or element that reads fine costs no array of
    // steps, an allocation and a copy each (reading an action's body went from 8,160 to 7,570
    // instructions and two allocations fewer; callgrind).
    private let parent: JSONPath
    private let step: JSONPath.Component?

    /// Where it is in its document.
    public var path: JSONPath {
        guard let step else { return parent }
        return parent.appending(step)
    }

    /// A reader of a whole document.
    public init(_ value: JSONValue, path: JSONPath = .root) {
        self.value = value
        self.parent = path
        self.step = nil
    }

    /// A reader of the member or element `step` of the value at `parent`.
    init(_ value: JSONValue, parent: JSONPath, step: JSONPath.Component) {
        self.value = value
        self.parent = parent
        self.step = step
    }

    /// Throws a shape error at this reader's path.
    public func fail(_ message: String) -> JSONShapeError { JSONShapeError(path: path, message: message) }

    func mismatch(_ expected: JSONShapeError.Shape) -> JSONShapeError {
        JSONShapeError(path: path, reason: .mismatch(expected: expected, found: value))
    }

    /// A short rendering of a value for error messages: strings quoted (JSON escapes for control
    /// characters) and cut after 40 Unicode scalars, containers by kind.
    public static func describe(_ v: JSONValue) -> String {
        switch v {
        case .string(let s):
            let scalars = s.unicodeScalars
            guard let cut = scalars.index(scalars.startIndex, offsetBy: 40, limitedBy: scalars.endIndex),
                cut < scalars.endIndex
            else { return JSONWriter.quoted(s) }
            return JSONWriter.quoted(String(scalars[..<cut]) + "…")
        case .number(let n): return JSONWriter.numberText(n)
        case .bool(let b): return b ? "true" : "false"
        default: return v.kindDescription
        }
    }

    /// The string. Throws unless the value is a string.
    public func string() throws(JSONShapeError) -> String {
        guard case .string(let s) = value else { throw mismatch(.string) }
        return s
    }

    /// The boolean. Throws unless the value is `true` or `false`.
    public func bool() throws(JSONShapeError) -> Bool {
        guard case .bool(let b) = value else { throw mismatch(.bool) }
        return b
    }

    /// The number. Throws unless the value is a number.
    public func number() throws(JSONShapeError) -> Double {
        guard case .number(let n) = value else { throw mismatch(.number) }
        return n
    }

    /// The integer. Throws unless the value is a number without a fraction.
    public func int() throws(JSONShapeError) -> Int {
        guard let i = value.intValue else { throw mismatch(.integer) }
        return i
    }

    /// One of `cases`, matched exactly; the error lists the cases and suggests the nearest.
    public func oneOf(_ cases: [String]) throws(JSONShapeError) -> String {
        let s = try string()
        guard cases.contains(s) else {
            throw JSONShapeError(
                path: path, reason: .notOneOf(cases: cases, found: s, suggestion: Suggest.nearest(s, in: cases)))
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
        guard case .array(let items) = value else { throw mismatch(.array) }
        let path = path
        return items.enumerated().map { JSONReader($1, parent: path, step: .index($0)) }
    }

    /// The elements as strings. Throws unless the value is an array of strings.
    public func strings() throws(JSONShapeError) -> [String] {
        var out: [String] = []
        for e in try array() { out.append(try e.string()) }
        return out
    }

    /// A reader of the object's members. Throws unless the value is an object.
    public func object() throws(JSONShapeError) -> ObjectReader {
        guard case .object(let o) = value else { throw mismatch(.object) }
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
        // A decoder asks for every member its place may have (a modal's reader, some fifty):
        // room for sixteen at the first, not one reallocation per power of two from one.
        if asked.isEmpty { asked.reserveCapacity(16) }
        asked.append(key)
        guard let i = object.members.firstIndex(where: { $0.key == key }) else { return nil }
        read[i] = true
        return object.members[i].value
    }

    /// The member as a reader, or `nil` when absent or `null`.
    public func optional(_ key: String) -> JSONReader? {
        guard let v = lookup(key), !v.isNull else { return nil }
        return JSONReader(v, parent: path, step: .key(key))
    }

    /// The member as a reader. Throws when it is absent or `null`.
    public func required(_ key: String, _ expected: String = "a value") throws(JSONShapeError) -> JSONReader {
        guard let r = optional(key) else {
            throw JSONShapeError(path: path.appending(key), reason: .missing(member: key, expected: expected))
        }
        return r
    }

    /// The names accessors asked for, in the order asked (repeats included).
    public var askedNames: [String] { asked }

    /// The members that no accessor asked for, in document order, except those `allowing` names.
    public func unread(allowing extra: [String] = []) -> [(key: String, value: JSONValue)] {
        object.members.enumerated().filter { !read[$0.offset] && !extra.contains($0.element.key) }.map {
            ($0.element.key, $0.element.value)
        }
    }

    /// Throws for the first member that no accessor asked for, suggesting the nearest known name.
    /// `allowing` names further members that are accepted without being read.
    public func finish(allowing extra: [String] = []) throws(JSONShapeError) {
        if let first = unknownMembers(allowing: extra).first { throw first }
    }

    /// An error for every member that no accessor asked for, in document order, each suggesting
    /// the nearest known name: among the members asked for, `allowing` and `candidates` (other
    /// members the object may have), with `synonyms` (see ``Suggest/nearest(_:in:preferring:synonyms:)``).
    public func unknownMembers(
        allowing extra: [String] = [], candidates: [String] = [], synonyms: [String: [String]] = [:]
    ) -> [JSONShapeError] {
        unread(allowing: extra).map { m in
            let near = Suggest.nearest(m.key, in: asked + extra + candidates, synonyms: synonyms)
            return JSONShapeError(path: path.appending(m.key), reason: .unknownMember(m.key, suggestion: near))
        }
    }
}

/// "Did you mean" suggestions: a word's synonym, else its nearest candidate by edit distance.
///
/// Bounded work whatever the input: words and candidates longer than ``maxLength`` scalars get
/// no suggestion, the distance is computed only within the band of edits that could still be
/// near enough (Ukkonen, "Algorithms for approximate string matching", 1985), so one call costs
/// at most candidates × ``maxLength`` × (2 × limit + 1) steps.
public enum Suggest {
    /// Longest word (and candidate), in Unicode scalars, that gets a suggestion. Ids are at most
    /// 64 characters; a longer word is no typo of a known name.
    public static let maxLength = 64

    /// The candidate `word` most likely stands for, or `nil` when none is near (or `word` is
    /// one of the candidates, or longer than ``maxLength``).
    ///
    /// - `synonyms` maps a lowercased word to what the format calls it (`"navbar"` →
    ///   `["navigationBar"]`): the first of those among `candidates` (one in `preferring`
    ///   first) is the answer.
    /// - Otherwise the nearest candidate by case-insensitive Levenshtein distance, if it is within
    ///   a third of the word's length (at least 2 edits). Among candidates within that bound,
    ///   one in `preferring` (the same kind of element, say) comes first; then the smaller
    ///   distance; then the longer shared prefix (`speed-btn` is nearer `speed-button` than
    ///   `speed-1`, though both are three edits away); then the first in sorted order.
    /// - Failing that, a candidate the word abbreviates part by part (`play-btn` → `play-button`).
    public static func nearest(
        _ word: String, in candidates: [String], preferring: Set<String> = [], synonyms: [String: [String]] = [:]
    ) -> String? {
        guard let w = scalars(word), !candidates.contains(word) else { return nil }
        if !synonyms.isEmpty,
            let names = synonyms[String(String.UnicodeScalarView(w))]?.filter({
                $0 != word && candidates.contains($0)
            }), !names.isEmpty
        {
            return names.first(where: preferring.contains) ?? names[0]
        }
        let limit = max(2, w.count / 3)
        var best: (candidate: String, preferred: Bool, distance: Int, prefix: Int)?
        for c in candidates {
            // The distance is at least the difference in length: skip the work when that alone
            // is too far (a 1 MB "id" against short ones costs nothing then).
            guard let scalars = scalars(c), abs(scalars.count - w.count) <= limit else { continue }
            guard let d = distance(w, scalars, limit: limit) else { continue }
            let key = (c, preferring.contains(c), d, zip(w, scalars).prefix { $0 == $1 }.count)
            if let b = best {
                if key.1 != b.preferred {
                    if !key.1 { continue }
                } else if key.2 != b.distance {
                    if key.2 > b.distance { continue }
                } else if key.3 != b.prefix {
                    if key.3 < b.prefix { continue }
                } else if c >= b.candidate {
                    continue
                }
            }
            best = key
        }
        return best?.candidate ?? abbreviated(w, in: candidates, preferring: preferring)
    }

    /// The candidate that `word` abbreviates, hyphen-separated part by part (`play-btn` →
    /// `play-button`, `msg-list` → `message-list`): as many parts, each part of the word the
    /// same as the candidate's or a shorter run of its letters in order, starting with its first
    /// letter. One in `preferring` first, then the shortest, then the first in sorted order;
    /// `nil` when none.
    static func abbreviated(_ w: [Unicode.Scalar], in candidates: [String], preferring: Set<String>) -> String? {
        let parts = w.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count > 1 || w.count >= 2 else { return nil }
        func abbreviates(_ short: ArraySlice<Unicode.Scalar>, _ long: ArraySlice<Unicode.Scalar>) -> Bool {
            guard let first = short.first, first == long.first, short.count <= long.count else { return false }
            var i = long.startIndex
            for c in short {
                guard let j = long[i...].firstIndex(of: c) else { return false }
                i = j + 1
            }
            return true
        }
        var best: (candidate: String, preferred: Bool, length: Int)?
        for c in candidates {
            guard let scalars = scalars(c), scalars.count > w.count else { continue }
            let cparts = scalars.split(separator: "-", omittingEmptySubsequences: false)
            guard cparts.count == parts.count, zip(parts, cparts).allSatisfy({ abbreviates($0, $1) }) else { continue }
            let key = (c, preferring.contains(c), scalars.count)
            if let b = best {
                if key.1 != b.preferred {
                    if !key.1 { continue }
                } else if key.2 != b.length {
                    if key.2 > b.length { continue }
                } else if c >= b.candidate {
                    continue
                }
            }
            best = key
        }
        return best?.candidate
    }

    /// The lowercased scalars of `s`, or `nil` when it has more than ``maxLength`` scalars.
    public static func scalars(_ s: String) -> [Unicode.Scalar]? {
        let n = s.utf8.count
        guard n <= maxLength || (n <= 4 * maxLength && s.unicodeScalars.count <= maxLength) else { return nil }
        return Array(s.lowercased().unicodeScalars)
    }

    /// The hint to append to a message about `word`: ` (did you mean "x"?)` with the
    /// ``nearest(_:in:preferring:synonyms:)`` candidate, or `""` when none is near.
    public static func hint(_ word: String, in candidates: [String]) -> String {
        hint(nearest(word, in: candidates))
    }

    /// ` (did you mean "x"?)` for a suggestion `x`, or `""` for none.
    public static func hint(_ suggestion: String?) -> String {
        suggestion.map { " (did you mean \"\($0)\"?)" } ?? ""
    }

    /// Levenshtein distance between two scalar arrays (quadratic: for short words).
    public static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        distance(a, b, limit: max(a.count, b.count)) ?? max(a.count, b.count)
    }

    /// Levenshtein distance between two scalar arrays when it is at most `limit`, else `nil`.
    /// Only the cells within `limit` of the diagonal are computed, and the computation stops
    /// as soon as a whole row exceeds `limit`: O(min(a, b) × limit) steps.
    public static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int? {
        if abs(a.count - b.count) > limit { return nil }
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        let far = limit + 1
        var prev = [Int](repeating: far, count: b.count + 1)
        var cur = [Int](repeating: far, count: b.count + 1)
        for j in 0...min(b.count, limit) { prev[j] = j }
        for i in 1...a.count {
            let lo = max(1, i - limit)
            let hi = min(b.count, i + limit)
            cur[lo - 1] = lo == 1 ? min(i, far) : far
            var rowMin = cur[lo - 1]
            if lo <= hi {
                for j in lo...hi {
                    let v = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                    cur[j] = min(v, far)
                    rowMin = min(rowMin, cur[j])
                }
            }
            if hi < b.count { cur[hi + 1] = far }
            if rowMin > limit { return nil }
            swap(&prev, &cur)
        }
        return prev[b.count] <= limit ? prev[b.count] : nil
    }
}
