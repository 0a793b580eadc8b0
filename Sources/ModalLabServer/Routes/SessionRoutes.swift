import EventSchema
import Foundation
import HTTPServer
import InteractionLog
import JSON
import Presentation
import Prototype
import Sharing

/// The viewing sessions' routes (docs/api.md): start, state, actions, client
/// events and end; for the owner and share links' viewers (``RouteGroups/viewers``), each
/// acting only on its own sessions.
///
/// A class: an action's closures (the session's turn, the log's acknowledgement) capture it,
/// and a struct of these stores, some of them structs of stores, would be copied into each,
/// a retain and a release for every reference in it (`perf`: about 1 % of an action's CPU time).
final class SessionController: Sendable {
    let sessions: SessionStore
    let library: PrototypeLibrary
    let shares: ShareStore
    let log: LogStore
    /// Every prototype version a session started on, kept for replays and rebuilds.
    let versions: VersionStore
    let engines: EngineCache
    /// The engine options this server runs with (`--on-popover-conflict`).
    let engineOptions: EngineOptions
    /// Finds a request's session, if its credentials may have it, before any work; rebuilds
    /// one the log knows but this server doesn't hold, off the event loops.
    let audience: SessionAccess
    let ender: SessionEnder
    /// Who follows which session live: each answer is published to them.
    let watchers: SessionWatchers
    let eventBudget: EventBudget
    let propsKeys: PropsKeyTypes
    let pages: PageRenderer
    let limits: FairLimits
    /// The order participant links' participants play their tasks in.
    let taskOrdering: TaskOrdering
    /// Digests of the addresses participants start their sessions from.
    let participantAddresses: ParticipantAddresses

    init(
        sessions: SessionStore, library: PrototypeLibrary, shares: ShareStore, log: LogStore,
        versions: VersionStore, engines: EngineCache, engineOptions: EngineOptions, audience: SessionAccess,
        ender: SessionEnder, watchers: SessionWatchers, eventBudget: EventBudget, propsKeys: PropsKeyTypes,
        pages: PageRenderer, limits: FairLimits, taskOrdering: TaskOrdering,
        participantAddresses: ParticipantAddresses
    ) {
        self.sessions = sessions
        self.library = library
        self.shares = shares
        self.log = log
        self.versions = versions
        self.engines = engines
        self.engineOptions = engineOptions
        self.audience = audience
        self.ender = ender
        self.watchers = watchers
        self.eventBudget = eventBudget
        self.propsKeys = propsKeys
        self.pages = pages
        self.limits = limits
        self.taskOrdering = taskOrdering
        self.participantAddresses = participantAddresses
    }

    /// Registers the routes in the viewers' group.
    func addRoutes(to groups: RouteGroups) {
        groups.viewers.post("/api/sessions") { [self] req, viewer in try await startSession(req, viewer: viewer) }
        groups.viewers.add(
            method: .get, pattern: "/api/sessions/{sid}",
            callback: { [self] req, viewer, respond in
                audience.withSession(req, viewer) { found in
                    switch found {
                    case .success(let s):
                        s.touch()
                        respond(.json(["session": .string(s.id), "state": s.state.json]))
                    case .failure(let problem): respond(problem.response)
                    }
                }
            })
        groups.viewers.delete("/api/sessions/{sid}") { [self] req, viewer in try await endSession(req, viewer) }
        groups.viewers.add(
            method: .post, pattern: "/api/sessions/{sid}/actions",
            callback: { [self] req, viewer, respond in
                act(req, viewer, respond: respond)
            })
        groups.viewers.post("/api/sessions/{sid}/events") { [self] req, viewer in
            try await clientEvents(req, viewer)
        }
    }

    /// `DELETE /api/sessions/{sid}`: the viewer left (the player sends it when the page goes
    /// away). Logs `session_end` with the session's duration and forgets it → 204.
    func endSession(_ req: HTTPRequest, _ viewer: Viewer) async throws(Problem) -> HTTPResponse {
        let s = try await audience.session(req, viewer)
        // Gone from the store first, so a later action gets 404.
        guard sessions.remove(s.id) else { return HTTPResponse(status: .noContent) }
        if case .failure(let error) = await ender.end(s) {
            throw Problem.logUnavailable("the session ended but its end was not logged", error)
        }
        return HTTPResponse(status: .noContent)
    }

    /// `restore` of `POST /api/sessions`: `{continues?, actions}`: the id of the session this one
    /// continues (logged as `session_start`'s `props.continues`, with `props.restoredActions` and
    /// `props.droppedActions`, how many were kept and dropped) and the actions to apply again,
    /// at most ``maxActions``, each read as an action body is.
    struct Restore {
        /// Most actions one restore carries.
        static let maxActions = 1000
        var continues: String?
        var actions: [(action: EngineAction, path: JSONPath)]

