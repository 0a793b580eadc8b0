import Dispatch
import EventSchema
import Foundation
import JSON
import Platform

/// The durable, append-only interaction log (docs/log.md), in the style of Redis' AOF and SQLite's
/// WAL: a clear fsync policy, and a recovery step on open that trims a torn tail and says so.
///
/// **Layout.** `<directory>/date=YYYY-MM-DD/part-NNNNNN.ndjson`, where `directory` is the log
/// root `<data>/logs` and the day is the UTC day of each event's `ts`. Parts are numbered from
/// 000000 in each day; a line goes to a new part when it would take the current one past
/// ``partMaxBytes`` (a line longer than that gets a part of its own). `<directory>/.lock` holds
/// an exclusive `flock` while the store is open: one writer per tree.
///
/// **Appending: group commit.** ``append(_:)`` queues its events; one writer (a serial dispatch
/// queue) takes every queued batch at once, assigns `seq` (and ids and times where missing),
/// writes all their lines with one `pwrite` per part file, makes them durable with one
/// `fdatasync` per part file (`F_FULLFSYNC` on Darwin) — usually one for the whole batch —,
/// and only then resumes the appenders. While it syncs, newer appends queue up and form the
/// next batch, so a busy server does far fewer syncs than appends.
///
/// **Recovery on open.** For every part file, trailing bytes that do not form a valid line —
/// an unterminated line, or complete trailing lines that are not JSON objects — are cut off
/// (never acknowledged: acknowledgement follows the sync), and ``recovery`` tells how many
/// bytes in which file. Lines in the middle of a file are never changed; invalid ones are
/// skipped by readers.
///
/// **Rebuild on open.** The store reads every part once, in order, to learn each session's last
/// `seq` (so `seq` continues after a restart), its `session_start` time (for `t_ms`), and the
/// ids of its events (for deduplication). Cost: one sequential read of the tree (see
/// ``openReport`` for the figures; the benchmark prints the rate) and about 40 bytes of memory
/// per logged event, for the 128-bit hashes of event ids. (While running, only ids that callers
/// supply are remembered: the ids the store generates are random and cannot repeat.)
///
/// Thread safety: every method may be called from any thread or task.
public final class LogStore: @unchecked Sendable {
    /// The log root, `<data>/logs`.
    public let directory: String
    /// Size at which a new part starts, in bytes (default 64 MiB, docs/log.md).
    public let partMaxBytes: Int
    /// What recovery on open cut from torn part files; empty after a clean shutdown.
    public let recovery: [RecoveryNote]
    /// What the open-time rebuild read.
    public let openReport: LogOpenReport

    /// The log root for a data directory: `<data>/logs`.
    public static func directory(inData data: String) -> String {
        (data.hasSuffix("/") ? String(data.dropLast()) : data) + "/logs"
    }

    // Guarded by `lock`.
    private let lock = NSLock()
    private var pending: [Request] = []
    private var draining = false
    private var isClosed = false
    private var stats = LogStoreStatistics()
    private var durableLengths: [String: Int] = [:]
    private var faultHook: (@Sendable (FaultPoint) -> Int32?)?
    private var readCheck: (@Sendable () -> Void)?
    /// Every acknowledged `session_start`, by session: read under `lock`, never waiting for the
    /// writer's batch.
    private var starts: [String: LoggedSessionStart] = [:]
    /// How many of `starts` each share link started, by the link's public id (under `lock`).
    private var startsPerShare: [String: Int] = [:]
    /// The sessions of `starts` of each participant, by share link and pid, in the order they
    /// started (by `ts`; under `lock`).
    private var participantStarts: [ParticipantKey: [(session: String, ts: Int64)]] = [:]
    private struct ParticipantKey: Hashable {
        var share: String
        var pid: String
    }

