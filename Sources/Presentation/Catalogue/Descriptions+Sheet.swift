// RULES.md §3.2: sheets (card, page, form, detents).

extension RuleCatalogue {
    /// A single-view sheet with Cancel and Done, spliced into the examples below.
    static let sheetBar =
        #""navigationBar": {"leading": [{"id": "cancel", "title": "Cancel", "role": "cancel", "action": "dismiss"}], "trailing": [{"id": "done", "title": "Done", "role": "done", "action": "dismiss"}]}"#

    static let sheetDescriptions: [RuleDescription] = [
        RuleDescription(
            "sheet.swipe-dismiss",
            name: T("Swipe down to dismiss a card", "向下轻扫关闭卡片"),
            message: T(
                "sheet “{modal}” was dismissed by a swipe down",
                "表单“{modal}”已通过向下轻扫关闭"),
            triggering: [
                .scenario(
                    "A downward pan from the grabber of a clean card sheet, released with enough travel, dismisses it.")
            ],
            nonTriggering: [
                .scenario(
                    "The same pan on a sheet with modalInPresentation rubber-bands and fires didAttemptToDismiss.")
            ]),
        RuleDescription(
            "sheet.swipe-supported",
            name: T("Support swipe to dismiss", "支持轻扫关闭表单"),
            message: T(
                "sheet “{modal}” sets modalInPresentation permanently, so it can never be swiped away; leave it off — ModalLab blocks the swipe only while the sheet has unsaved changes",
                "表单“{modal}”始终设置了 modalInPresentation，因此永远无法轻扫关闭；请去掉它——ModalLab 只在表单有未保存的更改时才阻止轻扫"),
            notes:
                "The definition's modalInPresentation is unconditional; the engine already blocks the swipe of a dirty modal (modal.data-loss-confirm).",
            triggering: [
                .json(
                    #"{"modals": [{"id": "notes", "style": "pageSheet", "title": "Notes", "modalInPresentation": true, "#
                        + sheetBar + "}]}")
            ],
            nonTriggering: [
                .json(#"{"modals": [{"id": "notes", "style": "pageSheet", "title": "Notes", "# + sheetBar + "}]}")
            ]),
        RuleDescription(
            "sheet.no-scrim-dismiss",
            name: T("A tap on the dimmed area does not dismiss", "点击变暗区域不会关闭表单"),
            message: T(
                "a tap on the dimmed area around sheet “{modal}” does nothing",
                "点击表单“{modal}”周围的变暗区域不起作用"),
            notes:
                "Whether a scrim tap dismisses an iPad page or form sheet is unverified; the server flag defaults to off.",
            triggering: [.scenario("On iPhone, a tap above a card sheet at its large detent is ignored.")],
            nonTriggering: [
                .scenario(
                    "A tap on the undimmed background of a sheet at a detent up to largestUndimmedDetent reaches the screen below."
                )
            ]),
        RuleDescription(
            "sheet.undimmed-nonmodal",
            name: T("Undimmed detents are nonmodal", "未变暗的停靠高度是非模态的"),
            message: T(
                "sheet “{modal}” is undimmed at this detent, so the screen behind it stays interactive",
                "表单“{modal}”在此停靠高度未变暗，其后的屏幕仍可交互"),
            triggering: [
                .scenario(
                    "A sheet with largestUndimmedDetent medium rests at medium: a tap on the map behind it works.")
            ],
            nonTriggering: [.scenario("At large the background is dimmed and the tap is ignored.")]),
        RuleDescription(
            "sheet.detents-nonempty",
            name: T("Detents must not be empty", "停靠高度不能为空"),
            message: T(
                "sheet “{modal}” declares an empty detents array; list at least one detent, or leave detents out (large)",
                "表单“{modal}”声明了空的 detents 数组；请至少列出一个停靠高度，或省略 detents（默认为 large）"),
            triggering: [
                .json(
                    #"{"modals": [{"id": "notes", "style": "pageSheet", "title": "Notes", "detents": [], "# + sheetBar
                        + "}]}")
            ],
            nonTriggering: [
                .json(
                    #"{"modals": [{"id": "notes", "style": "pageSheet", "title": "Notes", "detents": ["large"], "#
                        + sheetBar + "}]}")
            ]),
        RuleDescription(
            "sheet.detents-order",
            name: T("Detents from smallest to largest", "停靠高度按从小到大排列"),
            message: T(
                "the detents of sheet “{modal}” ({detents}) are not in ascending height; list them from smallest to largest",
                "表单“{modal}”的停靠高度（{detents}）没有按高度升序排列；请按从小到大的顺序列出"),
            notes:
                "Heights per declared device in portrait (medium is half the sheet's container, large all of it, custom heights clamped to it); reported only when the order is wrong on every declared device. The engine sorts them.",
            triggering: [
                .json(
                    #"{"modals": [{"id": "notes", "style": "pageSheet", "title": "Notes", "detents": ["large", "medium"], "grabber": true, "#
                        + sheetBar + "}]}")
            ],
            nonTriggering: [
                .json(
                    #"{"modals": [{"id": "notes", "style": "pageSheet", "title": "Notes", "detents": [{"id": "peek", "height": 120}, "medium", "large"], "grabber": true, "#
                        + sheetBar + "}]}")
            ]),
        RuleDescription(
            "sheet.detent-ids",
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
                        + sheetBar + "}]}"),
                .json(
                    #"{"modals": [{"id": "notes", "style": "pageSheet", "title": "Notes", "largestUndimmedDetent": "medium", "#
                        + sheetBar + "}]}"),
            ],
            nonTriggering: [
                .json(
                    #"{"modals": [{"id": "notes", "style": "pageSheet", "title": "Notes", "grabber": true, "detents": ["medium", "large"], "largestUndimmedDetent": "medium", "selectedDetent": "medium", "#
                        + sheetBar + "}]}")
            ]),
        RuleDescription(
            "sheet.grabber-when-resizable",
            name: T("Show a grabber on a resizable sheet", "可调整大小的表单应显示抓手"),
            message: T(
                "sheet “{modal}” has {count} detents but no grabber; set \"grabber\": true so people see it can be resized",
                "表单“{modal}”有 {count} 个停靠高度却没有抓手；请设置 \"grabber\": true，让用户知道它可以调整大小"),
            notes: "UIKit's prefersGrabberVisible defaults to false, so a missing grabber counts as false.",
            triggering: [
                .json(
                    #"{"modals": [{"id": "notes", "style": "pageSheet", "title": "Notes", "detents": ["medium", "large"], "grabber": false, "#
                        + sheetBar + "}]}")
            ],
            nonTriggering: [
                .json(
                    #"{"modals": [{"id": "notes", "style": "pageSheet", "title": "Notes", "detents": ["medium", "large"], "grabber": true, "#
                        + sheetBar + "}]}")
            ]),
        RuleDescription(
            "sheet.grabber-behaviour",
            name: T("What the grabber does", "抓手的行为"),
            message: T(
                "sheet “{modal}” moved to detent {detent}",
                "表单“{modal}”已移动到停靠高度 {detent}"),
            triggering: [
                .scenario(
                    "Tapping the grabber of a sheet at medium moves it to large; tapping again returns it to medium.")
            ],
            nonTriggering: [.scenario("A sheet with one detent does not change size when its content is scrolled.")]),
        RuleDescription(
            "sheet.medium-for-iphone",
            name: T("Medium detent on iPhone", "iPhone 上的中等停靠高度"),
            message: T(
                "compose-type sheet “{modal}” stops at the medium detent and cannot grow to full height; add the large detent (writing is easier at full height)",
                "撰写类表单“{modal}”停在中等停靠高度，无法扩展到全高；请添加 large 停靠高度（全高时更便于书写）"),
            notes:
                "Only the second half of the row is checked, conservatively: a sheet with a text area (compose-type) whose detents include medium but not large, in a target with an iPhone. Suggesting medium for every other sheet would fire on ordinary prototypes, and the bundled Mail example's compose sheet offers medium and large.",
            triggering: [
                .json(
                    #"{"modals": [{"id": "compose", "style": "pageSheet", "title": "New Message", "detents": ["medium"], "content": [{"type": "textArea", "id": "body", "userContent": true}], "#
                        + sheetBar + "}]}")
            ],
            nonTriggering: [
                .json(
                    #"{"modals": [{"id": "compose", "style": "pageSheet", "title": "New Message", "detents": ["medium", "large"], "grabber": true, "content": [{"type": "textArea", "id": "body", "userContent": true}], "#
                        + sheetBar + "}]}")
            ]),
    ]
}
