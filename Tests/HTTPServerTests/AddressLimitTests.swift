import Foundation
import HTTPServer
import Platform
import TestSupport
import Testing

/// One client address can't hold every connection: past
/// ``ServerConfiguration/maxConnectionsPerAddress`` a connection gets 429 with `Retry-After`,
/// and with an exempt predicate, requests it exempts are still served on the same address.
@Suite struct AddressLimitTests {
    /// Four connections per address; an `X-Admin: yes` request is exempt when `exempt`.
    static func limited(exempt: Bool) -> (inout ServerConfiguration) -> Void {
        { c in
            c.maxConnectionsPerAddress = 4
            c.overLimitConnectionsPerAddress = 2
            c.headerReadTimeout = 600
            c.idleTimeout = 600
            if exempt { c.exemptFromAddressLimit = { $0.headers["x-admin"] == "yes" } }
        }
    }

    /// Opens `n` connections and waits until the server holds them all.
    static func hold(_ n: Int, _ server: TestServer) throws -> [TestClient] {
        let clients = try (0..<n).map { _ in try server.client() }
        let held = TestServer.eventually { server.server.openConnections(from: "127.0.0.1") >= n }
        try #require(held, "the server holds \(server.server.openConnections) connections")
        return clients
    }

    @Test func pastItsLimitAnAddressGets429WithRetryAfter() async throws {
        try await withTestServer(router: makeTestRouter(), configure: Self.limited(exempt: false)) { server in
            let held = try Self.hold(4, server)
            let refused = try server.request(get("/hello"))
            #expect(refused.status == 429)
            #expect(refused.header("Retry-After") == "1")
            #expect(refused.text.contains("127.0.0.1"), "names the address: \(refused.text)")
            // The held connections are served; closing one makes room.
            held[0].send(get("/hello"))
            #expect(try held[0].readResponse().text == "hello")
            held[1].close()
            let room = TestServer.eventually { server.server.openConnections(from: "127.0.0.1") == 3 }
            #expect(room)
            #expect(try server.request(get("/hello")).status == 200)
            #expect(server.server.refusals[429] == 1)
        }
    }

    /// Another client on the same address (behind one proxy, or on the same machine) holds
    /// every slot and every over-limit slot with connections that send nothing: a request the
    /// application exempts still gets through (the oldest idle over-limit connection makes
    /// room and is told 429), while the others' requests beyond the limit get 429.
    @Test func exemptRequestsGetThroughAnAddressThatIsFull() async throws {
        try await withTestServer(router: makeTestRouter(), configure: Self.limited(exempt: true)) { server in
            let held = try Self.hold(4 + 2, server)
            // Not exempt, over the limit: 429 and closed.
            let other = try server.client()
            other.send(get("/hello"))
            let refused = try other.readResponse()
            #expect(refused.status == 429 && refused.header("Retry-After") == "1")
            #expect(other.waitForClose())
            // Exempt: served, on as many requests as it sends.
            let admin = try server.client()
            for _ in 0..<3 {
                admin.send(get("/hello", "X-Admin: yes\r\n"))
                #expect(try admin.readResponse().text == "hello")
            }
            // The oldest over-limit connection that had sent nothing made room, told so.
            let evicted = try held[4].readResponse()
            #expect(evicted.status == 429)
            #expect(held[4].waitForClose())
            // A request that is not exempt on the exempt connection is refused, and it closes.
            admin.send(get("/hello"))
            #expect(try admin.readResponse().status == 429)
            #expect(admin.waitForClose())
            // Those within the limit were never disturbed.
            held[0].send(get("/hello"))
            #expect(try held[0].readResponse().text == "hello")
        }
    }

    @Test func theHostOfAnAddressIsWithoutItsPort() {
        #expect(HTTPRequest(target: "/", remoteAddress: "203.0.113.7:51234").remoteHost == "203.0.113.7")
        #expect(HTTPRequest(target: "/", remoteAddress: "[2001:db8::1]:443").remoteHost == "[2001:db8::1]")
        #expect(HTTPRequest(target: "/", remoteAddress: "[::1]").remoteHost == "[::1]")
        #expect(HTTPRequest(target: "/", remoteAddress: "unknown").remoteHost == "unknown")
    }
}