    // Confined to `queue` (and to `init`).
    private var sessions: [String: SessionState]
    private var handles: [Int64: PartHandle] = [:]
    /// Ids for events that come without one (used on the writer queue only).
    private var eventIDs = EventIDs()
    private var lockFD: Int32
    private let queue = DispatchQueue(label: "modallab.interaction-log.writer", qos: .userInitiated)
    private let queueKey = DispatchSpecificKey<Bool>()

    /// Opens (creating it when missing) the log at `directory` (`<data>/logs`), recovers torn
    /// tails and rebuilds the per-session state.
    ///
    /// - Parameters:
    ///   - directory: the log root, `<data>/logs`; created with its parents when missing.
    ///   - partMaxBytes: bytes at which a new part starts (default 64 MiB; small in tests).
    ///   - types: the event types `visit` is given while the log is read to rebuild its state
    ///     (default none), so that a caller who needs them does not read the log a second time.
    ///   - visit: called with each acknowledged event of those types, in log order.
    /// - Throws: ``LogStoreError/locked(path:)`` when another writer still has the tree open
    ///   after 2 seconds (a writer that is exiting gets that long to let go),
    ///   ``LogStoreError/io(operation:path:errno:)`` when it cannot be created or read.
    public init(
        directory: String, partMaxBytes: Int = 64 << 20, visiting types: Set<LogEventType> = [],
        _ visit: (LogEvent) -> Void = { _ in }
    ) throws(LogStoreError) {
        let started = LogTimestamp.now()
        self.directory = directory.count > 1 && directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        self.partMaxBytes = max(1, partMaxBytes)
        try FileIO.makeDirectories(self.directory)
        lockFD = try FileIO.lockFile(self.directory + "/.lock")
        do throws(LogStoreError) {
            let parts = try LogPart.list(in: self.directory)
            var notes: [RecoveryNote] = []
            for part in parts {
                if let note = try LogStore.recoverTail(part.path) { notes.append(note) }
            }
            var report = LogOpenReport()
            var starts: [String: LoggedSessionStart] = [:]
            sessions = try LogStore.rebuild(parts, starts: &starts, report: &report, visiting: types, visit)
            self.starts = starts
            for (sid, start) in starts {
                if let share = start.share { startsPerShare[share, default: 0] += 1 }
                Self.noteParticipant(sid, start, in: &participantStarts)
            }
            report.sessions = sessions.count
            report.seconds = Double(LogTimestamp.now() - started) / 1e6
            recovery = notes
            openReport = report
        } catch {
            FileIO.closeFile(lockFD)
            throw error
        }
        queue.setSpecific(key: queueKey, value: true)
    }

    deinit {
        for h in handles.values { FileIO.closeFile(h.fd) }
        if lockFD >= 0 { FileIO.closeFile(lockFD) }
    }

    // MARK: Appending

    /// Appends events durably: returns once they are on disk (docs/log.md: acknowledge only then).
    ///
    /// The store assigns `seq` (per session, strictly increasing, continuing after a restart);
    /// `event_id` when the event has none (a lowercase UUID); `ts` when it has none (now); `t_ms`
    /// when it has none and the session's `session_start` is known. An event whose client
    /// `eventID` its session already logged is not written and counts as a duplicate. The
    /// events of one call are written in order and land in the same commit.
    ///
    /// Cancelling the calling task does not withdraw the events.
    ///
    /// - Returns: counts and the events as written (duplicates left out), in call order.
    /// - Throws: ``LogStoreError``; then none of the events is in the log and the store stays
    ///   usable (a retry of the same events is not treated as a duplicate).
    public func append(_ events: [PendingEvent]) async throws(LogStoreError) -> AppendResult {
        let result = await withCheckedContinuation {
            (c: CheckedContinuation<Result<AppendResult, LogStoreError>, Never>) in
            append(events) { c.resume(returning: $0) }
        }
        return try result.get()
    }

