extension RuleCatalogue {
    static let adaptDescriptions: [RuleDescription] = []
}
