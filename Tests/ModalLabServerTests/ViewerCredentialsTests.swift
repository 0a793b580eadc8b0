import Foundation
import TestSupport
import Testing

/// The routes of the owner and share links (sessions, their actions and events, comments) read
/// no body from a client without credentials: 401 on the head alone, and the connection
/// closes, so strangers can't hold connections open sending bodies that never end.
@Suite struct ViewerCredentialsTests {
    @Test(arguments: ["/api/sessions", "/api/comments", "/api/sessions/AAAAAAAAAAAAAAAAAAAAAA/events"])
    func aStrangersBodyIsRefusedBeforeItIsRead(_ path: String) async throws {
        let s = try TestApp(socket: true)
        for credentials in ["", "Cookie: modallab_share_\(s.client.port)=nope.nope\r\n"] {
            let stranger = try TestClient(port: s.client.port)
            stranger.send(
                "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                    + "Content-Length: 1000000\r\n\(credentials)\r\n{")
            let refused = try await blocking { try stranger.readResponse() }
            #expect(refused.status == 401, "\(path) \(credentials): \(refused.status) \(refused.text)")
            #expect(refused.header("connection") == "close")
            #expect(try await blocking { stranger.waitForClose() })
        }
        // The owner's body is read and answered.
        let mine = try await s.client.json("POST", "/api/sessions", ["prototype": "mail"])
        #expect(mine.status == 201, "\(mine.status) \(mine.text)")
    }
}
