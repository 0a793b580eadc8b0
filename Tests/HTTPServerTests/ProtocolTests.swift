import Foundation
import Platform
import TestSupport
import Testing

@testable import HTTPServer

/// RFC 9112 framing and the statuses the server itself answers, over real sockets.
@Suite struct ProtocolTests {
    @Test func keepAliveServesSeveralRequestsOnOneConnection() async throws {
        try await withTestServer(router: makeTestRouter()) { (server) throws in
            let client = try server.client()
            for _ in 0..<3 {
                client.send(get("/hello"))
                let response = try client.readResponse()
                #expect(response.status == 200)
                #expect(response.text == "hello")
                #expect(response.header("content-length") == "5")
                #expect(response.header("server") == "ModalLab")
                #expect(response.header("date").map { HTTPDate.parse($0) != nil } == true)
                #expect(response.header("connection") == nil)
            }
        }
    }

    @Test func pipelinedRequestsAreAnsweredInOrder() async throws {
        try await withTestServer(router: makeTestRouter()) { (server) throws in
            let client = try server.client()
            // The first answer takes longest; order must still hold.
            client.send(get("/delay/150") + get("/hello") + get("/delay/10") + get("/path?q=4"))
            #expect(try client.readResponse().text == "slept 150")
            #expect(try client.readResponse().text == "hello")
            #expect(try client.readResponse().text == "slept 10")
            #expect(try client.readResponse().text == "/path|4")
        }
    }

    /// A router whose `/hold` handler runs on the loop and holds it until the test lets go, so
    /// that what a client sends meanwhile is waiting in the socket when the loop is free again.
    static func holdingRouter(started: DispatchSemaphore, release: DispatchSemaphore) -> Router {
        let router = makeTestRouter()
        router.get("/hold") { _ in
            started.signal()
            _ = release.wait(timeout: .now() + testDeadline)
            return .text("held")
        }
        return router
    }

    /// How many reads found input before the source went back to Dispatch, on every loop.
    static func readsAhead(_ server: TestServer) -> Int {
        server.server.loops.reduce(0) { total, loop in total + loop.queue.sync { loop.readsAhead } }
    }

    /// The next request arrives while the loop is busy with the one before: it is read when the
    /// connection's batch ends, before its read source goes back to Dispatch (what keeps a busy
    /// server off Dispatch's re-arm and wake-ups), and answered in order; so is a peer's end of
    /// file that follows it.
    @Test func inputThatArrivesWhileTheLoopIsBusyIsReadBeforeTheSourceIsReArmed() async throws {
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        try await withTestServer(router: Self.holdingRouter(started: started, release: release)) { (server) throws in
            let before = Self.readsAhead(server)
            let client = try server.client()
            client.send(get("/hold"))
            try #require(started.wait(timeout: .now() + testDeadline) == .success)
            client.send(get("/path?q=next"))
            release.signal()
            #expect(try client.readResponse().text == "held")
            #expect(try client.readResponse().text == "/path|next")
            #expect(Self.readsAhead(server) > before)

            // The same with the peer's end of file behind the request: answered, then closed.
            let leaving = try server.client()
            leaving.send(get("/hold"))
            try #require(started.wait(timeout: .now() + testDeadline) == .success)
            leaving.send(get("/hello"))
            leaving.shutdownWrite()
            release.signal()
            #expect(try leaving.readResponse().text == "held")
            #expect(try leaving.readResponse().text == "hello")
            #expect(leaving.waitForClose())
            #expect(TestServer.eventually { server.server.openConnections == 1 })
        }
    }

    /// Runs `body` with a server whose `/later` is a completion-handler route (an action waiting
    /// for its log commit) and a client whose `request` (to `/later`) is awaiting its answer: the
    /// loop has run the batch's end, where the source stayed parked (its jobs run in order).
    /// `answer` sends the answer. The source is held for as long as the test may take, so a busy
    /// machine's pause doesn't release it.
    static func withHeldAnswer(
        _ request: String, _ body: @escaping @Sendable (TestServer, TestClient, _ answer: () -> Void) throws -> Void
    ) async throws {
        let waiting = Locked<[HTTPReply.Completion]>([])
        let router = makeTestRouter()
        router.add(method: .get, pattern: "/later", callback: { _, respond in waiting.withLock { $0.append(respond) } })
        try await withTestServer(router: router, configure: { $0.heldAnswerTimeout = testDeadline }) {
            (server) throws in
            let client = try server.client()
            client.send(request)
            // Required: the answer below indexes the completion the route left.
            try #require(TestServer.eventually { waiting.withLock { $0.count } == 1 })
            for loop in server.server.loops { loop.queue.sync {} }
            try body(server, client) { waiting.withLock { $0[0](.text("later")) } }
        }
    }

