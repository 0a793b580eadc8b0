extension RuleCatalogue {
    static let popoverDescriptions: [RuleDescription] = []
}
