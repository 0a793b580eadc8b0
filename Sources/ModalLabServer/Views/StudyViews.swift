import Foundation
import InteractionLog
import JSON
import Mustache
import Presentation
import Prototype

// The view models of a usability study's pages (`insights`, `heatmaps`, `replay`, `watch`):
// what each template names, typed, and how each is built from the log's summary, aggregates and
// records. Routes only choose which to render.

/// The number formats of the study's pages.
enum StudyViews {
    /// A duration: "640 ms", "1.5 s"; "–" for none.
    static func ms(_ v: Double?) -> String {
        v.map { $0 >= 1000 ? String(format: "%.1f s", $0 / 1000) : "\(Int($0)) ms" } ?? "–"
    }

    /// A session's status: ended (it has a `session_end`), running (this server holds it), or
    /// abandoned (neither: left without the page saying so, or its server stopped).
    static func status(ended: Bool, isLive: Bool) -> UIString {
        ended ? .statusEnded : isLive ? .statusRunning : .statusAbandoned
    }

    /// A rate as a whole percentage: "33%"; "–" for none.
    static func pct(_ v: Double?) -> String { v.map { "\(Int(($0 * 100).rounded()))%" } ?? "–" }

    /// A length or coordinate of an SVG drawing, with one decimal: "12.5".
    static func f(_ v: Double) -> String { String(format: "%.1f", v) }

    /// A state that shows `place` (its screen, with its modal on top) on its device, for drawing
    /// a heat map over: the app's start screen, then that screen, then the modal presented as the
    /// app would; `nil` when the device is unknown.
    static func state(for place: Heatmap.Place, in p: Prototype, engine: PresentationEngine) -> PresentationState? {
        guard let device = DeviceCatalogue.device(place.device) else { return nil }
        let env = Environment(device: device, orientation: Orientation(rawValue: place.orientation) ?? .portrait)
        var s = engine.start(environment: env).state
        if p.screens.contains(where: { $0.id == place.screen }) && place.screen != p.start {
            s.appScreens.append(place.screen)
        }
        var presents: [String] = []
        if let m = place.modal {
            // A system modal over a sheet: the sheet whose screen it names goes first.
            if let owner = p.owner(ofScreen: place.screen) ?? nil, owner != m { presents.append(owner) }
            presents.append(m)
        }
        var now = 0
        for m in presents {
            now += 10_000
            if let o = try? engine.apply(.present(modal: m), to: s, atMs: now), o.refusal == nil { s = o.state }
        }
        return s
    }
}

/// A participant's questions in the task panel (`player`): after each task the Single Ease
/// Question (Sauro & Dumas 2009: "Overall, how difficult or easy was the task to complete?", 1
/// very difficult … 7 very easy) and an optional comment, after the last the System Usability
/// Scale's ten items as Brooke (1996) wrote them (1 strongly disagree … 5 strongly agree). The
/// page's script sends each answer as an `answer` action.
struct StudyQuestionsView: MustacheContext {
    /// One statement of the SUS: its number (`sus1` … `sus10`) and words.
    struct Item: MustacheContext {
        var n: Int
        var text: String

        func mustacheValue(forKey key: String) -> Any? {
            switch key {
            case "n": n
            case "text": text
            default: nil
            }
        }
    }

    var askSEQ: Bool
    var askComment: Bool
    var askSUS: Bool
    /// What the comment box says the log keeps of it (its words, or only its length).
    var commentNote: String
    var commentMaxLength = PresentationEngine.maxCommentLength
    var susItems: [Item]

    /// The forms of `q`, in `strings`' language.
    init(_ q: StudyQuestions, strings: Strings) {
        askSEQ = q.seq
        askComment = q.comment
        askSUS = q.sus
        commentNote = strings[q.record == .value ? .commentKeepsWords : .commentKeepsLength]
        let items: [UIString] = [.sus1, .sus2, .sus3, .sus4, .sus5, .sus6, .sus7, .sus8, .sus9, .sus10]
        susItems = items.enumerated().map { Item(n: $0.offset + 1, text: strings[$0.element]) }
    }

