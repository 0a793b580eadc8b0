import JSON
import Prototype

/// The runtime presentation engine: a pure function of (prototype, state, action, time) →
/// (state, diagnostics, log events). It knows nothing of HTTP or files (STYLE.md: pure core).
///
/// It refuses what UIKit refuses or the guidelines forbid (`error` rules of RULES.md §1, §3),
/// adapts what UIKit adapts (§2, recomputed on every rotate and resize), warns where the HIG
/// advises, and follows the gestures of RULES.md §5.
public struct PresentationEngine: Sendable {
    /// The prototype being run.
    public let prototype: Prototype
    /// Server options (`--on-popover-conflict`, transition time).
    public let options: EngineOptions

    public init(prototype: Prototype, options: EngineOptions = EngineOptions()) {
        self.prototype = prototype
        self.options = options
    }

    /// A fresh state on the start screen, and the `screen_enter` event for it.
    public func start(environment: Environment) -> (state: PresentationState, events: [EngineEvent]) {
        let state = PresentationState(
            prototype: prototype.id, environment: environment, appScreens: [prototype.start], stack: [],
            appValues: [:], interacted: false, lastTransitionMs: nil)
        return (state, [EngineEvent(type: "screen_enter", screen: prototype.start)])
    }

    /// Applies `action` at `nowMs` (milliseconds since the session started).
    ///
    /// A refusal is not an error: the outcome carries it, with the state unchanged.
    /// - Throws: ``EngineRequestError`` (HTTP 400) for requests that name nothing that exists:
    ///   an unknown control or modal, a missing button, a detent the sheet lacks.
    public func apply(_ action: EngineAction, to state: PresentationState, atMs nowMs: Int) throws(EngineRequestError)
        -> Outcome
    {
        let t = Transaction(engine: self, state: state, now: nowMs)
        do {
            try t.run(action)
        } catch let e as EngineRequestError {
            throw e
        } catch let r as Refusal {
            var events = t.actionEvents
            events.append(
                EngineEvent(
                    type: "refused", screen: state.screen, modal: r.diagnostic.modal, target: t.actionTarget,
                    rule: r.diagnostic.rule, severity: r.diagnostic.severity.rawValue,
                    props: ["message": .string(r.diagnostic.message)]))
            return Outcome(state: state, diagnostics: [r.diagnostic], events: events, refusal: r.diagnostic)
        } catch {
            throw EngineRequestError(path: "$", message: "\(error)")
        }
        var next = t.s
        if !action.isEnvironmentChange { next.interacted = true }
        return Outcome(state: next, diagnostics: t.diagnostics, events: t.actionEvents + t.events, refusal: nil)
    }
}

extension EngineAction {
    var isEnvironmentChange: Bool {
        switch self {
        case .rotate, .resize, .present: return true
        default: return false
        }
    }
}

/// A refusal under an `error` rule; aborts the transaction.
struct Refusal: Error {
    var diagnostic: Diagnostic
}

/// Where a control is drawn: its layer (0 = the app, i + 1 = `stack[i]`).
struct LayerPlacement {
    var layer: Int
    var location: ControlLocation
}

/// One action's working copy of the state, with the events and diagnostics it produces.
final class Transaction {
    let engine: PresentationEngine
    var s: PresentationState
    let now: Int
    var events: [EngineEvent] = []
    var actionEvents: [EngineEvent] = []
    var diagnostics: [Diagnostic] = []
    var actionTarget: String?

    var prototype: Prototype { engine.prototype }
    var env: Environment { s.environment }

    init(engine: PresentationEngine, state: PresentationState, now: Int) {
        self.engine = engine
        self.s = state
        self.now = now
    }

    // MARK: Findings

    func refusal(_ rule: String, _ message: String, modal: String? = nil) -> Refusal {
        Refusal(diagnostic: Diagnostic(rule: rule, severity: .error, message: message, modal: modal))
    }

    func note(_ rule: String, _ message: String, modal: String? = nil, severity: Severity? = nil) {
        let d = Diagnostic(rule: rule, severity: severity, message: message, modal: modal)
        diagnostics.append(d)
        events.append(
            EngineEvent(
                type: "diagnostic", screen: s.screen, modal: modal, rule: rule, severity: d.severity.rawValue,
                props: ["message": .string(message)]))
    }

    func bad(_ path: String, _ message: String) -> EngineRequestError {
        EngineRequestError(path: path, message: message)
    }

    func title(_ modalID: String) -> String {
        let m = prototype.modal(modalID)
        if let t = m?.title, !t.isEmpty { return "“\(t)” (\(modalID))" }
        return "“\(modalID)”"
    }

    func styleName(_ e: StackEntry) -> String {
        switch e.resolution.form {
        case .card, .centered: return "sheet"
        case .fullScreen: return "full-screen modal"
        case .popover: return e.requestedStyle == .actionSheet ? "action sheet" : "popover"
        case .alert: return "alert"
        case .actionSheet: return "action sheet"
        case .context: return "modal"
        }
    }

    // MARK: Dispatch

