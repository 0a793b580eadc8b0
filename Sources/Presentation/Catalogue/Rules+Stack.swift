// The runtime stack rules ("1. Runtime stack rules"), each whole: its catalogue row, its words and
// its examples. The engine applies them.
// Placeholders the engine may fill: {modal} (the requested modal), {top} (the top entry),
// {presenter} (the presenting screen or modal).

import JSON
import Prototype

extension RuleCatalogue {
    static let stackRules: [RuleUnit] = [
        RuleUnit(
            Rule(
                id: .stackPresentFromTop, kinds: [.runtime], severity: .error, severityNote: nil,
                section: #"1. Runtime stack rules: what may appear over what"#,
                check:
                    #"A presentation requested with a presenter that already has a presented controller (the presenter is not the top of the stack) is refused. UIKit logs the message and does nothing; the server must not re-route the request silently."#,
                source:
                    #"X: "Warning: Attempt to present <B> on <A> which is already presenting <C>" (airbrake-ios#91, firefox-ios PR 15436; newer iOS wording: "Attempt to present <B> on <A> (from <A>) which is already presenting" — adaptyteam/AdaptySDK-iOS PR 116)"#
            ),
            name: T("Present from the top of the stack", "只能从栈顶呈现"),
            message: T(
                "“{presenter}” is already presenting “{top}”; present “{modal}” from the top of the stack, or dismiss “{top}” first",
                "“{presenter}”已在呈现“{top}”；请从栈顶呈现“{modal}”，或先关闭“{top}”"),
            notes: "Refused (HTTP 409), never re-routed: UIKit logs the warning and does nothing.",
            triggering: [
                .script(
                    app(
                        home(open: "a", edit: "b"),
                        undimmedSheet("a"),
                        view("b")),
                    [.tap("open-button"), .tap("edit-button")], expect: ["$.refusal": .rule(.stackPresentFromTop)])
            ],
            nonTriggering: [
                .script(
                    app(
                        home(open: "a"), sheet("a", presenting: "b"),
                        view("b")),
                    [.tap("open-button"), .tap("next")], expect: ["$.stack[1].modal": "b"])
            ]),
        RuleUnit(
            Rule(
                id: .stackAlreadyPresented, kinds: [.runtime], severity: .error, severityNote: nil,
                section: #"1. Runtime stack rules: what may appear over what"#,
                check: #"Presenting an instance (screen id) that is already on the stack is refused."#,
                source:
                    #"X: NSInvalidArgumentException "Application tried to present modally a view controller <X> that is already being presented by <Y>." (capacitor-community/privacy-screen#56, #83)"#
            ),
            name: T("Already presented", "已在呈现中"),
            message: T(
                "“{modal}” is already on the presentation stack; dismiss it before presenting it again",
                "“{modal}”已在呈现栈中；再次呈现之前请先关闭它"),
            triggering: [
                .script(
                    app(home(open: "a"), view("a", "pageSheet", #""content": [\#(button("again", presents: "a"))]"#)),
                    [.tap("open-button"), .tap("again")], expect: ["$.refusal": .rule(.stackAlreadyPresented)])
            ],
            nonTriggering: [
                .script(
                    app(home(open: "a"), view("a")), [.tap("open-button"), .tap("a-done"), .tap("open-button")],
                    expect: ["$.stack[0].modal": "a", "$.refusal": nil])
            ]),
        RuleUnit(
            Rule(
                id: .stackTransitionInProgress, kinds: [.runtime], severity: .error, severityNote: nil,
                section: #"1. Runtime stack rules: what may appear over what"#,
                check:
                    #"A present or dismiss request that arrives while another transition is animating is refused, or queued behind a server flag; UIKit drops it."#,
                source:
                    #"X: "Attempt to present <X> on <Y> while a presentation is in progress!" (zetachang/DCModalSegue#10)"#
            ),
            name: T("Transition in progress", "过渡动画进行中"),
            message: T(
                "a presentation or dismissal is still animating; wait for it to finish before presenting “{modal}”",
                "仍有呈现或关闭的过渡动画在进行；请等它结束后再呈现“{modal}”"),
            triggering: [
                .script(
                    app(home(open: "a"), view("a")), options: EngineOptions(transitionMs: 1500),
                    [.tap("open-button"), .tap("a-done")],
                    expect: ["$.refusal": .rule(.stackTransitionInProgress), "$.stack[0].modal": "a"])
            ],
            nonTriggering: [
                .script(
                    app(home(open: "a"), view("a")), options: EngineOptions(transitionMs: 500),
                    [.tap("open-button"), .tap("a-done")],
                    expect: ["$.stack": []])
            ]),
        RuleUnit(
            Rule(
                id: .stackPresenterVisible, kinds: [.runtime], severity: .error, severityNote: nil,
                section: #"1. Runtime stack rules: what may appear over what"#,
                check:
                    #"The presenter must be on screen: it must be the root screen or the top entry. Otherwise the request is refused."#,
                source:
                    #"X: "Attempt to present <X> on <Y> whose view is not in the window hierarchy!" (fouquet/RFAboutView#8)"#
            ),
            name: T("Presenter must be visible", "呈现者必须可见"),
            message: T(
                "“{presenter}” is not on screen; present “{modal}” from the root screen or the top presentation",
                "“{presenter}”不在屏幕上；请从根屏幕或最上层的呈现中呈现“{modal}”"),
            triggering: [
                .script(
                    app(home(open: "a", edit: "b"), view("a", "fullScreen"), alert("b")),
                    [.tap("open-button"), .tap("edit-button")],
                    expect: ["$.refusal": .rule(.stackPresenterVisible)])
            ],
            nonTriggering: [
                .script(app(home(edit: "b"), alert("b")), [.tap("edit-button")], expect: ["$.stack[0].form": "alert"])
            ]),
        RuleUnit(
            Rule(
                id: .modalOneAtATime, kinds: [.runtime], severity: .warning, severityNote: nil,
                section: #"1. Runtime stack rules: what may appear over what"#,
                check:
                    #"Presenting any modal (a sheet, full screen, a current-context style, an action sheet, or an activity view) while another modal is visible raises a warning. There are two exemptions: an alert (`alert.over-anything`), and an action sheet presented for a data-loss confirmation over its own sheet (`modal.data-loss-confirm`). Popovers fall under the `popover.*` rules."#,
                source:
                    #"H-Modality: "Let people dismiss a modal view before presenting another one. Allowing multiple modal views to be visible at the same time tends to create visual clutter…""#
            ),
            name: T("One modal at a time", "一次只显示一个模态视图"),
            message: T(
                "“{modal}” would appear over “{top}”; let people dismiss one modal view before presenting another",
                "“{modal}”会叠在“{top}”之上；请让用户先关闭一个模态视图，再呈现另一个"),
            notes:
                "Exempt: alerts (alert.over-anything) and the data-loss action sheet over its own sheet (modal.data-loss-confirm). Popovers fall under popover.*.",
            triggering: [
                .script(
                    app(
                        home(open: "a"),
                        view("a", "fullScreen", #""content": [\#(button("settings", presents: "b"))]"#), view("b")),
                    [.tap("open-button"), .tap("settings")], expect: ["$.stack[1].modal": "b"])
            ],
            nonTriggering: [
                .script(
                    app(
                        home(open: "a"),
                        draftSheet("a", confirm: "c")
                    ), [.tap("open-button"), .edit("to", "Ana"), .swipeDown()], expect: ["$.stack[1].modal": "c"])
            ]),
        RuleUnit(
            Rule(
                id: .sheetOneAtATime, kinds: [.runtime], severity: .warning, severityNote: nil,
                section: #"1. Runtime stack rules: what may appear over what"#,
                check:
                    #"A sheet (`pageSheet`, `formSheet` or `automatic`) on top of another sheet raises a warning (a stacked card). The warning suggests closing the first sheet and reopening it afterwards. It is a warning, not an error: UIKit allows stacked sheets, and the guidelines' wording is advisory."#,
                source:
                    #"H-Sheets: "Display only one sheet at a time from the main interface… If something people do within a sheet results in another sheet appearing, close the first sheet before displaying the new one.""#
            ),
            name: T("One sheet at a time", "一次只显示一个表单"),
            message: T(
                "sheet “{modal}” would stack on sheet “{top}”; close the first sheet and reopen it afterwards",
                "表单“{modal}”会叠在表单“{top}”之上；请先关闭第一个表单，完成后再重新打开"),
            notes: "A warning, not an error: UIKit allows the stack and the HIG's wording is advisory.",
            triggering: [
                .script(
                    app(
                        home(open: "a"), sheet("a", presenting: "b"),
                        view("b", "formSheet")),
                    [.tap("open-button"), .tap("next")], expect: ["$.stack[1].modal": "b"])
            ],
            nonTriggering: [
                .script(
                    app(
                        home(open: "a"), sheet("a", presenting: "b"),
                        alert("b")),
                    [.tap("open-button"), .tap("next")], expect: ["$.stack[1].form": "alert"])
            ]),
        RuleUnit(
            Rule(
                id: .alertOverAnything, kinds: [.runtime], severity: .info, severityNote: nil,
                section: #"1. Runtime stack rules: what may appear over what"#,
                check:
                    #"An alert may be presented over any entry type, including sheets, full-screen views, popovers and action sheets."#,
                source:
                    #"H-Modality: "an alert can appear on top of all other content — including other modal views"; S0:L259 "Except for an alert, nothing should be displayed on top of a popover.""#
            ),
            name: T("Alerts may appear over anything", "警告框可以显示在任何内容之上"),
            message: T(
                "alert “{modal}” appears over “{top}”: an alert may cover any other presentation",
                "警告框“{modal}”显示在“{top}”之上：警告框可以覆盖任何其他呈现"),
            triggering: [
                .script(
                    app(
                        home(more: "p"),
                        popover("p", presenting: "b"),
                        alert("b")),
                    on: "ipad-pro-11", [.tap("more-button"), .tap("next")],
                    expect: ["$.stack[0].form": "popover", "$.stack[1].form": "alert"])
            ],
            nonTriggering: [
                .script(app(home(edit: "b"), alert("b")), [.tap("edit-button")], expect: ["$.stack[0].form": "alert"])
            ]),
        RuleUnit(
            Rule(
                id: .alertOneAtATime, kinds: [.runtime], severity: .error, severityNote: nil,
                section: #"1. Runtime stack rules: what may appear over what"#,
                check: #"An alert requested while an alert is visible anywhere on the stack is refused."#,
                source: #"H-Modality: "you never want to display more than one alert at the same time.""#),
            name: T("One alert at a time", "一次只显示一个警告框"),
            message: T(
                "alert “{top}” is still visible; never show two alerts at once",
                "警告框“{top}”仍在显示；不要同时显示两个警告框"),
            triggering: [
                .script(
                    app(home(edit: "a"), alert("a"), alert("b")), [.tap("edit-button"), .present("b")],
                    expect: ["$.refusal": .rule(.alertOneAtATime)])
            ],
            nonTriggering: [
                .script(
                    app(home(edit: "a"), alert("a", discard: #"{"present": "b"}"#), alert("b")),
                    [.tap("edit-button"), .tap("a", "Discard")],
                    expect: ["$.stack[0].modal": "b"])
            ]),
        RuleUnit(
            Rule(
                id: .popoverNoModalOver, kinds: [.static, .runtime], severity: .error,
                severityNote:
                    #"error at runtime; a warning from the linter (the prototype still plays, and a compact window allows it)"#,
                section: #"1. Runtime stack rules: what may appear over what"#,
                check:
                    #"If the top entry is a popover (or content inside it), any presentation other than an alert is refused. The error suggests closing the popover first. The rule applies even though UIKit itself does not refuse: UIKit re-routes full-screen styles to a full-screen ancestor (VCPG), and action sheets and activity views become a second popover."#,
                source:
                    #"S0:L85 "Don't display a card that appears on top of a popover… nothing should appear on top of a popover (except possibly an alert)… close the popover before displaying the card." S0:L259. S1:L35 "Don't display a modal view above a popover. With the possible exception of an alert, nothing should appear over a popover." S2:L451 "在iPad上，不要让模态视图覆盖在弹出层之上。除了警告框外，没有任何元素应该覆盖在弹出层上面" (on iPad, don't let a modal view cover a popover; nothing except an alert should). H-Popovers: "Make sure nothing displays on top of a popover, except for an alert.""#
            ),
            name: T("Nothing over a popover", "弹出框之上不显示其他视图"),
            message: T(
                "“{modal}” would appear over popover “{top}”; close the popover first (only an alert may cover a popover)",
                "“{modal}”会显示在弹出框“{top}”之上；请先关闭弹出框（只有警告框可以覆盖弹出框）"),
            variants: [
                "lint": T(
                    "{presenter} in popover “{top}” presents “{modal}”, which would appear over the popover where it is drawn as one (a regular-width window) and is refused there; dismiss the popover first, present from beneath it, or use an alert",
                    "弹出框“{top}”中的{presenter}会呈现“{modal}”，在弹出框以弹出框形式显示的窗口（常规宽度）中它会覆盖弹出框，因而被拒绝；请先关闭弹出框、从其下方呈现，或改用警告框"
                )
            ],
            notes:
                "Refused even though UIKit itself re-routes or nests such presentations (S0:L85, S1:L35, S2:L451, H-Popovers agree). Statically: a control, list row or menu item inside a popover whose action presents anything but an alert or a current-context presentation (which is drawn inside the popover: popover.card-inside-ok), when a declared device has a regular-width window or the popover is forced (adaptivePresentationStyle none). In a compact window the popover is a sheet, and the presentation goes ahead (modal.one-at-a-time warns).",
            triggering: [
                .script(
                    app(
                        home(more: "p"),
                        popover("p", presenting: "b"),
                        view("b")),
                    on: "ipad-pro-11", [.tap("more-button"), .tap("next")],
                    expect: ["$.refusal": .rule(.popoverNoModalOver)]),
                .json(#"{"modals": [\#(popover("p", presenting: "b")), \#(view("b"))]}"#).at("$.modals[0].content[0]"),
            ],
            nonTriggering: [
                .script(
                    app(
                        home(more: "p"),
                        popover("p", presenting: "b"),
                        alert("b")),
                    on: "ipad-pro-11", [.tap("more-button"), .tap("next")], expect: ["$.stack[1].form": "alert"]),
                .json(#"{"devices": ["iphone-16"], "modals": [\#(popover("p", presenting: "b")), \#(view("b"))]}"#),
                .json(#"{"modals": [\#(popover("p", presenting: "b")), \#(alert("b"))]}"#),
                .json(#"{"modals": [\#(popover("p", presenting: "b")), \#(view("b", "overCurrentContext"))]}"#),
            ],
            lint: { c in
                for o in c.presentationsFromPopovers where !o.secondPopover {
                    c.report(.popoverNoModalOver, o.path, "lint", o.args, severity: .warning)
                }
            }),
        RuleUnit(
            Rule(
                id: .popoverCloseThenPresent, kinds: [.adapt], severity: .info, severityNote: nil,
                section: #"1. Runtime stack rules: what may appear over what"#,
                check:
                    #"An optional server mode (`autoClosePopover=true`): instead of refusing under `popover.no-modal-over`, the server dismisses the popover (committing its work, per `popover.save-on-auto-dismiss`) and then presents the new view."#,
                source: #"S0:L85 "close the popover before displaying the card""#),
            name: T("Close the popover, then present", "先关闭弹出框再呈现"),
            message: T(
                "popover “{top}” was closed (its work kept) before presenting “{modal}”",
                "已先关闭弹出框“{top}”（保留其中的操作结果），再呈现“{modal}”"),
            notes: "Only with the server option --on-popover-conflict close-first.",
            triggering: [
                .script(
                    app(
                        home(more: "p"),
                        popover("p", presenting: "b"),
                        view("b")),
                    on: "ipad-pro-11", options: EngineOptions(popoverConflict: .closeFirst),
                    [.tap("more-button"), .tap("next")],
                    expect: ["$.stack[0].modal": "b", "$.stack[1]": nil])
            ],
            nonTriggering: [
                .script(
                    app(
                        home(more: "p"),
                        popover("p", presenting: "b"),
                        view("b")),
                    on: "ipad-pro-11", [.tap("more-button"), .tap("next")],
                    expect: ["$.refusal": .rule(.popoverNoModalOver)])
            ]),
        RuleUnit(
            Rule(
                id: .popoverCardInsideOK, kinds: [.runtime], severity: .info, severityNote: nil,
                section: #"1. Runtime stack rules: what may appear over what"#,
                check:
                    #"A `currentContext` or `overCurrentContext` presentation whose context is the popover's content is allowed, because it renders inside the popover rather than over it. The transition must be `coverVertical` (see `transition.popover-context-cover-vertical`)."#,
                source: #"S0:L85 "Although you can display a card within a popover"; U-MPS.currentContext"#),
            name: T("A card inside a popover is fine", "可以在弹出框内部显示卡片"),
            message: T(
                "“{modal}” is shown inside popover “{top}”, not over it",
                "“{modal}”显示在弹出框“{top}”内部，而不是覆盖在其上"),
            triggering: [
                .script(
                    app(
                        home(more: "p"),
                        popover("p", presenting: "c"),
                        view("c", "currentContext", #""context": "p", "compactAdaptation": "sheet""#)),
                    on: "ipad-pro-11", [.tap("more-button"), .tap("next")], expect: ["$.stack[1].form": "context"])
            ],
            nonTriggering: [
                .script(
                    app(
                        home(more: "p"),
                        popover("p", presenting: "c"),
                        view("c")),
                    on: "ipad-pro-11", [.tap("more-button"), .tap("next")],
                    expect: ["$.refusal": .rule(.popoverNoModalOver)])
            ]),
        RuleUnit(
            Rule(
                id: .popoverOneAtATime, kinds: [.static, .runtime], severity: .error,
                severityNote:
                    #"error at runtime; a warning from the linter (the prototype still plays, and a compact window allows it)"#,
                section: #"1. Runtime stack rules: what may appear over what"#,
                check:
                    #"A popover requested while another popover is visible is refused. This covers a popover opened from inside a popover and action sheets that would resolve to a popover."#,
                source:
                    #"S0:L255 and H-Popovers: "Show one popover at a time… Never show a cascade or hierarchy of popovers, in which one emerges from another. If you need to show a new popover, close the open one first." S3:L145"#
            ),
            name: T("One popover at a time", "一次只显示一个弹出框"),
            message: T(
                "popover “{top}” is open; close it before opening “{modal}” — never cascade popovers",
                "弹出框“{top}”已打开；打开“{modal}”之前请先关闭它——不要层叠弹出框"),
            variants: [
                "lint": T(
                    "{presenter} in popover “{top}” opens “{modal}”, a second popover where the first is drawn as one (a regular-width window), which is refused there; close the popover first — never cascade popovers",
                    "弹出框“{top}”中的{presenter}会打开“{modal}”，在弹出框以弹出框形式显示的窗口（常规宽度）中这是第二个弹出框，因而被拒绝；请先关闭弹出框——不要层叠弹出框"
                )
            ],
            notes:
                "Statically: a control, list row or menu item inside a popover whose action presents a popover, an action sheet or an activity view (each drawn as a popover in a regular-width window), when a declared device has one or the popover is forced.",
            triggering: [
                .script(
                    app(
                        home(more: "p"),
                        popover("p", presenting: "q"),
                        popover("q", source: "next")),
                    on: "ipad-pro-11", [.tap("more-button"), .tap("next")],
                    expect: ["$.refusal": .rule(.popoverOneAtATime)]),
                .json(#"{"modals": [\#(popover("p", presenting: "q")), \#(popover("q", source: "next"))]}"#).at(
                    "$.modals[0].content[0]"),
            ],
            nonTriggering: [
                .script(
                    app(
                        home(more: "p"),
                        popover("p", presenting: "q"),
                        popover("q", source: "next")),
                    [.tap("more-button"), .tap("next")], expect: ["$.stack[0].form": "card", "$.stack[1].modal": "q"]),
                .json(
                    #"{"devices": ["iphone-16"], "modals": [\#(popover("p", presenting: "q")), \#(popover("q", source: "next"))]}"#
                ),
            ],
            lint: { c in
                for o in c.presentationsFromPopovers where o.secondPopover {
                    c.report(.popoverOneAtATime, o.path, "lint", o.args, severity: .warning)
                }
            }),
        RuleUnit(
            Rule(
                id: .popoverSingleTapSwitch, kinds: [.adapt], severity: .info, severityNote: nil,
                section: #"1. Runtime stack rules: what may appear over what"#,
                check:
                    #"Tapping a bar button that opens popover B while popover A is open closes A and opens B in the same tap. The tap is not swallowed by the dismissal."#,
                source:
                    #"S0:L263 and H-Popovers: "When possible, let people close one popover and open another with a single tap.""#
            ),
            name: T("Switch popovers with one tap", "一次点击即可切换弹出框"),
            message: T(
                "popover “{top}” closed and “{modal}” opened in the same tap",
                "同一次点击中关闭了弹出框“{top}”并打开了“{modal}”"),
            triggering: [
                .script(
                    app(
                        home(more: "p", share: "q"), popover("p", source: "more-button"),
                        popover("q", source: "share-button")),
                    on: "ipad-pro-11", [.tap("more-button"), .tap("share-button")],
                    expect: ["$.stack[0].modal": "q", "$.stack[1]": nil])
            ],
            nonTriggering: [
                .script(
                    app(
                        home(more: "p", share: "q"), popover("p", source: "more-button"),
                        popover("q", source: "share-button")),
                    on: "ipad-pro-11", [.tap("more-button"), .tapOutside()], expect: ["$.stack": []])
            ]),
        RuleUnit(
            Rule(
                id: .activityNoModalOverExtension, kinds: [.runtime], severity: .warning, severityNote: nil,
                section: #"1. Runtime stack rules: what may appear over what"#,
                check:
                    #"While an activity view or extension UI is on top, any modal except an alert raises a warning."#,
                source:
                    #"H-Activity: "Avoid placing a modal view above your extension… While it might be necessary to display an alert above an extension, avoid displaying additional modal views.""#
            ),
            name: T("No modal over an activity view", "活动视图之上不显示模态视图"),
            message: T(
                "“{modal}” would appear over activity view “{top}”; only an alert should",
                "“{modal}”会显示在活动视图“{top}”之上；只有警告框可以这样做"),
            triggering: [
                .script(
                    app(
                        home(share: "s"),
                        #"{"id": "s", "style": "activity", "source": "share-button", "activities": ["airdrop", "copy"]}"#,
                        view("f", "fullScreen")), [.tap("share-button"), .present("f")],
                    expect: ["$.stack[1].modal": "f"])
            ],
            nonTriggering: [
                .script(
                    app(
                        home(share: "s"),
                        #"{"id": "s", "style": "activity", "source": "share-button", "activities": ["airdrop", "copy"]}"#,
                        alert("b")), [.tap("share-button"), .present("b")],
                    expect: ["$.stack[1].form": "alert"])
            ]),
        RuleUnit(
            Rule(
                id: .actionSheetUserInitiated, kinds: [.runtime], severity: .warning, severityNote: nil,
                section: #"1. Runtime stack rules: what may appear over what"#,
                check:
                    #"An action sheet must be requested from a user event (a tap on a control, a swipe action, or a dismissal attempt). A request from a timer, from launch, or from a network callback raises a warning suggesting an alert."#,
                source:
                    #"S0:L117 "appears in response to a control or action"; H-ActionSheets: "an alert is usually unexpected…""#
            ),
            name: T("Action sheets follow a user action", "操作列表应由用户操作触发"),
            message: T(
                "action sheet “{modal}” was not requested by a tap, swipe or dismissal attempt; use an alert for unexpected news",
                "操作列表“{modal}”并非由点击、轻扫或关闭操作触发；意外的信息请改用警告框"),
            triggering: [
                .script(
                    app(
                        home(edit: "a"),
                        deletePhotoSheet("a")
                    ), [.present("a")], expect: ["$.stack[0].modal": "a"])
            ],
            nonTriggering: [
                .script(
                    app(
                        home(edit: "a"),
                        deletePhotoSheet("a")
                    ), [.tap("edit-button")], expect: ["$.stack[0].modal": "a"])
            ]),
        RuleUnit(
            Rule(
                id: .alertNotAtLaunch, kinds: [.runtime], severity: .warning, severityNote: nil,
                section: #"1. Runtime stack rules: what may appear over what"#,
                check: #"An alert requested before the first user interaction after launch raises a warning."#,
                source: #"H-Alerts: "Avoid showing an alert when your app starts.""#),
            name: T("No alert at launch", "启动时不要显示警告框"),
            message: T(
                "alert “{modal}” appears before the first interaction; avoid alerting people when the app starts",
                "警告框“{modal}”在首次交互之前出现；避免在应用启动时显示警告框"),
            triggering: [.script(app(home(), alert("a")), [.present("a")], expect: ["$.stack[0].form": "alert"])],
            nonTriggering: [
                .script(
                    app(home(), alert("a")), [.tap("open-button"), .present("a")], expect: ["$.stack[0].form": "alert"])
            ]),
    ]
}

extension LintContext {
    /// A presentation from inside a popover that a regular-width window refuses: its
    /// presenter's path, whether it would be a second popover (`popover.one-at-a-time`) rather
    /// than something over the popover (`popover.no-modal-over`), and the message's arguments.
    struct PresentationFromPopover {
        var path: JSONPath
        var secondPopover: Bool
        var args: [String: String]
    }

    /// Every control, list row or menu item inside a popover (drawn as one: a declared device
    /// has a regular-width window, or the popover is forced) that presents
    /// anything but an alert or a current-context presentation (drawn inside the popover).
    var presentationsFromPopovers: [PresentationFromPopover] {
        memo("presentationsFromPopovers") {
            // The presenters of such presentations, by the index of the modal they sit in, in the
            // modals' order then the presenters': one pass over the modals, not one per popover
            // (a 1,000-modal file has a few hundred popovers).
            var inside: [Int: [(modal: String, style: PresentationStyle, presenter: PresenterRef)]] = [:]
            for e in allModals where e.modal.style != .alert && !e.modal.style.isCurrentContext {
                for r in presenters[e.modal.id] ?? [] {
                    if let i = r.modalIndex { inside[i, default: []].append((e.modal.id, e.modal.style, r)) }
                }
            }
            var found: [PresentationFromPopover] = []
            for p in popovers where target.canShowPopover || p.forced {
                for (modal, style, r) in inside[p.index] ?? [] {
                    let presenter = r.title.map { q($0) } ?? r.id.map { "“\($0)”" } ?? "a control"
                    found.append(
                        PresentationFromPopover(
                            path: r.path, secondPopover: [.popover, .actionSheet, .activity].contains(style),
                            args: ["modal": modal, "top": p.modal.id, "presenter": presenter]))
                }
            }
            return found
        }
    }
}
