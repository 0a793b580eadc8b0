import Foundation
import TestSupport
import Testing

@testable import ModalLabServer

/// `/healthz`, the files of `Public/` and an action's answer carry the security headers from
/// header blocks built once (the answer of `/healthz`, each cached file's block, the frame
/// answer's fields), over real sockets: every field is there exactly once, on a 200 and on a
/// 304, as SecurityHeaders adds it to any other answer.
@Suite struct PrebuiltHeadersTests {
    @Test func healthFilesAndActionsCarryEachSecurityHeaderOnce() async throws {
        let app = try TestApp(socket: true)
        let c = app.client
        let health = try await c.request("GET", "/healthz", auth: false)
        let file = try await c.request("GET", "/public/comments.js", auth: false)
        let etag = try #require(file.header("ETag"))
        let unchanged = try await c.request(
            "GET", "/public/comments.js", headers: ["If-None-Match": etag], auth: false)
        #expect(health.status == 200 && health.text == #"{"status":"ok"}"#, "\(health.text)")
        #expect(file.status == 200)
        #expect(unchanged.status == 304)
        let session = try await c.json("POST", "/api/sessions", ["prototype": "mail", "device": "iphone-16"])
        let sid = try #require(session.json?["session"]?.stringValue, "\(session.text)")
        // An answer with fields of its own (a new session's `Location`): those first, then the same.
        let sessionFields = Self.answerFields(session)
        #expect(
            sessionFields == [
                "Location", "Content-Type", "Cache-Control", "Referrer-Policy", "X-Content-Type-Options",
                "X-Frame-Options",
            ], "\(sessionFields)")
        #expect(session.header("Content-Type") == "application/json; charset=utf-8")
        let action = try await c.request(
            "POST", "/api/sessions/\(sid)/actions", body: #"{"type":"tap","target":"compose"}"#)
        #expect(action.status == 200 && action.header("Content-Type") == "application/json; charset=utf-8")
        #expect(action.header("Cache-Control") == "no-store", "\(action.text)")
        // The answer's own fields, then the ones every response carries, in the order the
        // middleware appended them when they were not built in.
        let names = Self.answerFields(action)
        #expect(
            names == ["Content-Type", "Cache-Control", "Referrer-Policy", "X-Content-Type-Options", "X-Frame-Options"],
            "\(names)")
        for (what, r) in [("/healthz", health), ("a file", file), ("a 304", unchanged), ("an action", action)] {
            for name in ["Referrer-Policy", "X-Content-Type-Options", "X-Frame-Options"] {
                #expect(r.headerCount(name) == 1, "\(what): \(name) once")
            }
            #expect(r.header("Referrer-Policy") == "no-referrer")
            #expect(r.header("X-Content-Type-Options") == "nosniff")
            #expect(r.header("X-Frame-Options") == "SAMEORIGIN")
            #expect(r.header("Content-Security-Policy") == nil, "\(what) is no HTML page")
        }
        // Twice: the second answer comes from the cached block.
        let again = try await c.request("GET", "/public/comments.js", auth: false)
        #expect(again.headerCount("X-Frame-Options") == 1 && again.body == file.body)
    }

    /// The names of a response's fields in order, but those the server writes on every
    /// response around the answer's own (`Server`, `Date`, `Content-Length`, `Connection`).
    static func answerFields(_ response: TestResponse) -> [String] {
        response.headers.map(\.0).filter { !["Server", "Date", "Content-Length", "Connection"].contains($0) }
    }
}
