import JSON
import Prototype

/// Why a transaction stopped: a refusal under an `error` rule (HTTP 409, state unchanged) or a
/// request that names nothing that exists (HTTP 400).
enum Stop: Error {
    case refusal(Diagnostic)
    case request(EngineRequestError)
}

/// How a presentation was asked for.
enum Trigger {
    /// A tap on a control (its id).
    case user(String)
    /// The app (`present` action): not a user event.
    case programmatic
    /// The data-loss confirmation of a dirty modal; the control tapped, if a tap asked for it.
    case discardConfirmation(String?)
    /// A button of an alert or action sheet, run after it went away.
    case alertAction

    var control: String? {
        switch self {
        case .user(let c): return c
        case .discardConfirmation(let c): return c
        default: return nil
        }
    }
    var isDiscardConfirmation: Bool {
        if case .discardConfirmation = self { return true }
        return false
    }
}

/// One action's working copy of the state, with the events and diagnostics it produces.
/// Everything happens on the copy; a refusal throws it away, so refused requests leave the
/// state exactly as it was. A value type: no allocation, and exclusivity checked statically.
struct Transaction {
    let model: EngineModel
    let options: EngineOptions
    let startEnvironment: Environment
    var s: PresentationState
    let now: Int
    /// The person's input first (tap, swipe, edit, detent, rotate, resize: logged even when
    /// refused; `inputCount` of them), then the state changes (present, dismiss, adapted, push,
    /// pop, screen_enter, edit by tap, diagnostic).
    var events: [EngineEvent] = []
    var inputCount = 0
    var diagnostics: [Diagnostic] = []
    var actionTarget: String?
    /// The control or alert button (its `id`, else its title) whose tap is dismissing: the
    /// `target` of the `dismiss` events it causes.
    var dismissedBy: String?
    /// Set once this transaction presents or dismisses: later steps of the same request are
    /// part of its transition, not new requests (`stack.transition-in-progress`).
    var inTransition = false
    /// Presentations and dismissals so far: a definition whose handlers present and dismiss in
    /// a cycle is stopped here (see ``cascade()``).
    var cascadeSteps = 0

    var env: Environment { s.environment }
    /// The iOS version the session runs as (``Environment/systemVersion``).
    var targetOS: Int { s.environment.systemVersion }
    var count: Int { s.stack.count }

    init(model: EngineModel, options: EngineOptions, state: PresentationState, now: Int) {
        self.model = model
        self.options = options
        self.startEnvironment = state.environment
        self.s = state
        self.now = now
        events.reserveCapacity(8)
    }

    /// The catalogue severity of a rule.
    func severity(_ rule: RuleID) -> Severity { RuleCatalogue.rule(rule).severity }

    // MARK: Findings

    func refusal(_ rule: RuleID, _ message: String, modal: String? = nil) -> Stop {
        .refusal(Diagnostic(rule, severity: .error, message: message, modal: modal))
    }

    func bad(_ path: String, _ message: String) -> Stop {
        .request(EngineRequestError(path: path, message: message))
    }

    /// A diagnostic that travels with the response and is logged; the action goes ahead.
    /// `severity` lowers a rule's severity when the finding records the rule being followed.
    mutating func note(_ rule: RuleID, _ message: String, modal: String? = nil, severity: Severity? = nil) {
        let d = Diagnostic(rule, severity: severity ?? self.severity(rule), message: message, modal: modal)
        diagnostics.append(d)
        events.append(
            EngineEvent(
                type: .diagnostic, screen: s.shownScreen, modal: modal, rule: rule.rawValue,
                severity: d.severity.rawValue,
                props: ["message": .string(message)]))
    }

    func title(_ modalID: String) -> String {
        if let t = model.modals[modalID]?.modal.title, !t.isEmpty { return "“\(t)” (\(modalID))" }
        return "“\(modalID)”"
    }

    /// A control (or list row) and where it is, without copying it.
    @inline(__always) func location(_ id: String) -> ControlLocation? { model.controls[id]?.location }

    func kind(_ e: StackEntry) -> String {
        switch e.resolution.form {
        case .card, .centered: return "sheet"
        case .fullScreen: return "full-screen modal"
        case .popover: return e.requestedStyle == .actionSheet ? "action sheet" : "popover"
        case .alert: return "alert"
        case .actionSheet: return "action sheet"
        case .context: return "modal"
        }
    }

