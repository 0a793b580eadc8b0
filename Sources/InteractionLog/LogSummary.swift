import EventSchema

/// Summary metrics of a log (docs/log.md): per modal and per session.
///
/// Definitions (also in docs/log.md, “Summaries”):
/// - **presentations**: `present` events naming the modal.
/// - **dismissals by `how`**: `dismiss` events naming the modal, by their `how` column
///   (`unknown` when it is `null`).
/// - **time up**: the `duration_ms` of those dismissals; median and p90 by linear
///   interpolation between closest ranks (DuckDB's `quantile_cont`, pandas' default).
/// - **cancel rate**: cancels ÷ dismissals, where a cancel is a dismissal that threw its work
///   away — the event's `props` has `"cancel": true` (the engine sets it for a Cancel control, a
///   swipe, Home, a tap outside a sheet or an action sheet, a confirmed discard; not for a tap
///   outside a popover, which keeps its work) or `"role": "cancel"` (a Cancel button) —; `nil`
///   when there were no dismissals.
/// - **refusals by rule**: `refused` events naming the modal, by `rule`.
/// - per session — **path**: in log order, the `screen` of `screen_enter` and `push` events and
///   the `modal` of `present` events, repeats in a row collapsed, and the `screen_enter` that
///   follows a `present` (naming its modal) left out; **misclick rate**: misclicks ÷
///   taps as docs/log.md says (it can exceed 1; `nil` when there were no taps); **duration**: last
///   event's `ts` − first event's `ts`, in milliseconds.
///
/// - **open at the end**: per modal, the sessions whose last event leaves it presented (a
///   `present` without a later `dismiss` of it); their time up is unknown and not in the
///   quantiles.
/// - per session — **status**: `ended` with a `session_end`, else `abandoned` (the person left
///   without the page saying so, or the session is still running).
/// - per task (`task_start` … `task_end`, by prototype and task id) — **attempts**: `task_start`
///   events; **direct, indirect, gave up, timed out**: `task_end` events by `outcome`;
///   **unfinished**: attempts without a `task_end`; **success rate**: (direct + indirect) ÷
///   attempts; **median and p90 time**: of the successful attempts' `duration_ms`; **misclick
///   rate**: misclicks ÷ taps among the events whose `task` column names it.
///
/// - per session — **study status**: `completed` when every task it was given (its
///   `session_start`'s `props.tasks`, else the tasks it started) has a `task_end`; else
///   `dropped` when it ended, at the first of them without one; else `in progress`.
/// - **SEQ** per task: the sessions' last answers (1–7), their mean and distribution; **SUS**
///   per session, Brooke (1996), when all ten items were answered, and its mean.
/// - **results**: one row per session × task (``ResultRow``).
///
/// Filters select whole sessions: `prototype`, `session` and `share` as the rows say; `device`,
/// `orientation`, `audience`, `label`, `appearance`, `from` and `to` by the session's
/// `session_start` (a session whose start is outside them is out, all of it); `task` keeps the
/// sessions that started that task. A `type`
/// filter keeps sessions that have a `session_start` and is otherwise ignored: a summary never
/// cuts a session apart.
///
/// Memory grows with the number of modals, tasks, sessions and dismissals, not with the log's size.
public struct LogSummary: Sendable, Equatable {
    /// Events summarized.
    public var events: Int
    /// Lines skipped because they did not decode as events.
    public var skippedLines: Int
    /// One entry per (prototype, modal), ordered by prototype then modal id.
    public var modals: [ModalSummary]
    /// One entry per session, ordered by first event.
    public var sessions: [SessionSummary]
    /// One entry per (prototype, task), ordered by prototype then task id.
    public var tasks: [TaskSummary] = []
    /// The results table: one row per session × task, sessions in order, tasks in the order
    /// the session was given them (``ResultRow``).
    public var results: [ResultRow] = []
    /// Mean of the sessions' complete SUS scores (``SessionSummary/susScore``); `nil` without any.
    public var susMean: Double? {
        let scores = sessions.compactMap(\.susScore)
        return scores.isEmpty ? nil : scores.reduce(0, +) / Double(scores.count)
    }

