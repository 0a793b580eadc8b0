import EventSchema
import JSON
import Prototype

extension Transaction {
    /// Presents modal `id` from the top layer, applying the stack rules of docs/rules.md, the
    /// adaptation rules and the transition constraints (docs/rules.md). Refusals, in order:
    /// `modal.style-none`, `stack.already-presented`, `stack.transition-in-progress`,
    /// `transition.partialcurl-terminal`, `alert.one-at-a-time`, `popover.one-at-a-time` /
    /// `popover.no-modal-over` (or close-first), `transition.popover-context-cover-vertical`,
    /// `transition.partialcurl-fullscreen-only`, `*.anchor-required`.
    mutating func present(_ id: String, trigger: Trigger) throws(Stop) {
        guard let ref = model.modals[id] else { throw unknownModal(id) }
        let m = ref.modal
        if m.style == .none {
            throw refusal(
                .modalStyleNone,
                "\(title(id)) uses the style “none”, which UIKit says not to present with; choose a presentation style",
                modal: id)
        }
        if s.index(of: id) != nil {
            throw refusal(
                .stackAlreadyPresented, "\(title(id)) is already presented; dismiss it before presenting it again",
                modal: id)
        }
        try checkTransition()
        try cascade()
        let top = s.top
        if let top, isCurled(top) {
            throw refusal(
                .transitionPartialCurlTerminal,
                "\(title(top.modal)) was presented with a partial curl, so it can't present anything else; dismiss it first",
                modal: id)
        }
        if m.style == .alert, let other = s.stack.first(where: { $0.requestedStyle == .alert }) {
            throw refusal(
                .alertOneAtATime,
                "\(title(id)) can't appear while the alert \(title(other.modal)) is showing: only one alert at a time",
                modal: id)
        }
        let owner = contextOwner(for: m)
        var r = Adaptation.resolve(m, in: env, targetOS: targetOS, contextFound: owner != nil)
        if Adaptation.isInline(r), popoverTarget(declared: m.source, tapped: trigger.control, beneath: count) == nil {
            r = Adaptation.inlineFallback(r)
        }
        var insidePopover = false
        if m.style != .alert, let pi = popoverIndex {
            let newIndex = count
            if r.form == .context, let owner, let l = layer(showing: owner, below: newIndex), l > 0,
                l - 1 == pi || isInside(l - 1, popover: pi)
            {
                insidePopover = true
                if let tr = m.transition, tr != .coverVertical {
                    throw refusal(
                        .transitionPopoverContextCoverVertical,
                        "\(title(id)) is presented inside a popover, where UIKit allows only the coverVertical transition, not \(tr.rawValue)",
                        modal: id)
                }
            } else {
                try popoverConflict(popoverIndex: pi, presenting: m, natural: r, trigger: trigger)
                return
            }
        }
        if m.transition == .partialCurl && (m.style != .fullScreen || r.style != .fullScreen || !presenterIsFullScreen)
        {
            throw refusal(
                .transitionPartialCurlFullScreenOnly,
                "\(title(id)) uses partialCurl, which UIKit allows only for a fullScreen presentation from a full-screen presenter",
                modal: id)
        }
        var layout: PopoverLayout?
        var fellBack = false
        if r.form == .popover {
            (layout, fellBack) = try anchor(for: m, trigger: trigger)
        }

        let detents = m.style.isCustom || m.style == .activity ? Adaptation.detents(of: m, in: env) : []
        var selected: String?
        if !detents.isEmpty {
            if let want = m.selectedDetent, detents.contains(where: { $0.id == want }) {
                selected = want
            } else {
                selected = detents.first?.id
            }
        }
        var entry = StackEntry(
            modal: id, requestedStyle: m.style, resolution: r, detents: detents, selectedDetent: selected,
            dirty: false, screens: m.style.isCustom ? [id] : [], presentedBy: trigger.control, presentedAtMs: now,
            isDiscardConfirmation: trigger.isDiscardConfirmation, values: [:], contextOwner: owner, popover: layout,
            ref: ref)
        entry.grabberVisible = grabberWanted(entry)
        entry.zoomUnavailable = !zoomAvailable(m)
        let previousKeyboard = s.keyboard
        s.stack.append(entry)
        s.lastTransitionMs = now
        inTransition = true

        var props = JSONObject()
        props["form"] = .string(r.form.rawValue)
        props["transition"] = .string(entry.transition?.rawValue ?? "system")
        if !r.keepsUnderlying { props["removesUnderlying"] = true }
        if let owner, m.style.isCurrentContext { props["context"] = .string(owner) }
        if let layout {
            if let src = layout.source { props["source"] = .string(src) }
            if let a = layout.arrow { props["arrow"] = .string(a.rawValue) }
        }
        if trigger.isDiscardConfirmation { props["confirmDiscard"] = true }
        if case .programmatic = trigger { props["programmatic"] = true }
        events.append(
            EngineEvent(
                type: .present, screen: s.shownScreen(layers: count - 1), modal: id, target: trigger.control,
                style: r.style.rawValue, requestedStyle: m.style.rawValue, props: props))
        for rule in r.rules {
            events.append(adaptedEvent(count - 1, rule: rule))
        }
        events.append(EngineEvent(type: .screenEnter, screen: s.shownScreen, modal: id))
        focusAlertField(m, previous: previousKeyboard)

        // Warnings and notes about the presentation, after it (the log reads in causal order).
        if let layout, fellBack, let src = m.source {
            note(
                .popoverNotCoverSource,
                "the source “\(src)” of \(title(m.id)) is not on screen, so the popover points at “\(layout.source ?? "")”, the control that was tapped",
                modal: m.id)
        }
        if insidePopover {
            note(
                .popoverCardInsideOK, "\(title(id)) is shown inside the popover, not over it", modal: id,
                severity: .info)
        }
        if let top {
            warnAbout(m, over: top, resolution: r, trigger: trigger, withinTop: r.form == .context && owner != nil)
        }
        if case .programmatic = trigger {
            if m.style == .actionSheet {
                note(
                    .actionSheetUserInitiated,
                    "the action sheet \(title(id)) appeared without a user action; an action sheet answers a tap — consider an alert",
                    modal: id)
            }
            if m.style == .alert && !s.interacted {
                note(
                    .alertNotAtLaunch,
                    "the alert \(title(id)) appears before the first interaction; avoid alerts when the app starts",
                    modal: id)
            }
        }
        if entry.zoomUnavailable {
            let why =
                targetOS < SystemVersion.zoomTransition
                ? "the zoom transition needs \(SystemVersion.name(SystemVersion.zoomTransition)) (this session runs \(SystemVersion.name(targetOS)))"
                : "a zoom from a bar button item needs \(SystemVersion.name(SystemVersion.zoomFromBarButton)) (this session runs \(SystemVersion.name(targetOS)))"
            note(
                .transitionZoomIOS18, "\(title(id)) slides up instead: \(why)", modal: id, severity: .warning)
        }
        if let tr = m.transition, tr != .coverVertical, m.style.isSystem || m.style == .popover {
            note(
                .transitionSystemOwned,
                "\(title(id)) is drawn by the system, which ignores the declared \(tr.rawValue) transition", modal: id)
        }
        if let layout { popoverNotes(layout, of: m) }
    }

