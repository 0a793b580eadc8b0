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

    /// What a participant link fixes of the environment (docs/api.md) stays fixed for the whole
    /// session: a `resize` or `rotate` that would change it is a 403 naming the member, and
    /// nothing of it is logged; its own value again, and the members the link leaves out, pass.
    @Test func aParticipantCantChangeWhatItsLinkFixes() async throws {
        let s = try TestApp()
        let made = try await s.client.json(
            "POST", "/api/shares",
            [
                "prototype": "mail", "role": "participant", "tasks": ["send-draft"], "device": "iphone-16",
                "appearance": "dark", "contentSize": "accessibilityLarge", "orientation": "portrait",
            ])
        let url = try #require(made.json?["url"]?.stringValue, "\(made.text)")
        let cookie = ["Cookie": "modallab_share_0=\(url[url.range(of: "/s/")!.upperBound...])"]
        let started = try await s.client.request(
            "POST", "/api/sessions", body: #"{"prototype": "mail", "device": "ipad-pro-13", "appearance": "light"}"#,
            headers: cookie, auth: false)
        #expect(started.status == 201, "\(started.text)")
        #expect(started.json?["state"]?["device"]?.stringValue == "iphone-16")
        let sid = try #require(started.json?["session"]?.stringValue)
        func act(_ body: String) async throws -> TestResponse {
            try await s.client.request(
                "POST", "/api/sessions/\(sid)/actions", body: body, headers: cookie, auth: false)
        }
        for (body, member) in [
            (#"{"type": "resize", "device": "ipad-pro-13"}"#, "device"),
            (#"{"type": "rotate", "orientation": "landscape"}"#, "orientation"),
            (#"{"type": "resize", "appearance": "light"}"#, "appearance"),
            (#"{"type": "resize", "contentSize": "small"}"#, "contentSize"),
            (#"{"type": "resize", "layoutDirection": "rtl", "contentSize": "small"}"#, "contentSize"),
        ] {
            let refused = try await act(body)
            #expect(refused.status == 403, "\(body): \(refused.text)")
            #expect(refused.json?["path"]?.stringValue == "$.\(member)", "\(body): \(refused.text)")
            #expect(refused.json?["option"]?.stringValue == member)
        }
        // The fixed value again is no change; a member the link leaves out is the participant's.
        #expect(try await act(#"{"type": "resize", "appearance": "dark"}"#).status == 200)
        #expect(try await act(#"{"type": "rotate", "orientation": "portrait"}"#).status == 200)
        let direction = try await act(#"{"type": "resize", "layoutDirection": "rtl"}"#)
        #expect(direction.status == 200, "\(direction.text)")
        let state = try #require(direction.json?["state"])
        #expect(state["device"]?.stringValue == "iphone-16" && state["appearance"]?.stringValue == "dark")
        #expect(state["contentSize"]?.stringValue == "accessibilityLarge")
        #expect(state["orientation"]?.stringValue == "portrait")
        // The refusals left no trace in the log: the session's resizes are the three that passed.
        let log = try await s.client.request("GET", "/api/logs.ndjson?session=\(sid)").text
        #expect(!log.contains("ipad-pro-13") && !log.contains("landscape"), "\(log)")
        // The owner, on the same prototype, still resizes freely.
        let owner = try await s.client.json("POST", "/api/sessions", ["prototype": "mail"])
        let ownSid = try #require(owner.json?["session"]?.stringValue)
        let ownResize = try await s.client.request(
            "POST", "/api/sessions/\(ownSid)/actions", body: #"{"type": "resize", "device": "ipad-pro-13"}"#)
        #expect(ownResize.status == 200, "\(ownResize.text)")
    }

    /// A link's session continues only a session of the same link (`restore.continues`, the
    /// player's reload after a new version); another link's session, or one the log doesn't
    /// hold, is a 400 at `$.restore.continues`. The owner continues any.
    @Test func aLinksSessionContinuesOnlyItsOwnLinksSessions() async throws {
        let s = try TestApp()
        let participant = try await Self.link(s, role: "participant")
        let comment = try await Self.link(s, role: "comment")
        func start(_ continues: String?, _ cookie: [String: String]?) async throws -> TestResponse {
            let restore = continues.map { #", "restore": {"continues": "\#($0)", "actions": []}"# } ?? ""
            return try await s.client.request(
                "POST", "/api/sessions", body: #"{"prototype": "mail"\#(restore)}"#, headers: cookie ?? [:],
                auth: cookie == nil)
        }
        let others = try #require(try await start(nil, comment).json?["session"]?.stringValue)
        let own = try #require(try await start(nil, participant).json?["session"]?.stringValue)
        let stolen = try await start(others, participant)
        #expect(stolen.status == 400 && stolen.json?["path"]?.stringValue == "$.restore.continues", "\(stolen.text)")
        let unknown = try await start(String(repeating: "A", count: 22), participant)
        #expect(unknown.status == 400, "\(unknown.text)")
        let continued = try await start(own, participant)
        #expect(continued.status == 201, "\(continued.text)")
        #expect(try await start(own, nil).status == 201, "the owner continues any session")
        let starts = try await s.client.request("GET", "/api/logs.ndjson?type=session_start").text
        #expect(!starts.contains(#""continues":"\#(others)""#), "\(starts)")
    }
}
