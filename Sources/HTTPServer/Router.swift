import Platform

/// Routes requests by method and path to handlers, through middleware (a trie of path
/// components, in the manner of Hummingbird's router).
///
/// Patterns are paths whose components are literals, `{name}` parameters (one non-empty
/// component, percent-decoded, in ``HTTPRequest/parameters``), or a final `*` that takes the
/// rest of the path (possibly empty; under the key `"*"`). The path is split into components as
/// the client sent it and each is decoded on its own, so `%2F` never separates components. A
/// literal matches a component with the same UTF-8 bytes, with no Unicode normalization (`é`
/// as one scalar and as `e` with a combining accent are different literals). A literal beats a
/// parameter, which beats `*`, with backtracking: `/p/new` and `/p/{id}` may both exist.
///
/// Routes that share middleware and a request context (who is asking, say) are registered
/// through a ``RouterGroup`` (``group(_:prefix:)``, ``group(_:prefix:context:)``): its middleware runs
/// for its routes only, after the router's own (``use(_:)``). A handler, a context or a
/// middleware answers with an error by throwing it: an ``HTTPResponseError`` answers with its
/// response (unless a middleware's ``HTTPMiddleware/response(for:to:)`` renders it), any other
/// error with a 500 that does not reveal it.
///
/// Answers that need no handler: `404` problem when no pattern matches; `405` with `Allow` when
/// the path matches but not the method; `501` for a method no route uses and that RFC 9110 does
/// not define; `HEAD` on a `GET` route (the server drops the body); `OPTIONS` without a route:
/// `204` with `Allow`.
///
/// Register routes and middleware before the server starts; registering later is safe but a
/// request being routed concurrently may not see the new route.
public final class Router: HTTPResponder, RouteRegistering, @unchecked Sendable {
    /// A synchronous handler: runs inline on the connection's event-loop thread. Keep it short and non-blocking.
    public typealias Handler = @Sendable (HTTPRequest) throws -> HTTPResponse
    /// An asynchronous handler: runs in a task.
    public typealias AsyncHandler = @Sendable (HTTPRequest) async throws -> HTTPResponse
    /// A completion handler: runs on the connection's event-loop thread, starts its work and
    /// answers through `respond` (exactly once, from any thread) — see ``HTTPReply/callback(start:finish:)``.
    public typealias CallbackHandler = @Sendable (HTTPRequest, _ respond: @escaping HTTPReply.Completion) -> Void

    final class Route: Sendable {
        /// What the route does. Each case's closure runs first on the event-loop thread, where it
        /// may throw (answered at once, without a task); async and callback routes then hand
        /// back the work that answers later.
        enum Work: Sendable {
            case sync(@Sendable (HTTPRequest) throws -> HTTPResponse)
            case async(@Sendable (HTTPRequest) throws -> @Sendable () async throws -> HTTPResponse)
            case callback(@Sendable (HTTPRequest) throws -> @Sendable (@escaping HTTPReply.Completion) -> Void)
        }
        let pattern: String
        let method: HTTPMethod
        let maxBodyBytes: Int?
        let work: Work
        /// The middleware of the group the route was registered in, outermost first; empty for
        /// a route registered on the router itself.
        let layers: [any HTTPMiddleware]
        /// The names of the pattern's `{name}` components, in order.
        let parameterNames: [String]

        init(pattern: String, method: HTTPMethod, maxBodyBytes: Int?, layers: [any HTTPMiddleware] = [], work: Work) {
            self.pattern = pattern
            self.method = method
            self.maxBodyBytes = maxBodyBytes
            self.layers = layers
            self.work = work
            parameterNames = Router.components(of: pattern).filter { $0.hasPrefix("{") && $0.hasSuffix("}") }.map {
                String($0.dropFirst().dropLast())
            }
        }

        /// Names this route's parameters: `values` are the `{…}` components in order, `rest`
        /// what a final `*` matched.
        func parameters(_ values: [Substring], _ rest: String?) -> RouteParameters {
            RouteParameters(names: parameterNames, values: values, rest: rest)
        }
    }

