import EventSchema
import Foundation
import InteractionLog
import Presentation
import Prototype
import Sharing

/// One viewing session: a person playing one prototype on one simulated device.
///
/// Actions are applied one at a time (``actions``), so the state and the log's per-session
/// order agree. What a session holds beyond its state is shared: the prototype and its engine
/// (one per prototype version, ``EngineCache``); its state is bounded (``SessionLimits``), and
/// all of it is released when the session ends.
public final class ViewingSession: @unchecked Sendable {
    /// Random id, 22 base64url characters (128 bits).
    public let id: String
    /// The prototype as it was when the session started (a later edit starts new sessions).
    public let prototype: Prototype
    /// The engine over that prototype.
    public let engine: PresentationEngine
    /// The share link's public id when the viewer came through one.
    public let share: String?
    /// The client address of a share link's viewer (``HTTPRequest/remoteHost``), counted by
    /// ``FairLimits/sessionsPerAddress``; nil for the owner's sessions.
    public let address: String?
    /// Who runs it: owner, a link's viewer or a participant (the log's `audience`, `share_label`
    /// and `pid` columns, on every event of the session).
    public let audience: SessionAudience
    /// When the session started (monotonic).
    public let started: ContinuousClock.Instant
    /// When the session started, in microseconds since the epoch (the `ts` of its
    /// `session_start`): client events' `ts` is this plus their `t_ms`.
    public let startedWallMicros: Int64
    /// Serialises actions: each holds the queue until its events are durable.
    let actions = SerialJobs()
    /// What ``elapsedMs`` and ``lastSeen`` are measured by.
    let clock: SessionClock
    /// The owner's preview of a share link (`POST /api/sessions`'s `preview`): it plays as the
    /// link's viewers would, but nothing of it is logged — no `session_start`, action,
    /// client event or `session_end` — so a preview is never a session of the study.
    let isPreview: Bool
    /// A participant link's tasks in the order this session plays them (empty otherwise): set
    /// before the session is added to the store, read when the participant resumes it.
    var studyTasks: [String] = []
    /// For a participant's session started with a pid: the digest of the address it was started
    /// from (``ParticipantAddresses``, logged as `session_start`'s `props.addressDigest`), which
    /// a reopening must come from to resume it, before and after a restart. Set before the
    /// session is added to the store.
    var addressDigest: String?

    private let stateLock = NSLock()
    private var _state: PresentationState
    private var _lastSeen: ContinuousClock.Instant

    /// A session; `elapsedMs` is how long it has run (`nil`: it starts now), as when a session
    /// the log knows is rebuilt after a restart: its clock goes on from there, and
    /// ``startedWallMicros`` is now minus that (when it would have started had the server never
    /// been down). `address` is the client address a share session counts against
    /// (``FairLimits``); the owner's counts against none. Its time is `clock`'s (the store's,
    /// ``SessionStore/clock``).
    init(
        id: String, prototype: Prototype, engine: PresentationEngine, state: PresentationState, share: String?,
        elapsedMs: Int? = nil, address: String? = nil, audience: SessionAudience? = nil,
        clock: SessionClock, isPreview: Bool = false
    ) {
        self.isPreview = isPreview
        self.id = id
        self.audience = audience ?? SessionAudience(kind: share == nil ? "owner" : "link")
        self.prototype = prototype
        self.engine = engine
        self.share = share
        self.address = share == nil ? nil : address
        let elapsed = Int64(max(0, elapsedMs ?? 0))
        self.startedWallMicros = LogTimestamp.now() - elapsed * 1000
        self.clock = clock
        self.started = clock.now() - .milliseconds(elapsed)
        self._state = state
        self._lastSeen = clock.now()
    }

    /// The current state; setting it counts as activity (``touch()``).
    public var state: PresentationState {
        get { stateLock.withLock { _state } }
        set {
            stateLock.withLock {
                _state = newValue
                _lastSeen = clock.now()
            }
        }
    }

