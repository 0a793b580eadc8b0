/// How a rule is applied (RULES.md §0).
public enum RuleKind: String, Sendable, CaseIterable, Codable {
    /// Checked on the prototype definition, without running it (the linter).
    case `static` = "STATIC"
    /// Checked when a presentation or dismissal is requested (the engine).
    case runtime = "RUNTIME"
    /// The engine changes the presentation as UIKit does; never refuses.
    case adapt = "ADAPT"
}

/// How serious a finding is (RULES.md §0): `error` refuses or fails the lint, `warning` is
/// the HIG's "avoid/prefer/consider", `info` is advice or a note on an adaptation.
public enum Severity: String, Sendable, CaseIterable, Codable, Comparable {
    case info, warning, error

    private var rank: Int {
        switch self {
        case .info: return 0
        case .warning: return 1
        case .error: return 2
        }
    }
    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}

/// One rule of the catalogue: a row of RULES.md with its id, kinds, severity, check and source.
///
/// The id, kinds, severity, check and source are exactly RULES.md's; `title` and `message`
/// are ModalLab's own words (English and Simplified Chinese).
public struct Rule: Sendable, Identifiable {
    /// Stable id, e.g. `popover.no-modal-over`.
    public var id: String
    /// STATIC, RUNTIME, ADAPT, or a combination ("STATIC + RUNTIME").
    public var kinds: [RuleKind]
    /// Default severity. `alert.button-count` varies by count (RULES "info / warning / error"):
    /// its findings carry their own severity, and this is the highest.
    public var severity: Severity
    /// RULES.md's severity cell when it is not a single level.
    public var severityNote: String?
    /// The RULES.md section the row is in, e.g. "3.3 Popovers".
    public var section: String
    /// RULES.md's testable check.
    public var check: String
    /// RULES.md's source cell: seed document and line (`S0:L85`), Apple page or UIKit message, quoted.
    public var source: String

    /// Whether the rule has this kind.
    public func has(_ kind: RuleKind) -> Bool { kinds.contains(kind) }

    /// "STATIC + RUNTIME", as RULES.md writes it.
    public var kindDescription: String { kinds.map(\.rawValue).joined(separator: " + ") }
}