        init(reading r: JSONReader) throws(JSONShapeError) {
            let o = try r.object()
            if let c = o.optional("continues") {
                let id = try c.string()
                guard RandomID.isWellFormed(id) else {
                    throw JSONShapeError(path: c.path, message: "a session id: 22 base64url characters")
                }
                continues = id
            }
            let items = try o.required("actions", "an array of actions").array()
            try o.finish()
            guard items.count <= Self.maxActions else {
                throw JSONShapeError(
                    path: r.path.appending("actions"),
                    message: "at most \(Self.maxActions) actions; found \(items.count)")
            }
            actions = []
            for item in items { actions.append((try EngineAction(reading: item), item.path)) }
        }
    }

    /// The `version_change` row of a session that continues session `continues` of prototype `id`
    /// on version `version`: the version the continued session ran on (its logged
    /// `session_start`'s) as `props.from`; `nil` when there is nothing to continue, the log holds
    /// no start of it for this prototype, or the version is the same (hot reload after a write
    /// that left the bytes as they were).
    static func versionChange(continuing continues: String?, of id: String, now version: String, in log: LogStore)
        -> PendingEvent?
    {
        guard let continues, let start = log.loggedStart(continues), start.prototype == id,
            let from = start.version, from != version
        else { return nil }
        return PendingEvent(
            EventFields(
                type: .versionChange, target: id, props: ["from": .string(from), "continues": .string(continues)]))
    }

    /// Where a session was started from, when not the player itself: `board`, a frame of the
    /// review board (its `session_start` says `"embed": "board"`, so a researcher can leave it out).
    enum Embed: String, CaseIterable { case board }