    /// ``append(_:)`` for Dispatch code: `completion` is called once, on the store's writer
    /// queue, after the events are durable or the commit failed. Keep it short and never call
    /// ``flush()``, ``close()`` or anything that waits for the writer from it.
    ///
    /// With `returningEvents` false the result's ``AppendResult/events`` is empty: the writer
    /// then builds no ``LogEvent`` per line (a copy of its every column, and its release), for a
    /// caller that needs only the acknowledgement (an action). The lines written are the same.
    public func append(
        _ events: [PendingEvent], returningEvents: Bool = true,
        completion: @escaping @Sendable (Result<AppendResult, LogStoreError>) -> Void
    ) {
        for (i, e) in events.enumerated() {
            if let id = e.eventID, id.isEmpty || id.utf8.count > PendingEvent.maxEventIDBytes {
                let reason = "event_id must have 1 to \(PendingEvent.maxEventIDBytes) bytes, not \(id.utf8.count)"
                return completion(.failure(.invalidEvent(index: i, reason: reason)))
            }
            if let ts = e.ts, ts < LogStore.minTs || ts > LogTimestamp.latest {
                return completion(.failure(.invalidEvent(index: i, reason: "ts outside the years 0001…9999")))
            }
        }
        if events.isEmpty { return completion(.success(AppendResult(accepted: 0, duplicates: 0, events: []))) }
        // Everything of each line but what the writer assigns is encoded here, on the caller's
        // thread, so the one writer thread spends its time on ids, seq and the sync.
        var tails: [UInt8] = []
        tails.reserveCapacity(1024 * events.count)  // a line is ~700 bytes: no growth
        var tailEnds: [Int] = []
        tailEnds.reserveCapacity(events.count)
        // By index: `for e in events` would copy every event (its 56 columns) to read it.
        for index in events.indices {
            events[index].fields.appendNDJSONTail(into: &tails)
            tailEnds.append(tails.count)
        }
        lock.lock()
        if isClosed {
            lock.unlock()
            return completion(.failure(.closed))
        }
        // The time is taken under the lock, so it never goes back in commit order (unless
        // the wall clock itself is set back).
        let now = LogTimestamp.now()
        pending.append(
            Request(
                events: events, now: now, completion: completion, tails: tails, tailEnds: tailEnds,
                returnsEvents: returningEvents))
        stats.appends += 1
        let schedule = !draining
        draining = true
        lock.unlock()
        if schedule { queue.async { self.drain() } }
    }

    /// Waits until every append called before it has completed. Blocks the calling thread.
    public func flush() {
        if DispatchQueue.getSpecific(key: queueKey) == true { return }
        queue.sync {}
    }

    /// Completes the queued appends, then closes the files and releases the lock. Later
    /// appends fail with ``LogStoreError/closed``; reading methods keep working. Idempotent.
    public func close() {
        lock.lock()
        isClosed = true
        lock.unlock()
        let finish = {
            for h in self.handles.values { FileIO.closeFile(h.fd) }
            self.handles = [:]
            if self.lockFD >= 0 {
                FileIO.closeFile(self.lockFD)
                self.lockFD = -1
            }
        }
        if DispatchQueue.getSpecific(key: queueKey) == true {
            finish()
        } else {
            queue.sync(execute: finish)
        }
    }

    /// Counters since the store was opened.
    public var statistics: LogStoreStatistics {
        lock.lock()
        defer { lock.unlock() }
        return stats
    }

    /// When session `id` logged its `session_start` (microseconds since the epoch), if this log
    /// holds one acknowledged: how a server that restarted knows the sessions it may rebuild.
    /// Reads memory under a lock; never waits for the writer, never reads a file.
    public func sessionStart(_ id: String) -> Int64? { loggedStart(id)?.ts }

    /// The acknowledged `session_start` of session `id` (when, the prototype, the share link),
    /// if this log holds one; `nil` otherwise. Reads memory under a lock; never waits for the
    /// writer, never reads a file: what lets a server say who may see a session before it reads
    /// any of its log.
    public func loggedStart(_ id: String) -> LoggedSessionStart? {
        lock.lock()
        defer { lock.unlock() }
        return starts[id]
    }

