import Foundation
import HTTPServer
import InteractionLog
import JSON
import Presentation
import Prototype

/// A study's report beyond the insights: heat maps, replays and live observation, as pages
/// (`/p/{id}/heatmaps`, `/p/{id}/sessions/{sid}[/watch]`) and their APIs
/// (`GET /api/sessions/{sid}/replay`, `GET /api/sessions/{sid}/watch`, Server-Sent Events),
/// for the owner and the holders of a `report` link to the session's prototype. The audience
/// is checked here, by each route (``ViewerAccess/reportViewer(_:prototype:)``).
struct StudyController: Sendable {
    let access: ViewerAccess
    let log: LogStore
    let library: PrototypeLibrary
    let sessions: SessionStore
    /// Replays a session's log, and rebuilds a session to watch that this server doesn't hold.
    let restorer: SessionRestorer
    /// Who may read a session's report, decided from memory before the log is read.
    let audience: SessionAccess
    let watchers: SessionWatchers
    let engines: EngineCache
    /// The engine options this server runs with (`--on-popover-conflict`).
    let engineOptions: EngineOptions
    let pages: PageRenderer
    let limits: FairLimits

    /// Registers the pages in the pages' group and the APIs for anyone (each checks its reader).
    func addRoutes(to groups: RouteGroups) {
        groups.pages.get("/p/{id}/heatmaps") { [self] req, _ in try await heatmapsPage(req) }
        groups.pages.get("/p/{id}/sessions/{sid}") { [self] req, _ in try await sessionPage(req, watch: false) }
        groups.pages.get("/p/{id}/sessions/{sid}/watch") { [self] req, _ in try await sessionPage(req, watch: true) }
        groups.anyone.get("/api/sessions/{sid}/replay") { [self] req in
            do {
                return try await replayResponse(req)
            } catch let p as Problem {
                return p.response
            } catch {
                return Problem(.internalServerError, title: "Replay failed", detail: "\(error)").response
            }
        }
        groups.anyone.get("/api/sessions/{sid}/watch") { [self] req in
            do {
                return try await watchResponse(req)
            } catch let p as Problem {
                return p.response
            } catch {
                return Problem(.internalServerError, title: "Watch failed", detail: "\(error)").response
            }
        }
    }

    /// The record of session `sid` for a reader of its prototype's report (the owner, or a
    /// `report` link to that prototype); 401 without credentials, 404 for a session the reader
    /// may not see or the log does not have. Who may see it is decided first, from memory
    /// (``SessionAccess/reported(_:)``); only then is the log read, off the event loops.
    func reportedSession(_ req: HTTPRequest) async throws -> SessionRecord {
        try await record(of: try audience.reported(req).sid)
    }

    /// Session `sid`'s record, read from the log off the event loops; 404 when the log has
    /// none. Only for a reader ``SessionAccess/reported(_:)`` let through.
    func record(of sid: String) async throws -> SessionRecord {
        try await offLoop { [log] in
            let record: SessionRecord?
            do { record = try SessionRecord.read(sid, from: log) } catch {
                throw Problem(.internalServerError, title: "Log unreadable", detail: "\(error)")
            }
            guard let record else { throw Problem.notFound("no session \"\(sid)\"") }
            return record
        }
    }

    /// `GET /api/sessions/{sid}/replay[?from=N][&bytes=N][&frames=0]` → `application/x-ndjson`,
    /// streamed (``ReplayStream``): the session's logged actions run again through the engine
    /// against the prototype version it used, each step's change sent as it is run; each step's
    /// `state` has the same bytes as the live answer's. One answer carries at most `bytes`
    /// (default and most ``ReplayStream/maxBytes``) and ``ReplayStream/maxSteps`` steps, then
    /// says where to go on (`?from=`).
    func replayResponse(_ req: HTTPRequest) async throws -> HTTPResponse {
        let record = try await reportedSession(req)
        let from = try replayNumber(req, "from", in: 0...1_000_000_000, default: 0)
        let limit = try replayNumber(req, "bytes", in: 1024...ReplayStream.maxBytes, default: ReplayStream.maxBytes)
        let frames = req.query("frames") != "0"
        let stream = try await offLoop { [self] in
            guard let run = try restorer.replayRun(record.session) else {
                throw Problem.notFound("no session \"\(record.session)\"")
            }
            return try ReplayStream(run, from: from, frames: frames, limit: limit) { [self] (state) throws(Problem) in
                try pages.deviceFrame(run.prototype, state)
            }
        }
        return HTTPResponse(
            status: .ok,
            headers: ["Content-Type": "application/x-ndjson; charset=utf-8", "Cache-Control": "no-store"],
            body: .stream { writer in
                // Each chunk is read and run off the event loops and Swift's pool, then sent;
                // the writer waits while the client is slow, so nothing piles up.
                while let chunk = try await offLoop({ stream.next() }) { try await writer.write(chunk) }
            })
    }

    /// A number of a replay's query: `from` (the step to start after) or `bytes` (an answer's
    /// size before it stops with `more`, at most ``ReplayStream/maxBytes``); `fallback` when
    /// absent, a 400 naming the parameter when it is not a number in `range`.
    func replayNumber(_ req: HTTPRequest, _ name: String, in range: ClosedRange<Int>, default fallback: Int)
        throws(Problem) -> Int
    {
        guard let text = req.query(name) else { return fallback }
        guard let n = Int(text), range.contains(n) else {
            throw Problem.badRequest(
                "\(name) is a whole number from \(range.lowerBound) to \(range.upperBound); not \(JSONWriter.quoted(text))",
                path: name)
        }
        return n
    }

