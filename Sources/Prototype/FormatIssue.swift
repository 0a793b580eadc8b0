import JSON

/// A problem with a prototype document's format (SPEC §3): a wrong shape, an unknown member, a
/// dangling reference, a duplicate id. Reported by the decoder with the JSON path it concerns.
///
/// `code` is a rule-like id for the lint output: `format` (shape), `format.unknown-key`,
/// `format.reference`, `format.id`, `format.style-key` (a member that has no effect on this style),
/// `format.limit` (a size or shape beyond ``PrototypeLimits``).
public struct FormatIssue: Sendable, Equatable, CustomStringConvertible {
    /// Errors make the prototype unusable; warnings do not.
    public enum Severity: String, Sendable { case error, warning }

    public var path: JSONPath
    public var message: String
    public var severity: Severity
    public var code: String

    public init(path: JSONPath, message: String, severity: Severity = .error, code: String = "format") {
        self.path = path
        self.message = message
        self.severity = severity
        self.code = code
    }

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