    /// A summary of the given parts.
    public init(
        events: Int, skippedLines: Int, modals: [ModalSummary], sessions: [SessionSummary], tasks: [TaskSummary] = []
    ) {
        self.events = events
        self.skippedLines = skippedLines
        self.modals = modals
        self.sessions = sessions
        self.tasks = tasks
    }
}

/// Metrics of one task of a usability study (see ``LogSummary`` for the definitions).
public struct TaskSummary: Sendable, Equatable {
    /// The prototype id (`nil` when the events named none).
    public var prototype: String?
    /// The task id.
    public var task: String
    /// `task_start` events.
    public var attempts: Int
    /// `task_end` events with outcome `direct`.
    public var direct: Int
    /// … `indirect`.
    public var indirect: Int
    /// … `gaveUp`.
    public var gaveUp: Int
    /// … `timedOut`.
    public var timedOut: Int
    /// Attempts without a `task_end` (the session ended or was left mid-task).
    public var unfinished: Int { max(0, attempts - direct - indirect - gaveUp - timedOut) }
    /// (direct + indirect) ÷ attempts; `nil` without attempts.
    public var successRate: Double? { attempts == 0 ? nil : Double(direct + indirect) / Double(attempts) }
    /// Median `duration_ms` of the successful attempts; `nil` without any.
    public var medianTimeMs: Double?
    /// 90th percentile of the same.
    public var p90TimeMs: Double?
    /// `tap` events during the task.
    public var taps: Int
    /// `misclick` events during the task.
    public var misclicks: Int
    /// misclicks ÷ taps; `nil` without taps.
    public var misclickRate: Double? { taps == 0 ? nil : Double(misclicks) / Double(taps) }
    /// The Single Ease Question's answers about the task: how many sessions answered 1, 2, …
    /// 7 (index 0 is 1), a session's last answer counting.
    public var seqDistribution: [Int] = Array(repeating: 0, count: 7)
    /// Sessions that answered the SEQ about the task.
    public var seqAnswers: Int { seqDistribution.reduce(0, +) }
    /// Mean SEQ (1–7, 7 very easy); `nil` without answers.
    public var seqMean: Double? {
        let n = seqAnswers
        guard n > 0 else { return nil }
        return Double(seqDistribution.enumerated().reduce(0) { $0 + ($1.offset + 1) * $1.element }) / Double(n)
    }
    /// The funnel along the task's expected path; `nil` when the summary was not given the
    /// task's expected path (``LogSource/summary(filter:expectedPaths:)``) or it has none.
    public var funnel: TaskFunnel? = nil
}

/// Metrics of one modal of one prototype (see ``LogSummary`` for the definitions).
public struct ModalSummary: Sendable, Equatable {
    /// The prototype id of the events (`nil` when they named none).
    public var prototype: String?
    /// The modal id.
    public var modal: String
    /// `present` events.
    public var presentations: Int
    /// `dismiss` events: the sum of ``dismissalsByHow``.
    public var dismissals: Int { dismissalsByHow.values.reduce(0, +) }
    /// Dismissals by `how` (keys: ``DismissHow`` raw values, other values as written,
    /// `unknown` for `null`); known ways are present with 0.
    public var dismissalsByHow: [String: Int]
    /// Median of the time up, in milliseconds; `nil` without durations.
    public var medianTimeUpMs: Double?
    /// 90th percentile of the time up, in milliseconds; `nil` without durations.
    public var p90TimeUpMs: Double?
    /// Dismissals that threw their work away (``LogSummary/isCancel(_:)``).
    public var cancels: Int
    /// cancels ÷ dismissals, in 0…1; `nil` without dismissals.
    public var cancelRate: Double? {
        let dismissals = dismissals
        return dismissals == 0 ? nil : Double(cancels) / Double(dismissals)
    }
    /// `refused` events: the sum of ``refusalsByRule``.
    public var refusals: Int { refusalsByRule.values.reduce(0, +) }
    /// Refusals by rule id (`unknown` for `null`).
    public var refusalsByRule: [String: Int]
    /// Sessions whose last event leaves the modal presented.
    public var openAtEnd: Int = 0
}