    /// Milliseconds since the session started.
    public var elapsedMs: Int { Self.milliseconds(clock.now() - started) }

    /// Milliseconds from the start to the session's last request: its length when it timed out.
    var lastSeenMs: Int { Self.milliseconds(lastSeen - started) }

    private static func milliseconds(_ d: Duration) -> Int {
        Int(d.components.seconds * 1000 + d.components.attoseconds / 1_000_000_000_000_000)
    }

    /// When the session last had a request.
    var lastSeen: ContinuousClock.Instant { stateLock.withLock { _lastSeen } }

    /// The study tasks run so far: id, start and end (ms since the session started; `nil`
    /// while running), so that a client event logged late names the task running when it
    /// happened.
    private var taskSpans: [(id: String, start: Int, end: Int?)] = []

    /// Notes the `task_start` and `task_end` events of an applied action, at `tMs`.
    func noteTasks(_ events: [EventFields], atMs tMs: Int) {
        stateLock.withLock {
            // By index: `for e in events` would copy every event's 56 columns.
            for index in events.indices { noteTask(events[index].type, events[index].target, atMs: tMs) }
        }
    }

    /// ``noteTasks(_:atMs:)`` of an action's events as they were logged.
    func noteTasks(_ events: [PendingEvent], atMs tMs: Int) {
        stateLock.withLock {
            for index in events.indices { noteTask(events[index].fields.type, events[index].fields.target, atMs: tMs) }
        }
    }

    /// One event of ``noteTasks(_:atMs:)`` (with `stateLock` held).
    private func noteTask(_ type: LogEventType, _ target: String?, atMs tMs: Int) {
        if type == .taskEnd, let i = taskSpans.lastIndex(where: { $0.id == target && $0.end == nil }) {
            taskSpans[i].end = tMs
        } else if type == .taskStart, let id = target {
            taskSpans.append((id, tMs, nil))
        }
    }

    /// The ids of the tasks that have ended (done, given up or timed out), in the order they ended.
    var endedTasks: [String] { stateLock.withLock { taskSpans.filter { $0.end != nil }.map(\.id) } }

    /// The task that was running at `tMs`, if any.
    func task(atMs tMs: Int) -> String? {
        stateLock.withLock {
            taskSpans.last { $0.start <= tMs && ($0.end.map { tMs <= $0 } ?? true) }?.id
        }
    }

    /// The misclicks logged in the session so far (client events of type `misclick`, each
    /// counted once however often its batch is retried), for those watching it live; a session
    /// rebuilt after a restart starts from its log's count.
    var misclicks: Int { stateLock.withLock { _misclicks } }
    private var _misclicks = 0

    /// Adds `count` logged misclicks; returns the session's new total.
    func noteMisclicks(_ count: Int) -> Int {
        stateLock.withLock {
            _misclicks += count
            return _misclicks
        }
    }

    /// Records a request on the session (it is not idle).
    func touch() { stateLock.withLock { _lastSeen = clock.now() } }

    /// Set in the session's queue when it ends (`DELETE`): actions still waiting get 404.
    var hasEnded: Bool {
        get { stateLock.withLock { _hasEnded } }
        set { stateLock.withLock { _hasEnded = newValue } }
    }
    private var _hasEnded = false
}

/// Who ran a session: the log's `audience` (`owner`, `link` or `participant`), `share_label`
/// and `pid` columns.
public struct SessionAudience: Sendable, Equatable {
    /// `owner`, `link` or `participant`.
    public var kind: String
    /// The share link's label when the session started.
    public var shareLabel: String?
    /// A participant link's participant id.
    public var pid: String?

