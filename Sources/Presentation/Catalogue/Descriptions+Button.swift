// RULES.md §3.8: button titles (alerts, action sheets, modal navigation bars).

extension RuleCatalogue {
    static let buttonDescriptions: [RuleDescription] = [
        RuleDescription(
            "button.title-case",
            name: T("Title-style button titles", "按钮标题使用标题式大写"),
            message: T(
                "button {title} in “{modal}” should use title-style capitalization: {suggestion}",
                "“{modal}”中的按钮{title}应使用标题式大写：{suggestion}"),
            variants: [
                "punct": T(
                    "button {title} in “{modal}” ends with “{mark}”; button titles take no ending punctuation",
                    "“{modal}”中的按钮{title}以“{mark}”结尾；按钮标题不加结尾标点")
            ],
            notes:
                "Alert and action-sheet actions, and bar buttons of modal views. Title style, with articles, coordinating conjunctions and prepositions of four or fewer letters lowercase (lenient: capitalized minor words and words with inner capitals pass); ending . ! : is flagged, an ellipsis is not. CJK titles are not judged.",
            triggering: [
                alertExample(
                    #""title": "Delete this photo?", "actions": [{"title": "Cancel", "role": "cancel"}, {"title": "Delete photo", "role": "destructive"}]"#
                ),
                alertExample(
                    #""title": "Delete this photo?", "actions": [{"title": "Cancel", "role": "cancel"}, {"title": "Delete!", "role": "destructive"}]"#
                ),
            ],
            nonTriggering: [
                goodAlert,
                alertExample(
                    #""title": "Sign in to continue?", "actions": [{"title": "Not Now", "role": "cancel"}, {"title": "Sign In"}]"#
                ),
            ]),
        RuleDescription(
            "button.verb",
            name: T("Start button titles with a verb", "按钮标题以动词开头"),
            message: T(
                "button {title} in “{modal}” does not start with a verb; say what the button does (e.g. View All, Reply)",
                "“{modal}”中的按钮{title}不是以动词开头；请说明按钮的作用（例如“查看全部”“回复”）"),
            notes:
                "OK, Cancel, Done and Close are exempt, and so are the usual system titles Not Now, Later, Back, Next, Don't …. The verb list is broad (nouns used as verbs count) so that the hint stays quiet on ordinary titles. Non-Latin titles are not judged.",
            triggering: [
                sheetExample(
                    #""source": "edit-button", "actions": [{"title": "Camera"}, {"title": "Take Photo"}, {"title": "Cancel", "role": "cancel"}]"#
                )
            ],
            nonTriggering: [
                sheetExample(
                    #""source": "edit-button", "actions": [{"title": "Take Photo"}, {"title": "Choose Photo"}, {"title": "Cancel", "role": "cancel"}]"#
                )
            ]),
    ]
}
