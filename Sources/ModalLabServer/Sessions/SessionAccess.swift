import Dispatch
import HTTPServer
import InteractionLog
import Platform
import Sharing

/// Who may have a session named in a request's path, decided before any work: from what the
/// server holds in memory (its live sessions, the log's index of `session_start`s, the share
/// links), never from the log's files. Only a request whose credentials may have the session
/// pays for reading its log (a rebuild after a restart, a replay); every other one is a cheap
/// 404, counted against its client address (``FairLimits/sessionMissesPerAddress``).
///
/// What the session and study controllers hold to find a request's session (docs/architecture.md,
/// "What runs off the event loops").
struct SessionAccess: Sendable {
    let sessions: SessionStore
    let log: LogStore
    /// Rebuilds a session the log knows but this server doesn't hold (off the event loops).
    let restorer: SessionRestorer
    /// Who a request comes from: the owner, a share link's viewer, a report's reader.
    let access: ViewerAccess
    /// Requests from one client address that named a session they can't have.
    let misses: FailureLimiter
    /// The rebuilds under way: one per session, however many requests wait for it.
    let rebuilds: SessionRebuilds

    /// Whether `viewer` may act on a session of `prototype` started through share link `share`
    /// (`nil`: the owner's): the owner on any; a share link's viewer only on sessions started
    /// through the same link (each session has one viewer; another link to the same prototype is
    /// another viewer), of a prototype the link shows.
    static func mayAct(_ viewer: Viewer, share: String?, prototype: String) -> Bool {
        viewer == .owner || (viewer.shareID != nil && viewer.shareID == share && viewer.canView(prototype))
    }

    /// The answer to a request that named session `sid` and can't have it: 404 (session ids are
    /// capabilities, so a stranger learns nothing, not even whether it exists), counted against
    /// the request's client address unless it is the owner's; once the address has had
    /// ``FairLimits/sessionMissesPerAddress`` in a minute, 429 with `Retry-After` instead.
    func miss(_ sid: String, _ req: HTTPRequest, isOwner: Bool) -> Problem {
        if !isOwner {
            let address = req.remoteHost
            if let wait = misses.retryAfter(address) {
                return Problem.tooMany(
                    title: "Too many unknown sessions",
                    detail:
                        "this address (\(address)) named \(misses.limit) sessions it can't have within a minute; "
                        + "try again in \(wait) s",
                    retryAfter: wait, limit: "sessionMissesPerAddress")
            }
            misses.fail(address)
        }
        return Problem.notFound("no session \(Self.quoted(sid))")
    }

    /// `sid` quoted for a message: at most 64 characters of it (a session id has 22), so a
    /// request naming a huge id doesn't get it back whole.
    static func quoted(_ sid: String) -> String {
        sid.count <= 64 ? "\"\(sid)\"" : "\"\(sid.prefix(64))…\""
    }

    /// The session named in the path, if `viewer` may act on it, given to `body`; else a
    /// ``miss(_:_:isOwner:)``. A session this server holds is given at once, on the caller's
    /// thread (an event loop's: an action costs no extra hop). One it doesn't hold but the log
    /// started (the server restarted) is rebuilt by replay on a Dispatch worker, never on a
    /// loop, and only when the log's memory of its start says `viewer` may have it; one that
    /// can't be rebuilt is remembered (``SessionStore/noteCannotRestore(_:)``, bounded), so its
    /// next request is a 404 at once.
    func withSession(
        _ req: HTTPRequest, _ viewer: Viewer, _ body: @escaping @Sendable (Result<ViewingSession, Problem>) -> Void
    ) {
        let sid = req.parameters["sid"] ?? ""
        let isOwner = viewer == .owner
        if let s = sessions.get(sid) {
            guard Self.mayAct(viewer, share: s.share, prototype: s.prototype.id) else {
                return body(.failure(miss(sid, req, isOwner: isOwner)))
            }
            return body(.success(s))
        }
        guard !sessions.hasEnded(sid), let start = log.loggedStart(sid),
            Self.mayAct(viewer, share: start.share, prototype: start.prototype ?? "")
        else {
            return body(.failure(miss(sid, req, isOwner: isOwner)))
        }
        rebuild(sid) { [self] s in
            guard let s, Self.mayAct(viewer, share: s.share, prototype: s.prototype.id) else {
                return body(.failure(miss(sid, req, isOwner: isOwner)))
            }
            body(.success(s))
        }
    }

