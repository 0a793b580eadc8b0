import Foundation
import Platform
import TestSupport
import Testing

@testable import HTTPServer

/// Server-Sent Events, graceful shutdown, stalled and vanishing clients.
@Suite struct LifecycleTests {
    final class Flags: @unchecked Sendable {
        let ended = Locked(false)
        let writeFailed = Locked(false)
    }

    @Test func serverSentEventsAndDisconnect() async throws {
        let flags = Flags()
        let router = Router()
        router.get("/events") { _ in
            .eventStream(heartbeat: 0.2) { events in
                defer { flags.ended.withLock { $0 = true } }
                try await events.send(event: "hello", data: "one\ntwo", id: "1")
                // Wait until the client goes away; cancellation ends the sleep.
                while !events.isClosed {
                    try await Task.sleep(nanoseconds: 50_000_000)
                }
            }
        }
        try await withTestServer(router: router) { (server) throws in
            let client = try server.client()
            client.send(get("/events"))
            let head = try client.readUntil("\r\n\r\n")
            #expect(head.contains("Content-Type: text/event-stream; charset=utf-8"))
            #expect(head.contains("Cache-Control: no-cache"))
            #expect(head.contains("Transfer-Encoding: chunked"))
            let event = try client.readUntil("data: two\n\n")
            #expect(event.contains("event: hello\nid: 1\ndata: one\ndata: two\n\n"))
            // Heartbeats are comment lines.
            _ = try client.readUntil(":\n\n")
            _ = try client.readUntil(":\n\n")
            #expect(server.server.openConnections == 1)
            // The client leaves: the server notices promptly and frees the connection.
            client.close()
            // The server notices at once (its loop sees EOF); the task then ends on the shared pool.
            #expect(TestServer.eventually { server.server.openConnections == 0 })
            #expect(TestServer.eventually { flags.ended.withLock { $0 } })
        }
    }

    @Test func eventStreamWritesFailAfterDisconnect() async throws {
        let flags = Flags()
        let router = Router()
        router.get("/ticks") { _ in
            .eventStream(heartbeat: 0) { events in
                do {
                    while true {
                        try await events.send(data: "tick")
                        try await Task.sleep(nanoseconds: 20_000_000)
                    }
                } catch {
                    flags.writeFailed.withLock { $0 = true }
                    throw error
                }
            }
        }
        try await withTestServer(router: router) { (server) throws in
            let client = try server.client()
            client.send(get("/ticks"))
            _ = try client.readUntil("data: tick\n\n")
            client.shutdownWrite()  // EOF reaches the server
            #expect(TestServer.eventually { flags.writeFailed.withLock { $0 } })
            #expect(TestServer.eventually { server.server.openConnections == 0 })
        }
    }

    @Test func gracefulShutdownFinishesInFlightRequests() async throws {
        let started = Locked(false)
        // The request stays in flight until the test has seen the shutdown begin: no sleep
        // stands in for work, however slow the machine.
        let release = Gate()
        let router = Router()
        router.get("/work") { _ in
            started.withLock { $0 = true }
            await release.wait()
            return .text("finished")
        }
        router.get("/hello") { _ in .text("hello") }
        let server = try TestServer(router: router)
        let port = server.port
        let done = Locked(false)
        try await blocking {
            let busy = try TestClient(port: port)
            let idle = try TestClient(port: port)
            idle.send(get("/hello"))
            #expect(try idle.readResponse().status == 200)
            busy.send(get("/work"))
            #expect(TestServer.eventually { started.withLock { $0 } })
            server.server.shutdown(gracePeriod: testDeadline) { done.withLock { $0 = true } }
            // The idle keep-alive connection is closed at once …
            #expect(idle.waitForClose(timeout: 4))
            // … new connections are refused …
            #expect(TestServer.eventually { (try? TestClient(port: port)) == nil })
            // … and the request in flight completes, with Connection: close.
            #expect(!done.withLock { $0 }, "the shutdown waits for the request in flight")
            release.open()
            let response = try busy.readResponse()
            #expect(response.text == "finished")
            #expect(response.header("connection") == "close")
            #expect(busy.waitForClose())
            #expect(TestServer.eventually { done.withLock { $0 } })
            #expect(server.server.openConnections == 0)
        }
    }

