import Foundation
import HTTPServer
import Platform
import TestSupport
import Testing

/// At ``ServerConfiguration/maxConnections`` the longest idle connection closes to make room
/// for a newcomer, so clients holding idle connections can't keep others (the owner) out; 503
/// only when no connection is idle.
@Suite struct ConnectionCapTests {
    /// A cap of `cap` connections, `perAddress` per address (0: none), long timeouts; requests
    /// with `X-Admin: yes` are exempt.
    static func capped(_ cap: Int, perAddress: Int = 0) -> (inout ServerConfiguration) -> Void {
        { c in
            c.maxConnections = cap
            c.maxConnectionsPerAddress = perAddress
            c.headerReadTimeout = 600
            c.idleTimeout = 600
            c.exemptFromAddressLimit = { $0.headers["x-admin"] == "yes" }
        }
    }

    /// A connection from the loopback address `127.0.0.N` (another client address to the
    /// server), or from 127.0.0.1 where only that one can be bound (macOS by default).
    static func client(_ server: TestServer, from n: Int) throws -> TestClient {
        do {
            return try TestClient(port: server.port, from: "127.0.0.\(n)")
        } catch {
            return try server.client()
        }
    }

    /// Whether this machine lets a socket bind 127.0.0.2 (Linux: all of 127.0.0.0/8 is
    /// loopback; macOS: only 127.0.0.1 unless aliases are added).
    static let severalLoopbackAddresses = TestClient.canBind("127.0.0.2")

    /// A connection that made one request and now sits idle (keep-alive).
    static func idle(_ server: TestServer, from n: Int) throws -> TestClient {
        let client = try client(server, from: n)
        client.send(get("/hello"))
        #expect(try client.readResponse().text == "hello")
        return client
    }

    /// The cap is full of idle connections from three addresses, two each (their addresses'
    /// limit): a connection from a fourth is served, and the one that waited longest — it never
    /// sent a byte — is closed for it; then the longest idle keep-alive one. Without room made,
    /// the newcomer got 503.
    @Test func theLongestIdleConnectionMakesRoomForANewcomer() async throws {
        try await withTestServer(
            router: makeTestRouter(), configure: Self.capped(6, perAddress: Self.severalLoopbackAddresses ? 2 : 0)
        ) {
            server in
            let silent = try Self.client(server, from: 2)
            #expect(TestServer.eventually { server.server.openConnections == 1 })
            var held = [silent]
            held.append(try Self.idle(server, from: 2))
            for n in 3...4 {
                held.append(try Self.idle(server, from: n))
                held.append(try Self.idle(server, from: n))
            }
            #expect(server.server.openConnections == 6)
            let newcomer = try Self.client(server, from: 5)
            newcomer.send(get("/hello"))
            #expect(try newcomer.readResponse().text == "hello")
            #expect(silent.waitForClose())
            #expect(TestServer.eventually { server.server.openConnections == 6 })
            let second = try Self.client(server, from: 6)
            second.send(get("/hello"))
            #expect(try second.readResponse().text == "hello")
            #expect(held[1].waitForClose())
            // The others were not disturbed.
            for client in held[2...] {
                client.send(get("/hello"))
                #expect(try client.readResponse().text == "hello")
            }
            #expect(server.server.refusals[503] == nil)
        }
    }

    /// A connection whose first request was exempt (the owner's) is spared while any other is
    /// idle, though it waited longest.
    @Test func anExemptConnectionClosesLast() async throws {
        try await withTestServer(router: makeTestRouter(), configure: Self.capped(4)) { server in
            let admin = try server.client()
            admin.send(get("/hello", "X-Admin: yes\r\n"))
            #expect(try admin.readResponse().text == "hello")
            let others = try (0..<3).map { _ in try Self.idle(server, from: 1) }
            for _ in 0..<3 {
                let newcomer = try server.client()
                newcomer.send(get("/hello"))
                #expect(try newcomer.readResponse().text == "hello")
                newcomer.close()
                #expect(TestServer.eventually { server.server.openConnections <= 4 })
            }
            #expect(others[0].waitForClose())
            admin.send(get("/hello"))
            #expect(try admin.readResponse().text == "hello")
        }
    }

    /// A flood from one address with no per-address limit (behind a proxy) fills the cap with
    /// connections that made a request and stay; right after, another request is served (it got
    /// 503 before), and the server holds no more than the cap.
    @Test func afterAFloodFromOneAddressANewRequestIsServed() async throws {
        try await withTestServer(router: makeTestRouter(), configure: Self.capped(200)) { server in
            var flood: [TestClient] = []
            for _ in 0..<210 {
                let client = try server.client()
                client.send(get("/hello"))
                flood.append(client)
            }
            for client in flood { _ = try? client.readResponse() }
            #expect(TestServer.eventually { server.server.openConnections == 200 })
            let owner = try server.client()
            owner.send(get("/hello", "X-Admin: yes\r\n"))
            #expect(try owner.readResponse().text == "hello")
            #expect(TestServer.eventually { server.server.openConnections == 200 })
            #expect(server.server.refusals[503] == nil)
        }
    }

    /// When every connection is busy (a request being answered), none can make room: a newcomer
    /// gets 503 and is closed; once one finishes and goes idle, the next newcomer is served.
    @Test func whenNoConnectionIsIdleANewcomerGets503() async throws {
        // `/busy` holds its connection until the test opens the gate, and counts who entered:
        // the newcomer comes only once all three requests are being answered (on a loaded
        // machine, a fixed delay could end first, or the requests not be read yet, and then a
        // connection is idle and rightly makes room).
        let gate = Gate()
        let router = makeTestRouter()
        router.get("/busy") { _ async in
            gate.enter()
            while !gate.isOpen { try? await Task.sleep(nanoseconds: 5_000_000) }
            return .text("done")
        }
        try await withTestServer(router: router, configure: Self.capped(3)) { server in
            let busy = try (0..<3).map { _ in try server.client() }
            for client in busy { client.send(get("/busy")) }
            #expect(TestServer.eventually { gate.entered == 3 })
            let refused = try server.client()
            refused.send(get("/hello"))
            let answer = try refused.readResponse()
            #expect(answer.status == 503)
            #expect(refused.waitForClose())
            #expect(server.server.refusals[503] == 1)
            gate.open()
            for client in busy { #expect(try client.readResponse().text == "done") }
            #expect(try server.request(get("/hello")).text == "hello")
        }
    }

    /// Counts the handlers that entered and lets them finish when opened.
    final class Gate: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        private var opened = false
        var entered: Int { lock.withLock { count } }
        var isOpen: Bool { lock.withLock { opened } }
        func enter() { lock.withLock { count += 1 } }
        func open() { lock.withLock { opened = true } }
    }
}