    func mustacheValue(forKey key: String) -> Any? {
        switch key {
        case "askSEQ": askSEQ
        case "askComment": askComment
        case "askAfterTask": askSEQ || askComment
        case "askSUS": askSUS
        case "commentNote": commentNote
        case "commentMaxLength": commentMaxLength
        case "seqScale": (1...7).map { OptionView(id: String($0), name: String($0), isSelected: false) }
        case "susScale": (1...5).map { OptionView(id: String($0), name: String($0), isSelected: false) }
        case "susItems": susItems
        default: nil
        }
    }
}

/// A row of the insights' tasks table: one task's attempts, how they ended, and their times.
struct TaskRowView: MustacheContext {
    var task: String
    /// What the participants read (empty for a task the prototype no longer has).
    var prompt = ""
    /// The Single Ease Question's mean, "5.5 (4)" with the number of answers; "–" without any.
    var seq = "–"
    var attempts: Int
    var direct: Int
    var indirect: Int
    var gaveUp: Int
    var timedOut: Int
    var successRate: String
    var median: String
    var p90: String
    var misclickRate: String

    init(_ t: TaskSummary) {
        task = t.task
        attempts = t.attempts
        direct = t.direct
        indirect = t.indirect
        gaveUp = t.gaveUp
        timedOut = t.timedOut
        successRate = StudyViews.pct(t.successRate)
        median = StudyViews.ms(t.medianTimeMs)
        p90 = StudyViews.ms(t.p90TimeMs)
        misclickRate = StudyViews.pct(t.misclickRate)
        if let mean = t.seqMean { seq = String(format: "%.1f (%d)", mean, t.seqAnswers) }
    }

    /// The rows of `summary`'s tasks in the study's order (the prototype's `tasks`), each with
    /// its prompt; tasks the log has that the prototype no longer lists come after, by id.
    static func rows(_ summary: LogSummary, prototype p: Prototype?) -> [TaskRowView] {
        let order = p?.tasks.map(\.id) ?? []
        let place = Dictionary(order.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { a, _ in a })
        return summary.tasks
            .sorted { (place[$0.task] ?? Int.max, $0.task) < (place[$1.task] ?? Int.max, $1.task) }
            .map { t in
                var row = TaskRowView(t)
                row.prompt = p?.task(t.task)?.prompt ?? ""
                return row
            }
    }

    func mustacheValue(forKey key: String) -> Any? {
        switch key {
        case "task": task
        case "prompt": prompt
        case "seq": seq
        case "attempts": attempts
        case "direct": direct
        case "indirect": indirect
        case "gaveUp": gaveUp
        case "timedOut": timedOut
        case "successRate": successRate
        case "median": median
        case "p90": p90
        case "misclickRate": misclickRate
        default: nil
        }
    }
}

/// A row of the insights' results table: one participant × task (``ResultRow``).
struct ResultRowView: MustacheContext {
    var participant: String
    var session: String
    var replayURL: String
    var position: Int
    var task: String
    var outcome: String
    var time: String
    var taps: Int
    var misclicks: Int
    var seq: String
    var status: String

    /// The row of `r`, a result of `prototype`: the participant is its `pid`, else its session.
    init(_ r: ResultRow, prototype: String) {
        participant = r.pid ?? r.session
        session = r.session
        replayURL = "/p/\(prototype)/sessions/\(r.session)"
        position = r.position
        task = r.task
        outcome = r.outcome
        time = StudyViews.ms(r.timeMs.map(Double.init))
        taps = r.taps
        misclicks = r.misclicks
        seq = r.seq.map(String.init) ?? "–"
        status = r.status
    }

    func mustacheValue(forKey key: String) -> Any? {
        switch key {
        case "participant": participant
        case "session": session
        case "replayURL": replayURL
        case "position": position
        case "task": task
        case "outcome": outcome
        case "time": time
        case "taps": taps
        case "misclicks": misclicks
        case "seq": seq
        case "status": status
        default: nil
        }
    }
}

/// A row of the insights' sessions table, linking to the session's replay and, while it runs
/// here, to watching it.
struct StudySessionRowView: MustacheContext {
    var session: String
    /// The participant id of a participant link's session (its `session_start`'s `pid`); empty
    /// when it has none.
    var pid: String
    var device: String
    var orientation: String
    var duration: String
    var taps: Int
    var misclickRate: String
    /// The places it went through: "inbox › compose".
    var path: String
    /// Ended, running or abandoned (``StudyViews/status(ended:isLive:)``), in the page's language.
    var status: String
    var openModals: String
    var tasks: String
    var replayURL: String
    /// Empty when the session is not running on this server: only a running one is offered to
    /// watch live.
    var watchURL: String

