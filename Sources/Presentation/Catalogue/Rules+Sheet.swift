// The sheet rules ("3.2 Sheets": card, page, form, detents), each whole: its catalogue row, its
// words, its check and its examples.

import JSON
import Prototype

extension RuleCatalogue {
    /// A single-view sheet with Cancel and Done, spliced into the examples below.
    static let sheetBar =
        #""navigationBar": {"leading": [{"id": "cancel", "title": "Cancel", "role": "cancel", "action": "dismiss"}], "trailing": [{"id": "done", "title": "Done", "role": "done", "action": "dismiss"}]}"#

    static let sheetRules: [RuleUnit] = [
        RuleUnit(
            Rule(
                id: .sheetSwipeDismiss, kinds: [.runtime], severity: .info, severityNote: nil,
                section: #"3.2 Sheets (card, page, form, detents)"#,
                check:
                    #"A card sheet dismisses on a downward pan that starts on the grabber or navigation bar ("from the top"), or anywhere in the sheet when its scroll view is at the top, as long as the pan ends with enough travel or velocity. While `isModalInPresentation` is true the sheet rubber-bands instead and `didAttemptToDismiss` fires, which is where `modal.data-loss-confirm` takes over."#,
                source:
                    #"S0:L32 "Swiping down from the top of the screen; Swiping down from anywhere on the screen when card content is scrolled to the top; Tapping a button." T-WWDC19-224: "We will place a gesture recognizer on your entire presented view, so pulling down in any noninteractive area will trigger a pulldown on a Sheet"; "DidAttemptToDismiss is only called if isModalInPresentation is true and the user pulls and releases with the intent to dismiss.""#
            ),
            name: T("Swipe down to dismiss a card", "向下轻扫关闭卡片"),
            message: T(
                "sheet “{modal}” was dismissed by a swipe down",
                "表单“{modal}”已通过向下轻扫关闭"),
            triggering: [
                .script(
                    app(home(open: "a"), view("a")), [.tap("open-button"), .swipeDown()], expect: ["$.stack": []],
                    draws: true),
                .script(
                    app(home(open: "a"), view("a", "pageSheet", #""modalInPresentation": true"#)),
                    [.tap("open-button"), .swipeDown()],
                    expect: ["$.stack[0].modal": "a"]),
            ],
            nonTriggering: [
                .script(
                    app(home(open: "a"), view("a", "fullScreen")), [.tap("open-button"), .swipeDown()],
                    expect: ["$.stack[0].modal": "a"])
            ]),
        RuleUnit(
            Rule(
                id: .sheetSwipeSupported, kinds: [.static], severity: .warning, severityNote: nil,
                section: #"3.2 Sheets (card, page, form, detents)"#,
                check:
                    #"A sheet with `isModalInPresentation=true` set unconditionally, rather than only while its content is dirty."#,
                source:
                    #"H-Sheets: "Support swiping to dismiss a sheet. People expect to swipe vertically to dismiss a sheet instead of tapping a dismiss button.""#
            ),
            name: T("Support swipe to dismiss", "支持轻扫关闭表单"),
            message: T(
                "sheet “{modal}” sets modalInPresentation permanently, so it can never be swiped away; leave it off — ModalLab blocks the swipe only while the sheet has unsaved changes",
                "表单“{modal}”始终设置了 modalInPresentation，因此永远无法轻扫关闭；请去掉它——ModalLab 只在表单有未保存的更改时才阻止轻扫"),
            notes:
                "The definition's modalInPresentation is unconditional; the engine already blocks the swipe of a dirty modal (modal.data-loss-confirm).",
            triggering: [
                .json(
                    #"{"modals": [{"id": "notes", "style": "pageSheet", "title": "Notes", "modalInPresentation": true, "#
                        + sheetBar + "}]}"
                ).at("$.modals[0].modalInPresentation")
            ],
            nonTriggering: [
                .json(#"{"modals": [{"id": "notes", "style": "pageSheet", "title": "Notes", "# + sheetBar + "}]}")
            ],
            lint: { c in
                for v in c.modals(where: { $0.style.isSheet && $0.modalInPresentation }) {
                    c.report(
                        .sheetSwipeSupported, v.path.appending("modalInPresentation"), nil, ["modal": v.modal.id])
                }
            }),
        RuleUnit(
            Rule(
                id: .sheetScrimDismiss, kinds: [.runtime], severity: .info, severityNote: nil,
                section: #"3.2 Sheets (card, page, form, detents)"#,
                check:
                    #"A tap on the dimming view outside a sheet (a card at a dimmed detent, the area around an iPad page or form sheet) is an interactive dismissal: the sheet is dismissed with `how: "tapOutside"`, unless it is dirty or `modalInPresentation`, in which case its `confirmDiscard` appears (as for a swipe). At undimmed detents the tap reaches the content beneath (`sheet.undimmed-nonmodal`). Unverified on a device: the card's top strip at the large detent (ModalLab treats it as dimming view too)."#,
                source:
                    #"U-isModalInPresentation: "When you set it to true, UIKit ignores events outside the view controller's bounds and prevents the interactive dismissal of the view controller while it is onscreen." (so by default those events dismiss); U-Sheet.largestUndimmedDetentIdentifier: "the system adds a noninteractive dimming view underneath the sheet""#
            ),
            name: T("A tap on the dimmed area dismisses the sheet", "点击变暗区域会关闭表单"),
            message: T(
                "sheet “{modal}” can't be dismissed interactively, so a tap on the dimmed area around it does nothing",
                "表单“{modal}”不能以交互方式关闭，因此点击其周围的变暗区域不起作用"),
            notes:
                "The tap is the same interactive dismissal as a swipe: a dirty or modalInPresentation sheet shows its confirmDiscard instead, and without one stays.",
            triggering: [
                .script(
                    app(home(open: "a"), view("a")), [.tap("open-button"), .tapOutside()],
                    expect: ["$.stack": [], "$.refusal": nil], draws: true),
                .script(
                    app(home(open: "a"), view("a", "formSheet")), on: "ipad-pro-11",
                    [.tap("open-button"), .tapOutside()],
                    expect: ["$.stack": [], "$.refusal": nil], draws: true),
                .script(
                    app(home(open: "a"), view("a", "pageSheet", #""modalInPresentation": true"#)),
                    [.tap("open-button"), .tapOutside()],
                    expect: ["$.stack[0].modal": "a", "$.stack[1]": nil]),
            ],
            nonTriggering: [
                .script(
                    app(home(open: "a"), draftSheet("a", confirm: "discard")),
                    [.tap("open-button"), .edit("to", "Ann"), .tapOutside()],
                    expect: ["$.stack[0].modal": "a", "$.stack[1].modal": "discard"]),
                .script(
                    app(
                        home(open: "a"),
                        undimmedSheet("a")),
                    [.tap("open-button"), .tap("edit-button")],
                    expect: ["$.stack[0].undimmed": true, "$.refusal": nil]),
            ]),
        RuleUnit(
            Rule(
                id: .sheetUndimmedNonmodal, kinds: [.runtime], severity: .info, severityNote: nil,
                section: #"3.2 Sheets (card, page, form, detents)"#,
                check:
                    #"At detents up to and including `largestUndimmedDetentIdentifier`, the background is interactive (a nonmodal sheet). A presentation triggered from the background while the sheet is up falls under `stack.present-from-top`: the server refuses it unless it targets the sheet, or unless the definition dismisses the sheet first."#,
                source:
                    #"U-Sheet.largestUndimmedDetentIdentifier: "Without a dimming view, the undimmed area around the sheet responds to user interaction, allowing for a nonmodal experience.""#
            ),
            name: T("Undimmed detents are nonmodal", "未变暗的停靠高度是非模态的"),
            message: T(
                "sheet “{modal}” is undimmed at this detent, so the screen behind it stays interactive",
                "表单“{modal}”在此停靠高度未变暗，其后的屏幕仍可交互"),
            triggering: [
                .script(
                    app(
                        home(open: "a"),
                        undimmedSheet("a")),
                    [.tap("open-button"), .tap("open-button")],
                    expect: [
                        "$.stack[0].undimmed": true, "$.stack[0].dimming": "none", "$.stack[1]": nil, "$.refusal": nil,
                    ])
            ],
            nonTriggering: [
                .script(
                    app(
                        home(open: "a"),
                        undimmedSheet("a")),
                    [.tap("open-button"), .detent("a", "large"), .tap("open-button")],
                    expect: ["$.stack[0].undimmed": false, "$.refusal": .rule(.stackPresenterVisible)])
            ]),
        RuleUnit(
            Rule(
                id: .sheetDetentsNonempty, kinds: [.static], severity: .error, severityNote: nil,
                section: #"3.2 Sheets (card, page, form, detents)"#,
                check: #"A declared `detents` array must not be empty."#,
                source: #"U-Sheet.detents: "This array must contain at least one element.""#),
            name: T("Detents must not be empty", "停靠高度不能为空"),
            message: T(
                "sheet “{modal}” declares an empty detents array; list at least one detent, or leave detents out (large)",
                "表单“{modal}”声明了空的 detents 数组；请至少列出一个停靠高度，或省略 detents（默认为 large）"),
            triggering: [
                .json(
                    #"{"modals": [{"id": "notes", "style": "pageSheet", "title": "Notes", "detents": [], "# + sheetBar
                        + "}]}"
                ).at("$.modals[0].detents")
            ],
            nonTriggering: [
                .json(
                    #"{"modals": [{"id": "notes", "style": "pageSheet", "title": "Notes", "detents": ["large"], "#
                        + sheetBar + "}]}")
            ],
            lint: { c in
                for v in c.detentedModals {
                    if let d = v.modal.detents, d.isEmpty {
                        c.report(.sheetDetentsNonempty, v.path.appending("detents"), nil, ["modal": v.modal.id])
                    }
                }
            }),
        RuleUnit(
            Rule(
                id: .sheetDetentsOrder, kinds: [.static, .adapt], severity: .warning, severityNote: nil,
                section: #"3.2 Sheets (card, page, form, detents)"#,
                check: #"Detents that are not in ascending height order get a warning, and the server sorts them."#,
                source: #"U-Sheet.detents: "specify detents in order from smallest to largest height.""#),
            name: T("Detents from smallest to largest", "停靠高度按从小到大排列"),
            message: T(
                "the detents of sheet “{modal}” ({detents}) are not in ascending height; list them from smallest to largest",
                "表单“{modal}”的停靠高度（{detents}）没有按高度升序排列；请按从小到大的顺序列出"),
            notes:
                "Heights per declared device in portrait (medium is half the sheet's container, large all of it, custom heights clamped to it); reported only when the order is wrong on every declared device. The engine sorts them.",
            triggering: [
                .json(
                    #"{"modals": [{"id": "notes", "style": "pageSheet", "title": "Notes", "detents": ["large", "medium"], "grabber": true, "#
                        + sheetBar + "}]}"
                ).at("$.modals[0].detents"),
                .script(
                    app(home(open: "a"), view("a", "pageSheet", #""detents": ["large", "medium"], "grabber": true"#)),
                    [.tap("open-button")], expect: ["$.stack[0].detents": ["medium", "large"]], draws: true),
            ],
            nonTriggering: [
                .json(
                    #"{"modals": [{"id": "notes", "style": "pageSheet", "title": "Notes", "detents": [{"id": "peek", "height": 120}, "medium", "large"], "grabber": true, "#
                        + sheetBar + "}]}"),
                .script(
                    app(home(open: "a"), view("a", "pageSheet", #""detents": ["medium", "large"], "grabber": true"#)),
                    [.tap("open-button")], expect: ["$.stack[0].detents": ["medium", "large"]]),
            ],
            lint: { c in
                // Out of order in every declared device (a portrait container).
                let windows = c.target.fullScreenWindows.filter { $0.orientation == .portrait }
                guard !windows.isEmpty else { return }
                for v in c.detentedModals {
                    let declared = v.modal.detents ?? [.large]
                    guard declared.count > 1 else { continue }
                    let wrong = windows.allSatisfy { e in
                        let container = e.windowSize.height - e.safeArea.top
                        let h = declared.map { $0.height(in: container) }
                        return zip(h, h.dropFirst()).contains { $1 < $0 - 0.5 }
                    }
                    if wrong {
                        c.report(
                            .sheetDetentsOrder, v.path.appending("detents"), nil,
                            ["modal": v.modal.id, "detents": declared.map(\.id).joined(separator: ", ")])
                    }
                }
            }),
        RuleUnit(
            Rule(
                id: .sheetDetentIDs, kinds: [.static], severity: .warning, severityNote: nil,
                section: #"3.2 Sheets (card, page, form, detents)"#,
                check:
                    #"Custom detents need unique identifiers. `selectedDetentIdentifier` and `largestUndimmedDetentIdentifier` must name a declared detent; when `selectedDetentIdentifier` is nil, the sheet opens at the smallest detent."#,
                source:
                    #"U-Sheet.Detent.custom: "Specify a unique identifier for each custom detent." U-Sheet.selectedDetentIdentifier: "nil… the sheet displays at the smallest detent." T-WWDC23-10161 (the undimmed detent must be one of the sheet's detents)"#
            ),
            name: T("Detent identifiers", "停靠高度的标识符"),
            message: T(
                "sheet “{modal}”: a detent identifier is wrong",
                "表单“{modal}”：停靠高度标识符有误"),
            variants: [
                "duplicate": T(
                    "detent id “{id}” of sheet “{modal}” is used twice (or is a system detent's name); give each custom detent a unique id",
                    "表单“{modal}”的停靠高度标识符“{id}”重复（或与系统停靠高度同名）；请为每个自定义停靠高度使用唯一的标识符"),
                "unknown": T(
                    "{key} of sheet “{modal}” names “{id}”, which is not one of its detents ({ids})",
                    "表单“{modal}”的 {key} 指向“{id}”，它不在该表单的停靠高度（{ids}）之中"),
            ],
            notes:
                "Without detents a sheet has the large detent only, so selectedDetent and largestUndimmedDetent may then name only \"large\".",
            triggering: [
                .json(
                    #"{"modals": [{"id": "notes", "style": "pageSheet", "title": "Notes", "grabber": true, "detents": [{"id": "peek", "height": 120}, {"id": "peek", "height": 300}], "#
                        + sheetBar + "}]}"
                ).at("$.modals[0].detents[1].id"),
                .json(
                    #"{"modals": [{"id": "notes", "style": "pageSheet", "title": "Notes", "largestUndimmedDetent": "medium", "#
                        + sheetBar + "}]}"
                ).at("$.modals[0].largestUndimmedDetent"),
            ],
            nonTriggering: [
                .json(
                    #"{"modals": [{"id": "notes", "style": "pageSheet", "title": "Notes", "grabber": true, "detents": ["medium", "large"], "largestUndimmedDetent": "medium", "selectedDetent": "medium", "#
                        + sheetBar + "}]}")
            ],
            lint: { c in
                for v in c.detentedModals {
                    let m = v.modal
                    let declared = m.detents ?? [.large]
                    var seen: Set<String> = []
                    for (k, d) in declared.enumerated() {
                        guard case .custom(let id, _) = d else { continue }
                        if seen.contains(id) || id == "medium" || id == "large" {
                            c.report(
                                .sheetDetentIDs, v.path.appending("detents").appending(k).appending("id"),
                                "duplicate",
                                ["modal": m.id, "id": id])
                        }
                        seen.insert(id)
                    }
                    let ids = Set(declared.map(\.id))
                    for (key, value) in [
                        ("selectedDetent", m.selectedDetent), ("largestUndimmedDetent", m.largestUndimmedDetent),
                    ] {
                        if let value, !ids.contains(value) {
                            c.report(
                                .sheetDetentIDs, v.path.appending(key), "unknown",
                                [
                                    "modal": m.id, "key": key, "id": value,
                                    "ids": declared.map(\.id).joined(separator: ", "),
                                ])
                        }
                    }
                }
            }),
        RuleUnit(
            Rule(
                id: .sheetGrabberWhenResizable, kinds: [.static], severity: .warning, severityNote: nil,
                section: #"3.2 Sheets (card, page, form, detents)"#,
                check:
                    #"A sheet with two or more detents and `prefersGrabberVisible=false`. The grabber is also recommended when swipe dismissal is disabled."#,
                source:
                    #"H-Sheets: "Include a grabber in a resizable sheet." U-Sheet.prefersGrabberVisible: "Showing a grabber may be useful when it isn't apparent that a sheet can resize or when the sheet can't dismiss interactively.""#
            ),
            name: T("Show a grabber on a resizable sheet", "可调整大小的表单应显示抓手"),
            message: T(
                "sheet “{modal}” has {count} detents but no grabber; set \"grabber\": true so people see it can be resized",
                "表单“{modal}”有 {count} 个停靠高度却没有抓手；请设置 \"grabber\": true，让用户知道它可以调整大小"),
            notes: "UIKit's prefersGrabberVisible defaults to false, so a missing grabber counts as false.",
            triggering: [
                .json(
                    #"{"modals": [{"id": "notes", "style": "pageSheet", "title": "Notes", "detents": ["medium", "large"], "grabber": false, "#
                        + sheetBar + "}]}"
                ).at("$.modals[0].grabber")
            ],
            nonTriggering: [
                .json(
                    #"{"modals": [{"id": "notes", "style": "pageSheet", "title": "Notes", "detents": ["medium", "large"], "grabber": true, "#
                        + sheetBar + "}]}")
            ],
            lint: { c in
                // UIKit's prefersGrabberVisible defaults to false.
                for v in c.detentedModals {
                    let m = v.modal
                    let count = (m.detents ?? [.large]).count
                    if count >= 2 && m.grabber != true {
                        c.report(
                            .sheetGrabberWhenResizable,
                            m.grabber == nil ? v.path.appending("detents") : v.path.appending("grabber"),
                            nil, ["modal": m.id, "count": String(count)])
                    }
                }
            }),
        RuleUnit(
            Rule(
                id: .sheetGrabberBehaviour, kinds: [.adapt], severity: .info, severityNote: nil,
                section: #"3.2 Sheets (card, page, form, detents)"#,
                check:
                    #"Dragging the grabber resizes the sheet between detents, and tapping it cycles through them. Scrolling up at the top of the content grows the sheet to the next detent before the content scrolls (`prefersScrollingExpandsWhenScrolledToEdge`, default true)."#,
                source:
                    #"H-Sheets: "they can also tap it to cycle through the detents"; U-Sheet.prefersScrollingExpandsWhenScrolledToEdge"#
            ),
            name: T("What the grabber does", "抓手的行为"),
            message: T(
                "sheet “{modal}” moved to detent {detent}",
                "表单“{modal}”已移动到停靠高度 {detent}"),
            triggering: [
                .script(
                    app(home(open: "a"), view("a", "pageSheet", #""detents": ["medium", "large"], "grabber": true"#)),
                    [.tap("open-button"), .detent("a", "large")],
                    expect: ["$.stack[0].detent": "large", "$.stack[0].grabber": true],
                    draws: true)
            ],
            nonTriggering: [
                .script(
                    app(home(open: "a"), view("a")), [.tap("open-button")],
                    expect: ["$.stack[0].detents": ["large"], "$.stack[0].grabber": false])
            ]),
        RuleUnit(
            Rule(
                id: .sheetMediumForIPhone, kinds: [.static], severity: .info, severityNote: nil,
                section: #"3.2 Sheets (card, page, form, detents)"#,
                check:
                    #"Consider the medium detent on iPhone for progressive disclosure; do not use it for compose-type sheets."#,
                source:
                    #"H-Sheets: "In an iPhone app, consider supporting the medium detent… you might not want to support the medium detent if a sheet's content is more useful when it displays at full height.""#
            ),
            name: T("Medium detent on iPhone", "iPhone 上的中等停靠高度"),
            message: T(
                "compose-type sheet “{modal}” stops at the medium detent and cannot grow to full height; add the large detent (writing is easier at full height)",
                "撰写类表单“{modal}”停在中等停靠高度，无法扩展到全高；请添加 large 停靠高度（全高时更便于书写）"),
            notes:
                "Only the second half of the row is checked, conservatively: a sheet with a text area (compose-type) whose detents include medium but not large, in a target with an iPhone. Suggesting medium for every other sheet would fire on ordinary prototypes, and the bundled Mail example's compose sheet offers medium and large.",
            triggering: [
                .json(
                    #"{"modals": [{"id": "compose", "style": "pageSheet", "title": "New Message", "detents": ["medium"], "content": [{"type": "textArea", "id": "body", "userContent": true}], "#
                        + sheetBar + "}]}"
                ).at("$.modals[0].detents")
            ],
            nonTriggering: [
                .json(
                    #"{"modals": [{"id": "compose", "style": "pageSheet", "title": "New Message", "detents": ["medium", "large"], "grabber": true, "content": [{"type": "textArea", "id": "body", "userContent": true}], "#
                        + sheetBar + "}]}")
            ],
            lint: { c in
                // Compose-type (a text area) and the medium detent without large: it can't grow to full height.
                guard c.target.hasIPhone else { return }
                for v in c.modals(where: { $0.style.isSheet }) {
                    if let d = v.modal.detents, d.contains(.medium), !d.contains(.large),
                        c.modalScreens[v.index].contains(where: { s in
                            s.controls.contains { $0.control.kind == .textArea }
                        })
                    {
                        c.report(.sheetMediumForIPhone, v.path.appending("detents"), nil, ["modal": v.modal.id])
                    }
                }
            }),
    ]
}

extension LintContext {
    /// The modals whose detents are checked: sheets, and popovers (which become sheets when they
    /// adapt).
    var detentedModals: [ModalEntry] {
        memo("detentedModals") { modals { $0.style.isSheet || $0.style == .popover } }
    }
}
