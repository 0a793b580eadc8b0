// RULES.md §1: runtime stack rules. The engine applies them; the examples are scenarios.
// Placeholders the engine may fill: {modal} (the requested modal), {top} (the top entry),
// {presenter} (the presenting screen or modal).

extension RuleCatalogue {
    static let stackDescriptions: [RuleDescription] = [
        RuleDescription(
            "stack.present-from-top",
            name: T("Present from the top of the stack", "只能从栈顶呈现"),
            message: T(
                "“{presenter}” is already presenting “{top}”; present “{modal}” from the top of the stack, or dismiss “{top}” first",
                "“{presenter}”已在呈现“{top}”；请从栈顶呈现“{modal}”，或先关闭“{top}”"),
            notes: "Refused (HTTP 409), never re-routed: UIKit logs the warning and does nothing.",
            triggering: [
                .scenario(
                    "The root screen presents sheet A, then a control still visible on the root screen asks to present sheet B."
                )
            ],
            nonTriggering: [
                .scenario("Sheet A presents sheet B from a button inside sheet A, which is the top of the stack.")
            ]),
        RuleDescription(
            "stack.already-presented",
            name: T("Already presented", "已在呈现中"),
            message: T(
                "“{modal}” is already on the presentation stack; dismiss it before presenting it again",
                "“{modal}”已在呈现栈中；再次呈现之前请先关闭它"),
            triggering: [.scenario("Sheet A is up and a button inside it presents sheet A again.")],
            nonTriggering: [.scenario("Sheet A is dismissed and then presented again from the root screen.")]),
        RuleDescription(
            "stack.transition-in-progress",
            name: T("Transition in progress", "过渡动画进行中"),
            message: T(
                "a presentation or dismissal is still animating; wait for it to finish before presenting “{modal}”",
                "仍有呈现或关闭的过渡动画在进行；请等它结束后再呈现“{modal}”"),
            triggering: [.scenario("A double tap on a button sends two present requests within the 0.35 s slide-up.")],
            nonTriggering: [.scenario("The second request arrives after the first sheet has finished sliding up.")]),
        RuleDescription(
            "stack.presenter-visible",
            name: T("Presenter must be visible", "呈现者必须可见"),
            message: T(
                "“{presenter}” is not on screen; present “{modal}” from the root screen or the top presentation",
                "“{presenter}”不在屏幕上；请从根屏幕或最上层的呈现中呈现“{modal}”"),
            triggering: [.scenario("A screen that has been popped off the navigation stack asks to present an alert.")],
            nonTriggering: [.scenario("The visible root screen presents an alert.")]),
        RuleDescription(
            "modal.one-at-a-time",
            name: T("One modal at a time", "一次只显示一个模态视图"),
            message: T(
                "“{modal}” would appear over “{top}”; let people dismiss one modal view before presenting another",
                "“{modal}”会叠在“{top}”之上；请让用户先关闭一个模态视图，再呈现另一个"),
            notes:
                "Exempt: alerts (alert.over-anything) and the data-loss action sheet over its own sheet (modal.data-loss-confirm). Popovers fall under popover.*.",
            triggering: [.scenario("A full-screen editor presents a page sheet of settings while it stays visible.")],
            nonTriggering: [.scenario("A dirty compose sheet shows its confirmDiscard action sheet on a swipe down.")]),
        RuleDescription(
            "sheet.one-at-a-time",
            name: T("One sheet at a time", "一次只显示一个表单"),
            message: T(
                "sheet “{modal}” would stack on sheet “{top}”; close the first sheet and reopen it afterwards",
                "表单“{modal}”会叠在表单“{top}”之上；请先关闭第一个表单，完成后再重新打开"),
            notes: "A warning, not an error: UIKit allows the stack and the HIG's wording is advisory.",
            triggering: [.scenario("A page sheet presents a form sheet from one of its buttons.")],
            nonTriggering: [.scenario("A page sheet presents an alert.")]),
        RuleDescription(
            "alert.over-anything",
            name: T("Alerts may appear over anything", "警告框可以显示在任何内容之上"),
            message: T(
                "alert “{modal}” appears over “{top}”: an alert may cover any other presentation",
                "警告框“{modal}”显示在“{top}”之上：警告框可以覆盖任何其他呈现"),
            triggering: [.scenario("A popover presents an alert; the alert appears over it.")],
            nonTriggering: [.scenario("An alert is presented from the root screen with nothing else up.")]),
        RuleDescription(
            "alert.one-at-a-time",
            name: T("One alert at a time", "一次只显示一个警告框"),
            message: T(
                "alert “{top}” is still visible; never show two alerts at once",
                "警告框“{top}”仍在显示；不要同时显示两个警告框"),
            triggering: [.scenario("An alert's button action presents a second alert while the first is still up.")],
            nonTriggering: [
                .scenario("The first alert is dismissed by its button and its action then presents another alert.")
            ]),
        RuleDescription(
            "popover.no-modal-over",
            name: T("Nothing over a popover", "弹出框之上不显示其他视图"),
            message: T(
                "“{modal}” would appear over popover “{top}”; close the popover first (only an alert may cover a popover)",
                "“{modal}”会显示在弹出框“{top}”之上；请先关闭弹出框（只有警告框可以覆盖弹出框）"),
            notes:
                "Refused even though UIKit itself re-routes or nests such presentations (S0:L85, S1:L35, S2:L451, H-Popovers agree).",
            triggering: [.scenario("A button inside a popover presents a page sheet.")],
            nonTriggering: [.scenario("A button inside a popover presents an alert.")]),
        RuleDescription(
            "popover.close-then-present",
            name: T("Close the popover, then present", "先关闭弹出框再呈现"),
            message: T(
                "popover “{top}” was closed (its work kept) before presenting “{modal}”",
                "已先关闭弹出框“{top}”（保留其中的操作结果），再呈现“{modal}”"),
            notes: "Only with the server option --on-popover-conflict close-first.",
            triggering: [
                .scenario(
                    "With close-first, a button inside a popover presents a sheet: the popover closes, then the sheet slides up."
                )
            ],
            nonTriggering: [
                .scenario("With the default refuse, the same request is refused under popover.no-modal-over.")
            ]),
        RuleDescription(
            "popover.card-inside-ok",
            name: T("A card inside a popover is fine", "可以在弹出框内部显示卡片"),
            message: T(
                "“{modal}” is shown inside popover “{top}”, not over it",
                "“{modal}”显示在弹出框“{top}”内部，而不是覆盖在其上"),
            triggering: [
                .scenario(
                    "A currentContext modal whose context is the popover's content is presented with coverVertical.")
            ],
            nonTriggering: [
                .scenario("A pageSheet is requested from inside the popover (popover.no-modal-over applies instead).")
            ]),
        RuleDescription(
            "popover.one-at-a-time",
            name: T("One popover at a time", "一次只显示一个弹出框"),
            message: T(
                "popover “{top}” is open; close it before opening “{modal}” — never cascade popovers",
                "弹出框“{top}”已打开；打开“{modal}”之前请先关闭它——不要层叠弹出框"),
            triggering: [.scenario("On iPad, a row inside a popover opens another popover.")],
            nonTriggering: [
                .scenario(
                    "On iPhone the first popover adapted to a sheet, so no popover is open when the second is requested."
                )
            ]),
        RuleDescription(
            "popover.single-tap-switch",
            name: T("Switch popovers with one tap", "一次点击即可切换弹出框"),
            message: T(
                "popover “{top}” closed and “{modal}” opened in the same tap",
                "同一次点击中关闭了弹出框“{top}”并打开了“{modal}”"),
            triggering: [
                .scenario(
                    "Popover A is open from one bar button; tapping another bar button that opens popover B closes A and opens B."
                )
            ],
            nonTriggering: [.scenario("Tapping empty space outside popover A only closes A.")]),
        RuleDescription(
            "activity.no-modal-over-extension",
            name: T("No modal over an activity view", "活动视图之上不显示模态视图"),
            message: T(
                "“{modal}” would appear over activity view “{top}”; only an alert should",
                "“{modal}”会显示在活动视图“{top}”之上；只有警告框可以这样做"),
            triggering: [.scenario("While the share sheet is up, a timer presents a full-screen modal.")],
            nonTriggering: [.scenario("While the share sheet is up, an alert is presented.")]),
        RuleDescription(
            "actionsheet.user-initiated",
            name: T("Action sheets follow a user action", "操作列表应由用户操作触发"),
            message: T(
                "action sheet “{modal}” was not requested by a tap, swipe or dismissal attempt; use an alert for unexpected news",
                "操作列表“{modal}”并非由点击、轻扫或关闭操作触发；意外的信息请改用警告框"),
            triggering: [.scenario("An action sheet is presented when the prototype starts, before any tap.")],
            nonTriggering: [.scenario("An action sheet is presented by tapping a Delete button.")]),
        RuleDescription(
            "alert.not-at-launch",
            name: T("No alert at launch", "启动时不要显示警告框"),
            message: T(
                "alert “{modal}” appears before the first interaction; avoid alerting people when the app starts",
                "警告框“{modal}”在首次交互之前出现；避免在应用启动时显示警告框"),
            triggering: [.scenario("An alert is presented at session start.")],
            nonTriggering: [.scenario("An alert is presented after the first tap.")]),
    ]
}
