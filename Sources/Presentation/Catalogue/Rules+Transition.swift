// The transition rules ("3.7 Transitions"), each whole: its catalogue row, its words, its check
// and its examples.

import JSON
import Prototype

extension RuleCatalogue {
    static let closeBar =
        #""navigationBar": {"leading": [{"id": "close", "title": "Close", "action": "dismiss"}]}"#

    static let transitionRules: [RuleUnit] = [
        RuleUnit(
            Rule(
                id: .transitionDefaultCoverVertical, kinds: [.adapt], severity: .info, severityNote: nil,
                section: #"3.7 Transitions"#,
                check:
                    #"With no transition declared, the server uses `coverVertical`: the view slides up from the bottom edge and slides back down on dismissal."#,
                source:
                    #"S0:L97 "The default transition vertically slides the modal view up from the bottom of the screen and back down when it's dismissed." S1:L55; S2:L459"#
            ),
            name: T("coverVertical by default", "默认使用 coverVertical"),
            message: T(
                "“{modal}” slides up from the bottom and back down on dismissal (coverVertical)",
                "“{modal}”从底部向上滑入，关闭时向下滑出（coverVertical）"),
            triggering: [
                .script(
                    app(home(open: "a"), view("a", "fullScreen")), [.tap("open-button")],
                    expect: ["$.stack[0].transition": "coverVertical"], draws: true)
            ],
            nonTriggering: [
                .script(
                    app(home(open: "a"), view("a", "fullScreen", #""transition": "crossDissolve""#)),
                    [.tap("open-button")],
                    expect: ["$.stack[0].transition": "crossDissolve"])
            ]),
        RuleUnit(
            Rule(
                id: .transitionPartialCurlFullScreenOnly, kinds: [.static], severity: .error, severityNote: nil,
                section: #"3.7 Transitions"#,
                check: #"`partialCurl` requires `fullScreen`, presented from a full-screen presenter."#,
                source:
                    #"U-MTS.partialCurl: "supported only if the parent view controller is presenting a full-screen view and you use the fullScreen modal presentation style. Attempting to use a different form factor for the parent view or a different presentation style triggers an exception.""#
            ),
            name: T("partialCurl only for fullScreen", "partialCurl 只能用于 fullScreen"),
            message: T(
                "“{modal}” uses partialCurl, which UIKit allows only for fullScreen from a full-screen presenter",
                "“{modal}”使用了 partialCurl，UIKit 只允许全屏呈现者以 fullScreen 样式使用它"),
            variants: [
                "style": T(
                    "“{modal}” uses partialCurl with style {style}; UIKit throws unless the style is fullScreen — change the style or the transition",
                    "“{modal}”以 {style} 样式使用 partialCurl；除非样式为 fullScreen，否则 UIKit 会抛出异常——请更改样式或过渡动画"),
                "presenter": T(
                    "“{modal}” uses partialCurl but is presented from “{presenter}” ({style}), which is not full screen; UIKit throws",
                    "“{modal}”使用了 partialCurl，但其呈现者“{presenter}”（{style}）不是全屏的；UIKit 会抛出异常"),
            ],
            notes:
                "The presenter is the modal that holds a control (or alert action) presenting it; app screens are full screen.",
            triggering: [
                .json(
                    #"{"modals": [{"id": "options", "style": "pageSheet", "title": "Options", "transition": "partialCurl", "rationale": "Reveals settings under the map", "#
                        + closeBar + "}]}"
                ).at("$.modals[0].transition")
            ],
            nonTriggering: [
                .json(
                    #"{"modals": [{"id": "options", "style": "fullScreen", "title": "Options", "transition": "partialCurl", "rationale": "Reveals settings under the map", "#
                        + closeBar + "}]}")
            ],
            lint: { c in
                let p = c.prototype
                for t in c.declaredTransitions where t.transition == .partialCurl {
                    let m = t.modal
                    if m.style != .fullScreen {
                        c.report(
                            .transitionPartialCurlFullScreenOnly, t.path, "style",
                            ["modal": m.id, "style": m.style.rawValue])
                    } else if let bad = (c.presenters[m.id] ?? []).first(where: { pr in
                        pr.modalIndex.map { p.modals[$0].style != .fullScreen } ?? false
                    }) {
                        let owner = p.modals[bad.modalIndex!]
                        c.report(
                            .transitionPartialCurlFullScreenOnly, t.path, "presenter",
                            ["modal": m.id, "presenter": owner.id, "style": owner.style.rawValue])
                    }
                }
            }),
        RuleUnit(
            Rule(
                id: .transitionPartialCurlTerminal, kinds: [.runtime], severity: .error, severityNote: nil,
                section: #"3.7 Transitions"#,
                check: #"A screen presented with `partialCurl` may not present anything else."#,
                source:
                    #"U-MTS.partialCurl: "A view controller presented using this transition is itself prevented from presenting any additional view controllers.""#
            ),
            name: T("Nothing from a curled screen", "卷页后不能再呈现"),
            message: T(
                "“{modal}” was presented with partialCurl and may not present anything else",
                "“{modal}”以 partialCurl 呈现，不能再呈现其他内容"),
            triggering: [
                .script(
                    app(
                        home(open: "a"),
                        view(
                            "a", "fullScreen",
                            #""transition": "partialCurl", "content": [\#(button("next", presents: "b"))]"#), alert("b")
                    ),
                    [.tap("open-button"), .tap("next")], expect: ["$.refusal": .rule(.transitionPartialCurlTerminal)])
            ],
            nonTriggering: [
                .script(
                    app(
                        home(open: "a"),
                        view(
                            "a", "fullScreen",
                            #""transition": "crossDissolve", "content": [\#(button("next", presents: "b"))]"#),
                        alert("b")),
                    [.tap("open-button"), .tap("next")], expect: ["$.stack[1].form": "alert"])
            ]),
        RuleUnit(
            Rule(
                id: .transitionPopoverContextCoverVertical, kinds: [.static], severity: .error, severityNote: nil,
                section: #"3.7 Transitions"#,
                check:
                    #"A `currentContext` or `overCurrentContext` presentation inside a popover must use `coverVertical`. Outside a popover any transition except `partialCurl` is allowed."#,
                source:
                    #"U-MPS.currentContext and U-MPS.overCurrentContext: "When presenting a view controller in a popover, this presentation style is supported only if the transition style is coverVertical. Attempting to use a different transition style triggers an exception. However, you may use other transition styles (except the partial curl transition) if the parent view controller is not in a popover.""#
            ),
            name: T("coverVertical inside a popover", "弹出框内只能使用 coverVertical"),
            message: T(
                "{transition} is not allowed for a current-context presentation inside a popover; UIKit throws — use coverVertical",
                "弹出框内的 current context 呈现不允许使用 {transition}，UIKit 会抛出异常——请使用 coverVertical"),
            notes:
                "Inside a popover: the context is a popover (or one of its screens), or, with no context, it is presented from inside a popover.",
            triggering: [
                .json(
                    #"{"modals": [{"id": "palette", "style": "popover", "source": "more-button", "title": "Palette", "navigationBar": {"trailing": [{"id": "done", "title": "Done", "role": "done", "action": "dismiss"}]}, "content": [{"type": "button", "id": "custom", "title": "Custom Color", "action": {"present": "picker"}}]}, {"id": "picker", "style": "currentContext", "context": "palette", "compactAdaptation": "sheet", "title": "Custom Color", "transition": "crossDissolve", "rationale": "Fades inside the palette", "#
                        + closeBar + "}]}"
                ).at("$.modals[1].transition")
            ],
            nonTriggering: [
                .json(
                    #"{"modals": [{"id": "palette", "style": "popover", "source": "more-button", "title": "Palette", "navigationBar": {"trailing": [{"id": "done", "title": "Done", "role": "done", "action": "dismiss"}]}, "content": [{"type": "button", "id": "custom", "title": "Custom Color", "action": {"present": "picker"}}]}, {"id": "picker", "style": "currentContext", "context": "palette", "compactAdaptation": "sheet", "title": "Custom Color", "#
                        + closeBar + "}]}")
            ],
            lint: { c in
                for t in c.declaredTransitions
                where t.modal.style.isCurrentContext
                    && LintChecks.insidePopover(c, t.modal, c.presenters[t.modal.id] ?? [])
                {
                    c.report(
                        .transitionPopoverContextCoverVertical, t.path, nil,
                        ["modal": t.modal.id, "transition": t.transition.rawValue])
                }
            }),
        RuleUnit(
            Rule(
                id: .transitionSheetCoverVertical, kinds: [.static], severity: .warning, severityNote: nil,
                section: #"3.7 Transitions"#,
                check:
                    #"A sheet style (`pageSheet`, `formSheet`, `automatic`) declared with `flipHorizontal` or `crossDissolve`. Card-sheet gestures assume a vertical slide; UIKit's exact behaviour here is unverified."#,
                source: #"Inference from S0:L28–35 and H-Sheets"#),
            name: T("Sheets slide up", "表单应向上滑入"),
            message: T(
                "sheet “{modal}” uses {transition}; card-sheet gestures assume the vertical slide — use coverVertical",
                "表单“{modal}”使用了 {transition}；卡片式表单的手势基于垂直滑动——请使用 coverVertical"),
            notes: "UIKit's behaviour with these transitions on sheets is unverified; hence a warning.",
            triggering: [
                .json(
                    #"{"modals": [{"id": "notes", "style": "pageSheet", "title": "Notes", "transition": "flipHorizontal", "rationale": "Flips like a card", "#
                        + sheetBar + "}]}"
                ).at("$.modals[0].transition")
            ],
            nonTriggering: [
                .json(
                    #"{"modals": [{"id": "notes", "style": "fullScreen", "title": "Notes", "transition": "flipHorizontal", "rationale": "Flips like a card", "#
                        + closeBar + "}]}")
            ],
            lint: { c in
                for t in c.declaredTransitions
                where t.modal.style.isSheet && (t.transition == .flipHorizontal || t.transition == .crossDissolve) {
                    c.report(
                        .transitionSheetCoverVertical, t.path, nil,
                        ["modal": t.modal.id, "transition": t.transition.rawValue, "style": t.modal.style.rawValue])
                }
            }),
        RuleUnit(
            Rule(
                id: .transitionSystemOwned, kinds: [.adapt], severity: .info, severityNote: nil,
                section: #"3.7 Transitions"#,
                check:
                    #"Alerts, action sheets, popovers and activity views ignore `modalTransitionStyle`. The system animates them: alerts fade and scale in, popovers fade, and a compact action sheet slides up."#,
                source:
                    #"Decompiled `UIAlertController` init installs its own transitioning delegate (`setTransitioningDelegate:_ownedTransitioningDelegate`); S0:L117"#,
                versions: .changed(
                    .init(
                        26,
                        "Alerts, action sheets, popovers and menus grow out of the control that presents them (WWDC25 \"Build a SwiftUI app with the new design\": dialogs \"morph out of the buttons that present them\"; Apple, \"Adopting Liquid Glass\")."
                    ))
            ),
            name: T("The system animates its own presentations", "系统呈现由系统负责动画"),
            message: T(
                "“{modal}” is animated by the system; its transition is ignored",
                "“{modal}”由系统负责动画；其 transition 会被忽略"),
            triggering: [
                .script(
                    app(
                        home(edit: "a"),
                        #"{"id": "a", "style": "alert", "title": "Discard changes?", "transition": "flipHorizontal", "actions": [{"title": "Cancel", "role": "cancel"}]}"#
                    ),
                    [.tap("edit-button")], expect: ["$.stack[0].transition": nil])
            ],
            nonTriggering: [
                .script(
                    app(home(open: "a"), view("a", "fullScreen", #""transition": "flipHorizontal""#)),
                    [.tap("open-button")],
                    expect: ["$.stack[0].transition": "flipHorizontal"])
            ]),
        RuleUnit(
            Rule(
                id: .transitionNonDefaultJustified, kinds: [.static], severity: .info, severityNote: nil,
                section: #"3.7 Transitions"#,
                check:
                    #"Any transition other than `coverVertical` requires a `rationale` field. `partialCurl` is a legacy style that the HIG no longer mentions (after iOS 7 its HIG lists only Vertical and Flip)."#,
                source:
                    #"S2:L462 "如果你要改变当前的过渡动画样式，请确保这种改变对于用户而言是有用而且有意义的" (if you change the transition, make sure the change is useful and meaningful to people)"#
            ),
            name: T("Justify a non-default transition", "非默认过渡动画需要理由"),
            message: T(
                "“{modal}” uses {transition}; add a \"rationale\" saying why it helps people more than the default slide",
                "“{modal}”使用了 {transition}；请添加 \"rationale\"，说明它为何比默认的滑入更有帮助"),
            notes: "partialCurl is a legacy style the HIG no longer mentions; it needs a rationale too.",
            triggering: [
                .json(
                    #"{"modals": [{"id": "viewer", "style": "fullScreen", "title": "Photo", "transition": "crossDissolve", "#
                        + closeBar + "}]}"
                ).at("$.modals[0].transition")
            ],
            nonTriggering: [
                .json(
                    #"{"modals": [{"id": "viewer", "style": "fullScreen", "title": "Photo", "transition": "crossDissolve", "rationale": "Fades like the Photos app", "#
                        + closeBar + "}]}")
            ],
            lint: { c in
                for t in c.declaredTransitions where (t.modal.rationale ?? "").trimmed.isEmpty {
                    c.report(
                        .transitionNonDefaultJustified, t.path, nil,
                        ["modal": t.modal.id, "transition": t.transition.rawValue])
                }
            }),
        RuleUnit(
            Rule(
                id: .transitionZoomIOS18, kinds: [.static, .runtime], severity: .error, severityNote: nil,
                section: #"3.7 Transitions"#,
                check:
                    #"`"transition": "zoom"` needs a `source` and iOS 18 or later; from a bar button item it needs iOS 26 or later. In a session running an earlier version the presentation slides up (`coverVertical`), as an app that checks availability would. A zoomed full-screen presentation is dismissed by a swipe down, back into its source."#,
                source:
                    #"Apple, "UIViewController.Transition.zoom(options:sourceViewProvider:)" (iOS 18.0 and later): "a zoom transition from the view that the source provider specifies", "the view … that the animation zooms out from and zooms back in to"; "zoom(options:sourceBarButtonItemProvider:)" (iOS 26.0 and later); "UIViewController.Transition.ZoomOptions.interactiveDismissShouldBegin"; WWDC24 "Enhance your UI animations and transitions"."#,
                versions: .changed(
                    .init(
                        26, "The zoom can start from a bar button item (`zoom(options:sourceBarButtonItemProvider:)`).")
                )
            ),
            name: T("Zoom needs iOS 18 and a source", "缩放过渡需要 iOS 18 及来源"),
            message: T(
                "“{modal}” zooms, which needs iOS 18 or later; the prototype targets iOS {os} — raise targetOS or use another transition",
                "“{modal}”使用缩放过渡，需要 iOS 18 或更高版本；原型的目标版本是 iOS {os}——请提高 targetOS 或改用其他过渡动画"),
            variants: [
                "source": T(
                    "“{modal}” zooms but names no \"source\": a zoom transition zooms out of a view — name the control",
                    "“{modal}”使用缩放过渡却没有指定 \"source\"：缩放过渡需要从某个视图放大——请指定控件"),
                "barItem": T(
                    "“{modal}” zooms out of the bar button “{source}”, which needs iOS 26 or later; the prototype targets iOS {os}",
                    "“{modal}”从栏按钮“{source}”缩放，这需要 iOS 26 或更高版本；原型的目标版本是 iOS {os}"),
            ],
            notes:
                "Only custom presentations (sheets, full screen, current context) zoom; the system animates alerts, action sheets, popovers and activity views (transition.system-owned).",
            triggering: [
                .json(
                    #"{"targetOS": "17", "modals": [{"id": "viewer", "style": "fullScreen", "title": "Photo", "transition": "zoom", "source": "open-button", "rationale": "Zooms out of the thumbnail", "#
                        + closeBar + "}]}"
                ).at("$.modals[0].transition"),
                .json(
                    #"{"modals": [{"id": "viewer", "style": "fullScreen", "title": "Photo", "transition": "zoom", "rationale": "Zooms out of the thumbnail", "#
                        + closeBar + "}]}"
                ).at("$.modals[0].transition"),
                .json(
                    #"{"modals": [{"id": "viewer", "style": "pageSheet", "title": "Photo", "transition": "zoom", "source": "more-button", "rationale": "Zooms out of its button", "#
                        + sheetBar + "}]}"
                ).at("$.modals[0].source"),
                .script(
                    app(
                        home(open: "a"),
                        view("a", "fullScreen", #""transition": "zoom", "source": "open-button", "rationale": "Zooms""#)
                    ),
                    targetOS: 17, [.tap("open-button")], expect: ["$.stack[0].transition": "coverVertical"]),
            ],
            nonTriggering: [
                .json(
                    #"{"modals": [{"id": "viewer", "style": "fullScreen", "title": "Photo", "transition": "zoom", "source": "open-button", "rationale": "Zooms out of the thumbnail", "#
                        + closeBar + "}]}"),
                .json(
                    #"{"targetOS": "26", "modals": [{"id": "viewer", "style": "pageSheet", "title": "Photo", "transition": "zoom", "source": "more-button", "rationale": "Zooms out of its button", "#
                        + sheetBar + "}]}"),
                .script(
                    app(
                        home(open: "a"),
                        view("a", "fullScreen", #""transition": "zoom", "source": "open-button", "rationale": "Zooms""#)
                    ),
                    targetOS: 18, [.tap("open-button")],
                    expect: ["$.stack[0].transition": "zoom", "$.stack[0].growsFromSource": true]),
            ],
            lint: { c in
                let p = c.prototype
                for e in c.allModals where e.modal.style.isCustom && e.modal.transition == .zoom {
                    let m = e.modal
                    let mp = e.path
                    let os = String(p.targetOS)
                    if p.targetOS < SystemVersion.zoomTransition {
                        c.report(.transitionZoomIOS18, mp.appending("transition"), nil, ["modal": m.id, "os": os])
                    } else if m.source == nil {
                        c.report(.transitionZoomIOS18, mp.appending("transition"), "source", ["modal": m.id])
                    } else if let src = m.source, p.targetOS < SystemVersion.zoomFromBarButton,
                        let place = p.control(src), !place.isInContent
                    {
                        c.report(
                            .transitionZoomIOS18, mp.appending("source"), "barItem",
                            ["modal": m.id, "source": src, "os": os])
                    }
                }
            }),
    ]
}

extension LintContext {
    /// The custom modals that declare a transition other than `coverVertical`, with the path of
    /// their `transition`.
    var declaredTransitions: [DeclaredTransition] {
        memo("declaredTransitions") {
            modals { $0.style.isCustom && $0.transition != nil && $0.transition != .coverVertical }.map {
                DeclaredTransition(
                    modal: $0.modal, transition: $0.modal.transition!, path: $0.path.appending("transition"))
            }
        }
    }
}

/// A custom modal's declared transition (``LintContext/declaredTransitions``): the modal, the
/// transition and the path of its `transition`. A class, so that the checks' walks over them
/// retain one reference each instead of copying the modal.
final class DeclaredTransition {
    let modal: Modal
    let transition: TransitionStyle
    let path: JSONPath

    init(modal: Modal, transition: TransitionStyle, path: JSONPath) {
        self.modal = modal
        self.transition = transition
        self.path = path
    }
}

extension LintChecks {
    /// Whether a current-context presentation happens inside a popover: its `context` is a popover
    /// or a screen of one, or (with no `context`) it is presented from inside a popover.
    static func insidePopover(_ c: LintContext, _ m: Modal, _ presenters: [PresenterRef]) -> Bool {
        let p = c.prototype
        if let ctx = m.context {
            if let owner = p.modal(ctx) { return owner.style == .popover }
            if case let owner?? = p.owner(ofScreen: ctx), let om = p.modal(owner) { return om.style == .popover }
            return false
        }
        return presenters.contains { pr in pr.modalIndex.map { p.modals[$0].style == .popover } ?? false }
    }
}
