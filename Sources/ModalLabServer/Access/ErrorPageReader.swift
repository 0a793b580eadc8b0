import HTTPServer
import Sharing

/// Who reads an error page, by the request's credentials: what the page may offer them
/// (``PageRenderer/errorPage(_:prototype:locale:reader:)``).
enum ErrorPageReader: Sendable, Equatable {
    /// The owner: the page links back to the gallery.
    case owner
    /// A request without credentials (perhaps the owner, whose session cookie expired): the
    /// gallery link stays, as its page says how the owner gets in.
    case anyone
    /// The holder of a working share link: no gallery link (only the owner can open it), but
    /// one back to the page their link opens (``ShareLink/opens``), and, on an owner's page, words
    /// for them rather than the owner's instructions.
    case shareHolder(opens: String)
    /// The holder of a share link that no longer works (revoked, expired, or never made): a
    /// neutral page saying so, without a gallery link.
    case endedLink
}

extension ViewerAccess {
    /// Who reads an error page answering `req`: the owner, a share link's holder (its cookie)
    /// whose link works or not, or anyone. Counts no failed guess (the request's own handler
    /// did, if it read the cookie).
    func errorPageReader(_ req: HTTPRequest) -> ErrorPageReader {
        if owner.isOwner(req) { return .owner }
        guard let token = req.cookie(shareCookie) else { return .anyone }
        return shares.resolve(token: token).map { .shareHolder(opens: $0.opens) } ?? .endedLink
    }
}

extension ShareLink {
    /// The page the link opens (`GET /s/{token}` redirects there): a report link's insights,
    /// the only pages it reaches; the others' player. A path, `/p/mail` or `/p/mail/insights`.
    var opens: String { role == .report ? "/p/\(prototype)/insights" : "/p/\(prototype)" }
}