    /// Routes and middleware as of the last registration. Immutable: a registration installs a
    /// new snapshot, so a lookup takes the lock only to retain the current one.
    private final class Snapshot: @unchecked Sendable {
        let root: TrieNode
        let middleware: [any HTTPMiddleware]
        let methods: Set<HTTPMethod>

        init(root: TrieNode, middleware: [any HTTPMiddleware], methods: Set<HTTPMethod>) {
            self.root = root
            self.middleware = middleware
            self.methods = methods
        }
    }

    private let state = ReadMostly(Snapshot(root: TrieNode(), middleware: [], methods: Set(HTTPMethod.standard)))

    /// An empty router: every request gets 404 until routes are added.
    public init() {}

    // MARK: Registration

    /// Registers a synchronous handler for `method` and `pattern`.
    /// - Parameter maxBodyBytes: this route's body limit in bytes; nil for ``ServerConfiguration/maxBodyBytes``.
    public func add(method: HTTPMethod, pattern: String, maxBodyBytes: Int? = nil, _ handler: @escaping Handler) {
        insert(Route(pattern: pattern, method: method, maxBodyBytes: maxBodyBytes, work: .sync(handler)))
    }

    /// Registers an asynchronous handler for `method` and `pattern`.
    /// - Parameter maxBodyBytes: this route's body limit in bytes; nil for ``ServerConfiguration/maxBodyBytes``.
    public func add(
        method: HTTPMethod, pattern: String, maxBodyBytes: Int? = nil, _ handler: @escaping AsyncHandler
    ) {
        insert(
            Route(
                pattern: pattern, method: method, maxBodyBytes: maxBodyBytes,
                work: .async { request in { try await handler(request) } }))
    }

    /// Registers a completion handler for `method` and `pattern`: it runs on the event-loop
    /// thread and answers through its `respond` argument, from any thread, without a task.
    /// - Parameter maxBodyBytes: the route's body limit in bytes; nil for ``ServerConfiguration/maxBodyBytes``.
    public func add(
        method: HTTPMethod, pattern: String, maxBodyBytes: Int? = nil, callback handler: @escaping CallbackHandler
    ) {
        insert(
            Route(
                pattern: pattern, method: method, maxBodyBytes: maxBodyBytes,
                work: .callback { request in { respond in handler(request, respond) } }))
    }

    /// Adds middleware that every request goes through, matched or not, before any group's
    /// middleware; it runs after the middleware added before it.
    public func use(_ middleware: any HTTPMiddleware) {
        state.write { $0 = Snapshot(root: $0.root, middleware: $0.middleware + [middleware], methods: $0.methods) }
    }

    /// A group of routes whose requests also go through `middleware`, in order, after the
    /// router's; their patterns start with `prefix` (`""` for none). Its handlers take the request and `Void`.
    public func group(_ middleware: any HTTPMiddleware..., prefix: String = "") -> RouterGroup<Void> {
        RouterGroup(router: self, prefix: prefix, layers: middleware, context: { _ in () })
    }

    /// A group of routes under `prefix` whose requests go through `middleware` and whose
    /// handlers receive the value `context` makes of each request (say, who is asking). The
    /// context is made on the event-loop thread after the middleware, before any task starts; an
    /// error it throws answers the request.
    public func group<Context: Sendable>(
        _ middleware: any HTTPMiddleware..., prefix: String = "",
        context: @escaping @Sendable (HTTPRequest) throws -> Context
    ) -> RouterGroup<Context> {
        RouterGroup(router: self, prefix: prefix, layers: middleware, context: context)
    }

    func insert(_ route: Route) {
        state.write { snapshot in
            var root = snapshot.root
            root.insert(route, components: Self.components(of: route.pattern)[...])
            snapshot = Snapshot(
                root: root, middleware: snapshot.middleware, methods: snapshot.methods.union([route.method]))
        }
    }

    static func components(of path: String) -> [Substring] {
        path.split(separator: "/", omittingEmptySubsequences: true)
    }

    // MARK: Matching

    /// The result of matching a method and path.
    enum Match {
        case route(Route, RouteParameters)
        /// The path exists with other methods.
        case wrongMethod(allowed: [HTTPMethod])
        case notFound
    }

