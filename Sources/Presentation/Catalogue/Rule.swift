/// How a rule is applied.
public enum RuleKind: String, Sendable, CaseIterable, Codable {
    /// Checked on the prototype definition, without running it (the linter).
    case `static` = "STATIC"
    /// Checked when a presentation or dismissal is requested (the engine).
    case runtime = "RUNTIME"
    /// The engine changes the presentation as UIKit does; never refuses.
    case adapt = "ADAPT"

    /// What the kind means, for the rules' reference (`modallab rules`).
    public var meaning: String {
        switch self {
        case .static:
            return
                "checked on the prototype file without running it, by `modallab lint`, in the gallery and on `PUT /api/prototypes/{id}`"
        case .runtime:
            return
                "checked by the server when a presentation, dismissal or other action is requested, given the stack, the device, the size class and the state (a dirty form, say)"
        case .adapt:
            return
                "the server changes the presentation as UIKit does, and says which rule did it (`adaptedBy` in the state); never refuses"
        }
    }
}

/// How serious a finding is: `error` refuses or fails the lint, `warning` is the HIG's
/// "avoid/prefer/consider", `info` is advice or a note on an adaptation.
public enum Severity: String, Sendable, CaseIterable, Codable, Comparable {
    case info, warning, error

    /// What the severity means, for the rules' reference (`modallab rules`).
    public var meaning: String {
        switch self {
        case .error:
            return
                "the server refuses the request (409, the state unchanged) or the lint fails (exit 1); where UIKit throws or refuses, or the guidelines say never, don't, must or always"
        case .warning:
            return
                "the request goes ahead and the finding is shown and logged; where the guidelines say avoid, generally, prefer, ideally or consider"
        case .info: return "advice, or a note of what an adaptation did"
        }
    }

    private var rank: Int {
        switch self {
        case .info: return 0
        case .warning: return 1
        case .error: return 2
        }
    }
    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}

/// One rule of the catalogue: its row, with its id, kinds, severity, check and source.
///
/// The id, kinds, severity, check and source are the catalogue's; `title` and `message`
/// are ModalLab's own words (English and Simplified Chinese).
public struct Rule: Sendable, Identifiable {
    /// Stable id, e.g. `popover.no-modal-over` (``RuleID/popoverNoModalOver``).
    public var id: RuleID
    /// STATIC, RUNTIME, ADAPT, or a combination ("STATIC + RUNTIME").
    public var kinds: [RuleKind]
    /// Default severity. `alert.button-count` varies by count ("info / warning / error"):
    /// its findings carry their own severity, and this is the highest.
    public var severity: Severity
    /// The catalogue's severity cell when it is not a single level.
    public var severityNote: String?
    /// The catalogue section the row is in, e.g. "3.3 Popovers".
    public var section: String
    /// The testable check.
    public var check: String
    /// The source: seed document and line (`S0:L85`), Apple page or UIKit message, quoted.
    public var source: String
    /// The iOS versions the rule applies to and what changed in it, version by version
    /// (``RuleVersions``); every version, unchanged, unless the row says otherwise.
    public var versions: RuleVersions = .all

    /// Whether the rule has this kind.
    public func has(_ kind: RuleKind) -> Bool { kinds.contains(kind) }

    /// "STATIC + RUNTIME", as the catalogue writes it.
    public var kindDescription: String { kinds.map(\.rawValue).joined(separator: " + ") }
}