    func run(_ action: EngineAction) throws {
        if case .tap(let target, _, _, _) = action { actionTarget = target }
        switch action {
        case .tap(let target, let choice, let x, let y):
            actionEvents.append(
                EngineEvent(type: "tap", screen: s.screen, modal: s.top?.modal, target: target, x: x, y: y))
            try tap(target, choice: choice)
        case .swipeDown(let target):
            actionEvents.append(
                EngineEvent(
                    type: "swipe", screen: s.screen, modal: target ?? s.top?.modal, props: ["direction": "down"]))
            try swipeDown(target)
        case .tapOutside(let x, let y):
            actionEvents.append(
                EngineEvent(type: "tap", screen: s.screen, modal: s.top?.modal, x: x, y: y, props: ["outside": true]))
            try tapOutside()
        case .home:
            actionEvents.append(
                EngineEvent(type: "tap", screen: s.screen, modal: s.top?.modal, target: "home", props: ["home": true]))
            try home()
        case .rotate(let o):
            actionEvents.append(
                EngineEvent(type: "rotate", screen: s.screen, props: ["orientation": .string(o.rawValue)]))
            readapt(Environment(device: env.device, orientation: o, multitasking: env.multitasking))
        case .resize(let deviceID, let mt):
            var device = env.device
            if let deviceID {
                guard let d = DeviceCatalogue.device(deviceID) else {
                    throw bad(
                        "$.device",
                        "unknown device \"\(deviceID)\"; known: \(DeviceCatalogue.all.map(\.id).joined(separator: ", "))"
                    )
                }
                device = d
            }
            let newEnv = Environment(device: device, orientation: env.orientation, multitasking: mt ?? env.multitasking)
            actionEvents.append(
                EngineEvent(
                    type: "resize", screen: s.screen,
                    props: ["device": .string(newEnv.device.id), "multitasking": .string(newEnv.multitasking.rawValue)])
            )
            readapt(newEnv)
        case .edit(let target, let value):
            actionTarget = target
            actionEvents.append(EngineEvent(type: "edit", screen: s.screen, modal: s.top?.modal, target: target))
            try edit(target, value)
        case .detent(let target, let detent):
            actionTarget = target
            actionEvents.append(
                EngineEvent(type: "detent", screen: s.screen, modal: target, props: ["detent": .string(detent)]))
            try changeDetent(target, detent)
        case .back:
            try back()
        case .present(let modal):
            actionTarget = modal
            guard prototype.modal(modal) != nil else { throw bad("$.target", "no modal \"\(modal)\"") }
            try present(modal, from: s.stack.count, trigger: .programmatic)
        case .key(let key):
            try keyPress(key)
        }
    }

    // MARK: Layers

    /// Where a control is currently drawn, or `nil` when it is on no visible screen.
    func placement(of controlID: String) -> LayerPlacement? {
        guard let loc = prototype.control(controlID) else { return nil }
        if let modal = loc.modal {
            guard let i = s.index(of: modal), s.stack[i].screen == loc.screen else { return nil }
            return LayerPlacement(layer: i + 1, location: loc)
        }
        return loc.screen == s.screen ? LayerPlacement(layer: 0, location: loc) : nil
    }

    /// The entry that blocks a control in `layer`, or `nil` when the control can be touched:
    /// it is in the top layer, a popover's passthrough, a bar button under a popover anchored to
    /// a bar button (UIKit adds the bar to the passthrough views), or below a sheet resting at
    /// or under its `largestUndimmedDetent` (RULES sheet.undimmed-nonmodal).
    func blocker(of p: LayerPlacement) -> StackEntry? {
        guard p.layer < s.stack.count else { return nil }
        for i in p.layer..<s.stack.count {
            let e = s.stack[i]
            if e.resolution.form == .popover && !isModalPopover(e) {
                let m = prototype.modal(e.modal)
                if m?.passthrough.contains(p.location.control.id) == true { continue }
                if i == p.layer, isBarButton(p.location), let src = m?.source, let srcLoc = prototype.control(src),
                    isBarButton(srcLoc)
                {
                    continue
                }
            }
            if isUndimmed(e) { continue }
            return e
        }
        return nil
    }

    func isBarButton(_ loc: ControlLocation) -> Bool { loc.placement != "content" && loc.list == nil }

    func isModalPopover(_ e: StackEntry) -> Bool {
        guard let m = prototype.modal(e.modal) else { return false }
        return m.isModalPopover || (m.style == .popover && m.modalInPresentation)
    }

    /// A card resting at or below its largest undimmed detent leaves the background interactive.
    func isUndimmed(_ e: StackEntry) -> Bool {
        guard e.resolution.form == .card, let m = prototype.modal(e.modal), let undimmed = m.largestUndimmedDetent,
            let current = e.effectiveDetent(in: env)
        else { return false }
        guard let ui = e.detents.firstIndex(where: { $0.id == undimmed }),
            let ci = e.detents.firstIndex(where: { $0.id == current })
        else { return false }
        return ci <= ui
    }

    func coveredMessage(_ controlName: String, by e: StackEntry) -> String {
        "“\(controlName)” is covered by the \(styleName(e)) \(title(e.modal)); dismiss the \(styleName(e)) first"
    }

    // MARK: Tap

