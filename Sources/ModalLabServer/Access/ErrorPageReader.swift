import HTTPServer

/// Who reads an error page, by the request's credentials: what the page may offer them
/// (``PageRenderer/errorPage(_:prototype:locale:reader:)``).
enum ErrorPageReader: Sendable, Equatable {
    /// The owner: the page links back to the gallery.
    case owner
    /// A request without credentials (perhaps the owner, whose session cookie expired): the
    /// gallery link stays, as its page says how the owner gets in.
    case anyone
    /// The holder of a working share link: no gallery link (only the owner can open it).
    case shareHolder
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
        return shares.resolve(token: token) == nil ? .endedLink : .shareHolder
    }
}
