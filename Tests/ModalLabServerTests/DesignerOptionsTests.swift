import Foundation
import JSON
import TestSupport
import Testing

@testable import ModalLabServer

/// The designer's options (`embed`, another `targetOS`) are refused to a participant link with
/// a 403 naming the option, and left to the owner and `view` and `comment` links.
@Suite struct DesignerOptionsTests {
    /// The cookie header of a new link of `role` to Mail (participants play its `send-draft`).
    static func link(_ s: TestApp, role: String) async throws -> [String: String] {
        let body: JSONValue =
            role == "participant"
            ? ["prototype": "mail", "role": .string(role), "tasks": ["send-draft"]]
            : ["prototype": "mail", "role": .string(role)]
        let made = try await s.client.json("POST", "/api/shares", body)
        let url = try #require(made.json?["url"]?.stringValue, "\(made.text)")
        return ["Cookie": "modallab_share_0=\(url[url.range(of: "/s/")!.upperBound...])"]
    }

    @Test func aParticipantLinkCantUseTheDesignersOptions() async throws {
        let s = try TestApp()
        let own = try #require(
            try await s.client.json("POST", "/api/sessions", ["prototype": "mail"]).json?["state"]?["targetOS"]?
                .stringValue)
        let other = own == "17" ? "18" : "17"
        let participant = try await Self.link(s, role: "participant")
        func start(_ body: String, _ cookie: [String: String]) async throws -> TestResponse {
            try await s.client.request("POST", "/api/sessions", body: body, headers: cookie, auth: false)
        }
        let embedded = try await start(#"{"prototype": "mail", "embed": "board"}"#, participant)
        #expect(embedded.status == 403, "\(embedded.text)")
        #expect(embedded.json?["path"]?.stringValue == "$.embed" && embedded.json?["option"]?.stringValue == "embed")
        let version = try await start(#"{"prototype": "mail", "targetOS": "\#(other)"}"#, participant)
        #expect(version.status == 403 && version.json?["path"]?.stringValue == "$.targetOS", "\(version.text)")
        // What the participant's player sends: the page's environment, the prototype's own iOS.
        let player = try await start(
            #"{"prototype": "mail", "device": "iphone-16", "orientation": "portrait", "multitasking": "full", "appearance": "light", "contentSize": "large", "layoutDirection": "ltr", "targetOS": "\#(own)"}"#,
            participant)
        #expect(player.status == 201, "\(player.text)")
        let sid = try #require(player.json?["session"]?.stringValue)
        let resize = try await s.client.request(
            "POST", "/api/sessions/\(sid)/actions", body: #"{"type": "resize", "targetOS": "\#(other)"}"#,
            headers: participant, auth: false)
        #expect(resize.status == 403 && resize.json?["path"]?.stringValue == "$.targetOS", "\(resize.text)")
        // Refused before anything was logged: no session of the link's is marked as the board's.
        let starts = try await s.client.request("GET", "/api/logs.ndjson?type=session_start").text
        #expect(!starts.split(separator: "\n").contains { $0.contains(#""embed":"board""#) })
        // The player's address: the board's frame and another version are not the participant's.
        for (query, name) in [("embed=1", "embed"), ("targetOS=\(other)", "targetOS")] {
            let page = try await s.client.request("GET", "/p/mail?\(query)", headers: participant, auth: false)
            #expect(page.status == 403, "\(query): \(page.status)")
            #expect(page.text.contains(name))
        }
        #expect(try await s.client.request("GET", "/p/mail", headers: participant, auth: false).status == 200)
        #expect(
            try await s.client.request("GET", "/p/mail?targetOS=\(own)", headers: participant, auth: false).status
                == 200)
        // The designer and reviewers keep them.
        for role in ["view", "comment"] {
            let cookie = try await Self.link(s, role: role)
            #expect(try await start(#"{"prototype": "mail", "embed": "board"}"#, cookie).status == 201, "\(role)")
            #expect(try await start(#"{"prototype": "mail", "targetOS": "\#(other)"}"#, cookie).status == 201)
            #expect(
                try await s.client.request("GET", "/p/mail?embed=1&targetOS=\(other)", headers: cookie, auth: false)
                    .status == 200)
        }
        let owner = try await s.client.request(
            "POST", "/api/sessions", body: #"{"prototype": "mail", "embed": "board"}"#)
        #expect(owner.status == 201)
    }
}
