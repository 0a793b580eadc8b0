import Foundation
import Platform
import Testing

@testable import HTTPServer

/// Route groups, errors that carry their response, the in-process client and the origin
/// check, in process (no sockets).
@Suite struct RouterGroupTests {
    private func send(_ router: Router, _ request: HTTPRequest) async throws -> InProcessResponse {
        try await InProcessClient(router).send(request)
    }

    /// Records the order in which hooks run.
    final class Trace: HTTPMiddleware, @unchecked Sendable {
        let name: String
        let log: Locked<[String]>
        init(_ name: String, _ log: Locked<[String]>) {
            self.name = name
            self.log = log
        }
        func willHandle(_ request: inout HTTPRequest) throws -> HTTPResponse? {
            log.withLock { $0.append("will \(name)") }
            return nil
        }
        func didHandle(_ request: HTTPRequest, response: inout HTTPResponse, duration: Double) {
            log.withLock { $0.append("did \(name) \(response.status.code)") }
        }
    }

    struct Teapot: HTTPResponseError {
        var response: HTTPResponse {
            .text("short and stout", status: HTTPStatus(code: 418, reasonPhrase: "I'm a teapot"))
        }
    }

    struct Opaque: Error {}

    /// Refuses requests without `X-Key: k`, by throwing.
    struct RequireKey: HTTPMiddleware {
        func willHandle(_ request: inout HTTPRequest) throws -> HTTPResponse? {
            guard request.headers["x-key"] == "k" else { throw HTTPError(.unauthorized, detail: "no key") }
            return nil
        }
    }

    /// Renders every error as `rendered: <status>` text.
    struct Renderer: HTTPMiddleware {
        let label: String
        func response(for error: any Error, to request: HTTPRequest) -> HTTPResponse? {
            .text("\(label): \(Router.response(for: error).status.code)", status: Router.response(for: error).status)
        }
    }

    @Test func groupMiddlewareRunsOnlyForItsRoutesInsideTheRouters() async throws {
        let log = Locked<[String]>([])
        let router = Router()
        router.use(Trace("router", log))
        let group = router.group(Trace("group", log), RequireKey())
        group.get("/private") { _, _ in .text("private") }
        group.get("/later") { _, _ in
            await Task.yield()
            return .text("later")
        }
        router.get("/open") { _ in .text("open") }

        #expect(try await send(router, HTTPRequest(target: "/open")).text == "open")
        #expect(log.withLock { $0 } == ["will router", "did router 200"])
        log.withLock { $0 = [] }
        let refused = try await send(router, HTTPRequest(target: "/private"))
        #expect(refused.status == .unauthorized)
        #expect(log.withLock { $0 } == ["will router", "will group", "did group 401", "did router 401"])
        log.withLock { $0 = [] }
        let ok = try await send(router, HTTPRequest(target: "/later", headers: ["X-Key": "k"]))
        #expect(ok.text == "later")
        #expect(log.withLock { $0 } == ["will router", "will group", "did group 200", "did router 200"])
        // A refusal by a group's middleware needs no task, even for an async route.
        var request = HTTPRequest(target: "/later")
        _ = router.bodyLimit(for: &request)
        guard case .response(let answer) = router.respond(to: request) else {
            Issue.record("a request refused by middleware should be answered at once")
            return
        }
        #expect(answer.status == .unauthorized)
        // Unmatched requests see the router's middleware only.
        log.withLock { $0 = [] }
        #expect(try await send(router, HTTPRequest(target: "/nowhere")).status == .notFound)
        #expect(log.withLock { $0 } == ["will router", "did router 404"])
    }