    func match(_ request: HTTPRequest) -> Match {
        let method = request.method
        let root = state.read { $0 }.root
        return request.withRoutingPath { path -> Match in
            var values: [Substring] = []
            var rest: Int?
            guard let routes = root.find(path, from: 0, &values, &rest) else { return .notFound }
            if let route = TrieNode.route(for: method, in: routes)
                ?? (method == .head ? TrieNode.route(for: .get, in: routes) : nil)
            {
                return .route(route, route.parameters(values, rest.map(path.joined(from:))))
            }
            var allowed = Set(routes.keys)
            if allowed.contains(.get) { allowed.insert(.head) }
            allowed.insert(.options)
            return .wrongMethod(allowed: allowed.sorted { $0.rawValue < $1.rawValue })
        }
    }

    // MARK: HTTPResponder

    /// The matched route's `maxBodyBytes`; stores the match, parameters and pattern in `request`.
    public func bodyLimit(for request: inout HTTPRequest) -> Int? {
        if case .route(let route, let parameters) = match(request) {
            Self.annotate(&request, route, parameters)
            return route.maxBodyBytes
        }
        return nil
    }

    /// The first answer of the matched route's middleware, router's first, to a request whose
    /// body is not read yet (``HTTPMiddleware/responseBeforeBody(of:)``); nil to read it.
    public func responseBeforeBody(of request: HTTPRequest) -> HTTPResponse? {
        for layer in state.read({ $0.middleware }) {
            if let response = layer.responseBeforeBody(of: request) { return response }
        }
        for layer in request.matchedRoute?.layers ?? [] {
            if let response = layer.responseBeforeBody(of: request) { return response }
        }
        return nil
    }

    /// Stores a match in the request: the route (so ``respond(to:)`` need not match again),
    /// its pattern and the path parameters.
    private static func annotate(_ request: inout HTTPRequest, _ route: Route, _ parameters: RouteParameters) {
        request.matchedRoute = route
        request.routePattern = route.pattern
        request.parameters = parameters
    }

    /// Runs middleware and the matching handler: a sync handler's response at once, an async
    /// handler as ``HTTPReply/deferred(_:)``, a callback handler as ``HTTPReply/callback(start:finish:)``;
    /// a thrown error becomes the response of the innermost middleware that renders it, else
    /// ``response(for:)``.
    public func respond(to request: consuming HTTPRequest) -> HTTPReply {
        let start = Sys.now()
        let snapshot = state.read { $0 }
        let middleware = snapshot.middleware

        // The router's middleware, before routing.
        if let answer = Self.willHandle(&request, middleware[...], outer: [], start) { return .response(answer) }
        let outer = middleware[...]

        let route: Route
        if let matched = request.matchedRoute, request.routePattern == matched.pattern {
            route = matched
        } else {
            let result = match(request)
            guard case .route(let found, let parameters) = result else {
                let response = Self.unrouted(result, request, snapshot.methods)
                return .response(Self.finish(response, request, outer, [], start))
            }
            route = found
            Self.annotate(&request, found, parameters)
        }

        // The route's group middleware.
        let inner = route.layers[...]
        if !inner.isEmpty, let answer = Self.willHandle(&request, inner, outer: outer, start) {
            return .response(answer)
        }

        switch route.work {
        case .sync(let handler):
            let response: HTTPResponse
            do { response = try handler(request) } catch { response = Self.render(error, request, outer, inner) }
            return .response(Self.finish(response, request, outer, inner, start))
        case .async(let prepare):
            let work: @Sendable () async throws -> HTTPResponse
            do { work = try prepare(request) } catch {
                return .response(Self.finish(Self.render(error, request, outer, inner), request, outer, inner, start))
            }
            let request = request
            return .deferred {
                let response: HTTPResponse
                do { response = try await work() } catch { response = Self.render(error, request, outer, inner) }
                return Self.finish(response, request, outer, inner, start)
            }
        case .callback(let prepare):
            let begin: @Sendable (@escaping HTTPReply.Completion) -> Void
            do { begin = try prepare(request) } catch {
                return .response(Self.finish(Self.render(error, request, outer, inner), request, outer, inner, start))
            }
            let request = request
            return .callback(start: begin, finish: { response in Self.finish(response, request, outer, inner, start) })
        }
    }