    /// The sessions participant `pid` started through share link `share` (its public id) that
    /// this log holds an acknowledged `session_start` of, in the order they started (by `ts`).
    /// Reads memory under a lock, like ``loggedStart(_:)``: what lets a participant who reopens
    /// their link after a restart find their session without reading the log.
    public func loggedParticipantSessions(share: String, pid: String) -> [String] {
        lock.lock()
        defer { lock.unlock() }
        return participantStarts[ParticipantKey(share: share, pid: pid)]?.map(\.session) ?? []
    }

    /// Notes `start` of session `sid` among its participant's in `index`, in start order (the
    /// store's index: with `lock` held, or in `init`).
    private static func noteParticipant(
        _ sid: String, _ start: LoggedSessionStart, in index: inout [ParticipantKey: [(session: String, ts: Int64)]]
    ) {
        guard let share = start.share, let pid = start.pid else { return }
        let entry = (session: sid, ts: start.ts)
        modifyInPlace(&index[ParticipantKey(share: share, pid: pid), default: []]) { list in
            let i = list.lastIndex { ($0.ts, $0.session) <= (entry.ts, entry.session) }.map { $0 + 1 } ?? 0
            list.insert(entry, at: i)
        }
    }

    /// How many sessions share link `share` (its public id) started that this log holds an
    /// acknowledged `session_start` of. Reads memory under a lock, like ``loggedStart(_:)``:
    /// what a participant link's task order counts its participants by, without reading the log.
    public func loggedStarts(share: String) -> Int {
        lock.lock()
        defer { lock.unlock() }
        return startsPerShare[share] ?? 0
    }

    // MARK: Reading (acknowledged events only)

    /// The parts a filter needs, each with the length that was durable when this was called:
    /// readers of the snapshot see exactly the acknowledged events.
    public func snapshot(filter: LogFilter = LogFilter()) throws(LogStoreError) -> [LogPart] {
        lock.lock()
        stats.reads += 1
        let check = readCheck
        lock.unlock()
        check?()
        var parts = try LogPart.list(in: directory, filter: filter)
        lock.lock()
        defer { lock.unlock() }
        for i in parts.indices {
            if let n = durableLengths[parts[i].path] {
                parts[i].length = n
            } else {
                // Not written by this store yet, so complete; its size now bounds the read.
                var st = stat()
                parts[i].length = stat(parts[i].path, &st) == 0 ? Int(st.st_size) : 0
            }
        }
        return parts
    }

    // MARK: Testing hooks

    /// Where a test can make the writer fail as the disk would.
    enum FaultPoint: Sendable { case write, sync }

    /// Makes the writer fail with the returned `errno` at a fault point (nil: no fault).
    func setFaultHook(_ hook: (@Sendable (FaultPoint) -> Int32?)?) {
        lock.lock()
        faultHook = hook
        lock.unlock()
    }

    /// Calls `check` at the start of every read of the log (``snapshot(filter:)``, which every
    /// read begins with): a server asserts there that no event-loop thread reads the log.
    public func setReadCheck(_ check: (@Sendable () -> Void)?) {
        lock.lock()
        readCheck = check
        lock.unlock()
    }

    /// The earliest `ts` an append accepts, `0001-01-01T00:00:00Z`; the latest is
    /// ``LogTimestamp/latest``.
    static let minTs = LogTimestamp.daysFromCivil(1, 1, 1) * LogTimestamp.microsecondsPerDay
}

/// What an append did (docs/log.md: `{"accepted": 1, "duplicates": 0}`).
public struct AppendResult: Sendable, Equatable {
    /// Events written.
    public var accepted: Int
    /// Events not written because their session already logged their `event_id`.
    public var duplicates: Int
    /// The written events with what the store assigned (`seq`, `event_id`, `ts`, `t_ms`).
    public var events: [LogEvent]

    /// A result of the given counts and events.
    public init(accepted: Int, duplicates: Int, events: [LogEvent]) {
        self.accepted = accepted
        self.duplicates = duplicates
        self.events = events
    }
}

