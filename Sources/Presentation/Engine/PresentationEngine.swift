import JSON
import Prototype

/// The runtime presentation engine: a pure function of (prototype, state, action, time) →
/// (state, diagnostics, log events). It knows nothing of HTTP or files (STYLE.md: pure core).
///
/// It refuses what UIKit refuses or the guidelines forbid (`error` rules of docs/rules.md:
/// HTTP 409 with the state unchanged), adapts what UIKit adapts (ADAPT rules, recomputed after every
/// action, so a rotation or resize changes the layers live), warns where the HIG advises, and
/// follows the gestures of docs/rules.md. Every refusal names a catalogue rule of severity `error`.
///
/// The work is split by concern across `Transaction+*.swift`: layers and hit-testing, taps,
/// presenting, dismissing, system modals (alerts, action sheets, activity views), gestures,
/// editing, navigation and settling (adaptation, popover layout, grabbers).
public struct PresentationEngine: Sendable {
    /// The prototype being run.
    public let prototype: Prototype
    /// Server options (`--on-popover-conflict`, transition time).
    public let options: EngineOptions
    let model: EngineModel

    public init(prototype: Prototype, options: EngineOptions = EngineOptions()) {
        self.prototype = prototype
        self.options = options
        self.model = EngineModel(prototype)
    }

    /// A fresh state on the start screen, and the `screen_enter` event for it. A prototype that
    /// sets `requiresFullScreen` runs full screen on an iPad whatever `multitasking` asks; a share
    /// iPadOS does not offer in that orientation (half in portrait) starts as two thirds (the API
    /// refuses it before it gets here). The session runs as the iOS version the environment asks
    /// for (``Environment/targetOS``), else as the prototype's `targetOS`.
    public func start(environment: Environment) -> (state: PresentationState, events: [EngineEvent]) {
        PresentationEngine.start(prototype, environment: environment)
    }

    /// The start of `prototype` in `environment` (see ``start(environment:)``), without building
    /// an engine: it needs none of the engine's lookups, so a page that only draws the first
    /// frame need not make them.
    public static func start(_ prototype: Prototype, environment: Environment) -> (
        state: PresentationState, events: [EngineEvent]
    ) {
        var env = environment
        if env.targetOS == nil { env.targetOS = prototype.targetOS }
        if prototype.requiresFullScreen { env.multitasking = .full }
        if !env.isSupported { env = env.rotated(to: env.orientation) }
        let state = PresentationState(prototype: prototype.id, environment: env, appScreens: [prototype.start])
        return (state, [EngineEvent(type: .screenEnter, screen: prototype.start)])
    }

    /// Applies `action` at `nowMs` (milliseconds since the session started).
    ///
    /// A refusal is not an error: the outcome carries it, with the state unchanged, and its
    /// events are the person's input (`tap`, `swipe`, …) and one `refused` event.
    /// - Throws: ``EngineRequestError`` (HTTP 400) for requests that name nothing that exists:
    ///   an unknown control or modal, a missing button, a detent the sheet lacks.
    ///
    /// A running task (``PresentationState/task``) follows the action: it ends as `timedOut`
    /// when its limit had passed before the action (which is then outside it), else the action's
    /// taps join it and it ends as `direct` or `indirect` when its success holds afterwards
    /// (``StudyTask/isMet(in:events:)``). `taskStart` and `giveUp` start and end tasks. Every
    /// event made while a task runs names it (`task`). ``PresentationState/seq`` counts the
    /// answers that changed the state.
    public func apply(_ action: EngineAction, to state: PresentationState, atMs nowMs: Int) throws(EngineRequestError)
        -> Outcome
    {
        var before = state
        var expired: [EngineEvent] = []
        if let running = state.task, let limit = prototype.task(running.id)?.timeLimitMs,
            nowMs - running.startedMs >= limit
        {
            var end = taskEnd(running, .timedOut, in: state, atMs: nowMs)
            end.task = running.id
            expired.append(end)
            before.task = nil
        }
        var o: Outcome
        switch action {
        case .taskStart(let id):
            o = try startTask(id, in: before, atMs: nowMs)
        case .giveUp where !expired.isEmpty:
            o = Outcome(state: before, diagnostics: [], events: [], refusal: nil)
        case .giveUp:
            o = try giveUp(in: before, atMs: nowMs)
        case .answer(let question, let task, let value):
            o = try answer(question, task: task, value: value, in: before)
        default:
            o = try applyPresentation(action, to: before, atMs: nowMs)
            if var running = o.state.task {
                running.taps += EngineEvent.pathSteps(of: o.events, after: running.taps)
                o.state.task = running
                if o.refusal == nil, let task = prototype.task(running.id), task.isMet(in: o.state, events: o.events) {
                    let direct = !task.expectedPath.isEmpty && running.taps == task.expectedPath
                    o.events.append(taskEnd(running, direct ? .direct : .indirect, in: o.state, atMs: nowMs))
                    o.state.task = nil
                }
            }
        }
        let taskID = before.task?.id ?? o.state.task?.id
        if let taskID { for i in o.events.indices where o.events[i].task == nil { o.events[i].task = taskID } }
        if !expired.isEmpty { o.events.insert(contentsOf: expired, at: 0) }
        if o.state != state { o.state.seq = state.seq + 1 }
        return o
    }

    /// ``apply(_:to:atMs:)`` without tasks: the presentation rules.
    func applyPresentation(_ action: EngineAction, to state: PresentationState, atMs nowMs: Int)
        throws(EngineRequestError) -> Outcome
    {
        var t = Transaction(model: model, options: options, state: state, now: nowMs)
        do {
            try t.run(action)
            t.settle()
            // The keyboard going down moves what avoided it: popovers are laid out again.
            if t.settleKeyboard() { t.settle() }
        } catch {
            switch error {
            case .request(let e):
                throw e
            case .refusal(let d):
                var events = Array(t.events.prefix(t.inputCount))
                events.append(
                    EngineEvent(
                        type: .refused, screen: state.screen, modal: d.modal, target: t.actionTarget, rule: d.rule,
                        severity: d.severity.rawValue, props: ["message": .string(d.message)]))
                return Outcome(state: state, diagnostics: [d], events: events, refusal: d)
            }
        }
        var next = t.s
        if action.isUserInteraction { next.interacted = true }
        return Outcome(state: next, diagnostics: t.diagnostics, events: t.events, refusal: nil)
    }
}
