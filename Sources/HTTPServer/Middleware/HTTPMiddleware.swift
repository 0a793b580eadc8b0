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