    /// The row of `s`, a session of `prototype`; `isLive` says whether it still runs here.
    init(_ s: SessionSummary, prototype: String, isLive: Bool, strings: Strings) {
        session = s.session
        pid = s.pid ?? ""
        device = s.device ?? ""
        orientation = s.orientation ?? ""
        duration = StudyViews.ms(Double(s.durationMs))
        taps = s.taps
        misclickRate = StudyViews.pct(s.misclickRate)
        path = s.path.joined(separator: " › ")
        status = strings[StudyViews.status(ended: s.ended, isLive: isLive)]
        openModals = s.openModals.joined(separator: ", ")
        tasks = s.tasks.joined(separator: ", ")
        replayURL = "/p/\(prototype)/sessions/\(s.session)"
        watchURL = isLive ? "/p/\(prototype)/sessions/\(s.session)/watch" : ""
    }

    /// The rows of the latest 200 sessions of `summary`, newest first.
    static func rows(
        _ summary: LogSummary, prototype: String, isLive: (String) -> Bool, strings: Strings
    ) -> [StudySessionRowView] {
        summary.sessions.suffix(200).reversed().map {
            StudySessionRowView($0, prototype: prototype, isLive: isLive($0.session), strings: strings)
        }
    }

    func mustacheValue(forKey key: String) -> Any? {
        switch key {
        case "session": session
        case "pid": pid
        case "device": device
        case "orientation": orientation
        case "duration": duration
        case "taps": taps
        case "misclickRate": misclickRate
        case "path": path
        case "status": status
        case "openModals": openModals
        case "tasks": tasks
        case "replayURL": replayURL
        case "watchURL": watchURL
        default: nil
        }
    }
}

/// A Sankey diagram of a task's paths as SVG shapes: one column per step, a node per place (its
/// height the attempts there), a band per link (its width the attempts that took it).
struct SankeyView: MustacheContext {
    /// A place at one step, and its label beside it.
    struct Node: MustacheContext {
        var x: Double
        var y: Double
        var w: Double
        var h: Double
        var label: String
        var count: Int
        var labelX: Double
        var labelY: Double

        func mustacheValue(forKey key: String) -> Any? {
            switch key {
            case "x": x
            case "y": y
            case "w": w
            case "h": h
            case "label": label
            case "count": count
            case "labelX": labelX
            case "labelY": labelY
            default: nil
            }
        }
    }

    /// A band from one place to the next: an SVG path, its stroke width and its tooltip.
    struct Link: MustacheContext {
        var d: String
        var width: String
        var title: String
        /// `success` or `failure`: how the attempts that took it ended.
        var outcome: String

        func mustacheValue(forKey key: String) -> Any? {
            switch key {
            case "d": d
            case "width": width
            case "title": title
            case "outcome": outcome
            default: nil
            }
        }
    }

    var task: String
    var heading: String
    var label: String
    var width: String
    var height: String
    var nodes: [Node]
    var links: [Link]
    /// How attempts ended: "direct 2, gaveUp 1".
    var outcomes: String
    var attempts: Int
    /// What the diagram leaves out, in words ("2 attempts went on past 8 places: …"); empty
    /// when nothing.
    var leftOut = ""

