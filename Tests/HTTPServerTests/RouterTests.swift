import Foundation
import Platform
import Testing

@testable import HTTPServer

/// Routing, middleware and request helpers, in process (no sockets).
@Suite struct RouterTests {
    private func respond(_ router: Router, _ request: HTTPRequest) async -> InProcessResponse {
        // Nothing here streams a body that throws.
        (try? await InProcessClient(router).send(request))
            ?? InProcessResponse(status: .internalServerError, headers: [:], body: [])
    }

    private func text(_ response: InProcessResponse) -> String { response.text }

    /// A routed request's parameters read by name as a dictionary's would, each `{name}` and
    /// the `*`, after a router's match and after a middleware changes them.
    @Test func parametersReadAndWrittenByName() async {
        let router = Router()
        router.get("/p/{pid}/files/{name}/*") { request in
            var p = request.parameters
            let before = [p["pid"], p["name"], p["*"], p["nope"]].map { $0 ?? "nil" }.joined(separator: ",")
            p["name"] = "renamed"
            p["extra"] = "x"
            p["pid"] = nil
            p["*"] = nil
            return .text(
                before + " | "
                    + p.dictionary.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ","))
        }
        let answer = text(await respond(router, HTTPRequest(target: "/p/mail/files/a%20b/x/y.css")))
        #expect(answer == "mail,a b,x/y.css,nil | extra=x,name=renamed")
        let literal: RouteParameters = ["id": "42", "*": "a/b"]
        #expect(literal["id"] == "42" && literal["*"] == "a/b" && literal["x"] == nil)
        #expect(literal.dictionary == ["id": "42", "*": "a/b"])
        #expect(RouteParameters()["*"] == nil && RouteParameters().dictionary.isEmpty)
    }

    /// What a dictionary filled in the pattern's order held: a repeated name has its last
    /// place's value, a trailing `*` wins over a `{*}`, and setting replaces or removes every
    /// value of a name.
    @Test func parametersOfRepeatedNamesAreTheLastPlaces() async {
        let router = Router()
        router.get("/a/{id}/b/{id}") { request in
            var p = request.parameters
            let read = (p["id"] ?? "nil") + " " + (p.dictionary["id"] ?? "nil")
            p["id"] = "3"
            p["id"] = "4"
            let set = (p["id"] ?? "nil") + " \(p.dictionary.count)"
            p["id"] = nil
            p["absent"] = nil
            return .text(read + " | " + set + " | " + (p["id"] ?? "nil") + " \(p.dictionary.count)")
        }
        router.get("/s/{*}") { .text($0.parameters["*"] ?? "nil") }
        router.get("/t/{*}/*") { .text($0.parameters["*"] ?? "nil") }
        #expect(text(await respond(router, HTTPRequest(target: "/a/1/b/2"))) == "2 2 | 4 1 | nil 0")
        #expect(text(await respond(router, HTTPRequest(target: "/s/x"))) == "x")
        #expect(text(await respond(router, HTTPRequest(target: "/t/x/y/z"))) == "y/z")
    }

    @Test func parametersWildcardsAndPrecedence() async {
        let router = Router()
        router.get("/p/{id}") { .text("p:" + ($0.parameters["id"] ?? "")) }
        router.get("/p/new") { _ in .text("new") }
        router.get("/p/{id}/board") { .text("board:" + ($0.parameters["id"] ?? "")) }
        router.get("/api/sessions/{sid}/actions") { .text("actions:" + ($0.parameters["sid"] ?? "")) }
        router.get("/public/*") { .text("file:" + ($0.parameters["*"] ?? "")) }
        router.get("/") { _ in .text("root") }
        router.get("/p/{pid}/shares/{share}") {
            .text("share:" + ($0.parameters["pid"] ?? "?") + "/" + ($0.parameters["share"] ?? "?"))
        }
        #expect(text(await respond(router, HTTPRequest(target: "/p/42"))) == "p:42")
        #expect(text(await respond(router, HTTPRequest(target: "/p/new"))) == "new")
        #expect(text(await respond(router, HTTPRequest(target: "/p/new/board"))) == "board:new")
        #expect(text(await respond(router, HTTPRequest(target: "/p/a%20b"))) == "p:a b")
        #expect(text(await respond(router, HTTPRequest(target: "/api/sessions/s1/actions"))) == "actions:s1")
        // An encoded slash is data (RFC 3986 §2.2): it stays inside its segment, decoded there,
        // and a double-encoded one is a different value.
        #expect(text(await respond(router, HTTPRequest(target: "/p/a%2Fb"))) == "p:a/b")
        #expect(text(await respond(router, HTTPRequest(target: "/p/new%2fboard"))) == "p:new/board")
        #expect(text(await respond(router, HTTPRequest(target: "/p/a%252Fb"))) == "p:a%2Fb")
        #expect(await respond(router, HTTPRequest(target: "/api/sessions/s1%2Factions")).status == .notFound)
        #expect(text(await respond(router, HTTPRequest(target: "/public/css/app.css"))) == "file:css/app.css")
        #expect(text(await respond(router, HTTPRequest(target: "/public/"))) == "file:")
        // Empty segments are left out, before and inside what `*` takes, encoded or not.
        #expect(text(await respond(router, HTTPRequest(target: "//public//css//app.css/"))) == "file:css/app.css")
        #expect(text(await respond(router, HTTPRequest(target: "/public/a%20b//c"))) == "file:a b/c")
        #expect(text(await respond(router, HTTPRequest(target: "/public/a%2Fb/c"))) == "file:a/b/c")
        #expect(text(await respond(router, HTTPRequest(target: "//p///42/"))) == "p:42")
        #expect(text(await respond(router, HTTPRequest(target: "/"))) == "root")
        // Each route names its own parameters, even where patterns share a position.
        #expect(text(await respond(router, HTTPRequest(target: "/p/7/shares/s9"))) == "share:7/s9")
        #expect(await respond(router, HTTPRequest(target: "/p")).status == .notFound)
        #expect(await respond(router, HTTPRequest(target: "/p/1/board/x")).status == .notFound)
    }

    /// A literal matches the same UTF-8 bytes, with no Unicode normalization, whether the
    /// path came encoded or not: `é` as one scalar is not `e` with a combining accent.
    @Test func literalsMatchTheirBytesWithoutNormalization() async {
        let router = Router()
        router.get("/caf\u{E9}") { _ in .text("literal") }
        router.get("/{p}") { .text("p:" + ($0.parameters["p"] ?? "")) }
        router.get("/files/*") { .text("rest:" + ($0.parameters["*"] ?? "")) }
        router.get("/A\u{30A}") { _ in .text("ring") }
        #expect(text(await respond(router, HTTPRequest(target: "/caf%C3%A9"))) == "literal")
        #expect(text(await respond(router, HTTPRequest(target: "/cafe%CC%81"))) == "p:cafe\u{301}")
        #expect(text(await respond(router, HTTPRequest(target: "/cafe\u{301}"))) == "p:cafe\u{301}")
        // The Ångström sign (U+212B) is canonically equivalent to A with a ring above, in as
        // many bytes: still another component.
        #expect(text(await respond(router, HTTPRequest(target: "/A%CC%8A"))) == "ring")
        #expect(text(await respond(router, HTTPRequest(target: "/%E2%84%AB"))) == "p:\u{212B}")
        // What `*` takes keeps its bytes too, encoded slashes inside their segments.
        #expect(text(await respond(router, HTTPRequest(target: "/files/a%2Fb//e%CC%81"))) == "rest:a/b/e\u{301}")
    }

    @Test func methodsHeadAndOptions() async {
        let router = Router()
        router.get("/thing") { _ in .text("get") }
        router.put("/thing") { _ in .html("put") }
        router.add(method: HTTPMethod("PROPFIND"), pattern: "/dav") { _ in .text("dav") }
        // HEAD is answered by the GET route (without the body, as the server sends it).
        let head = await respond(router, HTTPRequest(method: .head, target: "/thing"))
        #expect(head.status == .ok && head.headers["content-type"]?.hasPrefix("text/plain") == true)
        #expect(head.body.isEmpty)
        let wrong = await respond(router, HTTPRequest(method: .post, target: "/thing"))
        #expect(wrong.status == .methodNotAllowed)
        #expect(wrong.headers["allow"] == "GET, HEAD, OPTIONS, PUT")
        #expect(await respond(router, HTTPRequest(method: .options, target: "/thing")).status == .noContent)
        #expect(text(await respond(router, HTTPRequest(method: HTTPMethod("PROPFIND"), target: "/dav"))) == "dav")
        #expect(await respond(router, HTTPRequest(method: HTTPMethod("BREW"), target: "/thing")).status.code == 501)
    }

    @Test func syncAndAsyncOverloadsAreChosenByTheClosure() {
        let router = Router()
        router.get("/sync") { _ in .text("s") }
        router.get("/async") { _ in
            await Task.yield()
            return .text("a")
        }
        if case .response = router.respond(to: HTTPRequest(target: "/sync")) {
        } else {
            Issue.record("a closure without await should register a sync handler")
        }
        if case .deferred = router.respond(to: HTTPRequest(target: "/async")) {
        } else {
            Issue.record("a closure with await should register an async handler")
        }
    }

    @Test func callbackHandlersAnswerThroughMiddleware() async {
        final class Seen: HTTPMiddleware, @unchecked Sendable {
            let statuses = Locked<[Int]>([])
            func didHandle(_ request: HTTPRequest, response: inout HTTPResponse, duration: Double) {
                statuses.withLock { $0.append(response.status.code) }
                response.headers.add(name: "X-Seen", value: "yes")
            }
        }
        let seen = Seen()
        let router = Router()
        router.use(seen)
        router.add(
            method: .post, pattern: "/later/{n}",
            callback: { request, respond in
                let n = request.parameters["n"] ?? ""
                DispatchQueue.global().async { respond(.text("later \(n)", status: .accepted)) }
            })
        var request = HTTPRequest(method: .post, target: "/later/7")
        _ = router.bodyLimit(for: &request)
        guard case .callback = router.respond(to: request) else {
            Issue.record("a callback route should answer with .callback")
            return
        }
        let response = await respond(router, request)
        #expect(text(response) == "later 7")
        #expect(response.status == .accepted)
        // The middleware saw the response that arrived later, and could change it.
        #expect(response.headers["x-seen"] == "yes")
        #expect(seen.statuses.withLock { $0 } == [202])
    }

    @Test func perRouteBodyLimitsAreKnownBeforeTheBody() {
        let router = Router()
        router.post("/upload", maxBodyBytes: 5 << 20) { _ in .text("ok") }
        router.post("/tiny", maxBodyBytes: 10) { _ in .text("ok") }
        router.post("/default") { _ in .text("ok") }
        var upload = HTTPRequest(method: .post, target: "/upload")
        #expect(router.bodyLimit(for: &upload) == 5 << 20)
        #expect(upload.routePattern == "/upload")
        var tiny = HTTPRequest(method: .post, target: "/tiny")
        #expect(router.bodyLimit(for: &tiny) == 10)
        var other = HTTPRequest(method: .post, target: "/default")
        #expect(router.bodyLimit(for: &other) == nil)
    }

    struct Auth: HTTPMiddleware {
        func willHandle(_ request: inout HTTPRequest) throws -> HTTPResponse? {
            if request.path.hasPrefix("/open") { return nil }
            guard let header = request.headers["authorization"] else {
                return .problem(status: .unauthorized, headers: ["WWW-Authenticate": "Bearer"])
            }
            guard header == "Bearer good" else { throw HTTPError(.forbidden, detail: "bad token") }
            request.headers["X-User"] = "owner"
            return nil
        }
    }

    final class Recorder: HTTPMiddleware, @unchecked Sendable {
        let lines = Locked<[String]>([])
        func didHandle(_ request: HTTPRequest, response: inout HTTPResponse, duration: Double) {
            response.headers["X-Recorded"] = "yes"
            lines.withLock { $0.append("\(request.routePattern ?? "-") \(response.status.code)") }
        }
    }

    @Test func middlewareWrapsSyncAndAsyncHandlers() async {
        let router = Router()
        let recorder = Recorder()
        let calls = Locked(0)
        router.use(recorder)
        router.use(Auth())
        router.get("/private") { request in
            calls.withLock { $0 += 1 }
            return .text(request.headers["x-user"] ?? "?")
        }
        router.get("/private-async") { request in
            await Task.yield()
            calls.withLock { $0 += 1 }
            return .text(request.headers["x-user"] ?? "?")
        }
        router.get("/open") { _ in .text("open") }

        let anonymous = await respond(router, HTTPRequest(target: "/private"))
        #expect(anonymous.status == .unauthorized)
        #expect(anonymous.headers["www-authenticate"] == "Bearer")
        #expect(anonymous.headers["x-recorded"] == "yes")
        let forbidden = await respond(
            router, HTTPRequest(target: "/private-async", headers: ["Authorization": "Bearer bad"]))
        #expect(forbidden.status == .forbidden)
        #expect(calls.withLock { $0 } == 0)

        let ok = await respond(router, HTTPRequest(target: "/private", headers: ["Authorization": "Bearer good"]))
        #expect(text(ok) == "owner")
        let okAsync = await respond(
            router, HTTPRequest(target: "/private-async", headers: ["Authorization": "Bearer good"]))
        #expect(text(okAsync) == "owner")
        #expect(okAsync.headers["x-recorded"] == "yes")
        #expect(calls.withLock { $0 } == 2)
        #expect(
            await respond(router, HTTPRequest(target: "/nowhere", headers: ["Authorization": "Bearer good"])).status
                == .notFound)
        #expect(
            recorder.lines.withLock { $0 } == [
                "/private 401", "/private-async 403", "/private 200", "/private-async 200", "- 404",
            ])
    }

    @Test func metricsInPrometheusFormat() async {
        let router = Router()
        let metrics = Metrics(buckets: [0.001, 0.1])
        router.use(metrics)
        router.get("/p/{id}") { _ in .text("x") }
        for id in ["1", "2", "3"] { _ = await respond(router, HTTPRequest(target: "/p/\(id)")) }
        _ = await respond(router, HTTPRequest(target: "/missing/\"quoted\""))
        let text = metrics.prometheusText()
        #expect(text.contains("# TYPE http_requests_total counter"))
        #expect(text.contains("http_requests_total{method=\"GET\",route=\"/p/{id}\",status=\"200\"} 3"))
        #expect(text.contains("http_requests_total{method=\"GET\",route=\"unmatched\",status=\"404\"} 1"))
        #expect(text.contains("http_request_duration_seconds_bucket{route=\"/p/{id}\",le=\"+Inf\"} 3"))
        #expect(text.contains("http_request_duration_seconds_count{route=\"/p/{id}\"} 3"))
        #expect(text.contains("# TYPE http_request_duration_seconds histogram"))
        // Every sample line is `name{labels} value`.
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            #expect(line.split(separator: " ").count == 2, "\(line)")
        }
    }

    /// Metrics finds a series among its last four without hashing, the others through its
    /// dictionaries: interleaving more series than that, with equal route strings made anew
    /// each time, counts each one in its own sample.
    @Test func metricsCountEverySeriesWhenManyInterleave() {
        let metrics = Metrics(buckets: [0.001, 0.1])
        var expected: [String: Int] = [:]
        for round in 0..<30 {
            for route in 0..<7 where route <= round % 8 {
                let status = route % 3 == 0 ? 404 : 200
                let method: HTTPMethod = route == 5 ? .post : .get
                metrics.record(
                    method: method, route: "/r/\(route)/" + String(repeating: "x", count: route * 4),
                    status: status, duration: route == 6 ? 0.05 : 0.0005)
                let labels =
                    "method=\"\(method.rawValue)\",route=\"/r/\(route)/\(String(repeating: "x", count: route * 4))\""
                expected[labels + ",status=\"\(status)\"", default: 0] += 1
            }
        }
        let text = metrics.prometheusText()
        for (labels, count) in expected {
            #expect(text.contains("http_requests_total{\(labels)} \(count)\n"), "\(labels) \(count)")
        }
        #expect(text.components(separatedBy: "http_requests_total{").count - 1 == expected.count)
        let six = expected.first { $0.key.contains("/r/6/") }!.value
        #expect(
            text.contains(
                "http_request_duration_seconds_bucket{route=\"/r/6/\(String(repeating: "x", count: 24))\",le=\"0.001\"} 0\n"
            ))
        #expect(
            text.contains(
                "http_request_duration_seconds_bucket{route=\"/r/6/\(String(repeating: "x", count: 24))\",le=\"0.1\"} \(six)\n"
            ))
        #expect(text.contains("http_request_duration_seconds_bucket{route=\"/r/0/\",le=\"0.001\"} 30\n"))
    }

    @Test func queryItemsAndCookies() {
        let request = HTTPRequest(
            target: "/p/1?device=iphone%2015&orientation=landscape&flag&a=1&a=2&plus=a+b&bad=%zz",
            headers: HTTPHeaders([("Cookie", "theme=dark; session=\"abc\""), ("cookie", "other=1; spaced \t=\t value")])
        )
        #expect(request.path == "/p/1")
        #expect(request.query("device") == "iphone 15")
        #expect(request.query("flag") == "")
        #expect(request.query("a") == "1")
        #expect(request.query("plus") == "a b")
        #expect(request.query("bad") == "%zz")
        #expect(request.query("missing") == nil)
        #expect(request.queryItems.count == 7)
        #expect(request.cookie("session") == "abc")
        #expect(request.cookie("theme") == "dark")
        #expect(request.cookie("other") == "1")
        #expect(request.cookie("none") == nil)
        #expect(request.cookie("spaced") == "value")
        #expect(request.headers.values("COOKIE").count == 2)
        #expect(request.rawTarget.hasPrefix("/p/1?device"))
        var rewritten = request
        rewritten.rawTarget = "/q?x=%C3%A9&y"
        #expect(rewritten.rawTarget == "/q?x=%C3%A9&y")
        #expect(rewritten.query("x") == "é")
        #expect(rewritten.queryItems.count == 2)
    }

    @Test func headersAreCaseInsensitiveAndSanitised() {
        var headers: HTTPHeaders = ["Content-Type": "text/plain"]
        headers.add(name: "Set-Cookie", value: "a=1")
        headers.add(name: "set-cookie", value: "b=2")
        #expect(headers["content-type"] == "text/plain")
        #expect(headers["CONTENT-TYPE"] == "text/plain")
        #expect(headers.values("Set-Cookie") == ["a=1", "b=2"])
        headers["content-type"] = "text/html"
        #expect(headers.values("Content-Type") == ["text/html"])
        headers["Content-Type"] = nil
        #expect(!headers.contains("content-type"))
        headers.add(name: "X-Bad\r\nName", value: "v\r\nInjected: 1")
        #expect(headers["X-BadName"] == "v  Injected: 1")
        #expect(headers.count == 3)
    }

    @Test func defaultFieldsAreAddedOnlyWhereMissing() {
        // A parsed head keeps ": " between name and value; the defaults' fields are copied whole.
        let head = Array("x-frame-options: DENY\r\nContent-Type: Text/HTML; charset=utf-8\r\n".utf8)
        var headers = HTTPHeaders(
            bytes: head,
            fields: [
                .init(nameStart: 0, nameEnd: 15, valueStart: 17, valueEnd: 21),
                .init(nameStart: 23, nameEnd: 35, valueStart: 37, valueEnd: 61),
            ])
        let defaults: HTTPHeaders = ["X-Frame-Options": "SAMEORIGIN", "Referrer-Policy": "no-referrer", "A": "1"]
        headers.addMissing(defaults)
        #expect(headers.values("X-Frame-Options") == ["DENY"])
        #expect(headers["referrer-policy"] == "no-referrer")
        #expect(headers["a"] == "1")
        #expect(headers.count == 4)
        headers.addMissing(defaults)
        #expect(headers.count == 4)
        // Through the response head's writer, as the server sends them.
        let space = UnsafeMutableRawBufferPointer.allocate(byteCount: headers.encodedCount(), alignment: 1)
        defer { space.deallocate() }
        var writer = HeadWriter(space.baseAddress!)
        headers.encode(into: &writer)
        #expect(writer.count == headers.encodedCount())
        let out = Array(UnsafeRawBufferPointer(start: space.baseAddress, count: writer.count))
        #expect(
            String(decoding: out, as: UTF8.self)
                == "x-frame-options: DENY\r\nContent-Type: Text/HTML; charset=utf-8\r\nReferrer-Policy: no-referrer\r\nA: 1\r\n"
        )
        #expect(headers.value(of: "content-type", hasPrefix: "text/html"))
        // Fields that end with the defaults as they are (a prebuilt block) have them all; ones
        // that end with the same names spelt otherwise have them too, and get no second copy.
        var prebuilt: HTTPHeaders = ["Content-Type": "text/plain"]
        prebuilt.addMissing(defaults)
        prebuilt.addMissing(defaults)
        #expect(prebuilt.count == 4 && prebuilt["a"] == "1")
        var respelt: HTTPHeaders = ["x-frame-options": "SAMEORIGIN", "referrer-policy": "no-referrer", "a": "1"]
        respelt.addMissing(defaults)
        #expect(respelt.count == 3 && respelt.values("X-Frame-Options") == ["SAMEORIGIN"])
        var shorter: HTTPHeaders = ["Referrer-Policy": "no-referrer", "A": "1"]
        shorter.addMissing(defaults)
        #expect(shorter.count == 3 && shorter["x-frame-options"] == "SAMEORIGIN")
        #expect(!headers.value(of: "content-type", hasPrefix: "text/htmlx; charset=utf-8-and-more"))
        #expect(!headers.value(of: "content-type", hasPrefix: "text/plain"))
        #expect(!headers.value(of: "accept", hasPrefix: ""))
        #expect(HTTPRequest(target: "/", headers: ["Authorization": "bEaReR abc"]).hasBearerAuthorization)
        #expect(!HTTPRequest(target: "/", headers: ["Authorization": "Bearer"]).hasBearerAuthorization)
        #expect(!HTTPRequest(target: "/", headers: ["Authorization": "Basic abc"]).hasBearerAuthorization)
    }

    @Test func problemJSONIsEscaped() throws {
        let response = HTTPResponse.problem(
            status: .conflict, title: "Rule \"x\"", detail: "line1\nline2\u{01}\\", type: "/rules#a",
            extensions: [("rule", "\"popover.no-modal-over\"")])
        guard case .bytes(let bytes) = response.body else {
            Issue.record("a problem response has its JSON in memory, not \(response.body)")
            return
        }
        let object = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
        #expect(object?["title"] as? String == "Rule \"x\"")
        #expect(object?["detail"] as? String == "line1\nline2\u{01}\\")
        #expect(object?["status"] as? Int == 409)
        #expect(object?["type"] as? String == "/rules#a")
        #expect(object?["rule"] as? String == "popover.no-modal-over")
        #expect(response.headers["content-type"] == "application/problem+json")
    }

    @Test func httpDates() {
        #expect(HTTPDate.string(784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == 784_111_777)
        #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT") == nil)
        for seconds in [0, 951_782_400, 1_700_000_000, 4_102_444_799] {
            #expect(HTTPDate.parse(HTTPDate.string(seconds)) == seconds)
        }
    }

    @Test func staticPathSafety() {
        for safe in ["a", "a/b.css", "a.b/c", "x..y", "a/b/c.min.js", "é.txt"] {
            #expect(StaticFiles.isSafe(safe), "\(safe)")
        }
        for unsafe in [
            "", "/", "a/", "/a", "a//b", ".", "..", "../a", "a/..", "a/../b", ".hidden", "a/.git/x", "a\\b", "a\u{0}b",
        ] {
            #expect(!StaticFiles.isSafe(unsafe), "\(unsafe)")
        }
    }

    @Test func staticValidatorsIgnoreSurroundingWhitespace() {
        #expect(EntityTags.field(" \"a\" ,\tW/\"b\"\t", matches: "\"b\"", weak: true))
        #expect(!EntityTags.field(" \"a\" ,\tW/\"b\"\t", matches: "\"b\"", weak: false))
        #expect(StaticFiles.parseRange(" \tbytes= 2-5\t ", size: 19) == .range(2, 5))
        #expect(StaticFiles.parseRange("bytes= -3 ", size: 19) == .range(16, 18))
    }

    @Test func chunkSizesAreLowercaseHex() {
        for value in [0, 1, 9, 10, 15, 16, 255, 256, 0xABC, 65_536, 1 << 20, Int.max] {
            var out: [UInt8] = []
            appendHex(value, to: &out)
            #expect(String(decoding: out, as: UTF8.self) == String(value, radix: 16))
        }
    }

    @Test func serverSentEventFormat() {
        let bytes = ServerSentEvents.format(event: "reload", data: "a\nb\r\nc", id: "7\n", retry: 1000)
        #expect(
            String(decoding: bytes, as: UTF8.self) == "event: reload\nid: 7\nretry: 1000\ndata: a\ndata: b\ndata: c\n\n"
        )
    }
}