    @Test func aGroupsContextReachesItsHandlersAndRefusesBeforeThem() async throws {
        let router = Router()
        let calls = Locked(0)
        let users = router.group(context: { request -> String in
            guard let user = request.headers["x-user"] else { throw HTTPError(.unauthorized, detail: "who?") }
            return user
        })
        users.get("/me") { _, user in
            calls.withLock { $0 += 1 }
            return .text("me: \(user)")
        }
        users.get("/me-later") { _, user in
            await Task.yield()
            calls.withLock { $0 += 1 }
            return .text("later: \(user)")
        }
        users.add(
            method: .post, pattern: "/me-callback",
            callback: { _, user, respond in
                DispatchQueue.global().async { respond(.text("callback: \(user)")) }
            })
        // A refinement: only admins, and they get their name in capitals.
        let admins = users.group(prefix: "/admin") { _, user -> String in
            guard user.hasPrefix("admin") else { throw HTTPError(.forbidden, detail: "\(user) is no admin") }
            return user.uppercased()
        }
        admins.get("/panel") { _, admin in .text("panel of \(admin)") }

        let ann: HTTPHeaders = ["X-User": "ann"]
        #expect(try await send(router, HTTPRequest(target: "/me", headers: ann)).text == "me: ann")
        #expect(try await send(router, HTTPRequest(target: "/me-later", headers: ann)).text == "later: ann")
        #expect(
            try await send(router, HTTPRequest(method: .post, target: "/me-callback", headers: ann)).text
                == "callback: ann")
        #expect(calls.withLock { $0 } == 2)
        for target in ["/me", "/me-later"] {
            #expect(try await send(router, HTTPRequest(target: target)).status == .unauthorized)
        }
        #expect(try await send(router, HTTPRequest(method: .post, target: "/me-callback")).status == .unauthorized)
        #expect(calls.withLock { $0 } == 2, "no handler runs for a request its context refuses")
        #expect(try await send(router, HTTPRequest(target: "/admin/panel", headers: ann)).status == .forbidden)
        let admin = try await send(router, HTTPRequest(target: "/admin/panel", headers: ["X-User": "admin-bo"]))
        #expect(admin.text == "panel of ADMIN-BO")
        // The context is made on the event loop: an async route it refuses starts no task.
        var request = HTTPRequest(target: "/me-later")
        _ = router.bodyLimit(for: &request)
        if case .deferred = router.respond(to: request) { Issue.record("a refused request should not start a task") }
    }

    @Test func errorsAnswerWithTheirResponseOrAreRenderedInnermostFirst() async throws {
        let router = Router()
        router.get("/teapot") { _ in throw Teapot() }
        router.get("/teapot-later") { _ in
            await Task.yield()
            throw Teapot()
        }
        router.get("/opaque") { _ in throw Opaque() }
        let pages = router.group(Renderer(label: "outer"))
        let inner = pages.group(Renderer(label: "inner"), RequireKey())
        pages.get("/page") { _, _ in throw HTTPError(.notFound) }
        inner.get("/inner") { _, _ in throw Teapot() }

        let teapot = try await send(router, HTTPRequest(target: "/teapot"))
        #expect(teapot.status.code == 418 && teapot.text == "short and stout")
        #expect(try await send(router, HTTPRequest(target: "/teapot-later")).status.code == 418)
        let opaque = try await send(router, HTTPRequest(target: "/opaque"))
        #expect(opaque.status == .internalServerError)
        #expect(!opaque.text.contains("Opaque"), "the error itself is not revealed")
        #expect(try await send(router, HTTPRequest(target: "/page")).text == "outer: 404")
        // The inner group's renderer sees errors of its middleware and its handlers first.
        #expect(try await send(router, HTTPRequest(target: "/inner")).text == "inner: 401")
        #expect(try await send(router, HTTPRequest(target: "/inner", headers: ["X-Key": "k"])).text == "inner: 418")
    }

    @Test func prefixesJoinWithSingleSlashes() async throws {
        #expect(RouterGroup<Void>.join("/api", "logs") == "/api/logs")
        #expect(RouterGroup<Void>.join("/api/", "/logs/") == "/api/logs")
        #expect(RouterGroup<Void>.join("/api", "/") == "/api")
        #expect(RouterGroup<Void>.join("", "") == "/")
        #expect(RouterGroup<Void>.join("/", "/p/{id}") == "/p/{id}")
        let router = Router()
        let api = router.group(prefix: "/api")
        let logs = api.group(prefix: "logs")
        logs.get("/{format}") { request, _ in
            .text("\(request.routePattern ?? "-") \(request.parameters["format"] ?? "")")
        }
        api.get("/") { _, _ in .text("api") }
        #expect(try await send(router, HTTPRequest(target: "/api/logs/csv")).text == "/api/logs/{format} csv")
        #expect(try await send(router, HTTPRequest(target: "/api")).text == "api")
    }

    @Test func theInProcessClientCollectsStreamsAndDropsHeadBodies() async throws {
        let router = Router()
        router.get("/stream") { _ in
            HTTPResponse(
                body: .stream { writer in
                    for i in 0..<3 { try await writer.write(Array("chunk \(i);".utf8)) }
                })
        }
        router.get("/text") { _ in .text("body") }
        #expect(try await send(router, HTTPRequest(target: "/stream")).text == "chunk 0;chunk 1;chunk 2;")
        let head = try await send(router, HTTPRequest(method: .head, target: "/text"))
        #expect(head.status == .ok && head.body.isEmpty)
    }
}

/// The origin check, as Go's `CrossOriginProtection` tests it, with the server's own origins.
@Suite struct CrossOriginProtectionTests {
    private func status(
        _ protection: CrossOriginProtection, _ method: HTTPMethod = .post, _ headers: [(String, String)]
    ) -> Int {
        var request = HTTPRequest(method: method, target: "/api/x", headers: HTTPHeaders(headers))
        do {
            return try protection.willHandle(&request) == nil ? 200 : 0
        } catch {
            return Router.response(for: error).status.code
        }
    }

