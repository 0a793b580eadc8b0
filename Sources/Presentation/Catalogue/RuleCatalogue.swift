/// The rule catalogue: every rule, looked up by id. `modallab rules`, `/rules` and `/api/rules`
/// are generated from it, the linter runs its checks, and its examples are tests.
public enum RuleCatalogue {
    /// Every rule, whole, in the catalogue's order: the families of the `Rules+*.swift` files,
    /// by section. A new rule is one ``RuleUnit`` in its family's file.
    static let units: [RuleUnit] =
        stackRules + adaptRules + modalRules + sheetRules + popoverRules + alertRules + actionSheetRules
        + activityRules + transitionRules + buttonRules + versionRules + menuRules + taskRules

    /// Every rule, in the catalogue's order.
    public static var all: [Rule] { table }

    /// The rows of the catalogue, in order.
    static let table: [Rule] = units.map(\.rule)

    private static let byID: [RuleID: RuleUnit] = Dictionary(uniqueKeysWithValues: units.map { ($0.rule.id, $0) })

    /// The rule with this id. Every ``RuleID`` has exactly one unit in ``units`` (the catalogue
    /// tests check it), so this never fails; an id without one traps.
    public static func rule(_ id: RuleID) -> Rule { unit(id).rule }

    /// The unit of rule `id` (see ``rule(_:)``).
    static func unit(_ id: RuleID) -> RuleUnit {
        guard let unit = byID[id] else { preconditionFailure("rule \(id) has no RuleUnit in RuleCatalogue.units") }
        return unit
    }
}
