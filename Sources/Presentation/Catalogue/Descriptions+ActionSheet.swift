extension RuleCatalogue {
    static let actionSheetDescriptions: [RuleDescription] = []
}