    func tap(_ target: String, choice: ActionChoice?) throws {
        // A control may share its id with a modal (SPEC §3's "compose"): naming a button means the modal.
        if let m = prototype.modal(target), choice != nil || prototype.control(target) == nil {
            try tapModalButton(m, choice: choice)
            return
        }
        guard let loc = prototype.control(target) else {
            var msg = "no control or modal \"\(target)\""
            if let near = Suggest.nearest(target, in: prototype.controlIDs + prototype.modals.map(\.id)) {
                msg += " (did you mean \"\(near)\"?)"
            }
            throw bad("$.target", msg)
        }
        guard let p = placement(of: target) else {
            let whereIs =
                loc.modal.map { "in \(title($0)), which is not showing that screen" }
                ?? "on screen “\(loc.screen)”, which is not showing"
            throw refusal(
                "stack.presenter-visible",
                "“\(loc.control.displayName)” is \(whereIs); only visible controls can be tapped", modal: loc.modal)
        }
        if let b = blocker(of: p) {
            throw refusal("stack.presenter-visible", coveredMessage(loc.control.displayName, by: b), modal: b.modal)
        }
        if choice != nil {
            throw bad(
                "$.action",
                "\"action\" names a button of an alert, action sheet or activity view; \"\(target)\" is a control")
        }
        let control = loc.control
        guard let action = control.action else {
            if control.kind == .toggle {
                try edit(target, .bool(!(currentValue(of: target)?.boolValue ?? control.isOn)))
            }
            return
        }
        try perform(action, layer: p.layer, control: control, placement: p)
    }

    func currentValue(of controlID: String) -> JSONValue? {
        if let v = s.appValues[controlID] { return v }
        for e in s.stack { if let v = e.values[controlID] { return v } }
        return nil
    }

    /// Runs a control's action in its layer (0 = the app, i + 1 = `stack[i]`).
    func perform(_ action: Action, layer: Int, control: Control?, placement: LayerPlacement?) throws {
        switch action {
        case .none:
            return
        case .present(let id):
            if layer < s.stack.count, let top = s.top {
                try presentFromBelowTop(id, layer: layer, top: top, control: control)
            } else {
                try present(id, from: layer, trigger: .user(control?.id))
            }
        case .dismiss:
            guard layer > 0 else {
                note(
                    "stack.presenter-visible",
                    "“\(control?.displayName ?? "")” asks to dismiss, but nothing is presented", severity: .info)
                return
            }
            let entry = s.stack[layer - 1]
            if entry.dirty, control?.role == .cancel || control?.title?.lowercased() == "cancel" {
                try confirmDiscardOrDismiss(entryIndex: layer - 1, how: .button)
            } else {
                try dismiss(from: layer - 1, how: .button, discard: control?.role == .cancel)
            }
        case .dismissAll:
            guard !s.stack.isEmpty else { return }
            try dismiss(from: 0, how: layer == 0 ? .programmatic : .button, discard: control?.role == .cancel)
        case .push(let screen):
            try checkTransition()
            if layer == 0 {
                s.appScreens.append(screen)
            } else {
                s.stack[layer - 1].screens.append(screen)
            }
            events.append(
                EngineEvent(
                    type: "push", screen: screen, modal: layer == 0 ? nil : s.stack[layer - 1].modal,
                    target: control?.id))
            events.append(
                EngineEvent(type: "screen_enter", screen: screen, modal: layer == 0 ? nil : s.stack[layer - 1].modal))
        case .pop:
            try pop(layer: layer, target: control?.id)
        }
    }

    func pop(layer: Int, target: String?) throws {
        if layer == 0 {
            guard s.appScreens.count > 1 else { return }
            let from = s.appScreens.removeLast()
            events.append(EngineEvent(type: "pop", screen: s.screen, target: target, props: ["from": .string(from)]))
            events.append(EngineEvent(type: "screen_enter", screen: s.screen))
        } else {
            let i = layer - 1
            guard s.stack[i].screens.count > 1 else { return }
            let from = s.stack[i].screens.removeLast()
            events.append(
                EngineEvent(
                    type: "pop", screen: s.stack[i].screen, modal: s.stack[i].modal, target: target,
                    props: ["from": .string(from)]))
            events.append(EngineEvent(type: "screen_enter", screen: s.stack[i].screen, modal: s.stack[i].modal))
        }
    }

    /// A presentation asked for by a control under the top layer (a popover's passthrough or
    /// bar, or the background of an undimmed sheet).
    func presentFromBelowTop(_ id: String, layer: Int, top: StackEntry, control: Control?) throws {
        guard let m = prototype.modal(id) else { throw bad("$.target", "no modal \"\(id)\"") }
        if top.resolution.form == .popover {
            if top.modal == id {
                // The popover's own bar button again: it closes (a toggle, as in Safari).
                try dismiss(from: s.stack.count - 1, how: .tapOutside, discard: false)
                return
            }
            let resolved = Adaptation.resolve(m, in: env, targetOS: prototype.targetOS)
            if resolved.form == .popover && layer == s.stack.count - 1 {
                note(
                    "popover.single-tap-switch",
                    "\(title(top.modal)) closed and \(title(id)) opened with a single tap", modal: id)
                try dismiss(from: s.stack.count - 1, how: .tapOutside, discard: false)
                try present(id, from: layer, trigger: .user(control?.id))
                return
            }
            if m.style == .alert {
                try present(id, from: s.stack.count, trigger: .user(control?.id))
                return
            }
            try popoverConflict(popoverIndex: s.stack.count - 1, presenting: id, control: control)
            return
        }
        // Background of an undimmed sheet.
        throw refusal(
            "stack.present-from-top",
            "\(title(id)) can't be presented from behind the sheet \(title(top.modal)), which is already presenting; present it from the sheet, or dismiss the sheet first",
            modal: id)
    }