    /// `POST /api/sessions {prototype, device, orientation, multitasking, appearance, contentSize,
    /// layoutDirection, window?, embed?, targetOS?, restore?}` → 201 (`targetOS`, the iOS version
    /// to run as, defaults to the prototype's)
    /// `{session, state, restored?, diagnostics, diagnosticsHTML, html}`.
    ///
    /// `restore` (``Restore``) keeps a player's place when its prototype changed (hot reload):
    /// the actions the ended session had applied run again, in order, from the new version's
    /// start; each that no longer applies (its control is gone, a rule refuses it now) is
    /// dropped, and `restored` says `{kept, dropped: [{index, type, reason}]}`. Each kept one is
    /// logged as a `restored` row with its `action`, so a replay or a rebuild runs it again, and
    /// none counts as the person's input.
    func startSession(_ req: HTTPRequest, viewer: Viewer) async throws(Problem) -> HTTPResponse {
        let body = try RequestBody.json(req)
        let protoID: String
        var asked: EnvironmentRequest
        var embedded = false
        var restore: Restore?
        var pid: String?
        var previewID: String?
        var viewport: JSONValue?
        do throws(JSONShapeError) {
            let o = try body.object()
            protoID = try o.required("prototype", "a prototype id").string()
            if let r = o.optional("pid") { pid = try Self.participantID(r) }
            if let r = o.optional("embed") { embedded = try r.enum(Embed.self) == .board }
            if let r = o.optional("restore") { restore = try Restore(reading: r) }
            if let r = o.optional("preview") { previewID = try r.string() }
            if let r = o.optional("viewport") { viewport = try Self.viewport(r) }
            asked = try EnvironmentRequest(reading: o)
            try o.finish()
        } catch { throw error.problem }
        guard viewer.canView(protoID) else { throw Problem.notFound("no prototype \"\(protoID)\"") }
        // The owner's preview of one of the prototype's links: played as its viewers would, not logged.
        var previewed: ShareLink?
        if let previewID {
            guard viewer == .owner else {
                throw Problem.badRequest(
                    "\"preview\" is the owner's, to try a share link without logging", path: "$.preview")
            }
            guard let l = shares.link(id: previewID), l.prototype == protoID, shares.isActive(id: previewID) else {
                throw Problem.badRequest("no active share link \"\(previewID)\" of \"\(protoID)\"", path: "$.preview")
            }
            if restore != nil || embedded {
                throw Problem.badRequest("a preview neither restores nor embeds", path: "$.preview")
            }
            previewed = l
        }
        // What a participant link fixes of the environment is not the participant's to choose.
        let studyLink = viewer.isParticipant ? viewer.shareID.flatMap { shares.link(id: $0) } : previewed
        if let studyLink, studyLink.role == .participant {
            asked = asked.merging(EnvironmentRequest(leniently: { studyLink.fixed[$0] }))
        }
        // A participant reopening the link with the same pid, from the same address, goes on
        // with the session it had. (A pid is an identifier, not a secret: the address keeps a
        // mistyped or guessed pid elsewhere from taking over someone's session.)
        let addressDigest = pid == nil ? nil : participantAddresses.digest(req.remoteHost)
        if let pid, viewer.isParticipant, let share = viewer.shareID,
            let held = await participantSession(share: share, pid: pid, addressDigest: addressDigest)
        {
            return try resume(held)
        }
        // A link's session continues one of the same link's (the player's reload after a new
        // version), never another's: `props.continues` ties the two sessions in the study's data.
        if let continues = restore?.continues, viewer != .owner,
            log.loggedStart(continues).map({ $0.share != viewer.shareID || $0.prototype != protoID }) ?? true
        {
            throw Problem.badRequest(
                "\"continues\" names a session of this link and prototype; \"\(continues)\" is not one",
                path: "$.restore.continues")
        }
        try eventBudget.charge(
            viewer, address: req.remoteHost,
            count: EventBudget.cost(events: 1 + (restore?.actions.count ?? 0), bytes: req.body.count))
        let (loaded, p) = try library.playable(protoID)
        try DesignerOptions.check(viewer, embedded: embedded, targetOS: asked.targetOS, ownTargetOS: p.targetOS) {
            "$." + $0
        }
        let env: Environment
        do { env = try asked.resolved(for: p) } catch { throw error.problem(in: body.path) }
        do {
            try versions.keep(p, bytes: loaded.bytes)
        } catch {
            throw Problem(
                .serviceUnavailable, title: "Data folder unwritable",
                detail: "the prototype's version could not be kept for replays: \(error)")
        }
        if pid != nil && !viewer.isParticipant {
            throw Problem.badRequest(
                "\"pid\" names a participant of a participant link; this is not one", path: "$.pid")
        }
        let link = viewer.shareID.flatMap { shares.link(id: $0) } ?? previewed
        // A link that asks its participants for their id starts no session without one.
        if pid == nil, viewer.isParticipant, let link, link.role == .participant, link.askPid {
            throw Problem.badRequest(
                "this participant link asks each participant for their participant id: send \"pid\"", path: "$.pid")
        }
        let audience = SessionAudience(
            kind: viewer == .owner ? "owner" : viewer.isParticipant ? "participant" : "link",
            shareLabel: link?.label, pid: pid)
        let engine = engines.engine(for: p, options: engineOptions)
        let (startState, events) = engine.start(environment: env)
        var state = startState
        // A session that continues one whose prototype changed applies its actions again.
        var restored: [(event: PendingEvent, state: PresentationState)] = []
        var dropped: [JSONValue] = []
        for (i, item) in (restore?.actions ?? []).enumerated() {
            try admit(item.action, viewer, prototype: p, path: item.path.description)
            let type = item.action.json["type"]?.stringValue ?? ""
            func drop(_ reason: String) {
                dropped.append(["index": .int(i), "type": .string(type), "reason": .string(reason)])
            }
            let outcome: Outcome
            do {
                outcome = try engine.apply(item.action, to: state, atMs: 0)
            } catch {
                drop(error.message)
                continue
            }
            if let refusal = outcome.refusal {
                drop("refused by \(refusal.rule): \(refusal.message)")
                continue
            }
            if let tooLarge = SessionLimits.check(outcome.state) {
                drop(tooLarge.detail ?? "the session's state would be too large")
                continue
            }
            state = outcome.state
            var e = PendingEvent(
                EventFields(type: .restored, modal: state.top?.modal, target: type, props: ["restoreIndex": .int(i)]))
            e.action = Self.actionColumn(item.action, in: p)
            restored.append((e, state))
        }
        let s = ViewingSession(
            id: RandomID.make(), prototype: p, engine: engine, state: state, share: viewer.shareID,
            address: req.remoteHost, audience: audience, clock: sessions.clock, isPreview: previewed != nil)
        // The order this participant plays the link's tasks in (fixed, or a row of the balanced
        // Latin square: TaskOrdering). A preview plays them in the link's order and takes no row.
        var order: (tasks: [String], row: Int?)?
        if let previewed, previewed.role == .participant {
            order = (previewed.tasks.filter { p.task($0) != nil }, nil)
        } else if let link, link.role == .participant {
            order = taskOrdering.order(of: link, prototype: p, log: log)
        }
        s.studyTasks = order?.tasks ?? []
        if pid != nil, previewed == nil { s.addressDigest = addressDigest }
        // Counted before anything is logged, so a link or an address at its limit writes nothing.
        let evicted: ViewingSession?
        do {
            evicted = try sessions.add(s, limits: limits)
        } catch {
            throw tooManySessions(error)
        }
        if let evicted { ender.end(evicted, how: .evicted) { _ in } }
        var props: JSONObject = ["viewer": .string(viewer == .owner ? "owner" : "share")]
        if embedded { props["embed"] = "board" }
        if let restore {
            if let continues = restore.continues { props["continues"] = .string(continues) }
            props["restoredActions"] = .int(restored.count)
            props["droppedActions"] = .int(dropped.count)
        }
        // A resizable window's size has no column: a replay (or a rebuild) starts it from here.
        if state.environment.multitasking == .window {
            let size = state.environment.windowSize
            props["window"] = ["width": .number(size.width), "height": .number(size.height)]
        }
        if let order {
            props["tasks"] = .array(order.tasks.map { .string($0) })
            props["order"] = .string(TaskOrdering.order(of: link, prototype: p).rawValue)
            if let row = order.row { props["orderRow"] = .int(row) }
        }
        // Where a participant with a pid started from, as a keyed digest (never the address):
        // reopening the link resumes the session from there only, after a restart too.
        if let digest = s.addressDigest { props["addressDigest"] = .string(digest) }
        // The real browser: its viewport in CSS px (as the player measured it) and its family.
        if let viewport { props["viewport"] = viewport }
        props["browser"] = .string(BrowserFamily.of(userAgent: req.headers["user-agent"]).rawValue)
        var pending = [PendingEvent(EventFields(type: .sessionStart, props: props))]
        if let moved = Self.versionChange(continuing: restore?.continues, of: protoID, now: p.version, in: log) {
            pending.append(moved)
        }
        pending += events.map { PendingEvent($0) }
        do {
            // At t_ms 0, stamped with the session's own start: a client event's ts is that start
            // plus its t_ms, so `ts - session_start.ts` is `t_ms` exactly, live and after a
            // rebuild (which takes the start from this row). The start's rows carry the start
            // state; each restored action's row the state it led to.
            func stamped(_ e: PendingEvent, _ state: PresentationState) -> PendingEvent {
                var e = e.filled(session: s, state: state, tMs: 0)
                e.ts = s.startedWallMicros
                return e
            }
            if !s.isPreview {
                _ = try await log.append(
                    pending.map { stamped($0, startState) } + restored.map { stamped($0.event, $0.state) })
            }
        } catch {
            sessions.remove(s.id)
            throw Problem.logUnavailable("the interaction log could not be written", error)
        }
        // Its link was revoked while the session started: it ends with the link's others.
        if let share = s.share, !shares.isActive(id: share), sessions.remove(s.id) {
            _ = await ender.end(s, how: .revoked)
            throw Problem.ownerRequired
        }
        return try pages.frameResponse(
            prototype: p, state: state, status: .created, headers: ["Location": "/api/sessions/\(s.id)"]
        ) {
            body in
            body.append(contentsOf: #"{"session":"#.utf8)
            JSONWriter.appendQuoted(s.id, into: &body)
            body.append(contentsOf: #","state":"#.utf8)
            state.appendJSON(into: &body)
            if restore != nil {
                body.append(contentsOf: #","restored":"#.utf8)
                JSONWriter().write(["kept": .int(restored.count), "dropped": .array(dropped)], into: &body)
            }
            if let order {
                // The tasks in the order this participant plays them.
                body.append(contentsOf: #","tasks":"#.utf8)
                JSONWriter().write(.array(order.tasks.map { .string($0) }), into: &body)
            }
            body.append(contentsOf: #","diagnostics":[],"diagnosticsHTML":"","#.utf8)
        }
    }

    /// The session participant `pid` of share link `share` may resume from the address whose
    /// digest is `addressDigest`: the one this server holds from there, else the latest the log
    /// has of them from there (``LogStore/loggedParticipantSessions(share:pid:)``, each start's
    /// `props.addressDigest` kept in the log's memory), rebuilt from the log after a restart
    /// (``SessionAccess/rebuild(_:)``) unless it has ended (completed, closed, timed out,
    /// revoked); `nil` otherwise: a new session. Only that one session's log is read.
    func participantSession(share: String, pid: String, addressDigest: String?) async -> ViewingSession? {
        if let held = sessions.participant(share: share, pid: pid, addressDigest: addressDigest) {
            return held.hasEnded ? nil : held
        }
        // Latest first; the latest started from this address decides, so a pid tried from
        // elsewhere never brings someone's session back (to time out while they are away).
        let mine = log.loggedParticipantSessions(share: share, pid: pid).last {
            log.loggedStart($0)?.addressDigest == addressDigest
        }
        guard let sid = mine, sessions.get(sid) == nil, !sessions.hasEnded(sid),
            let rebuilt = await audience.rebuild(sid), !rebuilt.hasEnded, rebuilt.share == share
        else { return nil }
        return rebuilt
    }

    /// The answer to a participant reopening their link with the same `pid`
    /// (`POST /api/sessions`): 200 with the session they had, where it is — `{session, state,
    /// tasks, resumed: {ended, t_ms}, diagnostics, diagnosticsHTML, html}`, `ended` the tasks
    /// already over, in the order they ended, `t_ms` the session's clock now (milliseconds since
    /// its start, downtime left out), from which the reopened page counts its events' `t_ms`, so
    /// that they fall on the task running when they happened. Nothing is logged: the session goes
    /// on.
    func resume(_ s: ViewingSession) throws(Problem) -> HTTPResponse {
        s.touch()
        let state = s.state
        return try pages.frameResponse(prototype: s.prototype, state: state, status: .ok) { body in
            body.append(contentsOf: #"{"session":"#.utf8)
            JSONWriter.appendQuoted(s.id, into: &body)
            body.append(contentsOf: #","state":"#.utf8)
            state.appendJSON(into: &body)
            body.append(contentsOf: #","tasks":"#.utf8)
            JSONWriter().write(.array(s.studyTasks.map { .string($0) }), into: &body)
            body.append(contentsOf: #","resumed":"#.utf8)
            JSONWriter().write(
                ["ended": .array(s.endedTasks.map { .string($0) }), "t_ms": .int(s.elapsedMs)], into: &body)
            body.append(contentsOf: #","diagnostics":[],"diagnosticsHTML":"","#.utf8)
        }
    }

    /// The browser's viewport (`"viewport"` of `POST /api/sessions`): `{width, height}` in CSS
    /// pixels, each a number from 1 to 100,000, as `session_start`'s `props.viewport` logs it.
    static func viewport(_ r: JSONReader) throws(JSONShapeError) -> JSONValue {
        let o = try r.object()
        var out = JSONObject()
        for name in ["width", "height"] {
            let m = try o.required(name, "the viewport's \(name) in CSS pixels")
            let v = try m.number()
            guard v >= 1, v <= 100_000 else {
                throw m.fail("expected CSS pixels from 1 to 100000; found \(JSONReader.describe(m.value))")
            }
            out[name] = .number(v)
        }
        try o.finish()
        return .object(out)
    }

    /// `POST /api/sessions/{sid}/actions` → 200 `{state, diagnostics, diagnosticsHTML, html}`
    /// (`diagnosticsHTML`: the diagnostics as the rule panel's list items), or a 409 problem
    /// naming the rule (docs/api.md). The outcome is logged durably before the response.
    ///
    /// Runs on the connection's event-loop thread and answers through `respond` from the log's
    /// writer once the commit is on disk: no task, so an action costs two thread hops (to the
    /// writer and back), not four. A session's actions run one at a time, in arrival order.
    /// A session the server doesn't hold (it restarted) is rebuilt first, off the loop
    /// (``SessionAccess/withSession(_:_:_:)``).
    func act(_ req: HTTPRequest, _ viewer: Viewer, respond: @escaping HTTPReply.Completion) {
        audience.withSession(req, viewer) { [self] found in
            switch found {
            case .success(let s): act(req, viewer, on: s, respond: respond)
            case .failure(let problem): respond(problem.response)
            }
        }
    }

    /// ``act(_:_:respond:)`` on the session found.
    func act(_ req: HTTPRequest, _ viewer: Viewer, on s: ViewingSession, respond: @escaping HTTPReply.Completion) {
        let action: EngineAction
        let scrollTop: Double?
        do throws(Problem) {
            s.touch()
            let body: JSONReader
            (body, scrollTop) = try Self.takeScrollTop(try RequestBody.json(req))
            action = try Self.decodeAction(body)
            try admit(action, viewer, prototype: s.prototype, path: "$")
            try eventBudget.charge(
                viewer, address: req.remoteHost, count: EventBudget.cost(events: 1, bytes: req.body.count))
        } catch {
            return respond(error.response)
        }
        s.actions.run { [self] done in
            // Waited behind the session's end (DELETE): nothing more is applied or logged.
            if s.hasEnded {
                respond(Problem.notFound("no session \"\(s.id)\" (it has ended)").response)
                return done()
            }
            // The reader's language is worked out only for an answer with findings or a refusal.
            apply(action, to: s, locale: { PageLocale(req) }, scrollTop: scrollTop) { response in
                respond(response)
                done()
            }
        }
    }

    /// Whether `viewer` may send `action` (at JSON path `path`) to a session of `prototype`: a
    /// participant link starts only the tasks it lists and makes no app-initiated presentation;
    /// designer-only environment options stay the owner's (``DesignerOptions``).
    /// - Throws: ``Problem`` 400 naming the member, or the designer options' refusal.
    func admit(_ action: EngineAction, _ viewer: Viewer, prototype: Prototype, path: String) throws(Problem) {
        // The participant link whose rules the action must keep: looked up once, and only for
        // the actions those rules are about.
        let link: ShareLink?
        switch action {
        case .taskStart, .resize, .rotate:
            link = viewer.shareID.flatMap { shares.link(id: $0) }.flatMap { $0.role == .participant ? $0 : nil }
        default: link = nil
        }
        // A participant link plays the tasks it lists, and no others.
        if case .taskStart(let task) = action, let link, !link.tasks.contains(task) {
            throw Problem.badRequest(
                "this link's tasks are \(link.tasks.map { "\"\($0)\"" }.joined(separator: ", ")); not \"\(task)\"",
                path: path + ".task")
        }
        if case .resize(let request) = action {
            try DesignerOptions.check(
                viewer, embedded: false, targetOS: request.targetOS, ownTargetOS: prototype.targetOS
            ) { path + "." + $0 }
        }
        // What a participant link fixes of the environment stays so for the whole session.
        if let link, !link.fixed.isEmpty {
            var asked: EnvironmentRequest?
            switch action {
            case .resize(let request): asked = request
            case .rotate(let orientation): asked = EnvironmentRequest(orientation: orientation)
            default: break
            }
            if let asked { try DesignerOptions.checkFixed(asked, fixed: link.fixed) { path + "." + $0 } }
        }
        // App-initiated presentations are the designer's tool (a timer, a script): a
        // participant plays the prototype as its people would, so a task's success can't be
        // reached by presenting it.
        if case .present = action, viewer.isParticipant {
            throw Problem.badRequest(
                "a participant link taps, swipes and types as people do; \"present\" is an app-initiated presentation, for the owner's scripts",
                path: path + ".type")
        }
    }

    /// Applies one action in its turn of the session's queue and calls `completion` once: with
    /// the answer after its events are durable (then the session takes the new state), or with
    /// a problem (400 for an action the engine can't read, 503 when the log fails: nothing changed).
    /// The findings' HTML is in `locale`'s language (asked for only when there are findings).
    func apply(
        _ action: EngineAction, to s: ViewingSession, locale: () -> PageLocale, scrollTop: Double? = nil,
        completion: @escaping HTTPReply.Completion
    ) {
        let now = s.elapsedMs
        var outcome: Outcome
        do {
            outcome = try s.engine.apply(action, to: s.state, atMs: now)
        } catch {
            return completion(Problem.badRequest(error.message, path: error.path).response)
        }
        if let tooLarge = SessionLimits.check(outcome.state) { return completion(tooLarge.response) }
        let state = outcome.state
        var pending = Self.pendingEvents(taking: &outcome.events)
        // In place, with the state passed rather than captured: a closure that captured it
        // copied the whole state (a retain and a release for each of its arrays and strings).
        for i in pending.indices { pending[i].fill(session: s, state: state, tMs: now) }
        // The first event carries the action, so that a replay can run it again.
        // Typed text is logged by its length (EngineAction.loggedJSON).
        if !pending.isEmpty { pending[0].fields.action = Self.actionColumn(action, in: s.prototype) }
        // Where the tapped content was scrolled, so that heat maps draw the tap where it was on a
        // tall picture (``takeScrollTop(_:)``).
        if let scrollTop, scrollTop > 0 {
            for i in pending.indices where pending[i].fields.type == .tap {
                pending[i].fields.props["scrollTop"] = .number(scrollTop)
            }
        }
        // The answer is drawn here, before the commit, so the writer thread only acknowledges.
        let answer: HTTPResponse
        do throws(Problem) {
            answer = try response(to: outcome, in: s, locale: locale)
        } catch {
            return completion(error.response)
        }
        // A preview is not logged (ViewingSession.isPreview): it goes on as if its events were.
        // Only the acknowledgement is needed: the writer builds no event to hand back.
        // Constants for the closures below (a captured `var` would be boxed on the heap).
        let events = pending
        let append: (@escaping @Sendable (Result<Void, LogStoreError>) -> Void) -> Void = { done in
            if s.isPreview { return done(.success(())) }
            self.log.append(events, returningEvents: false) { done($0.map { _ in () }) }
        }
        append { result in
            switch result {
            case .success:
                s.state = state
                s.noteTasks(events, atMs: now)
                completion(answer)
                self.watchers.publish(session: s.id, answer: answer, state: state)
            case .failure(let error):
                completion(
                    Problem.logUnavailable("the interaction log could not be written, so nothing changed", error)
                        .response)
            }
        }
    }

    /// `events` as events to log, moved out of the array rather than copied (each is 56
    /// columns, a retain and a release for each of their strings); `events` is left empty.
    static func pendingEvents(taking events: inout [EngineEvent]) -> [PendingEvent] {
        var taken: [EngineEvent] = []
        swap(&taken, &events)
        let n = taken.count
        // `popLast` moves each event out, last first, and it is made a `PendingEvent` in its
        // place (a local `PendingEvent` moved in was copied and destroyed; callgrind).
        return [PendingEvent](unsafeUninitializedCapacity: n) { buffer, count in
            var i = n
            while let fields = taken.popLast() {
                i -= 1
                (buffer.baseAddress! + i).initialize(to: PendingEvent(fields))
            }
            count = n
        }
    }

    /// The answer to an applied action: its refusal as a 409 problem, else 200 with the new
    /// state, the diagnostics and the device frame; the player's fragments in `locale`'s language.
    func response(to outcome: Outcome, in s: ViewingSession, locale: () -> PageLocale) throws(Problem) -> HTTPResponse {
        if let refusal = outcome.refusal {
            let rule = refusal.ruleID.map(RuleCatalogue.rule)
            var ext = JSONObject()
            ext["rule"] = .string(refusal.rule)
            ext["severity"] = .string(refusal.severity.rawValue)
            ext["source"] = .string(refusal.source)
            if let m = refusal.modal { ext["modal"] = .string(m) }
            ext["state"] = outcome.state.json
            // What the player shows, rendered from the same partials as the pages.
            let locale = locale()
            let view = DiagnosticView(refusal, locale.strings)
            ext["refusalHTML"] = .string(try pages.fragment("partials/refusal", view, locale: locale))
            ext["toastHTML"] = .string(try pages.fragment("partials/refusal-toast", view, locale: locale))
            ext["diagnosticsHTML"] = .string(
                try pages.fragment(
                    "partials/diagnostics", DiagnosticListView([refusal], locale.strings), locale: locale))
            return Problem(
                .conflict,
                title: "Refused by \(refusal.rule)"
                    + (rule.map { " (\($0.kindDescription.lowercased()) \($0.severity.rawValue))" } ?? ""),
                detail: refusal.message, type: "/rules#\(refusal.rule)", extensions: ext
            ).response
        }
        var diagnosticsHTML = ""
        if !outcome.diagnostics.isEmpty {
            let locale = locale()
            diagnosticsHTML = try pages.fragment(
                "partials/diagnostics", DiagnosticListView(outcome.diagnostics, locale.strings), locale: locale)
        }
        return try pages.frameResponse(prototype: s.prototype, state: outcome.state) { body in
            body.append(contentsOf: #"{"state":"#.utf8)
            outcome.state.appendJSON(into: &body)
            body.append(contentsOf: #","diagnostics":"#.utf8)
            JSONWriter().write(.array(outcome.diagnostics.map { $0.json() }), into: &body)
            body.append(contentsOf: #","diagnosticsHTML":"#.utf8)
            JSONWriter.appendQuoted(diagnosticsHTML, into: &body)
            body.append(UInt8(ascii: ","))
        }
    }

    /// What the log's `action` column holds for `action`: its request body, which a replay (and a
    /// rebuild) reads back — typed text by its length unless the field records its value
    /// (``EngineAction/loggedJSON(in:)``).
    static func actionColumn(_ action: EngineAction, in prototype: Prototype) -> String {
        JSONWriter().string(action.loggedJSON(in: prototype))
    }

    /// Reads an action body (``EngineAction/init(reading:)``, the one reader of actions); a 400
    /// naming the JSON path of anything wrong.
    /// An action body's `scrollTop` taken out of it: the points the content a tap landed in was
    /// scrolled down (the player sends it for a tap on an image screen's picture). It is not
    /// part of the action (a replay doesn't scroll), only of the tap's log event
    /// (`props.scrollTop`), where heat maps read it. A number from 0 to 100000, else a 400 at
    /// `$.scrollTop`.
    static func takeScrollTop(_ body: JSONReader) throws(Problem) -> (JSONReader, Double?) {
        guard case .object(var o) = body.value, let value = o["scrollTop"] else { return (body, nil) }
        guard let top = value.numberValue, top.isFinite, top >= 0, top <= 100_000 else {
            throw Problem.badRequest(
                "scrollTop is the points the tapped content was scrolled: a number from 0 to 100000",
                path: "$.scrollTop")
        }
        o["scrollTop"] = nil
        return (JSONReader(.object(o), path: body.path), top)
    }

    static func decodeAction(_ body: JSONReader) throws(Problem) -> EngineAction {
        do { return try EngineAction(reading: body) } catch { throw error.problem }
    }

    /// A participant id (`"pid"`): 1 to 64 characters, letters, digits, `-`, `_`, `.`, `@`
    /// (what a panel or a spreadsheet gives participants, never a name by design).
    static func participantID(_ r: JSONReader) throws(JSONShapeError) -> String {
        let pid = try r.string()
        guard isParticipantID(pid) else {
            throw JSONShapeError(
                path: r.path,
                message:
                    "expected a participant id of 1–64 ASCII letters, digits, -, _, . or @; found \(JSONReader.describe(r.value))"
            )
        }
        return pid
    }

    /// Whether `pid` is a participant id: 1 to 64 ASCII letters, digits, `-`, `_`, `.` or `@`
    /// (so it can go into an address as it is).
    static func isParticipantID(_ pid: String) -> Bool {
        !pid.isEmpty && pid.utf8.count <= 64
            && pid.unicodeScalars.allSatisfy {
                ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)))
                    || "-_.@".unicodeScalars.contains($0)
            }
    }

    /// `POST /api/sessions/{sid}/events {"events": [...]}` → `{accepted, duplicates}`; retried
    /// batches are safe (duplicate `event_id`s are not written twice).
    func clientEvents(_ req: HTTPRequest, _ viewer: Viewer) async throws(Problem) -> HTTPResponse {
        let s = try await audience.session(req, viewer)
        s.touch()
        let body = try RequestBody.json(req)
        var pending: [PendingEvent] = []
        var props: [(props: JSONObject, path: JSONPath)] = []
        do throws(JSONShapeError) {
            let o = try body.object()
            let items = try o.required("events", "an array of events").array()
            try o.finish()
            guard items.count <= PendingEvent.maxClientBatchEvents else {
                throw JSONShapeError(
                    path: body.path.appending("events"),
                    message: "at most \(PendingEvent.maxClientBatchEvents) events per batch; found \(items.count)")
            }
            let state = s.state
            let now = s.elapsedMs
            let wallNow = LogTimestamp.now()
            for item in items {
                // The client's t_ms (from the session's start, when the person acted) wins, kept
                // within the session; its ts follows from it and is never later than now.
                var e = try PendingEvent(clientEvent: item)
                props.append((e.fields.props, item.path.appending("props")))
                // Where it happened must be a place of this prototype, and the frame seen one
                // the session has answered: a heat map draws what the log says.
                if let screen = e.screen, s.prototype.screen(screen) == nil {
                    throw JSONShapeError(
                        path: item.path.appending("screen"),
                        message: "no screen \"\(screen)\" in \"\(s.prototype.id)\"")
                }
                if let modal = e.modal, s.prototype.modal(modal) == nil {
                    throw JSONShapeError(
                        path: item.path.appending("modal"), message: "no modal \"\(modal)\" in \"\(s.prototype.id)\"")
                }
                if let seen = e.stateSeq, seen > state.seq {
                    throw JSONShapeError(
                        path: item.path.appending("state_seq"),
                        message: "the session's latest state is \(state.seq); found \(seen)")
                }
                // A client that doesn't say which frame it saw is not credited with the latest.
                let sawState = e.stateSeq != nil
                let t = min(max(e.tMs ?? now, 0), now)
                e.tMs = t
                e.ts = min(s.startedWallMicros + Int64(t) * 1000, wallNow)
                var filled = e.filled(session: s, state: state, tMs: t)
                if !sawState { filled.stateSeq = nil }
                // The task running when it happened, not when the batch arrived.
                filled.task = s.task(atMs: t)
                pending.append(filled)
            }
        } catch {
            throw error.problem
        }
        try eventBudget.charge(
            viewer, address: req.remoteHost, count: EventBudget.cost(events: pending.count, bytes: req.body.count))
        // Each props key keeps its spelling and type, and links bring boundedly many (after the
        // charge: a batch past its budget holds no key).
        do throws(JSONShapeError) {
            try propsKeys.admit(props, prototype: s.prototype.id, byOwner: viewer == .owner)
        } catch {
            throw error.problem
        }
        // A preview is not logged (ViewingSession.isPreview).
        if s.isPreview { return .json(["accepted": 0, "duplicates": 0]) }
        do {
            let r = try await log.append(pending)
            // Those watching the session count its misclicks live (a retried batch's are not new).
            let misclicks = r.events.count { $0.type == .misclick }
            if misclicks > 0 { watchers.publish(session: s.id, misclicks: s.noteMisclicks(misclicks)) }
            return .json(["accepted": .int(r.accepted), "duplicates": .int(r.duplicates)])
        } catch {
            throw Problem.logUnavailable("the events could not be written", error)
        }
    }

    /// 429 for a session past its link's or its address's limit, with `Retry-After`: the
    /// seconds until the least recently used of those sessions would time out.
    func tooManySessions(_ refusal: SessionStore.Refusal) -> Problem {
        let timeout = limits.sessionIdleTimeout
        let idle = sessions.clock.now() - refusal.oldestSeen
        let wait = max(1, Int((timeout - Double(idle.components.seconds)).rounded(.up)))
        let who =
            refusal.kind == .share ? "this share link" : "share links' viewers at this address"
        return Problem.tooMany(
            title: "Too many sessions",
            detail:
                "\(who) may hold \(refusal.limit) sessions at once; end one (a player ends its session when its page closes), or wait for an idle one to time out",
            retryAfter: timeout > 0 ? wait : 60,
            limit: refusal.kind == .share ? "sessionsPerShare" : "sessionsPerAddress")
    }
}