    /// The warnings of docs/rules.md for `m` appearing over `top`.
    /// `withinTop`: a current-context presentation that covers only its context, the top layer.
    mutating func warnAbout(
        _ m: Modal, over top: StackEntry, resolution r: Resolution, trigger: Trigger, withinTop: Bool
    ) {
        let id = m.id
        if m.style == .alert {
            note(
                .alertOverAnything, "the alert \(title(id)) appears over the \(kind(top)) \(title(top.modal))",
                modal: id)
            return
        }
        if top.requestedStyle == .activity {
            note(
                .activityNoModalOverExtension,
                "\(title(id)) appears over the activity view \(title(top.modal)); avoid modal views above an extension — only an alert belongs there",
                modal: id)
        }
        if trigger.isDiscardConfirmation {
            // The data-loss confirmation over its own sheet is what the HIG prescribes.
        } else if m.style.isSheet && top.requestedStyle.isSheet {
            note(
                .sheetOneAtATime,
                "\(title(id)) is a sheet over the sheet \(title(top.modal)); display one sheet at a time: close the first and reopen it afterwards",
                modal: id)
        } else if m.style != .popover && !withinTop {
            // Popovers fall under the popover.* rules; a context presentation covers only its
            // context (rule modal.one-at-a-time).
            note(
                .modalOneAtATime,
                "\(title(id)) appears while \(title(top.modal)) is still up; let people dismiss a modal view before presenting another",
                modal: id)
        }
        if r.form == .fullScreen && top.resolution.form != .fullScreen {
            note(
                .fullScreenPresenterWalk,
                "\(title(id)) is full screen, so it is presented from the nearest full-screen ancestor, not from the \(kind(top)) \(title(top.modal))",
                modal: id, severity: .info)
        }
    }