    /// `popover.no-modal-over`: refused, or with `--on-popover-conflict close-first` the popover
    /// is closed (its work kept) and the presentation goes ahead (`popover.close-then-present`).
    func popoverConflict(popoverIndex: Int, presenting id: String, control: Control?) throws {
        let pop = s.stack[popoverIndex]
        if engine.options.popoverConflict == .closeFirst {
            note(
                "popover.close-then-present",
                "closed the \(styleName(pop)) \(title(pop.modal)) before presenting \(title(id))", modal: id)
            try dismiss(from: popoverIndex, how: .programmatic, discard: false)
            try present(id, from: s.stack.count, trigger: .user(control?.id))
            return
        }
        throw refusal(
            "popover.no-modal-over",
            "\(title(id)) can't appear over the \(styleName(pop)) \(title(pop.modal)): nothing but an alert may cover a popover; close the popover first",
            modal: id)
    }

    // MARK: Presenting

    enum Trigger {
        case user(String?)
        case programmatic
        case discardConfirmation
        case alertButton
    }

    func checkTransition() throws {
        let window = engine.options.transitionMs
        if window > 0, let last = s.lastTransitionMs, now - last < window {
            throw refusal(
                "stack.transition-in-progress",
                "a transition is still animating (\(now - last) ms of \(window) ms); UIKit drops requests made during a transition"
            )
        }
    }

