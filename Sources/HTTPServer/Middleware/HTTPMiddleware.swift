/// Code that runs around the requests a ``Router`` answers, for sync, async and callback
/// handlers alike: authentication (reject before the handler), access logs, metrics, headers
/// added to every response, error pages.
///
/// Middleware is added to the whole router (``Router/use(_:)``: it sees every request, matched
/// or not) or to a ``RouterGroup`` (it sees only the requests of that group's routes, after the
/// router's middleware). Hooks are synchronous so they cost nothing on the fast path; they run
/// in order (``willHandle(_:)``) and in reverse (``didHandle(_:response:duration:)``), like
/// layers of an onion. When a middleware answers in `willHandle`, or throws, the handler and
/// the later middleware do not run, and only the earlier middleware's `didHandle` sees the
/// response. Unmatched requests (404, 405, 501) pass through the router's middleware, with
/// ``HTTPRequest/routePattern`` nil.
public protocol HTTPMiddleware: Sendable {
    /// Before the handler. Return a response to answer now (e.g. 401), or nil to go on; may
    /// modify the request. A thrown error answers as ``Router/response(for:)`` says (its own
    /// response for an ``HTTPResponseError``), unless an earlier middleware's
    /// ``response(for:to:)`` renders it.
    func willHandle(_ request: inout HTTPRequest) throws -> HTTPResponse?

    /// After the handler (or a later middleware, or an error turned into a response) produced
    /// `response`; may modify it. `duration` is seconds since `willHandle` of the first
    /// middleware; for a streamed body it ends when the stream starts, not when it ends.
    func didHandle(_ request: HTTPRequest, response: inout HTTPResponse, duration: Double)

    /// The response for an error thrown by the handler, the group's request context or a later
    /// middleware, or nil to leave it to the middleware before this one (and at last to
    /// ``Router/response(for:)``). Innermost first: a group's middleware renders before the
    /// router's. An HTML site uses it to answer browsers with error pages.
    func response(for error: any Error, to request: HTTPRequest) -> HTTPResponse?

    /// Before the body of a request that has one is read, with its head alone (a group's
    /// middleware, for its routes): return a response to answer now without reading the body
    /// — the connection then closes, as the body's framing is not followed — or nil to go on.
    /// An authorization check belongs here too, so that nobody without credentials can make the
    /// server hold a route's large body (``RouteRegistering``'s `maxBodyBytes`) before its 401.
    /// No other hook runs for such a response.
    func responseBeforeBody(of request: HTTPRequest) -> HTTPResponse?
}

extension HTTPMiddleware {
    /// The default: let every request through unchanged.
    public func willHandle(_ request: inout HTTPRequest) throws -> HTTPResponse? { nil }
    /// The default: leave the response as it is.
    public func didHandle(_ request: HTTPRequest, response: inout HTTPResponse, duration: Double) {}
    /// The default: no rendering of its own.
    public func response(for error: any Error, to request: HTTPRequest) -> HTTPResponse? { nil }
    /// The default: read the body.
    public func responseBeforeBody(of request: HTTPRequest) -> HTTPResponse? { nil }
}