/// Counters of a ``LogStore`` since it was opened (for `/metrics` and tests).
public struct LogStoreStatistics: Sendable, Equatable {
    /// Calls to `append` that were queued.
    public var appends = 0
    /// Events written.
    public var events = 0
    /// Events dropped as duplicates.
    public var duplicates = 0
    /// Group commits (each one write and one sync per part file touched).
    public var batches = 0
    /// Group commits that failed (their appends threw).
    public var failedBatches = 0
    /// Data syncs of part files (`fdatasync` / `F_FULLFSYNC`): about one per batch.
    public var fsyncs = 0
    /// Syncs of directories after creating a day directory or a part file.
    public var directorySyncs = 0
    /// Bytes written to part files.
    public var bytes = 0
    /// Reads of the log begun (each read of its files takes one snapshot of its parts first).
    public var reads = 0
}

/// What a ``LogStore`` read when it opened.
public struct LogOpenReport: Sendable, Equatable {
    /// Part files read.
    public var parts = 0
    /// Valid lines (events) read.
    public var events = 0
    /// Bytes read.
    public var bytes = 0
    /// Lines in the middle of a file that are not valid events (skipped by readers).
    public var invalidLines = 0
    /// Sessions known.
    public var sessions = 0
    /// Wall time of recovery and rebuild, in seconds.
    public var seconds = 0.0
}

// MARK: - Internals

/// 128 bits of an event id's UTF-8 (SipHash with this process's seed, twice): what the
/// deduplication sets hold instead of the strings. A false match needs a 128-bit collision.
struct IDHash: Hashable {
    let a: Int
    let b: Int

    init(_ bytes: UnsafeRawBufferPointer) {
        var h1 = Hasher()
        h1.combine(bytes: bytes)
        var h2 = Hasher()
        h2.combine(0x9E37_79B9 as UInt32)
        h2.combine(bytes: bytes)
        a = h1.finalize()
        b = h2.finalize()
    }

    init(_ s: String) {
        var s = s
        self = s.withUTF8 { IDHash(UnsafeRawBufferPointer($0)) }
    }
}

/// Runs `body` on `value` in place: given a dictionary entry, `&dict[key, default: v]`, it
/// changes the entry without copying it out and back.
@inline(__always)
func modifyInPlace<T, R>(_ value: inout T, _ body: (inout T) -> R) -> R { body(&value) }

/// A session's acknowledged `session_start`, as the log's memory holds it (``LogStore/loggedStart(_:)``).
public struct LoggedSessionStart: Sendable, Equatable {
    /// Its `ts`: microseconds since the epoch.
    public var ts: Int64
    /// Its `prototype` column.
    public var prototype: String?
    /// Its `share` column: the public id of the share link it was started through; `nil` for the owner's.
    public var share: String?
    /// Its `prototype_version` column: the version of the prototype the session ran on.
    public var version: String?
    /// Its `pid` column: the participant id a participant link's session was started with.
    public var pid: String?
    /// Its `props.addressDigest`, kept for a start with a `pid`: the keyed digest of the address
    /// the participant started from, which a reopening of the link must match.
    public var addressDigest: String?

    /// A start at `ts` of `prototype` (at `version`), through `share`, by participant `pid` from
    /// the address whose digest is `addressDigest`.
    public init(
        ts: Int64, prototype: String?, share: String?, version: String? = nil, pid: String? = nil,
        addressDigest: String? = nil
    ) {
        self.ts = ts
        self.prototype = prototype
        self.share = share
        self.version = version
        self.pid = pid
        self.addressDigest = addressDigest
    }
}

struct SessionState {
    var lastSeq = 0
    var startTs: Int64?
    var ids = Set<IDHash>()
}

extension LogStore {
    struct Request {
        var events: [PendingEvent]
        var now: Int64
        var completion: @Sendable (Result<AppendResult, LogStoreError>) -> Void
        /// The NDJSON tails of `events` (``EventFields/appendNDJSONTail(into:)``), one after the
        /// other, encoded by the appending thread; `tailEnds[i]` is where event i's ends.
        var tails: [UInt8]
        var tailEnds: [Int]
        /// Whether the result lists the events written (``AppendResult/events``).
        var returnsEvents: Bool
    }

