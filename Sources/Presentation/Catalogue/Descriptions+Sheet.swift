extension RuleCatalogue {
    static let sheetDescriptions: [RuleDescription] = []
}