    /// The definition of an entry's modal.
    @inline(__always) func modal(_ e: StackEntry) -> Modal { e.ref.modal }

    func checkTransition() throws(Stop) {
        let window = options.transitionMs
        guard !inTransition, window > 0, let last = s.lastTransitionMs, now - last < window, now >= last else { return }
        throw refusal(
            .stackTransitionInProgress,
            "a transition is still animating (\(now - last) ms of \(window) ms); UIKit drops requests made during a transition"
        )
    }

    /// Counts one present or dismiss of this request. Handlers that present, whose dismissal runs
    /// handlers that present, and so on, could cycle without end in a faulty definition; past 64
    /// steps the request is refused as one that keeps starting transitions while its own is
    /// animating (`stack.transition-in-progress`).
    mutating func cascade() throws(Stop) {
        cascadeSteps += 1
        if cascadeSteps > 64 {
            throw refusal(
                .stackTransitionInProgress,
                "this request sets off presentations and dismissals without end (their actions present and dismiss one another); UIKit would drop them while the first transition animates"
            )
        }
    }

    // MARK: Dispatch

    mutating func run(_ action: EngineAction) throws(Stop) {
        switch action {
        case .tap(let target, let choice, let x, let y):
            actionTarget = target
            let loc = location(target)
            events.append(
                EngineEvent(
                    type: .tap, screen: loc?.screen ?? s.shownScreen, modal: loc?.modal ?? s.top?.modal, target: target,
                    x: x, y: y, props: choice.map { ["action": $0.json] } ?? JSONObject()))
            inputCount = events.count
            if s.menu != nil {
                try tapWithMenuOpen(target)
                return
            }
            try refuseUnderKeyboard(x: x, y: y)
            try tap(target, choice: choice)
        case .swipeDown(let target):
            actionTarget = target
            events.append(
                EngineEvent(
                    type: .swipe, screen: s.shownScreen, modal: target ?? s.top?.modal,
                    props: ["direction": "down"]))
            inputCount = events.count
            if s.menu != nil {
                dismissMenu(how: .tapOutside)
                return
            }
            try swipeDown(target)
        case .tapOutside(let x, let y):
            events.append(EngineEvent(type: .tapOutside, screen: s.shownScreen, modal: s.top?.modal, x: x, y: y))
            inputCount = events.count
            if s.menu != nil {
                dismissMenu(how: .tapOutside)
                return
            }
            try refuseUnderKeyboard(x: x, y: y)
            try tapOutside()
        case .home:
            events.append(EngineEvent(type: .home, screen: s.shownScreen, modal: s.top?.modal))
            inputCount = events.count
            if s.menu != nil { dismissMenu(how: .home) }
            try home()
        case .rotate(let o):
            events.append(
                EngineEvent(type: .rotate, screen: s.screen, props: ["orientation": .string(o.rawValue)]))
            inputCount = events.count
            if s.menu != nil { dismissMenu(how: .environment) }
            s.environment = env.rotated(to: o)
        case .resize(let request):
            let next: Environment
            do {
                next = try request.resolved(keeping: env)
            } catch {
                throw bad(error.path().description, error.message)
            }
            if model.prototype.requiresFullScreen && next.multitasking != .full {
                throw bad(
                    "$.multitasking",
                    "“\(model.prototype.id)” sets requiresFullScreen (UIRequiresFullScreen), so its iPad window is always full screen; no \(next.multitasking.rawValue)"
                )
            }
            // The environment after it, by the codec's names (the orientation is rotate's); the
            // window's size whatever the share.
            let after = EnvironmentRequest(next)
            var props = JSONObject()
            for key in EnvironmentKey.allCases where key != .orientation {
                props[key.rawValue] =
                    key == .window
                    ? ["width": .number(next.windowSize.width), "height": .number(next.windowSize.height)]
                    : .string(after.text(key))
            }
            events.append(EngineEvent(type: .resize, screen: s.screen, props: props))
            inputCount = events.count
            if s.menu != nil { dismissMenu(how: .environment) }
            s.environment = next
        case .edit(let target, let value, let field, let x, let y):
            actionTarget = target
            if let field {
                events.append(EngineEvent(type: .edit, screen: s.shownScreen, modal: target, target: target))
                inputCount = events.count
                try editAlertField(target, field: field, value)
                break
            }
            let loc = location(target)
            // Where a toggle or segment was touched (heat maps draw it; the edit is a step of
            // the path, ``EventFields/pathStep``); a text field's touch is its focus.
            let touched = loc.map { $0.control.kind == .toggle || $0.control.kind == .segmented } ?? false
            events.append(
                EngineEvent(
                    type: .edit, screen: loc?.screen ?? s.screen, modal: loc?.modal, target: target,
                    x: touched ? x : nil, y: touched ? y : nil))
            inputCount = events.count
            if s.menu != nil { dismissMenu(how: .tapOutside) }
            try edit(target, value, byTap: false)
        case .detent(let target, let detent):
            actionTarget = target
            events.append(
                EngineEvent(
                    type: .detent, screen: s.screen, modal: target, target: target, props: ["detent": .string(detent)])
            )
            inputCount = events.count
            if s.menu != nil { dismissMenu(how: .tapOutside) }
            try changeDetent(target, detent)
        case .back(let x, let y):
            actionTarget = "back"
            events.append(
                EngineEvent(type: .tap, screen: s.shownScreen, modal: s.top?.modal, target: "back", x: x, y: y))
            inputCount = events.count
            if s.menu != nil {
                dismissMenu(how: .tapOutside)
                return
            }
            try back()
        case .present(let id):
            actionTarget = id
            guard model.modals[id] != nil else { throw unknownModal(id) }
            inputCount = events.count
            if s.menu != nil { dismissMenu(how: .environment) }
            try present(id, trigger: .programmatic)
        case .focus(let target, let field, let x, let y):
            actionTarget = target
            let loc = location(target)
            var props = JSONObject()
            if let field { props["field"] = .int(field) }
            events.append(
                EngineEvent(
                    type: .focus, screen: loc?.screen ?? s.screen,
                    modal: loc?.modal ?? model.modals[target].map { _ in target },
                    target: target, x: x, y: y, props: props))
            inputCount = events.count
            if s.menu != nil {
                // A touch outside an open menu only closes it.
                dismissMenu(how: .tapOutside)
                return
            }
            try refuseUnderKeyboard(x: x, y: y)
            try focus(target, field: field)
        case .endEditing:
            let k = s.keyboard
            actionTarget = k?.target
            events.append(
                EngineEvent(
                    type: .endEditing, screen: k.flatMap { location($0.target)?.screen } ?? s.screen,
                    modal: k.flatMap { location($0.target)?.modal ?? ($0.field != nil ? $0.target : nil) },
                    target: k?.target))
            inputCount = events.count
            if s.menu != nil { dismissMenu(how: .tapOutside) }
            s.keyboard = nil
        case .key(let key):
            actionTarget = "key:\(key)"
            events.append(
                EngineEvent(
                    type: .key, screen: s.shownScreen, modal: s.top?.modal, target: key, props: ["key": .string(key)]))
            inputCount = events.count
            if s.menu != nil {
                // Escape closes the menu; Return chooses nothing (no item has the focus here).
                if key == "Escape" { dismissMenu(how: .escape) }
                return
            }
            try keyPress(key)
        case .longPress(let target):
            actionTarget = target
            let loc = location(target)
            events.append(
                EngineEvent(
                    type: .tap, screen: loc?.screen ?? s.screen, modal: loc?.modal ?? s.top?.modal, target: target,
                    props: ["longPress": true]))
            inputCount = events.count
            if s.menu != nil {
                dismissMenu(how: .tapOutside)
                return
            }
            try longPress(target)
        case .taskStart, .giveUp, .answer:
            // The engine runs tasks and questions around transactions (PresentationEngine.apply).
            return
        }
    }

    func unknownModal(_ id: String) -> Stop {
        bad("$.target", "no modal \"\(id)\"" + Suggest.hint(id, in: model.prototype.modals.map(\.id)))
    }
}

extension ActionChoice {
    var json: JSONValue {
        switch self {
        case .title(let t): return .string(t)
        case .index(let i): return .number(Double(i))
        }
    }
}
