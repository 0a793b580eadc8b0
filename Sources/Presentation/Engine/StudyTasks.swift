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

extension PresentationEngine {
    /// `taskStart`: starts task `id` from its start (``StudyTask/start``; by default the
    /// prototype's start screen with nothing presented). A task still running ends first as
    /// `gaveUp`. Then the app is reset to the start (``taskStartState(_:from:atMs:)``) and
    /// `task_start` is logged (`target` the task, props `prompt`, `reset: true` and `start`,
    /// `{"screen", "present"}`), followed by the reset's `screen_enter` and the start's
    /// presentations.
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
        var events: [EngineEvent] = []
        if let running = state.task {
            var end = taskEnd(running, .gaveUp, in: state, atMs: now)
            end.task = running.id
            events.append(end)
        }
        let start = task.start ?? TaskStart(screen: prototype.start)
        let reset = taskStartState(start, from: state, atMs: now)
        var next = reset.state
        next.task = RunningTask(id: task.id, startedMs: now)
        var props = JSONObject()
        props["prompt"] = .string(task.prompt)
        props["reset"] = .bool(true)
        props["start"] = [
            "screen": .string(start.screen), "present": .array(start.present.map { .string($0) }),
        ]
        var first = EngineEvent(type: .taskStart, screen: start.screen, target: task.id, props: props)
        first.task = task.id
        events.append(first)
        // The reset's events are the new task's (a task that was running has ended above).
        events += reset.events.map {
            var e = $0
            e.task = task.id
            return e
        }
        return Outcome(state: next, diagnostics: reset.diagnostics, events: events, refusal: nil)
    }

    /// The app reset to `start`, keeping `state`'s environment (device, window, traits, iOS
    /// version) and whether the person has interacted: the navigation stack from the
    /// prototype's start screen to `start.screen` (the shortest route of `push` actions of app
    /// screens' controls, else `start.screen` alone), nothing presented, no keyboard, no menu,
    /// no edited values; then `start.present`'s modals presented in order as app-initiated
    /// presentations (`present`), by the engine's own rules. The events are the `screen_enter`
    /// of the start screen and those of the presentations; one that is refused here (the
    /// linter's `task.start` checks every start in every environment it can) is logged as
    /// refused and the rest go on. The start shows as already drawn: no transition is running.
    public func taskStartState(_ start: TaskStart, from state: PresentationState, atMs now: Int) -> (
        state: PresentationState, events: [EngineEvent], diagnostics: [Diagnostic]
    ) {
        var next = PresentationState(
            prototype: state.prototype, environment: state.environment, appScreens: appRoute(to: start.screen),
            interacted: state.interacted)
        next.seq = state.seq
        var events = [EngineEvent(type: .screenEnter, screen: start.screen)]
        var diagnostics: [Diagnostic] = []
        for modal in start.present {
            guard let o = try? applyPresentation(.present(modal: modal), to: next, atMs: now) else {
                events.append(
                    EngineEvent(
                        type: .refused, screen: next.shownScreen, modal: modal, target: modal,
                        props: ["message": .string("the task's start presents \"\(modal)\", which is not a modal here")]
                    ))
                continue
            }
            events += o.events
            diagnostics += o.diagnostics
            if o.refusal == nil {
                next = o.state
                next.lastTransitionMs = nil
            }
        }
        next.interacted = state.interacted
        return (next, events, diagnostics)
    }

    /// The navigation stack that shows app screen `screen`: the prototype's start screen, then
    /// the screens its controls' `push` actions lead through to `screen`, by the fewest pushes
    /// (breadth first); `[screen]` when no route of pushes reaches it.
    func appRoute(to screen: String) -> [String] {
        let start = prototype.start
        if screen == start { return [start] }
        var previous: [String: String] = [start: ""]
        var queue = [start]
        var i = 0
        while i < queue.count {
            let from = queue[i]
            i += 1
            guard let s = prototype.screens.first(where: { $0.id == from }) else { continue }
            var targets: [String] = []
            for c in s.allControls {
                if case .push(let to)? = c.action { targets.append(to) }
                for item in c.items { if case .push(let to)? = item.action { targets.append(to) } }
            }
            for to in targets where previous[to] == nil {
                previous[to] = from
                if to == screen {
                    var route = [to]
                    var at = from
                    while !at.isEmpty {
                        route.append(at)
                        at = previous[at] ?? ""
                    }
                    return route.reversed()
                }
                queue.append(to)
            }
        }
        return [screen]
    }

    /// The questions of `answer`: the Single Ease Question, the System Usability Scale's ten
    /// items (Brooke 1996), and a free comment.
    public static let questions = ["seq"] + (1...10).map { "sus\($0)" } + ["comment"]
    /// The longest comment kept, in UTF-16 code units.
    public static let maxCommentLength = 4000

    /// `answer`: a study question answered, logged as `answer` (`target` the question, `task`
    /// the task it is about: `task`, else the running one; props `score` or `text`). The state
    /// is unchanged.
    ///
    /// - `seq`: the Single Ease Question (Sauro & Dumas 2009), an integer 1–7 (7: very easy),
    ///   about a task, named or running;
    /// - `sus1` … `sus10`: the System Usability Scale's items, an integer 1–5 (1: strongly
    ///   disagree), scored by Brooke (1996);
    /// - `comment`: free text, at most ``maxCommentLength`` UTF-16 code units (a text area's
    ///   `maxlength`).
    ///
    /// - Throws: ``EngineRequestError`` for another question, a value out of range, an unknown
    ///   task, or a SEQ with no task.
    func answer(_ question: String, task: String?, value: JSONValue, in state: PresentationState)
        throws(EngineRequestError) -> Outcome
    {
        guard Self.questions.contains(question) else {
            throw EngineRequestError(
                path: "$.question",
                message: "expected seq, sus1 … sus10 or comment; found \"\(question)\""
                    + Suggest.hint(question, in: Self.questions))
        }
        if let task, prototype.task(task) == nil {
            throw EngineRequestError(
                path: "$.task", message: "no task \"\(task)\"" + Suggest.hint(task, in: prototype.tasks.map(\.id)))
        }
        let about = task ?? state.task?.id
        var props = JSONObject()
        if question == "comment" {
            // In UTF-16 code units, as the panel's text area counts its `maxlength`: a count of
            // characters as drawn takes a letter under any number of combining marks as one.
            guard case .string(let text) = value, text.utf16.count <= Self.maxCommentLength else {
                throw EngineRequestError(
                    path: "$.value",
                    message:
                        "expected a comment of at most \(Self.maxCommentLength) characters; found \(JSONReader.describe(value))"
                )
            }
            // Typed text: its length, and its words only when the prototype opts in
            // (`"questions": {"record": "value"}`), as for a text field's edits.
            props["length"] = .int(text.count)
            props["empty"] = .bool(text.isEmpty)
            if prototype.questions.record == .value { props["text"] = .string(text) }
        } else {
            let top = question == "seq" ? 7 : 5
            guard let n = value.intValue, n >= 1, n <= top, value.numberValue == Double(n) else {
                throw EngineRequestError(
                    path: "$.value",
                    message: "expected an integer 1–\(top) for \(question); found \(JSONReader.describe(value))")
            }
            if question == "seq" && about == nil {
                throw EngineRequestError(
                    path: "$.task", message: "the Single Ease Question is about a task; name it (\"task\")")
            }
            props["score"] = .int(n)
        }
        var e = EngineEvent(type: .answer, screen: state.shownScreen, target: question, props: props)
        e.task = about
        return Outcome(state: state, diagnostics: [], events: [e], refusal: nil)
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
