// The adaptation rules ("2. Adaptation rules"), each whole: its catalogue row, its words and its
// examples. The engine applies them; messages are notes on what it did.
// Placeholders: {modal}, {style} (the resolved style), {requested} (the requested style),
// {sizeClass} ("compact/regular").

import JSON
import Prototype

extension RuleCatalogue {
    static let adaptRules: [RuleUnit] = [
        RuleUnit(
            Rule(
                id: .modalAutomaticResolves, kinds: [.adapt], severity: .info, severityNote: nil,
                section: #"2. Adaptation rules: what the server renders, per size class"#,
                check:
                    #"`automatic` resolves to `pageSheet` on iOS 13–17 and to `formSheet` on iOS 18 and later; before iOS 13 the default was `fullScreen`. The server needs a `targetOS` setting; the default should be the current OS."#,
                source:
                    #"U-MPS.automatic: "UIKit maps this style to formSheet in iOS 18 and later; pageSheet in versions of iOS earlier than iOS 18. Some system view controllers may map it to a different style.""#,
                versions: .changed(
                    .init(13, "`automatic` became `pageSheet`; before iOS 13 it was `fullScreen` (U-MPS.automatic)."),
                    .init(18, "`automatic` became `formSheet` (U-MPS.automatic).")
                )
            ),
            name: T("automatic resolves by iOS version", "automatic 按 iOS 版本解析"),
            message: T(
                "“{modal}” uses automatic, shown as {style} for the target iOS version",
                "“{modal}”使用 automatic，在目标 iOS 版本上显示为 {style}"),
            notes: "pageSheet on iOS 13–17, formSheet on iOS 18 and later, fullScreen before iOS 13 (targetOS).",
            triggering: [
                .script(
                    app(home(open: "a"), view("a", "automatic")), on: "ipad-pro-11", [.tap("open-button")],
                    expect: ["$.stack[0].style": "formSheet", "$.stack[0].form": "centered"])
            ],
            nonTriggering: [
                .script(
                    app(home(open: "a"), view("a", "pageSheet")), on: "ipad-pro-11", [.tap("open-button")],
                    expect: ["$.stack[0].style": "pageSheet", "$.stack[0].form": "centered"])
            ]),
        RuleUnit(
            Rule(
                id: .popoverCompactAdapts, kinds: [.adapt], severity: .info, severityNote: nil,
                section: #"2. Adaptation rules: what the server renders, per size class"#,
                check:
                    #"A popover presented in wC or hC is rendered as `formSheet`. It then follows `sheet.compact-*`: in wC/hR it becomes a card sheet; in hC it becomes full screen, including on a large iPhone in landscape (wR/hC). The server re-evaluates on every size-class change, so a popover becomes a sheet when an iPad window is narrowed to Slide Over. Targets of iOS 12 or earlier used the legacy mapping: wC gave `fullScreen` (VCPG 2015 says `overFullScreen`), and wR/hC gave `formSheet`."#,
                source:
                    #"U-MPS.popover: "In iOS 13 and later, for horizontally or vertically compact environments, this option behaves the same as formSheet. In iOS 12 and earlier: For horizontally compact environments… fullScreen. For horizontally regular and vertically compact environments… formSheet.""#
            ),
            name: T("Popovers adapt in compact size classes", "紧凑尺寸下弹出框会自适应"),
            message: T(
                "popover “{modal}” is shown as {style} in {sizeClass}",
                "弹出框“{modal}”在 {sizeClass} 下显示为 {style}"),
            notes:
                "iOS 13+: as formSheet (a card in wC/hR, full screen in hC). targetOS ≤ 12: fullScreen in wC, formSheet in wR/hC, as UIKit did through iOS 12.",
            triggering: [
                .script(
                    app(home(more: "p"), popover("p", source: "more-button")), on: "ipad-pro-11",
                    multitasking: .slideOver, [.tap("more-button")],
                    expect: ["$.stack[0].style": "formSheet", "$.stack[0].form": "card"])
            ],
            nonTriggering: [
                .script(
                    app(home(more: "p"), popover("p", source: "more-button")), on: "ipad-pro-11", [.tap("more-button")],
                    expect: ["$.stack[0].form": "popover"])
            ]),
        RuleUnit(
            Rule(
                id: .popoverRegular, kinds: [.adapt], severity: .info, severityNote: nil,
                section: #"2. Adaptation rules: what the server renders, per size class"#,
                check:
                    #"In wR/hR, a popover is a popover: the background is dimmed, a tap outside dismisses it (except taps on `passthroughViews`), and the arrow points at the anchor."#,
                source:
                    #"U-MPS.popover: "The background content is dimmed and taps outside the popover cause the popover to be dismissed… passthroughViews""#,
                versions: .changed(
                    .init(
                        26,
                        "A popover whose source is a bar button item animates from and replaces that item until it is dismissed, without an arrow (Apple, \"UIPopoverPresentationController.sourceItem\": \"In iOS 26 and later, the popover animates from and replaces the specified item\")."
                    ))
            ),
            name: T("Popovers in regular size classes", "常规尺寸下的弹出框"),
            message: T(
                "“{modal}” is a popover pointing at its anchor; a tap outside closes it",
                "“{modal}”以弹出框显示并指向其锚点；点击外部即可关闭"),
            triggering: [
                .script(
                    app(home(more: "p"), popover("p", source: "more-button")), on: "ipad-pro-11",
                    multitasking: .slideOver, [.tap("more-button"), .resize(nil, .full)],
                    expect: [
                        "$.stack[0].form": "popover", "$.stack[0].dimming": "clear", "$.stack[0].pointsAtSource": true,
                    ])
            ],
            nonTriggering: [
                .script(
                    app(home(more: "p"), popover("p", source: "more-button")), [.tap("more-button")],
                    expect: ["$.stack[0].form": "card"])
            ]),
        RuleUnit(
            Rule(
                id: .actionSheetRegularAsPopover, kinds: [.adapt], severity: .info, severityNote: nil,
                section: #"2. Adaptation rules: what the server renders, per size class"#,
                check:
                    #"An action sheet in wR/hR is shown as a popover anchored to its source and appears all at once, without a slide. In a compact width or height it slides up from the bottom edge at the container width less 8 pt on each side (at most 304 pt in compact height), with the Cancel action as a separate group at the bottom. A large iPhone in landscape (wR/hC) therefore gets the bottom sheet: an action sheet is a popover presentation, and a popover adapts in a vertically compact environment too."#,
                source:
                    #"S0:L117 "On smaller screens, an action sheet slides up from the bottom of the screen. On larger screens, an action sheet appears all at once as a popover." X: "The modalPresentationStyle of a UIAlertController with this style is UIModalPresentationPopover." U-MPS.popover: "In iOS 13 and later, for horizontally or vertically compact environments, this option behaves the same as formSheet." T-Flutter: 8 pt edge padding and a separate Cancel group"#,
                versions: .changed(
                    .init(
                        26,
                        "In a compact width or height too (an iPhone in either orientation), an action sheet whose source is on screen appears inline over that control instead of sliding up from the bottom edge (Apple, \"Adopting Liquid Glass\": \"An action sheet originates from the element that initiates the action, instead of from the bottom edge of the display\")."
                    ))
            ),
            name: T("Action sheets are popovers in wR", "常规宽度下操作列表以弹出框显示"),
            message: T(
                "action sheet “{modal}” is shown as {style} in {sizeClass}",
                "操作列表“{modal}”在 {sizeClass} 下显示为 {style}"),
            notes:
                "wR/hR: a popover at the anchor, all at once. Compact width or height: slides up from the bottom, 8 pt from the edges, Cancel in its own group — on an iPhone Pro Max in landscape (wR/hC) too, as a popover adapts there (Apple's UIModalPresentationStyle.popover; popover.compact-adapts).",
            triggering: [
                .script(
                    app(
                        home(edit: "a"),
                        deletePhotoSheet("a")
                    ), on: "ipad-pro-11", [.tap("edit-button")],
                    expect: ["$.stack[0].style": "popover", "$.stack[0].form": "popover"])
            ],
            nonTriggering: [
                .script(
                    app(
                        home(edit: "a"),
                        deletePhotoSheet("a")
                    ), [.tap("edit-button")], expect: ["$.stack[0].form": "actionSheet"]),
                .script(
                    app(
                        home(edit: "a"),
                        deletePhotoSheet("a")
                    ), on: "iphone-16-pro-max", orientation: .landscape, [.tap("edit-button")],
                    expect: ["$.sizeClass.horizontal": "regular", "$.stack[0].form": "actionSheet"]),
            ]),
        RuleUnit(
            Rule(
                id: .activityAdapt, kinds: [.adapt], severity: .info, severityNote: nil,
                section: #"2. Adaptation rules: what the server renders, per size class"#,
                check:
                    #"An activity view is a popover in wR/hR and a sheet in a compact width or height (a card, resizable, starting at medium height) — on a large iPhone in landscape (wR/hC) too, as a popover adapts there."#,
                source:
                    #"S0:L139 "appears as a sheet or popover, depending on the device and orientation"; H-Activity (same wording); H-Sheets: "a share sheet displays the most relevant items within the medium detent"; X (activity crash message, below); U-MPS.popover: "for horizontally or vertically compact environments, this option behaves the same as formSheet""#
            ),
            name: T("Activity views adapt", "活动视图的自适应"),
            message: T(
                "activity view “{modal}” is shown as {style} in {sizeClass}",
                "活动视图“{modal}”在 {sizeClass} 下显示为 {style}"),
            triggering: [
                .script(
                    app(
                        home(share: "s"),
                        #"{"id": "s", "style": "activity", "source": "share-button", "activities": ["airdrop", "copy"]}"#
                    ), on: "ipad-pro-11", [.tap("share-button")],
                    expect: ["$.stack[0].form": "popover"]),
                .script(
                    app(
                        home(share: "s"),
                        #"{"id": "s", "style": "activity", "source": "share-button", "activities": ["airdrop", "copy"]}"#
                    ), [.tap("share-button")],
                    expect: [
                        "$.stack[0].form": "card", "$.stack[0].detent": "medium",
                        "$.stack[0].detents": ["medium", "large"],
                    ]),
                .script(
                    app(
                        home(share: "s"),
                        #"{"id": "s", "style": "activity", "source": "share-button", "activities": ["airdrop", "copy"]}"#
                    ), on: "iphone-16-pro-max", orientation: .landscape, [.tap("share-button")],
                    expect: ["$.sizeClass.horizontal": "regular", "$.stack[0].form": "card"]),
            ],
            nonTriggering: [
                .script(
                    app(home(share: "s"), view("s", "pageSheet")), on: "ipad-pro-11", [.tap("share-button")],
                    expect: ["$.stack[0].form": "centered"])
            ]),
        RuleUnit(
            Rule(
                id: .sheetRegular, kinds: [.adapt], severity: .info, severityNote: nil,
                section: #"2. Adaptation rules: what the server renders, per size class"#,
                check:
                    #"In wR/hR, `pageSheet` is centred and roughly page-sized (taller than wide) over a dimming layer. `formSheet` is smaller and honours `preferredContentSize`. Part of the background always stays visible."#,
                source: #"U-MPS.pageSheet; U-MPS.formSheet"#,
                versions: .changed(
                    .init(
                        26,
                        "A form sheet in wR/hR sits over a layer with a Liquid Glass effect instead of a dimming layer (U-MPS.formSheet: \"the system adds a layer with a Liquid Glass effect over the background content\")."
                    ))
            ),
            name: T("Sheets in regular size classes", "常规尺寸下的表单"),
            message: T(
                "“{modal}” is centred over a dimming layer ({style})",
                "“{modal}”居中显示在变暗的背景之上（{style}）"),
            triggering: [
                .script(
                    app(home(open: "a"), view("a")), on: "ipad-pro-11", multitasking: .slideOver,
                    [.tap("open-button"), .resize(nil, .full)],
                    expect: ["$.stack[0].form": "centered", "$.stack[0].dimming": "dark"])
            ],
            nonTriggering: [
                .script(app(home(open: "a"), view("a")), [.tap("open-button")], expect: ["$.stack[0].form": "card"])
            ]),
        RuleUnit(
            Rule(
                id: .sheetCompactWidthCard, kinds: [.adapt], severity: .info, severityNote: nil,
                section: #"2. Adaptation rules: what the server renders, per size class"#,
                check:
                    #"`pageSheet` and `formSheet` in wC/hR are shown "as a sheet with part of the background content visible near the top of the screen", a card. The presenter shrinks behind the card and its top edge stays visible."#,
                source:
                    #"U-MPS.pageSheet and U-MPS.formSheet (quoted); S0:L28 "The top edge of the parent view or a previous card is visible behind the current card""#,
                versions: .changed(
                    .init(
                        26,
                        "A card at a partial detent floats inset from the screen's edges on Liquid Glass, with larger corners; at full height it is edge-attached and opaque (Apple, \"Adopting Liquid Glass\": \"half sheets are inset from the edge of the display … When a half sheet expands to full height, it transitions to a more opaque appearance\")."
                    ))
            ),
            name: T("Sheets are cards in compact width", "紧凑宽度下表单显示为卡片"),
            message: T(
                "“{modal}” is a card; the presenter shrinks behind it and its top edge stays visible",
                "“{modal}”显示为卡片；呈现者在其后方缩小，顶部边缘仍然可见"),
            triggering: [
                .script(
                    app(home(open: "a"), view("a", "formSheet")), [.tap("open-button")],
                    expect: ["$.stack[0].form": "card"])
            ],
            nonTriggering: [
                .script(
                    app(home(open: "a"), view("a", "formSheet")), on: "ipad-pro-11", [.tap("open-button")],
                    expect: ["$.stack[0].form": "centered"])
            ]),
        RuleUnit(
            Rule(
                id: .sheetCompactHeightFullScreen, kinds: [.adapt], severity: .info, severityNote: nil,
                section: #"2. Adaptation rules: what the server renders, per size class"#,
                check:
                    #"`pageSheet` and `formSheet` in hC behave as `fullScreen`, unless `prefersEdgeAttachedInCompactHeight=true`, in which case they stay a sheet attached only at the bottom edge."#,
                source:
                    #"U-MPS.formSheet: "In a compact-height size class, the behavior is the same as fullScreen." U-Sheet.prefersEdgeAttachedInCompactHeight"#
            ),
            name: T("Sheets are full screen in compact height", "紧凑高度下表单为全屏"),
            message: T(
                "“{modal}” is full screen in compact height",
                "“{modal}”在紧凑高度下以全屏显示"),
            notes:
                "Unless prefersEdgeAttachedInCompactHeight is true: then it stays a sheet attached at the bottom edge.",
            triggering: [
                .script(
                    app(home(open: "a"), view("a")), [.tap("open-button"), .rotate(.landscape)],
                    expect: ["$.stack[0].style": "fullScreen", "$.stack[0].form": "fullScreen"])
            ],
            nonTriggering: [
                .script(app(home(open: "a"), view("a")), [.tap("open-button")], expect: ["$.stack[0].form": "card"])
            ]),
        RuleUnit(
            Rule(
                id: .sheetMediumCompactHeight, kinds: [.adapt], severity: .info, severityNote: nil,
                section: #"2. Adaptation rules: what the server renders, per size class"#,
                check: #"The `medium` detent is inactive in hC, so the sheet rests at the next active detent (large)."#,
                source:
                    #"U-Sheet.Detent.medium: "approximately half the height of the screen, and is inactive in compact height""#
            ),
            name: T("No medium detent in compact height", "紧凑高度下中等停靠高度无效"),
            message: T(
                "the medium detent is inactive in compact height; “{modal}” rests at large",
                "中等停靠高度在紧凑高度下无效；“{modal}”停在大尺寸"),
            triggering: [
                .script(
                    app(
                        home(open: "a"),
                        view(
                            "a", "pageSheet",
                            #""detents": ["medium", "large"], "prefersEdgeAttachedInCompactHeight": true"#)),
                    [.tap("open-button"), .rotate(.landscape)],
                    expect: ["$.stack[0].form": "card", "$.stack[0].detent": "large"])
            ],
            nonTriggering: [
                .script(
                    app(
                        home(open: "a"),
                        view(
                            "a", "pageSheet",
                            #""detents": ["medium", "large"], "prefersEdgeAttachedInCompactHeight": true"#)),
                    [.tap("open-button")],
                    expect: ["$.stack[0].detent": "medium"])
            ]),
        RuleUnit(
            Rule(
                id: .sheetGrabberAutoHide, kinds: [.adapt], severity: .info, severityNote: nil,
                section: #"2. Adaptation rules: what the server renders, per size class"#,
                check:
                    #"A grabber the definition asked for is hidden while the sheet is full screen in hC, and while another sheet covers it."#,
                source:
                    #"U-Sheet.prefersGrabberVisible: "The system automatically hides the grabber… when the sheet is full screen in a compact-height size class or when another sheet presents on top of it.""#
            ),
            name: T("The grabber hides itself", "抓手会自动隐藏"),
            message: T(
                "the grabber of “{modal}” is hidden while the sheet is full screen or covered",
                "表单“{modal}”全屏显示或被覆盖时隐藏抓手"),
            triggering: [
                .script(
                    app(home(open: "a"), view("a", "pageSheet", #""detents": ["medium", "large"], "grabber": true"#)),
                    [.tap("open-button"), .rotate(.landscape)],
                    expect: ["$.stack[0].form": "fullScreen", "$.stack[0].grabber": false])
            ],
            nonTriggering: [
                .script(
                    app(home(open: "a"), view("a", "pageSheet", #""detents": ["medium", "large"], "grabber": true"#)),
                    [.tap("open-button")],
                    expect: ["$.stack[0].grabber": true])
            ]),
        RuleUnit(
            Rule(
                id: .currentContextCompactAdapts, kinds: [.adapt], severity: .info, severityNote: nil,
                section: #"2. Adaptation rules: what the server renders, per size class"#,
                check:
                    #"`currentContext` and `overCurrentContext` in wC are rendered `fullScreen`, as UIKit does by default. If the definition declares `compactAdaptation:"sheet"`, the server renders a page sheet instead, following the HIG. See `currentcontext.declare-compact`."#,
                source:
                    #"VCPG: "When transitioning to a horizontally compact environment, the current context styles adapt to the UIModalPresentationFullScreen style." S0:L55 "…you should switch to using a sheet when presenting modal content in a compact environment.""#
            ),
            name: T("Current-context styles adapt in compact width", "紧凑宽度下 current context 样式会自适应"),
            message: T(
                "“{modal}” is shown as {style} in compact width",
                "“{modal}”在紧凑宽度下显示为 {style}"),
            notes: "fullScreen, as UIKit does, unless the definition declares compactAdaptation: sheet.",
            triggering: [
                .script(
                    app(home(open: "c"), view("c", "currentContext", #""context": "home""#)), [.tap("open-button")],
                    expect: ["$.stack[0].form": "fullScreen"])
            ],
            nonTriggering: [
                .script(
                    app(home(open: "c"), view("c", "currentContext", #""context": "home""#)), on: "ipad-pro-11",
                    [.tap("open-button")],
                    expect: ["$.stack[0].form": "context", "$.stack[0].contextOwner": "home"])
            ]),
        RuleUnit(
            Rule(
                id: .currentContextContextOwner, kinds: [.adapt], severity: .info, severityNote: nil,
                section: #"2. Adaptation rules: what the server renders, per size class"#,
                check:
                    #"A context presentation covers the nearest ancestor with `definesPresentationContext=true`. With no such ancestor it covers the root, which is effectively full screen."#,
                source:
                    #"U-MPS.currentContext: "UIKit may walk up the view controller hierarchy to find a view controller that wants to define the presentation context.""#
            ),
            name: T("The context owner", "呈现上下文的所有者"),
            message: T(
                "“{modal}” covers “{context}”, the nearest screen that defines the presentation context",
                "“{modal}”覆盖“{context}”，即最近的定义呈现上下文的屏幕"),
            triggering: [
                .script(
                    app(home(open: "c"), view("c", "currentContext")), on: "ipad-pro-11", [.tap("open-button")],
                    expect: ["$.stack[0].form": "context", "$.stack[0].contextOwner": nil])
            ],
            nonTriggering: [
                .script(
                    app(home(open: "c"), view("c", "currentContext", #""context": "home""#)), on: "ipad-pro-11",
                    [.tap("open-button")],
                    expect: ["$.stack[0].contextOwner": "home"])
            ]),
        RuleUnit(
            Rule(
                id: .fullScreenPresenterWalk, kinds: [.adapt], severity: .info, severityNote: nil,
                section: #"2. Adaptation rules: what the server renders, per size class"#,
                check:
                    #"A full-screen style requested from a presenter that is not itself full screen (a split-view pane, a popover, a form sheet) is presented from the nearest full-screen ancestor, or from the root. `popover.no-modal-over` still applies."#,
                source:
                    #"VCPG: "When using one of the full-screen presentation styles, the view controller that initiates the presentation must itself cover the entire screen. If the presenting view controller does not cover the screen, UIKit walks up the view controller hierarchy…""#
            ),
            name: T("Full-screen styles walk up to a full-screen presenter", "全屏样式向上寻找全屏呈现者"),
            message: T(
                "“{modal}” is presented from “{presenter}”, the nearest full-screen ancestor",
                "“{modal}”由最近的全屏祖先“{presenter}”呈现"),
            triggering: [
                .script(
                    app(
                        home(open: "a"), view("a", "formSheet", #""content": [\#(button("next", presents: "f"))]"#),
                        view("f", "fullScreen")),
                    on: "ipad-pro-11", [.tap("open-button"), .tap("next")], expect: ["$.stack[1].form": "fullScreen"])
            ],
            nonTriggering: [
                .script(
                    app(home(open: "f"), view("f", "fullScreen")), on: "ipad-pro-11", [.tap("open-button")],
                    expect: ["$.stack[0].form": "fullScreen"])
            ]),
        RuleUnit(
            Rule(
                id: .overFullScreenKeepsUnderlying, kinds: [.adapt], severity: .info, severityNote: nil,
                section: #"2. Adaptation rules: what the server renders, per size class"#,
                check:
                    #"`overFullScreen` and `overCurrentContext` keep the underlying screen rendered, so transparent regions show through. `fullScreen` and `currentContext` remove it."#,
                source:
                    #"U-MPS.overCurrentContext: "The views beneath the presented content are not removed…"; U-MPS.currentContext: "The views belonging to the presenting view controller are removed after the presentation completes.""#
            ),
            name: T("over… styles keep the views beneath", "over 类样式保留下层视图"),
            message: T(
                "“{modal}” keeps the screen beneath rendered; transparent areas show through",
                "“{modal}”保留下层屏幕的渲染；透明区域可以透出下层内容"),
            triggering: [
                .script(
                    app(home(open: "f"), view("f", "overFullScreen")), [.tap("open-button")],
                    expect: ["$.stack[0].form": "fullScreen", "$.stack[0].keepsUnderlying": true], draws: true)
            ],
            nonTriggering: [
                .script(
                    app(home(open: "f"), view("f", "fullScreen")), [.tap("open-button")],
                    expect: ["$.stack[0].keepsUnderlying": false])
            ]),
        RuleUnit(
            Rule(
                id: .alertFixedAppearance, kinds: [.adapt], severity: .warning, severityNote: nil,
                section: #"2. Adaptation rules: what the server renders, per size class"#,
                check:
                    #"An alert always renders centred, about 270 pt wide (as UIKit draws it, and its Flutter and Chromium replicas), in every size class. Custom colours, fonts, images and layouts in an alert definition are ignored, and the lint warns."#,
                source:
                    #"S0:L167 "Aside from these configurable elements, the visual appearance of an alert is static and can't be customized.""#
            ),
            name: T("Alerts look the same everywhere", "警告框外观固定"),
            message: T(
                "alert “{modal}” declares \"{key}\", which is ignored: an alert has a title, a message, buttons and text fields only",
                "警告框“{modal}”声明了 \"{key}\"，它会被忽略：警告框只有标题、消息、按钮和文本框"),
            notes:
                "The lint warns on an alert's navigationBar, toolbar, content or screens (in place of the decoder's format.style-key warning); the engine always draws a centred 270 pt alert.",
            triggering: [
                .json(
                    #"{"modals": [{"id": "alert", "style": "alert", "title": "Delete this photo?", "content": [{"type": "image", "id": "photo", "label": "Photo"}], "actions": [{"title": "Cancel", "role": "cancel"}, {"title": "Delete", "role": "destructive"}]}]}"#
                ).at("$.modals[0].content")
            ],
            nonTriggering: [
                .json(
                    #"{"modals": [{"id": "alert", "style": "alert", "title": "Delete this photo?", "actions": [{"title": "Cancel", "role": "cancel"}, {"title": "Delete", "role": "destructive"}]}]}"#
                )
            ],
            lint: { c in
                for v in c.modals(where: { $0.style == .alert }) {
                    let m = v.modal
                    let members = [
                        ("navigationBar", m.navigationBar != nil), ("toolbar", !m.toolbar.isEmpty),
                        ("content", !m.content.isEmpty), ("screens", !m.screens.isEmpty),
                    ]
                    for (key, present) in members where present {
                        c.report(.alertFixedAppearance, v.path.appending(key), nil, ["modal": m.id, "key": key])
                    }
                }
            }),
        RuleUnit(
            Rule(
                id: .actionSheetCancelHiddenInPopover, kinds: [.adapt], severity: .info, severityNote: nil,
                section: #"2. Adaptation rules: what the server renders, per size class"#,
                check:
                    #"When an action sheet resolves to a popover, its Cancel-style action is not drawn; a tap outside the popover dismisses the sheet and runs the Cancel handler."#,
                source:
                    #"Decompiled `UIAlertController.m`: `__shouldInvokeCancelActionOnDimmingViewTap = 1`, `_dismissFromPopoverDimmingView`. Observed: "No Cancel Button on iPad… omitted by default on iPad" (EddyVerbruggen/cordova-plugin-actionsheet#71)"#,
                versions: .changed(
                    .init(
                        26,
                        "The same holds for an action sheet shown inline at its source on iPhone (actionsheet.regular-as-popover)."
                    )
                )
            ),
            name: T("No Cancel button in a popover", "弹出框中不显示取消按钮"),
            message: T(
                "action sheet “{modal}” is a popover: its Cancel action is not drawn, and a tap outside runs it",
                "操作列表“{modal}”以弹出框显示：不绘制其取消操作，点击外部即执行取消"),
            triggering: [
                .script(
                    app(
                        home(edit: "a"),
                        deletePhotoSheet("a")
                    ), on: "ipad-pro-11", [.tap("edit-button")],
                    expect: ["$.stack[0].form": "popover", "$.stack[0].buttons": ["Delete Photo"]], draws: true)
            ],
            nonTriggering: [
                .script(
                    app(
                        home(edit: "a"),
                        deletePhotoSheet("a")
                    ), [.tap("edit-button")],
                    expect: ["$.stack[0].buttons": ["Delete Photo", "Cancel"]])
            ]),
    ]
}