    /// Whether the top layer covers the whole screen: the app, or a full-screen entry.
    var presenterIsFullScreen: Bool { s.top.map { $0.resolution.form == .fullScreen } ?? true }

    /// An entry presented with a partial curl (only ever a `fullScreen` one: anything else is refused).
    func isCurled(_ e: StackEntry) -> Bool { e.requestedStyle == .fullScreen && e.ref.modal.transition == .partialCurl }

    /// The context a current-context modal covers: its `context` when the presenting (top)
    /// layer is that modal or shows that screen. UIKit walks up from the presenter looking for a
    /// controller that defines the presentation context; one that is not the presenter (or
    /// above it) is not found, and the root's context is used: `nil` (RULES
    /// currentcontext.context-owner).
    func contextOwner(for m: Modal) -> String? {
        guard m.style.isCurrentContext, let ctx = m.context else { return nil }
        if let top = s.top { return top.modal == ctx || top.screen == ctx ? ctx : nil }
        return s.screen == ctx ? ctx : nil
    }

    /// Where a popover points (rule popover.anchor-required): its declared `source` when on
    /// screen; if that control isn't showing, the control that was tapped (`fellBack`: the
    /// caller warns under `popover.not-cover-source`); with no source declared, or nothing to
    /// point at, the presentation is refused, as UIKit raises an exception.
    mutating func anchor(for m: Modal, trigger: Trigger) throws(Stop) -> (PopoverLayout, fellBack: Bool) {
        let rule: RuleID =
            m.style == .actionSheet
            ? .actionSheetAnchorRequired
            : m.style == .activity ? .activityAnchorRequired : .popoverAnchorRequired
        guard let src = m.source else {
            throw refusal(
                rule,
                "\(title(m.id)) is shown as a popover in this size class and needs a source: set \"source\" to the id of the control it points at",
                modal: m.id)
        }
        if let target = popoverTarget(declared: src, tapped: trigger.control, beneath: count) {
            return (popoverLayout(m, screens: m.style.isCustom ? [m.id] : [], target: target), target.fellBack)
        }
        throw refusal(
            rule,
            "\(title(m.id)) is shown as a popover here, but its source “\(src)” is not on screen, so it has nothing to point at",
            modal: m.id)
    }

    /// What the popover at stack index `i` points at: its `declared` source when that control is
    /// drawn beneath it (on layer `i` or lower), else the control that was `tapped` to present
    /// it (`fellBack`), else nothing. ``anchor(for:trigger:)`` asks when presenting,
    /// ``layoutPopover(_:_:)`` on every settle.
    func popoverTarget(declared: String?, tapped: String?, beneath i: Int) -> PopoverTarget? {
        if let src = declared, let p = placement(of: src), p.layer <= i {
            return PopoverTarget(id: src, location: p.location, layer: p.layer, fellBack: false)
        }
        if let c = tapped, let p = placement(of: c), p.layer <= i {
            return PopoverTarget(id: c, location: p.location, layer: p.layer, fellBack: true)
        }
        return nil
    }

    /// The layout of modal `m` as a popover over the current layers (``FrameLayout``'s popover
    /// layout), showing `screens`, pointing at `target` or at nothing.
    func popoverLayout(_ m: Modal, screens: [String], target: PopoverTarget?) -> PopoverLayout {
        LayerFrames(state: s, prototype: model.prototype, metrics: LayoutMetrics(environment: env))
            .popover(m, screens: screens, target: target.map { ($0.id, $0.location, $0.layer) })
    }

