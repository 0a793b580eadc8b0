import JSON
import Prototype

/// The iOS versions a rule applies to, and what changed in it from one version to the next:
/// `modallab rules` prints it under each rule, `/api/rules` gives it as `versions`, the linter
/// runs only the rules that apply to a prototype's `targetOS` and says when one of its findings
/// changes in a later version, and the engine follows each version's behaviour.
public struct RuleVersions: Sendable, Hashable {
    /// A change of the rule in one version: what UIKit or the guidelines do from that version on.
    public struct Change: Sendable, Hashable {
        /// The major version the change came with (`26`).
        public var version: Int
        /// What is different from that version on, with its source.
        public var note: String

        /// What changed in `version`, and its source, in `note`.
        public init(_ version: Int, _ note: String) {
            self.version = version
            self.note = note
        }
    }

    /// The first version the rule applies to; `nil`: every version.
    public var from: Int?
    /// The last version it applies to; `nil`: the newest.
    public var through: Int?
    /// What changed in it, oldest first.
    public var changes: [Change]

    /// The versions `from` … `through` (`nil`: open), changed as `changes` say.
    public init(from: Int? = nil, through: Int? = nil, changes: [Change] = []) {
        self.from = from
        self.through = through
        self.changes = changes
    }

    /// Every version, unchanged.
    public static let all = RuleVersions()

    /// From `version` on.
    public static func since(_ version: Int, changes: [Change] = []) -> RuleVersions {
        RuleVersions(from: version, changes: changes)
    }

    /// Every version, changed in the versions of `changes`.
    public static func changed(_ changes: Change...) -> RuleVersions { RuleVersions(changes: changes) }

    /// Whether the rule applies to iOS `version`.
    public func contains(_ version: Int) -> Bool {
        (from.map { version >= $0 } ?? true) && (through.map { version <= $0 } ?? true)
    }

    /// "every version", "iOS 18 and later", "through iOS 18", "iOS 17–18".
    public var range: String {
        switch (from, through) {
        case (nil, nil): return "every version"
        case (let f?, nil): return "iOS \(f) and later"
        case (nil, let t?): return "through iOS \(t)"
        case (let f?, let t?): return f == t ? "iOS \(f)" : "iOS \(f)–\(t)"
        }
    }

    /// The range and the changes as sentences: `iOS 18 and later. Changed in iOS 26: ….`
    public var description: String {
        let head = range.prefix(1).uppercased() + range.dropFirst() + "."
        return ([head] + changes.map { "Changed in iOS \($0.version): \($0.note)" }).joined(separator: " ")
    }

    /// Whether the rule is the same in every version (no range, no change).
    public var isUniversal: Bool { from == nil && through == nil && changes.isEmpty }

    /// What a lint finding of the rule says about versions for a prototype targeting `version`:
    /// the changes after it (`changes in iOS 26: …`), so a designer targeting iOS 18 learns
    /// what iOS 26 does differently; `nil` when nothing changes after it.
    public func note(after version: Int) -> String? {
        let later = changes.filter { $0.version > version }
        guard !later.isEmpty else { return nil }
        return later.map { "changes in iOS \($0.version): \($0.note)" }.joined(separator: " ")
    }

    /// `{"from", "through", "text", "changes": [{"version", "note"}]}` (`from` and `through` are
    /// `null` when open).
    public var json: JSONValue {
        var o = JSONObject()
        o["from"] = from.map { .int($0) } ?? .null
        o["through"] = through.map { .int($0) } ?? .null
        o["text"] = .string(range)
        o["changes"] = .array(
            changes.map { .object(JSONObject([("version", .int($0.version)), ("note", .string($0.note))])) })
        return .object(o)
    }
}
