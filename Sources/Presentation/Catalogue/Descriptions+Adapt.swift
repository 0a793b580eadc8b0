// RULES.md §2: adaptation rules. The engine renders them; messages are notes on what it did.
// Placeholders: {modal}, {style} (the resolved style), {requested} (the requested style),
// {sizeClass} ("compact/regular").

extension RuleCatalogue {
    static let adaptDescriptions: [RuleDescription] = [
        RuleDescription(
            "modal.automatic-resolves",
            name: T("automatic resolves by iOS version", "automatic 按 iOS 版本解析"),
            message: T(
                "“{modal}” uses automatic, shown as {style} for the target iOS version",
                "“{modal}”使用 automatic，在目标 iOS 版本上显示为 {style}"),
            notes: "pageSheet on iOS 13–17, formSheet on iOS 18 and later, fullScreen before iOS 13 (targetOS).",
            triggering: [.scenario("targetOS 18: an automatic modal on iPad is drawn as a form sheet.")],
            nonTriggering: [.scenario("A modal declared pageSheet is drawn as a page sheet whatever the targetOS.")]),
        RuleDescription(
            "popover.compact-adapts",
            name: T("Popovers adapt in compact size classes", "紧凑尺寸下弹出框会自适应"),
            message: T(
                "popover “{modal}” is shown as {style} in {sizeClass}",
                "弹出框“{modal}”在 {sizeClass} 下显示为 {style}"),
            notes:
                "iOS 13+: as formSheet (a card in wC/hR, full screen in hC). targetOS ≤ 12: fullScreen in wC, formSheet in wR/hC, as UIKit did through iOS 12.",
            triggering: [
                .scenario("An iPad popover is presented while the app is in Slide Over: it becomes a card sheet.")
            ],
            nonTriggering: [.scenario("The same popover on a full-screen iPad stays a popover.")]),
        RuleDescription(
            "popover.regular",
            name: T("Popovers in regular size classes", "常规尺寸下的弹出框"),
            message: T(
                "“{modal}” is a popover pointing at its anchor; a tap outside closes it",
                "“{modal}”以弹出框显示并指向其锚点；点击外部即可关闭"),
            triggering: [
                .scenario(
                    "On a full-screen iPad a popover appears with its arrow at the source button, background dimmed.")
            ],
            nonTriggering: [.scenario("On iPhone in portrait the popover is a card sheet.")]),
        RuleDescription(
            "actionsheet.regular-as-popover",
            name: T("Action sheets are popovers in wR", "常规宽度下操作列表以弹出框显示"),
            message: T(
                "action sheet “{modal}” is shown as {style} in {sizeClass}",
                "操作列表“{modal}”在 {sizeClass} 下显示为 {style}"),
            notes:
                "wR: a popover at the anchor, all at once. wC: slides up from the bottom, 8 pt from the edges, Cancel in its own group. The server follows the horizontal size class on a large iPhone in landscape (unverified).",
            triggering: [
                .scenario("On iPad the discard-draft action sheet appears as a popover at the Cancel button.")
            ],
            nonTriggering: [.scenario("On iPhone in portrait it slides up from the bottom.")]),
        RuleDescription(
            "activity.adapt",
            name: T("Activity views adapt", "活动视图的自适应"),
            message: T(
                "activity view “{modal}” is shown as {style} in {sizeClass}",
                "活动视图“{modal}”在 {sizeClass} 下显示为 {style}"),
            triggering: [.scenario("On iPad the share sheet is a popover at the Share button.")],
            nonTriggering: [.scenario("On iPhone it is a resizable sheet starting at medium height.")]),
        RuleDescription(
            "sheet.regular",
            name: T("Sheets in regular size classes", "常规尺寸下的表单"),
            message: T(
                "“{modal}” is centred over a dimming layer ({style})",
                "“{modal}”居中显示在变暗的背景之上（{style}）"),
            triggering: [.scenario("On a full-screen iPad a page sheet is centred and page-sized.")],
            nonTriggering: [.scenario("On iPhone in portrait it is a card.")]),
        RuleDescription(
            "sheet.compact-width-card",
            name: T("Sheets are cards in compact width", "紧凑宽度下表单显示为卡片"),
            message: T(
                "“{modal}” is a card; the presenter shrinks behind it and its top edge stays visible",
                "“{modal}”显示为卡片；呈现者在其后方缩小，顶部边缘仍然可见"),
            triggering: [.scenario("On iPhone in portrait a formSheet is a card from the bottom.")],
            nonTriggering: [.scenario("On a full-screen iPad a formSheet is centred.")]),
        RuleDescription(
            "sheet.compact-height-fullscreen",
            name: T("Sheets are full screen in compact height", "紧凑高度下表单为全屏"),
            message: T(
                "“{modal}” is full screen in compact height",
                "“{modal}”在紧凑高度下以全屏显示"),
            notes:
                "Unless prefersEdgeAttachedInCompactHeight is true: then it stays a sheet attached at the bottom edge.",
            triggering: [.scenario("Rotating an iPhone to landscape turns a page sheet full screen.")],
            nonTriggering: [
                .scenario("With prefersEdgeAttachedInCompactHeight the sheet stays attached at the bottom.")
            ]),
        RuleDescription(
            "sheet.medium-compact-height",
            name: T("No medium detent in compact height", "紧凑高度下中等停靠高度无效"),
            message: T(
                "the medium detent is inactive in compact height; “{modal}” rests at large",
                "中等停靠高度在紧凑高度下无效；“{modal}”停在大尺寸"),
            triggering: [
                .scenario("A sheet at its medium detent is rotated to landscape on iPhone: it rests at large.")
            ],
            nonTriggering: [.scenario("In portrait it stays at medium.")]),
        RuleDescription(
            "sheet.grabber-auto-hide",
            name: T("The grabber hides itself", "抓手会自动隐藏"),
            message: T(
                "the grabber of “{modal}” is hidden while the sheet is full screen or covered",
                "表单“{modal}”全屏显示或被覆盖时隐藏抓手"),
            triggering: [.scenario("A sheet with grabber:true is full screen in landscape: no grabber is drawn.")],
            nonTriggering: [.scenario("In portrait the grabber is drawn.")]),
        RuleDescription(
            "currentcontext.compact-adapts",
            name: T("Current-context styles adapt in compact width", "紧凑宽度下 current context 样式会自适应"),
            message: T(
                "“{modal}” is shown as {style} in compact width",
                "“{modal}”在紧凑宽度下显示为 {style}"),
            notes: "fullScreen, as UIKit does, unless the definition declares compactAdaptation: sheet.",
            triggering: [.scenario("A currentContext modal on iPhone is drawn full screen.")],
            nonTriggering: [.scenario("On a full-screen iPad it covers only its context.")]),
        RuleDescription(
            "currentcontext.context-owner",
            name: T("The context owner", "呈现上下文的所有者"),
            message: T(
                "“{modal}” covers “{context}”, the nearest screen that defines the presentation context",
                "“{modal}”覆盖“{context}”，即最近的定义呈现上下文的屏幕"),
            triggering: [
                .scenario("A currentContext modal with context set to a split-view pane covers only that pane.")
            ],
            nonTriggering: [.scenario("With no context it covers the root, effectively full screen.")]),
        RuleDescription(
            "fullscreen.presenter-walk",
            name: T("Full-screen styles walk up to a full-screen presenter", "全屏样式向上寻找全屏呈现者"),
            message: T(
                "“{modal}” is presented from “{presenter}”, the nearest full-screen ancestor",
                "“{modal}”由最近的全屏祖先“{presenter}”呈现"),
            triggering: [.scenario("A form sheet on iPad presents a fullScreen modal: it is presented from the root.")],
            nonTriggering: [.scenario("The root screen presents a fullScreen modal directly.")]),
        RuleDescription(
            "overfullscreen.keeps-underlying",
            name: T("over… styles keep the views beneath", "over 类样式保留下层视图"),
            message: T(
                "“{modal}” keeps the screen beneath rendered; transparent areas show through",
                "“{modal}”保留下层屏幕的渲染；透明区域可以透出下层内容"),
            triggering: [.scenario("An overFullScreen modal with a translucent background shows the screen below.")],
            nonTriggering: [.scenario("A fullScreen modal removes the screen below once presented.")]),
        RuleDescription(
            "alert.fixed-appearance",
            name: T("Alerts look the same everywhere", "警告框外观固定"),
            message: T(
                "alert “{modal}” declares \"{key}\", which is ignored: an alert has a title, a message, buttons and text fields only",
                "警告框“{modal}”声明了 \"{key}\"，它会被忽略：警告框只有标题、消息、按钮和文本框"),
            notes:
                "The lint warns on an alert's navigationBar, toolbar, content or screens (in place of the decoder's format.style-key warning); the engine always draws a centred 270 pt alert.",
            triggering: [
                .json(
                    #"{"modals": [{"id": "alert", "style": "alert", "title": "Delete this photo?", "content": [{"type": "image", "id": "photo", "label": "Photo"}], "actions": [{"title": "Cancel", "role": "cancel"}, {"title": "Delete", "role": "destructive"}]}]}"#
                )
            ],
            nonTriggering: [
                .json(
                    #"{"modals": [{"id": "alert", "style": "alert", "title": "Delete this photo?", "actions": [{"title": "Cancel", "role": "cancel"}, {"title": "Delete", "role": "destructive"}]}]}"#
                )
            ]),
        RuleDescription(
            "actionsheet.cancel-hidden-in-popover",
            name: T("No Cancel button in a popover", "弹出框中不显示取消按钮"),
            message: T(
                "action sheet “{modal}” is a popover: its Cancel action is not drawn, and a tap outside runs it",
                "操作列表“{modal}”以弹出框显示：不绘制其取消操作，点击外部即执行取消"),
            triggering: [
                .scenario(
                    "On iPad an action sheet with a Cancel action shows only its other actions; a tap outside runs Cancel."
                )
            ],
            nonTriggering: [.scenario("On iPhone the Cancel action is drawn in its own group at the bottom.")]),
    ]
}
