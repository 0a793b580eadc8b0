/// What the server calls to answer requests. ``Router`` is the usual one.
///
/// A request goes through two steps, both on the connection's queue:
/// 1. ``bodyLimit(for:)`` once the head is parsed and before any body byte is read, so an
///    over-size body is refused with 413 (even before `100 Continue` is sent);
/// 2. ``respond(to:)`` with the complete request. It returns a response at once (the fast path:
///    no task, no hop) or work to run in a task; either way responses on one connection are
///    written in request order (RFC 9112 §9.3.2 pipelining).
public protocol HTTPResponder: Sendable {
    /// The most body bytes this request may carry (after de-chunking), or nil for the server's
    /// ``ServerConfiguration/maxBodyBytes``. May annotate `request` (a router stores its match
    /// so ``respond(to:)`` need not route again).
    func bodyLimit(for request: inout HTTPRequest) -> Int?

    /// Answers a complete request. Must not block: slow work belongs in ``HTTPReply/deferred(_:)``.
    func respond(to request: HTTPRequest) -> HTTPReply
}

extension HTTPResponder {
    /// The default: no limit of its own, so the server's ``ServerConfiguration/maxBodyBytes``.
    public func bodyLimit(for request: inout HTTPRequest) -> Int? { nil }
}

/// A responder's answer: now, or later from a task.
public enum HTTPReply: Sendable {
    /// The response is ready.
    case response(HTTPResponse)
    /// Run this in a task; its response is written when it returns.
    case deferred(@Sendable () async -> HTTPResponse)
}

/// Code that runs around every request a ``Router`` answers, for both sync and async handlers:
/// authentication (reject before the handler), access logs, metrics, headers added to every
/// response.
///
/// Hooks are synchronous so they cost nothing on the fast path; run them in registration order
/// (``willHandle(_:)``) and in reverse (``didHandle(_:response:duration:)``), like layers of an
/// onion. When a middleware answers in `willHandle`, the handler and the later middleware do not
/// run, and only the earlier middleware's `didHandle` sees the response. Unmatched requests (404,
/// 405, 501) pass through middleware too, with ``HTTPRequest/routePattern`` nil.
public protocol HTTPMiddleware: Sendable {
    /// Before routing to the handler. Return a response to answer now (e.g. 401), or nil to go
    /// on; may modify the request. A thrown ``HTTPError`` answers with its problem response.
    func willHandle(_ request: inout HTTPRequest) throws -> HTTPResponse?

    /// After the handler (or a later middleware, or an error turned into a problem) produced
    /// `response`; may modify it. `duration` is seconds since `willHandle` of the first
    /// middleware; for a streamed body it ends when the stream starts, not when it ends.
    func didHandle(_ request: HTTPRequest, response: inout HTTPResponse, duration: Double)
}

extension HTTPMiddleware {
    /// The default: let every request through unchanged.
    public func willHandle(_ request: inout HTTPRequest) throws -> HTTPResponse? { nil }
    /// The default: leave the response as it is.
    public func didHandle(_ request: HTTPRequest, response: inout HTTPResponse, duration: Double) {}
}
