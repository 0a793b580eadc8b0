/// The rule catalogue: every rule of RULES.md, looked up by id. `modallab rules`, `/rules` and
/// `/api/rules` are generated from it.
public enum RuleCatalogue {
    /// Every rule, in RULES.md's order.
    public static var all: [Rule] { table }

    private static let byID: [String: Rule] = Dictionary(uniqueKeysWithValues: table.map { ($0.id, $0) })

    /// The rule with this id.
    public static func rule(_ id: String) -> Rule? { byID[id] }
}
