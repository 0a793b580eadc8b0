import Prototype

/// One rule, whole, as SwiftLint declares one: its catalogue row (id, kinds, severity, check,
/// source), ModalLab's words for it (name, message, notes), the linter's check when the rule is
/// STATIC, and its examples — which one generic test runs (lint examples with the paths they
/// fire at, action scripts for what the engine does).
///
/// Each family of rules is one file, `Rules+<Family>.swift`, and ``RuleCatalogue/units``
/// lists the families; the catalogue's table, its descriptions and the linter's checks are all
/// read from the units.
struct RuleUnit: Sendable {
    /// The catalogue row.
    var rule: Rule
    /// Name, message, variants, notes and examples.
    var description: RuleDescription
    /// The static check: reports the rule's findings into the context. `nil` for a rule only
    /// the engine applies.
    var lint: (@Sendable (LintContext) -> Void)?

    init(
        _ rule: Rule, name: LocalizedText, message: LocalizedText, variants: [String: LocalizedText] = [:],
        notes: String = "", triggering: [RuleExample], nonTriggering: [RuleExample],
        lint: (@Sendable (LintContext) -> Void)? = nil
    ) {
        self.rule = rule
        self.description = RuleDescription(
            rule.id, name: name, message: message, variants: variants, notes: notes, triggering: triggering,
            nonTriggering: nonTriggering)
        self.lint = lint
    }
}