    /// Presents modal `id` from `layer` (which must be the top: `s.stack.count`), applying the
    /// stack rules of RULES.md §1 and the adaptation of §2.
    func present(_ id: String, from layer: Int, trigger: Trigger) throws {
        guard let m = prototype.modal(id) else { throw bad("$.target", "no modal \"\(id)\"") }
        if m.style == .none {
            throw refusal(
                "modal.style-none",
                "\(title(id)) uses the style “none”, which UIKit says not to present with; choose a presentation style",
                modal: id)
        }
        if let i = s.index(of: id) {
            _ = i
            throw refusal(
                "stack.already-presented", "\(title(id)) is already presented; dismiss it before presenting it again",
                modal: id)
        }
        try checkTransition()
        let resolution = Adaptation.resolve(m, in: env, targetOS: prototype.targetOS)
        let top = s.top
        if let top, prototype.modal(top.modal)?.transition == .partialCurl {
            throw refusal(
                "transition.partialcurl-terminal",
                "\(title(top.modal)) was presented with a partial curl, so it can't present anything else; dismiss it first",
                modal: id)
        }
        if m.transition == .partialCurl
            && (resolution.style != .fullScreen || (top != nil && top!.resolution.form != .fullScreen))
        {
            throw refusal(
                "transition.partialcurl-fullscreen-only",
                "\(title(id)) uses partialCurl, which UIKit allows only for a fullScreen presentation from a full-screen presenter",
                modal: id)
        }
        if m.style == .alert, let other = s.stack.first(where: { prototype.modal($0.modal)?.style == .alert }) {
            throw refusal(
                "alert.one-at-a-time",
                "\(title(id)) can't appear while the alert \(title(other.modal)) is showing: only one alert at a time",
                modal: id)
        }
        let isPopover = resolution.form == .popover
        if let top, top.resolution.form == .popover, m.style != .alert {
            let insideContext = m.style.isCurrentContext && m.context == top.modal
            if insideContext {
                if let tr = m.transition, tr != .coverVertical {
                    throw refusal(
                        "transition.popover-context-cover-vertical",
                        "\(title(id)) is presented inside a popover, where UIKit allows only the coverVertical transition",
                        modal: id)
                }
                note(
                    "popover.card-inside-ok",
                    "\(title(id)) is shown inside the popover \(title(top.modal)), not over it", modal: id,
                    severity: .info)
            } else if isPopover {
                throw refusal(
                    "popover.one-at-a-time",
                    "\(title(id)) would open as a second popover from the popover \(title(top.modal)); show one popover at a time and close the open one first",
                    modal: id)
            } else {
                try popoverConflict(popoverIndex: s.stack.count - 1, presenting: id, control: nil)
                return
            }
        }
        if isPopover, let open = s.stack.first(where: { $0.resolution.form == .popover }) {
            throw refusal(
                "popover.one-at-a-time",
                "\(title(id)) can't open while the popover \(title(open.modal)) is open; show one popover at a time",
                modal: id)
        }
        if isPopover && m.source == nil {
            let rule =
                m.style == .actionSheet
                ? "actionsheet.anchor-required"
                : m.style == .activity ? "activity.anchor-required" : "popover.anchor-required"
            throw refusal(
                rule,
                "\(title(id)) is shown as a popover in this size class and needs a source: set \"source\" to the id of the control it points at",
                modal: id)
        }
        // Warnings and notes: the presentation happens.
        if let top {
            let topModal = prototype.modal(top.modal)
            if m.style == .alert {
                note(
                    "alert.over-anything",
                    "the alert \(title(id)) appears over the \(styleName(top)) \(title(top.modal))", modal: id)
            } else {
                if topModal?.style == .activity {
                    note(
                        "activity.no-modal-over-extension",
                        "\(title(id)) appears over the activity view \(title(top.modal)); avoid modal views above an extension; only an alert belongs there",
                        modal: id)
                }
                if case .discardConfirmation = trigger {
                    // The data-loss confirmation over its own sheet is what the HIG prescribes.
                } else if m.style.isSheet && (topModal?.style.isSheet ?? false) {
                    note(
                        "sheet.one-at-a-time",
                        "\(title(id)) is a sheet over the sheet \(title(top.modal)); display one sheet at a time: close the first and reopen it afterwards",
                        modal: id)
                } else if m.style != .popover && !(m.style.isCurrentContext && m.context == top.modal) {
                    // Popovers fall under the popover.* rules (RULES modal.one-at-a-time).
                    note(
                        "modal.one-at-a-time",
                        "\(title(id)) appears while \(title(top.modal)) is still up; let people dismiss a modal view before presenting another",
                        modal: id)
                }
            }
            if resolution.form == .fullScreen && [.card, .centered, .context].contains(top.resolution.form) {
                note(
                    "fullscreen.presenter-walk",
                    "\(title(id)) is full screen, so it is presented from the nearest full-screen ancestor, not from \(title(top.modal))",
                    modal: id, severity: .info)
            }
        }
        if case .programmatic = trigger {
            if m.style == .actionSheet {
                note(
                    "actionsheet.user-initiated",
                    "the action sheet \(title(id)) appeared without a user action; an action sheet answers a tap — consider an alert",
                    modal: id)
            }
            if m.style == .alert && !s.interacted {
                note(
                    "alert.not-at-launch",
                    "the alert \(title(id)) appears before the first interaction; avoid alerts when the app starts",
                    modal: id)
            }
        }
        let detents =
            resolution.form == .card || m.style.isSheet || m.style == .popover || m.style == .activity
            ? Adaptation.detents(of: m, in: env) : []
        var selected: String?
        if !detents.isEmpty {
            if let want = m.selectedDetent, detents.contains(where: { $0.id == want }) {
                selected = want
            } else {
                selected = detents.first?.id
            }
        }
        var presentedBy: String?
        if case .user(let c) = trigger { presentedBy = c }
        let entry = StackEntry(
            modal: id, requestedStyle: m.style, resolution: resolution, detents: detents, selectedDetent: selected,
            dirty: false,
            screens: m.style.isCustom ? [id] : [], presentedBy: presentedBy, presentedAtMs: now,
            isDiscardConfirmation: { if case .discardConfirmation = trigger { return true } else { return false } }(),
            values: [:])
        s.stack.append(entry)
        s.lastTransitionMs = now
        var props = JSONObject()
        props["form"] = .string(resolution.form.rawValue)
        if let tr = m.transition { props["transition"] = .string(tr.rawValue) }
        if case .discardConfirmation = trigger { props["confirmDiscard"] = true }
        if case .programmatic = trigger { props["programmatic"] = true }
        events.append(
            EngineEvent(
                type: "present", screen: s.screen, modal: id, target: presentedBy, style: resolution.style.rawValue,
                requestedStyle: m.style.rawValue, props: props))
        for rule in resolution.rules {
            events.append(adaptedEvent(entry, rule: rule))
        }
        if let tr = m.transition, tr != .coverVertical, m.style.isSystem || m.style == .popover {
            note(
                "transition.system-owned",
                "\(title(id)) is drawn by the system, which ignores the declared \(tr.rawValue) transition", modal: id)
        }
        if let sc = m.screens.first, m.style.isCustom, entry.screens == [id] {
            _ = sc
        }
        events.append(EngineEvent(type: "screen_enter", screen: entry.screen ?? s.screen, modal: id))
    }

    func adaptedEvent(_ e: StackEntry, rule: String) -> EngineEvent {
        EngineEvent(
            type: "adapted", screen: s.screen, modal: e.modal, style: e.resolution.style.rawValue,
            requestedStyle: e.requestedStyle.rawValue, rule: rule,
            severity: RuleCatalogue.rule(rule)?.severity.rawValue ?? "info",
            props: ["form": .string(e.resolution.form.rawValue), "sizeClass": .string(env.sizeClassDescription)])
    }

    // MARK: Dismissing

    /// Dismisses `stack[index]` and everything above it, top first.
    func dismiss(from index: Int, how: DismissHow, discard: Bool) throws {
        guard index < s.stack.count else { return }
        try checkTransition()
        while s.stack.count > index {
            let e = s.stack.removeLast()
            var props = JSONObject()
            props["form"] = .string(e.resolution.form.rawValue)
            if e.dirty { props[discard ? "discarded" : "saved"] = true }
            if discard { props["cancel"] = true }
            events.append(
                EngineEvent(
                    type: "dismiss", screen: s.screen, modal: e.modal, style: e.resolution.style.rawValue,
                    requestedStyle: e.requestedStyle.rawValue, how: how.rawValue,
                    durationMs: max(0, now - e.presentedAtMs),
                    props: props))
        }
        s.lastTransitionMs = now
        let back = s.top.flatMap { $0.screen } ?? s.screen
        events.append(EngineEvent(type: "screen_enter", screen: back, modal: s.top?.modal))
    }