    /// The diagram of `paths`, in `strings`' language.
    init(_ paths: TaskPaths, strings: Strings) {
        let columnGap = 150.0
        let nodeWidth = 12.0
        let unit = 18.0
        let gap = 14.0
        var columns: [[String: Int]] = []
        for l in paths.links {
            while columns.count <= l.step + 1 { columns.append([:]) }
            columns[l.step][l.from, default: 0] += 0
            columns[l.step + 1][l.to, default: 0] += l.count
        }
        // Step 0's size is what leaves it.
        for l in paths.links where l.step == 0 { columns[0][l.from, default: 0] += l.count }
        var nodeY: [String: Double] = [:]
        var nodes: [Node] = []
        var height = 40.0
        for (c, col) in columns.enumerated() {
            var y = 24.0
            for (place, n) in col.sorted(by: { ($1.value, $0.key) < ($0.value, $1.key) }) {
                let h = max(4, Double(max(n, 1)) * unit)
                nodeY["\(c)|\(place)"] = y
                nodes.append(
                    Node(
                        x: Double(c) * columnGap + 10, y: y, w: nodeWidth, h: h, label: place, count: n,
                        labelX: Double(c) * columnGap + 10 + nodeWidth + 4, labelY: y + min(h, 14) - 2))
                y += h + gap
            }
            height = max(height, y + 10)
        }
        var outOffset: [String: Double] = [:]
        var inOffset: [String: Double] = [:]
        var links: [Link] = []
        let f = StudyViews.f
        for l in paths.links {
            let a = "\(l.step)|\(l.from)"
            let b = "\(l.step + 1)|\(l.to)"
            guard let ya = nodeY[a], let yb = nodeY[b] else { continue }
            let w = Double(l.count) * unit
            let y0 = ya + (outOffset[a] ?? 0) + w / 2
            let y1 = yb + (inOffset[b] ?? 0) + w / 2
            outOffset[a, default: 0] += w
            inOffset[b, default: 0] += w
            let x0 = Double(l.step) * columnGap + 10 + nodeWidth
            let x1 = Double(l.step + 1) * columnGap + 10
            let mid = (x0 + x1) / 2
            links.append(
                Link(
                    d: "M\(f(x0)),\(f(y0)) C\(f(mid)),\(f(y0)) \(f(mid)),\(f(y1)) \(f(x1)),\(f(y1))",
                    width: f(max(1.5, w)),
                    title: "\(l.from) → \(l.to): \(l.count) "
                        + strings[l.success ? .pathsSucceeded : .pathsFailed],
                    outcome: l.success ? "success" : "failure"))
        }
        task = paths.task
        heading = strings.format(.pathsHeading, ["task": paths.task])
        label = strings.format(.pathsLabel, ["task": paths.task])
        width = f(Double(max(columns.count, 1)) * columnGap + 60)
        self.height = f(height)
        self.nodes = nodes
        self.links = links
        outcomes = paths.outcomes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        attempts = paths.attempts
        var left: [String] = []
        if paths.cut > 0 {
            left.append(strings.format(.pathsCut, ["n": String(paths.cut), "steps": String(TaskPaths.maxSteps)]))
        }
        if paths.stayed > 0 { left.append(strings.format(.pathsStayed, ["n": String(paths.stayed)])) }
        leftOut = left.joined(separator: " ")
    }

    func mustacheValue(forKey key: String) -> Any? {
        switch key {
        case "task": task
        case "heading": heading
        case "label": label
        case "width": width
        case "height": height
        case "nodes": nodes
        case "links": links
        case "outcomes": outcomes
        case "attempts": attempts
        case "leftOut": leftOut
        case "hasLinks": !links.isEmpty
        default: nil
        }
    }
}

/// `insights`: ``InsightsView`` (the log summary of one prototype) and what a usability study
/// adds: its tasks, their paths, and its sessions with their status and links.
struct InsightsPage: MustacheContext {
    var base: InsightsView
    /// Whether the reader holds a `report` link rather than being the owner (no log downloads,
    /// no links to the designer's pages).
    var isReport: Bool
    var tasks: [TaskRowView]
    /// The paths of the tasks that were attempted (a diagram for those with links).
    var sankeys: [SankeyView]
    var studySessions: [StudySessionRowView]
    /// The results table: one row per participant × task.
    var results: [ResultRowView]
    /// Whether the page shows only the latest rows of it.
    var resultsTruncated: Bool
    /// The tasks' funnels along their expected paths, in study order.
    var funnels: [FunnelView] = []
    /// The filters that chose the sessions.
    var filters: InsightsFiltersView? = nil

    /// The insights of `p` from its log `summary`, up to 5,000 `taps` and the tasks' `paths`;
    /// `isLive` says whether a session still runs here.
    init(
        _ p: LoadedPrototype, summary: LogSummary, taps: [LogEvent], paths: [TaskPaths], isReport: Bool,
        isLive: (String) -> Bool, strings: Strings
    ) {
        base = InsightsView(p, summary: summary, taps: taps, strings: strings)
        self.isReport = isReport
        tasks = TaskRowView.rows(summary, prototype: p.prototype)
        // The latest 500 rows of the results table (the whole of it is results.csv).
        results = summary.results.suffix(500).map { ResultRowView($0, prototype: p.id) }
        resultsTruncated = summary.results.count > 500
        let order = tasks.map(\.task)
        sankeys = paths.filter { $0.attempts > 0 }
            .sorted {
                (order.firstIndex(of: $0.task) ?? Int.max, $0.task) < (
                    order.firstIndex(of: $1.task) ?? Int.max, $1.task
                )
            }
            .map { SankeyView($0, strings: strings) }
        if let proto = p.prototype {
            funnels = proto.tasks.compactMap { t in
                paths.first { $0.task == t.id }.flatMap {
                    FunnelView($0, expectedPath: t.expectedPath, strings: strings)
                }
            }
        }
        studySessions = StudySessionRowView.rows(summary, prototype: p.id, isLive: isLive, strings: strings)
    }

