import EventSchema
import Foundation
import JSON

/// One JSON type per key of the log's `props`, and a bound on the keys clients bring, so that
/// DuckDB's `read_json_auto` (which docs/log.md recommends) reads the log whatever clients send.
///
/// `read_json_auto` decides each `props` key's type from a sample of the log's first lines
/// (20,480 by default) and then casts every later line to it: `{"n": 1}` early and `{"n": "x"}`
/// 26,000 lines later makes it refuse the whole log ("Failed to cast value to numerical"), as
/// do an object then a scalar, an array of numbers then one of strings, and a string it took
/// for a `DATE`, `TIME`, `TIMESTAMP` or `UUID` (`"2024-01-02"`, `"10:00"`, `"epoch"`) then any
/// other string. A number with a fraction where it took `BIGINT` is rounded, `true` where it
/// took `BIGINT` becomes `1`: data changed without a word. (Measured with DuckDB 2.0.)
///
/// So a key keeps the type it first had (in log order, which is the order DuckDB samples in),
/// checked at every depth — `props.o.a`, and `props.a[]` for the items of an array:
/// - the kinds are *a boolean*, *an integer* (a number without a fraction, within 64 bits:
///   DuckDB's `BIGINT`), *a number* (`DOUBLE`; integers are numbers too), *a string*, *an
///   object* and *an array* (whose items keep one kind); `null` fits every key;
/// - a key's first string must not read as a date, a time, a timestamp or a UUID
///   (``readsAsTemporal(_:)``: a generous test, so no string DuckDB would type passes); a key
///   whose first string was text takes any string;
/// - keys are compared as DuckDB compares struct fields, ASCII letters folded.
///
/// The types are the whole log's (DuckDB reads every prototype's events into one `props`
/// type), kept across restarts: ``hold(_:prototype:byOwner:)`` is given every client event
/// the log holds when it opens. The server's own keys are known from the start
/// (``serverKinds``), so a client can't give them another type first.
///
/// **Bounds.** Share links' viewers may bring at most ``Limits/perPrototype`` keys (paths)
/// into the log per prototype; the owner is not counted. Whoever sends them, the keys held
/// take at most ``Limits/totalBytes`` of path text; past that no new key is taken from anyone
/// (keys the log already has still are). Either is a 400 naming the first new key's path.
/// Memory: about 100 bytes per key plus its path's bytes.
public final class PropsKeyTypes: @unchecked Sendable {
    /// A `props` value's JSON type, as DuckDB types it.
    public enum Kind: UInt8, Sendable {
        case boolean, integer, number, string, object, array

        /// The kind in words: "a boolean", "an integer", ….
        public var name: String {
            switch self {
            case .boolean: return "a boolean"
            case .integer: return "an integer"
            case .number: return "a number with a fraction"
            case .string: return "a string"
            case .object: return "an object"
            case .array: return "an array"
            }
        }

        /// The type `read_json_auto` gives it.
        public var duckDB: String {
            switch self {
            case .boolean: return "BOOLEAN"
            case .integer: return "BIGINT"
            case .number: return "DOUBLE"
            case .string: return "VARCHAR"
            case .object: return "STRUCT"
            case .array: return "a LIST"
            }
        }

        /// The kind of `value`; `nil` for `null`.
        public init?(_ value: JSONValue) {
            switch value {
            case .null: return nil
            case .bool: self = .boolean
            case .number(let d):
                self = d == d.rounded() && abs(d) < 9.2e18 ? .integer : .number
            case .string: self = .string
            case .object: self = .object
            case .array: self = .array
            }
        }

        /// Whether a value of kind `other` may go where this kind is: the same kind, or an
        /// integer where numbers are.
        func admits(_ other: Kind) -> Bool { self == other || (self == .number && other == .integer) }
    }

    /// How many keys clients may bring (docs/security.md, “Fair limits”).
    public struct Limits: Sendable, Equatable {
        /// Keys (paths, nested ones counted) that share links' viewers may bring into the log per
        /// prototype: 1,000.
        public var perPrototype = 1_000
        /// Bytes of path text held for every key together: 8 MiB.
        public var totalBytes = 8 << 20

        /// The defaults.
        public init(perPrototype: Int = 1_000, totalBytes: Int = 8 << 20) {
            self.perPrototype = perPrototype
            self.totalBytes = totalBytes
        }
    }