/// Metrics of one session (see ``LogSummary`` for the definitions).
public struct SessionSummary: Sendable, Equatable {
    /// The session id.
    public var session: String
    /// Prototype of the session's first event that names one.
    public var prototype: String?
    /// Share link id of the session's first event that names one.
    public var share: String?
    /// Device of the session's first event that names one.
    public var device: String?
    /// `ts` of the first event, microseconds since the epoch.
    public var start: Int64
    /// `ts` of the last event, microseconds since the epoch.
    public var end: Int64
    /// `end − start` in milliseconds.
    public var durationMs: Int { Int((end - start) / 1000) }
    /// Whether a `session_end` was logged.
    public var ended: Bool
    /// Events of the session.
    public var events: Int
    /// Screens and modals entered, in order.
    public var path: [String]
    /// `tap` events.
    public var taps: Int
    /// `misclick` events.
    public var misclicks: Int
    /// misclicks ÷ taps; `nil` without taps.
    public var misclickRate: Double? { taps == 0 ? nil : Double(misclicks) / Double(taps) }
    /// Orientation of the session's first event that names one.
    public var orientation: String? = nil
    /// Modals still presented at its last event, bottom to top.
    public var openModals: [String] = []
    /// Tasks started, in order.
    public var tasks: [String] = []
    /// `ended` or `abandoned` (see ``LogSummary``).
    public var status: String { ended ? "ended" : "abandoned" }
    /// Who ran it: its `session_start`'s `audience` (`owner`, `link`, `participant`; for a
    /// log written before the column, `owner` or `link` by its share link).
    public var audience: String? = nil
    /// The share link's label at its start.
    public var shareLabel: String? = nil
    /// A participant link's participant id.
    public var pid: String? = nil
    /// The appearance it started in.
    public var appearance: String? = nil
    /// The tasks it was given, in order (its `session_start`'s `props.tasks`, a participant
    /// link's; else the tasks it started, each once, in order).
    public var assignedTasks: [String] = []
    /// The tasks that ended (a `task_end`, any outcome).
    public var endedTasks: Set<String> = []
    /// Its answers to the SUS's items, by item (1…10); a later answer replaces an earlier one.
    public var susItems: [Int: Int] = [:]
    /// Its SEQ answers by task; a later answer replaces an earlier one.
    public var seqByTask: [String: Int] = [:]
    /// Its comments (`answer` events of `comment`), in order.
    public var comments: [String] = []
    /// Its task attempts, in order.
    var attempts: [Attempt] = []

    /// One `task_start` … `task_end` of the session.
    struct Attempt: Sendable, Equatable {
        var task: String
        /// Its `task_start`'s `t_ms`.
        var startMs: Int?
        var outcome: String?
        var durationMs: Int?
        /// Touches of a control or a field (``EventSchema/EventFields/pathStep(after:)``).
        var taps = 0
        var misclicks = 0
        /// The last of its path's steps so far.
        var lastStep: String?
    }

    /// `completed`, `dropped` or `in progress` (see ``LogSummary``): how far the person got.
    public var studyStatus: String {
        if !assignedTasks.isEmpty, assignedTasks.allSatisfy({ endedTasks.contains($0) }) { return "completed" }
        if ended { return assignedTasks.isEmpty ? "completed" : "dropped" }
        return "in progress"
    }

