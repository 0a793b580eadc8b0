import EventSchema
import Foundation
import HTTPServer
import InteractionLog
import JSON
import Prototype
import Sharing

/// Share links (docs/api.md, “Share links and comments”): the owner creates, lists and revokes
/// them (`/api/shares…`); anyone opens one (`/s/{token}`), trading its token for a cookie.
struct ShareController: Sendable {
    /// The links, and who holds which (``ViewerAccess/shareCookie``, failed guesses).
    let access: ViewerAccess
    let library: PrototypeLibrary
    let log: LogStore
    /// A revoked link's sessions end, its streams and watchers close.
    let sessions: SessionStore
    let ender: SessionEnder
    let reloads: ReloadBroadcaster
    let watchers: SessionWatchers
    let eventBudget: EventBudget
    let pages: PageRenderer
    /// The origin a link's URL names: the first `--origin`, normalized; else the request's `Host`.
    let origin: String?
    /// The bound host as a URL writes it (`127.0.0.1`, `[::1]`; `127.0.0.1` for a wildcard
    /// address): with the bound port (``OwnerAccess/port``, known once the server listens, so
    /// `--port 0`'s too), the address of a link made by a request without a usable `Host`.
    let boundHost: String

    var shares: ShareStore { access.shares }

    /// Registers the owner's API in the owner's group and `/s/{token}` in the pages'.
    func addRoutes(to groups: RouteGroups) {
        groups.owner.post("/api/shares") { [self] req, _ in try createShare(req) }
        groups.owner.get("/api/shares") { [self] _, _ in
            let now = shares.now()
            return .json(.array(shares.all.map { listed($0, now: now) }))
        }
        groups.owner.delete("/api/shares/{id}") { [self] req, _ in try await revokeShare(req) }
        groups.pages.get("/s/{token}") { [self] req, _ in try await openShare(req) }
    }

    /// A link as `GET /api/shares` lists it: ``ShareLink/json(now:)`` and `sessionsRunning`, how
    /// many sessions started through it this server holds (the insights' `running` ones): those
    /// revoking it ends at once. The links dialog says how many before it revokes one.
    func listed(_ link: ShareLink, now: Date) -> JSONValue {
        guard case .object(var o) = link.json(now: now) else { return link.json(now: now) }
        o["sessionsRunning"] = .int(sessions.count(share: link.id))
        return .object(o)
    }

    /// `DELETE /api/shares/{id}`: revokes a link, totally and at once — its token opens nothing
    /// more, its open `/api/stream` responses end, its sessions end (`session_end` with
    /// `how: "revoked"`; their further actions get 404) — whether or not the change can be
    /// written to disk.
    ///
    /// 204 when it was saved. When `<data>/shares.json` can't be written (a read-only or full
    /// data folder), 200 with `{"id", "revoked": true, "saved": false, "sessionsEnded", "warning"}`:
    /// the link is dead in this server, but a restart before a later change is saved would
    /// bring it back; repeating the DELETE retries the write. 404 for an unknown id.
    func revokeShare(_ req: HTTPRequest) async throws(Problem) -> HTTPResponse {
        let id = req.parameters["id"] ?? ""
        let revocation = shares.revoke(id: id)
        guard revocation.found else { throw Problem.notFound("no share link \"\(id)\"") }
        reloads.close(share: id)
        watchers.close(share: id)
        let ending = sessions.removeAll(share: id)
        var unlogged = 0
        for s in ending {
            if case .failure = await ender.end(s, how: .revoked) { unlogged += 1 }
        }
        var warnings: [String] = []
        if let error = revocation.saveError {
            warnings.append(
                "the link is revoked in this server, but the change could not be saved (\(error)): it would work again after a restart; free the data folder and repeat the DELETE to save it"
            )
        }
        if unlogged > 0 {
            warnings.append("\(unlogged) of its \(ending.count) sessions ended without their session_end in the log")
        }
        guard !warnings.isEmpty else { return HTTPResponse(status: .noContent) }
        return .json([
            "id": .string(id), "revoked": true, "saved": .bool(revocation.saveError == nil),
            "sessionsEnded": .int(ending.count), "warning": .string(warnings.joined(separator: "; ")),
        ])
    }

