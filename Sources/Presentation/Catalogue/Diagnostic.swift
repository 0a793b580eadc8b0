import JSON

/// A finding: a rule that fired, how seriously, where, and what to do about it.
///
/// Static findings (the linter) carry the JSON path into the prototype file (`$.modals[2].actions`);
/// runtime findings (the engine) carry the modal concerned. `source` is the rule's source in the catalogue.
public struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
    /// The rule id, e.g. `alert.button-count`; format problems use `format`, `format.reference`, ….
    public var rule: String
    public var severity: Severity
    /// What is wrong and what to do, in the words of this finding.
    public var message: String
    /// JSON path into the prototype (static findings).
    public var path: String?
    /// The modal concerned (runtime findings).
    public var modal: String?
    /// What changes about the rule in later iOS versions than the one linted for
    /// (``RuleVersions/note(after:)``), e.g. `changes in iOS 26: …`; `nil` when nothing does.
    public var versionNote: String? = nil

    public init(rule: String, severity: Severity? = nil, message: String, path: String? = nil, modal: String? = nil) {
        self.rule = rule
        self.severity = severity ?? RuleCatalogue.rule(rule)?.severity ?? .error
        self.message = message
        self.path = path
        self.modal = modal
    }

    /// The rule's source from the catalogue (its source cell), or a format note.
    public var source: String {
        RuleCatalogue.rule(rule)?.source ?? "docs/format.md (the prototype format)"
    }

    /// `$.modals[2].actions: warning: … [alert.button-count]`, as the compiler-style lint line,
    /// followed by ` (changes in iOS 26: …)` when the rule changes in a later version.
    public var description: String {
        "\(path ?? modal ?? "$"): \(severity.rawValue): \(message) [\(rule)]" + (versionNote.map { " (\($0))" } ?? "")
    }

    /// `{"rule", "severity", "message", "source", "path"?, "modal"?, "versions"?}`, plus `file` when
    /// given; `versions` says what changes about the rule after the version linted for.
    public func json(file: String? = nil) -> JSONValue {
        var o = JSONObject()
        if let file { o["file"] = .string(file) }
        if let path { o["path"] = .string(path) }
        o["rule"] = .string(rule)
        o["severity"] = .string(severity.rawValue)
        o["message"] = .string(message)
        o["source"] = .string(source)
        if let modal { o["modal"] = .string(modal) }
        if let versionNote { o["versions"] = .string(versionNote) }
        return .object(o)
    }
}