    /// Session `sid` as this server holds it, or rebuilt from the log on a Dispatch worker
    /// (``SessionRestorer/restoreSession(_:)``), given to `done` (`nil`: it can't be). Requests
    /// that come while it is being rebuilt wait for that rebuild instead of reading the log
    /// again (``SessionRebuilds``). Call it only for credentials that may have the session.
    func rebuild(_ sid: String, done: @escaping @Sendable (ViewingSession?) -> Void) {
        if let s = sessions.get(sid) { return done(s) }
        rebuilds.join(sid, done: done) { [restorer] in restorer.restoreSession(sid) }
    }

    /// ``rebuild(_:done:)`` for async handlers.
    func rebuild(_ sid: String) async -> ViewingSession? {
        await withCheckedContinuation { k in rebuild(sid) { k.resume(returning: $0) } }
    }

    /// ``withSession(_:_:_:)`` for async handlers.
    /// - Throws: ``Problem`` 404 (or 429) when `viewer` can't have the session.
    func session(_ req: HTTPRequest, _ viewer: Viewer) async throws(Problem) -> ViewingSession {
        let found = await withCheckedContinuation { k in withSession(req, viewer) { k.resume(returning: $0) } }
        return try found.get()
    }

    /// Who may read session `sid`'s report (its replay, watching it): the owner, or the holder
    /// of a `report` link to the session's prototype, decided from memory (the log's index of
    /// starts, the share links) before any of the log is read. Returns the session id, its
    /// prototype and the viewer the credentials were found to be (a route that goes on after
    /// awaiting uses this one: the link may expire meanwhile, and the cookie then resolves to
    /// nobody).
    /// - Throws: 401 without credentials; a ``miss(_:_:isOwner:)`` for a session the log doesn't
    ///   have or the credentials (a junk, revoked or other link) may not see.
    func reported(_ req: HTTPRequest) throws(Problem) -> (sid: String, prototype: String, viewer: Viewer) {
        let sid = req.parameters["sid"] ?? ""
        let isOwner = access.owner.isOwner(req)
        guard isOwner || req.cookie(access.shareCookie) != nil else { throw Problem.ownerRequired }
        guard let start = log.loggedStart(sid), let prototype = start.prototype,
            let viewer = isOwner ? .owner : access.reportViewer(req, prototype: prototype)
        else { throw miss(sid, req, isOwner: isOwner) }
        return (sid, prototype, viewer)
    }
}

/// The rebuilds of sessions under way, by session id: the first request for a session this
/// server doesn't hold starts its rebuild (a replay of its log) on a Dispatch worker, and every
/// request for it that comes before the rebuild ends waits for that one, so a client that sends
/// many requests at once for its own session after a restart costs one read of the log, not one
/// each.
final class SessionRebuilds: Sendable {
    private let waiting = Locked<[String: [@Sendable (ViewingSession?) -> Void]]>([:])

    /// The requests waiting for session `sid`'s rebuild (the one that started it included).
    func waiters(_ sid: String) -> Int { waiting.withLock { $0[sid]?.count ?? 0 } }

    /// Calls `done` with the result of `rebuild`, which runs on a Dispatch worker unless a
    /// rebuild of `sid` is under way already: then `done` waits for that one's result.
    func join(
        _ sid: String, done: @escaping @Sendable (ViewingSession?) -> Void,
        rebuild: @escaping @Sendable () -> ViewingSession?
    ) {
        let first = waiting.withLock { w -> Bool in
            if w[sid] != nil {
                w[sid]!.append(done)
                return false
            }
            w[sid] = [done]
            return true
        }
        guard first else { return }
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            let s = rebuild()
            let all = waiting.withLock { $0.removeValue(forKey: sid) ?? [] }
            for d in all { d(s) }
        }
    }
}