    /// A Cancel tap or a swipe on a dirty modal: its `confirmDiscard` action sheet, or (with none
    /// declared) a warning and the dismissal (RULES modal.data-loss-confirm).
    func confirmDiscardOrDismiss(entryIndex i: Int, how: DismissHow) throws {
        let e = s.stack[i]
        if let confirm = prototype.modal(e.modal)?.confirmDiscard {
            if i != s.stack.count - 1 { try dismiss(from: i + 1, how: .programmatic, discard: false) }
            try present(confirm, from: s.stack.count, trigger: .discardConfirmation)
            return
        }
        note(
            "modal.data-loss-confirm",
            "\(title(e.modal)) had unsaved changes and was dismissed without confirmation; add \"confirmDiscard\" with an action sheet to Save, Discard or Keep Editing",
            modal: e.modal)
        try dismiss(from: i, how: how, discard: true)
    }

    // MARK: Alerts, action sheets and activity views

    func tapModalButton(_ m: Modal, choice: ActionChoice?) throws {
        guard let i = s.index(of: m.id) else {
            throw refusal(
                "stack.presenter-visible", "\(title(m.id)) is not presented, so its buttons can't be tapped",
                modal: m.id)
        }
        if i != s.stack.count - 1 {
            throw refusal(
                "stack.presenter-visible",
                "\(title(m.id)) is covered by \(title(s.stack[s.stack.count - 1].modal)); dismiss that first",
                modal: m.id)
        }
        switch m.style {
        case .alert, .actionSheet:
            guard let choice else {
                throw bad(
                    "$.action",
                    "name the button to tap: \"action\": its title or zero-based index (\(m.actions.map(\.title).joined(separator: ", ")))"
                )
            }
            guard let action = find(choice, in: m.actions) else {
                throw bad(
                    "$.action",
                    "\(title(m.id)) has no button \(describe(choice)); its buttons: \(m.actions.map { "“\($0.title)”" }.joined(separator: ", "))"
                )
            }
            try runAlertAction(action, of: m, how: .button)
        case .activity:
            let names = m.visibleActivities + m.customActivities.map(\.id)
            let titles = m.visibleActivities.map { SystemActivity.titles[$0] ?? $0 } + m.customActivities.map(\.title)
            var picked: String?
            switch choice {
            case .index(let n)?: if n >= 0 && n < names.count { picked = names[n] }
            case .title(let t)?:
                if let k = names.firstIndex(of: t) ?? titles.firstIndex(where: { $0.caseInsensitiveCompare(t) }) {
                    picked = names[k]
                }
            case nil: break
            }
            if picked == nil, case .title(let t)? = choice, ["close", "cancel"].contains(t.lowercased()) {
                // The close button: the activity view goes away without doing anything.
                try dismiss(from: i, how: .button, discard: true)
                return
            }
            guard let picked else {
                throw bad(
                    "$.action",
                    "\(title(m.id)) has no activity \(choice.map(describe) ?? "(none named)"); its activities: \(names.joined(separator: ", "))"
                )
            }
            try dismiss(from: i, how: .button, discard: false)
            if case .some(let last) = events.lastIndex(where: { $0.type == "dismiss" }) {
                events[last].props["activity"] = .string(picked)
                events[last].target = picked
            }
        default:
            throw bad("$.target", "\(title(m.id)) is a \(m.style.rawValue); tap its controls by their ids")
        }
    }

    func describe(_ c: ActionChoice) -> String {
        switch c {
        case .index(let n): return "at index \(n)"
        case .title(let t): return "“\(t)”"
        }
    }

    func find(_ c: ActionChoice, in actions: [AlertAction]) -> AlertAction? {
        switch c {
        case .index(let n): return n >= 0 && n < actions.count ? actions[n] : nil
        case .title(let t):
            return actions.first { $0.id == t } ?? actions.first { $0.title == t }
                ?? actions.first { $0.title.caseInsensitiveCompare(t) }
        }
    }

    /// Dismisses the alert or action sheet on top, then runs the button's action in the
    /// presenter's context (UIKit calls an action's handler after the alert goes away).
    func runAlertAction(_ a: AlertAction, of m: Modal, how: DismissHow) throws {
        guard let i = s.index(of: m.id) else { return }
        let wasConfirmation = s.stack[i].isDiscardConfirmation
        try dismiss(from: i, how: how, discard: a.role == .cancel)
        if let last = events.lastIndex(where: { $0.type == "dismiss" }) {
            events[last].target = a.id ?? a.title
            events[last].props["action"] = .string(a.title)
            events[last].props["role"] = .string(a.role.rawValue)
        }
        guard let action = a.action else { return }
        let layer = s.stack.count
        switch action {
        case .dismiss:
            // The presenter is dismissed; a data-loss confirmation's Discard throws the edits away.
            if layer > 0 {
                try dismiss(from: layer - 1, how: .button, discard: wasConfirmation || a.role == .destructive)
            }
        case .dismissAll:
            if !s.stack.isEmpty {
                try dismiss(from: 0, how: .button, discard: wasConfirmation && a.role == .destructive)
            }
        default:
            try perform(action, layer: layer, control: nil, placement: nil)
        }
    }