    /// `POST /api/shares {prototype, role, expiresIn, label, tasks, taskOrder, device,
    /// orientation, appearance, contentSize, askPid}` → 201 `{id, url, expiresAt, role, prototype,
    /// label}`. `askPid` (a boolean, participant links only) makes the participant's page ask for
    /// a participant id when its address has none (``ShareLink/askPid``).
    /// `role` is `view` (default), `comment`, `participant` (which lists its `tasks` ids, in
    /// the order the participant plays them) or `report`. A participant link may also say its
    /// `taskOrder` (`fixed` or `counterbalanced`; the prototype's by default) and fix members of
    /// the environment for every participant (``ShareLink/fixed``: values as `POST /api/sessions`
    /// takes them); a participant has no environment menus, so the others are the prototype's
    /// defaults, but for the appearance, the participant's browser's. 400 naming the member otherwise.
    func createShare(_ req: HTTPRequest) throws(Problem) -> HTTPResponse {
        let body = try RequestBody.json(req)
        let prototype: String
        var role = ShareRole.view
        var expiresIn: Double?
        var label: String?
        var tasks: [String] = []
        var taskReader: JSONReader?
        var taskOrder: String?
        var fixed = EnvironmentRequest()
        var askPid = false
        do throws(JSONShapeError) {
            let o = try body.object()
            prototype = try o.required("prototype", "a prototype id").string()
            if let r = o.optional("role") { role = try r.enum(ShareRole.self) }
            if let r = o.optional("expiresIn") {
                let v = try r.number()
                guard v >= 1, v <= ShareStore.maxLifetime else {
                    throw r.fail(
                        "expected seconds between 1 and 7776000 (90 days); found \(JSONReader.describe(r.value))")
                }
                expiresIn = v
            }
            if let r = o.optional("label") {
                let text = try r.string()
                // A label names the link in lists and the log's share_label column: a line, not a file.
                guard text.utf16.count <= Self.maxLabelLength else {
                    throw r.fail(
                        "expected a label of at most \(Self.maxLabelLength) characters, found \(text.utf16.count)")
                }
                label = text
            }
            if let t = o.optional("tasks") {
                guard role == .participant else {
                    throw t.fail("\"tasks\" belong to a participant link (\"role\": \"participant\")")
                }
                tasks = try t.strings()
                taskReader = t
            } else if role == .participant {
                throw JSONShapeError(
                    path: body.path.appending("tasks"),
                    message: "a participant link lists the ids of its tasks: \"tasks\": [ids]")
            }
            let fixable = ShareLink.fixable.compactMap(EnvironmentKey.init(rawValue:))
            for key in ShareLink.fixable + ["taskOrder", "askPid"] where role != .participant {
                if let r = o.optional(key) {
                    throw r.fail("\"\(key)\" belongs to a participant link (\"role\": \"participant\")")
                }
            }
            if let r = o.optional("taskOrder") { taskOrder = try r.enum(TaskOrder.self).rawValue }
            askPid = try o.optional("askPid")?.bool() ?? false
            fixed = try EnvironmentRequest(reading: o, keys: fixable)
            try o.finish()
        } catch {
            throw error.problem
        }
        guard let entry = library.get(prototype) else { throw Problem.notFound("no prototype \"\(prototype)\"") }
        if let p = entry.prototype {
            do { _ = try fixed.resolved(for: p) } catch { throw error.problem(in: body.path) }
        }
        if let taskReader, let p = entry.prototype {
            let known = p.tasks.map(\.id)
            for (i, t) in tasks.enumerated() where !known.contains(t) {
                throw Problem.badRequest(
                    "no task \"\(t)\" in \"\(prototype)\""
                        + (known.isEmpty ? " (it declares no tasks)" : Suggest.hint(t, in: known)),
                    path: taskReader.path.appending(i).description)
            }
            // Each task once: a participant plays a link's tasks in turn, and a task's result is
            // one row of the study.
            for (i, t) in tasks.enumerated() where tasks[..<i].contains(t) {
                throw Problem.badRequest(
                    "task \"\(t)\" is listed twice; a link lists each of its tasks once",
                    path: taskReader.path.appending(i).description)
            }
            if tasks.isEmpty { throw Problem.badRequest("list at least one task", path: taskReader.path.description) }
        }
        let issued: IssuedShare
        do {
            issued = try shares.create(
                prototype: prototype, role: role, expiresIn: expiresIn, label: label, tasks: tasks,
                taskOrder: taskOrder,
                fixed: Dictionary(uniqueKeysWithValues: fixed.json.map { ($0.key, $0.value.stringValue ?? "") }),
                askPid: askPid)
        } catch {
            throw Problem(.serviceUnavailable, title: "Could not create the link", detail: "\(error)")
        }
        // The origin browsers use: the first `--origin`, else the one this request addressed
        // (its `Host`, when that is a host and port a link can hold), else the bound address.
        let base = origin ?? "http://" + (Self.linkHost(req.headers["host"]) ?? "\(boundHost):\(access.owner.port)")
        return .json(
            [
                "id": .string(issued.link.id), "url": .string("\(base)/s/\(issued.token)"),
                "expiresAt": .string(RFC3339.format(issued.link.expiresAt)), "role": .string(role.rawValue),
                "prototype": .string(prototype), "label": .string(label),
            ], status: .created, headers: ["Location": "/api/shares/\(issued.link.id)"])
    }

