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

/// A session as its log tells it: how it started and the actions applied to it, in order.
struct SessionRecord: Sendable {
    var session: String
    var prototype: String
    var version: String
    var share: String?
    /// `ts` of its `session_start`, microseconds since the epoch.
    var startedWallMicros: Int64
    var environment:
        (
            device: String, orientation: String, multitasking: String, appearance: String,
            contentSize: String, layoutDirection: String, targetOS: String?
        )
    /// The applied actions: the `action` column of their first event, with `seq` and `t_ms`.
    var actions: [(seq: Int, tMs: Int, body: String)]
    /// Taps, misclicks and other pointer events with a place, for the replay's overlay.
    var marks: [(seq: Int, tMs: Int, type: String, x: Double, y: Double, screen: String?, modal: String?)]
    /// The study tasks it ran: `task_start` and `task_end` events (type, task id, `t_ms`).
    var taskEvents: [(type: LogEventType, task: String, tMs: Int)] = []
    /// Whether a `session_end` was logged that ended it for good (one logged because the server
    /// stopped, `how: "shutdown"`, does not: the session is rebuilt when the server is back).
    var ended: Bool
    /// `t_ms` of its last event.
    var lastMs: Int

    /// Reads session `sid` from `log` (its events only); `nil` when the log has no `session_start`
    /// of it. Only the days from the session's start on are read (the log's parts are UTC days):
    /// a session's events are stamped at or after its start.
    static func read(_ sid: String, from log: LogStore) throws -> SessionRecord? {
        guard let started = log.sessionStart(sid) else { return nil }
        let startDay = LogTimestamp.day(started) * LogTimestamp.microsecondsPerDay
        var record: SessionRecord?
        _ = try log.forEach(filter: LogFilter(session: sid, from: startDay)) { e in
            if e.type == .sessionStart, record == nil {
                record = SessionRecord(
                    session: sid, prototype: e.prototype ?? "", version: e.prototypeVersion ?? "", share: e.share,
                    startedWallMicros: e.ts,
                    environment: (
                        e.device ?? "", e.orientation ?? "portrait", e.multitasking ?? "full", e.appearance ?? "light",
                        e.contentSize ?? "large", e.layoutDirection ?? "ltr", e.targetOS
                    ), actions: [], marks: [], ended: false, lastMs: 0)
                return
            }
            guard record != nil else { return }
            record!.lastMs = max(record!.lastMs, e.tMs ?? 0)
            // A server that stops ends its open sessions (`how: "shutdown"`), but the person
            // didn't: such a session carries on when the server is back.
            if e.type == .sessionEnd { record!.ended = e.how != SessionEndHow.shutdown.rawValue }
            if e.type == .taskStart || e.type == .taskEnd, let t = e.target {
                record!.taskEvents.append((e.type, t, e.tMs ?? 0))
            }
            if let a = e.action { record!.actions.append((e.seq, e.tMs ?? 0, a)) }
            if let x = e.x, let y = e.y,
                [.tap, .misclick, .tapOutside].contains(e.type)
            {
                record!.marks.append((e.seq, e.tMs ?? 0, e.type.rawValue, x, y, e.screen, e.modal))
            }
        }
        return record
    }
}

/// One step of a replay: the action, the state it led to, and whether it was refused.
public struct ReplayStep: Sendable {
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

/// Replays: logged actions run again through the engine.
public enum SessionReplay {
    /// Runs `actions` (request bodies as the log's `action` column holds them, each with its
    /// `seq` and `t_ms`) from the start of `engine`'s prototype in `environment`: the start state
    /// and each step.
    /// - Throws: ``Problem`` (500) when an action can't be read or no longer applies.
    public static func run(
        _ engine: PresentationEngine, environment: Environment, actions: [(seq: Int, tMs: Int, body: String)]
    ) throws(Problem) -> (start: PresentationState, steps: [ReplayStep]) {
        var state = engine.start(environment: environment).state
        let start = state
        var steps: [ReplayStep] = []
        steps.reserveCapacity(actions.count)
        for a in actions {
            let value: JSONValue
            let action: EngineAction
            do {
                value = try JSONParser.parse(a.body)
                action = try ModalLabApp.decodeAction(JSONReader(value))
            } catch {
                throw Problem(
                    .internalServerError, title: "Replay failed",
                    detail: "the action logged at seq \(a.seq) can't be read: \(error)")
            }
            guard let o = try? engine.apply(action, to: state, atMs: a.tMs) else {
                throw Problem(
                    .internalServerError, title: "Replay failed",
                    detail: "the action logged at seq \(a.seq) no longer applies")
            }
            state = o.state
            steps.append(ReplayStep(seq: a.seq, tMs: a.tMs, action: value, state: state, refusedBy: o.refusal?.rule))
        }
        return (start, steps)
    }
}

extension ModalLabApp {
    /// The environment a record's session started in (its iOS version from `target_os`; a log
    /// written before that column runs the prototype's `targetOS`); a problem when it names no
    /// device.
    func environment(of r: SessionRecord) throws(Problem) -> Environment {
        let e = r.environment
        guard let device = DeviceCatalogue.device(e.device) else {
            throw Problem.notFound("session \"\(r.session)\" ran on an unknown device \"\(e.device)\"")
        }
        return Environment(
            device: device, orientation: Orientation(rawValue: e.orientation) ?? .portrait,
            multitasking: Multitasking(rawValue: e.multitasking) ?? .full,
            appearance: Appearance(rawValue: e.appearance) ?? .light,
            contentSize: ContentSizeCategory(rawValue: e.contentSize) ?? .large,
            layoutDirection: LayoutDirection(rawValue: e.layoutDirection) ?? .ltr,
            targetOS: e.targetOS.flatMap { SystemVersion.parse($0) })
    }

    /// Runs a record's actions again through the engine, against the version it used: the start
    /// state and each step. Refused actions leave the state as the live session kept it.
    func replay(_ r: SessionRecord) throws(Problem) -> (
        prototype: Prototype, start: PresentationState, steps: [ReplayStep]
    ) {
        guard let p = versions.prototype(r.prototype, version: r.version) else {
            throw Problem.notFound(
                "the version \(r.version) of \"\(r.prototype)\" that session \"\(r.session)\" used was not kept")
        }
        let engine = engines.engine(for: p, options: engineOptions)
        let (start, steps) = try SessionReplay.run(engine, environment: try environment(of: r), actions: r.actions)
        return (p, start, steps)
    }

    /// Rebuilds a session the log knows but this server does not hold (it restarted, cleanly or
    /// not): its state by replay, its clock from its logged start. `nil` when the log has no such
    /// session, it has ended, or its version was not kept.
    func restoreSession(_ sid: String) -> ViewingSession? {
        guard !sessions.hasEnded(sid), let record = try? SessionRecord.read(sid, from: log)
        else { return nil }
        // Ended, or its version is gone: remembered, so the next request doesn't read the log again.
        guard !record.ended, let (p, start, steps) = try? replay(record) else {
            sessions.noteCannotRestore(sid)
            return nil
        }
        let s = ViewingSession(
            id: sid, prototype: p, engine: engines.engine(for: p, options: engineOptions),
            state: steps.last?.state ?? start, share: record.share, startedWallMicros: record.startedWallMicros)
        for t in record.taskEvents {
            s.noteTasks([EventFields(type: t.type, target: t.task)], atMs: t.tMs)
        }
        return sessions.addIfAbsent(s)
    }
}