    @Test func stateChangingRequestsFromOtherOriginsAreRefused() throws {
        let p = CrossOriginProtection()
        try p.addTrustedOrigin("http://127.0.0.1:8080/")
        try p.addTrustedOrigin("HTTPS://ModalLab.Example.org:443")
        #expect(Set(p.trustedOrigins) == ["http://127.0.0.1:8080", "https://modallab.example.org"])
        let own = ("Host", "127.0.0.1:8080")
        let cases: [(String, HTTPMethod, [(String, String)], Int)] = [
            ("own origin", .post, [own, ("Origin", "http://127.0.0.1:8080")], 200),
            ("public origin behind a proxy", .post, [("Host", "x"), ("Origin", "https://modallab.example.org")], 200),
            ("another port of the same host", .post, [own, ("Origin", "http://127.0.0.1:9999")], 403),
            ("another scheme", .post, [own, ("Origin", "https://127.0.0.1:8080")], 200),  // loopback Host, see below
            ("null origin", .post, [own, ("Origin", "null")], 403),
            ("same-site fetch", .delete, [own, ("Sec-Fetch-Site", "same-site")], 403),
            ("cross-site fetch", .put, [own, ("Sec-Fetch-Site", "cross-site")], 403),
            ("same-origin fetch", .patch, [own, ("Sec-Fetch-Site", "same-origin")], 200),
            // A browser's cross-site word stands beside its own origin's name: no browser sends
            // the pair, and a request that does is refused.
            (
                "cross-site fetch, own origin", .post,
                [own, ("Origin", "http://127.0.0.1:8080"), ("Sec-Fetch-Site", "cross-site")], 403
            ),
            (
                "own origin, same-origin fetch", .post,
                [own, ("Origin", "http://127.0.0.1:8080"), ("Sec-Fetch-Site", "same-origin")], 200
            ),
            // RFC 6454 §7.3: one Origin at most, whichever comes first.
            (
                "two origins", .post, [own, ("Origin", "http://127.0.0.1:8080"), ("Origin", "https://evil.example")],
                400
            ),
            (
                "two origins, other order", .post,
                [own, ("Origin", "https://evil.example"), ("Origin", "http://127.0.0.1:8080")], 400
            ),
            ("user-initiated", .post, [own, ("Sec-Fetch-Site", "none")], 200),
            ("neither header: curl", .post, [own], 200),
            (
                "bearer from anywhere", .post, [own, ("Origin", "http://evil.example"), ("Authorization", "Bearer t")],
                200
            ),
            ("GET is safe", .get, [own, ("Origin", "http://evil.example"), ("Sec-Fetch-Site", "cross-site")], 200),
            ("HEAD is safe", .head, [own, ("Sec-Fetch-Site", "cross-site")], 200),
            ("OPTIONS is safe", .options, [own, ("Origin", "http://evil.example")], 200),
            // A loopback name the server answers to: its own pages send it as their origin.
            ("localhost", .post, [("Host", "localhost:8080"), ("Origin", "http://localhost:8080")], 200),
            ("localhost, other port", .post, [("Host", "localhost:8080"), ("Origin", "http://localhost:9999")], 403),
            ("IPv6 loopback", .post, [("Host", "[::1]:8080"), ("Origin", "http://[::1]:8080")], 200),
            ("127.0.0.2", .post, [("Host", "127.0.0.2:8080"), ("Origin", "http://127.0.0.2:8080")], 200),
            ("*.localhost", .post, [("Host", "a.localhost:8080"), ("Origin", "http://a.localhost:8080")], 200),
            // DNS rebinding: a page whose name resolves to 127.0.0.1 names itself as Host too.
            ("rebinding", .post, [("Host", "evil.example:8080"), ("Origin", "http://evil.example:8080")], 403),
            (
                "not loopback", .post,
                [("Host", "127.0.0.1.evil.example"), ("Origin", "http://127.0.0.1.evil.example")], 403
            ),
            (
                "Origin wins over Sec-Fetch-Site", .post,
                [own, ("Origin", "http://x:1"), ("Sec-Fetch-Site", "same-origin")], 403
            ),
        ]
        for (name, method, headers, expected) in cases {
            #expect(status(p, method, headers) == expected, "\(name)")
        }
    }

    @Test func theRefusalNamesTheOriginItSaw() throws {
        var request = HTTPRequest(
            method: .post, target: "/", headers: ["Host": "127.0.0.1:8080", "Origin": "http://127.0.0.1:9999"])
        #expect {
            _ = try CrossOriginProtection().willHandle(&request)
        } throws: { error in
            let response = Router.response(for: error)
            guard case .bytes(let body) = response.body else { return false }
            return response.status == .forbidden
                && String(decoding: body, as: UTF8.self).contains("http://127.0.0.1:9999")
        }
        #expect(throws: HTTPError.self) { try CrossOriginProtection().addTrustedOrigin("http://a/b") }
        #expect(throws: HTTPError.self) { try CrossOriginProtection().addTrustedOrigin("ftp://a") }
        #expect(throws: HTTPError.self) { try CrossOriginProtection().addTrustedOrigin("https://") }
    }
}