    /// The kinds of the keys the server writes into `props` (at the top of `props`, and the
    /// members of `window` and `taps`' items), so that a client can't take them first with
    /// another kind. `value` (an edit's toggle or segment) is written by the server as a
    /// boolean or a string; a client's must be a string.
    public static let serverKinds: [(path: [String], kind: Kind)] = {
        var out: [(path: [String], kind: Kind)] = []
        for k in [
            "action", "activity", "appearance", "arrow", "button", "context", "contentSize", "continues", "detent",
            "device",
            "direction", "embed", "form", "from", "how", "key", "kind", "layoutDirection", "message", "multitasking",
            "orientation", "pointerType", "prompt", "role", "selected", "sizeClass", "source", "state", "submenu",
            "targetOS", "transition", "value", "viewer", "text", "audience", "pid", "shareLabel", "question",
            "order", "addressDigest",
        ] { out.append(([k], .string)) }
        for k in [
            "automatic", "cancel", "checked", "confirmDiscard", "discarded", "longPress", "programmatic",
            "removesUnderlying", "saved", "userContent", "empty", "reset",
        ] { out.append(([k], .boolean)) }
        for k in [
            "droppedActions", "field", "left", "length", "restoredActions", "restoreIndex", "top", "score", "orderRow",
        ] {
            out.append(([k], .integer))
        }
        out += [
            (["window"], .object), (["window", "width"], .number), (["window", "height"], .number),
            (["taps"], .array), (["taps", "[]"], .string),
            (["start"], .object), (["start", "screen"], .string), (["start", "present"], .array),
            (["start", "present", "[]"], .string), (["tasks"], .array), (["tasks", "[]"], .string),
        ]
        return out
    }()

    /// The limits in force.
    public let limits: Limits
    private let lock = NSLock()
    private let spellings: PropsKeySpellings
    /// Kinds by path key (``key(_:)``).
    private var kinds: [String: Kind] = [:]
    private var bytes = 0
    /// Keys share links' viewers brought, per prototype.
    private var brought: [String: Int] = [:]
    /// Whether ``Limits/totalBytes`` was reached (then no new key is taken, not even from the log).
    private var full = false

    /// A table that knows the server's keys and spellings, with `limits`.
    public init(limits: Limits = Limits(), spellings: PropsKeySpellings = PropsKeySpellings()) {
        self.limits = limits
        self.spellings = spellings
        for (path, kind) in Self.serverKinds { kinds[Self.key(path)] = kind }
    }

    /// How many keys are held, and whether the table is full.
    public var count: (keys: Int, bytes: Int, full: Bool) { lock.withLock { (kinds.count, bytes, full) } }

    /// A path as the table keys it: each component's folded bytes after its length, so that a
    /// key holding a separator can't pass for a nested one.
    static func key(_ components: [String]) -> String {
        var out = ""
        for c in components {
            let folded = PropsKeySpellings.fold(c)
            out += "\(folded.utf8.count):" + folded
        }
        return out
    }

    /// Admits a batch of client events' `props` (each with its JSON path) for `prototype`:
    /// every key keeps its kind and spelling, new keys' first strings don't read as dates or
    /// times, and the keys new to the log fit the limits (share links' viewers: `byOwner`
    /// false). Then the new keys are held. The whole batch or nothing.
    ///
    /// - Throws: ``JSONShapeError`` at the first offending value or key, naming both kinds.
    public func admit(_ batch: [(props: JSONObject, path: JSONPath)], prototype: String, byOwner: Bool)
        throws(JSONShapeError)
    {
        lock.lock()
        defer { lock.unlock() }
        var new: [String: Kind] = [:]
        var firstNew: JSONPath?
        var newSpellings: [String: String] = [:]
        for (props, path) in batch {
            newSpellings.merge(try spellings.check(props, at: path, pending: newSpellings)) { a, _ in a }
            for (k, v) in props {
                try walk(v, components: [k], at: path.appending(k), new: &new, firstNew: &firstNew)
            }
        }
        guard !new.isEmpty, let at = firstNew else {
            spellings.pin(newSpellings)
            return
        }
        let added = new.keys.reduce(0) { $0 + $1.utf8.count + 16 }
        if full || bytes + added > limits.totalBytes {
            throw JSONShapeError(
                path: at,
                message:
                    "the log's props already hold as many keys as ModalLab keeps (\(limits.totalBytes >> 20) MiB of them); use keys the log has"
            )
        }
        if !byOwner {
            let had = brought[prototype, default: 0]
            guard had + new.count <= limits.perPrototype else {
                throw JSONShapeError(
                    path: at,
                    message:
                        "share links of \"\(prototype)\" have brought \(had) props keys into the log and may bring \(limits.perPrototype); this batch brings \(new.count) more (use keys the log already has)"
                )
            }
            brought[prototype] = had + new.count
        }
        for (k, v) in new { kinds[k] = v }
        bytes += added
        spellings.pin(newSpellings)
    }

