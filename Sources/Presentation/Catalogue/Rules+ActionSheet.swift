// The action sheet rules ("3.5 Action sheets"), each whole: its catalogue row, its words, its
// check and its examples. Geometry from the text measures of Presentation/Text.

import JSON
import Prototype

extension RuleCatalogue {
    /// `{"modals": [<an action sheet with these members>]}`.
    static func sheetExample(_ members: String) -> RuleExample {
        .json(#"{"modals": [{"id": "discard", "style": "actionSheet", "# + members + "}]}")
    }
    /// A well-formed data-loss confirmation anchored to the Edit button.
    static let goodActionSheet = sheetExample(
        #""source": "edit-button", "actions": [{"title": "Delete Draft", "role": "destructive"}, {"title": "Save Draft"}, {"title": "Cancel", "role": "cancel"}]"#
    )

    static let actionSheetRules: [RuleUnit] = [
        RuleUnit(
            Rule(
                id: .actionSheetAnchorRequired, kinds: [.static, .runtime], severity: .error, severityNote: nil,
                section: #"3.5 Action sheets"#,
                check:
                    #"An action sheet that can be shown in wR has no `sourceView`/`sourceRect` and no `barButtonItem`."#,
                source:
                    #"X (NSGenericException): "Your application has presented a UIAlertController… of style UIAlertControllerStyleActionSheet. The modalPresentationStyle of a UIAlertController with this style is UIModalPresentationPopover. You must provide location information for this popover… You must provide either a sourceView and sourceRect or a barButtonItem.""#
            ),
            name: T("An action sheet needs an anchor", "操作列表需要锚点"),
            message: T(
                "action sheet “{modal}” has no source, but it is a popover in regular width (iPad) and UIKit would crash; set \"source\" to the control that opens it",
                "操作列表“{modal}”没有 source，而它在常规宽度（iPad）下以弹出框显示，UIKit 会因此崩溃；请把 \"source\" 设为打开它的控件"),
            notes:
                "When any declared device has a wR/hR window (an iPad), where the action sheet is a popover. On an iPhone Pro Max in landscape (wR/hC) it slides up from the bottom, as a popover adapts there (actionsheet.regular-as-popover), and needs no anchor.",
            triggering: [
                sheetExample(
                    #""actions": [{"title": "Delete Draft", "role": "destructive"}, {"title": "Cancel", "role": "cancel"}]"#
                ).at("$.modals[0]"),
                .script(
                    app(
                        home(),
                        #"{"id": "a", "style": "actionSheet", "actions": [{"title": "Delete Photo", "role": "destructive"}, {"title": "Cancel", "role": "cancel"}]}"#
                    ),
                    on: "ipad-pro-11", [.present("a")], expect: ["$.refusal": .rule(.actionSheetAnchorRequired)]),
            ],
            nonTriggering: [
                goodActionSheet,
                .json(
                    #"{"devices": ["iphone-se-3", "iphone-16"], "modals": [{"id": "discard", "style": "actionSheet", "actions": [{"title": "Delete Draft", "role": "destructive"}, {"title": "Cancel", "role": "cancel"}]}]}"#
                ),
                .script(
                    app(
                        home(),
                        deletePhotoSheet("a")
                    ),
                    on: "ipad-pro-11", [.present("a")], expect: ["$.stack[0].form": "popover"]),
            ],
            lint: { c in
                for s in c.actionSheets where s.modal.source == nil && c.target.canShowPopover {
                    c.report(.actionSheetAnchorRequired, s.path, nil, ["modal": s.modal.id])
                }
            }),
        RuleUnit(
            Rule(
                id: .actionSheetNoTextField, kinds: [.static], severity: .error, severityNote: nil,
                section: #"3.5 Action sheets"#,
                check: #"The action sheet contains a text field."#,
                source:
                    #"X (NSInternalInconsistencyException): "Text fields can only be added to an alert controller of style UIAlertControllerStyleAlert""#
            ),
            name: T("No text fields in action sheets", "操作列表中不能有文本框"),
            message: T(
                "action sheet “{modal}” has text fields, which UIKit allows only in alerts; use an alert",
                "操作列表“{modal}”含有文本框，UIKit 只允许警告框使用文本框；请改用警告框"),
            triggering: [
                sheetExample(
                    #""source": "edit-button", "textFields": [{"placeholder": "Name"}], "actions": [{"title": "Rename"}, {"title": "Cancel", "role": "cancel"}]"#
                ).at("$.modals[0].textFields")
            ],
            nonTriggering: [goodActionSheet],
            lint: { c in
                for s in c.actionSheets where !s.modal.textFields.isEmpty {
                    c.report(.actionSheetNoTextField, s.path.appending("textFields"), nil, ["modal": s.modal.id])
                }
            }),
        RuleUnit(
            Rule(
                id: .actionSheetOneCancel, kinds: [.static], severity: .error, severityNote: nil,
                section: #"3.5 Action sheets"#,
                check: #"More than one Cancel-style action (same check as `alert.one-cancel`)."#,
                source: #"X (same message as `alert.one-cancel`)"#),
            name: T("Only one Cancel action", "只能有一个取消操作"),
            message: T(
                "action sheet “{modal}” has {count} Cancel-style actions; UIKit allows only one",
                "操作列表“{modal}”有 {count} 个取消样式的操作；UIKit 只允许一个"),
            triggering: [
                sheetExample(
                    #""source": "edit-button", "actions": [{"title": "Delete Draft", "role": "destructive"}, {"title": "Keep Editing", "role": "cancel"}, {"title": "Cancel", "role": "cancel"}]"#
                ).at("$.modals[0].actions[2].role")
            ],
            nonTriggering: [goodActionSheet],
            lint: { c in
                for s in c.actionSheets {
                    LintChecks.secondCancel(c, .actionSheetOneCancel, s.modal, s.actionsPath, s.cancels)
                }
            }),
        RuleUnit(
            Rule(
                id: .actionSheetCancelBottom, kinds: [.adapt, .static], severity: .info, severityNote: nil,
                section: #"3.5 Action sheets"#,
                check:
                    #"The Cancel-style action is always rendered last, in its own group separated by 8 pt. The lint notes a Cancel declared elsewhere in the list."#,
                source:
                    #"S0:L125 "Cancel buttons should always be included in action sheets at the bottom of the screen." H-ActionSheets: "Place the Cancel button at the bottom of the action sheet." S3:L113"#,
                versions: .changed(
                    .init(
                        26,
                        "An action sheet shown inline at its source has no Cancel button: a tap outside dismisses it (WWDC25 \"Build a UIKit app with the new design\", inline alerts and action sheets). Without a source on screen it keeps its Cancel."
                    ))
            ),
            name: T("Cancel at the bottom", "“取消”放在底部"),
            message: T(
                "Cancel action {title} of action sheet “{modal}” is declared before other actions; it is always drawn last, in its own group — list it last",
                "操作列表“{modal}”的取消操作{title}被声明在其他操作之前；它总是显示在最后的独立分组中——请把它列在最后"),
            triggering: [
                sheetExample(
                    #""source": "edit-button", "actions": [{"title": "Cancel", "role": "cancel"}, {"title": "Delete Draft", "role": "destructive"}]"#
                ).at("$.modals[0].actions[0]"),
                .script(
                    app(
                        home(edit: "a"),
                        #"{"id": "a", "style": "actionSheet", "source": "edit-button", "actions": [{"title": "Cancel", "role": "cancel"}, {"title": "Delete Photo", "role": "destructive"}]}"#
                    ),
                    [.tap("edit-button")], expect: ["$.stack[0].buttons": ["Delete Photo", "Cancel"]], draws: true),
            ],
            nonTriggering: [
                goodActionSheet,
                .script(
                    app(
                        home(edit: "a"),
                        deletePhotoSheet("a")
                    ),
                    [.tap("edit-button")], expect: ["$.stack[0].buttons": ["Delete Photo", "Cancel"]]),
            ],
            lint: { c in
                for s in c.actionSheets {
                    if let j = s.cancels.first, j != s.modal.actions.count - 1 {
                        c.report(
                            .actionSheetCancelBottom, s.actionsPath.appending(j), nil,
                            ["modal": s.modal.id, "title": c.q(s.modal.actions[j].title)])
                    }
                }
            }),
        RuleUnit(
            Rule(
                id: .actionSheetCancelWhenDestructive, kinds: [.static], severity: .warning, severityNote: nil,
                section: #"3.5 Action sheets"#,
                check:
                    #"The action sheet has a destructive action and no Cancel action. Without a destructive action, a missing Cancel is info only. The guidelines disagree on whether Cancel is always needed; the current page asks for it where an action might destroy data."#,
                source:
                    #"H-ActionSheets: "If necessary, provide a Cancel button that lets people reject an action that might destroy data." S0:L125 "Provide a Cancel button if it adds clarity.""#
            ),
            name: T("Cancel beside a destructive choice", "有破坏性选项时提供“取消”"),
            message: T(
                "action sheet “{modal}” offers a destructive action but no Cancel; add a Cancel action so people can back out",
                "操作列表“{modal}”提供了破坏性操作却没有“取消”；请添加取消操作，让用户可以退出"),
            variants: [
                "info": T(
                    "action sheet “{modal}” has no Cancel action; add one if it makes the choice clearer",
                    "操作列表“{modal}”没有取消操作；如果能让选择更清晰，请添加一个")
            ],
            notes:
                "A warning with a destructive action, info otherwise: the guidelines disagree on whether an action sheet always needs Cancel.",
            triggering: [
                sheetExample(
                    #""source": "edit-button", "actions": [{"title": "Delete Draft", "role": "destructive"}, {"title": "Save Draft"}]"#
                ).at("$.modals[0].actions"),
                sheetExample(#""source": "edit-button", "actions": [{"title": "Save Draft"}, {"title": "Send Now"}]"#)
                    .at("$.modals[0].actions"),
            ],
            nonTriggering: [goodActionSheet],
            lint: { c in
                for s in c.actionSheets where s.cancels.isEmpty {
                    let destructive = s.modal.actions.contains { $0.role == .destructive }
                    c.report(
                        .actionSheetCancelWhenDestructive, s.actionsPath, destructive ? nil : "info",
                        ["modal": s.modal.id],
                        severity: destructive ? .warning : .info)
                }
            }),
        RuleUnit(
            Rule(
                id: .actionSheetDestructiveTop, kinds: [.static], severity: .warning, severityNote: nil,
                section: #"3.5 Action sheets"#,
                check:
                    #"A destructive-style action is not among the first actions, that is, a non-destructive action comes before it."#,
                source:
                    #"S0:L129 "display these buttons at the top of an action sheet." S2:L431 "在操作列表的顶部使用文字颜色为红色的按钮" (put red-text buttons at the top of the action sheet). H-ActionSheets: "place these buttons at the top of the action sheet.""#
            ),
            name: T("Destructive choices on top", "破坏性选项放在顶部"),
            message: T(
                "destructive action {title} of action sheet “{modal}” comes after other choices; put destructive actions at the top",
                "操作列表“{modal}”的破坏性操作{title}排在其他选项之后；请把破坏性操作放在顶部"),
            triggering: [
                sheetExample(
                    #""source": "edit-button", "actions": [{"title": "Save Draft"}, {"title": "Delete Draft", "role": "destructive"}, {"title": "Cancel", "role": "cancel"}]"#
                ).at("$.modals[0].actions[1]")
            ],
            nonTriggering: [goodActionSheet],
            lint: { c in
                for s in c.actionSheets {
                    let actions = s.modal.actions
                    for (j, a) in actions.enumerated() where a.role == .destructive {
                        if actions[..<j].contains(where: { $0.role == .default }) {
                            c.report(
                                .actionSheetDestructiveTop, s.actionsPath.appending(j), nil,
                                ["modal": s.modal.id, "title": c.q(a.title)])
                            break
                        }
                    }
                }
            }),
        RuleUnit(
            Rule(
                id: .actionSheetDestructiveStyle, kinds: [.static], severity: .warning, severityNote: nil,
                section: #"3.5 Action sheets"#,
                check: #"An action titled with a destructive verb is not destructive style."#,
                source:
                    #"S0:L129 "Use red for buttons that perform destructive or dangerous actions." H-ActionSheets: "Use the destructive style…""#
            ),
            name: T("Mark destructive choices", "标出破坏性选项"),
            message: T(
                "action {title} of action sheet “{modal}” destroys data ({verb}) but is not destructive style; set \"role\": \"destructive\" so it shows in red",
                "操作列表“{modal}”的操作{title}会破坏数据（{verb}），却不是破坏性样式；请设置 \"role\": \"destructive\"，使其显示为红色"),
            notes:
                "The same destructive verbs as alert.destructive-style. Action sheets have no confirmsDeliberateAction exemption.",
            triggering: [
                sheetExample(
                    #""source": "edit-button", "actions": [{"title": "Delete Draft"}, {"title": "Save Draft"}, {"title": "Cancel", "role": "cancel"}]"#
                ).at("$.modals[0].actions[0]")
            ],
            nonTriggering: [goodActionSheet],
            lint: { c in
                for s in c.actionSheets {
                    for (j, a) in s.modal.actions.enumerated() where a.role == .default {
                        if let verb = Lexicon.destructiveVerb(a.title) {
                            c.report(
                                .actionSheetDestructiveStyle, s.actionsPath.appending(j), nil,
                                ["modal": s.modal.id, "title": c.q(a.title), "verb": verb])
                        }
                    }
                }
            }),
        RuleUnit(
            Rule(
                id: .actionSheetNoScroll, kinds: [.static], severity: .warning, severityNote: nil,
                section: #"3.5 Action sheets"#,
                check:
                    #"The computed height exceeds the usable height in the smallest declared device, in portrait and in landscape: 10 + the header + 57 per action + 8 + 57 for Cancel + the bottom margin, in points, against the window's height less its top safe area. At larger text sizes the rows and the header grow (`modallab lint --content-size`)."#,
                source: #"S0:L133; S2:L433; H-ActionSheets: "Avoid letting an action sheet scroll.""#),
            name: T("Action sheets shouldn't scroll", "操作列表不应滚动"),
            message: T(
                "action sheet “{modal}” is about {height} pt tall but only {usable} pt fit on {device}; offer fewer choices",
                "操作列表“{modal}”约 {height} pt 高，而在 {device} 上只能容纳 {usable} pt；请减少选项"),
            variants: [
                "text": T(
                    "action sheet “{modal}” is about {height} pt tall but only {usable} pt fit on {device}; with two choices or fewer, its title and message take the room — shorten them",
                    "操作列表“{modal}”约 {height} pt 高，而在 {device} 上只能容纳 {usable} pt；选项不超过两个，占据空间的是标题和说明——请缩短它们")
            ],
            notes:
                "Height 10 + header + rows + 8 + the Cancel row (when there is one) + the bottom safe area (at least 8 pt), against the window height less the top safe area, in every window of the declared devices where the sheet slides up from the bottom (portrait and landscape): exactly where the player makes it scroll. At Large a row is 57 pt and the header 27.5 pt + 18 per line of title and message (+ 2 between them); at other text sizes (`modallab lint --content-size`) rows are 2 × 16 pt + Title 3 lines (wrapping at the accessibility sizes) and the header's lines are Footnote's. The smallest window is reported.",
            triggering: [
                sheetExample(
                    #""source": "more-button", "title": "Move To", "actions": [{"title": "Inbox"}, {"title": "Archive"}, {"title": "Work"}, {"title": "Travel"}, {"title": "Receipts"}, {"title": "Family"}, {"title": "Cancel", "role": "cancel"}]"#
                ).at("$.modals[0].actions")
            ],
            nonTriggering: [goodActionSheet],
            lint: { c in
                // 10 + the sheet's height + the bottom margin ≤ height − top safe area, in every
                // window where the sheet slides up from the bottom: exactly where the frame layout
                // makes it scroll. The height is the layout's (SystemContentLayout), at the
                // target's text size.
                let metrics = c.target.metrics
                for s in c.actionSheets {
                    var measured: [Double: Double] = [:]  // sheet width → its height
                    for e in c.actionSheetWindows {
                        let w = SystemContentLayout.bottomActionSheetWidth(in: e)
                        let natural =
                            measured[w]
                            ?? SystemContentLayout.actionSheetHeight(
                                s.modal, inPopover: false, width: w, metrics: metrics)
                        measured[w] = natural
                        let height = metrics.actionSheetTopMargin + natural + max(e.safeArea.bottom, 8)
                        let usable = e.windowSize.height - e.safeArea.top
                        if height > usable {
                            let choices = s.modal.actions.filter { $0.role != .cancel }.count
                            c.report(
                                .actionSheetNoScroll, s.actionsPath, choices <= 2 ? "text" : nil,
                                [
                                    "modal": s.modal.id, "height": LintChecks.fmt(height),
                                    "usable": LintChecks.fmt(usable),
                                    "device": c.label(e),
                                ])
                            break
                        }
                    }
                }
            }),
        RuleUnit(
            Rule(
                id: .actionSheetTitleOneLine, kinds: [.static], severity: .warning, severityNote: nil,
                section: #"3.5 Action sheets"#,
                check:
                    #"The title wraps to more than one line (13 pt Semibold, in the sheet's width less 2 × 16 pt; the sheet is the window's width less 2 × 8 pt, or a 304 pt popover)."#,
                source: #"H-ActionSheets: "Aim to keep titles short enough to display on a single line.""#),
            name: T("One-line titles", "标题保持在一行内"),
            message: T(
                "the title of action sheet “{modal}” wraps to {lines} lines; keep it to one line",
                "操作列表“{modal}”的标题折成了 {lines} 行；请保持在一行内"),
            notes:
                "13 pt Semibold, in the sheet width less 2 × 16 pt of the narrowest window where it is drawn (a compact window's width less 16 pt, or a 304 pt popover).",
            triggering: [
                sheetExample(
                    #""source": "edit-button", "title": "This draft has unsaved changes that will be lost if you close it without saving", "actions": [{"title": "Delete Draft", "role": "destructive"}, {"title": "Save Draft"}, {"title": "Cancel", "role": "cancel"}]"#
                ).at("$.modals[0].title")
            ],
            nonTriggering: [
                sheetExample(
                    #""source": "edit-button", "title": "Unsaved Changes", "actions": [{"title": "Delete Draft", "role": "destructive"}, {"title": "Save Draft"}, {"title": "Cancel", "role": "cancel"}]"#
                )
            ],
            lint: { c in
                // The narrowest text box the sheet is drawn with: a bottom sheet in a compact-width window,
                // or a 304 pt popover in regular width.
                var textWidth = c.target.canShowPopover ? 304.0 - 32 : .infinity
                for e in c.actionSheetWindows {
                    textWidth = min(textWidth, SystemContentLayout.bottomActionSheetWidth(in: e) - 32)
                }
                if !textWidth.isFinite { textWidth = 375 - 16 - 32 }
                let size = c.target.metrics.footnoteSize
                for s in c.actionSheets where !s.title.isEmpty {
                    let lines = LintChecks.lineCount(s.title, width: textWidth, size: size, weight: .semibold)
                    if lines > 1 {
                        c.report(
                            .actionSheetTitleOneLine, s.path.appending("title"), nil,
                            ["modal": s.modal.id, "lines": String(lines)])
                    }
                }
            }),
        RuleUnit(
            Rule(
                id: .actionSheetMessageIfNecessary, kinds: [.static], severity: .info, severityNote: nil,
                section: #"3.5 Action sheets"#,
                check: #"A message is present although the title already explains the choice."#,
                source: #"H-ActionSheets: "Provide a message only if necessary.""#),
            name: T("A message only if necessary", "仅在必要时提供消息"),
            message: T(
                "the message of action sheet “{modal}” repeats its title; remove it",
                "操作列表“{modal}”的消息重复了标题；请删除消息"),
            notes:
                "The title already explains the choice when the message's words are 80% or more in the title (as alert.message-only-if-needed).",
            triggering: [
                sheetExample(
                    #""source": "edit-button", "title": "Delete this draft?", "message": "Delete this draft.", "actions": [{"title": "Delete Draft", "role": "destructive"}, {"title": "Cancel", "role": "cancel"}]"#
                ).at("$.modals[0].message")
            ],
            nonTriggering: [
                sheetExample(
                    #""source": "edit-button", "title": "Delete this draft?", "message": "It will be removed from all your devices.", "actions": [{"title": "Delete Draft", "role": "destructive"}, {"title": "Cancel", "role": "cancel"}]"#
                )
            ],
            lint: { c in
                for s in c.actionSheets where !s.message.isEmpty && !s.title.isEmpty {
                    if let o = LintChecks.overlap(
                        title: LintChecks.judged(s.title), message: LintChecks.judged(s.message)),
                        o >= 0.8
                    {
                        c.report(
                            .actionSheetMessageIfNecessary, s.path.appending("message"), nil, ["modal": s.modal.id])
                    }
                }
            }),
        RuleUnit(
            Rule(
                id: .actionSheetMinChoices, kinds: [.static], severity: .warning, severityNote: nil,
                section: #"3.5 Action sheets"#,
                check: #"The action sheet has fewer than 2 actions in total."#,
                source:
                    #"S0:L117 "presents a set of two or more choices." S2:L423 "包含两个或以上的按钮" (contains two or more buttons)"#
            ),
            name: T("Two or more choices", "至少两个选项"),
            message: T(
                "action sheet “{modal}” has {count} action(s); an action sheet presents two or more choices",
                "操作列表“{modal}”只有 {count} 个操作；操作列表应提供两个或更多选项"),
            notes: "Counts every action, Cancel included.",
            triggering: [
                sheetExample(#""source": "edit-button", "actions": [{"title": "Delete Draft", "role": "destructive"}]"#)
                    .at("$.modals[0].actions")
            ],
            nonTriggering: [goodActionSheet],
            lint: { c in
                for s in c.actionSheets where s.modal.actions.count < 2 {
                    c.report(
                        .actionSheetMinChoices, s.actionsPath, nil,
                        ["modal": s.modal.id, "count": String(s.modal.actions.count)])
                }
            }),
        RuleUnit(
            Rule(
                id: .actionSheetNotMenu, kinds: [.static], severity: .info, severityNote: nil,
                section: #"3.5 Action sheets"#,
                check:
                    #"A choice set the user reveals on purpose, with no pending action, is better served by a menu."#,
                source:
                    #"H-ActionSheets: "Use an action sheet — not a menu — to provide choices related to an action." HIG "Pull-down buttons": "Use a pull-down button to present commands or items that are directly related to the button's action … A Sort button could use a menu to let people select an attribute on which to sort.""#,
                versions: .since(14)),
            name: T("Menus for plain choices", "普通选项请使用菜单"),
            message: T(
                "action sheet “{modal}” offers plain choices with no pending action; a menu serves this better: give its control a \"menu\"",
                "操作列表“{modal}”只提供普通选项，并没有待确认的操作；使用菜单会更合适：请为其控件设置 \"menu\""),
            notes:
                "The stated check only: an action sheet opened by a control, with no destructive action and no message, that is not a confirmDiscard confirmation. A button's `menu` (UIButton.menu, iOS 14) shows such choices where they are asked for; an action sheet stays right for choices about an action people started, such as a destructive one.",
            triggering: [
                .json(
                    #"{"screens": [{"id": "home", "title": "Home", "content": [{"type": "button", "id": "sort-button", "title": "Sort", "action": {"present": "sort"}}]}], "modals": [{"id": "sort", "style": "actionSheet", "source": "sort-button", "actions": [{"title": "Name"}, {"title": "Date"}, {"title": "Cancel", "role": "cancel"}]}]}"#
                ).at("$.modals[0]")
            ],
            nonTriggering: [
                .json(
                    #"{"screens": [{"id": "home", "title": "Home", "content": [{"type": "button", "id": "delete-button", "title": "Delete", "action": {"present": "confirm"}}]}], "modals": [{"id": "confirm", "style": "actionSheet", "source": "delete-button", "actions": [{"title": "Delete Photo", "role": "destructive"}, {"title": "Cancel", "role": "cancel"}]}]}"#
                )
            ],
            lint: { c in
                for s in c.actionSheets {
                    let id = s.modal.id
                    let destructive = s.modal.actions.contains { $0.role == .destructive }
                    if c.presenters[id] != nil && !destructive && !c.confirmDiscardTargets.contains(id)
                        && s.message.isEmpty
                    {
                        c.report(.actionSheetNotMenu, s.path, nil, ["modal": id])
                    }
                }
            }),
    ]
}

/// An action sheet as its checks read it: the modal, its path, its trimmed title and message,
/// and the indices of its Cancel actions. A class, made once per lint, so that the checks'
/// walks retain one reference per action sheet instead of copying the modal.
final class ActionSheetFacts {
    let modal: Modal
    let path: JSONPath
    var actionsPath: JSONPath { path.appending("actions") }
    let title: String
    let message: String
    let cancels: [Int]

    init(modal: Modal, path: JSONPath, title: String, message: String, cancels: [Int]) {
        self.modal = modal
        self.path = path
        self.title = title
        self.message = message
        self.cancels = cancels
    }
}

extension LintContext {
    /// Every action sheet of the prototype.
    var actionSheets: [ActionSheetFacts] {
        memo("actionSheets") {
            modals { $0.style == .actionSheet }.map { v in
                ActionSheetFacts(
                    modal: v.modal, path: v.path, title: (v.modal.title ?? "").trimmed,
                    message: (v.modal.message ?? "").trimmed,
                    cancels: v.modal.actions.indices.filter { v.modal.actions[$0].role == .cancel })
            }
        }
    }

    /// The windows an action sheet slides up in (compact width or height), shortest first.
    /// Geometry: the sheet is the window's width less 2 × 8 pt (at most 304 pt in compact
    /// height), rows are 57 pt at Large, Cancel is in its own group 8 pt below, the header text
    /// is Footnote in a box 32 pt narrower than the sheet (``SystemContentLayout``); in a
    /// popover (wR/hR) the sheet is 304 pt wide.
    var actionSheetWindows: [Environment] {
        memo("actionSheetWindows") {
            target.bottomActionSheetWindows.sorted {
                ($0.windowSize.height, $0.windowSize.width) < ($1.windowSize.height, $1.windowSize.width)
            }
        }
    }
}