    func mustacheValue(forKey key: String) -> Any? {
        switch key {
        case "isReport": isReport
        case "tasks": tasks
        case "hasTasks": !tasks.isEmpty
        case "sankeys": sankeys
        case "studySessions": studySessions
        case "results": results
        case "hasResults": !results.isEmpty
        case "resultsTruncated": resultsTruncated
        case "funnels": funnels
        case "hasFunnels": !funnels.isEmpty
        case "filters": filters.asMustacheValue
        default: base.mustacheValue(forKey: key)
        }
    }
}

/// `heatmaps`: a heat map per screen and modal over the frame of that state, with the filters
/// (device, orientation, task, segment) that chose them.
struct HeatmapsPageView: MustacheContext {
    /// One heat map: its place drawn as the app showed it, and the taps and misclicks on it.
    struct Card: MustacheContext {
        var title: String
        var counts: String
        var frame: DeviceView
        var dots: [Dot]
        var screen: String
        var modal: String
        var device: String
        /// How far, in points, the dots reach below the app's window: a tap on a scrolled
        /// picture (an image screen) sits where it was on the picture, which is drawn whole
        /// below the device; `nil` when every dot is inside the window. The page marks the card
        /// tall from it before the picture loads (Public/heatmap.js then measures the picture).
        var hanging: String?

        func mustacheValue(forKey key: String) -> Any? {
            switch key {
            case "hanging": hanging.asMustacheValue
            case "title": title
            case "counts": counts
            case "frame": frame
            case "dots": dots
            case "screen": screen
            case "modal": modal
            case "device": device
            default: nil
            }
        }
    }

    /// A cell's taps or misclicks: a circle whose radius grows with the count.
    struct Dot: MustacheContext {
        var x: String
        var y: String
        /// `tap` or `misclick`.
        var kind: String
        var r: String
        var n: Int

        func mustacheValue(forKey key: String) -> Any? {
            switch key {
            case "x": x
            case "y": y
            case "kind": kind
            case "r": r
            case "n": n
            default: nil
            }
        }
    }

    var id: String
    var name: String
    var isReport: Bool
    var cards: [Card]
    /// The form that chose the sessions and places, the insights page's with orientation and task.
    var filters: InsightsFiltersView

    /// The heat maps of `p` (`maps`, filtered as `filters` says), each drawn by `engine`'s state
    /// of its place.
    init(
        _ p: Prototype, maps: [Heatmap], engine: PresentationEngine, filters: InsightsFiltersView,
        isReport: Bool, strings: Strings
    ) {
        id = p.id
        name = p.name
        self.isReport = isReport
        cards = maps.compactMap { m in
            guard let state = StudyViews.state(for: m.place, in: p, engine: engine) else { return nil }
            return HeatmapsPageView.card(m, state: state, in: p, strings)
        }
        self.filters = filters
    }

