import HTTPServer
import Sharing

/// Who a request comes from, by its credentials: the owner (``OwnerAccess``), the holder of a
/// working share link (its cookie, ``ShareStore``), or no one. A cookie that names no working
/// link counts as a failed guess (``FailureLimiter``), as on `/s/{token}`.
///
/// The route groups' contexts and the controllers that check a report's audience hold this,
/// not the app.
struct ViewerAccess: Sendable {
    let owner: OwnerAccess
    let shares: ShareStore
    /// Failed share-link attempts per address (429 above the limit).
    let failures: FailureLimiter

    /// The cookie a share link is traded for (scoped to the link's one prototype), named by the
    /// port as the owner's is (``OwnerAccess/cookieName``): `modallab_share_8080`.
    var shareCookie: String { "modallab_share_\(owner.port)" }

    /// Who the request comes from: the owner, a working share link (its cookie), or nil.
    func viewer(_ req: HTTPRequest) -> Viewer? {
        if owner.isOwner(req) { return .owner }
        if let token = req.cookie(shareCookie) {
            // A cookie that names no working link counts as a failed guess, as on /s/ (docs/security.md, “Share links”).
            if let link = shares.resolve(token: token) {
                // A report link reaches the report's pages and nothing else (``reportViewer(_:prototype:)``).
                if link.role == .report { return nil }
                return .share(id: link.id, prototype: link.prototype, role: link.role)
            }
            failures.fail(req.remoteHost)
        }
        return nil
    }

    /// Who may read a prototype's report (insights, heat maps, replays): the owner, or the
    /// holder of a working `report` link to `prototype`; `nil` for anyone else.
    func reportViewer(_ req: HTTPRequest, prototype: String) -> Viewer? {
        if owner.isOwner(req) { return .owner }
        if let token = req.cookie(shareCookie) {
            if let link = shares.resolve(token: token) {
                guard link.role == .report, link.prototype == prototype else { return nil }
                return .share(id: link.id, prototype: link.prototype, role: .report)
            }
            failures.fail(req.remoteHost)
        }
        return nil
    }

    /// Who may read what a prototype's pages draw (its assets): the owner, or the holder of a
    /// working share link of any role — a report link's replays, heat maps and watch pages draw
    /// image screens too; which prototype the link reaches is the route's to check
    /// (``Viewer/canView(_:)``). `nil` for anyone else (a cookie that names no working link
    /// counts as a failed guess).
    func reader(_ req: HTTPRequest) -> Viewer? {
        if owner.isOwner(req) { return .owner }
        guard let token = req.cookie(shareCookie) else { return nil }
        guard let link = shares.resolve(token: token) else {
            failures.fail(req.remoteHost)
            return nil
        }
        return .share(id: link.id, prototype: link.prototype, role: link.role)
    }

    /// The viewer of a request; 401 (``Problem/ownerRequired``) for a request without
    /// credentials. The context of the viewer groups.
    func requireViewer(_ req: HTTPRequest) throws(Problem) -> Viewer {
        guard let v = viewer(req) else { throw Problem.ownerRequired }
        return v
    }
}
