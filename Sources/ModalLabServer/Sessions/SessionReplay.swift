import EventSchema
import Foundation
import InteractionLog
import JSON
import Presentation
import Prototype

/// Every prototype version the server served, by content hash: `<data>/versions/<id>/<version>.json`
/// holds the definition's bytes as they were when a session started on them, so a replay (and a
/// session rebuilt after a restart) runs against exactly that version, whatever the file says now.
final class VersionStore: @unchecked Sendable {
    /// `<data>/versions`.
    let directory: String
    private let lock = NSLock()
    /// The versions kept or read, decoded, by `id/version`.
    private var decoded: [String: Prototype] = [:]

    init(directory: String) { self.directory = directory }

    func path(_ id: String, _ version: String) -> String { "\(directory)/\(id)/\(version).json" }

    /// Keeps the bytes of `prototype` (whose `version` is their hash) unless they are kept already.
    /// - Throws: when the file can't be written.
    func keep(_ prototype: Prototype, bytes: [UInt8]) throws {
        let key = prototype.id + "/" + prototype.version
        if lock.withLock({ decoded[key] != nil }) { return }
        let file = path(prototype.id, prototype.version)
        if !FileManager.default.fileExists(atPath: file) {
            try FileManager.default.createDirectory(
                atPath: "\(directory)/\(prototype.id)", withIntermediateDirectories: true)
            try Data(bytes).write(to: URL(fileURLWithPath: file), options: .atomic)
        }
        lock.withLock { decoded[key] = prototype }
    }

    /// The prototype `id` at `version`, decoded from its kept bytes; `nil` when it was never kept
    /// (or its file no longer decodes).
    func prototype(_ id: String, version: String) -> Prototype? {
        let key = id + "/" + version
        if let p = lock.withLock({ decoded[key] }) { return p }
        guard Prototype.isValidID(id), version.allSatisfy(\.isHexDigit),
            let data = FileManager.default.contents(atPath: path(id, version)),
            let p = (try? Prototype.decode([UInt8](data)))?.prototype, p.version == version
        else { return nil }
        lock.withLock { decoded[key] = p }
        return p
    }
}

/// How a session started, as its log's `session_start` tells it: what a replay needs before
/// its first action. The rest of the session is read event by event (``SessionReplayRun``),
/// never held whole: a session may have thousands of actions, each up to a request's size.
struct SessionRecord: Sendable {
    var session: String
    var prototype: String
    var version: String
    var share: String?
    /// Who ran it (the `audience`, `share_label` and `pid` columns of its `session_start`).
    var audience: SessionAudience = SessionAudience()
    /// `ts` of its `session_start`, microseconds since the epoch.
    var startedWallMicros: Int64
    /// The environment it started in, from its `session_start`'s columns (and its window's size
    /// from `props.window`); members the log lacks (an older log) are the prototype's defaults.
    var environment: EnvironmentRequest
    /// A participant link's tasks in the order this session was given them (`props.tasks`).
    var studyTasks: [String] = []
    /// The digest of the address a participant's session was started from
    /// (`props.addressDigest`, ``ParticipantAddresses``).
    var addressDigest: String?

    /// Reads how session `sid` started from `log`; `nil` when the log has no `session_start` of
    /// it. Reads from the session's start day up to its `session_start` only.
    static func read(_ sid: String, from log: LogStore) throws -> SessionRecord? {
        try open(sid, from: log)?.record
    }

    /// How session `sid` started, and a cursor over its later events (in log order); `nil` when
    /// the log has no `session_start` of it. Only the days from the session's start on are read
    /// (the log's parts are UTC days): a session's events are stamped at or after its start.
    static func open(_ sid: String, from log: LogStore) throws -> (record: SessionRecord, rest: LogEventCursor)? {
        guard let started = log.sessionStart(sid) else { return nil }
        let startDay = LogTimestamp.day(started) * LogTimestamp.microsecondsPerDay
        let cursor = try log.eventCursor(filter: LogFilter(session: sid, from: startDay))
        while let e = try cursor.next() {
            guard e.type == .sessionStart else { continue }
            var record = SessionRecord(
                session: sid, prototype: e.prototype ?? "", version: e.prototypeVersion ?? "", share: e.share,
                startedWallMicros: e.ts,
                environment: startEnvironment(e))
            record.audience = SessionAudience(
                kind: e.audience ?? (e.share == nil ? "owner" : "link"), shareLabel: e.shareLabel, pid: e.pid)
            record.studyTasks = e.props["tasks"]?.arrayValue?.compactMap(\.stringValue) ?? []
            record.addressDigest = e.props["addressDigest"]?.stringValue
            return (record, cursor)
        }
        return nil
    }
}

