/// Routes requests by method and path to handlers, through middleware (a trie of path
/// components, in the manner of Hummingbird's router).
///
/// Patterns are paths whose components are literals, `{name}` parameters (one non-empty
/// component, percent-decoded, in ``HTTPRequest/parameters``), or a final `*` that takes the
/// rest of the path (possibly empty; under the key `"*"`). The path is split into components as
/// the client sent it and each is decoded on its own, so `%2F` never separates components. A literal beats a parameter, which
/// beats `*`, with backtracking: `/p/new` and `/p/{id}` may both exist.
///
/// Answers that need no handler: `404` problem when no pattern matches; `405` with `Allow` when
/// the path matches but not the method; `501` for a method no route uses and that RFC 9110 does
/// not define; `HEAD` on a `GET` route (the server drops the body); `OPTIONS` without a route:
/// `204` with `Allow`.
///
/// Register routes and middleware before the server starts; registering later is safe but a
/// request being routed concurrently may not see the new route.
public final class Router: HTTPResponder, @unchecked Sendable {
    /// A synchronous handler: runs inline on the connection's event-loop thread. Keep it short and non-blocking.
    public typealias Handler = @Sendable (HTTPRequest) throws -> HTTPResponse
    /// An asynchronous handler: runs in a task.
    public typealias AsyncHandler = @Sendable (HTTPRequest) async throws -> HTTPResponse
    /// A completion handler: runs on the connection's event-loop thread, starts its work and
    /// answers through `respond` (exactly once, from any thread) — see ``HTTPReply/callback(start:finish:)``.
    public typealias CallbackHandler = @Sendable (HTTPRequest, _ respond: @escaping HTTPReply.Completion) -> Void

    final class Route: Sendable {
        enum Work: Sendable {
            case sync(Handler)
            case async(AsyncHandler)
            case callback(CallbackHandler)
        }
        let pattern: String
        let method: HTTPMethod
        let maxBodyBytes: Int?
        let work: Work
        /// The names of the pattern's `{name}` components, in order.
        let parameterNames: [String]

        init(pattern: String, method: HTTPMethod, maxBodyBytes: Int?, work: Work) {
            self.pattern = pattern
            self.method = method
            self.maxBodyBytes = maxBodyBytes
            self.work = work
            parameterNames = Router.components(of: pattern).filter { $0.hasPrefix("{") && $0.hasSuffix("}") }.map {
                String($0.dropFirst().dropLast())
            }
        }

