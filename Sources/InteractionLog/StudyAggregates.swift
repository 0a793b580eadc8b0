import EventSchema
import JSON

/// Where taps landed, per screen and modal: the heat maps of a usability study.
///
/// Taps (`tap`) and misclicks (`misclick`) with a position are counted per (device,
/// orientation, screen, modal on top) in square cells of ``cellSize`` points, so memory grows
/// with the number of places and cells touched, never with the log.
public struct Heatmap: Sendable, Equatable {
    /// Where: the device, orientation, screen and the modal on top (`nil`: none) of the events.
    public struct Place: Hashable, Sendable, Comparable {
        /// The device id.
        public var device: String
        /// `portrait` or `landscape`.
        public var orientation: String
        /// The screen showing (under a system modal, the one beneath it).
        public var screen: String
        /// The modal on top, if any.
        public var modal: String?
        /// By device, orientation, modal, then screen.
        public static func < (a: Place, b: Place) -> Bool {
            (a.device, a.orientation, a.modal ?? "", a.screen) < (b.device, b.orientation, b.modal ?? "", b.screen)
        }
    }
    /// A cell: its centre in points from the window's top-left, and its counts.
    public struct Cell: Sendable, Equatable {
        /// The centre, in points from the window's left edge.
        public var x: Double
        /// The centre, in points from the window's top edge.
        public var y: Double
        /// Taps in the cell.
        public var taps: Int
        /// Misclicks in the cell.
        public var misclicks: Int
    }
    /// Where.
    public var place: Place
    /// Taps of the place.
    public var taps: Int
    /// Misclicks of the place.
    public var misclicks: Int
    /// Cells with at least one event, ordered by y then x.
    public var cells: [Cell]
}

/// How participants moved during one task: the screens and modals they reached, step by step
/// (the first ``TaskPaths/maxSteps`` places of each attempt), as the links of a Sankey diagram.
public struct TaskPaths: Sendable, Equatable {
    /// A link from `from` at step `step` to `to` at step `step + 1`, taken `count` times.
    public struct Link: Sendable, Equatable, Hashable {
        /// The step it leaves from, 0 for the place the task started on.
        public var step: Int
        /// The screen or modal it leaves.
        public var from: String
        /// The screen or modal it reaches.
        public var to: String
        /// How many attempts took it.
        public var count: Int
        /// Whether those attempts succeeded (`direct` or `indirect`): a link's attempts that
        /// succeeded and those that did not are two links.
        public var success: Bool = false
    }
    /// How many places of an attempt are drawn.
    public static let maxSteps = 8
    /// The task id.
    public var task: String
    /// Attempts (`task_start` events).
    public var attempts: Int
    /// Links, ordered by step, then by count (largest first).
    public var links: [Link]
    /// How attempts ended at their last place: outcome → count (`unfinished` without a `task_end`).
    public var outcomes: [String: Int]
    /// Attempts that went on past ``maxSteps`` places: their later places are not in ``links``.
    public var cut: Int = 0
    /// Attempts that never left the place they started on: no link shows them.
    public var stayed: Int = 0
    /// The funnel along the task's expected path (``StudyAggregates/expectedPaths``): element
    /// `k` counts the attempts that tapped its first `k` steps in order, other taps between
    /// them allowed (element 0 is every attempt); empty without an expected path.
    public var funnel: [Int] = []
}

/// Builds heat maps and task paths in one pass over a prototype's events.
public struct StudyAggregates: Sendable {
    /// The columns it reads, and `props` of taps, focuses, edits and misclicks (a tap's `button`,
    /// their `scrollTop`, a focus's `automatic` and `field`, an edit's `value` and `byTap`:
    /// ``EventSchema/EventFields/pathStep``).
    static let columns = LogEvent.Columns(
        [
            "session", "share", "device", "orientation", "screen", "modal", "target", "x", "y", "task", "outcome",
            "how",
        ], propsTypes: [.tap, .focus, .edit, .misclick])

    /// Only events on this device (nil: any).
    public var device: String?
    /// Only events in this orientation (nil: any).
    public var orientation: String?
    /// Only events made during this task (their `task` column).
    public var task: String?
    /// Only events that came through this share link (a segment of participants).
    public var share: String?
    /// Cell size in points.
    public var cellSize = 8.0
    /// Each task's expected path (task id → the ids of the controls, or an alert's or action
    /// sheet's button's id or title, tapped on the intended route): the funnels of
    /// ``TaskPaths/funnel``. A tap counts as its `target`, or for a button of an alert or action
    /// sheet its `props.button` (docs/log.md).
    public var expectedPaths: [String: [String]] = [:]