extension SessionRecord {
    /// The environment a `session_start` row logged, read as the codec reads a query (the
    /// columns hold its spellings); a value it can't read is left to the prototype's default.
    static func startEnvironment(_ e: LogEvent) -> EnvironmentRequest {
        // Each member's column, by an exhaustive switch: a new member must say where it is logged.
        func logged(_ key: EnvironmentKey) -> String? {
            switch key {
            case .device: return e.device
            case .orientation: return e.orientation
            case .multitasking: return e.multitasking
            case .appearance: return e.appearance
            case .contentSize: return e.contentSize
            case .layoutDirection: return e.layoutDirection
            case .window:
                guard let w = e.props["window"], let width = w["width"]?.numberValue,
                    let height = w["height"]?.numberValue
                else { return nil }
                return "\(JSONWriter.numberText(width))x\(JSONWriter.numberText(height))"
            case .targetOS: return e.targetOS
            }
        }
        return EnvironmentRequest(leniently: { name in EnvironmentKey(rawValue: name).flatMap(logged) })
    }
}

/// One step of a replay: the action, the state it led to, and whether it was refused.
public struct ReplayStep: Sendable {
    /// The step's number: 1 for the session's first applied action.
    public var index: Int
    /// The `seq` of the action's first logged event.
    public var seq: Int
    /// When it was applied, ms since the session started.
    public var tMs: Int
    /// The action as the API took it.
    public var action: JSONValue
    /// The state after it (unchanged by a refusal but for a running task's taps).
    public var state: PresentationState
    /// The rule that refused it, if one did.
    public var refusedBy: String?
}

/// A tap, misclick or tap outside with a place, for a replay's overlay.
struct ReplayMark: Sendable {
    var seq: Int
    var tMs: Int
    var type: String
    var x: Double
    var y: Double
    var screen: String?
    var modal: String?
    /// How far the picture it landed on was scrolled (the log's `props.scrollTop`), if at all.
    var scrollTop: Double? = nil
}

/// Replays: logged actions run again through the engine.
public enum SessionReplay {
    /// Runs `actions` (request bodies as the log's `action` column holds them, each with its
    /// `seq` and `t_ms`) from the start of `engine`'s prototype in `environment`: the start state
    /// and each step. Holds every step: for short sessions and benchmarks; a session read from
    /// the log is replayed a step at a time (``SessionReplayRun``).
    /// - Throws: ``Problem`` (500) when an action can't be read or no longer applies.
    public static func run(
        _ engine: PresentationEngine, environment: Environment, actions: [(seq: Int, tMs: Int, body: String)]
    ) throws(Problem) -> (start: PresentationState, steps: [ReplayStep]) {
        let start = engine.start(environment: environment).state
        var state = start
        var steps: [ReplayStep] = []
        steps.reserveCapacity(actions.count)
        for a in actions {
            let step = try apply(a.body, seq: a.seq, tMs: a.tMs, index: steps.count + 1, engine: engine, to: state)
            state = step.state
            steps.append(step)
        }
        return (start, steps)
    }

    /// Applies one logged action (its `action` column's text) to `state`.
    /// - Throws: ``Problem`` (500) when the action can't be read or no longer applies.
    static func apply(
        _ body: String, seq: Int, tMs: Int, index: Int, engine: PresentationEngine, to state: PresentationState
    ) throws(Problem) -> ReplayStep {
        let value: JSONValue
        let action: EngineAction
        do {
            value = try JSONParser.parse(body)
            action = try EngineAction(reading: JSONReader(value))
        } catch {
            throw Problem(
                .internalServerError, title: "Replay failed",
                detail: "the action logged at seq \(seq) can't be read: \(error)")
        }
        guard let o = try? engine.apply(action, to: state, atMs: tMs) else {
            throw Problem(
                .internalServerError, title: "Replay failed",
                detail: "the action logged at seq \(seq) no longer applies")
        }
        return ReplayStep(
            index: index, seq: seq, tMs: tMs, action: value, state: o.state, refusedBy: o.refusal?.rule)
    }
}

