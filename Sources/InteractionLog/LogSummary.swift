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
/// Filters select whole sessions: `prototype`, `session` and `share` as the rows say; `device`,
/// `orientation`, `from` and `to` by the session's `session_start` (a session whose start is
/// outside them is out, all of it); `task` keeps the sessions that started that task. A `type`
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
}

extension LogSummary {
    /// The columns a summary reads (`props` only of dismissals, for ``isCancel(_:)``).
    static let columns = LogEvent.Columns(
        [
            "prototype", "session", "share", "device", "orientation", "screen", "modal", "target", "how", "rule",
            "duration_ms", "task", "outcome",
        ], propsTypes: [.dismiss])

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
        }

        func finish(skippedLines: Int) -> LogSummary {
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
                    taps: acc.taps, misclicks: acc.misclicks)
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
            return LogSummary(
                events: events, skippedLines: skippedLines, modals: modalSummaries, sessions: sessionSummaries,
                tasks: taskSummaries)
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