    /// For a `dropped` session, the first of its tasks that did not end, and its place in the
    /// session's order (1 for the first task).
    public var droppedAt: (task: String, n: Int)? {
        guard studyStatus == "dropped", let i = assignedTasks.firstIndex(where: { !endedTasks.contains($0) }) else {
            return nil
        }
        return (assignedTasks[i], i + 1)
    }

    /// The System Usability Scale score, 0–100, when all ten items were answered: Brooke
    /// (1996), "SUS: a 'quick and dirty' usability scale": odd items score − 1, even items
    /// 5 − score, the sum × 2.5. `nil` when an item is missing (Brooke asks for every item; the
    /// count answered is in ``susItems``).
    public var susScore: Double? {
        guard (1...10).allSatisfy({ susItems[$0] != nil }) else { return nil }
        let sum = (1...10).reduce(0) { $0 + ($1 % 2 == 1 ? susItems[$1]! - 1 : 5 - susItems[$1]!) }
        return Double(sum) * 2.5
    }
}

/// One row of the results table: a session × a task it was given or started (the last attempt
/// of it, when there were several).
public struct ResultRow: Sendable, Equatable {
    /// The prototype id.
    public var prototype: String?
    /// The session id.
    public var session: String
    /// Who ran it (``SessionSummary/audience``).
    public var audience: String?
    /// The share link's id.
    public var share: String?
    /// The share link's label.
    public var shareLabel: String?
    /// The participant id.
    public var pid: String?
    /// The device it started on.
    public var device: String?
    /// The appearance it started in.
    public var appearance: String?
    /// The task's place in the session's order, from 1.
    public var position: Int
    /// The task id.
    public var task: String
    /// `task_start`s of the task in the session.
    public var attempts: Int
    /// `direct`, `indirect`, `gaveUp`, `timedOut`; `unfinished` (started, never ended) or
    /// `not started`.
    public var outcome: String
    /// The last attempt's `duration_ms` (its `task_end`'s); `nil` when it did not end.
    public var timeMs: Int?
    /// Touches of the screen on a control or a text field during the last attempt: its `tap`
    /// events, and each person's `focus` of a field that no tap on it just came before (a
    /// browser focuses a field it is tapped on and sends that instead), as the task's path
    /// counts its steps (``EventSchema/EventFields/pathStep(after:)``). Misclicks (touches on
    /// nothing) are counted apart, in ``misclicks``.
    public var taps: Int
    /// Misclicks during the last attempt.
    public var misclicks: Int
    /// The session's SEQ answer about the task (1–7), if any.
    public var seq: Int?
    /// The session's ``SessionSummary/studyStatus``.
    public var status: String
}

extension LogSummary {
    /// The columns a summary reads (`props` only of dismissals, for ``isCancel(_:)``, answers,
    /// starts, and focuses and edits: whether one was a path step or not).
    static let columns = LogEvent.Columns(
        [
            "prototype", "session", "share", "device", "orientation", "screen", "modal", "target", "how", "rule",
            "duration_ms", "task", "outcome", "audience", "share_label", "pid", "appearance",
        ], propsTypes: [.dismiss, .answer, .sessionStart, .focus, .edit])

    /// Accumulates events one at a time (memory per modal, per session, per dismissal).
    struct Builder {
        struct ModalKey: Hashable, Comparable {
            var prototype: String
            var modal: String
            var hasPrototype: Bool
            static func < (a: ModalKey, b: ModalKey) -> Bool { (a.prototype, a.modal) < (b.prototype, b.modal) }
        }

        struct ModalAcc {
            var presentations = 0
            var dismissalsByHow: [String: Int] = [:]
            var durations: [Double] = []
            var cancels = 0
            var refusalsByRule: [String: Int] = [:]
        }

        struct TaskAcc {
            var attempts = 0
            var outcomes: [String: Int] = [:]
            var durations: [Double] = []
            var taps = 0
            var misclicks = 0
        }

