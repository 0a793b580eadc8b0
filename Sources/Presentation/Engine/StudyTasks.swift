import EventSchema
import JSON
import Prototype

/// A task of a usability study while it runs: part of the ``PresentationState``, so a replay
/// of the same actions runs it the same way.
public struct RunningTask: Sendable, Equatable, Hashable {
    /// The task's id (``StudyTask/id``).
    public var id: String
    /// Milliseconds since the session started when the task started.
    public var startedMs: Int
    /// The tap targets made since it started, in order (see ``TaskOutcome/direct``).
    public var taps: [String]

    /// A task that started at `startedMs`, with no taps yet.
    public init(id: String, startedMs: Int, taps: [String] = []) {
        self.id = id
        self.startedMs = startedMs
        self.taps = taps
    }
}

/// How a task ended: the `outcome` column of `task_end`.
public enum TaskOutcome: String, Sendable, CaseIterable {
    /// Succeeded, and the taps made during the task are exactly its `expectedPath`.
    case direct
    /// Succeeded by another route (or a task without `expectedPath`).
    case indirect
    /// The participant gave up (`giveUp` action).
    case gaveUp
    /// Its `timeLimitSeconds` passed first.
    case timedOut

    /// Whether the task was done.
    public var isSuccess: Bool { self == .direct || self == .indirect }
}

extension StudyTask {
    /// Whether the task is done in `state`, after an action whose events are `events`:
    /// - `screen`: the screen is the one showing with nothing presented over it (the app's
    ///   screen with an empty stack, or the screen of the top modal);
    /// - `modal`: the modal is the top of the stack;
    /// - `dismissed`: one of `events` is a `dismiss` of the modal, whose `target` is `by` when
    ///   `by` is given.
    public func isMet(in state: PresentationState, events: [EngineEvent]) -> Bool {
        switch success {
        case .screen(let id):
            if let top = state.top { return top.screen == id }
            return state.screen == id
        case .modal(let id):
            return state.top?.modal == id
        case .dismissed(let modal, let by):
            return events.contains { $0.type == .dismiss && $0.modal == modal && (by == nil || $0.target == by) }
        }
    }

    /// The time limit in milliseconds, if any.
    public var timeLimitMs: Int? { timeLimitSeconds.map { Int(($0 * 1000).rounded()) } }
}

extension EngineEvent {
    /// The tap target this event counts as on a task's path: for a `tap`, the button of an
    /// alert, action sheet or activity view it chose (`props.button`), else its `target`; for a
    /// person's `focus` of a text field or text area, the control (a browser focuses a field it
    /// is tapped on, and sends that instead of a tap; an automatic focus, or one of an alert's
    /// fields, is not a step); `nil` for every other type (taps outside, Home and keys are not
    /// taps).
    public var pathStep: String? {
        switch type {
        case .tap: return props["button"]?.stringValue ?? target
        case .focus where props["automatic"] == nil && props["field"] == nil: return target
        default: return nil
        }
    }

    /// The steps `events` add to a task's path after `taps`: each event's ``pathStep``, except
    /// that focusing the field the last step already names (a tap on it, then its focus) is
    /// one step, not two.
    public static func pathSteps(of events: [EngineEvent], after taps: [String]) -> [String] {
        var steps: [String] = []
        for e in events {
            guard let step = e.pathStep else { continue }
            if e.type == .focus, (steps.last ?? taps.last) == step { continue }
            steps.append(step)
        }
        return steps
    }
}

extension PresentationEngine {
    /// `taskStart`: starts task `id`, logging `task_start` (`target` the task). A task still
    /// running ends first as `gaveUp`.
    ///
    /// - Throws: ``EngineRequestError`` when the prototype has no task `id`.
    func startTask(_ id: String, in state: PresentationState, atMs now: Int) throws(EngineRequestError) -> Outcome {
        guard let task = prototype.task(id) else {
            let known = prototype.tasks.map(\.id)
            throw EngineRequestError(
                path: "$.task",
                message: "no task \"\(id)\""
                    + (known.isEmpty
                        ? "; the prototype declares no tasks" : Suggest.hint(id, in: known)))
        }
        var next = state
        var events: [EngineEvent] = []
        if let running = next.task {
            var end = taskEnd(running, .gaveUp, in: next, atMs: now)
            end.task = running.id
            events.append(end)
        }
        next.task = RunningTask(id: task.id, startedMs: now)
        var props = JSONObject()
        props["prompt"] = .string(task.prompt)
        var start = EngineEvent(
            type: .taskStart, screen: next.shownScreen, modal: next.top?.modal, target: task.id, props: props)
        start.task = task.id
        events.append(start)
        return Outcome(state: next, diagnostics: [], events: events, refusal: nil)
    }

    /// `giveUp`: the running task ends as `gaveUp`.
    ///
    /// - Throws: ``EngineRequestError`` when no task is running.
    func giveUp(in state: PresentationState, atMs now: Int) throws(EngineRequestError) -> Outcome {
        guard let running = state.task else {
            throw EngineRequestError(path: "$.type", message: "no task is running; start one with taskStart first")
        }
        var next = state
        let end = taskEnd(running, .gaveUp, in: next, atMs: now)
        next.task = nil
        return Outcome(state: next, diagnostics: [], events: [end], refusal: nil)
    }

    /// The `task_end` event of `running` (`target` the task, `outcome`, `duration_ms`; a time-out
    /// lasts exactly the limit).
    func taskEnd(_ running: RunningTask, _ outcome: TaskOutcome, in state: PresentationState, atMs now: Int)
        -> EngineEvent
    {
        var duration = max(0, now - running.startedMs)
        if outcome == .timedOut, let limit = prototype.task(running.id)?.timeLimitMs { duration = limit }
        var props = JSONObject()
        props["taps"] = .array(running.taps.map { .string($0) })
        var e = EngineEvent(
            type: .taskEnd, screen: state.shownScreen, modal: state.top?.modal, target: running.id,
            durationMs: duration, props: props)
        e.outcome = outcome.rawValue
        return e
    }
}