    /// The longest `label` of a link, in UTF-16 code units (as a text field's `maxlength`).
    static let maxLabelLength = 200

    /// `host` (a request's `Host` field) when it is an authority a share link's address can be
    /// built on: a host the server's parser admits (RFC 3986 §3.2.2's characters,
    /// ``HTTPRequest/isValidHost(_:)``), not empty, with a port of 1–65535 when it has one, and
    /// brackets only around an IP literal; `nil` otherwise (an empty `Host` made `http:///s/…`).
    static func linkHost(_ host: String?) -> String? {
        guard let host, !host.isEmpty, host.utf8.count <= 255, HTTPRequest.isValidHost(host) else { return nil }
        var name = Substring(host)
        if let colon = name.lastIndex(of: ":"), !name[colon...].contains("]") {
            guard let port = Int(name[name.index(after: colon)...]), (1...65535).contains(port) else { return nil }
            name = name[..<colon]
        }
        if name.hasPrefix("[") {
            let inside = name.dropFirst().dropLast()
            guard name.hasSuffix("]"), inside.contains(":"),
                inside.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." })
            else { return nil }
            return host
        }
        guard !name.isEmpty, !name.contains("["), !name.contains("]"), !name.contains(":"), name != "." else {
            return nil
        }
        return host
    }

    /// `GET /s/{token}`: trades the token for a cookie scoped to one prototype and redirects to
    /// its player. Unknown, expired and revoked links get the same 404; repeated failures from one
    /// address get 429 (docs/security.md, “Share links”).
    func openShare(_ req: HTTPRequest) async throws(Problem) -> HTTPResponse {
        let address = req.remoteHost
        let token = req.parameters["token"] ?? ""
        // A working link always opens (reviewers behind one office address aren't locked out by
        // someone else's typos); only failures are counted and, past the limit, answered 429.
        guard let link = shares.resolve(token: token) else {
            if let wait = access.failures.retryAfter(address) {
                throw Problem(
                    .tooManyRequests, title: "Too many attempts", detail: "try again in \(wait) s",
                    headers: ["Retry-After": String(wait)])
            }
            access.failures.fail(address)
            return pages.errorPage(
                Problem.notFound("this link does not exist, has expired or was revoked"), locale: PageLocale(req),
                reader: access.owner.isOwner(req) ? .owner : .endedLink)
        }
        // The link opens whatever its load; its `share_open` is logged only within its event
        // budget, so reloading a link in a loop can't fill the disk.
        let holder = Viewer.share(id: link.id, prototype: link.prototype, role: link.role)
        if (try? eventBudget.charge(holder, address: address, count: 1)) != nil {
            _ = try? await log.append([
                PendingEvent(
                    EventFields(
                        type: .shareOpen, prototype: link.prototype, share: link.id,
                        props: ["role": .string(link.role.rawValue)]))
            ])
        }
        // A report link opens the insights, the only pages it reaches; the others, the player.
        // A participant link's `?pid=` goes on to the player, which starts (or resumes) that
        // participant's session with it; a malformed one is left out.
        var to = link.opens
        if link.role == .participant, let pid = req.query("pid"), SessionController.isParticipantID(pid) {
            to += "?pid=" + pid
        }
        var r = HTTPResponse.redirect(to: to)
        let maxAge = max(0, Int(link.expiresAt.timeIntervalSince(shares.now())))
        r.headers.add(
            name: "Set-Cookie",
            value: "\(access.shareCookie)=\(token); Path=/; HttpOnly; SameSite=Lax; Max-Age=\(maxAge)")
        r.headers["Cache-Control"] = "no-store"
        return r
    }
}
