import Foundation
import JSON
import TestSupport
import Testing

/// A share link's lasting streams end when the link expires, as they do when it is revoked:
/// over real sockets, a view link's `/api/stream` and a report link's watch of a session.
@Suite struct ShareExpiryTests {
    /// Makes a link of `role` to `mail` that expires in `seconds`, and opens it: its cookie pair.
    static func link(_ c: AppClient, role: String, expiresIn seconds: Int) async throws -> String {
        let made = try await c.json(
            "POST", "/api/shares", ["prototype": "mail", "role": .string(role), "expiresIn": .int(seconds)])
        let url = try #require(made.json?["url"]?.stringValue, "\(made.status) \(made.text)")
        let token = String(url[url.range(of: "/s/")!.upperBound...])
        return "modallab_share_\(c.port)=\(token)"
    }

    @Test func aLinksStreamsEndWhenItExpires() async throws {
        let s = try TestApp(socket: true)
        let c = s.client
        let sid = try await s.session("mail", device: "iphone-16")
        let view = try await Self.link(c, role: "view", expiresIn: 10)
        let report = try await Self.link(c, role: "report", expiresIn: 10)
        let reloads = try TestClient(port: c.port)
        reloads.send("GET /api/stream?prototype=mail HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: \(view)\r\n\r\n")
        let watch = try TestClient(port: c.port)
        watch.send("GET /api/sessions/\(sid)/watch HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: \(report)\r\n\r\n")
        let heads = try await blocking { (try reloads.readUntil(":\n\n"), try watch.readUntil("}\n\n")) }
        #expect(heads.0.hasPrefix("HTTP/1.1 200"), "\(heads.0.prefix(200))")
        #expect(heads.1.hasPrefix("HTTP/1.1 200"), "\(heads.1.prefix(200))")
        // Both end by themselves once the links expire (the reads wait at most the client's
        // deadline): the watch with its `end` event, the stream with its last chunk.
        let ends = try await blocking { (try watch.readUntil("event: end"), try reloads.readUntil("0\r\n\r\n")) }
        #expect(ends.0.contains("event: end"))
        #expect(ends.1.hasSuffix("0\r\n\r\n"))
        // And the link opens nothing more: the session is not found for it, as for anyone
        // without a working link.
        let after = try await c.request("GET", "/api/sessions/\(sid)/watch", headers: ["Cookie": report], auth: false)
        #expect(after.status == 404, "\(after.status)")
    }
}