    /// Findings about a popover's layout: an arrow that can't point at its source, a size that
    /// nearly fills the window (clamped to fit).
    mutating func popoverNotes(_ l: PopoverLayout, of m: Modal) {
        if l.source != nil && !l.arrowPointsAtSource {
            let arrows = m.permittedArrowDirections.map(\.rawValue).joined(separator: ", ")
            note(
                .popoverNotCoverSource,
                "no permitted arrow direction (\(arrows.isEmpty ? "none" : arrows)) lets \(title(m.id)) point at “\(l.source ?? "")” without covering it",
                modal: m.id)
        }
        if m.preferredContentSize != nil, m.style.isCustom, let height = l.height {
            // Its content at the session's text size, against the height it asked for: what is
            // below is hidden, with no scroll indicator until someone scrolls.
            let natural = LayerFrames(state: s, prototype: model.prototype, metrics: LayoutMetrics(environment: env))
                .popoverContentHeight(m, screens: [m.id], width: l.width)
            if natural > height + 0.5 {
                note(
                    .popoverContentFits,
                    "\(title(m.id)) shows \(Int(height)) pt of its \(Int(natural.rounded())) pt of content at this text size; the rest is hidden below, with no scroll indicator until someone scrolls",
                    modal: m.id)
            }
        }
        if l.nearlyFullScreen {
            note(
                .popoverNotFullScreenSize,
                "\(title(m.id)) asks for \(Int(m.preferredContentSize?.width ?? 0))×\(Int(m.preferredContentSize?.height ?? 0)) pt, nearly the whole window; it is drawn \(Int(l.width))×\(Int(l.height ?? l.maxHeight)) pt",
                modal: m.id)
        }
    }

    /// A presentation over the popover `stack[pi]` that is neither an alert nor inside it.
    /// Refused under `popover.one-at-a-time` (when it would be a second popover) or
    /// `popover.no-modal-over`; with `--on-popover-conflict close-first` the popover closes
    /// first, keeping its work, and the presentation goes ahead from what presented the popover
    /// (rule popover.close-then-present) — unless the new popover points into the popover being
    /// closed, which leaves it nothing to point at.
    mutating func popoverConflict(popoverIndex pi: Int, presenting m: Modal, natural: Resolution, trigger: Trigger)
        throws(Stop)
    {
        let pop = s.stack[pi]
        let secondPopover = natural.form == .popover
        if options.popoverConflict == .closeFirst {
            let anchorLayer = m.source.flatMap { placement(of: $0)?.layer }
            if !(secondPopover && (anchorLayer ?? 0) > pi) {
                note(
                    .popoverCloseThenPresent,
                    "closed the \(kind(pop)) \(title(pop.modal)) before presenting \(title(m.id))", modal: m.id)
                try closePopover(at: pi, how: .programmatic)
                try present(m.id, trigger: trigger)
                return
            }
        }
        if secondPopover {
            throw refusal(
                .popoverOneAtATime,
                "\(title(m.id)) would open as a second popover while the \(kind(pop)) \(title(pop.modal)) is open; show one popover at a time and close the open one first",
                modal: m.id)
        }
        throw refusal(
            .popoverNoModalOver,
            "\(title(m.id)) can't appear over the \(kind(pop)) \(title(pop.modal)): nothing but an alert may cover a popover; close the popover first",
            modal: m.id)
    }

    func adaptedEvent(_ i: Int, rule: RuleID) -> EngineEvent {
        let e = s.stack[i]
        let row = RuleCatalogue.rule(rule)
        let severity = row.has(.adapt) ? row.severity : .info
        return EngineEvent(
            type: .adapted, screen: s.shownScreen, modal: e.modal, style: e.resolution.style.rawValue,
            requestedStyle: e.requestedStyle.rawValue, rule: rule.rawValue, severity: severity.rawValue,
            props: ["form": .string(e.resolution.form.rawValue), "sizeClass": .string(env.sizeClassDescription)])
    }

    /// Whether `m`'s zoom transition exists in the session's iOS version: from iOS 18
    /// (`zoom(options:sourceViewProvider:)`), from a bar button item from iOS 26
    /// (`zoom(options:sourceBarButtonItemProvider:)`). `true` for every other transition.
    func zoomAvailable(_ m: Modal) -> Bool {
        guard m.transition == .zoom, m.style.isCustom else { return true }
        if targetOS < SystemVersion.zoomTransition { return false }
        if let src = m.source, location(src)?.isBarButton == true { return targetOS >= SystemVersion.zoomFromBarButton }
        return true
    }

    /// Whether a card's grabber is drawn: asked for (by default on a resizable activity view),
    /// drawn as a card, and not covered by another sheet (rule sheet.grabber-auto-hide).
    /// Whether a card draws a grabber: when its definition asks (`prefersGrabberVisible`), and
    /// never for an activity view — iOS 17 and 18 draw the share sheet without one (observed;
    /// no Apple document says so: unverified).
    func grabberWanted(_ e: StackEntry) -> Bool {
        e.resolution.form == .card && e.requestedStyle != .activity && e.ref.modal.grabber == true
    }
}
