import JSON

/// A finding: a rule that fired, how seriously, where, and what to do about it.
///
/// Static findings (the linter) carry the JSON path into the prototype file (`$.modals[2].actions`);
/// runtime findings (the engine) carry the modal concerned. `source` is the rule's source in the catalogue.
public struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
    /// What a finding is about: a rule of the catalogue, or the prototype format.
    public enum Code: Sendable, Hashable {
        /// A rule of the catalogue.
        case rule(RuleID)
        /// A problem with the prototype's format, by ``FormatIssue/code`` (`format`,
        /// `format.reference`, `format.id`, …; `format.syntax` and `io` for a file that is no
        /// JSON or could not be read). No rule id is one.
        case format(String)
    }

    /// The rule, or the format problem.
    public var code: Code
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

    /// A finding of `rule`, at the rule's severity unless `severity` says otherwise.
    public init(_ rule: RuleID, severity: Severity? = nil, message: String, path: String? = nil, modal: String? = nil) {
        self.code = .rule(rule)
        self.severity = severity ?? RuleCatalogue.rule(rule).severity
        self.message = message
        self.path = path
        self.modal = modal
    }

    /// A problem with the prototype's format, under its code (`format.reference`, …; see ``Code/format(_:)``).
    public init(format code: String, severity: Severity, message: String, path: String? = nil) {
        assert(RuleID(rawValue: code) == nil, "\(code) is a rule id, not a format code")
        self.code = .format(code)
        self.severity = severity
        self.message = message
        self.path = path
    }

    /// The code as JSON and lint lines write it: the rule id (`alert.button-count`), or the
    /// format code (`format.reference`).
    public var rule: String {
        switch code {
        case .rule(let id): return id.rawValue
        case .format(let code): return code
        }
    }

    /// The rule, or `nil` for a format problem.
    public var ruleID: RuleID? {
        if case .rule(let id) = code { return id }
        return nil
    }

    /// The rule's source from the catalogue (its source cell), or a format note.
    public var source: String {
        switch code {
        case .rule(let id): return RuleCatalogue.rule(id).source
        case .format: return "docs/format.md (the prototype format)"
        }
    }

    /// Where the finding is: its JSON path, else its modal, else the document (`$`).
    public var place: String { path ?? modal ?? "$" }

    /// The message, followed by ` (changes in iOS 26: …)` when the rule changes in a later version.
    public var messageWithVersions: String { message + versionSuffix }

    /// ` (changes in iOS 26: …)`, or "" when nothing changes.
    private var versionSuffix: String { versionNote.map { " (\($0))" } ?? "" }

    /// `$.modals[2].actions: warning: … [alert.button-count]`, as the compiler-style lint line,
    /// followed by ` (changes in iOS 26: …)` when the rule changes in a later version.
    public var description: String {
        "\(place): \(severity.rawValue): \(message) [\(rule)]" + versionSuffix
    }

    /// `{"rule", "severity", "message", "source", "path"?, "modal"?, "versions"?}`, plus `file` when
    /// given, and `line` and `column` after `path` when `position` gives where the path is written
    /// (1-based); `versions` says what changes about the rule after the version linted for.
    public func json(file: String? = nil, position: (line: Int, column: Int)? = nil) -> JSONValue {
        var o = JSONObject()
        if let file { o["file"] = .string(file) }
        if let path { o["path"] = .string(path) }
        if path != nil, let position {
            o["line"] = .int(position.line)
            o["column"] = .int(position.column)
        }
        o["rule"] = .string(rule)
        o["severity"] = .string(severity.rawValue)
        o["message"] = .string(message)
        o["source"] = .string(source)
        if let modal { o["modal"] = .string(modal) }
        if let versionNote { o["versions"] = .string(versionNote) }
        return .object(o)
    }
}
