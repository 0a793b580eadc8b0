/// What the server calls to answer requests. ``Router`` is the usual one.
///
/// A request goes through two steps, both on the connection's event loop (its serial queue):
/// 1. ``bodyLimit(for:)`` once the head is parsed and before any body byte is read, so an
///    over-size body is refused with 413 (even before `100 Continue` is sent);
/// 2. ``respond(to:)`` with the complete request. It returns a response at once (the fast path:
///    no task, no hop), work to run in a task, or work that answers through a completion callback
///    (``HTTPReply``); either way responses on one connection are written in request order
///    (RFC 9112 §9.3.2 pipelining).
public protocol HTTPResponder: Sendable {
    /// The most body bytes this request may carry (after de-chunking), or nil for the server's
    /// ``ServerConfiguration/maxBodyBytes``. May annotate `request` (a router stores its match
    /// so ``respond(to:)`` need not route again).
    func bodyLimit(for request: inout HTTPRequest) -> Int?

    /// After ``bodyLimit(for:)``, for a request with a body: a response to answer with its head
    /// alone, without reading the body (the connection then closes), or nil to read it. A
    /// router asks its matched route's middleware (``HTTPMiddleware/responseBeforeBody(of:)``).
    func responseBeforeBody(of request: HTTPRequest) -> HTTPResponse?

    /// Answers a complete request. Must not block: slow work belongs in ``HTTPReply/deferred(_:)``.
    /// The request is handed over (`consuming`): the server has no use for it after, so a
    /// responder that changes it (a router's middleware) does so without copying it first.
    func respond(to request: consuming HTTPRequest) -> HTTPReply
}

extension HTTPResponder {
    /// The default: no limit of its own, so the server's ``ServerConfiguration/maxBodyBytes``.
    public func bodyLimit(for request: inout HTTPRequest) -> Int? { nil }
    /// The default: read every body.
    public func responseBeforeBody(of request: HTTPRequest) -> HTTPResponse? { nil }
}