        /// Names this route's parameters: `values` are the `{…}` components in order, `rest`
        /// what a final `*` matched.
        func parameters(_ values: [Substring], _ rest: String?) -> [String: String] {
            var parameters: [String: String] = [:]
            for (name, value) in zip(parameterNames, values) { parameters[name] = String(value) }
            if let rest { parameters["*"] = rest }
            return parameters
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
    /// - Parameter maxBodyBytes: this route's body limit in bytes; nil for the server default.
    public func add(method: HTTPMethod, pattern: String, maxBodyBytes: Int? = nil, _ handler: @escaping Handler) {
        insert(Route(pattern: pattern, method: method, maxBodyBytes: maxBodyBytes, work: .sync(handler)))
    }

    /// Registers an asynchronous handler for `method` and `pattern`.
    public func add(
        method: HTTPMethod, pattern: String, maxBodyBytes: Int? = nil, _ handler: @escaping AsyncHandler
    ) {
        insert(Route(pattern: pattern, method: method, maxBodyBytes: maxBodyBytes, work: .async(handler)))
    }

    /// Registers a completion handler for `method` and `pattern`: it runs on the event-loop
    /// thread and answers through its `respond` argument, from any thread, without a task.
    /// - Parameter maxBodyBytes: the route's body limit in bytes; nil for ``ServerConfiguration/maxBodyBytes``.
    public func add(
        method: HTTPMethod, pattern: String, maxBodyBytes: Int? = nil, callback handler: @escaping CallbackHandler
    ) {
        insert(Route(pattern: pattern, method: method, maxBodyBytes: maxBodyBytes, work: .callback(handler)))
    }

    /// Registers a synchronous `GET` handler (runs inline on the connection's event-loop thread). `HEAD` requests are answered by `GET` routes too (without the body).
    /// - Parameter maxBodyBytes: the route's body limit in bytes; nil for ``ServerConfiguration/maxBodyBytes``.
    public func get(_ pattern: String, maxBodyBytes: Int? = nil, _ handler: @escaping Handler) {
        add(method: .get, pattern: pattern, maxBodyBytes: maxBodyBytes, handler)
    }
    /// Registers an asynchronous `GET` handler (runs in a task; responses stay in request order).
    public func get(_ pattern: String, maxBodyBytes: Int? = nil, _ handler: @escaping AsyncHandler) {
        add(method: .get, pattern: pattern, maxBodyBytes: maxBodyBytes, handler)
    }
    /// Registers a synchronous `HEAD` handler (runs inline on the connection's event-loop thread).
    /// - Parameter maxBodyBytes: the route's body limit in bytes; nil for ``ServerConfiguration/maxBodyBytes``.
    public func head(_ pattern: String, maxBodyBytes: Int? = nil, _ handler: @escaping Handler) {
        add(method: .head, pattern: pattern, maxBodyBytes: maxBodyBytes, handler)
    }
    /// Registers an asynchronous `HEAD` handler (runs in a task; responses stay in request order).
    public func head(_ pattern: String, maxBodyBytes: Int? = nil, _ handler: @escaping AsyncHandler) {
        add(method: .head, pattern: pattern, maxBodyBytes: maxBodyBytes, handler)
    }
    /// Registers a synchronous `POST` handler (runs inline on the connection's event-loop thread).
    /// - Parameter maxBodyBytes: the route's body limit in bytes; nil for ``ServerConfiguration/maxBodyBytes``.
    public func post(_ pattern: String, maxBodyBytes: Int? = nil, _ handler: @escaping Handler) {
        add(method: .post, pattern: pattern, maxBodyBytes: maxBodyBytes, handler)
    }
    /// Registers an asynchronous `POST` handler (runs in a task; responses stay in request order).
    public func post(_ pattern: String, maxBodyBytes: Int? = nil, _ handler: @escaping AsyncHandler) {
        add(method: .post, pattern: pattern, maxBodyBytes: maxBodyBytes, handler)
    }
    /// Registers a synchronous `PUT` handler (runs inline on the connection's event-loop thread).
    /// - Parameter maxBodyBytes: the route's body limit in bytes; nil for ``ServerConfiguration/maxBodyBytes``.
    public func put(_ pattern: String, maxBodyBytes: Int? = nil, _ handler: @escaping Handler) {
        add(method: .put, pattern: pattern, maxBodyBytes: maxBodyBytes, handler)
    }
    /// Registers an asynchronous `PUT` handler (runs in a task; responses stay in request order).
    public func put(_ pattern: String, maxBodyBytes: Int? = nil, _ handler: @escaping AsyncHandler) {
        add(method: .put, pattern: pattern, maxBodyBytes: maxBodyBytes, handler)
    }
    /// Registers a synchronous `PATCH` handler (runs inline on the connection's event-loop thread).
    /// - Parameter maxBodyBytes: the route's body limit in bytes; nil for ``ServerConfiguration/maxBodyBytes``.
    public func patch(_ pattern: String, maxBodyBytes: Int? = nil, _ handler: @escaping Handler) {
        add(method: .patch, pattern: pattern, maxBodyBytes: maxBodyBytes, handler)
    }
    /// Registers an asynchronous `PATCH` handler (runs in a task; responses stay in request order).
    public func patch(_ pattern: String, maxBodyBytes: Int? = nil, _ handler: @escaping AsyncHandler) {
        add(method: .patch, pattern: pattern, maxBodyBytes: maxBodyBytes, handler)
    }
    /// Registers a synchronous `DELETE` handler (runs inline on the connection's event-loop thread).
    /// - Parameter maxBodyBytes: the route's body limit in bytes; nil for ``ServerConfiguration/maxBodyBytes``.
    public func delete(_ pattern: String, maxBodyBytes: Int? = nil, _ handler: @escaping Handler) {
        add(method: .delete, pattern: pattern, maxBodyBytes: maxBodyBytes, handler)
    }
    /// Registers an asynchronous `DELETE` handler (runs in a task; responses stay in request order).
    public func delete(_ pattern: String, maxBodyBytes: Int? = nil, _ handler: @escaping AsyncHandler) {
        add(method: .delete, pattern: pattern, maxBodyBytes: maxBodyBytes, handler)
    }

    /// Adds middleware; it runs after the middleware added before it.
    public func use(_ middleware: any HTTPMiddleware) {
        state.write { $0 = Snapshot(root: $0.root, middleware: $0.middleware + [middleware], methods: $0.methods) }
    }

    private func insert(_ route: Route) {
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
        case route(Route, [String: String])
        /// The path exists with other methods.
        case wrongMethod(allowed: [HTTPMethod])
        case notFound
    }

    func match(_ request: HTTPRequest) -> Match {
        let method = request.method
        let root = state.read { $0 }.root
        var values: [Substring] = []
        var rest: String?
        guard let node = root.find(request.pathSegments[...], &values, &rest) else { return .notFound }
        if let route = node.routes[method] ?? (method == .head ? node.routes[.get] : nil) {
            return .route(route, route.parameters(values, rest))
        }
        var allowed = Set(node.routes.keys)
        if allowed.contains(.get) { allowed.insert(.head) }
        allowed.insert(.options)
        return .wrongMethod(allowed: allowed.sorted { $0.rawValue < $1.rawValue })
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

    /// Stores a match in the request: the route (so ``respond(to:)`` need not match again),
    /// its pattern and the path parameters.
    private static func annotate(_ request: inout HTTPRequest, _ route: Route, _ parameters: [String: String]) {
        request.matchedRoute = route
        request.routePattern = route.pattern
        request.parameters = parameters
    }

    /// Runs middleware and the matching handler: a sync handler's response at once, an async
    /// handler as ``HTTPReply/deferred(_:)``, a callback handler as ``HTTPReply/callback(start:finish:)``; thrown errors become problem responses.
    public func respond(to request: HTTPRequest) -> HTTPReply {
        var request = request
        let start = Sys.now()
        let snapshot = state.read { $0 }
        let middleware = snapshot.middleware
        let methods = snapshot.methods

        // Middleware before the handler.
        var passed = 0
        for layer in middleware {
            do {
                if let response = try layer.willHandle(&request) {
                    return .response(Self.finish(response, request, middleware[..<passed], start))
                }
            } catch {
                return .response(Self.finish(Self.response(for: error), request, middleware[..<passed], start))
            }
            passed += 1
        }

        let route: Route
        if let matched = request.matchedRoute, request.routePattern == matched.pattern {
            route = matched
        } else {
            let result = match(request)
            guard case .route(let found, let parameters) = result else {
                let response = Self.unrouted(result, request, methods)
                return .response(Self.finish(response, request, middleware[...], start))
            }
            route = found
            Self.annotate(&request, found, parameters)
        }

        switch route.work {
        case .sync(let handler):
            let response: HTTPResponse
            do { response = try handler(request) } catch { response = Self.response(for: error) }
            return .response(Self.finish(response, request, middleware[...], start))
        case .async(let handler):
            let request = request
            return .deferred {
                let response: HTTPResponse
                do { response = try await handler(request) } catch { response = Self.response(for: error) }
                return Self.finish(response, request, middleware[...], start)
            }
        case .callback(let handler):
            let request = request
            return .callback(
                start: { complete in handler(request, complete) },
                finish: { response in Self.finish(response, request, middleware[...], start) })
        }
    }

    /// The answer when no route takes the request: 501 for a method that no route uses and
    /// RFC 9110 does not define; else 405 with `Allow` (204 for OPTIONS) when the path exists
    /// with other methods, 404 when it does not.
    private static func unrouted(_ match: Match, _ request: HTTPRequest, _ methods: Set<HTTPMethod>) -> HTTPResponse {
        guard methods.contains(request.method) else {
            return .problem(status: .notImplemented, detail: "The method \(request.method) is not implemented.")
        }
        guard case .wrongMethod(let allowed) = match else {
            return .problem(status: .notFound, detail: "No resource at \(request.path).")
        }
        let allow = allowed.map(\.rawValue).joined(separator: ", ")
        if request.method == .options { return HTTPResponse(status: .noContent, headers: ["Allow": allow]) }
        return .problem(
            status: .methodNotAllowed, detail: "\(request.method) is not allowed on \(request.path).",
            headers: ["Allow": allow])
    }

    private static func finish(
        _ response: HTTPResponse, _ request: HTTPRequest, _ layers: ArraySlice<any HTTPMiddleware>, _ start: UInt64
    ) -> HTTPResponse {
        guard !layers.isEmpty else { return response }
        var response = response
        let duration = Double(Sys.now() &- start) / 1e9
        for layer in layers.reversed() { layer.didHandle(request, response: &response, duration: duration) }
        return response
    }

    /// The response for an error thrown by a handler or middleware: its problem for an
    /// ``HTTPError``, else a 500 that does not reveal the error.
    public static func response(for error: any Error) -> HTTPResponse {
        if let error = error as? HTTPError { return error.response }
        return .problem(status: .internalServerError, detail: "The server failed to answer this request.")
    }
}