    /// While a completion-handler route's answer is awaited the connection's read source stays
    /// parked, and once the answer is sent the next request, already sent by then, is read ahead
    /// instead of through Dispatch's re-arm.
    @Test func theNextRequestAfterACallbacksAnswerIsReadAhead() async throws {
        try await Self.withHeldAnswer(get("/later")) { (server, client, answer) throws in
            let before = Self.readsAhead(server)
            client.send(get("/path?q=next"))
            answer()
            #expect(try client.readResponse().text == "later")
            #expect(try client.readResponse().text == "/path|next")
            #expect(Self.readsAhead(server) == before + 1)
        }
    }

    /// A read ahead that finds nothing on a busy loop (another connection in the batch) keeps
    /// the source parked for the next batch, and a request that arrives meanwhile is read then,
    /// not through Dispatch's re-arm. Two connections' held answers are sent in one batch; the
    /// first one's read ahead finds nothing, the second one's finds `/hold`, which holds the loop
    /// while the first client sends its next request: the batch after reads it ahead.
    @Test func aReadAheadThatFindsNothingOnABusyLoopTriesAgain() async throws {
        let waiting = Locked<[HTTPReply.Completion]>([])
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let router = Self.holdingRouter(started: started, release: release)
        router.add(method: .get, pattern: "/later", callback: { _, respond in waiting.withLock { $0.append(respond) } })
        try await withTestServer(
            router: router,
            configure: {
                $0.eventLoops = 1
                $0.heldAnswerTimeout = testDeadline
            }
        ) { (server) throws in
            let first = try server.client()
            let second = try server.client()
            first.send(get("/later"))
            try #require(TestServer.eventually { waiting.withLock { $0.count } == 1 })
            second.send(get("/later"))
            try #require(TestServer.eventually { waiting.withLock { $0.count } == 2 })
            let loop = server.server.loops[0]
            loop.queue.sync {}
            let before = Self.readsAhead(server)
            // Both answers in one batch: the loop is held while they are queued.
            let frozen = DispatchSemaphore(value: 0)
            let thaw = DispatchSemaphore(value: 0)
            loop.queue.async {
                frozen.signal()
                _ = thaw.wait(timeout: .now() + testDeadline)
            }
            #expect(frozen.wait(timeout: .now() + testDeadline) == .success)
            waiting.withLock {
                $0[0](.text("later"))
                $0[1](.text("later"))
            }
            second.send(get("/hold"))
            thaw.signal()
            #expect(started.wait(timeout: .now() + testDeadline) == .success)
            // The loop is in `/hold`, in the batch where the first connection's read found nothing.
            first.send(get("/path?q=next"))
            release.signal()
            #expect(try first.readResponse().text == "later")
            #expect(try first.readResponse().text == "/path|next")
            #expect(try second.readResponse().text == "later")
            #expect(try second.readResponse().text == "held")
            // `/hold` and the first client's next request, both read ahead.
            #expect(Self.readsAhead(server) == before + 2)
        }
    }

    /// The same when the answer closes the connection (the request asked for it): the source held
    /// while the answer was awaited watches again, so the client's hang-up ends the connection at
    /// once rather than at the end of its lingering.
    @Test func aHeldSourceWatchesAgainWhenTheAnswerClosesTheConnection() async throws {
        try await Self.withHeldAnswer(get("/later", "Connection: close\r\n")) { (server, client, answer) throws in
            answer()
            #expect(try client.readResponse().text == "later")
            #expect(client.waitForClose())
            let hungUp = Date()
            client.close()
            #expect(TestServer.eventually { server.server.openConnections == 0 })
            #expect(Date().timeIntervalSince(hungUp) < Double(Connection.lingerNanoseconds) / 1e9)
        }
    }

