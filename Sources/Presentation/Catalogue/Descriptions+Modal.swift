extension RuleCatalogue {
    static let modalDescriptions: [RuleDescription] = []
}
