// The popover rules ("3.3 Popovers"), each whole: its catalogue row, its words, its check and
// its examples.

import Foundation
import JSON
import Prototype

extension RuleCatalogue {
    /// A popover's Done bar, spliced into the examples below.
    static let popoverDone =
        #""navigationBar": {"trailing": [{"id": "done", "title": "Done", "role": "done", "action": "dismiss"}]}"#
    /// A popover's list of choices.
    static let popoverList =
        #""content": [{"type": "list", "id": "orders", "items": [{"id": "by-date", "title": "Date", "action": "dismiss"}, {"id": "by-name", "title": "Name", "action": "dismiss"}]}]"#

    static let popoverRules: [RuleUnit] = [
        RuleUnit(
            Rule(
                id: .popoverAnchorRequired, kinds: [.static, .runtime], severity: .error, severityNote: nil,
                section: #"3.3 Popovers"#,
                check:
                    #"Any presentation that resolves to a popover must have exactly one anchor: `barButtonItem`, `sourceItem`, or `sourceView` (with an optional `sourceRect`). This includes action sheets and activity views in wR. Statically, any target that can be wR requires an anchor. At runtime, a missing anchor in wR is refused."#,
                source:
                    #"X (NSGenericException): "UIPopoverPresentationController (…) should have a non-nil sourceView or barButtonItem set before the presentation occurs." VCPG: "Set only one of the following: barButtonItem… sourceView and sourceRect.""#
            ),
            name: T("A popover needs an anchor", "弹出框需要锚点"),
            message: T(
                "popover “{modal}” has no source; a popover must point at the control that opened it — set \"source\" to that control's id",
                "弹出框“{modal}”没有 source；弹出框必须指向打开它的控件——请把 \"source\" 设为该控件的 id"),
            notes:
                "Statically, for style popover, when any declared device has a wR/hR window (an iPad; an iPhone Pro Max in landscape is wR/hC, where a popover adapts: popover.compact-adapts) or the popover is forced with adaptivePresentationStyle none. Action sheets and activity views have their own rules (actionsheet.anchor-required, activity.anchor-required).",
            triggering: [
                .json(
                    #"{"modals": [{"id": "sort", "style": "popover", "title": "Sort By", "# + popoverDone + ", "
                        + popoverList + "}]}"
                ).at("$.modals[0]"),
                .script(
                    app(home(), view("p", "popover")), on: "ipad-pro-11", [.present("p")],
                    expect: ["$.refusal": .rule(.popoverAnchorRequired)]),
            ],
            nonTriggering: [
                .json(
                    #"{"modals": [{"id": "sort", "style": "popover", "source": "more-button", "title": "Sort By", "#
                        + popoverDone + ", " + popoverList + "}]}"),
                .json(
                    #"{"devices": ["iphone-16"], "modals": [{"id": "sort", "style": "popover", "title": "Sort By", "#
                        + popoverDone + ", " + popoverList + "}]}"),
                .script(
                    app(home(), popover("p", source: "more-button")), on: "ipad-pro-11", [.present("p")],
                    expect: ["$.stack[0].form": "popover"]),
            ],
            lint: { c in
                for p in c.popovers where p.modal.source == nil && (c.target.canShowPopover || p.forced) {
                    c.report(.popoverAnchorRequired, p.path, nil, ["modal": p.modal.id])
                }
            }),
        RuleUnit(
            Rule(
                id: .popoverAvoidCompact, kinds: [.static], severity: .warning, severityNote: nil,
                section: #"3.3 Popovers"#,
                check:
                    #"A definition that forces a popover in wC (an adaptive style of `none`, as in "AlwaysPresentAsPopover")."#,
                source:
                    #"S0:L239 "Avoid displaying popovers on iPhones… In iPhone apps… full-screen modal view." H-Popovers: "Avoid displaying popovers in compact views… use… a full-screen modal view like a sheet.""#
            ),
            name: T("No popovers in compact width", "紧凑宽度下避免使用弹出框"),
            message: T(
                "popover “{modal}” is forced to stay a popover in compact width (adaptivePresentationStyle none); let it adapt to a sheet",
                "弹出框“{modal}”在紧凑宽度下被强制保持为弹出框（adaptivePresentationStyle 为 none）；请让它自适应为表单"),
            triggering: [
                .json(
                    #"{"modals": [{"id": "sort", "style": "popover", "source": "more-button", "adaptivePresentationStyle": "none", "title": "Sort By", "#
                        + popoverDone + ", " + popoverList + "}]}"
                ).at("$.modals[0].adaptivePresentationStyle")
            ],
            nonTriggering: [
                .json(
                    #"{"modals": [{"id": "sort", "style": "popover", "source": "more-button", "title": "Sort By", "#
                        + popoverDone + ", " + popoverList + "}]}")
            ],
            lint: { c in
                guard c.target.canBeCompactWidth else { return }
                for p in c.popovers where p.forced {
                    c.report(
                        .popoverAvoidCompact, p.path.appending("adaptivePresentationStyle"), nil,
                        ["modal": p.modal.id])
                }
            }),
        RuleUnit(
            Rule(
                id: .popoverCompactDismissButton, kinds: [.static], severity: .warning, severityNote: nil,
                section: #"3.3 Popovers"#,
                check:
                    #"Popover content that can be shown adapted (any wC target) has no Done, Cancel or Close control. This is an error when `targetOS` is 12 or lower, because the full-screen adaptation has no gesture."#,
                source:
                    #"VCPG: "In full-screen mode, you need a way to dismiss a presented popover. You can do that by adding a button…""#
            ),
            name: T("A way out when adapted", "自适应后仍需关闭按钮"),
            message: T(
                "popover “{modal}” becomes a sheet in compact width and has no Done, Cancel or Close button; add one",
                "弹出框“{modal}”在紧凑宽度下会变成表单，却没有“完成”“取消”或“关闭”按钮；请添加一个"),
            variants: [
                "legacy": T(
                    "popover “{modal}” becomes a full-screen view in compact width on iOS 12 and earlier, with no gesture to close it; add a Done, Cancel or Close button",
                    "在 iOS 12 及更早版本中，弹出框“{modal}”在紧凑宽度下会变成全屏视图且无法用手势关闭；请添加“完成”“取消”或“关闭”按钮")
            ],
            notes:
                "When any declared window can be compact width (see currentcontext.declare-compact) and the popover may adapt. A warning; an error when targetOS is 12 or lower.",
            triggering: [
                .json(
                    #"{"modals": [{"id": "sort", "style": "popover", "source": "more-button", "title": "Sort By", "#
                        + popoverList + "}]}"
                ).at("$.modals[0]"),
                .json(
                    #"{"targetOS": "12", "modals": [{"id": "sort", "style": "popover", "source": "more-button", "title": "Sort By", "#
                        + popoverList + "}]}"
                ).at("$.modals[0]"),
            ],
            nonTriggering: [
                .json(
                    #"{"modals": [{"id": "sort", "style": "popover", "source": "more-button", "title": "Sort By", "#
                        + popoverDone + ", " + popoverList + "}]}")
            ],
            lint: { c in
                guard c.target.canBeCompactWidth else { return }
                let legacy = c.prototype.targetOS <= 12
                for p in c.popovers where !p.forced && p.exits.isEmpty {
                    c.report(
                        .popoverCompactDismissButton, p.path, legacy ? "legacy" : nil, ["modal": p.modal.id],
                        severity: legacy ? .error : .warning)
                }
            }),
        RuleUnit(
            Rule(
                id: .popoverModalNeedsButton, kinds: [.static], severity: .error, severityNote: nil,
                section: #"3.3 Popovers"#,
                check: #"A popover marked modal (`isModalInPresentation`) must contain a Cancel or Done control."#,
                source: #"S0:L231 "A modal popover is dismissed by tapping a Cancel or other button on the popover.""#),
            name: T("A modal popover needs a button", "模态弹出框需要按钮"),
            message: T(
                "modal popover “{modal}” ignores taps outside it, and has no Cancel or Done button; add one",
                "模态弹出框“{modal}”不响应外部点击，且没有“取消”或“完成”按钮；请添加一个"),
            triggering: [
                .json(
                    #"{"modals": [{"id": "pick", "style": "popover", "source": "more-button", "modal": true, "title": "Pick a Color", "content": [{"type": "segmented", "id": "color", "segments": ["Red", "Blue"]}]}]}"#
                ).at("$.modals[0]")
            ],
            nonTriggering: [
                .json(
                    #"{"modals": [{"id": "pick", "style": "popover", "source": "more-button", "modal": true, "title": "Pick a Color", "navigationBar": {"leading": [{"id": "cancel", "title": "Cancel", "role": "cancel", "action": "dismiss"}], "trailing": [{"id": "done", "title": "Done", "role": "done", "action": "dismiss"}]}, "content": [{"type": "segmented", "id": "color", "segments": ["Red", "Blue"]}]}]}"#
                )
            ],
            lint: { c in
                for p in c.popovers where p.modal.isModalPopover && p.exits.isEmpty {
                    c.report(.popoverModalNeedsButton, p.path, nil, ["modal": p.modal.id])
                }
            }),
        RuleUnit(
            Rule(
                id: .popoverTapOutsideDismiss, kinds: [.adapt], severity: .info, severityNote: nil,
                section: #"3.3 Popovers"#,
                check:
                    #"A nonmodal popover closes on a tap outside it (except on `passthroughViews`) and on selecting an item. A popover declared `multiSelect:true` stays open until an explicit dismissal or an outside tap."#,
                source:
                    #"S0:L243 "In most cases, a popover should close when someone taps outside of its bounds or selects an item in the popover. If multiple selections can be made, the popover should remain open…" U-MPS.popover"#
            ),
            name: T("A tap outside closes a popover", "点击外部关闭弹出框"),
            message: T(
                "popover “{modal}” closed on a tap outside it; its work was kept",
                "点击外部后弹出框“{modal}”已关闭；其中的操作结果已保留"),
            triggering: [
                .script(
                    app(home(more: "p"), popover("p", source: "more-button")), on: "ipad-pro-11",
                    [.tap("more-button"), .tapOutside()],
                    expect: ["$.stack": []], draws: true),
                .script(
                    app(home(more: "p"), popover("p", source: "more-button", #""modal": true"#)), on: "ipad-pro-11",
                    [.tap("more-button"), .tapOutside()], expect: ["$.stack[0].modal": "p"]),
            ],
            nonTriggering: [
                .script(
                    app(
                        home(more: "p"),
                        popover(
                            "p", source: "more-button",
                            #""selection": "multiple", "content": [{"type": "list", "id": "tags", "items": [{"id": "red", "title": "Red"}, {"id": "blue", "title": "Blue"}]}]"#
                        )), on: "ipad-pro-11", [.tap("more-button"), .tap("red")], expect: ["$.stack[0].modal": "p"])
            ]),
        RuleUnit(
            Rule(
                id: .popoverSaveOnAutoDismiss, kinds: [.static], severity: .error, severityNote: nil,
                section: #"3.3 Popovers"#,
                check:
                    #"A popover with editable fields whose outside-tap handler is `discard` fails the lint; an outside tap must commit. Only an explicit Cancel may discard."#,
                source:
                    #"S0:L247 and H-Popovers: "Always save work when automatically closing a nonmodal popover… Discard work only when someone taps an explicit Cancel button.""#
            ),
            name: T("Save work when a popover closes itself", "弹出框自动关闭时保存操作结果"),
            message: T(
                "popover “{modal}” discards its edits on a tap outside; an outside tap must keep the work — only an explicit Cancel may discard it",
                "点击外部时弹出框“{modal}”会丢弃编辑内容；外部点击必须保留操作结果——只有明确的“取消”才能放弃"),
            triggering: [
                .json(
                    #"{"modals": [{"id": "note", "style": "popover", "source": "edit-button", "title": "Note", "onTapOutside": "discard", "#
                        + popoverDone
                        + #", "content": [{"type": "textArea", "id": "text", "userContent": true}]}]}"#
                ).at("$.modals[0].onTapOutside")
            ],
            nonTriggering: [
                .json(
                    #"{"modals": [{"id": "note", "style": "popover", "source": "edit-button", "title": "Note", "onTapOutside": "commit", "#
                        + popoverDone
                        + #", "content": [{"type": "textArea", "id": "text", "userContent": true}]}]}"#)
            ],
            lint: { c in
                for p in c.popovers where !p.modal.isModalPopover && p.modal.onTapOutside == .discard && p.editable {
                    c.report(
                        .popoverSaveOnAutoDismiss, p.path.appending("onTapOutside"), nil, ["modal": p.modal.id])
                }
            }),
        RuleUnit(
            Rule(
                id: .popoverCloseButtonPurpose, kinds: [.static], severity: .info, severityNote: nil,
                section: #"3.3 Popovers"#,
                check:
                    #"A Close, Cancel or Done control in a popover that has no editable state is probably unnecessary."#,
                source: #"S0:L243 "Use a Close button for confirmation and guidance only.""#),
            name: T("Close buttons only when they add clarity", "仅在有助于理解时提供关闭按钮"),
            message: T(
                "popover “{modal}” has nothing to save or cancel, so {title} is probably unnecessary: a tap outside closes it",
                "弹出框“{modal}”没有需要保存或取消的内容，因此{title}可能没有必要：点击外部即可关闭"),
            notes:
                "Only for popovers that are never adapted (adaptivePresentationStyle none, or iPad-only targets with requiresFullScreen): where a popover can become a sheet, popover.compact-dismiss-button asks for the button.",
            triggering: [
                .json(
                    #"{"devices": ["ipad-pro-11"], "requiresFullScreen": true, "modals": [{"id": "sort", "style": "popover", "source": "more-button", "title": "Sort By", "#
                        + popoverDone + ", " + popoverList + "}]}"
                ).at("$.modals[0].navigationBar.trailing[0]")
            ],
            nonTriggering: [
                .json(
                    #"{"devices": ["ipad-pro-11"], "requiresFullScreen": true, "modals": [{"id": "note", "style": "popover", "source": "edit-button", "title": "Note", "#
                        + popoverDone + #", "content": [{"type": "textField", "id": "text"}]}]}"#)
            ],
            lint: { c in
                // A Close button is needed where the popover adapts to a sheet (popover.compact-dismiss-button),
                // so the hint is only for popovers that are never adapted.
                for p in c.popovers
                where !p.modal.isModalPopover && !p.editable && (p.forced || !c.target.canBeCompactWidth) {
                    guard let e = p.exits.first else { continue }
                    c.report(
                        .popoverCloseButtonPurpose, e.path, nil,
                        [
                            "modal": p.modal.id,
                            "title": c.q(e.control.title ?? e.control.accessibilityLabel ?? e.control.id),
                        ])
                }
            }),
        RuleUnit(
            Rule(
                id: .popoverNotCoverSource, kinds: [.runtime], severity: .warning, severityNote: nil,
                section: #"3.3 Popovers"#,
                check:
                    #"The computed popover frame intersects the anchor's frame, or the arrow cannot point at the anchor."#,
                source:
                    #"S0:L251 "A popover's arrow should point as directly as possible to the element that revealed it… A popover also shouldn't cover the element that was tapped." H-Popovers: "Ideally, a popover doesn't cover the element that revealed it or any essential content.""#
            ),
            name: T("Don't cover the source", "不要遮挡来源控件"),
            message: T(
                "popover “{modal}” covers the control that opened it, or its arrow cannot point at it",
                "弹出框“{modal}”遮挡了打开它的控件，或其箭头无法指向该控件"),
            triggering: [
                .script(
                    app(
                        home(open: "p"),
                        popover("p", source: "open-button", #""permittedArrowDirections": ["left", "right"]"#)),
                    on: "ipad-mini", [.tap("open-button")], expect: ["$.stack[0].pointsAtSource": false])
            ],
            nonTriggering: [
                .script(
                    app(
                        home(more: "p"),
                        popover("p", source: "more-button", #""preferredContentSize": {"width": 320, "height": 400}"#)),
                    on: "ipad-pro-11", [.tap("more-button")],
                    expect: ["$.stack[0].arrow": "up", "$.stack[0].pointsAtSource": true])
            ]),
        RuleUnit(
            Rule(
                id: .popoverNotFullScreenSize, kinds: [.static, .adapt], severity: .warning, severityNote: nil,
                section: #"3.3 Popovers"#,
                check:
                    #"Warn if `preferredContentSize` is at least 90% of the container's width or height (threshold configurable). The server then clamps the popover to fit."#,
                source:
                    #"S0:L267 "A popover shouldn't take over the entire screen… the system might adjust the size of a popover." H-Popovers: "Make a popover only big enough…""#
            ),
            name: T("Keep popovers small", "弹出框不要过大"),
            message: T(
                "popover “{modal}” is {size} pt, at least 90% of the {window} pt window of {device}; make it only as big as its content",
                "弹出框“{modal}”为 {size} pt，达到 {device} 窗口（{window} pt）的 90% 以上；请让它刚好容纳内容"),
            notes:
                "Measured against the full-screen iPad windows (portrait and landscape) of the declared devices, where a popover is drawn as one. The engine clamps the popover.",
            triggering: [
                .json(
                    #"{"modals": [{"id": "sort", "style": "popover", "source": "more-button", "title": "Sort By", "preferredContentSize": {"width": 800, "height": 600}, "#
                        + popoverDone + ", " + popoverList + "}]}"
                ).at("$.modals[0].preferredContentSize"),
                .script(
                    app(
                        home(more: "p"),
                        popover("p", source: "more-button", #""preferredContentSize": {"width": 800, "height": 1100}"#)),
                    on: "ipad-pro-11", [.tap("more-button")], expect: ["$.stack[0].form": "popover"]),
            ],
            nonTriggering: [
                .json(
                    #"{"modals": [{"id": "sort", "style": "popover", "source": "more-button", "title": "Sort By", "preferredContentSize": {"width": 375, "height": 500}, "#
                        + popoverDone + ", " + popoverList + "}]}"),
                .script(
                    app(
                        home(more: "p"),
                        popover("p", source: "more-button", #""preferredContentSize": {"width": 375, "height": 500}"#)),
                    on: "ipad-pro-11", [.tap("more-button")], expect: ["$.stack[0].width": 375]),
            ],
            lint: { c in
                for p in c.popovers {
                    guard let size = p.modal.preferredContentSize else { continue }
                    for e in c.target.popoverWindows {
                        let w = e.windowSize
                        if size.width >= 0.9 * w.width || size.height >= 0.9 * w.height {
                            c.report(
                                .popoverNotFullScreenSize, p.path.appending("preferredContentSize"), nil,
                                [
                                    "modal": p.modal.id,
                                    "size": "\(LintChecks.fmt(size.width))×\(LintChecks.fmt(size.height))",
                                    "window": "\(LintChecks.fmt(w.width))×\(LintChecks.fmt(w.height))",
                                    "device": c.label(e),
                                ])
                            break
                        }
                    }
                }
            }),
        RuleUnit(
            Rule(
                id: .popoverContentFits, kinds: [.static, .runtime], severity: .warning, severityNote: nil,
                section: #"3.3 Popovers"#,
                check:
                    #"A popover whose `preferredContentSize` is shorter than its content (its bar, content and toolbar as the player lays them out, at the text size linted or, at runtime, the session's): the rest is hidden below, and iOS shows a scroll indicator only while the content scrolls."#,
                source:
                    #"S0:L267 "Make it only big enough to display its contents." Apple, "UIScrollView.flashScrollIndicators()": "Displays the scroll indicators momentarily… whenever you bring the scroll view to front" (they show only then, and while scrolling).""#
            ),
            name: T("A popover shows all its content", "弹出框应显示全部内容"),
            message: T(
                "popover “{modal}” is {height} pt tall but its content takes about {content} pt at {size}; the rest is hidden below, with no scroll indicator until someone scrolls — make preferredContentSize taller or the content shorter",
                "弹出框“{modal}”高 {height} pt，但其内容在 {size} 下约需 {content} pt；其余部分被隐藏在下方，滚动之前也没有滚动指示器——请增大 preferredContentSize 的高度或缩短内容"
            ),
            notes:
                "Measured at `preferredContentSize`'s width with the layout the player draws (a sheet's 56 pt bar, 12 pt content insets, rows and text wrapped with the system font's widths), at the text size linted (`modallab lint --content-size`; Large by default). At runtime the engine notes it when it presents the popover, at the session's text size: a popover that fits at Large may not at an accessibility size.",
            triggering: [
                .json(
                    #"{"modals": [{"id": "sort", "style": "popover", "source": "more-button", "title": "Sort By", "preferredContentSize": {"width": 320, "height": 120}, "#
                        + popoverDone + ", " + popoverList + "}]}"
                ).at("$.modals[0].preferredContentSize"),
                .script(
                    app(
                        home(more: "p"),
                        popover(
                            "p", source: "more-button",
                            #""preferredContentSize": {"width": 320, "height": 100}, "# + popoverList)),
                    on: "ipad-pro-11", [.tap("more-button")], expect: ["$.rules": ["popover.content-fits"]]),
            ],
            nonTriggering: [
                .json(
                    #"{"modals": [{"id": "sort", "style": "popover", "source": "more-button", "title": "Sort By", "preferredContentSize": {"width": 320, "height": 240}, "#
                        + popoverDone + ", " + popoverList + "}]}"),
                .script(
                    app(
                        home(more: "p"),
                        popover(
                            "p", source: "more-button",
                            #""preferredContentSize": {"width": 320, "height": 400}, "# + popoverList)),
                    on: "ipad-pro-11", [.tap("more-button")], expect: ["$.rules": []]),
            ],
            lint: { c in
                let metrics = c.target.metrics
                for p in c.popovers where p.modal.style.isCustom {
                    guard let size = p.modal.preferredContentSize else { continue }
                    let content = LayerFrames.popoverScreenHeight(
                        p.modal.rootScreen, backTitle: nil, width: size.width,
                        safeArea: EdgeInsets(top: 0, left: 0, bottom: 0, right: 0), metrics: metrics)
                    if content > size.height + 0.5 {
                        c.report(
                            .popoverContentFits, p.path.appending("preferredContentSize"), nil,
                            [
                                "modal": p.modal.id, "height": LintChecks.fmt(size.height),
                                "content": LintChecks.fmt(content.rounded()), "size": metrics.contentSize.rawValue,
                            ])
                    }
                }
            }),
        RuleUnit(
            Rule(
                id: .popoverNoWarnings, kinds: [.static], severity: .warning, severityNote: nil,
                section: #"3.3 Popovers"#,
                check: #"A popover whose content has role `warning` or `error`; use an alert."#,
                source: #"H-Popovers: "Avoid using a popover to show a warning… use an alert instead.""#),
            name: T("No warnings in popovers", "不要用弹出框显示警告"),
            message: T(
                "popover “{modal}” shows a {tone} message; use an alert for warnings",
                "弹出框“{modal}”显示了{tone}信息；警告请使用警告框"),
            triggering: [
                .json(
                    #"{"modals": [{"id": "sort", "style": "popover", "source": "more-button", "title": "Sort By", "#
                        + popoverDone
                        + #", "content": [{"type": "text", "id": "warn", "text": "Sorting is slow on large folders.", "role": "warning"}]}]}"#
                ).at("$.modals[0].content[0].role")
            ],
            nonTriggering: [
                .json(
                    #"{"modals": [{"id": "sort", "style": "popover", "source": "more-button", "title": "Sort By", "#
                        + popoverDone
                        + #", "content": [{"type": "text", "id": "hint", "text": "Choose an order."}]}]}"#)
            ],
            lint: { c in
                for p in c.popovers {
                    for s in c.modalScreens[p.index] {
                        for ref in s.controls where ref.control.kind == .text {
                            if let tone = ref.control.tone, tone == "warning" || tone == "error" {
                                c.report(
                                    .popoverNoWarnings, ref.path.appending("role"), nil,
                                    ["modal": p.modal.id, "tone": tone])
                            }
                        }
                    }
                }
            }),
        RuleUnit(
            Rule(
                id: .popoverResizeAnimated, kinds: [.runtime], severity: .info, severityNote: nil,
                section: #"3.3 Popovers"#,
                check: #"A change to a popover's size animates rather than jumping."#,
                source: #"S0:L275 "Provide a smooth transition when changing the size of a popover.""#),
            name: T("Animate size changes", "尺寸变化要有动画"),
            message: T(
                "popover “{modal}” changed size with an animation",
                "弹出框“{modal}”以动画方式改变了尺寸"),
            triggering: [
                .script(
                    app(
                        home(more: "p"),
                        popover("p", source: "more-button", #""preferredContentSize": {"width": 1000, "height": 400}"#)),
                    on: "ipad-pro-11", [.tap("more-button"), .rotate(.landscape)],
                    expect: ["$.stack[0].form": "popover", "$.stack[0].width": 1000], draws: true)
            ],
            nonTriggering: [
                .script(
                    app(home(more: "p"), popover("p", source: "more-button")), on: "ipad-pro-11",
                    [.tap("more-button"), .rotate(.landscape)],
                    expect: ["$.stack[0].width": 320])
            ]),
        RuleUnit(
            Rule(
                id: .popoverLooksLikePopover, kinds: [.static], severity: .info, severityNote: nil,
                section: #"3.3 Popovers"#,
                check: #"Custom popover chrome (no arrow, no rounded corners) gets a hint."#,
                source: #"S0:L271 "Make sure custom popovers look like popovers.""#),
            name: T("Custom popovers should look like popovers", "自定义弹出框应看起来像弹出框"),
            message: T(
                "popover “{modal}” has no arrow (permittedArrowDirections is empty); people may not recognise it as a popover",
                "弹出框“{modal}”没有箭头（permittedArrowDirections 为空）；用户可能认不出这是弹出框"),
            notes:
                "The format can express only the arrow: an empty permittedArrowDirections (UIKit's `[]`) draws none.",
            triggering: [
                .json(
                    #"{"modals": [{"id": "sort", "style": "popover", "source": "more-button", "permittedArrowDirections": [], "title": "Sort By", "#
                        + popoverDone + ", " + popoverList + "}]}"
                ).at("$.modals[0].permittedArrowDirections")
            ],
            nonTriggering: [
                .json(
                    #"{"modals": [{"id": "sort", "style": "popover", "source": "more-button", "permittedArrowDirections": ["up"], "title": "Sort By", "#
                        + popoverDone + ", " + popoverList + "}]}")
            ],
            lint: { c in
                for p in c.popovers where p.modal.permittedArrowDirections.isEmpty {
                    c.report(
                        .popoverLooksLikePopover, p.path.appending("permittedArrowDirections"), nil,
                        ["modal": p.modal.id])
                }
            }),
    ]
}

/// A popover as its checks read it. A class, made once per lint, so that the checks' walks
/// retain one reference per popover instead of copying the modal.
final class PopoverFacts {
    let index: Int
    let modal: Modal
    let path: JSONPath
    /// Forced to stay a popover everywhere (`adaptivePresentationStyle` `none`).
    let forced: Bool
    /// The exits of its root screen (Done, Cancel, Close…), list rows aside.
    let exits: [ControlRef]
    /// Whether any of its screens has a control people edit.
    let editable: Bool

    init(index: Int, modal: Modal, path: JSONPath, forced: Bool, exits: [ControlRef], editable: Bool) {
        self.index = index
        self.modal = modal
        self.path = path
        self.forced = forced
        self.exits = exits
        self.editable = editable
    }
}

extension LintContext {
    /// Every popover of the prototype.
    var popovers: [PopoverFacts] {
        memo("popovers") {
            modals { $0.style == .popover }.map { v in
                let screens = modalScreens[v.index]
                return PopoverFacts(
                    index: v.index, modal: v.modal, path: v.path, forced: v.modal.adaptivePresentationStyle == "none",
                    exits: screens[0].controls.filter { !$0.isListItem && LintChecks.isExit($0.control) },
                    editable: screens.contains { s in s.controls.contains { LintChecks.isEditable($0.control) } })
            }
        }
    }
}

extension LintChecks {
    /// A number of points without a trailing ".0".
    static func fmt(_ x: Double) -> String {
        x == x.rounded() ? String(Int(x)) : String(format: "%.1f", x)
    }
}
