import EventSchema
import Foundation
import InteractionLog
import Presentation
import Prototype
import Sharing

/// One viewing session (SPEC §5): a person playing one prototype on one simulated device.
///
/// Actions are applied one at a time (``actions``), so the state and the log's per-session
/// order agree.
public final class ViewingSession: @unchecked Sendable {
    /// Random id, 22 base64url characters (128 bits).
    public let id: String
    /// The prototype as it was when the session started (a later edit starts new sessions).
    public let prototype: Prototype
    /// The engine over that prototype.
    public let engine: PresentationEngine
    /// The share link's public id when the viewer came through one.
    public let share: String?
    /// When the session started (monotonic).
    public let started: ContinuousClock.Instant
    /// When the session started, in microseconds since the epoch (the `ts` of its
    /// `session_start`): client events' `ts` is this plus their `t_ms`.
    public let startedWallMicros: Int64
    /// Serialises actions: each holds the queue until its events are durable.
    let actions = SerialJobs()

    private let stateLock = NSLock()
    private var _state: PresentationState
    private var _lastSeen: ContinuousClock.Instant

    /// A session; `startedWallMicros` is when it started (`nil`: now), as when a session the log
    /// knows is rebuilt after a restart: its clock goes on from the logged start.
    init(
        id: String, prototype: Prototype, engine: PresentationEngine, state: PresentationState, share: String?,
        startedWallMicros: Int64? = nil
    ) {
        self.id = id
        self.prototype = prototype
        self.engine = engine
        self.share = share
        let now = LogTimestamp.now()
        let start = min(startedWallMicros ?? now, now)
        self.startedWallMicros = start
        self.started = ContinuousClock.now - .microseconds(now - start)
        self._state = state
        self._lastSeen = .now
    }

    /// The current state.
    public var state: PresentationState {
        get { stateLock.withLock { _state } }
        set {
            stateLock.withLock {
                _state = newValue; _lastSeen = .now
            }
        }
    }

    /// Milliseconds since the session started.
    public var elapsedMs: Int {
        let d = ContinuousClock.now - started
        return Int(d.components.seconds * 1000 + d.components.attoseconds / 1_000_000_000_000_000)
    }

    var lastSeen: ContinuousClock.Instant { stateLock.withLock { _lastSeen } }

    /// The study tasks run so far: id, start and end (ms since the session started; `nil`
    /// while running), so that a client event logged late names the task running when it
    /// happened.
    private var taskSpans: [(id: String, start: Int, end: Int?)] = []

    /// Notes the `task_start` and `task_end` events of an applied action, at `tMs`.
    func noteTasks(_ events: [EventFields], atMs tMs: Int) {
        stateLock.withLock {
            for e in events {
                if e.type == .taskEnd, let i = taskSpans.lastIndex(where: { $0.id == e.target && $0.end == nil }) {
                    taskSpans[i].end = tMs
                } else if e.type == .taskStart, let id = e.target {
                    taskSpans.append((id, tMs, nil))
                }
            }
        }
    }

    /// The task that was running at `tMs`, if any.
    func task(atMs tMs: Int) -> String? {
        stateLock.withLock {
            taskSpans.last { $0.start <= tMs && ($0.end.map { tMs <= $0 } ?? true) }?.id
        }
    }

    /// Set in the session's queue when it ends (`DELETE`): actions still waiting get 404.
    var hasEnded: Bool {
        get { stateLock.withLock { _hasEnded } }
        set { stateLock.withLock { _hasEnded = newValue } }
    }
    private var _hasEnded = false
}

/// Jobs that run one at a time, in the order they arrive, without tasks or blocked threads: a
/// job is handed `done` and the next one starts when it calls it (once), which may be long after
/// the job returned — say, when a log commit completes on another thread.
final class SerialJobs: @unchecked Sendable {
    /// A job; call `done` exactly once when it is finished.
    typealias Job = @Sendable (_ done: @escaping @Sendable () -> Void) -> Void

    /// Where a waiting job runs. A serial queue of our own, not `DispatchQueue.global()`: on
    /// Linux the global (and private concurrent) queues have about one thread per core and do
    /// not add threads when those block, so a job there could wait behind blocking work (a test
    /// client, a slow log read); a serial queue gets a thread of its own when none is free.
    /// Waiting jobs are rare (one person acts on a session at a time) and short.
    private static let queue = DispatchQueue(label: "modallab.session-jobs")

    private let lock = NSLock()
    private var busy = false
    private var waiting: [Job] = []

