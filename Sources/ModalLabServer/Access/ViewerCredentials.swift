import HTTPServer

/// The viewers' routes read a body only from someone who may send one: the owner or the holder
/// of a working share link (``ViewerAccess/viewer(_:)``). Anyone else gets 401 on the request's
/// head alone, before any byte of its body, as the owner's routes answer strangers
/// (``RequireOwner``). Otherwise a client without credentials could hold thousands of
/// connections each sending a body that never ends, the one state in which the server refuses
/// newcomers, the owner among them (503: docs/security.md).
struct ViewerCredentials: HTTPMiddleware {
    let access: ViewerAccess

    func responseBeforeBody(of request: HTTPRequest) -> HTTPResponse? {
        access.viewer(request) == nil ? Problem.ownerRequired.response : nil
    }
}