    /// An open part file of the writer.
    final class PartHandle {
        let path: String
        let day: Int64
        let index: Int
        let fd: Int32
        /// Durable length: everything before it is synced.
        var size: Int
        /// A failed commit left bytes after `size` that could not be cut off yet.
        var needsTruncate = false
        /// Directories whose entry for this part (or its day folder) is not synced yet: set when
        /// the file or folder is created, cleared only by a commit that synced them, so a failed
        /// first commit leaves them for the next.
        var unsyncedDirectories: [String] = []

        init(path: String, day: Int64, index: Int, fd: Int32, size: Int) {
            self.path = path
            self.day = day
            self.index = index
            self.fd = fd
            self.size = size
        }
    }

    private struct Segment {
        var day: Int64
        var index: Int
        var offset: Int
        var bytes: [UInt8]
    }

    private struct Undo {
        var session: String
        /// The client's event id, when it gave one.
        var id: IDHash?
        var lastSeq: Int
        var startTs: Int64?
    }

    /// Takes queued requests in batches until none is left.
    private func drain() {
        while true {
            lock.lock()
            if pending.isEmpty {
                draining = false
                lock.unlock()
                return
            }
            let batch = pending
            pending = []
            let fault = faultHook
            lock.unlock()
            commit(batch, fault: fault)
        }
    }

