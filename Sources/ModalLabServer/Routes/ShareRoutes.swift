import Foundation
import HTTPServer
import InteractionLog
import JSON
import Sharing

extension ModalLabApp {
    /// The cookie a share link is traded for: scoped to the link's one prototype.
    static let shareCookie = "modallab_share"

    func addShareRoutes() {
        router.post("/api/shares") { [self] req in guarded { () throws(Problem) in try createShare(req) } }
        router.get("/api/shares") { [self] req in
            guarded { () throws(Problem) in
                try requireOwner(req)
                let now = shares.now()
                return .json(.array(shares.all.map { $0.json(now: now) }))
            }
        }
        router.delete("/api/shares/{id}") { [self] req in
            guarded { () throws(Problem) in
                try requireOwner(req)
                let id = req.parameters["id"] ?? ""
                let found: Bool
                do { found = try shares.revoke(id: id) } catch {
                    throw Problem(.serviceUnavailable, title: "Could not revoke", detail: "\(error)")
                }
                guard found else { throw Problem.notFound("no share link \"\(id)\"") }
                return HTTPResponse(status: .noContent)
            }
        }
        router.get("/s/{token}") { [self] req in
            await guardedAsync { () async throws(Problem) in try await openShare(req) }
        }
        router.post("/api/comments") { [self] req in
            await guardedAsync { () async throws(Problem) in try await addComment(req) }
        }
        router.get("/api/comments") { [self] req in
            guarded { () throws(Problem) in
                guard let p = req.query("prototype") else {
                    throw Problem.badRequest("name the prototype: ?prototype=<id>", path: "prototype")
                }
                _ = try requireViewer(req, prototype: p)
                return .json(.array(comments.list(prototype: p).map(\.json)))
            }
        }
    }

    /// `POST /api/shares {prototype, role, expiresIn, label}` → 201 `{id, url, expiresAt}`.
    func createShare(_ req: HTTPRequest) throws(Problem) -> HTTPResponse {
        try requireOwner(req)
        let body = try RequestBody.json(req)
        let prototype: String
        var role = ShareRole.view
        var expiresIn: Double?
        var label: String?
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
            label = try o.optional("label")?.string()
            try o.finish()
        } catch {
            throw error.problem
        }
        guard library.get(prototype) != nil else { throw Problem.notFound("no prototype \"\(prototype)\"") }
        let issued: IssuedShare
        do {
            issued = try shares.create(prototype: prototype, role: role, expiresIn: expiresIn, label: label)
        } catch {
            throw Problem(.serviceUnavailable, title: "Could not create the link", detail: "\(error)")
        }
        let host = req.headers["host"] ?? "\(configuration.host):\(configuration.port)"
        return .json(
            [
                "id": .string(issued.link.id), "url": .string("http://\(host)/s/\(issued.token)"),
                "expiresAt": .string(RFC3339.format(issued.link.expiresAt)), "role": .string(role.rawValue),
                "prototype": .string(prototype),
            ], status: .created, headers: ["Location": "/api/shares/\(issued.link.id)"])
    }

    /// `GET /s/{token}`: trades the token for a cookie scoped to one prototype and redirects to
    /// its player. Unknown, expired and revoked links get the same 404; repeated failures from one
    /// address get 429 (SPEC §8).
    func openShare(_ req: HTTPRequest) async throws(Problem) -> HTTPResponse {
        let address = ModalLabApp.clientAddress(req)
        let token = req.parameters["token"] ?? ""
        // A working link always opens (reviewers behind one office address aren't locked out by
        // someone else's typos); only failures are counted and, past the limit, answered 429.
        guard let link = shares.resolve(token: token) else {
            if let wait = shareFailures.retryAfter(address) {
                throw Problem(
                    .tooManyRequests, title: "Too many attempts", detail: "try again in \(wait) s",
                    headers: ["Retry-After": String(wait)])
            }
            shareFailures.fail(address)
            return errorPage(Problem.notFound("this link does not exist, has expired or was revoked"))
        }
        _ = try? await log.append([
            PendingEvent(
                type: .shareOpen, prototype: link.prototype, share: link.id,
                props: ["role": .string(link.role.rawValue)])
        ])
        var r = HTTPResponse.redirect(to: "/p/\(link.prototype)")
        let maxAge = max(0, Int(link.expiresAt.timeIntervalSince(shares.now())))
        r.headers.add(
            name: "Set-Cookie",
            value: "\(ModalLabApp.shareCookie)=\(token); Path=/; HttpOnly; SameSite=Lax; Max-Age=\(maxAge)")
        r.headers["Cache-Control"] = "no-store"
        return r
    }

    /// `POST /api/comments {prototype, screen?, modal?, x, y, text, device?}` by a comment-role
    /// share or the owner → 201 with the comment.
    func addComment(_ req: HTTPRequest) async throws(Problem) -> HTTPResponse {
        let body = try RequestBody.json(req)
        var c: Comment
        do throws(JSONShapeError) {
            let o = try body.object()
            let text = try o.required("text", "the comment").string()
            guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, text.count <= CommentStore.maxLength
            else {
                throw JSONShapeError(
                    path: body.path.appending("text"), message: "expected 1 to \(CommentStore.maxLength) characters")
            }
            c = Comment(
                id: RandomID.make(bytes: 9), prototype: try o.required("prototype", "a prototype id").string(),
                share: nil,
                screen: try o.optional("screen")?.string(), modal: try o.optional("modal")?.string(),
                x: try o.required("x", "points from the frame's left").number(),
                y: try o.required("y", "points from the frame's top").number(), text: text,
                device: try o.optional("device")?.string(), createdAt: Date())
            try o.finish()
        } catch {
            throw error.problem
        }
        let v = try requireViewer(req, prototype: c.prototype)
        switch v {
        case .owner: break
        case .share(let id, _, let canComment):
            guard canComment else {
                throw Problem(
                    .forbidden, title: "View-only link", detail: "this share link can look and try, not comment")
            }
            c.share = id
        case .anonymous: break  // requireViewer has refused it already
        }
        guard library.get(c.prototype) != nil else { throw Problem.notFound("no prototype \"\(c.prototype)\"") }
        do { try comments.add(c) } catch {
            throw Problem(.serviceUnavailable, title: "Could not save the comment", detail: "\(error)")
        }
        let event = PendingEvent(
            type: .comment, prototype: c.prototype, share: c.share, device: c.device, screen: c.screen, modal: c.modal,
            x: c.x, y: c.y, props: ["comment": .string(c.id), "length": .int(c.text.count)])
        do {
            _ = try await log.append([event])
        } catch {
            throw Problem.logUnavailable("the comment was saved but its log event was not", error)
        }
        return .json(c.json, status: .created)
    }
}