    // MARK: Gestures

    func swipeDown(_ target: String?) throws {
        guard let top = s.top else {
            note("sheet.swipe-dismiss", "nothing is presented, so a swipe down does nothing", severity: .info)
            return
        }
        if let target, target != top.modal {
            guard prototype.modal(target) != nil else { throw bad("$.target", "no modal \"\(target)\"") }
            if s.index(of: target) == nil {
                throw refusal("stack.presenter-visible", "\(title(target)) is not presented", modal: target)
            }
            throw refusal(
                "stack.presenter-visible",
                "\(title(target)) is covered by \(title(top.modal)); only the top sheet can be swiped", modal: target)
        }
        let i = s.stack.count - 1
        switch top.resolution.form {
        case .card, .centered:
            let m = prototype.modal(top.modal)
            if top.dirty || (m?.modalInPresentation ?? false) {
                if top.dirty, let confirm = m?.confirmDiscard {
                    note(
                        "modal.data-loss-confirm",
                        "\(title(top.modal)) has unsaved changes: the swipe rubber-bands and \(title(confirm)) asks what to do",
                        modal: top.modal, severity: .info)
                    try present(confirm, from: s.stack.count, trigger: .discardConfirmation)
                } else if top.dirty {
                    try confirmDiscardOrDismiss(entryIndex: i, how: .swipe)
                } else {
                    note(
                        "sheet.swipe-dismiss",
                        "\(title(top.modal)) sets modalInPresentation, so the swipe rubber-bands and the sheet stays",
                        modal: top.modal,
                        severity: .info)
                }
                return
            }
            try dismiss(from: i, how: .swipe, discard: true)
        case .fullScreen, .context:
            note(
                "fullscreen.button-dismiss-only",
                "\(title(top.modal)) is a \(styleName(top)); people dismiss it with a button, not a swipe",
                modal: top.modal)
        case .popover, .alert, .actionSheet:
            note(
                "sheet.swipe-dismiss", "a swipe down does not dismiss the \(styleName(top)) \(title(top.modal))",
                modal: top.modal, severity: .info)
        }
    }

    func tapOutside() throws {
        guard let top = s.top else { return }
        let i = s.stack.count - 1
        let m = prototype.modal(top.modal)
        switch top.resolution.form {
        case .popover:
            if top.requestedStyle == .actionSheet {
                // RULES actionsheet.cancel-hidden-in-popover: an outside tap runs Cancel.
                if let cancel = m?.actions.first(where: { $0.role == .cancel }), let m {
                    try runAlertAction(cancel, of: m, how: .tapOutside)
                } else {
                    try dismiss(from: i, how: .tapOutside, discard: true)
                }
                return
            }
            if isModalPopover(top) {
                note(
                    "popover.modal-needs-button", "\(title(top.modal)) is a modal popover: only its buttons dismiss it",
                    modal: top.modal, severity: .info)
                return
            }
            // RULES popover.save-on-auto-dismiss: an outside tap keeps the work.
            try dismiss(from: i, how: .tapOutside, discard: false)
        case .actionSheet:
            if let m, let cancel = m.actions.first(where: { $0.role == .cancel }) {
                try runAlertAction(cancel, of: m, how: .tapOutside)
            } else {
                note(
                    "actionsheet.cancel-when-destructive",
                    "\(title(top.modal)) has no Cancel action, so a tap outside does nothing", modal: top.modal,
                    severity: .info)
            }
        case .alert:
            note(
                "alert.no-tap-outside", "a tap outside an alert is ignored; only its buttons dismiss it",
                modal: top.modal)
        case .card, .centered:
            note(
                "sheet.no-scrim-dismiss", "a tap on the dimmed area does not dismiss the sheet \(title(top.modal))",
                modal: top.modal)
        case .fullScreen, .context:
            return
        }
    }

    func home() throws {
        guard let top = s.top, let m = prototype.modal(top.modal), m.style == .alert else { return }
        note("alert.home-cancels", "going Home cancels the alert \(title(top.modal))", modal: top.modal)
        if let cancel = m.actions.first(where: { $0.role == .cancel }) {
            try runAlertAction(cancel, of: m, how: .home)
        } else {
            try dismiss(from: s.stack.count - 1, how: .home, discard: true)
        }
    }

