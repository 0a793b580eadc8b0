extension RuleCatalogue {
    static let buttonDescriptions: [RuleDescription] = []
}
