// The rules of one iOS version's presentations ("3.9 Version-specific presentation"), each
// whole: its catalogue row (with the versions it applies to), its words and its examples. The
// examples run the same prototype at iOS 18 and at iOS 26: the engine tests of every behaviour
// that differs by version.

import JSON
import Prototype

extension RuleCatalogue {
    static let versionSection = #"3.9 Version-specific presentation"#

    /// A sheet that rests at its medium detent and can grow to large.
    static let halfSheet = view("a", "pageSheet", #""detents": ["medium", "large"], "grabber": true"#)

    /// A form sheet with one line of text, sized by `sizing` members.
    static func sizedSheet(_ members: String) -> String {
        view(
            "a", "pageSheet",
            #""content": [{"type": "text", "id": "note", "text": "One line."}], "preferredContentSize": {"width": 400, "height": 300}, "#
                + members)
    }

    static let versionRules: [RuleUnit] = [
        RuleUnit(
            Rule(
                id: .sheetSizing, kinds: [.static, .adapt], severity: .warning, severityNote: nil,
                section: versionSection,
                check:
                    #"A centred sheet (wR/hR) is sized by its style — a page sheet as a page, a form sheet by `preferredContentSize` — unless `prefersPageSizing` (iOS 17 and later) or `sizing` (`form`, `page`, `fitted`; iOS 18 and later) says otherwise; `fitted` is as tall as its content. For a lower `targetOS` the linter warns that the member has no effect, and a session running a lower version sizes by the style."#,
                source:
                    #"Apple, "UISheetPresentationController.prefersPageSizing" (iOS 17.0): "When the value is set to false, the sheet uses UIModalPresentationStyle.formSheet behavior, in which the sheet size follows the presented view controller's preferredContentSize." SwiftUI "presentationSizing(_:)" (iOS 18.0), "FittedPresentationSizing", "PagePresentationSizing": "roughly the size of a page of paper"."#,
                versions: .changed(
                    .init(17, "`prefersPageSizing` chooses page or form sizing."),
                    .init(18, "`sizing` (SwiftUI's presentationSizing): form, page, or fitted to the content."))),
            name: T("Sheet sizing follows the version", "表单尺寸取决于 iOS 版本"),
            message: T(
                "“{modal}” sets \"{member}\", which needs iOS {needs}; the prototype targets iOS {os}, where it has no effect",
                "“{modal}”设置了 \"{member}\"，这需要 iOS {needs}；原型的目标版本是 iOS {os}，该设置不起作用"),
            notes:
                "A fitted sheet is as wide as its preferredContentSize (else a form sheet's 540 pt) and as tall as its screen's content, within the window.",
            triggering: [
                .json(#"{"targetOS": "16", "modals": [\#(sizedSheet(#""prefersPageSizing": false"#))]}"#)
                    .at("$.modals[0].prefersPageSizing"),
                .json(#"{"targetOS": "17", "modals": [\#(sizedSheet(#""sizing": "fitted""#))]}"#)
                    .at("$.modals[0].sizing"),
                .script(
                    app(home(open: "a"), sizedSheet(#""prefersPageSizing": false"#)), on: "ipad-pro-11", targetOS: 18,
                    [.tap("open-button")], expect: ["$.stack[0].size": [400, 300]], draws: true),
            ],
            nonTriggering: [
                .json(#"{"modals": [\#(sizedSheet(#""sizing": "fitted""#))]}"#),
                .script(
                    app(home(open: "a"), sizedSheet(#""prefersPageSizing": false"#)), on: "ipad-pro-11", targetOS: 16,
                    [.tap("open-button")], expect: ["$.stack[0].size": [704, 1126]]),
            ],
            lint: { c in
                let os = c.prototype.targetOS
                for v in c.modals(where: { $0.style.isSheet }) {
                    if v.modal.prefersPageSizing != nil && os < SystemVersion.prefersPageSizing {
                        c.report(
                            .sheetSizing, v.path.appending("prefersPageSizing"), nil,
                            [
                                "modal": v.modal.id, "member": "prefersPageSizing",
                                "needs": String(SystemVersion.prefersPageSizing),
                                "os": String(os),
                            ])
                    }
                    if v.modal.sizing != nil && os < SystemVersion.presentationSizing {
                        c.report(
                            .sheetSizing, v.path.appending("sizing"), nil,
                            [
                                "modal": v.modal.id, "member": "sizing",
                                "needs": String(SystemVersion.presentationSizing),
                                "os": String(os),
                            ])
                    }
                }
            }),
        RuleUnit(
            Rule(
                id: .actionSheetInlineAtSource, kinds: [.adapt], severity: .info, severityNote: nil,
                section: versionSection,
                check:
                    #"From iOS 26, an action sheet in a compact width or height (wherever it would otherwise slide up from the bottom edge: an iPhone in either orientation, a large iPhone in landscape (wR/hC) included) whose `source` is on screen is drawn inline over that control (as a popover without an arrow, growing out of it), not at the bottom edge; it has no Cancel button, and a tap outside dismisses it. When its source is not on screen it slides up from the bottom with its Cancel, as before."#,
                source:
                    #"Apple, "Adopting Liquid Glass" (Windows and modals): "An action sheet originates from the element that initiates the action, instead of from the bottom edge of the display." WWDC25 "Build a UIKit app with the new design" (inline alerts and action sheets): no Cancel button, tap outside to dismiss; without a source set, a Cancel button."#,
                versions: .since(26)),
            name: T("Action sheets appear at their source", "操作列表出现在其来源处"),
            message: T(
                "“{modal}” appears inline over its source, without Cancel (iOS 26)",
                "“{modal}”以内联方式出现在其来源控件上方，不显示“取消”（iOS 26）"),
            notes:
                "The inline form is drawn as a popover without an arrow (`form` `popover`), centred on a content source, beside a bar button it replaces. Where the sourceless action sheet goes in iOS 26 (the session notes say centred) is unverified: ModalLab keeps the bottom edge.",
            triggering: [
                .script(
                    app(home(edit: "a"), deletePhotoSheet("a")), targetOS: 26, [.tap("edit-button")],
                    expect: ["$.stack[0].form": "popover", "$.stack[0].buttons": ["Delete Photo"]]),
                .script(
                    app(home(edit: "a"), deletePhotoSheet("a")), on: "iphone-16-pro-max", orientation: .landscape,
                    targetOS: 26, [.tap("edit-button")],
                    expect: [
                        "$.sizeClass.horizontal": "regular", "$.stack[0].form": "popover",
                        "$.stack[0].buttons": ["Delete Photo"], "$.stack[0].arrow": nil, "$.stack[0].width": 270,
                    ]),
            ],
            nonTriggering: [
                .script(
                    app(home(edit: "a"), deletePhotoSheet("a")), targetOS: 18, [.tap("edit-button")],
                    expect: ["$.stack[0].form": "actionSheet", "$.stack[0].buttons": ["Delete Photo", "Cancel"]]),
                .script(
                    app(
                        home(edit: "a"),
                        #"{"id": "a", "style": "actionSheet", "actions": [{"title": "Delete Photo", "role": "destructive"}, {"title": "Cancel", "role": "cancel"}]}"#
                    ), targetOS: 26, [.tap("edit-button")],
                    expect: ["$.stack[0].form": "actionSheet", "$.stack[0].buttons": ["Delete Photo", "Cancel"]]),
            ]),
        RuleUnit(
            Rule(
                id: .popoverReplacesSource, kinds: [.adapt], severity: .info, severityNote: nil,
                section: versionSection,
                check:
                    #"From iOS 26, a popover (or an action sheet drawn as one) whose source is a bar button item is drawn over that item, without an arrow, and the item is hidden until the popover is dismissed. Through iOS 18 the arrow points at the item. A popover from a control in the content keeps its arrow."#,
                source:
                    #"Apple, "UIPopoverPresentationController.sourceItem": "In iOS 18 and earlier, the popover's arrow points to the specified item. In iOS 26 and later, the popover animates from and replaces the specified item until someone selects an action item or dismisses the popover.""#,
                versions: .since(26)),
            name: T("A popover replaces its bar button", "弹出框取代其栏按钮"),
            message: T(
                "“{modal}” is drawn over its bar button, which it replaces until it is dismissed (iOS 26)",
                "“{modal}”绘制在其栏按钮上方，并在关闭前取代该按钮（iOS 26）"),
            notes:
                "Beside a leading bar button the popover's leading edge is the button's; beside a trailing one its trailing edge; over a toolbar item its bottom edge (ModalLab's reading of the animation, unverified).",
            triggering: [
                .script(
                    app(home(more: "p"), popover("p", source: "more-button")), on: "ipad-pro-11", targetOS: 26,
                    [.tap("more-button")],
                    expect: ["$.stack[0].replacesSource": true, "$.stack[0].arrow": nil], draws: true)
            ],
            nonTriggering: [
                .script(
                    app(home(more: "p"), popover("p", source: "more-button")), on: "ipad-pro-11", targetOS: 18,
                    [.tap("more-button")],
                    expect: ["$.stack[0].replacesSource": false, "$.stack[0].arrow": "up"]),
                .script(
                    app(home(open: "p"), popover("p", source: "open-button")), on: "ipad-pro-11", targetOS: 26,
                    [.tap("open-button")],
                    expect: ["$.stack[0].replacesSource": false]),
            ]),
        RuleUnit(
            Rule(
                id: .sheetFloatingPartial, kinds: [.adapt], severity: .info, severityNote: nil,
                section: versionSection,
                check:
                    #"From iOS 26, a card resting below the height of its large detent (in regular height) floats inset from the screen's sides and bottom on Liquid Glass, with corners that follow the display's; at full height it is edge-attached and opaque."#,
                source:
                    #"Apple, "Adopting Liquid Glass" (Windows and modals): "Sheets feature an increased corner radius, and half sheets are inset from the edge of the display to allow content to peek through from beneath them. When a half sheet expands to full height, it transitions to a more opaque appearance to help maintain focus on the task.""#,
                versions: .since(26)),
            name: T("Half sheets float", "半高表单悬浮显示"),
            message: T(
                "“{modal}” floats inset at a partial detent (iOS 26)",
                "“{modal}”在部分高度的停留位置以内缩方式悬浮显示（iOS 26）"),
            notes:
                "Apple gives no inset or radius: ModalLab draws an 8 pt inset and a radius of the display's corner radius less the inset (at least 24 pt), its own choice (unverified); LayoutMetrics has the numbers. In compact height the card keeps its iOS 18 geometry.",
            triggering: [
                .script(
                    app(home(open: "a"), halfSheet), targetOS: 26, [.tap("open-button")],
                    expect: ["$.stack[0].detent": "medium", "$.stack[0].floating": true], draws: true)
            ],
            nonTriggering: [
                .script(
                    app(home(open: "a"), halfSheet), targetOS: 18, [.tap("open-button")],
                    expect: ["$.stack[0].floating": false]),
                .script(
                    app(home(open: "a"), halfSheet), targetOS: 26, [.tap("open-button"), .detent("a", "large")],
                    expect: ["$.stack[0].detent": "large", "$.stack[0].floating": false]),
            ]),
        RuleUnit(
            Rule(
                id: .sheetFormGlassLayer, kinds: [.adapt], severity: .info, severityNote: nil,
                section: versionSection,
                check:
                    #"From iOS 26, a form sheet in regular width and height is centred over a layer with a Liquid Glass effect instead of the dimming layer; a page sheet keeps its dimming layer."#,
                source:
                    #"U-MPS.formSheet (current): "In a regular-width, regular-height size class, the system adds a layer with a Liquid Glass effect over the background content and centers the view controller's content on top of this layer." U-MPS.pageSheet: "the system adds a dimming layer over the background content""#,
                versions: .since(26)),
            name: T("Form sheets over Liquid Glass", "表单位于 Liquid Glass 层之上"),
            message: T(
                "form sheet “{modal}” sits over a Liquid Glass layer (iOS 26)",
                "表单“{modal}”位于 Liquid Glass 层之上（iOS 26）"),
            triggering: [
                .script(
                    app(home(open: "a"), view("a", "formSheet")), on: "ipad-pro-11", targetOS: 26,
                    [.tap("open-button")], expect: ["$.stack[0].dimming": "glass"], draws: true)
            ],
            nonTriggering: [
                .script(
                    app(home(open: "a"), view("a", "formSheet")), on: "ipad-pro-11", targetOS: 18,
                    [.tap("open-button")], expect: ["$.stack[0].dimming": "dark"]),
                .script(
                    app(home(open: "a"), view("a", "pageSheet")), on: "ipad-pro-11", targetOS: 26,
                    [.tap("open-button")], expect: ["$.stack[0].dimming": "dark"]),
            ]),
        RuleUnit(
            Rule(
                id: .presentationGrowsFromSource, kinds: [.adapt], severity: .info, severityNote: nil,
                section: versionSection,
                check:
                    #"From iOS 26, popovers, alerts, action sheets and menus presented by a control grow out of it as they appear and shrink back into it as they go. Sheets and full-screen modals still slide up unless they use the zoom transition."#,
                source:
                    #"WWDC25 "Build a SwiftUI app with the new design": "dialogs also automatically morph out of the buttons that present them"; WWDC25 "Meet Liquid Glass": a menu "simply pops open" from its button; Apple, "UIPopoverPresentationController.sourceItem" (iOS 26: "the popover animates from … the specified item")."#,
                versions: .since(26)),
            name: T("Presentations grow from their control", "呈现内容从控件中展开"),
            message: T(
                "“{modal}” grows out of the control that presented it (iOS 26)",
                "“{modal}”从呈现它的控件中展开（iOS 26）"),
            notes:
                "The move and scale come from the layout (the control's rect and the layer's); the curve and duration are ModalLab's (unverified). An alert or action sheet the app presents without a tap appears as before.",
            triggering: [
                .script(
                    app(home(edit: "a"), alert("a")), targetOS: 26, [.tap("edit-button")],
                    expect: ["$.stack[0].growsFromSource": true], draws: true)
            ],
            nonTriggering: [
                .script(
                    app(home(edit: "a"), alert("a")), targetOS: 18, [.tap("edit-button")],
                    expect: ["$.stack[0].growsFromSource": false]),
                .script(
                    app(home(edit: "a"), alert("a")), targetOS: 26, [.present("a")],
                    expect: ["$.stack[0].growsFromSource": false]),
            ]),
    ]
}