    private var places: [(place: Heatmap.Place, cells: [Int64: (taps: Int, misclicks: Int)])] = []
    private var placeIndex = RunIndex<Heatmap.Place>()
    private struct Attempt {
        var task: String
        var places: [String]
        /// Whether it went on past ``TaskPaths/maxSteps`` places.
        var cut = false
        /// How many steps of the task's expected path it has tapped, in order.
        var progress = 0
        /// The last step on its path (``EventFields/pathStep(after:)``).
        var lastStep: String?
    }
    private var running: [String: Attempt] = [:]
    private var links: [String: [TaskPaths.Link: Int]] = [:]
    private var attempts: [String: Int] = [:]
    private var outcomes: [String: [String: Int]] = [:]
    private var cut: [String: Int] = [:]
    private var stayed: [String: Int] = [:]
    private var funnels: [String: [Int]] = [:]

    /// Aggregates with these filters (heat maps only; paths take every session's tasks that
    /// pass `device`, `orientation` and `share`).
    public init(device: String? = nil, orientation: String? = nil, task: String? = nil, share: String? = nil) {
        self.device = device
        self.orientation = orientation
        self.task = task
        self.share = share
    }

    /// Adds one event.
    public mutating func add(_ e: LogEvent) {
        let f = e.fields
        if let d = device, f.device != d { return }
        if let o = orientation, f.orientation != o { return }
        if let s = share, f.share != s { return }
        // A step on the path (a tap, a person's focus of a field or edit of a toggle or segmented
        // control, as the engine counts them for `direct`) is the next step of its attempt's
        // funnel when it names that step.
        if f.type == .tap || f.type == .focus || f.type == .edit, let sid = f.session, var a = running[sid],
            let step = f.pathStep(after: a.lastStep)
        {
            a.lastStep = step
            if let path = expectedPaths[a.task], a.progress < path.count, step == path[a.progress] {
                a.progress += 1
            }
            running[sid] = a
        }
        switch f.type {
        case .tap, .misclick, .edit:
            // A person's touch of a toggle or segmented control is drawn as a tap (its `edit` has
            // x and y; a typed edit, or a toggle's edit by a tap, has none).
            // A point far off any screen (a log written before coordinates were bounded, say)
            // has no cell: the grid's indices must stay Int32.
            guard let x = f.x, var y = f.y, abs(x) < 1e6, abs(y) < 1e6, task == nil || f.task == task else { return }
            // A tap on a scrolled picture is drawn where it was on the picture: its window point
            // plus how far the content was scrolled (`props.scrollTop`, docs/log.md).
            if let top = f.props["scrollTop"]?.numberValue, top > 0, top < 1e6 { y += top }
            let place = Heatmap.Place(
                device: f.device ?? "", orientation: f.orientation ?? "", screen: f.screen ?? "", modal: f.modal)
            let cx = Int64((x / cellSize).rounded(.down))
            let cy = Int64((y / cellSize).rounded(.down))
            let key = (cy << 32) | (cx & 0xFFFF_FFFF)
            let misclick = f.type == .misclick
            let (index, isNew) = placeIndex.index(of: place)
            if isNew { places.append((place, [:])) }
            var c = places[index].cells[key] ?? (0, 0)
            if misclick { c.misclicks += 1 } else { c.taps += 1 }
            places[index].cells[key] = c
        case .taskStart:
            guard let sid = f.session, let t = f.target else { return }
            if let old = running[sid] { finishAttempt(old, outcome: "unfinished") }
            attempts[t, default: 0] += 1
            running[sid] = Attempt(task: t, places: [f.modal ?? f.screen ?? "?"])
        case .screenEnter, .present:
            guard let sid = f.session, var a = running[sid] else { return }
            let place = (f.type == .present ? f.modal : (f.modal ?? f.screen)) ?? "?"
            guard a.places.last != place else { return }
            if a.places.count < TaskPaths.maxSteps { a.places.append(place) } else { a.cut = true }
            running[sid] = a
        case .taskEnd:
            guard let sid = f.session, let a = running.removeValue(forKey: sid) else { return }
            finishAttempt(a, outcome: f.outcome ?? "unknown")
        case .sessionEnd:
            // A server's stop doesn't end the task: the session carries on when it is back (a
            // task still running when the log ends is counted unfinished then).
            guard f.how != SessionEndHow.shutdown.rawValue, let sid = f.session,
                let a = running.removeValue(forKey: sid)
            else { return }
            finishAttempt(a, outcome: "unfinished")
        default: return
        }
    }

