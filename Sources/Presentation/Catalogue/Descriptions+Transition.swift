extension RuleCatalogue {
    static let transitionDescriptions: [RuleDescription] = []
}