    /// Runs the `willHandle` of `layers` (the router's, with `outer` empty; or a route's group
    /// middleware inside the router's, `outer`): nil when all let the request through, else the
    /// answer of the layer that answered or threw, as the layers before it leave it.
    private static func willHandle(
        _ request: inout HTTPRequest, _ layers: ArraySlice<any HTTPMiddleware>,
        outer: ArraySlice<any HTTPMiddleware>, _ start: UInt64
    ) -> HTTPResponse? {
        // By index, here and in `finish`: `for layer in layers` copies each existential out of
        // the array (a retain, a release and a copy through its witness table; callgrind).
        var passed = layers.startIndex
        for index in layers.indices {
            let response: HTTPResponse
            do {
                guard let answer = try layers[index].willHandle(&request) else {
                    passed += 1
                    continue
                }
                response = answer
            } catch {
                response = render(error, request, outer, layers[..<passed])
            }
            return finish(response, request, outer, layers[..<passed], start)
        }
        return nil
    }

    /// The answer when no route takes the request: 501 for a method that no route uses and
    /// RFC 9110 does not define; `OPTIONS *` (the server as a whole, RFC 9110 §9.3.7: a ping)
    /// 204; else 405 with `Allow` (204 for OPTIONS) when the path exists with other methods,
    /// 404 when it does not.
    private static func unrouted(_ match: Match, _ request: HTTPRequest, _ methods: Set<HTTPMethod>) -> HTTPResponse {
        guard methods.contains(request.method) else {
            return .problem(status: .notImplemented, detail: "The method \(request.method) is not implemented.")
        }
        if request.method == .options && request.path == "*" { return HTTPResponse(status: .noContent) }
        guard case .wrongMethod(let allowed) = match else {
            return .problem(status: .notFound, detail: "No resource at \(request.path).")
        }
        let allow = allowed.map(\.rawValue).joined(separator: ", ")
        if request.method == .options { return HTTPResponse(status: .noContent, headers: ["Allow": allow]) }
        return .problem(
            status: .methodNotAllowed, detail: "\(request.method) is not allowed on \(request.path).",
            headers: ["Allow": allow])
    }

    /// Lets `inner` and then `outer` middleware see the response, innermost first.
    private static func finish(
        _ response: consuming HTTPResponse, _ request: HTTPRequest, _ outer: ArraySlice<any HTTPMiddleware>,
        _ inner: ArraySlice<any HTTPMiddleware>, _ start: UInt64
    ) -> HTTPResponse {
        guard !outer.isEmpty || !inner.isEmpty else { return response }
        let duration = Double(Sys.now() &- start) / 1e9
        for index in inner.indices.reversed() {
            inner[index].didHandle(request, response: &response, duration: duration)
        }
        for index in outer.indices.reversed() {
            outer[index].didHandle(request, response: &response, duration: duration)
        }
        return response
    }

    /// The response for an error thrown inside `inner` (or inside `outer` when `inner` is
    /// empty): the first middleware that renders it, innermost first, else ``response(for:)``.
    static func render(
        _ error: any Error, _ request: HTTPRequest, _ outer: ArraySlice<any HTTPMiddleware>,
        _ inner: ArraySlice<any HTTPMiddleware>
    ) -> HTTPResponse {
        for layer in inner.reversed() {
            if let response = layer.response(for: error, to: request) { return response }
        }
        for layer in outer.reversed() {
            if let response = layer.response(for: error, to: request) { return response }
        }
        return response(for: error)
    }

    /// The response for an error thrown by a handler or middleware: its own response for an
    /// ``HTTPResponseError`` (such as ``HTTPError``), else a 500 that does not reveal the error.
    public static func response(for error: any Error) -> HTTPResponse {
        if let error = error as? any HTTPResponseError { return error.response }
        return .problem(status: .internalServerError, detail: "The server failed to answer this request.")
    }
}
