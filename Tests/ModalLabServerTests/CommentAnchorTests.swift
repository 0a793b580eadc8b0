import Foundation
import JSON
import TestSupport
import Testing

@testable import ModalLabServer

/// `POST /api/comments` with an anchor, its validation, and comments made before anchors.
@Suite(.serialized) struct CommentAnchorTests {
    static let base =
        #""prototype": "mail", "screen": "inbox", "x": 120, "y": 300, "text": "Too easy to hit?""#

    func post(_ s: TestApp, _ members: String) async throws -> TestResponse {
        try await s.client.request(
            "POST", "/api/comments", body: "{\(Self.base)\(members.isEmpty ? "" : ", ")\(members)}")
    }

    @Test func anAnchoredCommentIsStoredWithWhereItBelongs() async throws {
        let s = try TestApp()
        let r = try await post(
            s,
            #""device": "iphone-16", "orientation": "portrait", "environment": {"multitasking": "full", "textSize": 3, "dark": false}, "anchor": {"element": "delete-all", "kind": "control", "dx": 0.75, "dy": 0.5}"#
        )
        #expect(r.status == 201, "\(r.text)")
        #expect(
            r.json?["anchor"]
                == (try JSONParser.parse(#"{"element": "delete-all", "kind": "control", "dx": 0.75, "dy": 0.5}"#)))
        #expect(r.json?["orientation"] == "portrait")
        #expect(r.json?["environment"]?["textSize"]?.numberValue == 3)
        #expect(r.json?["place"] == (try JSONParser.parse(#"{"element": "Delete All", "in": "Inbox"}"#)))
        let listed = try await s.client.request("GET", "/api/comments?prototype=mail").json?.arrayValue ?? []
        #expect(listed.count == 1)
        #expect(listed.first?["anchor"]?["element"] == "delete-all")
        #expect(listed.first?["place"]?["element"] == "Delete All")
        // A modal and a screen are anchors too; a control inside a modal belongs to it.
        let modal = try await post(s, #""anchor": {"element": "compose", "kind": "modal", "dx": 0, "dy": 1}"#)
        #expect(modal.status == 201)
        #expect(modal.json?["place"] == (try JSONParser.parse(#"{"element": null, "in": "New Message"}"#)))
        let inside = try await post(s, #""anchor": {"element": "to", "kind": "control", "dx": 0.1, "dy": 0.1}"#)
        #expect(inside.json?["place"]?["in"] == "New Message", "\(inside.text)")
        #expect(
            try await post(s, #""anchor": {"element": "inbox", "kind": "screen", "dx": 0.5, "dy": 0.5}"#).status == 201)
        // The log says what it is on.
        let log = try await s.client.request("GET", "/api/logs.ndjson?prototype=mail").text
        let comment = log.split(separator: "\n").first { $0.contains(#""type":"comment""#) }.map(String.init) ?? ""
        #expect(comment.contains(#""target":"delete-all""#) && comment.contains(#""orientation":"portrait""#))
    }

    @Test(arguments: [
        (#""anchor": "delete-all""#, "$.anchor", "an object"),
        (#""anchor": {"element": "delete-all", "kind": "button", "dx": 0.5, "dy": 0.5}"#, "$.anchor.kind", "control"),
        (#""anchor": {"element": "delete-all", "kind": "control", "dx": 1.5, "dy": 0.5}"#, "$.anchor.dx", "0 to 1"),
        (#""anchor": {"element": "delete-all", "kind": "control", "dx": 0.5, "dy": -0.1}"#, "$.anchor.dy", "0 to 1"),
        (#""anchor": {"element": "delete-all", "kind": "control", "dx": 0.5}"#, "$.anchor.dy", "dy"),
        (#""anchor": {"element": "", "kind": "control", "dx": 0.5, "dy": 0.5}"#, "$.anchor.element", "1 to 200"),
        (
            #""anchor": {"element": "delete-al", "kind": "control", "dx": 0.5, "dy": 0.5}"#, "$.anchor.element",
            "delete-all"
        ),
        (
            #""anchor": {"element": "delete-all", "kind": "modal", "dx": 0.5, "dy": 0.5}"#, "$.anchor.element",
            "no modal"
        ),
        (
            #""anchor": {"element": "delete-all", "kind": "control", "dx": 0.5, "dy": 0.5, "dz": 1}"#, "$.anchor.dz",
            "dz"
        ),
        (#""orientation": "sideways""#, "$.orientation", "landscape"),
        (#""environment": {"text size": "large"}"#, #"$.environment["text size"]"#, "letters and digits"),
        (#""environment": {"appearance": {"dark": true}}"#, "$.environment.appearance", "a string"),
        (#""environment": {"note": "\#(String(repeating: "x", count: 65))"}"#, "$.environment.note", "64"),
        (#""environment": {\#((0..<17).map { "\"k\($0)\": 1" }.joined(separator: ", "))}"#, "$.environment", "16"),
        (#""device": "iphone-99""#, "$.device", "iphone"),
    ])
    func badAnchorsAreRefusedNamingThePath(_ members: String, _ path: String, _ says: String) async throws {
        let s = try TestApp()
        let r = try await post(s, members)
        #expect(r.status == 400, "\(members): \(r.status) \(r.text)")
        #expect(r.json?["path"]?.stringValue == path, "\(members): \(r.text)")
        #expect(r.json?["detail"]?.stringValue?.contains(says) == true, "\(members): \(r.text)")
        #expect(try await s.client.request("GET", "/api/comments?prototype=mail").json == [], "nothing was stored")
    }

    /// The screen and modal a comment names are the prototype's: a pin on nothing would never
    /// show (as a client event's screen, they are checked, with the nearest id as a hint).
    @Test func aCommentsScreenAndModalAreThePrototypes() async throws {
        let s = try TestApp()
        for (members, path, says) in [
            (#""screen": "nope""#, "$.screen", "names no screen"),
            (#""screen": "inbx""#, "$.screen", "inbox"),
            (#""screen": "\#(String(repeating: "s", count: 900_000))""#, "$.screen", "names no screen"),
            (#""screen": "inbox", "modal": "compse""#, "$.modal", "compose"),
        ] {
            let r = try await s.client.request(
                "POST", "/api/comments", body: #"{"prototype": "mail", "x": 1, "y": 1, "text": "t", \#(members)}"#)
            #expect(r.status == 400, "\(r.status) \(r.text.prefix(300))")
            #expect(r.json?["path"]?.stringValue == path, "\(r.text.prefix(300))")
            #expect(r.json?["detail"]?.stringValue?.contains(says) == true, "\(r.text.prefix(300))")
        }
        #expect(try await s.client.request("GET", "/api/comments?prototype=mail").json == [], "nothing was stored")
    }

    /// A comment's point is a point of the device frame: within ±100,000 points.
    @Test func aPointFarOffTheFrameIsRefused() async throws {
        let s = try TestApp()
        for (body, path) in [
            (#"{"prototype": "mail", "text": "far", "x": 1e300, "y": 5}"#, "$.x"),
            (#"{"prototype": "mail", "text": "far", "x": 5, "y": -1e9}"#, "$.y"),
        ] {
            let r = try await s.client.request("POST", "/api/comments", body: body)
            #expect(r.status == 400 && r.json?["path"]?.stringValue == path, "\(r.text)")
        }
    }

    /// A comment's text is bounded as the page's text area bounds it (UTF-16 code units), so a
    /// letter under half a million combining marks, one character as drawn, is refused; the
    /// longest text the text area takes is stored. An anchor's element id likewise.
    @Test func aCommentsLengthIsCountedAsTheTextAreaCountsIt() async throws {
        let s = try TestApp()
        func post(_ text: String, element: String = "compose") async throws -> TestResponse {
            let body: JSONValue = [
                "prototype": "mail", "x": 1, "y": 1, "text": .string(text),
                "anchor": ["element": .string(element), "kind": "control", "dx": 0.5, "dy": 0.5],
            ]
            return try await s.client.request("POST", "/api/comments", body: body.description)
        }
        let stacked = try await post("a" + String(repeating: "\u{301}", count: 500_000))
        #expect(stacked.status == 400 && stacked.json?["path"]?.stringValue == "$.text", "\(stacked.status)")
        #expect(stacked.text.utf8.count < 1_000, "the refusal does not echo the text: \(stacked.text.utf8.count) bytes")
        let emoji = try await post(String(repeating: "👍", count: 2001))  // 4,002 UTF-16 code units
        #expect(emoji.status == 400, "\(emoji.text)")
        #expect(try await post(String(repeating: "👍", count: 2000)).status == 201)
        let element = try await post("ok", element: "b" + String(repeating: "\u{301}", count: 300))
        #expect(element.status == 400 && element.json?["path"]?.stringValue == "$.anchor.element", "\(element.text)")
    }

    /// A study's comment answer is bounded as the panel's text area bounds it, in UTF-16 code
    /// units: one letter under thousands of combining marks is refused.
    @Test func aStudyCommentAnswerIsCountedAsTheTextAreaCountsIt() async throws {
        let s = try TestApp()
        let sid = try await s.session("mail", device: "iphone-16")
        let stacked: JSONValue = [
            "type": "answer", "question": "comment", "value": .string("a" + String(repeating: "\u{301}", count: 5000)),
        ]
        let refused = try await s.act(sid, stacked)
        #expect(refused.status == 400 && refused.json?["path"]?.stringValue == "$.value", "\(refused.status)")
        let fits: JSONValue = [
            "type": "answer", "question": "comment", "value": .string(String(repeating: "b", count: 4000)),
        ]
        #expect(try await s.act(sid, fits).status == 200)
    }

    @Test func commentsMadeBeforeAnchorsStillLoad() async throws {
        let data = try TemporaryDirectory("old-comments")
        defer { data.remove() }
        // A line as the server wrote them before anchors, environment and orientation.
        let old =
            #"{"id":"old1","prototype":"mail","share":null,"author":"owner","screen":"inbox","modal":null,"x":120,"y":300,"text":"An old one","device":"iphone-16","createdAt":"2025-05-01T10:00:00Z"}"#
        try Data((old + "\n").utf8).write(to: URL(fileURLWithPath: data.path + "/comments.ndjson"))
        let s = try TestApp(data: data)
        let listed = try await s.client.request("GET", "/api/comments?prototype=mail").json?.arrayValue ?? []
        #expect(listed.count == 1)
        let c = try #require(listed.first)
        #expect(c["text"] == "An old one" && c["x"]?.numberValue == 120 && c["y"]?.numberValue == 300)
        #expect(c["anchor"] == .null && c["orientation"] == .null)
        #expect(c["place"] == (try JSONParser.parse(#"{"element": null, "in": "Inbox"}"#)))
        // And new ones go on after it.
        #expect(try await post(s, "").status == 201)
        #expect(try await s.client.request("GET", "/api/comments?prototype=mail").json?.arrayValue?.count == 2)
    }
}
