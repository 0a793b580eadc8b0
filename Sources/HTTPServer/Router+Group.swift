/// Where routes are registered: a ``Router``, or a ``RouterGroup`` of it. The helpers for
/// each method (`get`, `post`, …) are written once, here, for both.
///
/// A closure without `await` registers a synchronous handler (it runs inline on the
/// connection's event-loop thread: keep it short and non-blocking); one with `await`, an
/// asynchronous handler (it runs in a task; responses on a connection stay in request order).
/// `HEAD` requests are answered by `GET` routes too, without the body.
public protocol RouteRegistering {
    /// A handler that answers on the event-loop thread.
    associatedtype Handler
    /// A handler that answers from a task.
    associatedtype AsyncHandler

    /// Registers a synchronous handler for `method` and `pattern`.
    /// - Parameter maxBodyBytes: the route's body limit in bytes; nil for ``ServerConfiguration/maxBodyBytes``.
    func add(method: HTTPMethod, pattern: String, maxBodyBytes: Int?, _ handler: Handler)
    /// Registers an asynchronous handler for `method` and `pattern`.
    /// - Parameter maxBodyBytes: the route's body limit in bytes; nil for ``ServerConfiguration/maxBodyBytes``.
    func add(method: HTTPMethod, pattern: String, maxBodyBytes: Int?, _ handler: AsyncHandler)
}

extension RouteRegistering {
    /// Registers a synchronous `GET` handler (which answers `HEAD` too).
    public func get(_ pattern: String, maxBodyBytes: Int? = nil, _ handler: Handler) {
        add(method: .get, pattern: pattern, maxBodyBytes: maxBodyBytes, handler)
    }
    /// Registers an asynchronous `GET` handler (which answers `HEAD` too).
    public func get(_ pattern: String, maxBodyBytes: Int? = nil, _ handler: AsyncHandler) {
        add(method: .get, pattern: pattern, maxBodyBytes: maxBodyBytes, handler)
    }
    /// Registers a synchronous `HEAD` handler.
    public func head(_ pattern: String, maxBodyBytes: Int? = nil, _ handler: Handler) {
        add(method: .head, pattern: pattern, maxBodyBytes: maxBodyBytes, handler)
    }
    /// Registers an asynchronous `HEAD` handler.
    public func head(_ pattern: String, maxBodyBytes: Int? = nil, _ handler: AsyncHandler) {
        add(method: .head, pattern: pattern, maxBodyBytes: maxBodyBytes, handler)
    }
    /// Registers a synchronous `POST` handler.
    public func post(_ pattern: String, maxBodyBytes: Int? = nil, _ handler: Handler) {
        add(method: .post, pattern: pattern, maxBodyBytes: maxBodyBytes, handler)
    }
    /// Registers an asynchronous `POST` handler.
    public func post(_ pattern: String, maxBodyBytes: Int? = nil, _ handler: AsyncHandler) {
        add(method: .post, pattern: pattern, maxBodyBytes: maxBodyBytes, handler)
    }
    /// Registers a synchronous `PUT` handler.
    public func put(_ pattern: String, maxBodyBytes: Int? = nil, _ handler: Handler) {
        add(method: .put, pattern: pattern, maxBodyBytes: maxBodyBytes, handler)
    }
    /// Registers an asynchronous `PUT` handler.
    public func put(_ pattern: String, maxBodyBytes: Int? = nil, _ handler: AsyncHandler) {
        add(method: .put, pattern: pattern, maxBodyBytes: maxBodyBytes, handler)
    }
    /// Registers a synchronous `PATCH` handler.
    public func patch(_ pattern: String, maxBodyBytes: Int? = nil, _ handler: Handler) {
        add(method: .patch, pattern: pattern, maxBodyBytes: maxBodyBytes, handler)
    }
    /// Registers an asynchronous `PATCH` handler.
    public func patch(_ pattern: String, maxBodyBytes: Int? = nil, _ handler: AsyncHandler) {
        add(method: .patch, pattern: pattern, maxBodyBytes: maxBodyBytes, handler)
    }
    /// Registers a synchronous `DELETE` handler.
    public func delete(_ pattern: String, maxBodyBytes: Int? = nil, _ handler: Handler) {
        add(method: .delete, pattern: pattern, maxBodyBytes: maxBodyBytes, handler)
    }
    /// Registers an asynchronous `DELETE` handler.
    public func delete(_ pattern: String, maxBodyBytes: Int? = nil, _ handler: AsyncHandler) {
        add(method: .delete, pattern: pattern, maxBodyBytes: maxBodyBytes, handler)
    }
}

