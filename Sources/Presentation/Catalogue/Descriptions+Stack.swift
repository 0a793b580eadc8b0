extension RuleCatalogue {
    static let stackDescriptions: [RuleDescription] = []
}
