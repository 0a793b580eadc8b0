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

    private static let byID: [String: RuleUnit] = Dictionary(uniqueKeysWithValues: units.map { ($0.rule.id, $0) })

    /// The rule with this id.
    public static func rule(_ id: String) -> Rule? { byID[id]?.rule }

    /// The unit of rule `id`.
    static func unit(_ id: String) -> RuleUnit? { byID[id] }
}