/// Routes of a ``Router`` that share a path prefix, middleware and a request context, in the
/// manner of Hummingbird's `RouterGroup`: say, the owner's API behind an authorization check,
/// or the pages a share link may see, whose handlers receive the viewer.
///
/// ```swift
/// let owner = router.group(RequireOwner(), prefix: "/api")
/// owner.get("/logs.csv") { request, _ in … }
/// let viewers = router.group(context: { request in try viewer(of: request) })
/// viewers.get("/p/{id}") { request, viewer in … }
/// ```
///
/// For each request of its routes, after the router's middleware: the group's middleware in
/// order, then the context (on the event-loop thread, before any task starts), then the handler.
/// An error thrown by any of them answers the request, as the ``Router`` says. Groups
/// are values; ``group(_:prefix:)`` makes a nested one with more middleware, and
/// ``group(_:prefix:context:)`` one whose context is derived from this one's.
public struct RouterGroup<Context: Sendable>: RouteRegistering, Sendable {
    /// A synchronous handler: the request and the group's context.
    public typealias Handler = @Sendable (HTTPRequest, Context) throws -> HTTPResponse
    /// An asynchronous handler: the request and the group's context.
    public typealias AsyncHandler = @Sendable (HTTPRequest, Context) async throws -> HTTPResponse
    /// A completion handler (see ``Router/CallbackHandler``), with the group's context.
    public typealias CallbackHandler =
        @Sendable (HTTPRequest, Context, _ respond: @escaping HTTPReply.Completion) ->
        Void

    let router: Router
    /// Prepended to every pattern: `/api` and `/logs` make `/api/logs`.
    let prefix: String
    let layers: [any HTTPMiddleware]
    let context: @Sendable (HTTPRequest) throws -> Context

    init(
        router: Router, prefix: String, layers: [any HTTPMiddleware],
        context: @escaping @Sendable (HTTPRequest) throws -> Context
    ) {
        self.router = router
        self.prefix = Self.join("", prefix)
        self.layers = layers
        self.context = context
    }

    /// A group inside this one: `prefix` appended to this group's, `middleware` run after this
    /// group's, the same context.
    public func group(_ middleware: any HTTPMiddleware..., prefix: String = "") -> RouterGroup<Context> {
        RouterGroup(
            router: router, prefix: Self.join(self.prefix, prefix), layers: layers + middleware, context: context)
    }

    /// A group inside this one whose handlers receive `context(request, outer)`, where `outer`
    /// is this group's context: a refinement (say, a viewer who may see the prototype the path
    /// names). Both are made after all the middleware.
    public func group<Child: Sendable>(
        _ middleware: any HTTPMiddleware..., prefix: String = "",
        context: @escaping @Sendable (HTTPRequest, Context) throws -> Child
    ) -> RouterGroup<Child> {
        let outer = self.context
        return RouterGroup<Child>(
            router: router, prefix: Self.join(self.prefix, prefix), layers: layers + middleware,
            context: { request in try context(request, try outer(request)) })
    }

    /// Registers a synchronous handler for `method` and the group's prefix + `pattern`.
    /// - Parameter maxBodyBytes: the route's body limit in bytes; nil for ``ServerConfiguration/maxBodyBytes``.
    public func add(method: HTTPMethod, pattern: String, maxBodyBytes: Int? = nil, _ handler: @escaping Handler) {
        let context = self.context
        insert(method, pattern, maxBodyBytes, .sync { request in try handler(request, try context(request)) })
    }

    /// Registers an asynchronous handler for `method` and the group's prefix + `pattern`.
    /// - Parameter maxBodyBytes: the route's body limit in bytes; nil for ``ServerConfiguration/maxBodyBytes``.
    public func add(method: HTTPMethod, pattern: String, maxBodyBytes: Int? = nil, _ handler: @escaping AsyncHandler) {
        let context = self.context
        insert(
            method, pattern, maxBodyBytes,
            .async { request in
                let value = try context(request)
                return { try await handler(request, value) }
            })
    }

    /// Registers a completion handler (see ``Router/add(method:pattern:maxBodyBytes:callback:)``)
    /// for `method` and the group's prefix + `pattern`.
    /// - Parameter maxBodyBytes: the route's body limit in bytes; nil for ``ServerConfiguration/maxBodyBytes``.
    public func add(
        method: HTTPMethod, pattern: String, maxBodyBytes: Int? = nil, callback handler: @escaping CallbackHandler
    ) {
        let context = self.context
        insert(
            method, pattern, maxBodyBytes,
            .callback { request in
                let value = try context(request)
                return { respond in handler(request, value, respond) }
            })
    }

    private func insert(_ method: HTTPMethod, _ pattern: String, _ maxBodyBytes: Int?, _ work: Router.Route.Work) {
        router.insert(
            Router.Route(
                pattern: Self.join(prefix, pattern), method: method, maxBodyBytes: maxBodyBytes, layers: layers,
                work: work))
    }

    /// `prefix` and `pattern` as one pattern with single slashes: `("/api", "logs")` →
    /// `/api/logs`, `("/api", "/")` → `/api`, `("", "")` → `/`.
    static func join(_ prefix: String, _ pattern: String) -> String {
        let components = Router.components(of: prefix) + Router.components(of: pattern)
        return "/" + components.joined(separator: "/")
    }
}