    @Test func shutdownGracePeriodIsBounded() async throws {
        let router = Router()
        router.get("/forever") { _ in
            .eventStream(heartbeat: 0) { _ in
                while true { try await Task.sleep(nanoseconds: 1_000_000_000) }
            }
        }
        let server = try TestServer(router: router)
        let port = server.port
        try await blocking {
            let client = try TestClient(port: port)
            client.send(get("/forever"))
            _ = try client.readUntil("\r\n\r\n")
        }
        // The stream never ends by itself: without the grace period (0.3 s) the shutdown would
        // wait for ever. It must be done within the tests' deadline (a minute).
        let done = Locked(false)
        server.server.shutdown(gracePeriod: 0.3) { done.withLock { $0 = true } }
        #expect(
            try await blocking { TestServer.eventually { done.withLock { $0 } } },
            "the grace period bounds the shutdown")
        #expect(server.server.openConnections == 0)
    }

    @Test func metricsOfALiveServer() async throws {
        let router = makeTestRouter()
        let metrics = Metrics()
        router.use(metrics)
        router.get("/metrics") { _ in metrics.response() }
        let server = try TestServer(router: router)
        metrics.track(server.server)
        let port = server.port
        let text = try await blocking { () -> String in
            let bad = try TestClient(port: port)
            bad.send("GET /hello HTTP/1.1\r\n\r\n")  // no Host: refused before routing
            #expect(try bad.readResponse().status == 400)
            let client = try TestClient(port: port)
            client.send(get("/hello") + get("/metrics"))
            #expect(try client.readResponse().status == 200)
            let response = try client.readResponse()
            #expect(response.header("content-type") == "text/plain; version=0.0.4; charset=utf-8")
            return response.text
        }
        #expect(text.contains("http_requests_total{method=\"GET\",route=\"/hello\",status=\"200\"} 1"))
        #expect(text.contains("http_server_refusals_total{status=\"400\"} 1"))
        #expect(text.contains("http_open_connections "))
        #expect(text.contains("http_connections_accepted_total 2"))
        await server.stop()
    }

    /// 300 clients that send part of a head and stop hold their connections open (the head
    /// timeout here is an hour), and requests on other connections are answered all the while:
    /// a stalled client holds nothing but its own connection. (How fast: `Benchmarks/http`.)
    @Test func slowlorisClientsDoNotDelayOthers() async throws {
        try await withTestServer(router: makeTestRouter(), configure: { $0.headerReadTimeout = 3600 }) {
            (server) throws in
            var stalled: [TestClient] = []
            for i in 0..<300 {
                let client = try server.client()
                // Each sends part of a head and stops.
                client.send("GET /hello HTTP/1.1\r\nHost: t\r\nX-Slow-\(i): ")
                stalled.append(client)
            }
            #expect(TestServer.eventually { server.server.openConnections == 300 })
            for _ in 0..<20 {
                let response = try server.request(get("/hello"))
                #expect(response.status == 200)
            }
            // None of the stalled connections was closed to make room (the requests' own
            // connections close as their clients go).
            #expect(TestServer.eventually { server.server.openConnections == 300 })
            // Trickling bytes keeps none of them from being answered once complete.
            stalled[0].send("1\r\n\r\n")
            #expect(try stalled[0].readResponse().status == 200)
        }
    }

    @Test func clientsThatStopReadingAreDroppedAfterTheWriteTimeout() async throws {
        try await withTestServer(router: makeTestRouter(), configure: { $0.writeTimeout = 0.5 }) { (server) throws in
            let client = try server.client()
            client.send(get("/large/50000000"))
            _ = try client.readUntil("\r\n\r\n")
            // Never read the rest: the socket buffers fill and the server gives up.
            #expect(TestServer.eventually { server.server.openConnections == 0 })
            #expect(try server.request(get("/hello")).status == 200)
        }
    }

    @Test func pipelinedFloodIsAnsweredInOrderWithBoundedBuffering() async throws {
        try await withTestServer(router: makeTestRouter()) { (server) throws in
            let client = try server.client()
            // A fixed send buffer, not one that grows to megabytes: the kernels hold little of
            // the flood.
            var sendBuffer: Int32 = 64 * 1024
            setsockopt(client.fd, SOL_SOCKET, SO_SNDBUF, &sendBuffer, socklen_t(MemoryLayout<Int32>.size))
            let count = 5000
            let padding = "X-Padding: " + String(repeating: "p", count: 800) + "\r\n"
            // The first answer is larger than the socket buffers: the server waits for the
            // client to read it while the rest of the flood (4 MB) arrives.
            var flood = get("/large/8000000")
            for i in 0..<count { flood += get("/path?q=\(i)", padding) }
            // Send everything before reading anything: the server must stop reading while its
            // answers wait, not buffer without bound, and still answer all in order.
            let fd = client.fd
            let bytes = Array(flood.utf8)
            let sent = Locked<Bool?>(nil)
            let sender = Thread {
                let ok = TestClient.sendAll(fd: fd, bytes)
                sent.withLock { $0 = ok }
            }
            sender.start()
            // While the client reads nothing the server reads at most a bounded amount, so the
            // sender stays blocked (it took about 0.5 MB of the 4 MB when this was written;
            // without the bound it finishes within 0.1 s).
            #expect(
                !TestServer.eventually(timeout: 1) { sent.withLock { $0 } != nil },
                "the server took the whole flood while the client read nothing: its buffering is unbounded")
            #expect(try client.readResponse().body.count == 8_000_000)
            for i in 0..<count {
                let response = try client.readResponse()
                #expect(response.text == "/path|\(i)")
                if response.text != "/path|\(i)" { break }
            }
            #expect(TestServer.eventually { sent.withLock { $0 } == true })
        }
    }

    @Test func clientsVanishingMidResponseLeaveTheServerHealthy() async throws {
        try await withTestServer(router: makeTestRouter()) { (server) throws in
            for _ in 0..<50 {
                let client = try server.client()
                client.send(get("/large/4000000"))
                _ = try client.readUntil("\r\n\r\n")
                // Reset instead of a polite close, with megabytes still queued.
                var linger = linger(l_onoff: 1, l_linger: 0)
                setsockopt(client.fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<linger>.size))
            }
            #expect(TestServer.eventually { server.server.openConnections == 0 })
            let response = try server.request(get("/hello"))
            #expect(response.status == 200)
        }
    }
    /// Completion-handler routes (``HTTPReply/callback(_:)``): answered from other threads, in
    /// request order under pipelining; a second answer, or one for a connection that has gone,
    /// is ignored.
    @Test func callbackRepliesFromOtherThreads() async throws {
        let late = Locked<[HTTPReply.Completion]>([])
        /// Records on which event loop's queue (nil: none) the router's middleware saw each answer.
        final class Seen: HTTPMiddleware, @unchecked Sendable {
            let loops = Locked<[(path: String, loop: Int?)]>([])
            func didHandle(_ request: HTTPRequest, response: inout HTTPResponse, duration: Double) {
                loops.withLock { $0.append((request.path, EventLoop.currentIndex)) }
                response.headers.add(name: "X-Seen", value: "yes")
            }
        }
        let seen = Seen()
        let router = makeTestRouter()
        router.use(seen)
        router.add(
            method: .get, pattern: "/after/{ms}",
            callback: { request, respond in
                let ms = Int(request.parameters["ms"] ?? "0") ?? 0
                DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(ms)) {
                    respond(.text("after \(ms)"))
                }
            })
        router.add(
            method: .get, pattern: "/twice",
            callback: { _, respond in
                DispatchQueue.global().async {
                    respond(.text("first"))
                    respond(.text("second"))
                }
            })
        router.add(method: .get, pattern: "/held", callback: { _, respond in late.withLock { $0.append(respond) } })
        try await withTestServer(router: router) { (server) throws in
            let client = try server.client()
            // The slowest first: answers still come back in request order (RFC 9112 §9.3.2).
            client.send(get("/after/150") + get("/after/0") + get("/twice") + get("/after/20") + get("/hello"))
            for expected in ["after 150", "after 0", "first", "after 20", "hello"] {
                let response = try client.readResponse()
                #expect(response.status == 200)
                #expect(response.text == expected)
                #expect(response.header("x-seen") == "yes")
            }
            // Middleware ran once per answer (not for "second"), on the connection's event loop
            // (the only one by default), never on the global queue that completed.
            let seenLoops = seen.loops.withLock { $0 }
            #expect(seenLoops.count == 5)
            #expect(seenLoops.allSatisfy { $0.loop == 0 })
            // A client that leaves before its answer: the answer that comes later finds the
            // connection gone and is dropped with it.
            let leaving = try server.client()
            leaving.send(get("/held"))
            #expect(TestServer.eventually { late.withLock { $0.count } == 1 })
            #expect(server.server.openConnections == 2)
            var reset = linger(l_onoff: 1, l_linger: 0)
            setsockopt(leaving.fd, SOL_SOCKET, SO_LINGER, &reset, socklen_t(MemoryLayout<linger>.size))
            leaving.close()
            #expect(TestServer.eventually { server.server.openConnections == 1 })
            late.withLock { $0[0](.text("too late")) }
            late.withLock { $0[0](.text("and again")) }
            // The late answers went nowhere, middleware included (the loop runs jobs in order,
            // so a request queued after them is answered after them).
            client.send(get("/hello"))
            #expect(try client.readResponse().text == "hello")
            #expect(seen.loops.withLock { $0.count } == 6)
        }
    }
}