    /// Runs `job` now on this thread when no job is running, else after the jobs before it, on
    /// a thread of the jobs' own Dispatch queue.
    func run(_ job: @escaping Job) {
        lock.lock()
        if busy {
            waiting.append(job)
            lock.unlock()
            return
        }
        busy = true
        lock.unlock()
        job { self.finish() }
    }

    private func finish() {
        lock.lock()
        guard !waiting.isEmpty else {
            busy = false
            lock.unlock()
            return
        }
        let next = waiting.removeFirst()
        lock.unlock()
        Self.queue.async { next { self.finish() } }
    }
}

/// The live sessions, by id. Sessions idle for longer than ``idleLimit`` are dropped.
///
/// A share link holds at most ``perShareLimit`` live sessions (its least recently used goes
/// first), and when the store is full, share sessions give way before the owner's, so one
/// link's holder can't end everyone else's sessions.
public final class SessionStore: @unchecked Sendable {
    private let lock = NSLock()
    private var sessions: [String: ViewingSession] = [:]
    /// Idle time after which a session is forgotten (seconds).
    public var idleLimit: Double = 12 * 3600
    /// Most sessions kept.
    public var capacity = 10_000
    /// Most live sessions per share link.
    public var perShareLimit = 200

    public init() {}

    /// Registers a new session.
    func add(_ s: ViewingSession) {
        lock.withLock {
            if let share = s.share {
                let mine = sessions.values.filter { $0.share == share }
                if mine.count >= perShareLimit, let oldest = mine.min(by: { $0.lastSeen < $1.lastSeen }) {
                    sessions[oldest.id] = nil
                }
            }
            if sessions.count >= capacity { evict() }
            sessions[s.id] = s
        }
    }

    /// The session with this id.
    public func get(_ id: String) -> ViewingSession? { lock.withLock { sessions[id] } }

    /// Registers `s` unless a session with its id is there already (two requests rebuilt it at
    /// once); returns the one kept.
    func addIfAbsent(_ s: ViewingSession) -> ViewingSession? {
        if let existing = get(s.id) { return existing }
        if hasEnded(s.id) { return nil }
        add(s)
        return get(s.id) ?? s
    }

    /// Forgets a session that ends; `false` when it was already gone. An ended session is never
    /// rebuilt from the log, even while its `session_end` is still being written.
    @discardableResult
    public func remove(_ id: String) -> Bool {
        lock.withLock {
            markEnded(id)
            return sessions.removeValue(forKey: id) != nil
        }
    }

    /// Ids of sessions ended here, most recent last (at most ``endedLimit``): what
    /// ``addIfAbsent(_:)`` refuses to bring back.
    private var ended: Set<String> = []
    private var endedOrder: [String] = []
    /// How many ended ids are remembered.
    var endedLimit = 100_000

    private func markEnded(_ id: String) {
        guard ended.insert(id).inserted else { return }
        endedOrder.append(id)
        if endedOrder.count > endedLimit {
            let drop = endedOrder.count - endedLimit / 2
            for old in endedOrder.prefix(drop) { ended.remove(old) }
            endedOrder.removeFirst(drop)
        }
    }

    /// Whether session `id` ended in this server.
    func hasEnded(_ id: String) -> Bool { lock.withLock { ended.contains(id) } }

    /// Forgets every session started through share link `share` and returns them.
    func removeAll(share: String) -> [ViewingSession] {
        lock.withLock {
            let ending = sessions.values.filter { $0.share == share }
            for s in ending {
                sessions[s.id] = nil
                markEnded(s.id)
            }
            return ending
        }
    }

    /// How many sessions are live.
    public var count: Int { lock.withLock { sessions.count } }

    private func evict() {
        let now = ContinuousClock.now
        let limit = Duration.seconds(idleLimit)
        sessions = sessions.filter { now - $0.value.lastSeen < limit }
        guard sessions.count >= capacity else { return }
        let shared = sessions.values.filter { $0.share != nil }
        let pool = shared.isEmpty ? Array(sessions.values) : shared
        if let oldest = pool.min(by: { $0.lastSeen < $1.lastSeen }) { sessions[oldest.id] = nil }
    }
}

/// Random identifiers from the system's CSPRNG, base64url without padding.
public enum RandomID {
    /// `bytes` random bytes as base64url (RFC 4648 §5).
    public static func make(bytes: Int = 16) -> String { ShareSecrets.random(bytes: bytes) }
}