    /// An audience; by default the owner's.
    public init(kind: String = "owner", shareLabel: String? = nil, pid: String? = nil) {
        self.kind = kind
        self.shareLabel = shareLabel
        self.pid = pid
    }
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

/// The live sessions, by id, with how many each share link and each share viewer's address
/// holds (``FairLimits/sessionsPerShare``, ``FairLimits/sessionsPerAddress``: the owner's
/// sessions count against neither). At ``capacity`` the least recently used share session
/// makes room (the owner's only when there is none), so no link's holders can end the
/// owner's sessions. Sessions idle past the timeout are taken out by ``removeIdle(since:)``.
///
/// Adding, finding and removing a session cost O(1); the idle sweep and making room at
/// ``capacity`` cost O(sessions).
public final class SessionStore: @unchecked Sendable {
    private let lock = NSLock()
    private var sessions: [String: ViewingSession] = [:]
    private var perShare: [String: Int] = [:]
    private var perAddress: [String: Int] = [:]
    /// Most sessions kept.
    public var capacity = 10_000
    /// The time its sessions are measured by, and the idle sweep's.
    public let clock: SessionClock

    /// When this store was made: the server's start, which ends the downtime of the sessions it
    /// rebuilds (``downtimeEnd``).
    public let started: ContinuousClock.Instant

    /// An empty store whose sessions go by `clock`.
    public init(clock: SessionClock = .continuous) {
        self.clock = clock
        started = clock.now()
    }

    /// The `t_ms` a session the log knows runs at now, rebuilt by this server: the session's
    /// clock stood still while the server was down — from its last logged event (`lastMs`: a
    /// clean stop's `session_end` with `how: "shutdown"`, else its last event before a crash) to
    /// this server's start — and goes on from there. Downtime is thus neither time on task nor
    /// time towards a task's limit, in the live session and in its replays, which run the
    /// logged `t_ms`.
    public func resumedMs(lastMs: Int) -> Int {
        let since = clock.now() - started
        return lastMs + Int(since.components.seconds * 1000 + since.components.attoseconds / 1_000_000_000_000_000)
    }

    /// Why a session was not added: its link or its address holds `limit` sessions already;
    /// `oldestSeen` is when the least recently used of those last had a request.
    struct Refusal: Error {
        enum Kind { case share, address }
        var kind: Kind
        var limit: Int
        var oldestSeen: ContinuousClock.Instant
    }

    /// Registers a new session within `limits`; returns the session forgotten to make room at
    /// ``capacity`` (to be ended as `evicted`), if any.
    /// - Throws: ``Refusal`` when a share session's link or address already holds its most.
    func add(_ s: ViewingSession, limits: FairLimits) throws(Refusal) -> ViewingSession? {
        lock.lock()
        defer { lock.unlock() }
        if let share = s.share, perShare[share, default: 0] >= limits.sessionsPerShare {
            throw Refusal(kind: .share, limit: limits.sessionsPerShare, oldestSeen: oldest { $0.share == share })
        }
        if let address = s.address, perAddress[address, default: 0] >= limits.sessionsPerAddress {
            throw Refusal(
                kind: .address, limit: limits.sessionsPerAddress, oldestSeen: oldest { $0.address == address })
        }
        let evicted = sessions.count >= capacity ? leastRecentlyUsed().map(forget) : nil
        sessions[s.id] = s
        if let share = s.share { perShare[share, default: 0] += 1 }
        if let address = s.address { perAddress[address, default: 0] += 1 }
        return evicted
    }

    /// The session with this id.
    public func get(_ id: String) -> ViewingSession? { lock.withLock { sessions[id] } }

    /// The session this server holds of participant `pid` of the participant link `share`
    /// started from the address whose digest is `addressDigest` (``ViewingSession/addressDigest``),
    /// if it has not ended (the most recently active when there are several): the one a
    /// participant reopening the link resumes.
    func participant(share: String, pid: String, addressDigest: String?) -> ViewingSession? {
        lock.withLock {
            sessions.values.filter {
                $0.share == share && $0.audience.pid == pid && !$0.isPreview && $0.addressDigest == addressDigest
            }
            .max { $0.lastSeen < $1.lastSeen }
        }
    }