    /// The card of `m`, drawn in `state`.
    static func card(_ m: Heatmap, state: PresentationState, in p: Prototype, _ strings: Strings) -> Card {
        let maxCount = Double(max(1, m.cells.map { max($0.taps, $0.misclicks) }.max() ?? 1))
        let f = StudyViews.f
        let dots = m.cells.flatMap { c -> [Dot] in
            var out: [Dot] = []
            if c.taps > 0 {
                out.append(
                    Dot(x: f(c.x), y: f(c.y), kind: "tap", r: f(5 + 9 * Double(c.taps) / maxCount), n: c.taps))
            }
            if c.misclicks > 0 {
                out.append(
                    Dot(
                        x: f(c.x), y: f(c.y), kind: "misclick", r: f(5 + 9 * Double(c.misclicks) / maxCount),
                        n: c.misclicks))
            }
            return out
        }
        let place = m.place.modal.map { $0 == m.place.screen ? $0 : "\($0) (\(m.place.screen))" } ?? m.place.screen
        let env = state.environment
        // Below the window: the lowest dot's edge (its radius as drawn) less the window's height.
        let lowest =
            m.cells.map { c in c.y + 5 + 9 * Double(max(c.taps, c.misclicks)) / maxCount }.max() ?? 0
        let below = (lowest - env.windowSize.height).rounded(.up)
        return Card(
            title: strings.format(
                .heatmapOf,
                ["place": place, "device": env.device.name, "orientation": strings.orientation(env.orientation)]),
            counts: strings.format(.heatmapCounts, ["taps": String(m.taps), "misclicks": String(m.misclicks)]),
            frame: PlayerView(prototype: p, state: state).frame(), dots: dots, screen: m.place.screen,
            modal: m.place.modal ?? "", device: m.place.device,
            hanging: below > 0 && m.place.modal == nil ? f(below) : nil)
    }

    func mustacheValue(forKey key: String) -> Any? {
        switch key {
        case "id": id
        case "name": name
        case "isReport": isReport
        case "cards": cards
        case "hasCards": !cards.isEmpty
        case "filters": filters
        default: nil
        }
    }
}

/// `replay` and `watch`: one session of a study, played back from its replay, or followed live.
struct SessionPageView: MustacheContext {
    var id: String
    var name: String
    var session: String
    var isReport: Bool
    /// Whether the page follows the session live (`watch`) rather than playing it back.
    var isWatching: Bool
    /// Whether this server holds the session (only then is there something to watch live).
    var isLive: Bool
    /// Ended, running or abandoned, in the page's language.
    var status: String
    var heading: String
    /// "iPhone 16, portrait: 12 steps in 1.5 s", in the page's language.
    var intro: String
    /// The first frame: the session's start (replay) or its latest state (watch).
    var frame: DeviceView
    var stepCount: Int
    /// The session's misclicks logged when the page was made (a watch page goes on counting
    /// from its stream's `stats` events).
    var misclickCount: Int
    var replayURL: String
    /// The watch stream; empty when the session is not running here (the page opens none).
    var watchURL: String
    var ended: Bool

    /// The page of the session that `run` replayed to its end (the last state is the one a
    /// watcher sees first); `isLive` says whether this server holds it: the watch page of a
    /// session not running says so instead of "Watching … live".
    init(_ run: SessionReplayRun, isWatching: Bool, isLive: Bool, isReport: Bool, strings: Strings) {
        let env = run.start.environment
        id = run.prototype.id
        name = run.prototype.name
        session = run.record.session
        self.isReport = isReport
        self.isWatching = isWatching
        self.isLive = isLive
        status = strings[StudyViews.status(ended: run.ended, isLive: isLive)]
        let session = ["session": run.record.session, "status": status]
        heading = strings.format(
            !isWatching ? .replayHeading : isLive ? .watchHeading : .watchNotRunning, session)
        // A live watch says its steps and misclicks in the line its stream updates; the header
        // keeps what doesn't change (a count there would stay at the page's while the line goes on).
        intro = strings.format(
            isWatching && isLive ? .watchIntro : .replayIntro,
            [
                "device": env.device.name, "orientation": strings.orientation(env.orientation),
                "steps": String(run.steps), "duration": StudyViews.ms(Double(run.lastMs)),
            ])
        frame = PlayerView(prototype: run.prototype, state: isWatching ? run.state : run.start).frame()
        stepCount = run.steps
        misclickCount = run.misclicks
        replayURL = "/api/sessions/\(run.record.session)/replay"
        watchURL = isLive ? "/api/sessions/\(run.record.session)/watch" : ""
        ended = run.ended
    }

    func mustacheValue(forKey key: String) -> Any? {
        switch key {
        case "id": id
        case "name": name
        case "session": session
        case "isReport": isReport
        case "watch": isWatching
        case "live": isLive
        case "status": status
        case "heading": heading
        case "intro": intro
        case "frame": frame
        case "stepCount": stepCount
        case "misclickCount": misclickCount
        case "replayURL": replayURL
        case "watchURL": watchURL
        case "ended": ended
        default: nil
        }
    }
}