/// A session's replay, pulled one item at a time from the log: each applied action run again
/// through the engine as it is read, each mark as it is read. Memory: the current state and one
/// event, whatever the session's length (what a step's state or frame holds is dropped once
/// the caller has written it).
final class SessionReplayRun: @unchecked Sendable {
    /// What the log holds next, in log order.
    enum Item {
        /// An applied action, run again: the state after it.
        case step(ReplayStep)
        /// A tap, misclick or tap outside with a place.
        case mark(ReplayMark)
        /// A study task started or ended (`task_start`, `task_end`), at `tMs`.
        case task(LogEventType, task: String, tMs: Int)
    }

    let record: SessionRecord
    let prototype: Prototype
    let engine: PresentationEngine
    /// The session's first state.
    let start: PresentationState
    /// The state after the last step read (``start`` before any).
    private(set) var state: PresentationState
    /// Steps read so far.
    private(set) var steps = 0
    /// `t_ms` of the last step read (0 before any).
    private(set) var lastStepMs = 0
    /// The latest `t_ms` of any event read so far.
    private(set) var lastMs = 0
    /// Misclicks (client events of type `misclick`) read so far.
    private(set) var misclicks = 0
    /// Whether a `session_end` read so far ended it for good (one logged because the server
    /// stopped, `how: "shutdown"`, does not: the session is rebuilt when the server is back).
    private(set) var ended = false
    /// Whether the log has nothing more of the session.
    private(set) var finished = false
    /// Whether steps are run through the engine; without, they come with ``start`` as their
    /// state (counting a session's steps costs no engine work).
    let applies: Bool
    private let rest: LogEventCursor
    /// The task item of the event a step was read from, returned next.
    private var pendingTask: Item?
    /// The step of a tap whose place was returned first as a mark, returned next.
    private var pendingStep: Item?

    init(
        record: SessionRecord, rest: LogEventCursor, prototype: Prototype, engine: PresentationEngine,
        environment: Environment, applies: Bool = true
    ) {
        self.record = record
        self.rest = rest
        self.prototype = prototype
        self.engine = engine
        self.applies = applies
        start = engine.start(environment: environment).state
        state = start
    }

    /// The next item, or `nil` at the end of the session's log.
    /// - Throws: ``Problem`` 500 when the log can't be read, or an action can't be read or no
    ///   longer applies.
    func next() throws(Problem) -> Item? {
        if let step = pendingStep {
            pendingStep = nil
            return step
        }
        // A task started or ended by the event that carried its action: told after its step.
        if let task = pendingTask {
            pendingTask = nil
            return task
        }
        while !finished {
            let event: LogEvent?
            do { event = try rest.next() } catch {
                throw Problem(.internalServerError, title: "Log unreadable", detail: "\(error)")
            }
            guard let e = event else {
                finished = true
                return nil
            }
            let tMs = e.tMs ?? 0
            lastMs = max(lastMs, tMs)
            if e.type == .sessionEnd { ended = e.how != SessionEndHow.shutdown.rawValue }
            if e.type == .misclick { misclicks += 1 }
            if let body = e.action {
                steps += 1
                lastStepMs = tMs
                // A `taskStart` action's first event is its `task_start`.
                if e.type == .taskStart || e.type == .taskEnd, let t = e.target {
                    pendingTask = .task(e.type, task: t, tMs: tMs)
                }
                let item: Item
                if applies {
                    let step = try SessionReplay.apply(
                        body, seq: e.seq, tMs: tMs, index: steps, engine: engine, to: state)
                    state = step.state
                    item = .step(step)
                } else {
                    item = .step(
                        ReplayStep(index: steps, seq: e.seq, tMs: tMs, action: .null, state: start, refusedBy: nil))
                }
                // A tap that ran an action is a mark too (where it landed, on the frame it moved
                // on from), told before its step: an answer that ends after the step has sent it.
                guard let mark = mark(of: e, tMs: tMs) else { return item }
                pendingStep = item
                return .mark(mark)
            }
            if e.type == .taskStart || e.type == .taskEnd, let t = e.target { return .task(e.type, task: t, tMs: tMs) }
            if let mark = mark(of: e, tMs: tMs) { return .mark(mark) }
        }
        return nil
    }

    /// The mark of `e` when it is a tap, misclick or tap outside with a place: where it landed,
    /// and how far the picture it landed on was scrolled (`props.scrollTop`, 0–100000 pt).
    func mark(of e: LogEvent, tMs: Int) -> ReplayMark? {
        guard let x = e.x, let y = e.y, [.tap, .misclick, .tapOutside].contains(e.type) else { return nil }
        let top = e.props["scrollTop"]?.numberValue.flatMap { $0 > 0 && $0 <= 100_000 ? $0 : nil }
        return ReplayMark(
            seq: e.seq, tMs: tMs, type: e.type.rawValue, x: x, y: y, screen: e.screen, modal: e.modal, scrollTop: top)
    }