    /// Holds the kinds and spellings of `props` without judging them: events the log already
    /// has (the first kind a key had wins, as in DuckDB's sample). Counts keys of share links'
    /// events (`byOwner` false) against `prototype`; stops taking new keys at
    /// ``Limits/totalBytes``.
    public func hold(_ props: JSONObject, prototype: String?, byOwner: Bool) {
        lock.lock()
        defer { lock.unlock() }
        var new: [String: Kind] = [:]
        for (k, v) in props { collect(v, components: [k], new: &new) }
        guard !full else { return }
        let added = new.keys.reduce(0) { $0 + $1.utf8.count + 16 }
        if bytes + added > limits.totalBytes {
            full = true
            return
        }
        for (k, v) in new { kinds[k] = v }
        bytes += added
        if !byOwner, let prototype, !new.isEmpty { brought[prototype, default: 0] += new.count }
        spellings.hold(props)
    }

    private func walk(
        _ value: JSONValue, components: [String], at path: JSONPath, new: inout [String: Kind],
        firstNew: inout JSONPath?
    ) throws(JSONShapeError) {
        guard let kind = Kind(value) else { return }
        let key = Self.key(components)
        if let had = kinds[key] ?? new[key] {
            guard had.admits(kind) else {
                throw JSONShapeError(
                    path: path,
                    message:
                        "expected \(had.name == "a number with a fraction" ? "a number" : had.name), as this props key first was "
                        + "(DuckDB's read_json_auto types it \(had.duckDB) and can't read the log with another); found \(kind.name)"
                )
            }
        } else {
            if case .string(let s) = value, Self.readsAsTemporal(s) {
                throw JSONShapeError(
                    path: path,
                    message:
                        "a new props key's first string may not read as a date, a time or a UUID (DuckDB would type the key so and refuse "
                        + "the log at its first other string); found \(JSONWriter.quoted(s)): send times as numbers, e.g. milliseconds"
                )
            }
            new[key] = kind
            if firstNew == nil { firstNew = path }
        }
        switch value {
        case .object(let o):
            for (k, v) in o {
                try walk(v, components: components + [k], at: path.appending(k), new: &new, firstNew: &firstNew)
            }
        case .array(let items):
            for (i, v) in items.enumerated() {
                try walk(v, components: components + ["[]"], at: path.appending(i), new: &new, firstNew: &firstNew)
            }
        default: break
        }
    }

    private func collect(_ value: JSONValue, components: [String], new: inout [String: Kind]) {
        guard let kind = Kind(value) else { return }
        let key = Self.key(components)
        if kinds[key] == nil && new[key] == nil { new[key] = kind }
        switch value {
        case .object(let o): for (k, v) in o { collect(v, components: components + [k], new: &new) }
        case .array(let items): for v in items { collect(v, components: components + ["[]"], new: &new) }
        default: break
        }
    }

    /// Whether DuckDB might read `s` as a `DATE`, `TIME`, `TIMESTAMP` (with or without a zone)
    /// or `UUID` — generously: more strings are taken for such than DuckDB takes, never fewer.
    /// - the special values of dates and times: `epoch`, `infinity`, `-infinity`, `now`,
    ///   `today`, `tomorrow`, `yesterday`, `allballs` (DuckDB reads `"epoch"` as a date);
    /// - a UUID: 32 hexadecimal digits once `-`, `{` and `}` are left out, with a `-` or a brace;
    /// - a date or time: after spaces, a digit (or a sign and a digit), then only digits,
    ///   spaces, `-` `/` `.` `:` `+` `,` and the words `T`, `Z`, `UTC`, `GMT`, `AM`, `PM`, `BC`,
    ///   `AD`, with a `:` or at least two of `-`, `/`, `.`.
    public static func readsAsTemporal(_ s: String) -> Bool {
        let t = s.trimmingCharacters(in: .whitespacesAndNewlines)
        let lower = t.lowercased()
        if ["epoch", "infinity", "-infinity", "+infinity", "now", "today", "tomorrow", "yesterday", "allballs"]
            .contains(lower)
        {
            return true
        }
        let bytes = Array(lower.utf8)
        let hex = bytes.filter { $0 != 0x2D && $0 != 0x7B && $0 != 0x7D }
        if hex.count == 32, hex.count < bytes.count,
            hex.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) })
        {
            return true
        }
        var i = 0
        if i < bytes.count, bytes[i] == 0x2B || bytes[i] == 0x2D { i += 1 }
        guard i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 else { return false }
        var colons = 0
        var separators = 0
        var word: [UInt8] = []
        let words: Set<String> = ["t", "z", "utc", "gmt", "am", "pm", "bc", "ad"]
        func endWord() -> Bool {
            defer { word = [] }
            return word.isEmpty || words.contains(String(decoding: word, as: UTF8.self))
        }
        for b in bytes[i...] {
            switch b {
            case 0x61...0x7A:
                word.append(b)
                continue
            case 0x30...0x39, 0x20, 0x2B, 0x2C: break
            case 0x3A: colons += 1
            case 0x2D, 0x2F, 0x2E: separators += 1
            default: return false
            }
            guard endWord() else { return false }
        }
        guard endWord() else { return false }
        return colons > 0 || separators >= 2
    }
}