    /// `GET /api/sessions/{sid}/watch`: Server-Sent Events following a running session — first
    /// `frame` with its current answer and `stats` (`{"misclicks": N}`, the session's misclicks
    /// so far), then a `frame` with every answer the participant gets (`{state, diagnostics,
    /// diagnosticsHTML, html}`), a `stats` each time the participant's page logs misclicks, and
    /// `end` when it ends. The session's
    /// record comes from the log, and a session this server does not hold is rebuilt from it:
    /// both read the log, so they run off the event loop (``offLoop(_:)``).
    func watchResponse(_ req: HTTPRequest) async throws -> HTTPResponse {
        // Who asks is decided once, before the awaits: a link that expires while the log is
        // read must end this stream at once, not make it the owner's (found in CI under load).
        let (sid, _, viewer) = try audience.reported(req)
        let record = try await record(of: sid)
        let held = await audience.rebuild(record.session)
        guard let s = held else {
            throw Problem.notFound(
                "session \"\(record.session)\" has ended; its replay is at /p/\(record.prototype)/sessions/\(record.session)"
            )
        }
        let share = viewer.shareID
        let limit = limits.streamsPerShare
        // A link's stream ends when the link expires, as when it is revoked.
        let expiry = share.flatMap { access.shares.link(id: $0)?.expiresAt }
        guard let (id, stream) = watchers.subscribe(session: s.id, share: share, limit: limit, until: expiry) else {
            throw Problem.tooManyStreams(limit: limit)
        }
        // Revoked between the check of its cookie and the subscription: ends at once too.
        if let share, !access.shares.isActive(id: share) {
            watchers.unsubscribe(id)
            throw Problem.ownerRequired
        }
        let prototype = s.prototype
        var frames = WatchFrames()
        let first: String
        do throws(Problem) {
            first = try frames.data(prototype, s.state) { (state) throws(Problem) in
                try pages.deviceFrame(prototype, state)
            }
        } catch {
            watchers.unsubscribe(id)
            throw error
        }
        return HTTPResponse.eventStream(heartbeat: 15) { [self, frames] events in
            var frames = frames
            try await events.send(event: "frame", data: first)
            // The misclicks so far, then each new total as the participant's page logs more.
            try await events.send(event: "stats", data: Self.stats(misclicks: s.misclicks))
            for await item in stream {
                switch item {
                case .state(let state):
                    let data = try frames.data(prototype, state) { (state) throws(Problem) in
                        try pages.deviceFrame(prototype, state)
                    }
                    try await events.send(event: "frame", data: data)
                case .misclicks(let total):
                    try await events.send(event: "stats", data: Self.stats(misclicks: total))
                }
            }
            // The session ended, the link was revoked or the server stops: say so, and close.
            try await events.send(event: "end", data: s.id)
        }
    }

    /// A `stats` event's data: `{"misclicks": N}`.
    static func stats(misclicks: Int) -> String { #"{"misclicks":\#(misclicks)}"# }

    // MARK: Pages

    /// `/p/{id}/heatmaps?device=&orientation=&task=&share=&audience=&label=&appearance=`: a heat
    /// map per screen and modal, over the server-rendered frame of that state, for every device
    /// the taps came from; filters by device, orientation, task and segment (share link), and by
    /// who ran the sessions (participants of participant links unless `audience` says
    /// otherwise: ``LogFilter/studyView(prototype:_:)``); misclicks apart.
    func heatmapsPage(_ req: HTTPRequest) async throws -> HTTPResponse {
        let id = req.parameters["id"] ?? ""
        guard let viewer = access.reportViewer(req, prototype: id) else { throw Problem.ownerRequired }
        let (_, p) = try library.playable(id)
        func q(_ name: String) -> String? { req.query(name).flatMap { $0.isEmpty ? nil : $0 } }
        let aggregates = StudyAggregates(
            device: q("device"), orientation: q("orientation"), task: q("task"), share: q("share"))
        let filter = try LogFilter.studyView(prototype: id, req)
        let (maps, _) = try await offLoop { [log] in
            try log.studyAggregates(filter: filter, aggregates)
        }
        let locale = PageLocale(req)
        // The insights page's form (one source), with the heat maps' orientation and task.
        let filters = InsightsFiltersView(
            p, filter: filter, links: access.shares.all, isReport: viewer != .owner, strings: locale.strings,
            heatmaps: aggregates)
        let page = HeatmapsPageView(
            p, maps: maps, engine: engines.engine(for: p, options: engineOptions), filters: filters,
            isReport: viewer != .owner, strings: locale.strings)
        return try pages.render("heatmaps", page, locale: locale)
    }

    /// `/p/{id}/sessions/{sid}`: the session played back (frames from its replay, a scrubber,
    /// real speed, taps and misclicks overlaid); `/watch`: the session followed live.
    func sessionPage(_ req: HTTPRequest, watch: Bool) async throws -> HTTPResponse {
        let id = req.parameters["id"] ?? ""
        // Of another prototype: known from memory, before the log is read.
        let (sid, prototype, _) = try audience.reported(req)
        guard prototype == id else { throw Problem.notFound("no session \(SessionAccess.quoted(sid)) of \"\(id)\"") }
        let record = try await record(of: sid)
        // The page needs the step count and length (and, to watch, the last state): one pass over
        // the session's log, running its actions only to watch. Its frames come from the API.
        let run = try await offLoop { [self] in
            guard let run = try restorer.replayRun(record.session, applies: watch) else {
                throw Problem.notFound("no session \"\(record.session)\"")
            }
            try run.finish()
            return run
        }
        let locale = PageLocale(req)
        let page = SessionPageView(
            run, isWatching: watch, isLive: sessions.get(record.session) != nil,
            isReport: access.reportViewer(req, prototype: id) != .owner, strings: locale.strings)
        return try pages.render(watch ? "watch" : "replay", page, locale: locale)
    }
}
