// Generated once from the rule catalogue's working paper (version 1): every row, with its id,
// kinds, severity, testable check and source. Checks that pointed at the paper's sections or
// conflict numbers were rewritten to stand alone; the quotes of Apple's and the guideline
// documents' text are verbatim.

extension RuleCatalogue {
    /// The rows of RULES.md, in document order.
    static let table: [Rule] = [
        Rule(
            id: "stack.present-from-top", kinds: [.runtime], severity: .error, severityNote: nil,
            section: #"1. Runtime stack rules: what may appear over what"#,
            check:
                #"A presentation requested with a presenter that already has a presented controller (the presenter is not the top of the stack) is refused. UIKit logs the message and does nothing; the server must not re-route the request silently."#,
            source:
                #"X: "Warning: Attempt to present <B> on <A> which is already presenting <C>" (airbrake-ios#91, firefox-ios PR 15436; newer iOS wording: "Attempt to present <B> on <A> (from <A>) which is already presenting" — adaptyteam/AdaptySDK-iOS PR 116)"#
        ),
        Rule(
            id: "stack.already-presented", kinds: [.runtime], severity: .error, severityNote: nil,
            section: #"1. Runtime stack rules: what may appear over what"#,
            check: #"Presenting an instance (screen id) that is already on the stack is refused."#,
            source:
                #"X: NSInvalidArgumentException "Application tried to present modally a view controller <X> that is already being presented by <Y>." (capacitor-community/privacy-screen#56, #83)"#
        ),
        Rule(
            id: "stack.transition-in-progress", kinds: [.runtime], severity: .error, severityNote: nil,
            section: #"1. Runtime stack rules: what may appear over what"#,
            check:
                #"A present or dismiss request that arrives while another transition is animating is refused, or queued behind a server flag; UIKit drops it."#,
            source:
                #"X: "Attempt to present <X> on <Y> while a presentation is in progress!" (zetachang/DCModalSegue#10)"#),
        Rule(
            id: "stack.presenter-visible", kinds: [.runtime], severity: .error, severityNote: nil,
            section: #"1. Runtime stack rules: what may appear over what"#,
            check:
                #"The presenter must be on screen: it must be the root screen or the top entry. Otherwise the request is refused."#,
            source:
                #"X: "Attempt to present <X> on <Y> whose view is not in the window hierarchy!" (fouquet/RFAboutView#8)"#
        ),
        Rule(
            id: "modal.one-at-a-time", kinds: [.runtime], severity: .warning, severityNote: nil,
            section: #"1. Runtime stack rules: what may appear over what"#,
            check:
                #"Presenting any modal (a sheet, full screen, a current-context style, an action sheet, or an activity view) while another modal is visible raises a warning. There are two exemptions: an alert (`alert.over-anything`), and an action sheet presented for a data-loss confirmation over its own sheet (`modal.data-loss-confirm`). Popovers fall under the `popover.*` rules."#,
            source:
                #"H-Modality: "Let people dismiss a modal view before presenting another one. Allowing multiple modal views to be visible at the same time tends to create visual clutter…""#
        ),
        Rule(
            id: "sheet.one-at-a-time", kinds: [.runtime], severity: .warning, severityNote: nil,
            section: #"1. Runtime stack rules: what may appear over what"#,
            check:
                #"A sheet (`pageSheet`, `formSheet` or `automatic`) on top of another sheet raises a warning (a stacked card). The warning suggests closing the first sheet and reopening it afterwards. It is a warning, not an error: UIKit allows stacked sheets, and the guidelines' wording is advisory."#,
            source:
                #"H-Sheets: "Display only one sheet at a time from the main interface… If something people do within a sheet results in another sheet appearing, close the first sheet before displaying the new one.""#
        ),
        Rule(
            id: "alert.over-anything", kinds: [.runtime], severity: .info, severityNote: nil,
            section: #"1. Runtime stack rules: what may appear over what"#,
            check:
                #"An alert may be presented over any entry type, including sheets, full-screen views, popovers and action sheets."#,
            source:
                #"H-Modality: "an alert can appear on top of all other content — including other modal views"; S0:L259 "Except for an alert, nothing should be displayed on top of a popover.""#
        ),
        Rule(
            id: "alert.one-at-a-time", kinds: [.runtime], severity: .error, severityNote: nil,
            section: #"1. Runtime stack rules: what may appear over what"#,
            check: #"An alert requested while an alert is visible anywhere on the stack is refused."#,
            source: #"H-Modality: "you never want to display more than one alert at the same time.""#),
        Rule(
            id: "popover.no-modal-over", kinds: [.runtime], severity: .error, severityNote: nil,
            section: #"1. Runtime stack rules: what may appear over what"#,
            check:
                #"If the top entry is a popover (or content inside it), any presentation other than an alert is refused. The error suggests closing the popover first. The rule applies even though UIKit itself does not refuse: UIKit re-routes full-screen styles to a full-screen ancestor (VCPG), and action sheets and activity views become a second popover."#,
            source:
                #"S0:L85 "Don't display a card that appears on top of a popover… nothing should appear on top of a popover (except possibly an alert)… close the popover before displaying the card." S0:L259. S1:L35 "Don't display a modal view above a popover. With the possible exception of an alert, nothing should appear over a popover." S2:L451 "在iPad上，不要让模态视图覆盖在弹出层之上。除了警告框外，没有任何元素应该覆盖在弹出层上面" (on iPad, don't let a modal view cover a popover; nothing except an alert should). H-Popovers: "Make sure nothing displays on top of a popover, except for an alert.""#
        ),
        Rule(
            id: "popover.close-then-present", kinds: [.adapt], severity: .info, severityNote: nil,
            section: #"1. Runtime stack rules: what may appear over what"#,
            check:
                #"An optional server mode (`autoClosePopover=true`): instead of refusing under `popover.no-modal-over`, the server dismisses the popover (committing its work, per `popover.save-on-auto-dismiss`) and then presents the new view."#,
            source: #"S0:L85 "close the popover before displaying the card""#),
        Rule(
            id: "popover.card-inside-ok", kinds: [.runtime], severity: .info, severityNote: nil,
            section: #"1. Runtime stack rules: what may appear over what"#,
            check:
                #"A `currentContext` or `overCurrentContext` presentation whose context is the popover's content is allowed, because it renders inside the popover rather than over it. The transition must be `coverVertical` (see `transition.popover-context-cover-vertical`)."#,
            source: #"S0:L85 "Although you can display a card within a popover"; U-MPS.currentContext"#),
        Rule(
            id: "popover.one-at-a-time", kinds: [.runtime], severity: .error, severityNote: nil,
            section: #"1. Runtime stack rules: what may appear over what"#,
            check:
                #"A popover requested while another popover is visible is refused. This covers a popover opened from inside a popover and action sheets that would resolve to a popover."#,
            source:
                #"S0:L255 and H-Popovers: "Show one popover at a time… Never show a cascade or hierarchy of popovers, in which one emerges from another. If you need to show a new popover, close the open one first." S3:L145"#
        ),
        Rule(
            id: "popover.single-tap-switch", kinds: [.adapt], severity: .info, severityNote: nil,
            section: #"1. Runtime stack rules: what may appear over what"#,
            check:
                #"Tapping a bar button that opens popover B while popover A is open closes A and opens B in the same tap. The tap is not swallowed by the dismissal."#,
            source:
                #"S0:L263 and H-Popovers: "When possible, let people close one popover and open another with a single tap.""#
        ),
        Rule(
            id: "activity.no-modal-over-extension", kinds: [.runtime], severity: .warning, severityNote: nil,
            section: #"1. Runtime stack rules: what may appear over what"#,
            check: #"While an activity view or extension UI is on top, any modal except an alert raises a warning."#,
            source:
                #"H-Activity: "Avoid placing a modal view above your extension… While it might be necessary to display an alert above an extension, avoid displaying additional modal views.""#
        ),
        Rule(
            id: "actionsheet.user-initiated", kinds: [.runtime], severity: .warning, severityNote: nil,
            section: #"1. Runtime stack rules: what may appear over what"#,
            check:
                #"An action sheet must be requested from a user event (a tap on a control, a swipe action, or a dismissal attempt). A request from a timer, from launch, or from a network callback raises a warning suggesting an alert."#,
            source:
                #"S0:L117 "appears in response to a control or action"; H-ActionSheets: "an alert is usually unexpected…""#
        ),
        Rule(
            id: "alert.not-at-launch", kinds: [.runtime], severity: .warning, severityNote: nil,
            section: #"1. Runtime stack rules: what may appear over what"#,
            check: #"An alert requested before the first user interaction after launch raises a warning."#,
            source: #"H-Alerts: "Avoid showing an alert when your app starts.""#),
        Rule(
            id: "modal.automatic-resolves", kinds: [.adapt], severity: .info, severityNote: nil,
            section: #"2. Adaptation rules: what the server renders, per size class"#,
            check:
                #"`automatic` resolves to `pageSheet` on iOS 13–17 and to `formSheet` on iOS 18 and later; before iOS 13 the default was `fullScreen`. The server needs a `targetOS` setting; the default should be the current OS."#,
            source:
                #"U-MPS.automatic: "UIKit maps this style to formSheet in iOS 18 and later; pageSheet in versions of iOS earlier than iOS 18. Some system view controllers may map it to a different style.""#
        ),
        Rule(
            id: "popover.compact-adapts", kinds: [.adapt], severity: .info, severityNote: nil,
            section: #"2. Adaptation rules: what the server renders, per size class"#,
            check:
                #"A popover presented in wC or hC is rendered as `formSheet`. It then follows `sheet.compact-*`: in wC/hR it becomes a card sheet; in hC it becomes full screen, including on a large iPhone in landscape (wR/hC). The server re-evaluates on every size-class change, so a popover becomes a sheet when an iPad window is narrowed to Slide Over. Targets of iOS 12 or earlier used the legacy mapping: wC gave `fullScreen` (VCPG 2015 says `overFullScreen`), and wR/hC gave `formSheet`."#,
            source:
                #"U-MPS.popover: "In iOS 13 and later, for horizontally or vertically compact environments, this option behaves the same as formSheet. In iOS 12 and earlier: For horizontally compact environments… fullScreen. For horizontally regular and vertically compact environments… formSheet.""#
        ),
        Rule(
            id: "popover.regular", kinds: [.adapt], severity: .info, severityNote: nil,
            section: #"2. Adaptation rules: what the server renders, per size class"#,
            check:
                #"In wR/hR, a popover is a popover: the background is dimmed, a tap outside dismisses it (except taps on `passthroughViews`), and the arrow points at the anchor."#,
            source:
                #"U-MPS.popover: "The background content is dimmed and taps outside the popover cause the popover to be dismissed… passthroughViews""#
        ),
        Rule(
            id: "actionsheet.regular-as-popover", kinds: [.adapt], severity: .info, severityNote: nil,
            section: #"2. Adaptation rules: what the server renders, per size class"#,
            check:
                #"An action sheet in wR is shown as a popover anchored to its source and appears all at once, without a slide. In wC it slides up from the bottom edge at the container width less 8 pt on each side, with the Cancel action as a separate group at the bottom. Unverified: whether a wR/hC large iPhone in landscape gets a popover. The server follows the horizontal size class."#,
            source:
                #"S0:L117 "On smaller screens, an action sheet slides up from the bottom of the screen. On larger screens, an action sheet appears all at once as a popover." X: "The modalPresentationStyle of a UIAlertController with this style is UIModalPresentationPopover." T-Flutter: 8 pt edge padding and a separate Cancel group"#
        ),
        Rule(
            id: "activity.adapt", kinds: [.adapt], severity: .info, severityNote: nil,
            section: #"2. Adaptation rules: what the server renders, per size class"#,
            check:
                #"An activity view is a sheet in wC (a card, resizable, starting at medium height) and a popover in wR."#,
            source:
                #"S0:L139 "appears as a sheet or popover, depending on the device and orientation"; H-Activity (same wording); H-Sheets: "a share sheet displays the most relevant items within the medium detent"; X (activity crash message, below)"#
        ),
        Rule(
            id: "sheet.regular", kinds: [.adapt], severity: .info, severityNote: nil,
            section: #"2. Adaptation rules: what the server renders, per size class"#,
            check:
                #"In wR/hR, `pageSheet` is centred and roughly page-sized (taller than wide) over a dimming layer. `formSheet` is smaller and honours `preferredContentSize`. Part of the background always stays visible."#,
            source: #"U-MPS.pageSheet; U-MPS.formSheet"#),
        Rule(
            id: "sheet.compact-width-card", kinds: [.adapt], severity: .info, severityNote: nil,
            section: #"2. Adaptation rules: what the server renders, per size class"#,
            check:
                #"`pageSheet` and `formSheet` in wC/hR are shown "as a sheet with part of the background content visible near the top of the screen", a card. The presenter shrinks behind the card and its top edge stays visible."#,
            source:
                #"U-MPS.pageSheet and U-MPS.formSheet (quoted); S0:L28 "The top edge of the parent view or a previous card is visible behind the current card""#
        ),
        Rule(
            id: "sheet.compact-height-fullscreen", kinds: [.adapt], severity: .info, severityNote: nil,
            section: #"2. Adaptation rules: what the server renders, per size class"#,
            check:
                #"`pageSheet` and `formSheet` in hC behave as `fullScreen`, unless `prefersEdgeAttachedInCompactHeight=true`, in which case they stay a sheet attached only at the bottom edge."#,
            source:
                #"U-MPS.formSheet: "In a compact-height size class, the behavior is the same as fullScreen." U-Sheet.prefersEdgeAttachedInCompactHeight"#
        ),
        Rule(
            id: "sheet.medium-compact-height", kinds: [.adapt], severity: .info, severityNote: nil,
            section: #"2. Adaptation rules: what the server renders, per size class"#,
            check: #"The `medium` detent is inactive in hC, so the sheet rests at the next active detent (large)."#,
            source:
                #"U-Sheet.Detent.medium: "approximately half the height of the screen, and is inactive in compact height""#
        ),
        Rule(
            id: "sheet.grabber-auto-hide", kinds: [.adapt], severity: .info, severityNote: nil,
            section: #"2. Adaptation rules: what the server renders, per size class"#,
            check:
                #"A grabber the definition asked for is hidden while the sheet is full screen in hC, and while another sheet covers it."#,
            source:
                #"U-Sheet.prefersGrabberVisible: "The system automatically hides the grabber… when the sheet is full screen in a compact-height size class or when another sheet presents on top of it.""#
        ),
        Rule(
            id: "currentcontext.compact-adapts", kinds: [.adapt], severity: .info, severityNote: nil,
            section: #"2. Adaptation rules: what the server renders, per size class"#,
            check:
                #"`currentContext` and `overCurrentContext` in wC are rendered `fullScreen`, as UIKit does by default. If the definition declares `compactAdaptation:"sheet"`, the server renders a page sheet instead, following the HIG. See `currentcontext.declare-compact`."#,
            source:
                #"VCPG: "When transitioning to a horizontally compact environment, the current context styles adapt to the UIModalPresentationFullScreen style." S0:L55 "…you should switch to using a sheet when presenting modal content in a compact environment.""#
        ),
        Rule(
            id: "currentcontext.context-owner", kinds: [.adapt], severity: .info, severityNote: nil,
            section: #"2. Adaptation rules: what the server renders, per size class"#,
            check:
                #"A context presentation covers the nearest ancestor with `definesPresentationContext=true`. With no such ancestor it covers the root, which is effectively full screen."#,
            source:
                #"U-MPS.currentContext: "UIKit may walk up the view controller hierarchy to find a view controller that wants to define the presentation context.""#
        ),
        Rule(
            id: "fullscreen.presenter-walk", kinds: [.adapt], severity: .info, severityNote: nil,
            section: #"2. Adaptation rules: what the server renders, per size class"#,
            check:
                #"A full-screen style requested from a presenter that is not itself full screen (a split-view pane, a popover, a form sheet) is presented from the nearest full-screen ancestor, or from the root. `popover.no-modal-over` still applies."#,
            source:
                #"VCPG: "When using one of the full-screen presentation styles, the view controller that initiates the presentation must itself cover the entire screen. If the presenting view controller does not cover the screen, UIKit walks up the view controller hierarchy…""#
        ),
        Rule(
            id: "overfullscreen.keeps-underlying", kinds: [.adapt], severity: .info, severityNote: nil,
            section: #"2. Adaptation rules: what the server renders, per size class"#,
            check:
                #"`overFullScreen` and `overCurrentContext` keep the underlying screen rendered, so transparent regions show through. `fullScreen` and `currentContext` remove it."#,
            source:
                #"U-MPS.overCurrentContext: "The views beneath the presented content are not removed…"; U-MPS.currentContext: "The views belonging to the presenting view controller are removed after the presentation completes.""#
        ),
        Rule(
            id: "alert.fixed-appearance", kinds: [.adapt], severity: .warning, severityNote: nil,
            section: #"2. Adaptation rules: what the server renders, per size class"#,
            check:
                #"An alert always renders centred, about 270 pt wide (as UIKit draws it, and its Flutter and Chromium replicas), in every size class. Custom colours, fonts, images and layouts in an alert definition are ignored, and the lint warns."#,
            source:
                #"S0:L167 "Aside from these configurable elements, the visual appearance of an alert is static and can't be customized.""#
        ),
        Rule(
            id: "actionsheet.cancel-hidden-in-popover", kinds: [.adapt], severity: .info, severityNote: nil,
            section: #"2. Adaptation rules: what the server renders, per size class"#,
            check:
                #"When an action sheet resolves to a popover, its Cancel-style action is not drawn; a tap outside the popover dismisses the sheet and runs the Cancel handler."#,
            source:
                #"Decompiled `UIAlertController.m`: `__shouldInvokeCancelActionOnDimmingViewTap = 1`, `_dismissFromPopoverDimmingView`. Observed: "No Cancel Button on iPad… omitted by default on iPad" (EddyVerbruggen/cordova-plugin-actionsheet#71)"#
        ),
        Rule(
            id: "modal.dismiss-button-required", kinds: [.static], severity: .error, severityNote: nil,
            section: #"3.1 Modal views in general (sheets, full screen, current context)"#,
            check:
                #"The root screen of every custom modal must show a control that exits it: Done, Cancel, Close, or an equivalent icon with an accessibility label. This covers `pageSheet`, `formSheet`, `automatic`, `fullScreen`, `overFullScreen`, the current-context styles, and modal popovers. A missing control fails the lint, including on sheets, where the swipe gesture is not an accessible substitute."#,
            source:
                #"S0:L71 "Always include a button that dismisses the modal view… ensures that the modal view is accessible to assistive technologies and provides an alternative to dismissal gestures." S1:L15 "Provide an obvious and safe way to exit a modal task." H-Modality: "Always give people an obvious way to dismiss a modal view.""#
        ),
        Rule(
            id: "fullscreen.button-dismiss-only", kinds: [.runtime], severity: .info, severityNote: nil,
            section: #"3.1 Modal views in general (sheets, full screen, current context)"#,
            check:
                #"`fullScreen`, `overFullScreen` and the current-context styles have no dismissal gesture: a swipe down does nothing, and only a button closes them. Together with `modal.dismiss-button-required`, a full-screen modal with no button would trap the user."#,
            source:
                #"S0:L47 "People dismiss a full-screen modal view by tapping a button." S3:L32 "只能通过点击按钮关闭全屏模态视图" (a full-screen modal can be closed only by tapping a button)"#
        ),
        Rule(
            id: "modal.data-loss-confirm", kinds: [.runtime], severity: .warning, severityNote: nil,
            section: #"3.1 Modal views in general (sheets, full screen, current context)"#,
            check:
                #"If a modal holds dirty user-generated content (the definition marks fields `userContent:true` and the state is dirty), every dismissal path must be intercepted. A swipe must rubber-band (`isModalInPresentation=true`) and then show an action sheet with Save, Discard and Keep Editing. A Cancel tap must show the same action sheet. Test: dirty plus a swipe leaves the sheet up and shows the action sheet; clean plus a swipe dismisses."#,
            source:
                #"S0:L81 "Regardless of whether people use a dismiss gesture or a button… present an action sheet that explains the situation and gives people ways to resolve it." H-Sheets: "If people have unsaved changes in the sheet when they begin swiping to dismiss it, use an action sheet to let them confirm their action." U-isModalInPresentation; U-didAttemptToDismiss: "Notifies the delegate that a user-initiated attempt to dismiss a view was prevented.""#
        ),
        Rule(
            id: "modal.title", kinds: [.static], severity: .warning, severityNote: nil,
            section: #"3.1 Modal views in general (sheets, full screen, current context)"#,
            check: #"The modal's root screen has no navigation-bar title and no heading naming the task."#,
            source:
                #"S0:L89 "In general, display a title that identifies the modal task." S1:L23 "…if appropriate." H-Modality: "Make it easy to identify a modal view's task.""#
        ),
        Rule(
            id: "modal.single-path", kinds: [.static], severity: .warning, severityNote: nil,
            section: #"3.1 Modal views in general (sheets, full screen, current context)"#,
            check:
                #"In the navigation graph inside a modal, warn if any screen has two or more forward (push) destinations, if there is a cycle, or if the depth exceeds 3 (configurable; "an app within your app")."#,
            source:
                #"S0:L67 "Avoid creating an app within your app… If a modal task must contain subviews, provide a single path through the hierarchy and a clear path to completion." S1:L19; H-Modality"#
        ),
        Rule(
            id: "modal.done-only-completes", kinds: [.static], severity: .warning, severityNote: nil,
            section: #"3.1 Modal views in general (sheets, full screen, current context)"#,
            check:
                #"A control titled "Done" whose action does anything other than complete and close the modal task (for example, pushing a screen)."#,
            source:
                #"S0:L67 "Avoid using a Done button for anything other than completing the task." H-Modality: "avoid including buttons that people might mistake for the button that dismisses the modal view.""#
        ),
        Rule(
            id: "sheet.done-needs-alternative", kinds: [.static], severity: .warning, severityNote: nil,
            section: #"3.1 Modal views in general (sheets, full screen, current context)"#,
            check:
                #"Warn if a sheet screen has Done but neither Cancel nor Back, or if Cancel, Done and Back all appear on one screen."#,
            source:
                #"H-Sheets (2026): "If you provide a Done button, always pair it with a Cancel button… or a Back button… Avoid showing all three buttons — Cancel, Done, and Back — together.""#
        ),
        Rule(
            id: "sheet.button-placement", kinds: [.static], severity: .warning, severityNote: nil,
            section: #"3.1 Modal views in general (sheets, full screen, current context)"#,
            check:
                #"In a single-view sheet, Cancel sits on the leading edge of the top toolbar and Done on the trailing edge."#,
            source:
                #"H-Sheets: "for sheets with a single view, the Cancel button belongs on the leading edge of the top toolbar. When present, the Done button belongs on the trailing edge.""#
        ),
        Rule(
            id: "modal.appearance-consistent", kinds: [.static], severity: .info, severityNote: nil,
            section: #"3.1 Modal views in general (sheets, full screen, current context)"#,
            check: #"A modal's navigation bar uses the same appearance tokens as the app's navigation bar."#,
            source: #"S0:L93; S1:L39; S2 (the iPhone modal bar should match the app)"#),
        Rule(
            id: "modal.transition-consistent", kinds: [.static], severity: .warning, severityNote: nil,
            section: #"3.1 Modal views in general (sheets, full screen, current context)"#,
            check: #"The app uses more than one `modalTransitionStyle` among custom modals of the same kind."#,
            source:
                #"S0:L97 "Use consistent modal transition styles throughout your app." S2:L462 "在没有充分理由支持的情况下，最好不要改变这些默认的过渡方式" (without good reason, better not to change the default transitions)"#
        ),
        Rule(
            id: "modal.style-fit", kinds: [.static], severity: .info, severityNote: nil,
            section: #"3.1 Modal views in general (sheets, full screen, current context)"#,
            check:
                #"Use a sheet for simple, non-immersive tasks and `fullScreen` for immersive or complex ones. A `fullScreen` modal tagged `task:simple`, or a sheet tagged `task:immersive` or `task:multistep`, gets a hint."#,
            source:
                #"S0:L39 "Use a sheet for nonimmersive modal content that doesn't enable a complex task." S0 (same section): "Use a full-screen modal view for immersive content… or a complex task." H-Sheets: "For complex or prolonged user flows, consider alternatives to sheets.""#
        ),
        Rule(
            id: "modal.ipad-prefer-sheets", kinds: [.static], severity: .info, severityNote: nil,
            section: #"3.1 Modal views in general (sheets, full screen, current context)"#,
            check:
                #"A custom modal in an iPad target that uses neither `pageSheet` nor `formSheet`, and is not tagged immersive, gets a hint."#,
            source: #"H-Sheets: "Prefer using the page or form sheet presentation styles in an iPadOS app.""#),
        Rule(
            id: "modal.style-none", kinds: [.static], severity: .error, severityNote: nil,
            section: #"3.1 Modal views in general (sheets, full screen, current context)"#,
            check: #"`modalPresentationStyle: none` used for a presentation is rejected."#,
            source: #"U-MPS.none: "Do not use this style to present a view controller.""#),
        Rule(
            id: "modal.when-beneficial", kinds: [.static], severity: .info, severityNote: nil,
            section: #"3.1 Modal views in general (sheets, full screen, current context)"#,
            check:
                #"Hint on modals that are not tied to a choice, a task, or critical information (for example, a modal that merely shows static text)."#,
            source:
                #"S0: "Use modality when it makes sense." S1:L7 "Minimize the use of modality." H-Modality: "Present content modally only when there's a clear benefit.""#
        ),
        Rule(
            id: "currentcontext.declare-compact", kinds: [.static], severity: .warning, severityNote: nil,
            section: #"3.1 Modal views in general (sheets, full screen, current context)"#,
            check:
                #"A `currentContext` or `overCurrentContext` presentation in a target with any wC environment (iPhone, or iPad multitasking) and no `compactAdaptation` declared: warn that UIKit would go `fullScreen`, where the HIG wants a sheet."#,
            source: #"S0:L55 (quoted under currentcontext.compact-adapts); VCPG"#),
        Rule(
            id: "sheet.swipe-dismiss", kinds: [.runtime], severity: .info, severityNote: nil,
            section: #"3.2 Sheets (card, page, form, detents)"#,
            check:
                #"A card sheet dismisses on a downward pan that starts on the grabber or navigation bar ("from the top"), or anywhere in the sheet when its scroll view is at the top, as long as the pan ends with enough travel or velocity. While `isModalInPresentation` is true the sheet rubber-bands instead and `didAttemptToDismiss` fires, which is where `modal.data-loss-confirm` takes over."#,
            source:
                #"S0:L32 "Swiping down from the top of the screen; Swiping down from anywhere on the screen when card content is scrolled to the top; Tapping a button." T-WWDC19-224: "We will place a gesture recognizer on your entire presented view, so pulling down in any noninteractive area will trigger a pulldown on a Sheet"; "DidAttemptToDismiss is only called if isModalInPresentation is true and the user pulls and releases with the intent to dismiss.""#
        ),
        Rule(
            id: "sheet.swipe-supported", kinds: [.static], severity: .warning, severityNote: nil,
            section: #"3.2 Sheets (card, page, form, detents)"#,
            check:
                #"A sheet with `isModalInPresentation=true` set unconditionally, rather than only while its content is dirty."#,
            source:
                #"H-Sheets: "Support swiping to dismiss a sheet. People expect to swipe vertically to dismiss a sheet instead of tapping a dismiss button.""#
        ),
        Rule(
            id: "sheet.no-scrim-dismiss", kinds: [.runtime], severity: .info, severityNote: nil,
            section: #"3.2 Sheets (card, page, form, detents)"#,
            check:
                #"A tap on the dimmed area does not dismiss a sheet. Unverified: whether a tap on the scrim dismisses a page or form sheet on iPad. The server makes it a flag, off by default."#,
            source:
                #"U-Sheet.largestUndimmedDetentIdentifier: "the system adds a noninteractive dimming view underneath the sheet""#
        ),
        Rule(
            id: "sheet.undimmed-nonmodal", kinds: [.runtime], severity: .info, severityNote: nil,
            section: #"3.2 Sheets (card, page, form, detents)"#,
            check:
                #"At detents up to and including `largestUndimmedDetentIdentifier`, the background is interactive (a nonmodal sheet). A presentation triggered from the background while the sheet is up falls under `stack.present-from-top`: the server refuses it unless it targets the sheet, or unless the definition dismisses the sheet first."#,
            source:
                #"U-Sheet.largestUndimmedDetentIdentifier: "Without a dimming view, the undimmed area around the sheet responds to user interaction, allowing for a nonmodal experience.""#
        ),
        Rule(
            id: "sheet.detents-nonempty", kinds: [.static], severity: .error, severityNote: nil,
            section: #"3.2 Sheets (card, page, form, detents)"#,
            check: #"A declared `detents` array must not be empty."#,
            source: #"U-Sheet.detents: "This array must contain at least one element.""#),
        Rule(
            id: "sheet.detents-order", kinds: [.static, .adapt], severity: .warning, severityNote: nil,
            section: #"3.2 Sheets (card, page, form, detents)"#,
            check: #"Detents that are not in ascending height order get a warning, and the server sorts them."#,
            source: #"U-Sheet.detents: "specify detents in order from smallest to largest height.""#),
        Rule(
            id: "sheet.detent-ids", kinds: [.static], severity: .warning, severityNote: nil,
            section: #"3.2 Sheets (card, page, form, detents)"#,
            check:
                #"Custom detents need unique identifiers. `selectedDetentIdentifier` and `largestUndimmedDetentIdentifier` must name a declared detent; when `selectedDetentIdentifier` is nil, the sheet opens at the smallest detent."#,
            source:
                #"U-Sheet.Detent.custom: "Specify a unique identifier for each custom detent." U-Sheet.selectedDetentIdentifier: "nil… the sheet displays at the smallest detent." T-WWDC23-10161 (the undimmed detent must be one of the sheet's detents)"#
        ),
        Rule(
            id: "sheet.grabber-when-resizable", kinds: [.static], severity: .warning, severityNote: nil,
            section: #"3.2 Sheets (card, page, form, detents)"#,
            check:
                #"A sheet with two or more detents and `prefersGrabberVisible=false`. The grabber is also recommended when swipe dismissal is disabled."#,
            source:
                #"H-Sheets: "Include a grabber in a resizable sheet." U-Sheet.prefersGrabberVisible: "Showing a grabber may be useful when it isn't apparent that a sheet can resize or when the sheet can't dismiss interactively.""#
        ),
        Rule(
            id: "sheet.grabber-behaviour", kinds: [.adapt], severity: .info, severityNote: nil,
            section: #"3.2 Sheets (card, page, form, detents)"#,
            check:
                #"Dragging the grabber resizes the sheet between detents, and tapping it cycles through them. Scrolling up at the top of the content grows the sheet to the next detent before the content scrolls (`prefersScrollingExpandsWhenScrolledToEdge`, default true)."#,
            source:
                #"H-Sheets: "they can also tap it to cycle through the detents"; U-Sheet.prefersScrollingExpandsWhenScrolledToEdge"#
        ),
        Rule(
            id: "sheet.medium-for-iphone", kinds: [.static], severity: .info, severityNote: nil,
            section: #"3.2 Sheets (card, page, form, detents)"#,
            check:
                #"Consider the medium detent on iPhone for progressive disclosure; do not use it for compose-type sheets."#,
            source:
                #"H-Sheets: "In an iPhone app, consider supporting the medium detent… you might not want to support the medium detent if a sheet's content is more useful when it displays at full height.""#
        ),
        Rule(
            id: "popover.anchor-required", kinds: [.static, .runtime], severity: .error, severityNote: nil,
            section: #"3.3 Popovers"#,
            check:
                #"Any presentation that resolves to a popover must have exactly one anchor: `barButtonItem`, `sourceItem`, or `sourceView` (with an optional `sourceRect`). This includes action sheets and activity views in wR. Statically, any target that can be wR requires an anchor. At runtime, a missing anchor in wR is refused."#,
            source:
                #"X (NSGenericException): "UIPopoverPresentationController (…) should have a non-nil sourceView or barButtonItem set before the presentation occurs." VCPG: "Set only one of the following: barButtonItem… sourceView and sourceRect.""#
        ),
        Rule(
            id: "popover.avoid-compact", kinds: [.static], severity: .warning, severityNote: nil,
            section: #"3.3 Popovers"#,
            check:
                #"A definition that forces a popover in wC (an adaptive style of `none`, as in "AlwaysPresentAsPopover")."#,
            source:
                #"S0:L239 "Avoid displaying popovers on iPhones… In iPhone apps… full-screen modal view." H-Popovers: "Avoid displaying popovers in compact views… use… a full-screen modal view like a sheet.""#
        ),
        Rule(
            id: "popover.compact-dismiss-button", kinds: [.static], severity: .warning, severityNote: nil,
            section: #"3.3 Popovers"#,
            check:
                #"Popover content that can be shown adapted (any wC target) has no Done, Cancel or Close control. This is an error when `targetOS` is 12 or lower, because the full-screen adaptation has no gesture."#,
            source:
                #"VCPG: "In full-screen mode, you need a way to dismiss a presented popover. You can do that by adding a button…""#
        ),
        Rule(
            id: "popover.modal-needs-button", kinds: [.static], severity: .error, severityNote: nil,
            section: #"3.3 Popovers"#,
            check: #"A popover marked modal (`isModalInPresentation`) must contain a Cancel or Done control."#,
            source: #"S0:L231 "A modal popover is dismissed by tapping a Cancel or other button on the popover.""#),
        Rule(
            id: "popover.tap-outside-dismiss", kinds: [.adapt], severity: .info, severityNote: nil,
            section: #"3.3 Popovers"#,
            check:
                #"A nonmodal popover closes on a tap outside it (except on `passthroughViews`) and on selecting an item. A popover declared `multiSelect:true` stays open until an explicit dismissal or an outside tap."#,
            source:
                #"S0:L243 "In most cases, a popover should close when someone taps outside of its bounds or selects an item in the popover. If multiple selections can be made, the popover should remain open…" U-MPS.popover"#
        ),
        Rule(
            id: "popover.save-on-auto-dismiss", kinds: [.static], severity: .error, severityNote: nil,
            section: #"3.3 Popovers"#,
            check:
                #"A popover with editable fields whose outside-tap handler is `discard` fails the lint; an outside tap must commit. Only an explicit Cancel may discard."#,
            source:
                #"S0:L247 and H-Popovers: "Always save work when automatically closing a nonmodal popover… Discard work only when someone taps an explicit Cancel button.""#
        ),
        Rule(
            id: "popover.close-button-purpose", kinds: [.static], severity: .info, severityNote: nil,
            section: #"3.3 Popovers"#,
            check: #"A Close, Cancel or Done control in a popover that has no editable state is probably unnecessary."#,
            source: #"S0:L243 "Use a Close button for confirmation and guidance only.""#),
        Rule(
            id: "popover.not-cover-source", kinds: [.runtime], severity: .warning, severityNote: nil,
            section: #"3.3 Popovers"#,
            check:
                #"The computed popover frame intersects the anchor's frame, or the arrow cannot point at the anchor."#,
            source:
                #"S0:L251 "A popover's arrow should point as directly as possible to the element that revealed it… A popover also shouldn't cover the element that was tapped." H-Popovers: "Ideally, a popover doesn't cover the element that revealed it or any essential content.""#
        ),
        Rule(
            id: "popover.not-fullscreen-size", kinds: [.static, .adapt], severity: .warning, severityNote: nil,
            section: #"3.3 Popovers"#,
            check:
                #"Warn if `preferredContentSize` is at least 90% of the container's width or height (threshold configurable). The server then clamps the popover to fit."#,
            source:
                #"S0:L267 "A popover shouldn't take over the entire screen… the system might adjust the size of a popover." H-Popovers: "Make a popover only big enough…""#
        ),
        Rule(
            id: "popover.no-warnings", kinds: [.static], severity: .warning, severityNote: nil,
            section: #"3.3 Popovers"#,
            check: #"A popover whose content has role `warning` or `error`; use an alert."#,
            source: #"H-Popovers: "Avoid using a popover to show a warning… use an alert instead.""#),
        Rule(
            id: "popover.resize-animated", kinds: [.runtime], severity: .info, severityNote: nil,
            section: #"3.3 Popovers"#,
            check: #"A change to a popover's size animates rather than jumping."#,
            source: #"S0:L275 "Provide a smooth transition when changing the size of a popover.""#),
        Rule(
            id: "popover.looks-like-popover", kinds: [.static], severity: .info, severityNote: nil,
            section: #"3.3 Popovers"#,
            check: #"Custom popover chrome (no arrow, no rounded corners) gets a hint."#,
            source: #"S0:L271 "Make sure custom popovers look like popovers.""#),
        Rule(
            id: "alert.title-required", kinds: [.static], severity: .error, severityNote: nil,
            section: #"3.4 Alerts"#,
            check: #"The alert title is empty or missing. UIKit would accept a nil title; this is HIG-driven."#,
            source:
                #"S2:L361 "警告框：• 必须包含标题" (an alert must include a title). S0:L167 "An alert consists of a title, an optional message, one or more buttons…" H-Alerts: "alerts display a title…""#
        ),
        Rule(
            id: "alert.title-informative", kinds: [.static], severity: .warning, severityNote: nil,
            section: #"3.4 Alerts"#,
            check:
                #"The title is a single word, matches `^(Error|Warning|Alert|Oops)[.!]?$`, or matches `/error\s*\d+/i`."#,
            source:
                #"S0:L185 "Write short, descriptive, multiword alert titles… single-word titles rarely provide useful information." H-Alerts: "Avoid writing a title that doesn't convey useful information — like 'Error' or 'Error 329347 occurred'.""#
        ),
        Rule(
            id: "alert.title-one-line", kinds: [.static], severity: .warning, severityNote: nil,
            section: #"3.4 Alerts"#,
            check: #"The title wraps to more than one line at 230 pt width in 17 pt SF Pro Text Semibold."#,
            source:
                #"S0:L185 "Whenever possible, keep titles to a single line." S2:L375 "保证标题足够简短，最好在一行之内" (keep the title short, ideally on one line)"#
        ),
        Rule(
            id: "alert.title-max-two-lines", kinds: [.static], severity: .warning, severityNote: nil,
            section: #"3.4 Alerts"#,
            check:
                #"The title wraps to three or more lines. This is the stronger message of the two title-length rules."#,
            source: #"H-Alerts: "avoid overly long titles that wrap to more than two lines.""#),
        Rule(
            id: "alert.title-case-punct", kinds: [.static], severity: .warning, severityNote: nil,
            section: #"3.4 Alerts"#,
            check:
                #"If the title ends in `.`, `?` or `!`, it must use sentence case. Otherwise it is treated as a fragment: title case, no ending punctuation. Title case capitalizes the first and last words and every word except articles, coordinating conjunctions and prepositions of four or fewer letters."#,
            source:
                #"S0:L185; H-Alerts: "If the title is a complete sentence, use sentence-style capitalization and appropriate ending punctuation. If the title is a sentence fragment, use title-style capitalization, and don't add ending punctuation.""#
        ),
        Rule(
            id: "alert.message-sentence", kinds: [.static], severity: .warning, severityNote: nil,
            section: #"3.4 Alerts"#,
            check: #"If there is a message, every sentence ends in `.`, `?` or `!` and uses sentence case."#,
            source:
                #"S0:L189 "write short, complete sentences… Use sentence-style capitalization and appropriate punctuation." H-Alerts: "using complete sentences, sentence-style capitalization, and appropriate punctuation.""#
        ),
        Rule(
            id: "alert.message-length", kinds: [.static], severity: .warning, severityNote: nil,
            section: #"3.4 Alerts"#,
            check: #"The message is longer than 2 lines at 230 pt in 13 pt Regular."#,
            source:
                #"S0:L189 "Try to keep messages short enough to fit on one or two lines to prevent scrolling." S2:L387 "尽量保证句子在1到2行之间" (keep it to 1–2 lines). S3:L75"#
        ),
        Rule(
            id: "alert.message-only-if-needed", kinds: [.static], severity: .info, severityNote: nil,
            section: #"3.4 Alerts"#,
            check: #"The message merely restates the title (token overlap of 80% or more)."#,
            source:
                #"H-Alerts: "Include informative text only if it adds value." S0:L185 "Try to craft a title that avoids adding extra text as a message.""#
        ),
        Rule(
            id: "alert.no-scroll", kinds: [.static], severity: .warning, severityNote: nil,
            section: #"3.4 Alerts"#,
            check:
                #"The computed alert height exceeds the usable height in portrait or in landscape: 20 + 22 per title line + 2 + 18 per message line + 20 + 30 per text field + 44 per row of buttons, in points, against the window's height less its safe area, 2 × 16 pt and the keyboard when it is up. Test both orientations, and the keyboard-up state when the alert has text fields."#,
            source:
                #"S0:L175 "Test the appearance of alerts in both orientations… reads well in any orientation without scrolling." S2:L394. H-Alerts: "When possible, avoid displaying an alert that scrolls.""#
        ),
        Rule(
            id: "alert.button-count", kinds: [.static], severity: .error, severityNote: #"info / warning / error"#,
            section: #"3.4 Alerts"#,
            check:
                #"1 button: info (it can only inform). 2 buttons: no finding. 3 buttons: warning, suggesting an action sheet. 4 or more: error. The guidelines' maximum differs (two; generally two; up to three): four or more exceeds them all and is likely to scroll."#,
            source:
                #"S0:L205 "Generally, use two-button alerts… Alerts with three or more buttons create complexity and can require scrolling… consider using an action sheet instead." S2:L396 "多于两个按钮的警告框太过复杂，应该尽可能地避免使用" (alerts with more than two buttons are too complex; avoid them). H-Alerts: "alerts display… up to three buttons… Prefer a two-button alert." S3:L95"#
        ),
        Rule(
            id: "alert.button-layout", kinds: [.adapt], severity: .info, severityNote: nil,
            section: #"3.4 Alerts"#,
            check:
                #"Two buttons sit side by side (each about 135 pt wide) if both titles fit in one line. Otherwise, and always with three or more buttons, they are stacked with the most likely choice on top and Cancel at the bottom."#,
            source:
                #"H-Alerts-2021: "An alert that contains more than two buttons displays them in a stack, with the most likely button at the top and the Cancel button at the bottom." H-Alerts: "Cancel… at the bottom of a stack." T-Flutter `_shouldLayoutActionsVertical(count > 2)`"#
        ),
        Rule(
            id: "alert.cancel-left", kinds: [.adapt, .static], severity: .warning, severityNote: nil,
            section: #"3.4 Alerts"#,
            check:
                #"Renders a two-button alert with the Cancel-style action on the leading side (left in left-to-right languages) and the other button on the trailing side, whatever the declared order. The lint warns if a button titled "Cancel" is not Cancel style, or if the definition places the likely action on the leading side. The iOS 7 guidelines put Cancel on the right beside a destructive button; the current guidelines and UIKit put it on the leading side, as here."#,
            source:
                #"S0:L213 "In general, buttons people are most likely to tap should be on the right. Cancel buttons should always be on the left." H-Alerts: "place the button people are most likely to choose on the trailing side… Cancel buttons are typically on the leading side of a row or at the bottom of a stack." S3:L103"#
        ),
        Rule(
            id: "alert.one-cancel", kinds: [.static], severity: .error, severityNote: nil,
            section: #"3.4 Alerts"#,
            check: #"An alert or action sheet has more than one Cancel-style action."#,
            source:
                #"X (NSInternalInconsistencyException): "UIAlertController can only have one action with a style of UIAlertActionStyleCancel""#
        ),
        Rule(
            id: "alert.cancel-label", kinds: [.static], severity: .warning, severityNote: nil,
            section: #"3.4 Alerts"#,
            check: #"The Cancel-style action's title is not "Cancel" (or its localization)."#,
            source:
                #"S0:L217 "A button that cancels an alert's action should always be labeled Cancel." H-Alerts: "Always use the title 'Cancel'…""#
        ),
        Rule(
            id: "alert.destructive-cancel", kinds: [.static], severity: .warning, severityNote: nil,
            section: #"3.4 Alerts"#,
            check: #"An alert with a destructive-style action has no Cancel-style action."#,
            source:
                #"S0:L221 "Additionally, provide a Cancel button so people can safely opt out of the destructive action." H-Alerts: "If there's a destructive action, include a Cancel button to give people a clear, safe way to avoid the action.""#
        ),
        Rule(
            id: "alert.destructive-style", kinds: [.static], severity: .warning, severityNote: nil,
            section: #"3.4 Alerts"#,
            check:
                #"An action titled with a destructive verb (Delete, Remove, Erase, Discard, Reset, Clear, Empty, Sign Out, Revoke) is not destructive style. The alert is exempt when it is flagged `confirmsDeliberateAction:true`, that is, when it confirms a destructive command the user chose. The exemption follows the current guidelines, which keep the style for actions people didn't deliberately choose."#,
            source:
                #"S0:L221 "set the button's style to Destructive." H-Alerts (2024): "Use the destructive style to identify a button that performs a destructive action people didn't deliberately choose.""#
        ),
        Rule(
            id: "alert.default-button", kinds: [.static, .adapt], severity: .warning, severityNote: nil,
            section: #"3.4 Alerts"#,
            check:
                #"Warn if `preferredAction` is a destructive action. Otherwise the server renders as UIKit does: `preferredAction` is bold and bound to Return; with no `preferredAction`, one enabled action plus Cancel makes Cancel the Return target, and Cancel is drawn bold. The guidelines have changed their advice on a bold Cancel over the years; ModalLab draws what UIKit draws and does not require a preferred Cancel."#,
            source:
                #"S0:L221 "Make the Cancel button bold by marking it as the default button." H-Alerts (2024): "you don't want to make a Cancel button the default button… avoid making any button the default button." Decompiled `-[UIAlertController _actionForReturnKey]`"#
        ),
        Rule(
            id: "alert.preferred-action-member", kinds: [.static], severity: .error, severityNote: nil,
            section: #"3.4 Alerts"#,
            check: #"`preferredAction` names an action that is not in the alert's actions."#,
            source:
                #"X: "The -preferredAction of an alert controller must be contained in the -actions array or be nil.""#),
        Rule(
            id: "alert.button-title-words", kinds: [.static], severity: .warning, severityNote: nil,
            section: #"3.4 Alerts"#,
            check: #"A button title has more than 2 words, or it does not fit in one line of its button at 17 pt: 110 pt of text for each of two side-by-side buttons, 230 pt for a stacked button."#,
            source:
                #"S0:L209 "The best button titles consist of one or two words that describe the result of selecting the button." H-Alerts: "Aim for a one- or two-word title.""#
        ),
        Rule(
            id: "alert.avoid-yes-no", kinds: [.static], severity: .warning, severityNote: nil,
            section: #"3.4 Alerts"#,
            check: #"A button title is "Yes" or "No" (case-insensitive, also localized equivalents)."#,
            source: #"S0:L209 "Avoid using Yes and No." S2:L411. H-Alerts"#),
        Rule(
            id: "alert.ok-informational-only", kinds: [.static], severity: .warning, severityNote: nil,
            section: #"3.4 Alerts"#,
            check:
                #""OK" is a title in an alert that has two or more non-Cancel actions, a destructive action, or a text field, or "OK" is the preferred action of a confirmation."#,
            source:
                #"S0:L209 "Use OK for simple acceptance." H-Alerts: "Avoid using OK as the default button title unless the alert is purely informational.""#
        ),
        Rule(
            id: "alert.avoid-explaining-buttons", kinds: [.static], severity: .info, severityNote: nil,
            section: #"3.4 Alerts"#,
            check:
                #"The message mentions a button title. If it does, it must use the verb "tap" or "choose", must not put the title in quotes, and must keep the title's capitalization. Flag "click", "touch" and "press". Older guidelines ask for "tap", the current ones for a term like "choose": both are accepted."#,
            source:
                #"S0:L197 "use the word tap… don't enclose button titles in quotes." S2:L391 "确定使用轻击(tap)…不要用触摸(touch)、点击(click)或者选择(choose)" (use "tap", not touch, click or choose). H-Alerts: "use a term like choose… without quotes.""#
        ),
        Rule(
            id: "alert.avoid-pronouns", kinds: [.static], severity: .info, severityNote: nil,
            section: #"3.4 Alerts"#,
            check:
                #"The title or message contains "you", "your", "me" or "my". The current HIG has dropped this rule."#,
            source: #"S0:L193 "Avoid pronouns such as you, your, me, and my." S2:L383"#),
        Rule(
            id: "alert.tone", kinds: [.static], severity: .info, severityNote: nil,
            section: #"3.4 Alerts"#,
            check: #"Flag words from an accusatory-word list ("invalid", "illegal", "failed to", "you must")."#,
            source:
                #"S0:L193 "Avoid sounding accusatory, judgmental, or insulting." H-Alerts: "be direct, and use a neutral, approachable tone.""#
        ),
        Rule(
            id: "alert.textfield-if-needed", kinds: [.static], severity: .info, severityNote: nil,
            section: #"3.4 Alerts"#,
            check: #"A text field in an alert should be needed to resolve the situation."#,
            source: #"H-Alerts: "include a text field only if you need people's input to resolve the situation.""#),
        Rule(
            id: "alert.not-informational-only", kinds: [.static], severity: .info, severityNote: nil,
            section: #"3.4 Alerts"#,
            check: #"An alert whose only action is OK or Done, and that is not tagged `critical`, gets a hint."#,
            source: #"H-Alerts: "Avoid using an alert merely to provide information." S0:L171 "Minimize alerts.""#),
        Rule(
            id: "alert.not-for-undoable", kinds: [.static], severity: .info, severityNote: nil,
            section: #"3.4 Alerts"#,
            check: #"An alert that confirms an action tagged `undoable` gets a hint."#,
            source: #"H-Alerts: "Avoid displaying alerts for common, undoable actions, even when they're destructive.""#
        ),
        Rule(
            id: "alert.vs-actionsheet", kinds: [.static], severity: .info, severityNote: nil,
            section: #"3.4 Alerts"#,
            check:
                #"An alert with two or more non-Cancel choices, triggered by a user action, gets a hint to use an action sheet."#,
            source:
                #"H-Alerts: "Use an action sheet — not an alert — to offer choices related to an intentional action.""#),
        Rule(
            id: "alert.home-cancels", kinds: [.adapt], severity: .info, severityNote: nil,
            section: #"3.4 Alerts"#,
            check:
                #"The prototype's "exit to Home" or app-background event dismisses a visible alert and runs its Cancel handler, or the declared `onExit` if the alert has no Cancel action. With a hardware keyboard, Esc or Cmd-. cancels and Return runs the default action."#,
            source:
                #"S0:L225 "Accessing the Home screen while an alert is visible exits the app. It should also produce the same effect as tapping the Cancel button… consider implementing a cancel action… when someone exits your app." S2:L405. H-Alerts: the table of cancel methods"#
        ),
        Rule(
            id: "alert.no-tap-outside", kinds: [.adapt], severity: .info, severityNote: nil,
            section: #"3.4 Alerts"#,
            check: #"A tap outside an alert is ignored; only its buttons, or the cancel events above, dismiss it."#,
            source: #"S0: "requires a tap to dismiss"; UIKit behaviour (not in the documentation)."#),
        Rule(
            id: "actionsheet.anchor-required", kinds: [.static, .runtime], severity: .error, severityNote: nil,
            section: #"3.5 Action sheets"#,
            check: #"An action sheet that can be shown in wR has no `sourceView`/`sourceRect` and no `barButtonItem`."#,
            source:
                #"X (NSGenericException): "Your application has presented a UIAlertController… of style UIAlertControllerStyleActionSheet. The modalPresentationStyle of a UIAlertController with this style is UIModalPresentationPopover. You must provide location information for this popover… You must provide either a sourceView and sourceRect or a barButtonItem.""#
        ),
        Rule(
            id: "actionsheet.no-textfield", kinds: [.static], severity: .error, severityNote: nil,
            section: #"3.5 Action sheets"#,
            check: #"The action sheet contains a text field."#,
            source:
                #"X (NSInternalInconsistencyException): "Text fields can only be added to an alert controller of style UIAlertControllerStyleAlert""#
        ),
        Rule(
            id: "actionsheet.one-cancel", kinds: [.static], severity: .error, severityNote: nil,
            section: #"3.5 Action sheets"#,
            check: #"More than one Cancel-style action (same check as `alert.one-cancel`)."#,
            source: #"X (same message as `alert.one-cancel`)"#),
        Rule(
            id: "actionsheet.cancel-bottom", kinds: [.adapt, .static], severity: .info, severityNote: nil,
            section: #"3.5 Action sheets"#,
            check:
                #"The Cancel-style action is always rendered last, in its own group separated by 8 pt. The lint notes a Cancel declared elsewhere in the list."#,
            source:
                #"S0:L125 "Cancel buttons should always be included in action sheets at the bottom of the screen." H-ActionSheets: "Place the Cancel button at the bottom of the action sheet." S3:L113"#
        ),
        Rule(
            id: "actionsheet.cancel-when-destructive", kinds: [.static], severity: .warning, severityNote: nil,
            section: #"3.5 Action sheets"#,
            check:
                #"The action sheet has a destructive action and no Cancel action. Without a destructive action, a missing Cancel is info only. The guidelines disagree on whether Cancel is always needed; the current page asks for it where an action might destroy data."#,
            source:
                #"H-ActionSheets: "If necessary, provide a Cancel button that lets people reject an action that might destroy data." S0:L125 "Provide a Cancel button if it adds clarity.""#
        ),
        Rule(
            id: "actionsheet.destructive-top", kinds: [.static], severity: .warning, severityNote: nil,
            section: #"3.5 Action sheets"#,
            check:
                #"A destructive-style action is not among the first actions, that is, a non-destructive action comes before it."#,
            source:
                #"S0:L129 "display these buttons at the top of an action sheet." S2:L431 "在操作列表的顶部使用文字颜色为红色的按钮" (put red-text buttons at the top of the action sheet). H-ActionSheets: "place these buttons at the top of the action sheet.""#
        ),
        Rule(
            id: "actionsheet.destructive-style", kinds: [.static], severity: .warning, severityNote: nil,
            section: #"3.5 Action sheets"#,
            check: #"An action titled with a destructive verb is not destructive style."#,
            source:
                #"S0:L129 "Use red for buttons that perform destructive or dangerous actions." H-ActionSheets: "Use the destructive style…""#
        ),
        Rule(
            id: "actionsheet.no-scroll", kinds: [.static], severity: .warning, severityNote: nil,
            section: #"3.5 Action sheets"#,
            check:
                #"The computed height exceeds the usable height in the smallest declared device, in portrait and in landscape: 10 + the header + 57 per action + 8 + 57 for Cancel + the bottom safe area, in points, against the window's height less its top safe area."#,
            source: #"S0:L133; S2:L433; H-ActionSheets: "Avoid letting an action sheet scroll.""#),
        Rule(
            id: "actionsheet.title-one-line", kinds: [.static], severity: .warning, severityNote: nil,
            section: #"3.5 Action sheets"#,
            check: #"The title wraps to more than one line (13 pt Semibold, in the sheet's width less 2 × 16 pt; the sheet is the window's width less 2 × 8 pt, or a 304 pt popover)."#,
            source: #"H-ActionSheets: "Aim to keep titles short enough to display on a single line.""#),
        Rule(
            id: "actionsheet.message-if-necessary", kinds: [.static], severity: .info, severityNote: nil,
            section: #"3.5 Action sheets"#,
            check: #"A message is present although the title already explains the choice."#,
            source: #"H-ActionSheets: "Provide a message only if necessary.""#),
        Rule(
            id: "actionsheet.min-choices", kinds: [.static], severity: .warning, severityNote: nil,
            section: #"3.5 Action sheets"#,
            check: #"The action sheet has fewer than 2 actions in total."#,
            source:
                #"S0:L117 "presents a set of two or more choices." S2:L423 "包含两个或以上的按钮" (contains two or more buttons)"#
        ),
        Rule(
            id: "actionsheet.not-menu", kinds: [.static], severity: .info, severityNote: nil,
            section: #"3.5 Action sheets"#,
            check: #"A choice set the user reveals on purpose, with no pending action, is better served by a menu."#,
            source: #"H-ActionSheets: "Use an action sheet — not a menu — to provide choices related to an action.""#),
        Rule(
            id: "activity.anchor-required", kinds: [.static, .runtime], severity: .error, severityNote: nil,
            section: #"3.6 Activity views"#,
            check: #"An activity view that can be shown in wR has no anchor."#,
            source:
                #"X (NSGenericException): "Your application has presented a UIActivityViewController… In its current trait environment, the modalPresentationStyle… is UIModalPresentationPopover. You must provide location information…" (FileExplorer#29, TiSocial#172)"#
        ),
        Rule(
            id: "activity.template-size", kinds: [.static], severity: .warning, severityNote: nil,
            section: #"3.6 Activity views"#,
            check:
                #"A custom activity image is not about 70×70 px (accepted range 60–80 px, square, content centred), or it is not a template image (any pixel has colour saturation above a threshold, or the image has a drop shadow). An SF Symbol passes."#,
            source:
                #"S0:L147 "Use black and white with appropriate transparency and antialiasing, and don't include a drop shadow. Template images should be centered in an area measuring about 70px × 70px." H-Activity: "Consider using a symbol… If you need to create a custom interface icon, center it in an area measuring about 70x70 pixels.""#
        ),
        Rule(
            id: "activity.title-succinct", kinds: [.static], severity: .warning, severityNote: nil,
            section: #"3.6 Activity views"#,
            check:
                #"A custom activity title has more than 3 words, does not start with a verb, contains the company or app name (configurable list), or exceeds 2 lines in the icon cell (a cell 76 pt wide at 12 pt, an approximation)."#,
            source:
                #"S0:L151 "Short titles work best… iOS first shrinks the text and then… truncates it… avoid including your company or product name." H-Activity: "Prefer a single verb or a brief verb phrase… Avoid including your company or product name.""#
        ),
        Rule(
            id: "activity.no-duplicate-system", kinds: [.static], severity: .warning, severityNote: nil,
            section: #"3.6 Activity views"#,
            check:
                #"A custom activity duplicates a system activity (Print, Copy, Message, Mail, AirDrop, Save Image, Add to Reading List, Assign to Contact) without a distinguishing qualifier such as "Print Transaction"."#,
            source:
                #"S0:L143 "You don't need to create custom activities that perform these built-in tasks." H-Activity: "Avoid creating duplicate versions of common actions…""#
        ),
        Rule(
            id: "activity.system-first", kinds: [.adapt], severity: .info, severityNote: nil,
            section: #"3.6 Activity views"#,
            check:
                #"System activities are listed first, in a fixed order, and cannot be reordered. The definition can exclude them."#,
            source: #"S0:L143 "These tasks always appear first in activity views and can't be reordered." S0:L155"#),
        Rule(
            id: "activity.trigger-share-button", kinds: [.static], severity: .info, severityNote: nil,
            section: #"3.6 Activity views"#,
            check: #"An activity view opened from any control other than the Share (Action) button gets a hint."#,
            source:
                #"S0:L159 "Use the Action button to display an activity view." H-Activity: "Use the Share button to display an activity view.""#
        ),
        Rule(
            id: "transition.default-cover-vertical", kinds: [.adapt], severity: .info, severityNote: nil,
            section: #"3.7 Transitions"#,
            check:
                #"With no transition declared, the server uses `coverVertical`: the view slides up from the bottom edge and slides back down on dismissal."#,
            source:
                #"S0:L97 "The default transition vertically slides the modal view up from the bottom of the screen and back down when it's dismissed." S1:L55; S2:L459"#
        ),
        Rule(
            id: "transition.partialcurl-fullscreen-only", kinds: [.static], severity: .error, severityNote: nil,
            section: #"3.7 Transitions"#,
            check: #"`partialCurl` requires `fullScreen`, presented from a full-screen presenter."#,
            source:
                #"U-MTS.partialCurl: "supported only if the parent view controller is presenting a full-screen view and you use the fullScreen modal presentation style. Attempting to use a different form factor for the parent view or a different presentation style triggers an exception.""#
        ),
        Rule(
            id: "transition.partialcurl-terminal", kinds: [.runtime], severity: .error, severityNote: nil,
            section: #"3.7 Transitions"#,
            check: #"A screen presented with `partialCurl` may not present anything else."#,
            source:
                #"U-MTS.partialCurl: "A view controller presented using this transition is itself prevented from presenting any additional view controllers.""#
        ),
        Rule(
            id: "transition.popover-context-cover-vertical", kinds: [.static], severity: .error, severityNote: nil,
            section: #"3.7 Transitions"#,
            check:
                #"A `currentContext` or `overCurrentContext` presentation inside a popover must use `coverVertical`. Outside a popover any transition except `partialCurl` is allowed."#,
            source:
                #"U-MPS.currentContext and U-MPS.overCurrentContext: "When presenting a view controller in a popover, this presentation style is supported only if the transition style is coverVertical. Attempting to use a different transition style triggers an exception. However, you may use other transition styles (except the partial curl transition) if the parent view controller is not in a popover.""#
        ),
        Rule(
            id: "transition.sheet-cover-vertical", kinds: [.static], severity: .warning, severityNote: nil,
            section: #"3.7 Transitions"#,
            check:
                #"A sheet style (`pageSheet`, `formSheet`, `automatic`) declared with `flipHorizontal` or `crossDissolve`. Card-sheet gestures assume a vertical slide; UIKit's exact behaviour here is unverified."#,
            source: #"Inference from S0:L28–35 and H-Sheets"#),
        Rule(
            id: "transition.system-owned", kinds: [.adapt], severity: .info, severityNote: nil,
            section: #"3.7 Transitions"#,
            check:
                #"Alerts, action sheets, popovers and activity views ignore `modalTransitionStyle`. The system animates them: alerts fade and scale in, popovers fade, and a compact action sheet slides up."#,
            source:
                #"Decompiled `UIAlertController` init installs its own transitioning delegate (`setTransitioningDelegate:_ownedTransitioningDelegate`); S0:L117"#
        ),
        Rule(
            id: "transition.non-default-justified", kinds: [.static], severity: .info, severityNote: nil,
            section: #"3.7 Transitions"#,
            check:
                #"Any transition other than `coverVertical` requires a `rationale` field. `partialCurl` is a legacy style that the HIG no longer mentions (after iOS 7 its HIG lists only Vertical and Flip)."#,
            source:
                #"S2:L462 "如果你要改变当前的过渡动画样式，请确保这种改变对于用户而言是有用而且有意义的" (if you change the transition, make sure the change is useful and meaningful to people)"#
        ),
        Rule(
            id: "button.title-case", kinds: [.static], severity: .warning, severityNote: nil,
            section: #"3.8 Button and text conventions (all presentations)"#,
            check:
                #"Button titles (in alerts, action sheets, and modal navigation bars) use title case and no ending punctuation (`.`, `!`, `:`). Title case capitalizes the first and last words and every word except articles (a, an, the), coordinating conjunctions (and, but, for, nor, or, so, yet) and prepositions of four or fewer letters."#,
            source:
                #"S0:L209 "As with all button titles, use title-style capitalization and no ending punctuation." S2:L319 (system button rules)"#
        ),
        Rule(
            id: "button.verb", kinds: [.static], severity: .info, severityNote: nil,
            section: #"3.8 Button and text conventions (all presentations)"#,
            check: #"A button title should start with a verb, except OK, Cancel, Done and Close."#,
            source:
                #"S0:L209 "use verbs and verb phrases that relate directly to the alert title and message — for example, View All, Reply, or Ignore." S2:L319"#
        ),
        // ModalLab's own row (issue 12), beyond the rows above.
        Rule(
            id: "text.control-character", kinds: [.static], severity: .warning, severityNote: nil,
            section: #"3.8 Button and text conventions (all presentations)"#,
            check:
                #"A text people see or hear (a name, title, message, label, placeholder, value, list row, segment, action or activity title) contains a control character (Unicode general category Cc) other than a line break (LF, CR). TAB counts: UIKit lays it out as a tab stop, HTML as a space."#,
            source:
                #"CSS Text Module Level 3, section 4.1 "White Space Processing": "Control characters (Unicode category Cc)—other than tabs (U+0009), line feeds (U+000A), carriage returns (U+000D) and sequences that form a segment break—must be rendered as a visible glyph"; HTML Living Standard, parse error "control-character-in-input-stream"; TextKit's NSLayoutManager.ControlCharacterAction.zeroAdvancement "removes the glyph from layout""#
        ),
    ]
}
