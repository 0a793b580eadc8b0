import Prototype

/// What a presentation is drawn as (docs/api.md): `card` (sheet from the bottom, compact width),
/// `centered` (iPad page or form sheet), `fullScreen`, `popover`, `alert`, `actionSheet` (bottom
/// action sheet, compact width), `context` (inside its context).
public enum Form: String, Sendable, CaseIterable, Codable {
    case card, centered, fullScreen, popover, alert, actionSheet, context
}

/// The outcome of adaptation for one presentation in one environment (docs/rules.md).
public struct Resolution: Sendable, Hashable {
    /// UIKit's style after adaptation.
    public var style: PresentationStyle
    /// What is drawn.
    public var form: Form
    /// Every rule that changed the requested presentation, in the order they applied.
    public var rules: [RuleID]

    public init(style: PresentationStyle, form: Form, rules: [RuleID]) {
        self.style = style
        self.form = form
        self.rules = rules
    }

    /// The rule reported as `adaptedBy` (docs/api.md): the last that applied, or `nil` when the
    /// presentation is drawn as requested.
    public var adaptedBy: RuleID? { rules.last }

    /// Whether the views beneath stay rendered (rule overfullscreen.keeps-underlying):
    /// `fullScreen` and `currentContext` remove them once presented; every other form keeps them.
    public var keepsUnderlying: Bool {
        switch form {
        case .fullScreen: return style != .fullScreen
        case .context: return style != .currentContext
        default: return true
        }
    }

    /// Whether the presentation is drawn as a sheet (a card or a centred page or form sheet).
    public var isSheet: Bool { form == .card || form == .centered }
}
