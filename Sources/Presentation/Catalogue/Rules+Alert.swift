// The alert rules ("3.4 Alerts"), each whole: its catalogue row, its words, its check and its
// examples. Text measures: a 230 pt text box, the title 17 pt Semibold, the message 13 pt
// Regular, buttons 17 pt.

import Foundation
import JSON
import Prototype

extension RuleCatalogue {
    /// `{"modals": [<an alert with these members>]}`.
    static func alertExample(_ members: String) -> RuleExample {
        .json(#"{"modals": [{"id": "confirm", "style": "alert", "# + members + "}]}")
    }
    /// Cancel + Delete (destructive).
    static let cancelDelete =
        #""actions": [{"title": "Cancel", "role": "cancel"}, {"title": "Delete", "role": "destructive"}]"#
    /// A well-formed destructive confirmation.
    static let goodAlert = alertExample(
        #""title": "Delete this photo?", "message": "This can't be undone.", "# + cancelDelete)

    static let alertRules: [RuleUnit] = [
        RuleUnit(
            Rule(
                id: .alertTitleRequired, kinds: [.static], severity: .error, severityNote: nil,
                section: #"3.4 Alerts"#,
                check: #"The alert title is empty or missing. UIKit would accept a nil title; this is HIG-driven."#,
                source:
                    #"S2:L361 "警告框：• 必须包含标题" (an alert must include a title). S0:L167 "An alert consists of a title, an optional message, one or more buttons…" H-Alerts: "alerts display a title…""#
            ),
            name: T("An alert needs a title", "警告框必须有标题"),
            message: T(
                "alert “{modal}” has no title; every alert needs a short title that says what happened",
                "警告框“{modal}”没有标题；每个警告框都需要一个简短的标题说明发生了什么"),
            triggering: [alertExample(#""message": "This can't be undone.", "# + cancelDelete).at("$.modals[0]")],
            nonTriggering: [goodAlert],
            lint: { c in
                for a in c.alerts where a.title.isEmpty {
                    c.report(
                        .alertTitleRequired, a.modal.title == nil ? a.path : a.titlePath, nil, ["modal": a.modal.id])
                }
            }),
        RuleUnit(
            Rule(
                id: .alertTitleInformative, kinds: [.static], severity: .warning, severityNote: nil,
                section: #"3.4 Alerts"#,
                check:
                    #"The title is a single word, matches `^(Error|Warning|Alert|Oops)[.!]?$`, or matches `/error\s*\d+/i`."#,
                source:
                    #"S0:L185 "Write short, descriptive, multiword alert titles… single-word titles rarely provide useful information." H-Alerts: "Avoid writing a title that doesn't convey useful information — like 'Error' or 'Error 329347 occurred'.""#
            ),
            name: T("Informative, multiword titles", "标题要有信息量且不止一个词"),
            message: T(
                "alert title {title} is a single word; say what happened in a few words, or ask a question",
                "警告框标题{title}只有一个词；请用几个词说明发生了什么，或提出一个问题"),
            variants: [
                "generic": T(
                    "alert title {title} tells people nothing; describe what happened and what they can do",
                    "警告框标题{title}没有提供任何信息；请描述发生了什么以及用户可以怎么做")
            ],
            notes:
                "A single word (by spaces; CJK titles are not split), `^(Error|Warning|Alert|Oops)[.!]?$` or `/error\\s*\\d+/i`.",
            triggering: [
                alertExample(#""title": "Error", "actions": [{"title": "OK"}]"#).at("$.modals[0].title"),
                alertExample(#""title": "Error 329347 occurred", "actions": [{"title": "OK"}]"#).at(
                    "$.modals[0].title"),
            ],
            nonTriggering: [goodAlert],
            lint: { c in
                for a in c.alerts where !a.title.isEmpty {
                    let lower = a.title.lowercased()
                    let bare = lower.trimming(Set(".!"))
                    let generic = ["error", "warning", "alert", "oops"].contains(bare) && lower.count - bare.count <= 1
                    let errorCode = LintChecks.hasErrorCode(lower)
                    let single = !LintChecks.hasCJK(a.title) && LintChecks.wordCount(a.title) == 1
                    if generic || errorCode || single {
                        c.report(
                            .alertTitleInformative, a.titlePath, generic || errorCode ? "generic" : nil,
                            ["modal": a.modal.id, "title": c.q(a.title)])
                    }
                }
            }),
        RuleUnit(
            Rule(
                id: .alertTitleOneLine, kinds: [.static], severity: .warning, severityNote: nil,
                section: #"3.4 Alerts"#,
                check: #"The title wraps to more than one line at 230 pt width in 17 pt SF Pro Text Semibold."#,
                source:
                    #"S0:L185 "Whenever possible, keep titles to a single line." S2:L375 "保证标题足够简短，最好在一行之内" (keep the title short, ideally on one line)"#
            ),
            name: T("Keep the title to one line", "标题尽量保持在一行内"),
            message: T(
                "the title of alert “{modal}” wraps to {lines} lines; keep it to one line where possible",
                "警告框“{modal}”的标题折成了 {lines} 行；请尽量保持在一行内"),
            notes:
                "Wrapped greedily at 230 pt in 17 pt SF Pro Text Semibold (see TextMeasure), the Headline size at Large; `modallab lint --content-size` measures at another Dynamic Type size. A title of three or more lines also gets alert.title-max-two-lines.",
            triggering: [
                alertExample(#""title": "Unable to download the attachment right now", "actions": [{"title": "OK"}]"#)
                    .at("$.modals[0].title")
            ],
            nonTriggering: [goodAlert],
            lint: { c in
                for a in c.alerts where a.titleLines > 1 {
                    c.report(
                        .alertTitleOneLine, a.titlePath, nil, ["modal": a.modal.id, "lines": String(a.titleLines)])
                }
            }),
        RuleUnit(
            Rule(
                id: .alertTitleMaxTwoLines, kinds: [.static], severity: .warning, severityNote: nil,
                section: #"3.4 Alerts"#,
                check:
                    #"The title wraps to three or more lines. This is the stronger message of the two title-length rules."#,
                source: #"H-Alerts: "avoid overly long titles that wrap to more than two lines.""#),
            name: T("Never more than two lines", "标题不要超过两行"),
            message: T(
                "the title of alert “{modal}” wraps to {lines} lines; shorten it to two lines at most and move details to the message",
                "警告框“{modal}”的标题折成了 {lines} 行；请缩短到最多两行，并把细节移到消息中"),
            triggering: [
                alertExample(
                    #""title": "Unable to download the attachment because the server stopped responding to our requests", "actions": [{"title": "OK"}]"#
                ).at("$.modals[0].title")
            ],
            nonTriggering: [
                alertExample(#""title": "Unable to download the attachment right now", "actions": [{"title": "OK"}]"#)
            ],
            lint: { c in
                for a in c.alerts where a.titleLines >= 3 {
                    c.report(
                        .alertTitleMaxTwoLines, a.titlePath, nil,
                        ["modal": a.modal.id, "lines": String(a.titleLines)])
                }
            }),
        RuleUnit(
            Rule(
                id: .alertTitleCasePunct, kinds: [.static], severity: .warning, severityNote: nil,
                section: #"3.4 Alerts"#,
                check:
                    #"If the title ends in `.`, `?` or `!`, it must use sentence case. Otherwise it is treated as a fragment: title case, no ending punctuation. Title case capitalizes the first and last words and every word except articles, coordinating conjunctions and prepositions of four or fewer letters."#,
                source:
                    #"S0:L185; H-Alerts: "If the title is a complete sentence, use sentence-style capitalization and appropriate ending punctuation. If the title is a sentence fragment, use title-style capitalization, and don't add ending punctuation.""#
            ),
            name: T("Title capitalization and punctuation", "标题的大小写与标点"),
            message: T(
                "fix the capitalization of alert title {title}",
                "请修正警告框标题{title}的大小写"),
            variants: [
                "sentence": T(
                    "alert title {title} is a sentence, so use sentence-style capitalization ({words} should be lowercase)",
                    "警告框标题{title}是完整句子，应使用句子式大写（{words} 应小写）"),
                "fragment": T(
                    "alert title {title} is a fragment, so use title-style capitalization: {suggestion}",
                    "警告框标题{title}是短语，应使用标题式大写：{suggestion}"),
                "punct": T(
                    "alert title {title} is a fragment; drop the ending “{mark}”",
                    "警告框标题{title}是短语；请去掉结尾的“{mark}”"),
            ],
            notes:
                "A title ending in . ? ! is a sentence. Sentence style is broken by a lowercase first word, or by two or more capitalized ordinary words when every ordinary word is capitalized; proper nouns (a built-in list of Apple product names, the prototype's name and lint.productNames), acronyms and words with inner capitals are not judged. Title style is broken by a lowercase word that is not an article, a coordinating conjunction or a preposition of four or fewer letters (Apple's English wording; the Chinese translation S2 says fewer than four), or that is first or last. CJK titles are not judged.",
            triggering: [
                alertExample(#""title": "Delete All Messages?", "# + cancelDelete).at("$.modals[0].title"),
                alertExample(#""title": "Unable to connect", "actions": [{"title": "OK"}]"#).at("$.modals[0].title"),
            ],
            nonTriggering: [
                goodAlert, alertExample(#""title": "Unable to Connect", "actions": [{"title": "OK"}]"#),
            ],
            lint: { c in
                for a in c.alerts where !a.title.isEmpty && !LintChecks.hasCJK(a.title) {
                    let (id, title, tp) = (a.modal.id, a.title, a.titlePath)
                    if Capitalization.isSentence(title) {
                        for s in c.sentences(title) {
                            let bad = c.sentenceCaseViolations(s)
                            if !bad.isEmpty {
                                c.report(
                                    .alertTitleCasePunct, tp, "sentence",
                                    ["modal": id, "title": c.q(title), "words": bad.joined(separator: ", ")])
                                break
                            }
                        }
                    } else if let last = title.last, ":;,".contains(last) {
                        c.report(
                            .alertTitleCasePunct, tp, "punct",
                            ["modal": id, "title": c.q(title), "mark": String(last)])
                    } else {
                        let bad = c.titleCaseViolations(title)
                        if !bad.isEmpty {
                            c.report(
                                .alertTitleCasePunct, tp, "fragment",
                                [
                                    "modal": id, "title": c.q(title), "words": bad.joined(separator: ", "),
                                    "suggestion": c.q(Capitalization.titleCased(title)),
                                ])
                        }
                    }
                }
            }),
        RuleUnit(
            Rule(
                id: .alertMessageSentence, kinds: [.static], severity: .warning, severityNote: nil,
                section: #"3.4 Alerts"#,
                check: #"If there is a message, every sentence ends in `.`, `?` or `!` and uses sentence case."#,
                source:
                    #"S0:L189 "write short, complete sentences… Use sentence-style capitalization and appropriate punctuation." H-Alerts: "using complete sentences, sentence-style capitalization, and appropriate punctuation.""#
            ),
            name: T("Messages are complete sentences", "消息使用完整的句子"),
            message: T(
                "write the message of alert “{modal}” as complete sentences",
                "请把警告框“{modal}”的消息写成完整的句子"),
            variants: [
                "punct": T(
                    "{sentence} in the message of alert “{modal}” has no ending punctuation; end each sentence with . ? or !",
                    "警告框“{modal}”的消息中{sentence}缺少句末标点；每个句子请以 . ? 或 ! 结尾"),
                "case": T(
                    "{sentence} in the message of alert “{modal}” is not in sentence case ({words} should be lowercase)",
                    "警告框“{modal}”的消息中{sentence}未使用句子式大写（{words} 应小写）"),
            ],
            notes:
                "Sentences split after . ? ! (and 。？！), not after common abbreviations; the same sentence-case check as alert.title-case-punct.",
            triggering: [
                alertExample(
                    #""title": "No Connection", "message": "Check your network settings", "actions": [{"title": "OK"}]"#
                ).at("$.modals[0].message")
            ],
            nonTriggering: [goodAlert],
            lint: { c in
                for a in c.alerts where !a.message.isEmpty {
                    for s in c.sentences(a.message) {
                        if !Capitalization.isSentence(s) && !s.hasSuffix("…") {
                            c.report(
                                .alertMessageSentence, a.messagePath, "punct",
                                ["modal": a.modal.id, "sentence": c.q(s)])
                            break
                        }
                        if LintChecks.hasCJK(s) { continue }
                        let bad = c.sentenceCaseViolations(s)
                        if !bad.isEmpty {
                            c.report(
                                .alertMessageSentence, a.messagePath, "case",
                                ["modal": a.modal.id, "sentence": c.q(s), "words": bad.joined(separator: ", ")])
                            break
                        }
                    }
                }
            }),
        RuleUnit(
            Rule(
                id: .alertMessageLength, kinds: [.static], severity: .warning, severityNote: nil,
                section: #"3.4 Alerts"#,
                check: #"The message is longer than 2 lines at 230 pt in 13 pt Regular."#,
                source:
                    #"S0:L189 "Try to keep messages short enough to fit on one or two lines to prevent scrolling." S2:L387 "尽量保证句子在1到2行之间" (keep it to 1–2 lines). S3:L75"#
            ),
            name: T("Keep messages to two lines", "消息保持在两行以内"),
            message: T(
                "the message of alert “{modal}” takes {lines} lines; keep it to one or two lines so the alert doesn't scroll",
                "警告框“{modal}”的消息占了 {lines} 行；请控制在一到两行，避免警告框滚动"),
            notes:
                "Wrapped at 230 pt in 13 pt SF Pro Text Regular, the Footnote size at Large (`modallab lint --content-size` measures at another size).",
            triggering: [
                alertExample(
                    #""title": "Delete this photo?", "message": "This photo will be deleted from all of your devices that use the same account. You can recover it from the Recently Deleted album for thirty days.", "#
                        + cancelDelete
                ).at("$.modals[0].message")
            ],
            nonTriggering: [goodAlert],
            lint: { c in
                for a in c.alerts where a.messageLines > 2 {
                    c.report(
                        .alertMessageLength, a.messagePath, nil,
                        ["modal": a.modal.id, "lines": String(a.messageLines)])
                }
            }),
        RuleUnit(
            Rule(
                id: .alertMessageOnlyIfNeeded, kinds: [.static], severity: .info, severityNote: nil,
                section: #"3.4 Alerts"#,
                check: #"The message merely restates the title (token overlap of 80% or more)."#,
                source:
                    #"H-Alerts: "Include informative text only if it adds value." S0:L185 "Try to craft a title that avoids adding extra text as a message.""#
            ),
            name: T("Add a message only if it adds value", "只有在有价值时才添加消息"),
            message: T(
                "the message of alert “{modal}” repeats the title ({percent}% of its words); remove it or say something new",
                "警告框“{modal}”的消息重复了标题（{percent}% 的词相同）；请删除消息，或补充新的信息"),
            notes: "Share of the message's distinct words that the title already has, 80% or more (CJK: characters).",
            triggering: [
                alertExample(#""title": "Delete all messages?", "message": "Delete all messages.", "# + cancelDelete)
                    .at("$.modals[0].message")
            ],
            nonTriggering: [goodAlert],
            lint: { c in
                for a in c.alerts where !a.message.isEmpty && !a.title.isEmpty {
                    if let o = LintChecks.overlap(titleTokens: a.titleTokens, messageTokens: a.messageTokens), o >= 0.8
                    {
                        c.report(
                            .alertMessageOnlyIfNeeded, a.messagePath, nil,
                            ["modal": a.modal.id, "percent": String(Int((o * 100).rounded()))])
                    }
                }
            }),
        RuleUnit(
            Rule(
                id: .alertNoScroll, kinds: [.static], severity: .warning, severityNote: nil,
                section: #"3.4 Alerts"#,
                check:
                    #"The computed alert height exceeds the usable height in portrait or in landscape: 20 + 22 per title line + 2 + 18 per message line + 20 + 30 per text field + 44 per row of buttons, in points, against the window's height less its safe area, 2 × 16 pt and the keyboard when it is up. Test both orientations, and the keyboard-up state when the alert has text fields."#,
                source:
                    #"S0:L175 "Test the appearance of alerts in both orientations… reads well in any orientation without scrolling." S2:L394. H-Alerts: "When possible, avoid displaying an alert that scrolls.""#
            ),
            name: T("Alerts shouldn't scroll", "警告框不应滚动"),
            message: T(
                "alert “{modal}” is about {height} pt tall but only {usable} pt fit on {device}; shorten the text or use fewer buttons",
                "警告框“{modal}”约 {height} pt 高，而在 {device} 上只能容纳 {usable} pt；请缩短文字或减少按钮"),
            variants: [
                "keyboard": T(
                    "alert “{modal}” is about {height} pt tall but only {usable} pt fit above the keyboard on {device}; shorten the text or ask for less",
                    "警告框“{modal}”约 {height} pt 高，而在 {device} 上键盘之上只能容纳 {usable} pt；请缩短文字或减少输入项")
            ],
            notes:
                "Height 20 + 22·title lines + 2 + 18·message lines + 20 + 30·text fields + 44·button rows (two buttons share a row when both titles fit 110 pt), at Large; at another text size (`modallab lint --content-size`) the lines are Headline's and Footnote's and the button rows grow, as the player draws them; against the window height less the safe area and 2 × 16 pt, in every declared device full screen, portrait and landscape; with text fields, less the software keyboard the player draws on that device and orientation without its suggestions bar (keys and home-indicator inset: 292 pt on an iPhone 16 in portrait, 171 pt in landscape; docs/format.md lists the keyboard of every device).",
            triggering: [
                alertExample(
                    #""title": "Sign In", "message": "Enter the user name and password of your library account.", "textFields": [{"placeholder": "User Name"}, {"placeholder": "Password", "secure": true}], "actions": [{"title": "Cancel", "role": "cancel"}, {"title": "Sign In"}]"#
                ).at("$.modals[0]")
            ],
            nonTriggering: [goodAlert],
            lint: { c in
                // The alert's height against the usable height, in every full-screen window of the declared
                // devices, portrait and landscape, the keyboard up when there are text fields.
                // Lines and rows at the target's text size (22, 18 and 44 pt at Large).
                let metrics = c.target.metrics
                for a in c.alerts {
                    let m = a.modal
                    let n = m.actions.count
                    let rows = n == 2 ? (a.sideBySide ? 1 : 2) : n
                    let fields = m.textFields.count
                    let text =
                        metrics.alertTitleLine * Double(a.titleLines) + 2 + metrics.footnoteLine
                        * Double(a.messageLines)
                    let height = 20 + text + 20 + 30 * Double(fields) + metrics.alertButtonRow * Double(rows)
                    for e in c.target.fullScreenWindows {
                        let s = e.safeArea
                        let keyboard = fields > 0 ? SoftwareKeyboard(environment: e).heightWithoutSuggestions : 0
                        let usable = e.windowSize.height - s.top - max(s.bottom, keyboard) - 32
                        if height > usable {
                            c.report(
                                .alertNoScroll, a.path, fields > 0 ? "keyboard" : nil,
                                [
                                    "modal": m.id, "height": LintChecks.fmt(height), "usable": LintChecks.fmt(usable),
                                    "device": c.label(e),
                                ])
                            break
                        }
                    }
                }
            }),
        RuleUnit(
            Rule(
                id: .alertButtonCount, kinds: [.static], severity: .error, severityNote: #"info / warning / error"#,
                section: #"3.4 Alerts"#,
                check:
                    #"1 button: info (it can only inform). 2 buttons: no finding. 3 buttons: warning, suggesting an action sheet. 4 or more: error. The guidelines' maximum differs (two; generally two; up to three): four or more exceeds them all and is likely to scroll."#,
                source:
                    #"S0:L205 "Generally, use two-button alerts… Alerts with three or more buttons create complexity and can require scrolling… consider using an action sheet instead." S2:L396 "多于两个按钮的警告框太过复杂，应该尽可能地避免使用" (alerts with more than two buttons are too complex; avoid them). H-Alerts: "alerts display… up to three buttons… Prefer a two-button alert." S3:L95"#
            ),
            name: T("Prefer two buttons", "优先使用两个按钮"),
            message: T(
                "alert has {count} buttons; consider an action sheet",
                "警告框有 {count} 个按钮；考虑改用操作列表"),
            variants: [
                "one": T(
                    "alert has 1 button: it can only inform; give people a choice, or consider not alerting",
                    "警告框只有 1 个按钮：只能起到告知作用；请给用户提供选择，或考虑不使用警告框"),
                "many": T(
                    "alert has {count} buttons, more than the HIG's maximum of three; use an action sheet",
                    "警告框有 {count} 个按钮，超过了 HIG 规定的最多三个；请改用操作列表"),
            ],
            notes:
                "1 button: info; 2: nothing; 3: warning; 4 or more: error. The finding's severity depends on the count.",
            triggering: [
                alertExample(
                    #""title": "Save changes?", "actions": [{"title": "Don't Save", "role": "destructive"}, {"title": "Cancel", "role": "cancel"}, {"title": "Save"}]"#
                ).at("$.modals[0].actions"),
                alertExample(#""title": "Download Complete", "actions": [{"title": "OK"}]"#).at("$.modals[0].actions"),
            ],
            nonTriggering: [goodAlert],
            lint: { c in
                // 1 info, 2 nothing, 3 warning, 4 or more error.
                for a in c.alerts {
                    let n = a.modal.actions.count
                    let id = a.modal.id
                    if n == 1 {
                        c.report(
                            .alertButtonCount, a.actionsPath, "one", ["modal": id, "count": "1"], severity: .info)
                    } else if n == 3 {
                        c.report(
                            .alertButtonCount, a.actionsPath, nil, ["modal": id, "count": "3"], severity: .warning)
                    } else if n >= 4 {
                        c.report(
                            .alertButtonCount, a.actionsPath, "many", ["modal": id, "count": String(n)],
                            severity: .error)
                    }
                }
            }),
        RuleUnit(
            Rule(
                id: .alertButtonLayout, kinds: [.adapt], severity: .info, severityNote: nil,
                section: #"3.4 Alerts"#,
                check:
                    #"Two buttons sit side by side (each about 135 pt wide) if both titles fit in one line. Otherwise, and always with three or more buttons, they are stacked with the most likely choice on top and Cancel at the bottom."#,
                source:
                    #"H-Alerts-2021: "An alert that contains more than two buttons displays them in a stack, with the most likely button at the top and the Cancel button at the bottom." H-Alerts: "Cancel… at the bottom of a stack." T-Flutter `_shouldLayoutActionsVertical(count > 2)`"#
            ),
            name: T("How alert buttons are laid out", "警告框按钮的布局"),
            message: T(
                "the buttons of alert “{modal}” are {layout}",
                "警告框“{modal}”的按钮{layout}"),
            triggering: [
                .script(
                    app(
                        home(edit: "a"),
                        #"{"id": "a", "style": "alert", "title": "Save changes?", "actions": [{"title": "Cancel", "role": "cancel"}, {"title": "Don't Save", "role": "destructive"}, {"title": "Save"}]}"#
                    ), [.tap("edit-button")],
                    expect: ["$.stack[0].axis": "vertical", "$.stack[0].buttons": ["Don't Save", "Save", "Cancel"]],
                    draws: true)
            ],
            nonTriggering: [
                .script(
                    app(home(edit: "a"), alert("a")), [.tap("edit-button")],
                    expect: ["$.stack[0].axis": "horizontal", "$.stack[0].buttons": ["Cancel", "Discard"]])
            ]),
        RuleUnit(
            Rule(
                id: .alertCancelLeft, kinds: [.adapt, .static], severity: .warning, severityNote: nil,
                section: #"3.4 Alerts"#,
                check:
                    #"Renders a two-button alert with the Cancel-style action on the leading side (left in left-to-right languages) and the other button on the trailing side, whatever the declared order. The lint warns if a button titled "Cancel" is not Cancel style, or if the definition places the likely action on the leading side. The iOS 7 guidelines put Cancel on the right beside a destructive button; the current guidelines and UIKit put it on the leading side, as here."#,
                source:
                    #"S0:L213 "In general, buttons people are most likely to tap should be on the right. Cancel buttons should always be on the left." H-Alerts: "place the button people are most likely to choose on the trailing side… Cancel buttons are typically on the leading side of a row or at the bottom of a stack." S3:L103"#
            ),
            name: T("Cancel on the leading side", "“取消”放在前缘（左侧）"),
            message: T(
                "in alert “{modal}”, put Cancel on the leading side and the likely action on the trailing side",
                "在警告框“{modal}”中，请把“取消”放在前缘（左侧），把最可能的操作放在后缘（右侧）"),
            variants: [
                "style": T(
                    "button {title} of alert “{modal}” is titled Cancel but is not Cancel style; set \"role\": \"cancel\" so it sits on the leading side",
                    "警告框“{modal}”的按钮{title}名为“取消”却不是取消样式；请设置 \"role\": \"cancel\"，使其位于前缘"),
                "order": T(
                    "alert “{modal}” declares the likely action {title} on the leading side; list Cancel first so the likely action is trailing",
                    "警告框“{modal}”把最可能的操作{title}放在了前缘；请先列出“取消”，让最可能的操作位于后缘"),
            ],
            notes:
                "Cancel leading, the likely button trailing, even for destructive actions (the current HIG and UIKit, over the iOS 7 rule). The player draws Cancel leading whatever the order when the two buttons sit side by side (when their titles don't fit and they stack, Cancel is at the bottom); the lint flags a two-button alert that lists Cancel second or the preferred action first, and a button titled Cancel that is not Cancel style.",
            triggering: [
                alertExample(
                    #""title": "Delete this photo?", "actions": [{"title": "Delete", "role": "destructive"}, {"title": "Cancel", "role": "cancel"}]"#
                ).at("$.modals[0].actions"),
                alertExample(
                    #""title": "Delete this photo?", "actions": [{"title": "Cancel"}, {"title": "Delete", "role": "destructive"}]"#
                ).at("$.modals[0].actions[0]"),
                .script(
                    app(
                        home(edit: "a"),
                        #"{"id": "a", "style": "alert", "title": "Discard changes?", "actions": [{"title": "Discard", "role": "destructive"}, {"title": "Cancel", "role": "cancel"}]}"#
                    ),
                    [.tap("edit-button")], expect: ["$.stack[0].buttons": ["Cancel", "Discard"]], draws: true),
            ],
            nonTriggering: [
                goodAlert,
                .script(
                    app(home(edit: "a"), alert("a")), [.tap("edit-button")],
                    expect: ["$.stack[0].buttons": ["Cancel", "Discard"]]),
            ],
            lint: { c in
                // Cancel leading, the likely action trailing.
                for a in c.alerts {
                    let actions = a.modal.actions
                    var styleFlagged = false
                    for (j, x) in actions.enumerated()
                    where x.role != .cancel && Lexicon.cancelTitles.contains(Lexicon.key(x.title)) {
                        c.report(
                            .alertCancelLeft, a.actionsPath.appending(j), "style",
                            ["modal": a.modal.id, "title": c.q(x.title)])
                        styleFlagged = true
                    }
                    if actions.count == 2 && !styleFlagged {
                        let leadingIsLikely =
                            (actions[1].role == .cancel && actions[0].role != .cancel)
                            || (actions[0].preferred && !actions[1].preferred && actions[0].role != .cancel)
                        if leadingIsLikely {
                            c.report(
                                .alertCancelLeft, a.actionsPath, "order",
                                ["modal": a.modal.id, "title": c.q(actions[0].title)])
                        }
                    }
                }
            }),
        RuleUnit(
            Rule(
                id: .alertOneCancel, kinds: [.static], severity: .error, severityNote: nil,
                section: #"3.4 Alerts"#,
                check: #"An alert or action sheet has more than one Cancel-style action."#,
                source:
                    #"X (NSInternalInconsistencyException): "UIAlertController can only have one action with a style of UIAlertActionStyleCancel""#
            ),
            name: T("Only one Cancel action", "只能有一个取消操作"),
            message: T(
                "alert “{modal}” has {count} Cancel-style actions; UIKit allows only one",
                "警告框“{modal}”有 {count} 个取消样式的操作；UIKit 只允许一个"),
            triggering: [
                alertExample(
                    #""title": "Discard this draft?", "actions": [{"title": "Cancel", "role": "cancel"}, {"title": "Keep", "role": "cancel"}]"#
                ).at("$.modals[0].actions[1].role")
            ],
            nonTriggering: [goodAlert],
            lint: { c in
                for a in c.alerts { LintChecks.secondCancel(c, .alertOneCancel, a.modal, a.actionsPath, a.cancels) }
            }),
        RuleUnit(
            Rule(
                id: .alertCancelLabel, kinds: [.static], severity: .warning, severityNote: nil,
                section: #"3.4 Alerts"#,
                check: #"The Cancel-style action's title is not "Cancel" (or its localization)."#,
                source:
                    #"S0:L217 "A button that cancels an alert's action should always be labeled Cancel." H-Alerts: "Always use the title 'Cancel'…""#
            ),
            name: T("Call it Cancel", "取消按钮应命名为“取消”"),
            message: T(
                "the Cancel action of alert “{modal}” is titled {title}; title it Cancel",
                "警告框“{modal}”的取消操作名为{title}；请命名为“取消”（Cancel）"),
            notes: "Cancel and its usual localizations (取消, Annuler, Abbrechen, …) pass.",
            triggering: [
                alertExample(
                    #""title": "Delete this photo?", "actions": [{"title": "Never Mind", "role": "cancel"}, {"title": "Delete", "role": "destructive"}]"#
                ).at("$.modals[0].actions[0].title")
            ],
            nonTriggering: [goodAlert],
            lint: { c in
                for a in c.alerts {
                    for j in a.cancels where !Lexicon.cancelTitles.contains(Lexicon.key(a.modal.actions[j].title)) {
                        c.report(
                            .alertCancelLabel, a.actionsPath.appending(j).appending("title"), nil,
                            ["modal": a.modal.id, "title": c.q(a.modal.actions[j].title)])
                    }
                }
            }),
        RuleUnit(
            Rule(
                id: .alertDestructiveCancel, kinds: [.static], severity: .warning, severityNote: nil,
                section: #"3.4 Alerts"#,
                check: #"An alert with a destructive-style action has no Cancel-style action."#,
                source:
                    #"S0:L221 "Additionally, provide a Cancel button so people can safely opt out of the destructive action." H-Alerts: "If there's a destructive action, include a Cancel button to give people a clear, safe way to avoid the action.""#
            ),
            name: T("A destructive alert needs Cancel", "有破坏性操作的警告框需要“取消”"),
            message: T(
                "alert “{modal}” has a destructive action but no Cancel; add a Cancel-style action so people can safely back out",
                "警告框“{modal}”有破坏性操作却没有“取消”；请添加取消样式的操作，让用户可以安全地退出"),
            triggering: [
                alertExample(
                    #""title": "Delete this photo?", "actions": [{"title": "Keep"}, {"title": "Delete", "role": "destructive"}]"#
                ).at("$.modals[0].actions")
            ],
            nonTriggering: [goodAlert],
            lint: { c in
                for a in c.alerts where a.hasDestructive && a.cancels.isEmpty {
                    c.report(.alertDestructiveCancel, a.actionsPath, nil, ["modal": a.modal.id])
                }
            }),
        RuleUnit(
            Rule(
                id: .alertDestructiveStyle, kinds: [.static], severity: .warning, severityNote: nil,
                section: #"3.4 Alerts"#,
                check:
                    #"An action titled with a destructive verb (Delete, Remove, Erase, Discard, Reset, Clear, Empty, Sign Out, Revoke) is not destructive style. The alert is exempt when it is flagged `confirmsDeliberateAction:true`, that is, when it confirms a destructive command the user chose. The exemption follows the current guidelines, which keep the style for actions people didn't deliberately choose."#,
                source:
                    #"S0:L221 "set the button's style to Destructive." H-Alerts (2024): "Use the destructive style to identify a button that performs a destructive action people didn't deliberately choose.""#
            ),
            name: T("Mark destructive buttons", "标出破坏性按钮"),
            message: T(
                "button {title} of alert “{modal}” destroys data ({verb}) but is not destructive style; set \"role\": \"destructive\", or mark the alert \"confirmsDeliberateAction\": true if people chose this action on purpose",
                "警告框“{modal}”的按钮{title}会破坏数据（{verb}），却不是破坏性样式；请设置 \"role\": \"destructive\"；若是用户有意选择的操作，可将警告框标记为 \"confirmsDeliberateAction\": true"
            ),
            notes:
                "Titles starting with Delete, Remove, Erase, Discard, Reset, Clear, Empty, Sign Out or Revoke (and 删除, 移除, 清除, …). Exempt when the alert has confirmsDeliberateAction.",
            triggering: [
                alertExample(
                    #""title": "Delete this photo?", "actions": [{"title": "Cancel", "role": "cancel"}, {"title": "Delete"}]"#
                ).at("$.modals[0].actions[1]")
            ],
            nonTriggering: [
                goodAlert,
                alertExample(
                    #""title": "Empty Trash?", "confirmsDeliberateAction": true, "actions": [{"title": "Cancel", "role": "cancel"}, {"title": "Empty Trash"}]"#
                ),
            ],
            lint: { c in
                // Exempt when the alert confirms a deliberate choice.
                for a in c.alerts where !a.modal.confirmsDeliberateAction {
                    for (j, x) in a.modal.actions.enumerated() where x.role == .default {
                        if let verb = Lexicon.destructiveVerb(x.title) {
                            c.report(
                                .alertDestructiveStyle, a.actionsPath.appending(j), nil,
                                ["modal": a.modal.id, "title": c.q(x.title), "verb": verb])
                        }
                    }
                }
            }),
        RuleUnit(
            Rule(
                id: .alertDefaultButton, kinds: [.static, .adapt], severity: .warning, severityNote: nil,
                section: #"3.4 Alerts"#,
                check:
                    #"Warn if `preferredAction` is a destructive action. Otherwise the server renders as UIKit does: `preferredAction` is bold and bound to Return; with no `preferredAction`, one enabled action plus Cancel makes Cancel the Return target, and Cancel is drawn bold. The guidelines have changed their advice on a bold Cancel over the years; ModalLab draws what UIKit draws and does not require a preferred Cancel."#,
                source:
                    #"S0:L221 "Make the Cancel button bold by marking it as the default button." H-Alerts (2024): "you don't want to make a Cancel button the default button… avoid making any button the default button." Decompiled `-[UIAlertController _actionForReturnKey]`"#
            ),
            name: T("Don't make a destructive action the default", "不要把破坏性操作设为默认按钮"),
            message: T(
                "the preferred (default) action of alert “{modal}” is the destructive {title}; Return would destroy data — remove preferred",
                "警告框“{modal}”的首选（默认）操作是破坏性的{title}；按回车键就会破坏数据——请去掉 preferred"),
            notes:
                "Only a destructive preferredAction is flagged; a preferred Cancel is not required (the 2024 HIG discourages one). The engine renders Cancel bold when nothing is preferred, as UIKit does.",
            triggering: [
                alertExample(
                    #""title": "Delete this photo?", "actions": [{"title": "Cancel", "role": "cancel"}, {"title": "Delete", "role": "destructive", "preferred": true}]"#
                ).at("$.modals[0].actions[1].preferred"),
                .script(
                    app(
                        home(edit: "a"),
                        #"{"id": "a", "style": "alert", "title": "Discard changes?", "actions": [{"title": "Cancel", "role": "cancel"}, {"title": "Save", "preferred": true}]}"#
                    ),
                    [.tap("edit-button")], expect: ["$.stack[0].bold": "Save", "$.stack[0].returnKey": "Save"],
                    draws: true),
            ],
            nonTriggering: [
                goodAlert,
                .script(
                    app(home(edit: "a"), alert("a")), [.tap("edit-button")],
                    expect: ["$.stack[0].bold": "Cancel", "$.stack[0].returnKey": "Cancel"]),
            ],
            lint: { c in
                for a in c.alerts {
                    guard let j = a.preferred, a.modal.actions[j].role == .destructive else { continue }
                    let at =
                        a.modal.actions[j].preferred
                        ? a.actionsPath.appending(j).appending("preferred") : a.path.appending("preferredAction")
                    c.report(
                        .alertDefaultButton, at, nil, ["modal": a.modal.id, "title": c.q(a.modal.actions[j].title)])
                }
            }),
        RuleUnit(
            Rule(
                id: .alertPreferredActionMember, kinds: [.static], severity: .error, severityNote: nil,
                section: #"3.4 Alerts"#,
                check: #"`preferredAction` names an action that is not in the alert's actions."#,
                source:
                    #"X: "The -preferredAction of an alert controller must be contained in the -actions array or be nil.""#
            ),
            name: T("The preferred action must be one of the actions", "首选操作必须是已有的操作"),
            message: T(
                "preferredAction {name} of “{modal}” is none of its actions ({titles}); name one of them by id, title or index",
                "“{modal}”的 preferredAction {name} 不是它的任何一个操作（{titles}）；请用 id、标题或序号指定其中之一"),
            notes:
                "The modal-level preferredAction (an action's id, title, or index). An action's own \"preferred\": true is always a member.",
            triggering: [
                alertExample(
                    #""title": "Save this draft?", "preferredAction": "Save Draft", "actions": [{"title": "Cancel", "role": "cancel"}, {"title": "Save"}]"#
                ).at("$.modals[0].preferredAction")
            ],
            nonTriggering: [
                alertExample(
                    #""title": "Save this draft?", "preferredAction": "Save", "actions": [{"title": "Cancel", "role": "cancel"}, {"title": "Save"}]"#
                )
            ],
            lint: { c in
                // Alerts and action sheets: `preferredAction` must name one of the actions.
                for v in c.modals(where: { $0.style == .alert || $0.style == .actionSheet }) {
                    let m = v.modal
                    if AlertButtons.preferredIndex(m) == nil, let name = m.preferredAction {
                        c.report(
                            .alertPreferredActionMember, v.path.appending("preferredAction"), nil,
                            [
                                "modal": m.id, "name": c.q(name),
                                "titles": m.actions.map { c.q($0.title) }.joined(separator: ", "),
                            ])
                    }
                }
            }),
        RuleUnit(
            Rule(
                id: .alertButtonTitleWords, kinds: [.static], severity: .warning, severityNote: nil,
                section: #"3.4 Alerts"#,
                check:
                    #"A button title has more than 2 words, or it does not fit in one line of its button at 17 pt: 110 pt of text for each of two side-by-side buttons, 230 pt for a stacked button."#,
                source:
                    #"S0:L209 "The best button titles consist of one or two words that describe the result of selecting the button." H-Alerts: "Aim for a one- or two-word title.""#
            ),
            name: T("One or two words per button", "按钮标题用一到两个词"),
            message: T(
                "button {title} of alert “{modal}” is too long",
                "警告框“{modal}”的按钮{title}太长"),
            variants: [
                "words": T(
                    "button {title} of alert “{modal}” has {count} words; use one or two words that say what happens",
                    "警告框“{modal}”的按钮{title}有 {count} 个词；请用一到两个词说明点击后的结果"),
                "wide": T(
                    "button {title} of alert “{modal}” is {width} pt wide and won't fit on one line (230 pt); shorten it",
                    "警告框“{modal}”的按钮{title}宽 {width} pt，一行放不下（230 pt）；请缩短"),
            ],
            notes:
                "More than two words (CJK titles are not counted), or wider than a stacked button's 230 pt at 17 pt (the bold button in Semibold). A pair wider than 110 pt is not flagged: UIKit stacks it (alert.button-layout), and the stacked button has 230 pt.",
            triggering: [
                alertExample(
                    #""title": "Delete this photo?", "actions": [{"title": "Cancel", "role": "cancel"}, {"title": "Delete It Right Now", "role": "destructive"}]"#
                ).at("$.modals[0].actions[1].title")
            ],
            nonTriggering: [goodAlert],
            lint: { c in
                // Two buttons sit side by side when both fit 110 pt; otherwise they stack
                // (alert.button-layout) and a title may take the stacked button's 230 pt. Measured as the
                // player draws them (AlertButtons): the bold one in Semibold.
                for a in c.alerts {
                    let widths = AlertButtons.titleWidths(a.modal)
                    for (j, x) in a.modal.actions.enumerated() {
                        let t = LintChecks.judged(x.title.trimmed)
                        let tp = a.actionsPath.appending(j).appending("title")
                        if !LintChecks.hasCJK(t) && LintChecks.wordCount(t) > 2 {
                            c.report(
                                .alertButtonTitleWords, tp, "words",
                                ["modal": a.modal.id, "title": c.q(t), "count": String(LintChecks.wordCount(t))])
                        } else if widths[j] > LintChecks.alertTextWidth {
                            c.report(
                                .alertButtonTitleWords, tp, "wide",
                                ["modal": a.modal.id, "title": c.q(t), "width": LintChecks.fmt(widths[j].rounded())])
                        }
                    }
                }
            }),
        RuleUnit(
            Rule(
                id: .alertAvoidYesNo, kinds: [.static], severity: .warning, severityNote: nil,
                section: #"3.4 Alerts"#,
                check: #"A button title is "Yes" or "No" (case-insensitive, also localized equivalents)."#,
                source: #"S0:L209 "Avoid using Yes and No." S2:L411. H-Alerts"#),
            name: T("Avoid Yes and No", "避免使用“是”和“否”"),
            message: T(
                "button {title} of alert “{modal}”: avoid Yes and No; title buttons with what they do",
                "警告框“{modal}”的按钮{title}：避免使用“是”和“否”；请用按钮执行的操作来命名"),
            notes: "Exact titles yes/no, case-insensitive, and localized equivalents (是, 否, Oui, Non, Ja, Nein, …).",
            triggering: [
                alertExample(
                    #""title": "Delete this photo?", "actions": [{"title": "No", "role": "cancel"}, {"title": "Yes", "role": "destructive"}]"#
                ).at("$.modals[0].actions[0].title", "$.modals[0].actions[1].title")
            ],
            nonTriggering: [goodAlert],
            lint: { c in
                for a in c.alerts {
                    for (j, x) in a.modal.actions.enumerated()
                    where Lexicon.yesNoTitles.contains(Lexicon.key(LintChecks.judged(x.title.trimmed))) {
                        c.report(
                            .alertAvoidYesNo, a.actionsPath.appending(j).appending("title"), nil,
                            ["modal": a.modal.id, "title": c.q(LintChecks.judged(x.title.trimmed))])
                    }
                }
            }),
        RuleUnit(
            Rule(
                id: .alertOKInformationalOnly, kinds: [.static], severity: .warning, severityNote: nil,
                section: #"3.4 Alerts"#,
                check:
                    #""OK" is a title in an alert that has two or more non-Cancel actions, a destructive action, or a text field, or "OK" is the preferred action of a confirmation."#,
                source:
                    #"S0:L209 "Use OK for simple acceptance." H-Alerts: "Avoid using OK as the default button title unless the alert is purely informational.""#
            ),
            name: T("OK only for simple acceptance", "“好”只用于简单确认"),
            message: T(
                "alert “{modal}” asks for a decision, so {title} says too little; title the button with the action it confirms",
                "警告框“{modal}”要求用户做决定，{title}表达的信息太少；请用它所确认的操作来命名按钮"),
            notes:
                "OK (好, 确定) in an alert with two or more non-Cancel actions, a destructive action or a text field, or OK as the preferred action beside Cancel.",
            triggering: [
                alertExample(
                    #""title": "Delete all messages?", "actions": [{"title": "Cancel", "role": "cancel"}, {"title": "OK", "preferred": true}]"#
                ).at("$.modals[0].actions[1].title")
            ],
            nonTriggering: [alertExample(#""title": "Download Complete", "actions": [{"title": "OK"}]"#)],
            lint: { c in
                for a in c.alerts {
                    let m = a.modal
                    guard let j = m.actions.firstIndex(where: { Lexicon.okTitles.contains(Lexicon.key($0.title)) })
                    else { continue }
                    let confirmation = a.preferred == j && !a.cancels.isEmpty
                    if a.nonCancel >= 2 || a.hasDestructive || !m.textFields.isEmpty || confirmation {
                        c.report(
                            .alertOKInformationalOnly, a.actionsPath.appending(j).appending("title"), nil,
                            ["modal": m.id, "title": c.q(m.actions[j].title)])
                    }
                }
            }),
        RuleUnit(
            Rule(
                id: .alertAvoidExplainingButtons, kinds: [.static], severity: .info, severityNote: nil,
                section: #"3.4 Alerts"#,
                check:
                    #"The message mentions a button title. If it does, it must use the verb "tap" or "choose", must not put the title in quotes, and must keep the title's capitalization. Flag "click", "touch" and "press". Older guidelines ask for "tap", the current ones for a term like "choose": both are accepted."#,
                source:
                    #"S0:L197 "use the word tap… don't enclose button titles in quotes." S2:L391 "确定使用轻击(tap)…不要用触摸(touch)、点击(click)或者选择(choose)" (use "tap", not touch, click or choose). H-Alerts: "use a term like choose… without quotes.""#
            ),
            name: T("Don't explain the buttons", "避免解释按钮"),
            message: T(
                "the message of alert “{modal}” explains button {title}; clear button titles need no explanation",
                "警告框“{modal}”的消息解释了按钮{title}；清晰的按钮标题无需解释"),
            variants: [
                "quoted": T(
                    "the message of alert “{modal}” puts button {title} in quotes; if you must refer to it, write “tap {title}” without quotes",
                    "警告框“{modal}”的消息给按钮{title}加了引号；如果必须提到它，请写“轻点{title}”且不加引号"),
                "verb": T(
                    "the message of alert “{modal}” says “{word}” for button {title}; say tap or choose",
                    "警告框“{modal}”的消息对按钮{title}使用了“{word}”；请使用 tap（轻点）或 choose（选择）"),
                "case": T(
                    "the message of alert “{modal}” writes button {title} as “{word}”; keep the button's capitalization",
                    "警告框“{modal}”的消息把按钮{title}写成了“{word}”；请保持按钮标题的大小写"),
            ],
            notes:
                "A mention is a button title in quotes, or after tap, choose, click, touch, press, select or hit. A mention is flagged when quoted, when the verb is click, touch, press or hit, or when its capitalization differs. Tap and choose are both accepted.",
            triggering: [
                alertExample(
                    #""title": "Delete this photo?", "message": "Click “Delete” to remove it.", "# + cancelDelete
                ).at("$.modals[0].message")
            ],
            nonTriggering: [
                goodAlert,
                alertExample(#""title": "Delete this photo?", "message": "Tap Delete to remove it.", "# + cancelDelete),
            ],
            lint: { c in
                for a in c.alerts where !a.message.isEmpty {
                    if let v = LintChecks.explainedButton(
                        a.message, tokens: a.messageTokens, titles: a.modal.actions.map(\.title))
                    {
                        c.report(
                            .alertAvoidExplainingButtons, a.messagePath, v.variant,
                            ["modal": a.modal.id, "title": c.q(v.title), "word": v.word])
                    }
                }
            }),
        RuleUnit(
            Rule(
                id: .alertAvoidPronouns, kinds: [.static], severity: .info, severityNote: nil,
                section: #"3.4 Alerts"#,
                check:
                    #"The title or message contains "you", "your", "me" or "my". The current HIG has dropped this rule."#,
                source: #"S0:L193 "Avoid pronouns such as you, your, me, and my." S2:L383"#),
            name: T("Avoid you, your, me and my", "避免使用“你”“你的”“我”“我的”"),
            message: T(
                "alert “{modal}” says {word}; pronouns can read as blaming or patronizing — rephrase without them",
                "警告框“{modal}”使用了{word}；代词可能让人觉得被指责或被轻视——请换一种不用代词的说法"),
            notes: "Info only: the current HIG has dropped the rule. Title and message, whole words.",
            triggering: [
                alertExample(#""title": "Are you sure you want to delete this photo?", "# + cancelDelete).at(
                    "$.modals[0].title")
            ],
            nonTriggering: [goodAlert],
            lint: { c in
                for a in c.alerts {
                    for (text, tokens, path) in a.texts where !text.isEmpty {
                        if let p = LintChecks.pronoun(text, tokens: tokens) {
                            c.report(.alertAvoidPronouns, path, nil, ["modal": a.modal.id, "word": c.q(p)])
                            break
                        }
                    }
                }
            }),
        RuleUnit(
            Rule(
                id: .alertTone, kinds: [.static], severity: .info, severityNote: nil,
                section: #"3.4 Alerts"#,
                check: #"Flag words from an accusatory-word list ("invalid", "illegal", "failed to", "you must")."#,
                source:
                    #"S0:L193 "Avoid sounding accusatory, judgmental, or insulting." H-Alerts: "be direct, and use a neutral, approachable tone.""#
            ),
            name: T("A neutral tone", "语气保持中立"),
            message: T(
                "alert “{modal}” says {word}, which can sound accusatory; describe the problem neutrally",
                "警告框“{modal}”使用了{word}，听起来可能像在指责用户；请中立地描述问题"),
            notes: "The list: invalid, illegal, failed to, you must.",
            triggering: [
                alertExample(
                    #""title": "Invalid Password", "message": "The password doesn't match.", "actions": [{"title": "Cancel", "role": "cancel"}, {"title": "Try Again"}]"#
                ).at("$.modals[0].title")
            ],
            nonTriggering: [
                alertExample(
                    #""title": "Incorrect Password", "message": "The password doesn't match.", "actions": [{"title": "Cancel", "role": "cancel"}, {"title": "Try Again"}]"#
                )
            ],
            lint: { c in
                for a in c.alerts {
                    for (text, tokens, path) in a.texts where !text.isEmpty {
                        if let w = LintChecks.toneWords.first(where: {
                            !TextSearch.occurrences(of: $0, in: tokens).isEmpty
                        }) {
                            c.report(
                                .alertTone, path, nil, ["modal": a.modal.id, "word": c.q(w.joined(separator: " "))])
                            break
                        }
                    }
                }
            }),
        RuleUnit(
            Rule(
                id: .alertTextFieldIfNeeded, kinds: [.static], severity: .info, severityNote: nil,
                section: #"3.4 Alerts"#,
                check: #"A text field in an alert should be needed to resolve the situation."#,
                source: #"H-Alerts: "include a text field only if you need people's input to resolve the situation.""#),
            name: T("Text fields only when needed", "仅在需要时使用文本框"),
            message: T(
                "alert “{modal}” has a text field but no way to both submit and decline it; include a text field only when the input resolves the situation",
                "警告框“{modal}”有文本框，却不能同时提交或拒绝输入；只有当输入能解决问题时才使用文本框"),
            notes:
                "The stated intent is fuzzy; the check flags a text field in an alert with fewer than two actions or no action besides Cancel.",
            triggering: [
                alertExample(
                    #""title": "Name This Playlist", "textFields": [{"placeholder": "Name"}], "actions": [{"title": "OK"}]"#
                ).at("$.modals[0].textFields")
            ],
            nonTriggering: [
                alertExample(
                    #""title": "Name This Playlist", "textFields": [{"placeholder": "Name"}], "actions": [{"title": "Cancel", "role": "cancel"}, {"title": "Save"}]"#
                )
            ],
            lint: { c in
                // A field nobody can submit or decline.
                for a in c.alerts where !a.modal.textFields.isEmpty && (a.nonCancel == 0 || a.modal.actions.count < 2) {
                    c.report(.alertTextFieldIfNeeded, a.path.appending("textFields"), nil, ["modal": a.modal.id])
                }
            }),
        RuleUnit(
            Rule(
                id: .alertNotInformationalOnly, kinds: [.static], severity: .info, severityNote: nil,
                section: #"3.4 Alerts"#,
                check: #"An alert whose only action is OK or Done, and that is not tagged `critical`, gets a hint."#,
                source: #"H-Alerts: "Avoid using an alert merely to provide information." S0:L171 "Minimize alerts.""#),
            name: T("Don't alert just to inform", "不要只为告知而使用警告框"),
            message: T(
                "alert “{modal}” only informs ({title} is its one button); show the information in place unless it is critical (tag the alert \"critical\")",
                "警告框“{modal}”只起告知作用（唯一的按钮是{title}）；除非信息至关重要（为警告框添加 \"critical\" 标签），否则请在界面中直接显示"),
            triggering: [
                alertExample(#""title": "Download Complete", "actions": [{"title": "OK"}]"#).at("$.modals[0].actions")
            ],
            nonTriggering: [
                alertExample(#""title": "Storage Almost Full", "tags": ["critical"], "actions": [{"title": "OK"}]"#)
            ],
            lint: { c in
                for a in c.alerts where a.modal.actions.count == 1 && !LintChecks.tagged(a.modal, "critical") {
                    let k = Lexicon.key(a.modal.actions[0].title)
                    if Lexicon.okTitles.contains(k) || Lexicon.doneTitles.contains(k) {
                        c.report(
                            .alertNotInformationalOnly, a.actionsPath, nil,
                            ["modal": a.modal.id, "title": c.q(a.modal.actions[0].title)])
                    }
                }
            }),
        RuleUnit(
            Rule(
                id: .alertNotForUndoable, kinds: [.static], severity: .info, severityNote: nil,
                section: #"3.4 Alerts"#,
                check: #"An alert that confirms an action tagged `undoable` gets a hint."#,
                source:
                    #"H-Alerts: "Avoid displaying alerts for common, undoable actions, even when they're destructive.""#
            ),
            name: T("No alerts for undoable actions", "可撤销的操作不需要警告框"),
            message: T(
                "alert “{modal}” confirms an undoable action; skip the alert and offer Undo instead",
                "警告框“{modal}”确认的是可撤销的操作；请去掉警告框，改为提供“撤销”"),
            notes: "An alert tagged \"undoable\".",
            triggering: [
                alertExample(
                    #""title": "Move to Archive?", "tags": ["undoable"], "actions": [{"title": "Cancel", "role": "cancel"}, {"title": "Archive"}]"#
                ).at("$.modals[0].tags")
            ],
            nonTriggering: [goodAlert],
            lint: { c in
                for a in c.alerts where a.modal.tags.contains("undoable") {
                    c.report(.alertNotForUndoable, a.path.appending("tags"), nil, ["modal": a.modal.id])
                }
            }),
        RuleUnit(
            Rule(
                id: .alertVsActionSheet, kinds: [.static], severity: .info, severityNote: nil,
                section: #"3.4 Alerts"#,
                check:
                    #"An alert with two or more non-Cancel choices, triggered by a user action, gets a hint to use an action sheet."#,
                source:
                    #"H-Alerts: "Use an action sheet — not an alert — to offer choices related to an intentional action.""#
            ),
            name: T("Choices after an action belong in an action sheet", "与操作相关的选项应使用操作列表"),
            message: T(
                "alert “{modal}” offers {count} choices after something people did; use an action sheet for choices related to an intentional action",
                "警告框“{modal}”在用户操作之后提供了 {count} 个选项；与用户有意操作相关的选项请使用操作列表"),
            notes:
                "Two or more non-Cancel actions, and the alert is presented by a control, an alert action, or as a confirmDiscard.",
            triggering: [
                .json(
                    #"{"screens": [{"id": "home", "title": "Home", "content": [{"type": "button", "id": "close-button", "title": "Close", "action": {"present": "save"}}]}], "modals": [{"id": "save", "style": "alert", "title": "Save changes?", "actions": [{"title": "Don't Save"}, {"title": "Save"}]}]}"#
                ).at("$.modals[0].actions")
            ],
            nonTriggering: [
                .json(
                    #"{"screens": [{"id": "home", "title": "Home", "content": [{"type": "button", "id": "delete-button", "title": "Delete", "action": {"present": "confirm"}}]}], "modals": [{"id": "confirm", "style": "alert", "title": "Delete this photo?", "actions": [{"title": "Cancel", "role": "cancel"}, {"title": "Delete", "role": "destructive"}]}]}"#
                )
            ],
            lint: { c in
                // Two or more choices, opened by something people did.
                for a in c.alerts where a.nonCancel >= 2 {
                    let id = a.modal.id
                    if c.presenters[id] != nil || c.confirmDiscardTargets.contains(id) {
                        c.report(
                            .alertVsActionSheet, a.actionsPath, nil, ["modal": id, "count": String(a.nonCancel)])
                    }
                }
            }),
        RuleUnit(
            Rule(
                id: .alertHomeCancels, kinds: [.adapt], severity: .info, severityNote: nil,
                section: #"3.4 Alerts"#,
                check:
                    #"The prototype's "exit to Home" or app-background event dismisses a visible alert and runs its Cancel handler, or the declared `onExit` if the alert has no Cancel action. With a hardware keyboard, Esc or Cmd-. cancels and Return runs the default action."#,
                source:
                    #"S0:L225 "Accessing the Home screen while an alert is visible exits the app. It should also produce the same effect as tapping the Cancel button… consider implementing a cancel action… when someone exits your app." S2:L405. H-Alerts: the table of cancel methods"#
            ),
            name: T("Going Home cancels an alert", "返回主屏幕即取消警告框"),
            message: T(
                "alert “{modal}” was cancelled because the app left the foreground",
                "应用离开前台，警告框“{modal}”已被取消"),
            notes:
                "The server cancels the alert on Home (or runs onExit); Esc and Cmd-. cancel, Return runs the default action.",
            triggering: [
                .script(app(home(edit: "a"), alert("a")), [.tap("edit-button"), .home], expect: ["$.stack": []])
            ],
            nonTriggering: [
                .script(
                    app(home(edit: "a"), alert("a")), [.tap("edit-button"), .rotate(.landscape)],
                    expect: ["$.stack[0].modal": "a"])
            ]),
        RuleUnit(
            Rule(
                id: .alertNoTapOutside, kinds: [.adapt], severity: .info, severityNote: nil,
                section: #"3.4 Alerts"#,
                check: #"A tap outside an alert is ignored; only its buttons, or the cancel events above, dismiss it."#,
                source: #"S0: "requires a tap to dismiss"; UIKit behaviour (not in the documentation)."#),
            name: T("A tap outside doesn't close an alert", "点击外部不会关闭警告框"),
            message: T(
                "a tap outside alert “{modal}” is ignored; only its buttons close it",
                "点击警告框“{modal}”外部不起作用；只能通过其按钮关闭"),
            triggering: [
                .script(
                    app(home(edit: "a"), alert("a")), [.tap("edit-button"), .tapOutside()],
                    expect: ["$.stack[0].modal": "a"])
            ],
            nonTriggering: [
                .script(
                    app(home(edit: "a"), alert("a")), [.tap("edit-button"), .tap("a", "Cancel")],
                    expect: ["$.stack": []])
            ]),
    ]
}

/// An alert as its checks read it: the modal and its paths, its title and message trimmed (their
/// first ``LintChecks/judgedLength`` characters; the line counts measure the whole texts),
/// measured (lines in the 230 pt text box) and split into words, and its buttons' roles. A
/// class, made once per lint, so that the checks' walks retain one reference per alert instead
/// of copying the modal and the texts.
final class AlertFacts {
    let modal: Modal
    let path: JSONPath
    var actionsPath: JSONPath { path.appending("actions") }
    var titlePath: JSONPath { path.appending("title") }
    var messagePath: JSONPath { path.appending("message") }
    let title: String
    let message: String
    /// Lines of the title (Headline: 17 pt Semibold at Large) and of the message (Footnote:
    /// 13 pt Regular at Large), at the lint target's text size; 0 when empty.
    let titleLines: Int
    let messageLines: Int
    let titleTokens: [String]
    let messageTokens: [String]
    /// Indices of the Cancel actions; the number of the others.
    let cancels: [Int]
    let nonCancel: Int
    let hasDestructive: Bool
    /// The preferred action's index (``AlertButtons/preferredIndex(_:)``).
    let preferred: Int?
    /// Whether its buttons sit side by side (``AlertButtons/sideBySide(_:)``).
    let sideBySide: Bool

    init(
        modal: Modal, path: JSONPath, title: String, message: String, titleLines: Int, messageLines: Int,
        titleTokens: [String], messageTokens: [String], cancels: [Int], nonCancel: Int, hasDestructive: Bool,
        preferred: Int?, sideBySide: Bool
    ) {
        self.modal = modal
        self.path = path
        self.title = title
        self.message = message
        self.titleLines = titleLines
        self.messageLines = messageLines
        self.titleTokens = titleTokens
        self.messageTokens = messageTokens
        self.cancels = cancels
        self.nonCancel = nonCancel
        self.hasDestructive = hasDestructive
        self.preferred = preferred
        self.sideBySide = sideBySide
    }

    /// The title and the message, each with its words and path.
    var texts: [(String, [String], JSONPath)] {
        [(title, titleTokens, titlePath), (message, messageTokens, messagePath)]
    }
}

extension LintContext {
    /// Every alert of the prototype, measured once.
    var alerts: [AlertFacts] {
        memo("alerts") {
            modals { $0.style == .alert }.map { v in
                let m = v.modal
                // The length rules measure the whole text; the others read its first
                // ``LintChecks/judgedLength`` characters.
                let fullTitle = (m.title ?? "").trimmed
                let fullMessage = (m.message ?? "").trimmed
                let title = LintChecks.judged(fullTitle)
                let message = LintChecks.judged(fullMessage)
                let width = LintChecks.alertTextWidth
                // At the target's text size: Headline (17 pt at Large) and Footnote (13 pt).
                let size = target.contentSize
                return AlertFacts(
                    modal: m, path: v.path, title: title, message: message,
                    titleLines: LintChecks.lineCount(
                        fullTitle, width: width, size: size.bodyPointSize, weight: .semibold),
                    messageLines: LintChecks.lineCount(
                        fullMessage, width: width, size: size.footnotePointSize, weight: .regular),
                    titleTokens: LintChecks.tokens(title), messageTokens: LintChecks.tokens(message),
                    cancels: m.actions.indices.filter { m.actions[$0].role == .cancel },
                    nonCancel: m.actions.filter { $0.role != .cancel }.count,
                    hasDestructive: m.actions.contains { $0.role == .destructive },
                    preferred: AlertButtons.preferredIndex(m),
                    sideBySide: AlertButtons.sideBySide(m, contentSize: size))
            }
        }
    }
}

extension LintChecks {
    /// The width of an alert's text box, in points.
    static let alertTextWidth = 230.0

    /// Words and phrases `alert.tone` flags, as tokens.
    static let toneWords: [[String]] = [["invalid"], ["illegal"], ["failed", "to"], ["you", "must"]]

    /// Whether lowercased `s` matches `/error\s*\d+/`.
    static func hasErrorCode(_ s: String) -> Bool {
        let u = Array(s.utf8)
        let e = Array("error".utf8)
        var i = 0
        while i + e.count <= u.count {
            if u[i..<(i + e.count)].elementsEqual(e) {
                var j = i + e.count
                while j < u.count, u[j] == 32 || u[j] == 9 || u[j] == 10 { j += 1 }
                if j < u.count, u[j] >= 48 && u[j] <= 57 { return true }
            }
            i += 1
        }
        return false
    }

    /// The first of you, your, me, my (or 你, 您, 我 but not 我们) in `text`.
    static func pronoun(_ text: String, tokens: [String]) -> String? {
        if let w = tokens.first(where: { ["you", "your", "me", "my"].contains($0) }) { return w }
        guard text.utf8.contains(where: { $0 >= 0x80 }) else { return nil }
        let chars = Array(text)
        for (k, ch) in chars.enumerated() {
            if ch == "你" || ch == "您" { return String(ch) }
            if ch == "我" && (k + 1 >= chars.count || chars[k + 1] != "们") { return "我" }
        }
        return nil
    }

    /// A message that refers to a button: the title in quotes, with click/touch/press, or with
    /// its capitalization changed. "tap" and "choose" are both fine.
    static func explainedButton(_ message: String, tokens words: [String], titles: [String]) -> (
        variant: String, title: String, word: String
    )? {
        let verbs: Set<String> = ["tap", "choose", "click", "touch", "press", "select", "hit"]
        let bad: Set<String> = ["click", "touch", "press", "hit"]
        let quotes: Set<Character> = ["\"", "“", "”", "'", "‘", "’", "「", "」"]
        // Most messages name no button: skip the search unless there is a quote or a verb.
        guard
            message.contains(where: { quotes.contains($0) })
                || words.contains(where: { w in verbs.contains { w.hasPrefix($0) } })
        else { return nil }
        // Case-insensitive, character by character (each compared lowercased), with a linear
        // search: a megabyte of message against a long title costs no more than reading both.
        let chars = Array(message)
        let folded = chars.map { String($0).lowercased() }
        for title in titles {
            let t = title.trimmed
            let tChars = Array(t)
            guard tChars.count >= 2 else { continue }
            for start in TextSearch.occurrences(of: tChars.map { String($0).lowercased() }, in: folded) {
                let end = start + tChars.count
                // Whole words only.
                if start > 0, chars[start - 1].isLetter { continue }
                if end < chars.count, chars[end].isLetter { continue }
                let quoted =
                    start > 0 && end < chars.count && quotes.contains(chars[start - 1]) && quotes.contains(chars[end])
                let words = tokens(String(chars[max(0, start - 24)..<start])).suffix(3)
                let verb = words.last(where: { w in verbs.contains { w.hasPrefix($0) } })
                guard quoted || verb != nil else { continue }
                if quoted { return ("quoted", t, verb ?? "") }
                if let v = verb, let b = bad.first(where: { v.hasPrefix($0) }) { return ("verb", t, b) }
                let found = String(chars[start..<end])
                if found != t { return ("case", t, found) }
            }
        }
        return nil
    }
}
