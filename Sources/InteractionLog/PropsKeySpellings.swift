import EventSchema
import Foundation
import JSON

/// One spelling per key in the log's `props`, whatever the letter case, so that DuckDB's
/// `read_json_auto` can always read the log: it gathers every `props` object of every line —
/// and the objects of every array inside — into one `STRUCT` type, and its field names are
/// case-insensitive, so `{"Foo": 1}` on one line and `{"foo": 2}` on another (or in one array)
/// make it refuse the whole log ("Duplicate name … in struct auto-detected").
///
/// Keys are compared with ASCII letters folded to lowercase, as DuckDB compares them (it folds
/// no other letters: `K` (Kelvin) and `k` are two fields), wherever they are in `props` — a
/// stricter rule than DuckDB's, which compares the fields of one struct: simpler to state, and
/// no spelling is ever lost. The server's own keys are known from the start; a client event's
/// keys are admitted when their spellings agree with everything the log holds, and then held.
public final class PropsKeySpellings: @unchecked Sendable {
    private let lock = NSLock()
    private var spellings: [String: String] = [:]

    /// The keys the server itself writes into `props` (and the player's client events), so a
    /// client can't take their lowercase forms first with another spelling.
    public static let serverKeys = [
        "accepted", "action", "activity", "anchor_kind", "arrow", "automatic", "bottom", "button", "cancel",
        "confirmDiscard", "context", "continues", "detent", "droppedActions", "direction", "embed", "field", "form", "from", "height", "in",
        "left", "length", "limit", "pointerType", "preferred", "programmatic", "prompt", "removesUnderlying", "restoredActions", "restoreIndex",
        "role", "saved", "selected", "source", "startedMs", "state", "taps", "top", "transition", "userContent",
        "value", "viewer", "width",
    ]

    /// Spellings that start with `seed` (by default ``serverKeys``).
    public init(seed: [String] = PropsKeySpellings.serverKeys) {
        for key in seed { spellings[PropsKeySpellings.fold(key)] = key }
    }

    /// How a key is compared: ASCII letters in lowercase, every other scalar as it is.
    static func fold(_ key: String) -> String {
        String(decoding: key.utf8.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }, as: UTF8.self)
    }

    /// Admits a client event's `props` at `path` (its JSON path): every key, at any depth and in
    /// any array, must be spelled as the log already spells its folded form, and as the other
    /// keys of this `props` spell it. The keys are then held for later events.
    ///
    /// - Throws: ``JSONShapeError`` at the first key spelled otherwise, naming the spelling to use.
    public func admit(_ props: JSONObject, at path: JSONPath) throws(JSONShapeError) {
        pin(try check(props, at: path))
    }

    /// Checks `props` at `path` as ``admit(_:at:)`` does, also against `pending` (spellings of
    /// the same batch not held yet), without holding anything: returns the spellings it would
    /// add (folded form → key), for ``pin(_:)``.
    /// - Throws: ``JSONShapeError`` at the first key spelled otherwise.
    public func check(_ props: JSONObject, at path: JSONPath, pending: [String: String] = [:]) throws(JSONShapeError)
        -> [String: String]
    {
        var local = pending
        let known = lock.withLock { spellings }
        try Self.walk(.object(props), at: path, spellings: known, local: &local)
        return local.filter { known[$0.key] == nil }
    }

    /// Holds spellings ``check(_:at:pending:)`` returned (a spelling held meanwhile stays).
    public func pin(_ spellings: [String: String]) {
        lock.withLock {
            for (folded, key) in spellings where self.spellings[folded] == nil { self.spellings[folded] = key }
        }
    }

    /// Holds the spellings of `props` without judging them: events the log already has.
    public func hold(_ props: JSONObject) {
        var keys: [String] = []
        Self.collect(.object(props), into: &keys)
        lock.withLock {
            for key in keys where spellings[Self.fold(key)] == nil { spellings[Self.fold(key)] = key }
        }
    }

    private static func walk(
        _ value: JSONValue, at path: JSONPath, spellings: [String: String], local: inout [String: String]
    ) throws(JSONShapeError) {
        switch value {
        case .object(let o):
            for (key, member) in o {
                let folded = fold(key)
                if let known = local[folded] ?? spellings[folded], known != key {
                    throw JSONShapeError(
                        path: path.appending(key),
                        message: "\(JSONWriter.quoted(key)) differs from \(JSONWriter.quoted(known)) only in case, "
                            + "which DuckDB can't tell apart in the log's props; spell it \(JSONWriter.quoted(known))")
                }
                local[folded] = key
                try walk(member, at: path.appending(key), spellings: spellings, local: &local)
            }
        case .array(let items):
            for (i, item) in items.enumerated() {
                try walk(item, at: path.appending(i), spellings: spellings, local: &local)
            }
        default:
            break
        }
    }

    private static func collect(_ value: JSONValue, into keys: inout [String]) {
        switch value {
        case .object(let o):
            for (key, member) in o {
                keys.append(key)
                collect(member, into: &keys)
            }
        case .array(let items): for item in items { collect(item, into: &keys) }
        default: break
        }
    }
}