    /// One group commit: assign, encode, write, sync, acknowledge.
    private func commit(_ batch: [Request], fault: (@Sendable (FaultPoint) -> Int32?)?) {
        var results: [AppendResult] = []
        results.reserveCapacity(batch.count)
        var undo: [Undo] = []
        // A batch's lines nearly always go to one part: one segment (`lastIndex` below finds a
        // day's last segment by a scan, with no dictionary to build per batch).
        var segments: [Segment] = []
        segments.reserveCapacity(1)
        var accepted = 0
        var duplicates = 0
        var started: [(String, LoggedSessionStart)] = []
        // The batch's lines: their tails, and at most 192 bytes of head each.
        var batchBytes = 0
        var batchEvents = 0
        for req in batch {
            batchBytes += req.tails.count + 192 * req.events.count
            batchEvents += req.events.count
        }
        undo.reserveCapacity(batchEvents)
        do throws(LogStoreError) {
            for req in batch {
                var result = AppendResult(accepted: 0, duplicates: 0, events: [])
                if req.returnsEvents { result.events.reserveCapacity(req.events.count) }
                // By index, reading the columns needed in place: `enumerated()`, or a `let` of
                // the event that the closure below captures, copies every event (56 columns).
                for index in req.events.indices {
                    let key = req.events[index].fields.session ?? ""
                    let eventID = req.events[index].eventID
                    let pendingTMs = req.events[index].tMs
                    // Only a client's own event ids can repeat (a retried batch); an id the
                    // store generates is random (122 bits) and needs no duplicate check.
                    let hash = eventID.map(IDHash.init)
                    let ts = req.events[index].ts ?? req.now
                    let entry: (seq: Int, tMs: Int?)? = modifyInPlace(&sessions[key, default: SessionState()]) { s in
                        if let hash, !s.ids.insert(hash).inserted { return nil }
                        undo.append(Undo(session: key, id: hash, lastSeq: s.lastSeq, startTs: s.startTs))
                        s.lastSeq += 1
                        if req.events[index].fields.type == .sessionStart && s.startTs == nil {
                            let p = req.events[index]
                            s.startTs = ts
                            started.append(
                                (
                                    key,
                                    LoggedSessionStart(
                                        ts: ts, prototype: p.fields.prototype, share: p.fields.share,
                                        version: p.fields.prototypeVersion, pid: p.fields.pid,
                                        addressDigest: p.fields.pid == nil
                                            ? nil : p.fields.props["addressDigest"]?.stringValue)
                                ))
                        }
                        return (s.lastSeq, pendingTMs ?? s.startTs.map { Int(($0 <= ts ? ts - $0 : 0) / 1000) })
                    }
                    guard let entry else {
                        result.duplicates += 1
                        continue
                    }
                    let day = LogTimestamp.day(ts)
                    var si: Int
                    if let i = segments.lastIndex(where: { $0.day == day }) {
                        si = i
                    } else {
                        let (index, size) = try currentPart(day)
                        var bytes: [UInt8] = []
                        // Room for the batch's lines, so the segment is not copied as it grows.
                        bytes.reserveCapacity(batchBytes)
                        segments.append(Segment(day: day, index: index, offset: size, bytes: bytes))
                        si = segments.count - 1
                    }
                    let before = segments[si].bytes.count
                    if req.returnsEvents {
                        let id = eventID ?? eventIDs.next()
                        var event = LogEvent(req.events[index], eventID: id, seq: entry.seq, ts: ts)
                        event.tMs = entry.tMs
                        event.appendNDJSONHead(into: &segments[si].bytes)
                        result.events.append(event)
                    } else {
                        // A new id is written straight into the line.
                        LogEvent.appendNDJSONHead(
                            schema: LogEvent.currentSchema, eventID: eventID, ids: &eventIDs, seq: entry.seq, ts: ts,
                            tMs: entry.tMs, into: &segments[si].bytes)
                    }
                    segments[si].bytes.append(
                        contentsOf: req.tails[(index == 0 ? 0 : req.tailEnds[index - 1])..<req.tailEnds[index]])
                    let lineLength = segments[si].bytes.count - before
                    let partSize = segments[si].offset + before
                    if partSize > 0 && partSize + lineLength > partMaxBytes {
                        // Roll over: the line starts the next part.
                        let line = Array(segments[si].bytes[before...])
                        segments[si].bytes.removeSubrange(before...)
                        segments.append(Segment(day: day, index: segments[si].index + 1, offset: 0, bytes: line))
                        si = segments.count - 1
                    }
                    result.accepted += 1
                }
                accepted += result.accepted
                duplicates += result.duplicates
                results.append(result)
            }
            try write(segments, fault: fault)
        } catch {
            for u in undo.reversed() {
                modifyInPlace(&sessions[u.session, default: SessionState()]) { s in
                    if let id = u.id { s.ids.remove(id) }
                    s.lastSeq = u.lastSeq
                    s.startTs = u.startTs
                }
            }
            lock.lock()
            stats.batches += 1
            stats.failedBatches += 1
            lock.unlock()
            for req in batch { req.completion(.failure(error)) }
            return
        }
        lock.lock()
        for (key, start) in started {
            starts[key] = start
            if let share = start.share { startsPerShare[share, default: 0] += 1 }
            Self.noteParticipant(key, start, in: &participantStarts)
        }
        stats.batches += 1
        stats.events += accepted
        stats.duplicates += duplicates
        lock.unlock()
        for (req, result) in zip(batch, results) { req.completion(.success(result)) }
    }

    /// The part a day's next line goes to, and its durable size.
    private func currentPart(_ day: Int64) throws(LogStoreError) -> (Int, Int) {
        if let h = handles[day] { return (h.index, h.size) }
        let dir = directory + "/" + LogPart.dayDirectoryName(day)
        var highest: Int?
        for name in try FileIO.list(dir) {
            if let i = LogPart.index(ofFile: name), i > (highest ?? -1) { highest = i }
        }
        guard let index = highest else { return (0, 0) }
        var st = stat()
        let path = dir + "/" + LogPart.fileName(index)
        guard stat(path, &st) == 0 else { throw FileIO.fail("stat", path) }
        return (index, Int(st.st_size))
    }

