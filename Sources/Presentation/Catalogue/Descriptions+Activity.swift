extension RuleCatalogue {
    static let activityDescriptions: [RuleDescription] = []
}
