// The rules of modal views in general ("3.1": sheets, full screen, current context), each whole:
// its catalogue row, its words, its check and its examples.

import JSON
import Prototype

extension RuleCatalogue {
    static let modalRules: [RuleUnit] = [
        RuleUnit(
            Rule(
                id: .modalDismissButtonRequired, kinds: [.static], severity: .error, severityNote: nil,
                section: #"3.1 Modal views in general (sheets, full screen, current context)"#,
                check:
                    #"The root screen of every custom modal must show a control that exits it: Done, Cancel, Close, or an equivalent icon with an accessibility label. This covers `pageSheet`, `formSheet`, `automatic`, `fullScreen`, `overFullScreen`, the current-context styles, and modal popovers. A missing control fails the lint, including on sheets, where the swipe gesture is not an accessible substitute."#,
                source:
                    #"S0:L71 "Always include a button that dismisses the modal view… ensures that the modal view is accessible to assistive technologies and provides an alternative to dismissal gestures." S1:L15 "Provide an obvious and safe way to exit a modal task." H-Modality: "Always give people an obvious way to dismiss a modal view.""#
            ),
            name: T("Dismiss button required", "必须提供关闭按钮"),
            message: T(
                "modal “{modal}” has no Done, Cancel or Close button on its first screen; add one — a swipe is no accessible substitute",
                "模态视图“{modal}”的首屏没有“完成”“取消”或“关闭”按钮；请添加一个——轻扫手势无法替代可访问的按钮"),
            variants: [
                "unlabelled": T(
                    "the only way out of modal “{modal}” is an icon without an accessibility label; add accessibilityLabel (e.g. \"Close\")",
                    "模态视图“{modal}”唯一的退出方式是一个没有辅助功能标签的图标；请添加 accessibilityLabel（例如“关闭”）")
            ],
            notes:
                "Checked on the modal's own (root) screen: any button that dismisses, any Cancel/Done/Close button by role or title (not one that pushes or pops), or a close icon (xmark…, chevron.down). Applies to sheets, full-screen and current-context styles, and modal popovers. Icon-only exits other than the standard close symbols need an accessibilityLabel.",
            triggering: [
                .json(
                    #"{"modals": [{"id": "player", "style": "fullScreen", "title": "Now Playing", "content": [{"type": "text", "id": "song", "text": "Song title"}, {"type": "button", "id": "play", "title": "Play"}]}]}"#
                ).at("$.modals[0]"),
                .json(
                    #"{"modals": [{"id": "player", "style": "fullScreen", "title": "Now Playing", "navigationBar": {"leading": [{"id": "back", "systemImage": "arrow.left", "action": "dismiss"}]}, "content": [{"type": "button", "id": "play", "title": "Play"}]}]}"#
                ).at("$.modals[0].navigationBar.leading[0]"),
            ],
            nonTriggering: [
                .json(
                    #"{"modals": [{"id": "player", "style": "fullScreen", "title": "Now Playing", "navigationBar": {"leading": [{"id": "close", "title": "Close", "action": "dismiss"}]}, "content": [{"type": "button", "id": "play", "title": "Play"}]}]}"#
                ),
                .json(
                    #"{"modals": [{"id": "player", "style": "fullScreen", "title": "Now Playing", "navigationBar": {"trailing": [{"id": "close", "systemImage": "xmark", "action": "dismiss"}]}}]}"#
                ),
            ],
            lint: { c in
                // Modal views, and modal popovers.
                for v in c.customModals where v.isView || v.modal.isModalPopover {
                    let exits = c.modalScreens[v.index][0].controls.filter {
                        !$0.isListItem && LintChecks.isExit($0.control)
                    }
                    if exits.isEmpty {
                        c.report(.modalDismissButtonRequired, v.path, nil, ["modal": v.modal.id])
                    } else if exits.allSatisfy({ LintChecks.isUnlabelledIconExit($0.control) }) {
                        c.report(.modalDismissButtonRequired, exits[0].path, "unlabelled", ["modal": v.modal.id])
                    }
                }
            }),
        RuleUnit(
            Rule(
                id: .fullScreenButtonDismissOnly, kinds: [.runtime], severity: .info, severityNote: nil,
                section: #"3.1 Modal views in general (sheets, full screen, current context)"#,
                check:
                    #"`fullScreen`, `overFullScreen` and the current-context styles have no dismissal gesture: a swipe down does nothing, and only a button closes them. Together with `modal.dismiss-button-required`, a full-screen modal with no button would trap the user."#,
                source:
                    #"S0:L47 "People dismiss a full-screen modal view by tapping a button." S3:L32 "只能通过点击按钮关闭全屏模态视图" (a full-screen modal can be closed only by tapping a button)"#
            ),
            name: T("Full-screen modals close only by a button", "全屏模态视图只能通过按钮关闭"),
            message: T(
                "“{modal}” is {style}: a swipe does not close it, only a button does",
                "“{modal}”为 {style}：轻扫不能关闭它，只能通过按钮关闭"),
            triggering: [
                .script(
                    app(home(open: "a"), view("a", "fullScreen")), [.tap("open-button"), .swipeDown()],
                    expect: ["$.stack[0].modal": "a"]),
                .script(
                    app(home(open: "a"), view("a", "fullScreen")), [.tap("open-button"), .swipeDown(), .tap("a-done")],
                    expect: ["$.stack": []]),
            ],
            nonTriggering: [
                .script(app(home(open: "a"), view("a")), [.tap("open-button"), .swipeDown()], expect: ["$.stack": []])
            ]),
        RuleUnit(
            Rule(
                id: .modalDataLossConfirm, kinds: [.runtime], severity: .warning, severityNote: nil,
                section: #"3.1 Modal views in general (sheets, full screen, current context)"#,
                check:
                    #"If a modal holds dirty user-generated content (the definition marks fields `userContent:true` and the state is dirty), every dismissal path must be intercepted. A swipe must rubber-band (`isModalInPresentation=true`) and then show an action sheet with Save, Discard and Keep Editing. A Cancel tap must show the same action sheet. Test: dirty plus a swipe leaves the sheet up and shows the action sheet; clean plus a swipe dismisses."#,
                source:
                    #"S0:L81 "Regardless of whether people use a dismiss gesture or a button… present an action sheet that explains the situation and gives people ways to resolve it." H-Sheets: "If people have unsaved changes in the sheet when they begin swiping to dismiss it, use an action sheet to let them confirm their action." U-isModalInPresentation; U-didAttemptToDismiss: "Notifies the delegate that a user-initiated attempt to dismiss a view was prevented.""#
            ),
            name: T("Confirm before losing data", "关闭前确认以免丢失数据"),
            message: T(
                "“{modal}” has unsaved changes; confirm with an action sheet (Save, Discard, Keep Editing) before dismissing it",
                "“{modal}”有未保存的更改；关闭之前请用操作列表（存储、放弃、继续编辑）确认"),
            notes:
                "The engine intercepts every dismissal of a dirty modal: a swipe rubber-bands and shows confirmDiscard; Cancel shows it too.",
            triggering: [
                .script(
                    app(
                        home(open: "a"),
                        draftSheet("a", confirm: "c")
                    ), [.tap("open-button"), .edit("to", "Ana"), .swipeDown()],
                    expect: ["$.stack[0].dirty": true, "$.stack[1].modal": "c"])
            ],
            nonTriggering: [
                .script(
                    app(
                        home(open: "a"),
                        draftSheet("a", confirm: "c")
                    ), [.tap("open-button"), .swipeDown()], expect: ["$.stack": []])
            ]),
        RuleUnit(
            Rule(
                id: .modalTitle, kinds: [.static], severity: .warning, severityNote: nil,
                section: #"3.1 Modal views in general (sheets, full screen, current context)"#,
                check: #"The modal's root screen has no navigation-bar title and no heading naming the task."#,
                source:
                    #"S0:L89 "In general, display a title that identifies the modal task." S1:L23 "…if appropriate." H-Modality: "Make it easy to identify a modal view's task.""#
            ),
            name: T("Name the modal task", "为模态任务显示标题"),
            message: T(
                "modal “{modal}” has no title; give it a navigation-bar title (or a heading) that names the task",
                "模态视图“{modal}”没有标题；请用导航栏标题（或内容顶部的标题文字）说明这是什么任务"),
            notes:
                "A title, or a `text` control first in the content, names the task. Modals tagged immersive (task or tags) are exempt: a photo or video viewer needs no title.",
            triggering: [
                .json(
                    #"{"modals": [{"id": "filters", "style": "pageSheet", "navigationBar": {"leading": [{"id": "cancel", "title": "Cancel", "role": "cancel", "action": "dismiss"}], "trailing": [{"id": "apply", "title": "Apply", "role": "done", "action": "dismiss"}]}, "content": [{"type": "toggle", "id": "unread", "label": "Unread only"}]}]}"#
                ).at("$.modals[0]")
            ],
            nonTriggering: [
                .json(
                    #"{"modals": [{"id": "filters", "style": "pageSheet", "title": "Filters", "navigationBar": {"leading": [{"id": "cancel", "title": "Cancel", "role": "cancel", "action": "dismiss"}], "trailing": [{"id": "apply", "title": "Apply", "role": "done", "action": "dismiss"}]}, "content": [{"type": "toggle", "id": "unread", "label": "Unread only"}]}]}"#
                )
            ],
            lint: { c in
                for v in c.customModals where v.isView {
                    let m = v.modal
                    let titled = !(m.title ?? "").trimmed.isEmpty
                    let heading = m.content.first?.kind == .text
                    if !titled && !heading && !LintChecks.tagged(m, "immersive") {
                        c.report(.modalTitle, v.path, nil, ["modal": m.id])
                    }
                }
            }),
        RuleUnit(
            Rule(
                id: .modalSinglePath, kinds: [.static], severity: .warning, severityNote: nil,
                section: #"3.1 Modal views in general (sheets, full screen, current context)"#,
                check:
                    #"In the navigation graph inside a modal, warn if any screen has two or more forward (push) destinations, if there is a cycle, or if the depth exceeds 3 (configurable; "an app within your app")."#,
                source:
                    #"S0:L67 "Avoid creating an app within your app… If a modal task must contain subviews, provide a single path through the hierarchy and a clear path to completion." S1:L19; H-Modality"#
            ),
            name: T("One path through a modal task", "模态任务只有一条路径"),
            message: T(
                "modal “{modal}” is becoming an app within the app; give it a single path to completion",
                "模态视图“{modal}”正变成“应用中的应用”；请提供一条通往完成的单一路径"),
            variants: [
                "branch": T(
                    "screen “{screen}” of modal “{modal}” leads to {count} different screens; keep a single path through the task",
                    "模态视图“{modal}”中的屏幕“{screen}”通往 {count} 个不同的屏幕；请让任务只有一条路径"),
                "cycle": T(
                    "the screens of modal “{modal}” loop back (at “{screen}”); give the task a clear way to completion",
                    "模态视图“{modal}”的屏幕形成了循环（在“{screen}”处）；请为任务提供明确的完成路径"),
                "deep": T(
                    "modal “{modal}” is {depth} screens deep; keep modal tasks to at most 3 levels",
                    "模态视图“{modal}”有 {depth} 层屏幕；模态任务最多保持 3 层"),
            ],
            notes:
                "The graph is the modal's own screens and their push actions (buttons and list rows). Warns on a screen with two or more push destinations, on a cycle, and on a depth (pushes from the first screen) above 3.",
            triggering: [
                .json(
                    #"{"modals": [{"id": "setup", "style": "pageSheet", "title": "Setup", "navigationBar": {"leading": [{"id": "cancel", "title": "Cancel", "role": "cancel", "action": "dismiss"}]}, "content": [{"type": "list", "id": "menu", "items": [{"id": "wifi", "title": "Wi-Fi", "action": {"push": "wifi-screen"}}, {"id": "mail", "title": "Mail", "action": {"push": "mail-screen"}}]}], "screens": [{"id": "wifi-screen", "title": "Wi-Fi"}, {"id": "mail-screen", "title": "Mail"}]}]}"#
                ).at("$.modals[0]")
            ],
            nonTriggering: [
                .json(
                    #"{"modals": [{"id": "setup", "style": "pageSheet", "title": "Setup", "navigationBar": {"leading": [{"id": "cancel", "title": "Cancel", "role": "cancel", "action": "dismiss"}]}, "content": [{"type": "button", "id": "next", "title": "Next", "action": {"push": "step-2"}}], "screens": [{"id": "step-2", "title": "Account", "content": [{"type": "button", "id": "next-2", "title": "Next", "action": {"push": "step-3"}}]}, {"id": "step-3", "title": "Finish", "navigationBar": {"trailing": [{"id": "done", "title": "Done", "role": "done", "action": "dismiss"}]}}]}]}"#
                )
            ],
            lint: { c in
                for v in c.customModals { LintChecks.singlePath(c, v.modal, v.index, c.modalScreens[v.index]) }
            }),
        RuleUnit(
            Rule(
                id: .modalDoneOnlyCompletes, kinds: [.static], severity: .warning, severityNote: nil,
                section: #"3.1 Modal views in general (sheets, full screen, current context)"#,
                check:
                    #"A control titled "Done" whose action does anything other than complete and close the modal task (for example, pushing a screen)."#,
                source:
                    #"S0:L67 "Avoid using a Done button for anything other than completing the task." H-Modality: "avoid including buttons that people might mistake for the button that dismisses the modal view.""#
            ),
            name: T("Done only completes the task", "“完成”只用于完成任务"),
            message: T(
                "“Done” in modal “{modal}” does something else than completing the task; make it dismiss, or rename it (e.g. Next)",
                "模态视图“{modal}”中的“完成”按钮执行的不是完成任务的操作；请让它关闭视图，或改名（例如“下一步”）"),
            variants: [
                "push": T(
                    "“Done” in modal “{modal}” pushes “{target}”; Done should complete and close the task — call this button Next",
                    "模态视图“{modal}”中的“完成”按钮会推入“{target}”；“完成”应当完成并关闭任务——请把它改为“下一步”"),
                "present": T(
                    "“Done” in modal “{modal}” presents “{target}”; Done should complete and close the task",
                    "模态视图“{modal}”中的“完成”按钮会呈现“{target}”；“完成”应当完成并关闭任务"),
                "pop": T(
                    "“Done” in modal “{modal}” goes back a screen; Done should complete and close the task",
                    "模态视图“{modal}”中的“完成”按钮会返回上一屏；“完成”应当完成并关闭任务"),
            ],
            notes:
                "A button titled Done (or 完成) whose action pushes, pops or presents. A Done with no action is left alone.",
            triggering: [
                .json(
                    #"{"modals": [{"id": "edit", "style": "pageSheet", "title": "Edit Profile", "navigationBar": {"leading": [{"id": "cancel", "title": "Cancel", "role": "cancel", "action": "dismiss"}], "trailing": [{"id": "done", "title": "Done", "action": {"push": "review"}}]}, "screens": [{"id": "review", "title": "Review"}]}]}"#
                ).at("$.modals[0].navigationBar.trailing[0].action")
            ],
            nonTriggering: [
                .json(
                    #"{"modals": [{"id": "edit", "style": "pageSheet", "title": "Edit Profile", "navigationBar": {"leading": [{"id": "cancel", "title": "Cancel", "role": "cancel", "action": "dismiss"}], "trailing": [{"id": "done", "title": "Done", "role": "done", "action": "dismiss"}]}}]}"#
                )
            ],
            lint: { c in
                for v in c.customModals {
                    for s in c.modalScreens[v.index] {
                        for ref in s.controls where ref.control.kind == .button && !ref.isListItem {
                            guard Lexicon.doneTitles.contains(Lexicon.key(ref.control.title ?? "")) else { continue }
                            let what: (String, String)?
                            switch ref.control.action {
                            case .push(let t)?: what = ("push", t)
                            case .present(let t)?: what = ("present", t)
                            case .pop?: what = ("pop", "")
                            default: what = nil
                            }
                            if let (variant, target) = what {
                                c.report(
                                    .modalDoneOnlyCompletes, ref.path.appending("action"), variant,
                                    ["modal": v.modal.id, "target": target])
                            }
                        }
                    }
                }
            }),
        RuleUnit(
            Rule(
                id: .sheetDoneNeedsAlternative, kinds: [.static], severity: .warning, severityNote: nil,
                section: #"3.1 Modal views in general (sheets, full screen, current context)"#,
                check:
                    #"Warn if a sheet screen has Done but neither Cancel nor Back, or if Cancel, Done and Back all appear on one screen."#,
                source:
                    #"H-Sheets (2026): "If you provide a Done button, always pair it with a Cancel button… or a Back button… Avoid showing all three buttons — Cancel, Done, and Back — together.""#
            ),
            name: T("Pair Done with Cancel or Back", "“完成”需与“取消”或“返回”搭配"),
            message: T(
                "screen “{screen}” of sheet “{modal}” needs attention: pair Done with Cancel or Back",
                "表单“{modal}”的屏幕“{screen}”：请为“完成”搭配“取消”或“返回”"),
            variants: [
                "alone": T(
                    "screen “{screen}” of sheet “{modal}” has Done but neither Cancel nor Back; add a Cancel button so people can leave without committing",
                    "表单“{modal}”的屏幕“{screen}”有“完成”，但没有“取消”或“返回”；请添加“取消”按钮，让用户可以不提交就离开"),
                "three": T(
                    "screen “{screen}” of sheet “{modal}” shows Cancel, Done and Back together; keep only two of them",
                    "表单“{modal}”的屏幕“{screen}”同时显示了“取消”“完成”和“返回”；只保留其中两个"),
            ],
            notes:
                "Done and Cancel by role or title; Back is a button that pops or is titled Back, or the system back button of a pushed screen whose leading bar is empty. Follows H-Sheets (2026), which refines S0:L71.",
            triggering: [
                .json(
                    #"{"modals": [{"id": "info", "style": "pageSheet", "title": "Details", "navigationBar": {"trailing": [{"id": "done", "title": "Done", "role": "done", "action": "dismiss"}]}, "content": [{"type": "textField", "id": "name", "label": "Name"}]}]}"#
                ).at("$.modals[0]")
            ],
            nonTriggering: [
                .json(
                    #"{"modals": [{"id": "info", "style": "pageSheet", "title": "Details", "navigationBar": {"leading": [{"id": "cancel", "title": "Cancel", "role": "cancel", "action": "dismiss"}], "trailing": [{"id": "done", "title": "Done", "role": "done", "action": "dismiss"}]}, "content": [{"type": "textField", "id": "name", "label": "Name"}]}]}"#
                )
            ],
            lint: { c in
                // Done pairs with Cancel or Back, and the three never appear together.
                for v in c.customModals where v.modal.style.isSheet {
                    for s in c.modalScreens[v.index] {
                        let buttons = s.controls.filter { !$0.isListItem }
                        guard buttons.contains(where: { LintChecks.isDone($0.control) }) else { continue }
                        let cancel = buttons.contains { LintChecks.isCancel($0.control) }
                        let implicitBack = !s.isRoot && (s.screen.navigationBar?.leading ?? []).isEmpty
                        let back = implicitBack || buttons.contains { LintChecks.isBack($0.control) }
                        if !cancel && !back {
                            c.report(
                                .sheetDoneNeedsAlternative, s.path, "alone",
                                ["modal": v.modal.id, "screen": s.screen.id])
                        } else if cancel && back {
                            c.report(
                                .sheetDoneNeedsAlternative, s.path, "three",
                                ["modal": v.modal.id, "screen": s.screen.id])
                        }
                    }
                }
            }),
        RuleUnit(
            Rule(
                id: .sheetButtonPlacement, kinds: [.static], severity: .warning, severityNote: nil,
                section: #"3.1 Modal views in general (sheets, full screen, current context)"#,
                check:
                    #"In a single-view sheet, Cancel sits on the leading edge of the top toolbar and Done on the trailing edge."#,
                source:
                    #"H-Sheets: "for sheets with a single view, the Cancel button belongs on the leading edge of the top toolbar. When present, the Done button belongs on the trailing edge.""#
            ),
            name: T("Cancel leading, Done trailing", "“取消”在左，“完成”在右"),
            message: T(
                "{title} in sheet “{modal}” is misplaced: Cancel belongs on the leading edge of the top bar, Done on the trailing edge",
                "表单“{modal}”中的{title}位置不对：“取消”应在顶部栏的前缘，“完成”应在后缘"),
            variants: [
                "cancel": T(
                    "{title} in sheet “{modal}” belongs on the leading edge of the top bar",
                    "表单“{modal}”中的{title}应放在顶部栏的前缘（左侧）"),
                "done": T(
                    "{title} in sheet “{modal}” belongs on the trailing edge of the top bar",
                    "表单“{modal}”中的{title}应放在顶部栏的后缘（右侧）"),
            ],
            notes: "Single-view sheets only (no `screens`). Cancel and Done by role or title.",
            triggering: [
                .json(
                    #"{"modals": [{"id": "rename", "style": "formSheet", "title": "Rename", "navigationBar": {"trailing": [{"id": "cancel", "title": "Cancel", "role": "cancel", "action": "dismiss"}]}, "content": [{"type": "textField", "id": "name", "label": "Name"}, {"type": "button", "id": "done", "title": "Done", "role": "done", "action": "dismiss"}]}]}"#
                ).at("$.modals[0].content[1]", "$.modals[0].navigationBar.trailing[0]")
            ],
            nonTriggering: [
                .json(
                    #"{"modals": [{"id": "rename", "style": "formSheet", "title": "Rename", "navigationBar": {"leading": [{"id": "cancel", "title": "Cancel", "role": "cancel", "action": "dismiss"}], "trailing": [{"id": "done", "title": "Done", "role": "done", "action": "dismiss"}]}, "content": [{"type": "textField", "id": "name", "label": "Name"}]}]}"#
                )
            ],
            lint: { c in
                // In a single-view sheet, Cancel leads the top bar and Done trails it.
                for v in c.customModals where v.modal.style.isSheet && v.modal.screens.isEmpty {
                    guard let root = c.modalScreens[v.index].first else { continue }
                    for ref in root.controls where !ref.isListItem {
                        if LintChecks.isCancel(ref.control) && ref.placement != .leading {
                            c.report(
                                .sheetButtonPlacement, ref.path, "cancel",
                                ["modal": v.modal.id, "title": c.q(ref.control.title ?? "Cancel")])
                        } else if LintChecks.isDone(ref.control) && !LintChecks.isCancel(ref.control)
                            && ref.placement != .trailing
                        {
                            c.report(
                                .sheetButtonPlacement, ref.path, "done",
                                ["modal": v.modal.id, "title": c.q(ref.control.title ?? "Done")])
                        }
                    }
                }
            }),
        RuleUnit(
            Rule(
                id: .modalAppearanceConsistent, kinds: [.static], severity: .info, severityNote: nil,
                section: #"3.1 Modal views in general (sheets, full screen, current context)"#,
                check: #"A modal's navigation bar uses the same appearance tokens as the app's navigation bar."#,
                source: #"S0:L93; S1:L39; S2 (the iPhone modal bar should match the app)"#),
            name: T("Match the app's navigation bar", "与应用的导航栏外观一致"),
            message: T(
                "the navigation bar of modal “{modal}” uses appearance “{appearance}” but the app's bars use {app}; use the same appearance",
                "模态视图“{modal}”的导航栏外观为“{appearance}”，而应用的导航栏为 {app}；请使用相同的外观"),
            notes:
                "Compares navigationBar.appearance of modal views with those of the app's screens (an absent appearance is \"default\").",
            triggering: [
                .json(
                    #"{"modals": [{"id": "settings", "style": "pageSheet", "title": "Settings", "navigationBar": {"appearance": "transparent", "trailing": [{"id": "done", "title": "Done", "role": "done", "action": "dismiss"}], "leading": [{"id": "cancel", "title": "Cancel", "role": "cancel", "action": "dismiss"}]}}]}"#
                ).at("$.modals[0].navigationBar.appearance")
            ],
            nonTriggering: [
                .json(
                    #"{"modals": [{"id": "settings", "style": "pageSheet", "title": "Settings", "navigationBar": {"trailing": [{"id": "done", "title": "Done", "role": "done", "action": "dismiss"}], "leading": [{"id": "cancel", "title": "Cancel", "role": "cancel", "action": "dismiss"}]}}]}"#
                )
            ],
            lint: { c in
                let app = Set(c.prototype.screens.compactMap { $0.navigationBar.map { $0.appearance ?? "default" } })
                guard !app.isEmpty else { return }
                for v in c.customModals where v.isView {
                    guard let bar = v.modal.navigationBar else { continue }
                    let a = bar.appearance ?? "default"
                    if !app.contains(a) {
                        let at = v.path.appending("navigationBar")
                        c.report(
                            .modalAppearanceConsistent, bar.appearance == nil ? at : at.appending("appearance"), nil,
                            ["modal": v.modal.id, "appearance": a, "app": app.sorted().joined(separator: ", ")])
                    }
                }
            }),
        RuleUnit(
            Rule(
                id: .modalTransitionConsistent, kinds: [.static], severity: .warning, severityNote: nil,
                section: #"3.1 Modal views in general (sheets, full screen, current context)"#,
                check: #"The app uses more than one `modalTransitionStyle` among custom modals of the same kind."#,
                source:
                    #"S0:L97 "Use consistent modal transition styles throughout your app." S2:L462 "在没有充分理由支持的情况下，最好不要改变这些默认的过渡方式" (without good reason, better not to change the default transitions)"#
            ),
            name: T("Consistent transitions", "使用一致的过渡动画"),
            message: T(
                "modal “{modal}” uses {transition} while other {style} modals use {usual}; use one transition style for modals of the same kind",
                "模态视图“{modal}”使用 {transition}，而其他 {style} 模态视图使用 {usual}；同类模态视图请使用同一种过渡动画"),
            notes:
                "Groups custom modals by style; no declared transition counts as coverVertical. The modals that differ from the most used transition of their group are reported.",
            triggering: [
                .json(
                    #"{"modals": [{"id": "viewer", "style": "fullScreen", "title": "Photo", "transition": "crossDissolve", "rationale": "Fades like the Photos app", "navigationBar": {"leading": [{"id": "close-viewer", "title": "Close", "action": "dismiss"}]}}, {"id": "editor", "style": "fullScreen", "title": "Edit Photo", "transition": "flipHorizontal", "rationale": "Shows the back of the card", "navigationBar": {"leading": [{"id": "close-editor", "title": "Close", "action": "dismiss"}]}}]}"#
                ).at("$.modals[1].transition")
            ],
            nonTriggering: [
                .json(
                    #"{"modals": [{"id": "viewer", "style": "fullScreen", "title": "Photo", "transition": "crossDissolve", "rationale": "Fades like the Photos app", "navigationBar": {"leading": [{"id": "close-viewer", "title": "Close", "action": "dismiss"}]}}, {"id": "editor", "style": "fullScreen", "title": "Edit Photo", "transition": "crossDissolve", "rationale": "Same fade as the viewer", "navigationBar": {"leading": [{"id": "close-editor", "title": "Close", "action": "dismiss"}]}}]}"#
                )
            ],
            lint: { c in
                // Among the modal views of one style, the transitions that differ from the usual one.
                var byStyle: [PresentationStyle: [(index: Int, modal: Modal, path: JSONPath)]] = [:]
                for v in c.customModals where v.isView {
                    byStyle[v.modal.style, default: []].append((v.index, v.modal, v.path))
                }
                for (style, list) in byStyle.sorted(by: { $0.value[0].index < $1.value[0].index }) where list.count > 1
                {
                    let ts = list.map { $0.modal.transition ?? .coverVertical }
                    guard Set(ts).count > 1 else { continue }
                    var counts: [TransitionStyle: Int] = [:]
                    for t in ts { counts[t, default: 0] += 1 }
                    let best = counts.values.max()!
                    let majority = ts.first { counts[$0] == best }!
                    for (k, v) in list.enumerated() where ts[k] != majority {
                        c.report(
                            .modalTransitionConsistent,
                            v.modal.transition == nil ? v.path : v.path.appending("transition"), nil,
                            [
                                "modal": v.modal.id, "transition": ts[k].rawValue, "usual": majority.rawValue,
                                "style": style.rawValue,
                            ])
                    }
                }
            }),
        RuleUnit(
            Rule(
                id: .modalStyleFit, kinds: [.static], severity: .info, severityNote: nil,
                section: #"3.1 Modal views in general (sheets, full screen, current context)"#,
                check:
                    #"Use a sheet for simple, non-immersive tasks and `fullScreen` for immersive or complex ones. A `fullScreen` modal tagged `task:simple`, or a sheet tagged `task:immersive` or `task:multistep`, gets a hint."#,
                source:
                    #"S0:L39 "Use a sheet for nonimmersive modal content that doesn't enable a complex task." S0 (same section): "Use a full-screen modal view for immersive content… or a complex task." H-Sheets: "For complex or prolonged user flows, consider alternatives to sheets.""#
            ),
            name: T("Fit the style to the task", "按任务选择呈现样式"),
            message: T(
                "modal “{modal}”'s style does not fit its task",
                "模态视图“{modal}”的样式与其任务不相称"),
            variants: [
                "fullscreen": T(
                    "modal “{modal}” is a simple task shown full screen; use a sheet for simple, non-immersive tasks",
                    "模态视图“{modal}”是简单任务却以全屏显示；简单、非沉浸式的任务请使用表单"),
                "sheet": T(
                    "modal “{modal}” is a sheet for a {task} task; consider fullScreen for immersive or complex tasks",
                    "模态视图“{modal}”用表单承载{task}任务；沉浸式或复杂任务可考虑使用全屏"),
            ],
            notes: "Uses the modal's `task` (simple, immersive, multistep) or the same words in `tags`.",
            triggering: [
                .json(
                    #"{"modals": [{"id": "rename", "style": "fullScreen", "task": "simple", "title": "Rename", "navigationBar": {"leading": [{"id": "cancel", "title": "Cancel", "role": "cancel", "action": "dismiss"}]}}]}"#
                ).at("$.modals[0].task")
            ],
            nonTriggering: [
                .json(
                    #"{"modals": [{"id": "camera", "style": "fullScreen", "task": "immersive", "title": "Camera", "navigationBar": {"leading": [{"id": "cancel", "title": "Cancel", "role": "cancel", "action": "dismiss"}]}}]}"#
                )
            ],
            lint: { c in
                for v in c.customModals where v.isView {
                    let m = v.modal
                    let at = m.task != nil ? v.path.appending("task") : v.path.appending("tags")
                    if (m.style == .fullScreen || m.style == .overFullScreen) && LintChecks.tagged(m, "simple") {
                        c.report(.modalStyleFit, at, "fullscreen", ["modal": m.id])
                    } else if m.style.isSheet
                        && (LintChecks.tagged(m, "immersive") || LintChecks.tagged(m, "multistep"))
                    {
                        c.report(
                            .modalStyleFit, at, "sheet",
                            ["modal": m.id, "task": LintChecks.tagged(m, "immersive") ? "immersive" : "multistep"])
                    }
                }
            }),
        RuleUnit(
            Rule(
                id: .modalIPadPreferSheets, kinds: [.static], severity: .info, severityNote: nil,
                section: #"3.1 Modal views in general (sheets, full screen, current context)"#,
                check:
                    #"A custom modal in an iPad target that uses neither `pageSheet` nor `formSheet`, and is not tagged immersive, gets a hint."#,
                source: #"H-Sheets: "Prefer using the page or form sheet presentation styles in an iPadOS app.""#),
            name: T("Prefer sheets on iPad", "iPad 上优先使用表单"),
            message: T(
                "modal “{modal}” is {style} in an iPad target; prefer a page or form sheet unless the content is immersive",
                "模态视图“{modal}”在 iPad 目标中使用 {style}；除非内容是沉浸式的，否则优先使用 page sheet 或 form sheet"),
            notes:
                "Custom modal views (fullScreen, overFullScreen and the current-context styles) when a declared device is an iPad, unless tagged immersive. automatic resolves to a sheet on iPad and passes.",
            triggering: [
                .json(
                    #"{"modals": [{"id": "settings", "style": "fullScreen", "title": "Settings", "navigationBar": {"trailing": [{"id": "close", "title": "Close", "action": "dismiss"}]}}]}"#
                ).at("$.modals[0].style")
            ],
            nonTriggering: [
                .json(
                    #"{"devices": ["iphone-16"], "modals": [{"id": "settings", "style": "fullScreen", "title": "Settings", "navigationBar": {"trailing": [{"id": "close", "title": "Close", "action": "dismiss"}]}}]}"#
                ),
                .json(
                    #"{"modals": [{"id": "settings", "style": "formSheet", "title": "Settings", "navigationBar": {"trailing": [{"id": "close", "title": "Close", "action": "dismiss"}]}}]}"#
                ),
            ],
            lint: { c in
                guard c.target.hasIPad else { return }
                for v in c.customModals
                where v.isView && !v.modal.style.isSheet && !LintChecks.tagged(v.modal, "immersive") {
                    c.report(
                        .modalIPadPreferSheets, v.path.appending("style"), nil,
                        ["modal": v.modal.id, "style": v.modal.style.rawValue])
                }
            }),
        RuleUnit(
            Rule(
                id: .modalStyleNone, kinds: [.static], severity: .error, severityNote: nil,
                section: #"3.1 Modal views in general (sheets, full screen, current context)"#,
                check: #"`modalPresentationStyle: none` used for a presentation is rejected."#,
                source: #"U-MPS.none: "Do not use this style to present a view controller.""#),
            name: T("Never present with style none", "不要使用 none 样式呈现"),
            message: T(
                "modal “{modal}” has style none, which UIKit does not allow for a presentation; choose a presentation style",
                "模态视图“{modal}”使用 none 样式，UIKit 不允许以此样式呈现；请选择一种呈现样式"),
            triggering: [
                .json(
                    #"{"modals": [{"id": "odd", "style": "none", "title": "Odd"}]}"#
                ).at("$.modals[0].style")
            ],
            nonTriggering: [
                .json(
                    #"{"modals": [{"id": "odd", "style": "pageSheet", "title": "Odd", "navigationBar": {"trailing": [{"id": "close", "title": "Close", "action": "dismiss"}]}}]}"#
                )
            ],
            lint: { c in
                for v in c.modals(where: { $0.style == .none }) {
                    c.report(.modalStyleNone, v.path.appending("style"), nil, ["modal": v.modal.id])
                }
            }),
        RuleUnit(
            Rule(
                id: .modalWhenBeneficial, kinds: [.static], severity: .info, severityNote: nil,
                section: #"3.1 Modal views in general (sheets, full screen, current context)"#,
                check:
                    #"Hint on modals that are not tied to a choice, a task, or critical information (for example, a modal that merely shows static text)."#,
                source:
                    #"S0: "Use modality when it makes sense." S1:L7 "Minimize the use of modality." H-Modality: "Present content modally only when there's a clear benefit.""#
            ),
            name: T("Use modality only when it helps", "只在有益时使用模态"),
            message: T(
                "modal “{modal}” only shows static content; present it modally only if people must act on it, or show it in place",
                "模态视图“{modal}”只显示静态内容；只有需要用户对其采取行动时才以模态呈现，否则请在原处显示"),
            notes:
                "The stated check only: a modal view (not a popover) whose every control is static text, an image or an exit button, with at least one text, and no task, no `critical` or `immersive` tag, and no screens of its own.",
            triggering: [
                .json(
                    #"{"modals": [{"id": "about", "style": "pageSheet", "title": "About", "navigationBar": {"trailing": [{"id": "close", "title": "Close", "action": "dismiss"}]}, "content": [{"type": "text", "id": "version", "text": "Version 2.1"}]}]}"#
                ).at("$.modals[0]")
            ],
            nonTriggering: [
                .json(
                    #"{"modals": [{"id": "about", "style": "pageSheet", "title": "About", "navigationBar": {"trailing": [{"id": "close", "title": "Close", "action": "dismiss"}]}, "content": [{"type": "text", "id": "version", "text": "Version 2.1"}, {"type": "toggle", "id": "beta", "label": "Join the beta"}]}]}"#
                )
            ],
            lint: { c in
                for v in c.customModals where v.isView {
                    let m = v.modal
                    let all = c.modalScreens[v.index].flatMap(\.controls)
                    let staticOnly = all.allSatisfy { ref in
                        let k = ref.control.kind
                        return k == .text || k == .image
                            || (k == .button && !ref.isListItem && LintChecks.isExit(ref.control))
                    }
                    if staticOnly && all.contains(where: { $0.control.kind == .text }) && m.screens.isEmpty
                        && !LintChecks.tagged(m, "critical") && !LintChecks.tagged(m, "immersive") && m.task == nil
                    {
                        c.report(.modalWhenBeneficial, v.path, nil, ["modal": m.id])
                    }
                }
            }),
        RuleUnit(
            Rule(
                id: .currentContextDeclareCompact, kinds: [.static], severity: .warning, severityNote: nil,
                section: #"3.1 Modal views in general (sheets, full screen, current context)"#,
                check:
                    #"A `currentContext` or `overCurrentContext` presentation in a target with any wC environment (iPhone, or iPad multitasking) and no `compactAdaptation` declared: warn that UIKit would go `fullScreen`, where the HIG wants a sheet."#,
                source: #"S0:L55 (quoted under currentcontext.compact-adapts); VCPG"#),
            name: T("Declare the compact adaptation", "声明紧凑宽度下的适配方式"),
            message: T(
                "{style} modal “{modal}” can run in compact width, where UIKit shows it full screen; declare compactAdaptation (the HIG prefers \"sheet\")",
                "{style} 模态视图“{modal}”可能运行在紧凑宽度下，UIKit 会以全屏显示它；请声明 compactAdaptation（HIG 推荐 \"sheet\"）"),
            notes:
                "Any iPhone, and any iPad that allows multitasking (Slide Over), can be compact width; a prototype with only iPads and \"requiresFullScreen\": true cannot.",
            triggering: [
                .json(
                    #"{"modals": [{"id": "detail", "style": "currentContext", "context": "home", "title": "Detail", "navigationBar": {"trailing": [{"id": "close", "title": "Close", "action": "dismiss"}]}}]}"#
                ).at("$.modals[0]")
            ],
            nonTriggering: [
                .json(
                    #"{"modals": [{"id": "detail", "style": "currentContext", "context": "home", "compactAdaptation": "sheet", "title": "Detail", "navigationBar": {"trailing": [{"id": "close", "title": "Close", "action": "dismiss"}]}}]}"#
                ),
                .json(
                    #"{"devices": ["ipad-pro-11"], "requiresFullScreen": true, "modals": [{"id": "detail", "style": "currentContext", "context": "home", "title": "Detail", "navigationBar": {"trailing": [{"id": "close", "title": "Close", "action": "dismiss"}]}}]}"#
                ),
            ],
            lint: { c in
                guard c.target.canBeCompactWidth else { return }
                for v in c.customModals
                where v.isView && v.modal.style.isCurrentContext && v.modal.compactAdaptation == nil {
                    c.report(
                        .currentContextDeclareCompact, v.path, nil,
                        ["modal": v.modal.id, "style": v.modal.style.rawValue])
                }
            }),
    ]
}

extension LintContext {
    /// The custom modals (those with screens of their own), with whether each is a modal view
    /// (a sheet, full screen or current context: not a popover).
    var customModals: [ModalEntry] {
        memo("customModals") { modals { $0.style.isCustom } }
    }
}

extension ModalEntry {
    /// Whether a custom modal is a modal view (a sheet, full screen or current context: not a
    /// popover).
    var isView: Bool { modal.style != .popover }
}

extension LintChecks {
    /// modal.single-path: within a modal's own screens, no screen with two forward destinations,
    /// no cycle, depth (pushes from the first screen) at most 3.
    static func singlePath(_ c: LintContext, _ m: Modal, _ i: Int, _ screens: [ScreenRef]) {
        guard !m.screens.isEmpty else { return }
        let ids = screens.map(\.screen.id)
        let index = Dictionary(ids.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        var edges: [[Int]] = []
        for s in screens {
            var dests: [Int] = []
            for ref in s.controls {
                if case .push(let t)? = ref.control.action, let d = index[t], !dests.contains(d) { dests.append(d) }
            }
            edges.append(dests)
        }
        let mp = c.path(i)
        if let k = edges.firstIndex(where: { $0.count >= 2 }) {
            c.report(
                .modalSinglePath, screens[k].path, "branch",
                ["modal": m.id, "screen": ids[k], "count": String(edges[k].count)])
        }
        // Cycles and depth, by depth-first search from the root (then from unvisited screens).
        var state = [Int](repeating: 0, count: screens.count)  // 0 new, 1 on stack, 2 done
        var cycleAt: Int? = nil
        func visit(_ n: Int) {
            state[n] = 1
            for d in edges[n] {
                if state[d] == 1 {
                    if cycleAt == nil { cycleAt = n }
                } else if state[d] == 0 {
                    visit(d)
                }
            }
            state[n] = 2
        }
        for n in screens.indices where state[n] == 0 { visit(n) }
        if let n = cycleAt {
            c.report(.modalSinglePath, screens[n].path, "cycle", ["modal": m.id, "screen": ids[n]])
            return
        }
        var memo = [Int?](repeating: nil, count: screens.count)
        func depth(_ n: Int) -> Int {
            if let d = memo[n] { return d }
            let d = edges[n].map { depth($0) + 1 }.max() ?? 0
            memo[n] = d
            return d
        }
        let d = depth(0)
        if d > 3 {
            c.report(.modalSinglePath, mp, "deep", ["modal": m.id, "depth": String(d)])
        }
    }
}