    /// Reads the rest of the session, keeping nothing of it: the state after its last step,
    /// its step count, misclicks, ``ended`` and ``lastMs`` are then known.
    func finish() throws(Problem) {
        while try next() != nil {}
    }
}

/// Replays sessions from the log, and rebuilds those the log knows but this server does not
/// hold (it restarted): what the session and study routes hold instead of the app. Each reads
/// the log: call it off the event loops.
struct SessionRestorer: Sendable {
    let log: LogStore
    /// The prototype versions sessions started on.
    let versions: VersionStore
    /// One engine per prototype version.
    let engines: EngineCache
    /// The engine options this server runs with (`--on-popover-conflict`).
    let engineOptions: EngineOptions
    /// Live sessions: a rebuilt one joins them; one that can't be rebuilt is remembered there.
    let sessions: SessionStore

    /// The environment a record's session started in (``SessionRecord/environment``) where its
    /// prototype `p` starts; a problem when ModalLab can't run it (a device the catalogue lacks).
    func environment(of r: SessionRecord, prototype p: Prototype) throws(Problem) -> Environment {
        do {
            return try r.environment.resolved(for: p)
        } catch {
            throw Problem.notFound(
                "session \"\(r.session)\" ran in an environment ModalLab can't run: \(error.message)")
        }
    }

    /// A replay of session `sid` from its log, against the version it used, ready to pull
    /// (``SessionReplayRun``); `applies: false` counts its steps without running them. `nil`
    /// when the log has no such session.
    /// - Throws: ``Problem`` 404 when its version was not kept or its device is unknown, 500
    ///   when the log can't be read.
    func replayRun(_ sid: String, applies: Bool = true) throws(Problem) -> SessionReplayRun? {
        let opened: (record: SessionRecord, rest: LogEventCursor)?
        do { opened = try SessionRecord.open(sid, from: log) } catch {
            throw Problem(.internalServerError, title: "Log unreadable", detail: "\(error)")
        }
        guard let (r, rest) = opened else { return nil }
        guard let p = versions.prototype(r.prototype, version: r.version) else {
            throw Problem.notFound(
                "the version \(r.version) of \"\(r.prototype)\" that session \"\(r.session)\" used was not kept")
        }
        return SessionReplayRun(
            record: r, rest: rest, prototype: p, engine: engines.engine(for: p, options: engineOptions),
            environment: try environment(of: r, prototype: p), applies: applies)
    }

    /// Rebuilds a session the log knows but this server does not hold (it restarted, cleanly or
    /// not): its state by replay, its clock from its logged start. `nil` when the log has no such
    /// session, it has ended, or its version was not kept.
    func restoreSession(_ sid: String) -> ViewingSession? {
        guard !sessions.hasEnded(sid) else { return nil }
        let opened: SessionReplayRun?
        do { opened = try replayRun(sid) } catch {
            // Its version is gone: remembered, so the next request doesn't read the log again
            // (a log that can't be read now may be read later).
            if error.status == .notFound { sessions.noteCannotRestore(sid) }
            return nil
        }
        guard let run = opened else {
            sessions.noteCannotRestore(sid)
            return nil
        }
        var tasks: [(type: LogEventType, task: String, tMs: Int)] = []
        do throws(Problem) {
            while let item = try run.next() {
                if case .task(let type, let task, let tMs) = item { tasks.append((type, task, tMs)) }
            }
        } catch {
            sessions.noteCannotRestore(sid)
            return nil
        }
        // Ended: remembered, so the next request doesn't read the log again.
        guard !run.ended else {
            sessions.noteCannotRestore(sid)
            return nil
        }
        let s = ViewingSession(
            id: sid, prototype: run.prototype, engine: run.engine, state: run.state, share: run.record.share,
            elapsedMs: sessions.resumedMs(lastMs: run.lastMs), audience: run.record.audience, clock: sessions.clock)
        _ = s.noteMisclicks(run.misclicks)
        s.studyTasks = run.record.studyTasks
        s.addressDigest = run.record.addressDigest
        for t in tasks {
            s.noteTasks([EventFields(type: t.type, target: t.task)], atMs: t.tMs)
        }
        return sessions.addIfAbsent(s)
    }
}