    /// Registers `s` unless a session with its id is there already (two requests rebuilt it at
    /// once); returns the one kept.
    /// A session the log knows, rebuilt after a restart, is not new: no limit refuses it.
    func addIfAbsent(_ s: ViewingSession) -> ViewingSession? {
        lock.withLock {
            if let existing = sessions[s.id] { return existing }
            if ended.contains(s.id) { return nil }
            sessions[s.id] = s
            if let share = s.share { perShare[share, default: 0] += 1 }
            if let address = s.address { perAddress[address, default: 0] += 1 }
            return s
        }
    }

    /// Forgets a session that ends; `false` when it was already gone. An ended session is never
    /// rebuilt from the log, even while its `session_end` is still being written.
    @discardableResult
    public func remove(_ id: String) -> Bool {
        lock.withLock {
            markEnded(id)
            return sessions[id].map(forget) != nil
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

    /// Whether session `id` ended in this server, or was found unable to come back.
    func hasEnded(_ id: String) -> Bool { lock.withLock { ended.contains(id) } }

    /// Remembers that session `id`, which this server does not hold, can't be rebuilt (the log
    /// says it ended, or its version was not kept): it is not read from the log again.
    func noteCannotRestore(_ id: String) { lock.withLock { markEnded(id) } }

    /// Forgets every session started through share link `share` and returns them.
    func removeAll(share: String) -> [ViewingSession] {
        lock.withLock { sessions.values.filter { $0.share == share }.map(forget) }
    }

    /// Forgets every session that has had no request since `cutoff` and returns them.
    func removeIdle(since cutoff: ContinuousClock.Instant) -> [ViewingSession] {
        lock.withLock { sessions.values.filter { $0.lastSeen < cutoff }.map(forget) }
    }

    /// Forgets every session and returns them (the server is stopping).
    func removeAll() -> [ViewingSession] {
        lock.withLock { sessions.values.map(forget) }
    }

    /// How many sessions are live.
    public var count: Int { lock.withLock { sessions.count } }

    /// How many live sessions share link `share` holds.
    func count(share: String) -> Int { lock.withLock { perShare[share, default: 0] } }

    /// Removes `s` and its counts; call with the lock held.
    private func forget(_ s: ViewingSession) -> ViewingSession {
        markEnded(s.id)
        guard sessions.removeValue(forKey: s.id) != nil else { return s }
        if let share = s.share { perShare[share] = perShare[share].flatMap { $0 > 1 ? $0 - 1 : nil } }
        if let address = s.address { perAddress[address] = perAddress[address].flatMap { $0 > 1 ? $0 - 1 : nil } }
        return s
    }

    /// When the least recently used session matching `include` last had a request; call with
    /// the lock held.
    private func oldest(_ include: (ViewingSession) -> Bool) -> ContinuousClock.Instant {
        sessions.values.lazy.filter(include).map(\.lastSeen).min() ?? clock.now()
    }

    /// The least recently used share session, else the least recently used of all.
    private func leastRecentlyUsed() -> ViewingSession? {
        let shared = sessions.values.lazy.filter { $0.share != nil }
        return shared.min { $0.lastSeen < $1.lastSeen } ?? sessions.values.min { $0.lastSeen < $1.lastSeen }
    }
}

/// Random identifiers from the system's CSPRNG, base64url without padding.
public enum RandomID {
    /// `bytes` random bytes as base64url (RFC 4648 §5).
    public static func make(bytes: Int = 16) -> String { ShareSecrets.random(bytes: bytes) }

    /// Whether `id` has the shape ``make(bytes:)`` gives with 16 bytes: 22 base64url characters.
    public static func isWellFormed(_ id: String) -> Bool {
        id.utf8.count == 22
            && id.utf8.allSatisfy { b in
                b == UInt8(ascii: "-") || b == UInt8(ascii: "_") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b)
                    || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(b)
                    || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(b)
            }
    }
}