    /// The open handle of a part, opening (and creating) it when needed. A handle it replaces
    /// (the day rolled over to a new part) goes to `retired`, to be synced and closed by the
    /// caller.
    private func handle(day: Int64, index: Int, retired: inout [PartHandle]) throws(LogStoreError) -> PartHandle {
        if let h = handles[day], h.index == index { return h }
        var unsynced: [String] = []
        let dir = directory + "/" + LogPart.dayDirectoryName(day)
        if try FileIO.makeDirectory(dir) { unsynced.append(directory) }
        let path = dir + "/" + LogPart.fileName(index)
        let existed = access(path, F_OK) == 0
        let fd = try FileIO.openReadWrite(path, create: true)
        let size: Int
        do throws(LogStoreError) { size = try FileIO.size(fd, path) } catch {
            FileIO.closeFile(fd)
            throw error
        }
        if !existed { unsynced.append(dir) }
        if let old = handles[day] { retired.append(old) }
        let h = PartHandle(path: path, day: day, index: index, fd: fd, size: size)
        h.unsyncedDirectories = unsynced
        handles[day] = h
        lock.lock()
        durableLengths[path] = size
        lock.unlock()
        return h
    }

    /// Writes the segments, syncs every file touched, then publishes the new durable lengths.
    /// On failure cuts every touched file back to its durable length.
    private func write(_ segments: [Segment], fault: (@Sendable (FaultPoint) -> Int32?)?) throws(LogStoreError) {
        // The parts written and, at the same index, where each now ends (a batch touches one or
        // two: a scan, not a dictionary built per batch).
        var touched: [PartHandle] = []
        var ends: [Int] = []
        var retired: [PartHandle] = []
        var directories = Set<String>()
        var bytes = 0
        defer {
            for h in retired { FileIO.closeFile(h.fd) }
        }
        do throws(LogStoreError) {
            for seg in segments where !seg.bytes.isEmpty {
                let h = try handle(day: seg.day, index: seg.index, retired: &retired)
                if let i = touched.firstIndex(where: { $0 === h }) {
                    ends[i] = seg.offset + seg.bytes.count
                } else {
                    touched.append(h)
                    ends.append(seg.offset + seg.bytes.count)
                }
                if h.needsTruncate {
                    try FileIO.truncate(h.fd, to: h.size, h.path)
                    h.needsTruncate = false
                }
                if let code = fault?(.write) { throw FileIO.fail("write", h.path, code) }
                try FileIO.writeAll(h.fd, seg.bytes, at: seg.offset, h.path)
                bytes += seg.bytes.count
            }
            for h in touched {
                if let code = fault?(.sync) { throw FileIO.fail(Sys.syncDataCall, h.path, code) }
                try FileIO.sync(h.fd, h.path)
            }
            // Longest first: a new day directory's part, then the day directory in the root.
            for h in touched { directories.formUnion(h.unsyncedDirectories) }
            for dir in directories.sorted(by: { $0.count > $1.count }) { try FileIO.syncDirectory(dir) }
        } catch {
            for h in touched {
                do throws(LogStoreError) { try FileIO.truncate(h.fd, to: h.size, h.path) } catch {
                    h.needsTruncate = true
                }
            }
            lock.lock()
            stats.fsyncs += touched.count
            lock.unlock()
            throw error
        }
        lock.lock()
        for (h, end) in zip(touched, ends) {
            h.size = end
            h.unsyncedDirectories = []
            durableLengths[h.path] = h.size
        }
        stats.fsyncs += touched.count
        stats.directorySyncs += directories.count
        stats.bytes += bytes
        lock.unlock()
        // Keep only the newest day's part open; others are complete or rarely written.
        if let newest = handles.keys.max() {
            for (day, h) in handles where day != newest && !h.needsTruncate {
                FileIO.closeFile(h.fd)
                handles[day] = nil
            }
        }
    }
}

extension LogStore: LogSource {
    /// The acknowledged parts a filter needs (see ``snapshot(filter:)``).
    public func readableParts(filter: LogFilter) throws(LogStoreError) -> [LogPart] { try snapshot(filter: filter) }
}
