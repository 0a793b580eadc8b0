import JSON

/// A problem with a prototype document's format (docs/format.md): a wrong shape, an unknown member, a
/// dangling reference, a duplicate id. Reported by the decoder with the JSON path it concerns.
///
/// `code` is a rule-like id for the lint output: `format` (shape), `format.unknown-key`,
/// `format.reference`, `format.id`, `format.style-key` (a member that has no effect on this style),
/// `format.limit` (a size or shape beyond ``PrototypeLimits``).
public struct FormatIssue: Sendable, Equatable, CustomStringConvertible {
    /// Errors make the prototype unusable; warnings do not.
    public enum Severity: String, Sendable { case error, warning }

    public var path: JSONPath
    /// What it says, in any language (``message(_:)``).
    public var text: FormatMessage
    public var severity: Severity
    public var code: String

    /// An issue worded by the table of format messages.
    public init(path: JSONPath, _ text: FormatMessage, severity: Severity = .error, code: String = "format") {
        self.path = path
        self.text = text
        self.severity = severity
        self.code = code
    }

    /// An issue with free text (the same in every language).
    public init(path: JSONPath, message: String, severity: Severity = .error, code: String = "format") {
        self.init(path: path, FormatMessage(literal: message), severity: severity, code: code)
    }

    /// The message in English.
    public var message: String { text.en }

    /// The message in `language`, hints included.
    public func message(_ language: Language) -> String { text.text(language) }

    /// Whether it follows from another issue: a reference into a member that was not read.
    public var isConsequence: Bool { text.consequenceOf != nil }

    public var description: String { "\(path): \(severity.rawValue): \(message) [\(code)]" }
}

/// The outcome of decoding a prototype document: the prototype when it has no format errors,
/// and every issue found (errors and warnings), in document order.
public struct DecodeResult: Sendable {
    /// The decoded prototype; `nil` when any issue is an error.
    public var prototype: Prototype?
    /// All issues found.
    public var issues: [FormatIssue]
    /// Whether any issue is an error.
    public var hasErrors: Bool { issues.contains { $0.severity == .error } }
}