        var events = 0
        var tasks: [ModalKey: TaskAcc] = [:]
        var modals: [ModalKey: ModalAcc] = [:]
        /// Sessions in order of first event, and where each is in that list.
        var sessionList: [SessionSummary] = []
        var sessionIndex = RunIndex<String>()

        mutating func add(_ e: LogEvent) {
            events += 1
            let f = e.fields  // the columns read straight, not through key paths (the summary's hot loop)
            if let modal = f.modal, f.type == .present || f.type == .dismiss || f.type == .refused {
                let key = ModalKey(prototype: f.prototype ?? "", modal: modal, hasPrototype: f.prototype != nil)
                // Mutated in place: a copy would copy `durations` on every event.
                modifyInPlace(&modals[key, default: ModalAcc()]) { acc in
                    switch f.type {
                    case .present: acc.presentations += 1
                    case .dismiss:
                        acc.dismissalsByHow[f.how ?? "unknown", default: 0] += 1
                        if let d = f.durationMs { acc.durations.append(Double(d)) }
                        if LogSummary.isCancel(e) { acc.cancels += 1 }
                    case .refused: acc.refusalsByRule[f.rule ?? "unknown", default: 0] += 1
                    default: break
                    }
                }
            }
            if let task = f.task, f.type == .taskStart || f.type == .taskEnd || f.type == .tap || f.type == .misclick {
                let key = ModalKey(prototype: f.prototype ?? "", modal: task, hasPrototype: f.prototype != nil)
                modifyInPlace(&tasks[key, default: TaskAcc()]) { acc in
                    switch f.type {
                    case .taskStart: acc.attempts += 1
                    case .taskEnd:
                        let outcome = f.outcome ?? "unknown"
                        acc.outcomes[outcome, default: 0] += 1
                        if outcome == "direct" || outcome == "indirect", let d = f.durationMs {
                            acc.durations.append(Double(d))
                        }
                    case .tap: acc.taps += 1
                    case .misclick: acc.misclicks += 1
                    default: break
                    }
                }
            }
            guard let sid = f.session else { return }
            let (index, isNew) = sessionIndex.index(of: sid)
            if isNew {
                sessionList.append(
                    SessionSummary(
                        session: sid, prototype: nil, share: nil, device: nil, start: e.ts, end: e.ts, ended: false,
                        events: 0, path: [], taps: 0, misclicks: 0))
            }
            Builder.addToSession(&sessionList[index], e, f)
        }

        /// One event's share of its session's summary.
        static func addToSession(_ s: inout SessionSummary, _ e: LogEvent, _ f: EventFields) {
            s.events += 1
            s.prototype = s.prototype ?? f.prototype
            s.share = s.share ?? f.share
            s.device = s.device ?? f.device
            s.orientation = s.orientation ?? f.orientation
            s.start = min(s.start, e.ts)
            // The server's stop is not the person's last moment: a session it ended lasts
            // to its last event before.
            if !(f.type == .sessionEnd && f.how == SessionEndHow.shutdown.rawValue) { s.end = max(s.end, e.ts) }
            switch f.type {
            // Ended by the person, a revocation or a timeout; a server's stop (`shutdown`)
            // leaves the session to carry on when it is back.
            case .sessionEnd: s.ended = f.how != SessionEndHow.shutdown.rawValue
            case .tap: s.taps += 1
            case .misclick: s.misclicks += 1
            case .screenEnter, .push:
                // The screen_enter of a presentation names the modal just entered; a system
                // modal (alert, action sheet) has no screen of its own, and the one under it
                // was not entered again.
                if f.type == .screenEnter, let modal = f.modal, s.path.last == modal { break }
                if let screen = f.screen, s.path.last != screen { s.path.append(screen) }
            case .present:
                if let modal = f.modal, s.path.last != modal { s.path.append(modal) }
                if let modal = f.modal { s.openModals.append(modal) }
            case .dismiss:
                if let modal = f.modal, let i = s.openModals.lastIndex(of: modal) { s.openModals.remove(at: i) }
            case .taskStart:
                if let t = f.target { s.tasks.append(t) }
            default: break
            }
            Builder.addToStudy(&s, e, f)
        }