    private mutating func finishAttempt(_ a: Attempt, outcome: String) {
        outcomes[a.task, default: [:]][outcome, default: 0] += 1
        if let path = expectedPaths[a.task], !path.isEmpty {
            var f = funnels[a.task] ?? Array(repeating: 0, count: path.count + 1)
            for k in 0...min(a.progress, path.count) { f[k] += 1 }
            funnels[a.task] = f
        }
        if a.cut { cut[a.task, default: 0] += 1 }
        guard a.places.count > 1 else {
            stayed[a.task, default: 0] += 1
            return
        }
        let success = outcome == "direct" || outcome == "indirect"
        for i in 0..<(a.places.count - 1) {
            let link = TaskPaths.Link(
                step: i, from: a.places[i], to: a.places[i + 1], count: 0, success: success)
            links[a.task, default: [:]][link, default: 0] += 1
        }
    }

    /// The heat maps, most events first (at most `limit`), and the paths of every task.
    public func finish(limit: Int = 48) -> (heatmaps: [Heatmap], paths: [TaskPaths]) {
        var maps: [Heatmap] = places.map { place, m in
            var taps = 0
            var misclicks = 0
            var list: [Heatmap.Cell] = []
            list.reserveCapacity(m.count)
            for (key, c) in m {
                taps += c.taps
                misclicks += c.misclicks
                let cy = Double(key >> 32)
                let cx = Double(Int32(truncatingIfNeeded: key))
                list.append(
                    Heatmap.Cell(
                        x: (cx + 0.5) * cellSize, y: (cy + 0.5) * cellSize, taps: c.taps, misclicks: c.misclicks))
            }
            list.sort { ($0.y, $0.x) < ($1.y, $1.x) }
            return Heatmap(place: place, taps: taps, misclicks: misclicks, cells: list)
        }
        maps.sort { ($0.taps + $0.misclicks, $1.place) > ($1.taps + $1.misclicks, $0.place) }
        // Attempts still running when the log ends count as `unfinished`, their links as taken.
        var ended = self
        for a in running.values { ended.finishAttempt(a, outcome: "unfinished") }
        let open = ended.outcomes
        let withOpen = ended.links
        let tasks = Set(attempts.keys).union(withOpen.keys).sorted()
        let paths = tasks.map { t in
            let l = (withOpen[t] ?? [:]).map { k, n in
                var k = k
                k.count = n
                return k
            }.sorted {
                ($0.step, -$0.count, $0.from, $0.to, $0.success ? 0 : 1)
                    < ($1.step, -$1.count, $1.from, $1.to, $1.success ? 0 : 1)
            }
            return TaskPaths(
                task: t, attempts: attempts[t] ?? 0, links: l, outcomes: open[t] ?? [:], cut: ended.cut[t] ?? 0,
                stayed: ended.stayed[t] ?? 0, funnel: ended.funnels[t] ?? [])
        }
        return (Array(maps.prefix(limit)), paths)
    }
}

extension LogSource {
    /// Heat maps and task paths of the events `filter` takes (see ``StudyAggregates``). `each`
    /// sees every event read on the way (taps, misclicks, task, screen, presentation and
    /// session-end events, with ``StudyAggregates``' columns), for a caller that wants some of
    /// them too without a second read of the log. The filter's whole-session criteria
    /// (`audience`, `label`, `appearance`, …) choose the sessions first
    /// (``LogReader/chosenSessions(parts:filter:)``), so a study view shows the participants of
    /// participant links, not the team's plays.
    public func studyAggregates(
        filter: LogFilter, _ aggregates: StudyAggregates, each: (LogEvent) -> Void = { _ in }
    ) throws -> (heatmaps: [Heatmap], paths: [TaskPaths]) {
        var a = aggregates
        var f = LogFilter(prototype: filter.prototype, session: filter.session, share: filter.share)
        f.types = [.tap, .focus, .edit, .misclick, .taskStart, .taskEnd, .screenEnter, .present, .sessionEnd]
        let parts = try readableParts(filter: f)
        let chosen = try LogReader.chosenSessions(parts: parts, filter: filter)
        _ = try LogReader.forEach(parts: parts, filter: f, only: StudyAggregates.columns) {
            if let chosen {
                guard let sid = $0.session, chosen.contains(sid) else { return }
            }
            a.add($0)
            each($0)
        }
        return a.finish()
    }
}
