extension RuleCatalogue {
    static let alertDescriptions: [RuleDescription] = []
}