        /// One event's share of the session's study figures: who ran it, its tasks' attempts,
        /// its answers.
        static func addToStudy(_ s: inout SessionSummary, _ e: LogEvent, _ f: EventFields) {
            switch f.type {
            case .sessionStart:
                if s.audience == nil {
                    s.audience = LogFilter.audience(of: e)
                    s.shareLabel = f.shareLabel
                    s.pid = f.pid
                    s.appearance = f.appearance
                    if case .array(let tasks)? = e.props["tasks"] {
                        s.assignedTasks = tasks.compactMap(\.stringValue)
                    }
                }
            case .taskStart:
                if let t = f.target { s.attempts.append(SessionSummary.Attempt(task: t, startMs: e.tMs)) }
            case .taskEnd:
                guard let t = f.target ?? f.task else { break }
                s.endedTasks.insert(t)
                if let i = s.attempts.lastIndex(where: { $0.task == t }), s.attempts[i].outcome == nil {
                    s.attempts[i].outcome = f.outcome ?? "unknown"
                    s.attempts[i].durationMs = f.durationMs
                }
            case .tap, .misclick, .focus, .edit:
                // The tap that ends a task may come after its task_end: it still counts. The
                // player's misclicks come in batches, maybe after the task was started again:
                // each counts for the attempt running when it happened (by `t_ms`).
                guard let t = f.task,
                    let i = s.attempts.lastIndex(where: { $0.task == t && ($0.startMs ?? 0) <= (e.tMs ?? .max) })
                        ?? s.attempts.lastIndex(where: { $0.task == t })
                else { break }
                if f.type == .misclick {
                    s.attempts[i].misclicks += 1
                } else if let step = f.pathStep(after: s.attempts[i].lastStep) {
                    // Every touch on a control or a field, as the task's path counts them: a
                    // tap, a person's focus of a field (sent instead of a tap), not both, or a
                    // person's edit of a toggle or segmented control (sent instead of a tap).
                    s.attempts[i].taps += 1
                    s.attempts[i].lastStep = step
                }
            case .answer:
                guard let q = f.target else { break }
                if q == "seq", let t = f.task, let score = e.props["score"]?.intValue, (1...7).contains(score) {
                    s.seqByTask[t] = score
                } else if q.hasPrefix("sus"), let item = Int(q.dropFirst(3)), (1...10).contains(item),
                    let score = e.props["score"]?.intValue, (1...5).contains(score)
                {
                    s.susItems[item] = score
                } else if q == "comment", let text = e.props["text"]?.stringValue {
                    s.comments.append(text)
                }
            default: break
            }
        }