    func keyPress(_ key: String) throws {
        actionEvents.append(
            EngineEvent(
                type: "tap", screen: s.screen, modal: s.top?.modal, target: "key:\(key)", props: ["key": .string(key)]))
        guard let top = s.top, let m = prototype.modal(top.modal) else { return }
        switch key {
        case "Escape":
            switch top.resolution.form {
            case .alert:
                if let cancel = m.actions.first(where: { $0.role == .cancel }) {
                    try runAlertAction(cancel, of: m, how: .button)
                }
            case .actionSheet, .popover:
                try tapOutside()
            case .card, .centered, .fullScreen, .context:
                if let screen = top.screen, let s2 = prototype.screen(screen),
                    let cancel = s2.allControls.first(where: { $0.role == .cancel && $0.action != nil })
                {
                    try tap(cancel.id, choice: nil)
                } else if top.resolution.form == .card || top.resolution.form == .centered {
                    try swipeDown(nil)
                }
            }
        case "Return", "Enter":
            guard top.resolution.form == .alert else { return }
            if let preferred = m.actions.first(where: \.preferred) {
                try runAlertAction(preferred, of: m, how: .button)
            } else if m.actions.count == 2, let cancel = m.actions.first(where: { $0.role == .cancel }) {
                // UIKit's _actionForReturnKey: one action plus Cancel makes Cancel the Return target.
                try runAlertAction(cancel, of: m, how: .button)
            }
        default:
            throw bad("$.key", "expected \"Escape\" or \"Return\"; found \(JSONWriter.quoted(key))")
        }
    }

    // MARK: Editing, detents, navigation

    func edit(_ target: String, _ value: JSONValue) throws {
        guard let loc = prototype.control(target) else { throw bad("$.target", "no control \"\(target)\"") }
        guard [.textField, .textArea, .toggle, .segmented].contains(loc.control.kind) else {
            throw bad("$.target", "“\(target)” is a \(loc.control.kind.rawValue), which can't be edited")
        }
        switch (loc.control.kind, value) {
        case (.toggle, .bool), (.textField, .string), (.textArea, .string), (.segmented, .string),
            (.segmented, .number):
            break
        default:
            throw bad(
                "$.value",
                "expected \(loc.control.kind == .toggle ? "true or false" : "a string") for the \(loc.control.kind.rawValue) “\(target)”; found \(JSONReader.describe(value))"
            )
        }
        guard let p = placement(of: target) else {
            throw refusal("stack.presenter-visible", "“\(loc.control.displayName)” is not on screen", modal: loc.modal)
        }
        if let b = blocker(of: p) {
            throw refusal("stack.presenter-visible", coveredMessage(loc.control.displayName, by: b), modal: b.modal)
        }
        if p.layer == 0 {
            s.appValues[target] = value
        } else {
            s.stack[p.layer - 1].values[target] = value
            if loc.control.userContent { s.stack[p.layer - 1].dirty = true }
        }
        if let last = actionEvents.lastIndex(where: { $0.type == "edit" }) {
            actionEvents[last].props["userContent"] = .bool(loc.control.userContent)
            if case .string(let text) = value {
                actionEvents[last].props["length"] = .number(Double(text.count))
            } else {
                actionEvents[last].props["value"] = value
            }
        }
    }

    func changeDetent(_ target: String, _ detent: String) throws {
        guard prototype.modal(target) != nil else { throw bad("$.target", "no modal \"\(target)\"") }
        guard let i = s.index(of: target) else {
            throw refusal("stack.presenter-visible", "\(title(target)) is not presented", modal: target)
        }
        let e = s.stack[i]
        guard e.resolution.form == .card, !e.detents.isEmpty else {
            throw bad(
                "$.target", "\(title(target)) is drawn as \(e.resolution.form.rawValue) here, not as a resizable sheet")
        }
        guard e.detents.contains(where: { $0.id == detent }) else {
            throw bad(
                "$.detent",
                "\(title(target)) has no detent “\(detent)”; its detents: \(e.detents.map(\.id).joined(separator: ", "))"
            )
        }
        if i != s.stack.count - 1 {
            throw refusal(
                "stack.presenter-visible", "\(title(target)) is covered by \(title(s.stack[s.stack.count - 1].modal))",
                modal: target)
        }
        s.stack[i].selectedDetent = detent
        if env.verticalSizeClass == .compact && detent == "medium" {
            note(
                "sheet.medium-compact-height",
                "the medium detent is inactive in compact height; \(title(target)) rests at large", modal: target)
        }
    }

    func back() throws {
        actionEvents.append(EngineEvent(type: "tap", screen: s.screen, modal: s.top?.modal, target: "back"))
        if let top = s.top {
            guard top.screens.count > 1 else {
                if top.screens.isEmpty {
                    throw refusal(
                        "stack.presenter-visible",
                        "the back button is covered by the \(styleName(top)) \(title(top.modal))", modal: top.modal)
                }
                return
            }
            try pop(layer: s.stack.count, target: "back")
        } else {
            try pop(layer: 0, target: "back")
        }
    }

    // MARK: Rotation and resizing

    /// Recomputes every entry's adaptation in `newEnv`, logging `adapted` for each that changed.
    func readapt(_ newEnv: Environment) {
        s.environment = newEnv
        for i in s.stack.indices {
            guard let m = prototype.modal(s.stack[i].modal) else { continue }
            let old = s.stack[i].resolution
            let r = Adaptation.resolve(m, in: newEnv, targetOS: prototype.targetOS)
            s.stack[i].resolution = r
            if !s.stack[i].detents.isEmpty { s.stack[i].detents = Adaptation.detents(of: m, in: newEnv) }
            if r != old {
                events.append(adaptedEvent(s.stack[i], rule: r.adaptedBy ?? old.adaptedBy ?? "sheet.regular"))
            }
        }
    }
}

extension String {
    func caseInsensitiveCompare(_ other: String) -> Bool { lowercased() == other.lowercased() }
}