    /// One client's flood of pipelined requests doesn't hold up the loop's other clients: the
    /// flooder is answered `requestsPerTurn` requests at a time, and a request of another client
    /// that arrives meanwhile is answered long before the flood is.
    @Test func aPipelinedFloodTakesTurnsWithOtherClients() async throws {
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let served = Locked(0)
        let router = Self.holdingRouter(started: started, release: release)
        router.get("/n") { _ in
            .text(
                String(
                    served.withLock {
                        $0 += 1
                        return $0
                    }))
        }
        router.get("/count") { _ in .text(String(served.withLock { $0 })) }
        let flood = 2000
        try await withTestServer(router: router, configure: { $0.eventLoops = 1 }) { (server) throws in
            let flooder = try server.client()
            flooder.send(get("/hold") + String(repeating: get("/n"), count: flood))
            try #require(started.wait(timeout: .now() + testDeadline) == .success)
            let other = try server.client()
            other.send(get("/count"))
            release.signal()
            let seen = Int(try other.readResponse().text) ?? -1
            #expect(
                seen >= 0 && seen < flood / 2, "the other client waited for \(seen) of the flood's \(flood) requests")
            #expect(try flooder.readResponse().text == "held")
            for i in 1...flood {
                let text = try flooder.readResponse().text
                #expect(text == String(i))
                if text != String(i) { break }
            }
        }
    }

    /// A client that sends more pipelined requests than one turn answers, then its end of file
    /// (a half-close), still gets every answer, in order, then the close.
    @Test func pipelinedRequestsBeforeAHalfCloseAreAllAnswered() async throws {
        try await withTestServer(router: makeTestRouter()) { (server) throws in
            let client = try server.client()
            let count = 3 * Connection.requestsPerTurn + 5
            client.send((0..<count).map { get("/path?q=\($0)") }.joined())
            client.shutdownWrite()
            for i in 0..<count {
                let text = try client.readResponse().text
                #expect(text == "/path|\(i)")
                if text != "/path|\(i)" { break }
            }
            #expect(client.waitForClose())
        }
    }

    /// A peer that resets while its next request waits to be read ahead is closed.
    @Test func aResetWhileTheLoopIsBusyClosesTheConnection() async throws {
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        try await withTestServer(router: Self.holdingRouter(started: started, release: release)) { (server) throws in
            let client = try server.client()
            client.send(get("/hold"))
            try #require(started.wait(timeout: .now() + testDeadline) == .success)
            client.send(get("/hello"))
            Sys.setResetOnClose(client.fd)
            client.close()
            release.signal()
            #expect(TestServer.eventually { server.server.openConnections == 0 })
            // The loop serves others after it.
            #expect(try server.request(get("/hello")).text == "hello")
        }
    }

    @Test func requestSentOneByteAtATime() async throws {
        try await withTestServer(router: makeTestRouter()) { (server) throws in
            let client = try server.client()
            client.sendSlowly("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nabcde")
            let response = try client.readResponse()
            #expect(response.status == 200)
            #expect(response.text == "abcde")
            client.sendSlowly(
                "POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n3;x=y\r\nabc\r\n0\r\nT: 1\r\n\r\n")
            #expect(try client.readResponse().text == "abc")
        }
    }

    /// Bytes that can't begin a method — a TLS ClientHello sent to the plain-text port, binary
    /// noise — get a 400 at once, not after the head timeout (here an hour, far beyond the
    /// test's deadline for the answer).
    @Test func aRequestLineThatCantBeOneIsRefusedAtOnce() async throws {
        try await withTestServer(router: makeTestRouter(), configure: { $0.headerReadTimeout = 3600 }) {
            (server) throws in
            for noise: [UInt8] in [[0x16, 0x03, 0x01, 0x00, 0xA5, 0x01, 0x00], [0x00], Array("GE(T".utf8)] {
                let client = try server.client()
                #expect(client.send(noise))
                let response = try client.readResponse()
                #expect(response.status == 400, "\(noise)")
            }
            // A method split across reads is still a method.
            let client = try server.client()
            client.sendSlowly(get("/hello"))
            #expect(try client.readResponse().status == 200)
        }
    }

    @Test func leadingEmptyLinesAreIgnored() async throws {
        try await withTestServer(router: makeTestRouter()) { (server) throws in
            #expect(try server.request("\r\n\r\n" + get("/hello")).status == 200)
        }
    }

    @Test func contentLengthBody() async throws {
        try await withTestServer(router: makeTestRouter()) { (server) throws in
            let response = try server.request("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 11\r\n\r\nhello world")
            #expect(response.text == "hello world")
            // A list of identical values is one value (RFC 9110 §8.6).
            let same = try server.request(
                "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 3, 3\r\nContent-Length: 3\r\n\r\nabc")
            #expect(same.status == 200)
            #expect(same.text == "abc")
        }
    }

    @Test func chunkedBodyWithExtensionsAndTrailers() async throws {
        try await withTestServer(router: makeTestRouter()) { (server) throws in
            let client = try server.client()
            client.send(
                "POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n"
                    + "5;name=value;quoted=\"a b\"\r\nhello\r\n1\r\n \r\nA ; ext\r\n0123456789\r\n0\r\nChecksum: abc\r\nX-T: 2\r\n\r\n"
            )
            let response = try client.readResponse()
            #expect(response.status == 200)
            #expect(response.text == "hello 0123456789")
            // The connection stays usable after a chunked body.
            client.send(get("/hello"))
            #expect(try client.readResponse().text == "hello")
        }
    }

    /// Chunk extensions are parsed by their grammar (a quoted value may hold `;` and an escaped
    /// quote) and bounded per body: tiny chunks with long extensions can't make a body take
    /// thousands of times its limit in input.
    @Test func chunkExtensionsFollowTheirGrammarAndAreBoundedPerBody() async throws {
        try await withTestServer(router: makeTestRouter()) { (server) throws in
            let quoted = try server.request(
                "POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n"
                    + "3 ;\ta = \"x;\\\"y\" ; b\r\nabc\r\n0\r\n\r\n")
            #expect(quoted.status == 200)
            #expect(quoted.text == "abc")
            let ext = ";" + String(repeating: "e", count: 4000)
            let client = try server.client()
            client.send("POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n")
            for _ in 0..<5 { client.send("1\(ext)\r\nx\r\n") }
            let refused = try client.readResponse()
            #expect(refused.status == 400)
            #expect(refused.text.contains("Chunk extensions are too long."))
            #expect(client.waitForClose())
        }
    }

    @Test func transferEncodingCaseInsensitiveAndUppercaseHex() async throws {
        try await withTestServer(router: makeTestRouter()) { (server) throws in
            let response = try server.request(
                "POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: Chunked\r\n\r\nA\r\n0123456789\r\n0\r\n\r\n")
            #expect(response.text == "0123456789")
        }
    }

    @Test func expectContinue() async throws {
        try await withTestServer(router: makeTestRouter()) { (server) throws in
            let client = try server.client()
            client.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 4\r\nExpect: 100-continue\r\n\r\n")
            let interim = try client.readResponse()
            #expect(interim.status == 100)
            client.send("data")
            let response = try client.readResponse()
            #expect(response.status == 200)
            #expect(response.text == "data")

            // Too large: 413 at once, no 100, and the connection closes.
            let refused = try server.client()
            refused.send("POST /small HTTP/1.1\r\nHost: t\r\nContent-Length: 1000\r\nExpect: 100-continue\r\n\r\n")
            let answer = try refused.readResponse()
            #expect(answer.status == 413)
            #expect(answer.header("connection") == "close")
            #expect(refused.waitForClose())

            // An unknown expectation → 417.
            #expect(
                try server.request("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 1\r\nExpect: magic\r\n\r\nx")
                    .status == 417)
        }
    }

    @Test func headAnswersWithHeadersOnly() async throws {
        try await withTestServer(router: makeTestRouter()) { (server) throws in
            let client = try server.client()
            client.send("HEAD /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            let response = try client.readResponse(head: true)
            #expect(response.status == 200)
            #expect(response.header("content-length") == "5")
            // No body bytes were sent: the next response follows directly.
            client.send(get("/hello"))
            let next = try client.readResponse()
            #expect(next.text == "hello")
            #expect(client.pending.isEmpty)
        }
    }

    @Test func http10ClosesUnlessKeepAlive() async throws {
        try await withTestServer(router: makeTestRouter()) { (server) throws in
            let plain = try server.client()
            plain.send("GET /hello HTTP/1.0\r\n\r\n")
            let first = try plain.readResponse()
            #expect(first.status == 200)
            #expect(first.header("connection") == "close")
            #expect(plain.waitForClose())

            let keep = try server.client()
            keep.send("GET /hello HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            let kept = try keep.readResponse()
            #expect(kept.header("connection") == "keep-alive")
            keep.send("GET /hello HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n")
            #expect(try keep.readResponse().status == 200)
        }
    }

    @Test func http11ConnectionCloseCloses() async throws {
        try await withTestServer(router: makeTestRouter()) { (server) throws in
            let client = try server.client()
            client.send(get("/hello", "Connection: close\r\n"))
            let response = try client.readResponse()
            #expect(response.header("connection") == "close")
            #expect(client.waitForClose())
        }
    }

    @Test func applicationConnectionCloseCloses() async throws {
        let router = makeTestRouter()
        router.get("/bye") { _ in HTTPResponse(headers: ["Connection": "keep-alive, Close"], body: .bytes([])) }
        try await withTestServer(router: router) { (server) throws in
            let client = try server.client()
            client.send(get("/hello"))
            #expect(try client.readResponse().header("connection") == nil)
            client.send(get("/bye"))
            let response = try client.readResponse()
            #expect(response.header("connection") == "close")
            #expect(response.headerCount("connection") == 1)
            #expect(client.waitForClose())
        }
    }

    @Test func absoluteFormTarget() async throws {
        try await withTestServer(router: makeTestRouter()) { (server) throws in
            let response = try server.request("GET http://example.com/path?q=a+b HTTP/1.1\r\nHost: other\r\n\r\n")
            #expect(response.status == 200)
            #expect(response.text == "/path|a b")
        }
    }

    @Test func percentDecodedPathAndQuery() async throws {
        try await withTestServer(router: makeTestRouter()) { (server) throws in
            #expect(try server.request(get("/pa%74h?q=%C3%A9t%C3%A9")).text == "/path|été")
            #expect(try server.request(get("/pa%zzth")).status == 400)
            #expect(try server.request(get("/%ff")).status == 400)  // not UTF-8
        }
    }

    /// Every malformed request gets its status and a closed connection.
    @Test(arguments: [
        ("GET /hello HTTP/1.1\r\n\r\n", 400),  // no Host
        ("GET /hello HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400),  // two Hosts
        ("GET /hello HTTP/1.1\r\nHost: a b\r\n\r\n", 400),  // bad Host
        ("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n", 400),
        ("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd", 400),
        ("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 3, 4\r\n\r\nabcd", 400),
        ("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: -1\r\n\r\n", 400),
        ("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 0x10\r\n\r\n", 400),
        ("POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: gzip\r\n\r\n", 501),
        ("POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", 501),
        ("POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked, gzip\r\n\r\n", 400),
        ("POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n", 400),
        ("POST /echo HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400),
        ("GET /hello HTTP/1.1\r\nHost : t\r\n\r\n", 400),  // whitespace before colon
        ("GET /hello HTTP/1.1\r\nHost: t\r\nX-A: 1\r\n  folded\r\n\r\n", 400),  // obs-fold
        ("GET /hello HTTP/1.1\nHost: t\n\n", 400),  // bare LF
        ("GET /hello HTTP/1.1\r\nHost: t\r\nX-A: a\u{01}b\r\n\r\n", 400),  // control character
        ("GET /hello HTTP/1.1\r\nHo(st: t\r\n\r\n", 400),  // bad name
        ("GET  /hello HTTP/1.1\r\nHost: t\r\n\r\n", 400),  // double space
        ("GET /hello HTTP/1.1 \r\nHost: t\r\n\r\n", 400),
        ("GET /hello HTTX/1.1\r\nHost: t\r\n\r\n", 400),
        ("GET /hello HTTP/2.0\r\nHost: t\r\n\r\n", 505),
        ("GET /hello HTTP/0.9\r\nHost: t\r\n\r\n", 505),
        ("GET hello HTTP/1.1\r\nHost: t\r\n\r\n", 400),  // not origin-form
        ("GET * HTTP/1.1\r\nHost: t\r\n\r\n", 400),
        ("GET /a#frag HTTP/1.1\r\nHost: t\r\n\r\n", 400),
        ("CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n", 501),
        ("POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", 400),
        ("POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabcX\r\n0\r\n\r\n", 400),
        ("POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n0\r\nBad Trailer: x\r\n\r\n", 400),
        // A chunk-size line is a size, then only `BWS ";" BWS name [BWS "=" BWS value]` (RFC 9112 §7.1.1).
        ("POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n3 4\r\nabc\r\n0\r\n\r\n", 400),
        ("POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n3 junk\r\nabc\r\n0\r\n\r\n", 400),
        ("POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n3 \r\nabc\r\n0\r\n\r\n", 400),
        ("POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n3;=x\r\nabc\r\n0\r\n\r\n", 400),
        ("POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n3;a=\"open\r\nabc\r\n0\r\n\r\n", 400),
        ("POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n3;a=b c\r\nabc\r\n0\r\n\r\n", 400),
        ("POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n3;a \r\nabc\r\n0\r\n\r\n", 400),
        ("POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n3;a=b\t\r\nabc\r\n0\r\n\r\n", 400),
        ("POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n3;a=\"b\" \r\nabc\r\n0\r\n\r\n", 400),
        ("POST /small HTTP/1.1\r\nHost: t\r\nContent-Length: 11\r\n\r\n01234567890", 413),
        (
            "POST /small HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n6\r\n012345\r\n6\r\n012345\r\n0\r\n\r\n",
            413
        ),
        ("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 99999999999999999999999\r\n\r\n", 413),
    ])
    func malformedRequestsAreRefusedAndClosed(raw: String, status: Int) async throws {
        try await withTestServer(router: makeTestRouter()) { (server) throws in
            let client = try server.client()
            client.send(raw)
            let response = try client.readResponse()
            #expect(response.status == status, "\(raw.debugDescription)")
            #expect(response.header("content-type") == "application/problem+json")
            #expect(response.header("connection") == "close")
            let problem = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
            #expect(problem?["status"] as? Int == status)
            #expect(client.waitForClose(), "connection should close after \(status)")
        }
    }

    @Test func notFoundAndMethodNotAllowed() async throws {
        try await withTestServer(router: makeTestRouter()) { (server) throws in
            let client = try server.client()
            client.send(get("/nothing"))
            let missing = try client.readResponse()
            #expect(missing.status == 404)
            #expect(missing.header("content-type") == "application/problem+json")
            // 404 and 405 come from the router: the connection stays open.
            client.send("DELETE /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            let wrong = try client.readResponse()
            #expect(wrong.status == 405)
            #expect(wrong.header("allow") == "GET, HEAD, OPTIONS")
            client.send("OPTIONS /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            let options = try client.readResponse()
            #expect(options.status == 204)
            #expect(options.header("allow") == "GET, HEAD, OPTIONS")
            // `OPTIONS *` asks about the server as a whole (RFC 9110 §9.3.7): a ping, 204.
            client.send("OPTIONS * HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try client.readResponse().status == 204)
        }
    }

    @Test func unknownMethodsAre501WithTheConnectionKept() async throws {
        try await withTestServer(router: makeTestRouter()) { (server) throws in
            let client = try server.client()
            client.send("BREW /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try client.readResponse().status == 501)
            client.send("get /hello HTTP/1.1\r\nHost: t\r\n\r\n")  // methods are case-sensitive
            #expect(try client.readResponse().status == 501)
            client.send(get("/hello"))
            #expect(try client.readResponse().status == 200)
        }
    }

    /// A method token longer than any method is a 501 that doesn't repeat it, whether the
    /// request line comes in one read or several (a 100 KB one was echoed whole).
    @Test func anOverlongMethodIsNotEchoed() async throws {
        try await withTestServer(router: makeTestRouter(), configure: { $0.maxHeaderBytes = 200_000 }) {
            (server) throws in
            let client = try server.client()
            client.send(String(repeating: "A", count: 100_000) + " /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            let r = try client.readResponse()
            #expect(r.status == 501)
            #expect(r.body.count < 500, "\(r.body.count) bytes")
            let longest = try server.request(String(repeating: "B", count: 32) + " /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(longest.status == 501 && String(decoding: longest.body, as: UTF8.self).contains("BBBB"))
        }
    }

    @Test func targetAndHeaderLimits() async throws {
        try await withTestServer(
            router: makeTestRouter(),
            configure: {
                $0.maxTargetBytes = 100
                $0.maxHeaderBytes = 200
            }
        ) { (server) throws in
            let longTarget = try server.request(get("/" + String(repeating: "a", count: 150)))
            #expect(longTarget.status == 414)
            // A request line that never ends is refused without waiting for the rest.
            let endless = try server.client()
            endless.send("GET /" + String(repeating: "a", count: 300))
            #expect(try endless.readResponse().status == 414)
            let bigHeaders = try server.request(get("/hello", "X-Big: " + String(repeating: "b", count: 300) + "\r\n"))
            #expect(bigHeaders.status == 431)
            let endlessHeaders = try server.client()
            endlessHeaders.send("GET /hello HTTP/1.1\r\nHost: t\r\nX-Big: " + String(repeating: "b", count: 300))
            #expect(try endlessHeaders.readResponse().status == 431)
            // Trailers are bounded by the same limit.
            let trailer = try server.request(
                "POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n0\r\nX: "
                    + String(repeating: "t", count: 300)
                    + "\r\n\r\n")
            #expect(trailer.status == 431)
        }
    }

    @Test func perRouteBodyLimit() async throws {
        try await withTestServer(router: makeTestRouter(), configure: { $0.maxBodyBytes = 1000 }) { (server) throws in
            #expect(
                try server.request("POST /small HTTP/1.1\r\nHost: t\r\nContent-Length: 10\r\n\r\n0123456789").text
                    == "10")
            #expect(try server.request("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 1001\r\n\r\n").status == 413)
            let body = String(repeating: "z", count: 2000)
            #expect(
                try server.request("POST /big HTTP/1.1\r\nHost: t\r\nContent-Length: 2000\r\n\r\n" + body).text
                    == "2000")
        }
    }

    @Test func headerReadTimeoutAnswers408() async throws {
        try await withTestServer(router: makeTestRouter(), configure: { $0.headerReadTimeout = 0.5 }) {
            (server) throws in
            let client = try server.client()
            client.send("GET /hello HTTP/1.1\r\nHost: t\r\n")
            let response = try client.readResponse()
            #expect(response.status == 408)
            #expect(client.waitForClose())
            // A connection that never sends a byte is closed silently.
            let silent = try server.client()
            #expect(silent.waitForClose())
            #expect(silent.pending.isEmpty)
        }
    }

    @Test func bodyReadTimeoutAnswers408() async throws {
        try await withTestServer(router: makeTestRouter(), configure: { $0.bodyReadTimeout = 0.5 }) { (server) throws in
            let client = try server.client()
            client.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 10\r\n\r\nabc")
            #expect(try client.readResponse().status == 408)
        }
    }

    @Test func idleKeepAliveConnectionsAreClosed() async throws {
        try await withTestServer(router: makeTestRouter(), configure: { $0.idleTimeout = 0.5 }) { (server) throws in
            let client = try server.client()
            client.send(get("/hello"))
            #expect(try client.readResponse().status == 200)
            #expect(client.waitForClose())
            #expect(TestServer.eventually { server.server.openConnections == 0 })
        }
    }

    @Test func responseFramingAddedByServer() async throws {
        let router = Router()
        router.get("/framed") { _ in
            HTTPResponse(
                status: .ok,
                headers: ["Content-Length": "999", "Transfer-Encoding": "gzip", "X-Evil": "a\r\nSet-Cookie: x=1"],
                body: .bytes(Array("abc".utf8)))
        }
        router.get("/nocontent") { _ in HTTPResponse(status: .noContent, body: .bytes(Array("ignored".utf8))) }
        try await withTestServer(router: router) { (server) throws in
            let client = try server.client()
            client.send(get("/framed"))
            let response = try client.readResponse()
            #expect(response.header("content-length") == "3")
            #expect(response.headerCount("content-length") == 1)
            #expect(response.header("transfer-encoding") == nil)
            #expect(response.header("set-cookie") == nil)
            #expect(response.text == "abc")
            client.send(get("/nocontent"))
            let empty = try client.readResponse()
            #expect(empty.status == 204)
            #expect(empty.header("content-length") == nil)
            client.send(get("/framed"))
            #expect(try client.readResponse().text == "abc")
        }
    }

    @Test func largeResponsesSurvivePartialWrites() async throws {
        try await withTestServer(router: makeTestRouter()) { (server) throws in
            let client = try server.client()
            client.send(get("/large/5000000") + get("/hello"))
            let response = try client.readResponse()
            #expect(response.body.count == 5_000_000)
            #expect(try client.readResponse().text == "hello")
        }
    }

    @Test func streamedResponses() async throws {
        let router = Router()
        router.get("/stream") { _ in
            HTTPResponse(
                body: .stream { writer in
                    for i in 0..<5 { try await writer.write(Array("part\(i);".utf8)) }
                    try await writer.write([UInt8](repeating: 0x61, count: 100_000))
                })
        }
        try await withTestServer(router: router) { (server) throws in
            let client = try server.client()
            client.send(get("/stream"))
            let response = try client.readResponse()
            #expect(response.header("transfer-encoding") == "chunked")
            #expect(response.body.count == 100_000 + 30)
            #expect(response.text.hasPrefix("part0;part1;part2;part3;part4;aaa"))
            // Keep-alive after a chunked response.
            client.send("HEAD /stream HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try client.readResponse(head: true).status == 200)
            // HTTP/1.0 gets the body unframed, ended by close.
            let old = try server.client()
            old.send("GET /stream HTTP/1.0\r\n\r\n")
            let unframed = try old.readResponse()
            #expect(unframed.header("transfer-encoding") == nil)
            #expect(unframed.body.count == 100_030)
        }
    }

    @Test func handlerErrorsBecomeProblems() async throws {
        struct Secret: Error {}
        let router = Router()
        router.get("/teapot") { _ in
            throw HTTPError(HTTPStatus(code: 418, reasonPhrase: "I'm a teapot"), detail: "short \"and\" stout")
        }
        router.get("/secret") { _ in throw Secret() }
        router.get("/async-error") { _ async throws -> HTTPResponse in throw HTTPError(.conflict, title: "Taken") }
        try await withTestServer(router: router) { (server) throws in
            let teapot = try server.request(get("/teapot"))
            #expect(teapot.status == 418)
            let problem = try JSONSerialization.jsonObject(with: Data(teapot.body)) as? [String: Any]
            #expect(problem?["detail"] as? String == "short \"and\" stout")
            let secret = try server.request(get("/secret"))
            #expect(secret.status == 500)
            #expect(!secret.text.contains("Secret"))
            let conflict = try server.request(get("/async-error"))
            #expect(conflict.status == 409)
            #expect(conflict.text.contains("\"title\":\"Taken\""))
        }
    }

    @Test func acceptedSocketsAreNonBlockingAndCloseOnExec() throws {
        let listener = Sys.streamSocket(family: AF_INET)
        try #require(listener >= 0)
        defer { Sys.close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && listen(listener, 1) == 0 && getsockname(listener, $0, &length) == 0
            }
        }
        try #require(bound)
        let client = try TestClient(port: Int(UInt16(bigEndian: address.sin_port)))
        defer { client.close() }
        var peer = sockaddr_storage()
        let fd = Sys.accept(listener, &peer)
        try #require(fd >= 0)
        defer { Sys.close(fd) }
        #expect(fcntl(fd, F_GETFL) & O_NONBLOCK != 0)
        #expect(fcntl(fd, F_GETFD) & FD_CLOEXEC != 0)
        #expect(Sys.describe(peer).hasPrefix("127.0.0.1:"))
    }

    @Test func startFailsWithATypedError() async throws {
        let first = try TestServer(router: Router())
        var configuration = ServerConfiguration()
        configuration.port = first.port
        let second = HTTPServer(configuration: configuration, responder: Router())
        do {
            _ = try second.start()
            Issue.record("binding a taken port should fail")
        } catch let error as HTTPServerError {
            #expect(error.operation == .bind)
            #expect(error.description.contains("127.0.0.1:\(first.port)"))
            #expect(error.description.contains("in use"))
        }
        await first.stop()
    }
}