        func finish(skippedLines: Int) -> LogSummary {
            var sessionList = self.sessionList
            var tasks = self.tasks
            var seqs: [ModalKey: [Int]] = [:]
            for i in sessionList.indices {
                // Without a participant link's order, the tasks it started, each once, in order.
                if sessionList[i].assignedTasks.isEmpty {
                    var seen = Set<String>()
                    sessionList[i].assignedTasks = sessionList[i].attempts.map(\.task).filter {
                        seen.insert($0).inserted
                    }
                }
                let s = sessionList[i]
                for (t, score) in s.seqByTask {
                    let key = ModalKey(prototype: s.prototype ?? "", modal: t, hasPrototype: s.prototype != nil)
                    if tasks[key] == nil { tasks[key] = TaskAcc() }
                    seqs[key, default: Array(repeating: 0, count: 7)][score - 1] += 1
                }
            }
            var open: [ModalKey: Int] = [:]
            for s in sessionList {
                for m in Set(s.openModals) {
                    open[
                        ModalKey(prototype: s.prototype ?? "", modal: m, hasPrototype: s.prototype != nil), default: 0] +=
                        1
                }
            }
            let taskSummaries = tasks.keys.sorted().map { key -> TaskSummary in
                let acc = tasks[key]!
                let sorted = acc.durations.sorted()
                return TaskSummary(
                    prototype: key.hasPrototype ? key.prototype : nil, task: key.modal, attempts: acc.attempts,
                    direct: acc.outcomes["direct"] ?? 0, indirect: acc.outcomes["indirect"] ?? 0,
                    gaveUp: acc.outcomes["gaveUp"] ?? 0, timedOut: acc.outcomes["timedOut"] ?? 0,
                    medianTimeMs: LogSummary.quantile(sorted, 0.5), p90TimeMs: LogSummary.quantile(sorted, 0.9),
                    taps: acc.taps, misclicks: acc.misclicks,
                    seqDistribution: seqs[key] ?? Array(repeating: 0, count: 7))
            }
            var modals = self.modals
            for key in open.keys where modals[key] == nil { modals[key] = ModalAcc() }
            let modalSummaries = modals.keys.sorted().map { key -> ModalSummary in
                let acc = modals[key]!
                var byHow: [String: Int] = [:]
                for how in DismissHow.allCases { byHow[how.rawValue] = 0 }
                byHow.merge(acc.dismissalsByHow) { $1 }
                let sorted = acc.durations.sorted()
                return ModalSummary(
                    prototype: key.hasPrototype ? key.prototype : nil, modal: key.modal,
                    presentations: acc.presentations, dismissalsByHow: byHow,
                    medianTimeUpMs: LogSummary.quantile(sorted, 0.5), p90TimeUpMs: LogSummary.quantile(sorted, 0.9),
                    cancels: acc.cancels, refusalsByRule: acc.refusalsByRule, openAtEnd: open[key] ?? 0)
            }
            let sessionSummaries =
                sessionList
                .sorted { ($0.start, $0.session) < ($1.start, $1.session) }
            var summary = LogSummary(
                events: events, skippedLines: skippedLines, modals: modalSummaries, sessions: sessionSummaries,
                tasks: taskSummaries)
            summary.results = sessionSummaries.flatMap(LogSummary.resultRows)
            return summary
        }
    }

    /// The results rows of session `s`: one per task it was given (or started), in its order,
    /// then the tasks it started that it was not given.
    static func resultRows(_ s: SessionSummary) -> [ResultRow] {
        var order = s.assignedTasks
        for a in s.attempts where !order.contains(a.task) { order.append(a.task) }
        let status = s.studyStatus
        return order.enumerated().map { i, task in
            let mine = s.attempts.filter { $0.task == task }
            let last = mine.last
            return ResultRow(
                prototype: s.prototype, session: s.session, audience: s.audience, share: s.share,
                shareLabel: s.shareLabel, pid: s.pid, device: s.device, appearance: s.appearance, position: i + 1,
                task: task, attempts: mine.count,
                outcome: last.map { $0.outcome ?? "unfinished" } ?? "not started", timeMs: last?.durationMs,
                taps: last?.taps ?? 0, misclicks: last?.misclicks ?? 0, seq: s.seqByTask[task], status: status)
        }
    }

    /// Whether a `dismiss` event threw its work away: `props.cancel` or a Cancel button (see
    /// ``LogSummary``).
    public static func isCancel(_ e: LogEvent) -> Bool {
        if e.props["cancel"]?.boolValue == true { return true }
        if e.props["role"]?.stringValue == "cancel" { return true }
        return false
    }

    /// The `q` quantile of ascending `sorted` by linear interpolation; `nil` when empty.
    public static func quantile(_ sorted: [Double], _ q: Double) -> Double? {
        guard !sorted.isEmpty else { return nil }
        let h = Double(sorted.count - 1) * q
        let lo = Int(h.rounded(.down))
        let hi = min(lo + 1, sorted.count - 1)
        return sorted[lo] + (h - Double(lo)) * (sorted[hi] - sorted[lo])
    }
}
