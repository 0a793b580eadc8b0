import Foundation
import HTTPServer
import InteractionLog
import JSON
import Platform
import TestSupport
import Testing

@testable import ModalLabServer

/// Studies in the UI, the server's side (docs/api.md, "Share links and comments"; docs/studies.md):
/// a participant link fixes parts of the environment and its task order, `?pid=` goes from the
/// link to the player and reopening resumes that participant's session, the owner's preview
/// is not logged, and `session_start` says the browser's family and viewport. Over real sockets.
@Suite struct StudyLinksTests {
    /// Every line of the log as JSON objects (all audiences).
    static func log(_ s: TestApp) async throws -> [JSONValue] {
        let text = try await s.client.request("GET", "/api/logs.ndjson?audience=all").text
        return try text.split(separator: "\n").map { try JSONParser.parse(Array($0.utf8)) }
    }

    /// Fixed members win over what the participant's player asks; the list shows them; members
    /// a view link can't have, an unknown device, an unknown order are 400s naming the member.
    @Test func aParticipantLinkFixesTheEnvironmentAndOrder() async throws {
        let s = try TestApp(socket: true)
        let c = s.client
        let made = try await c.json(
            "POST", "/api/shares",
            [
                "prototype": "mail", "role": "participant", "tasks": ["send-draft", "share-inbox"],
                "label": "Round 2", "taskOrder": "fixed", "device": "ipad-mini", "orientation": "landscape",
                "appearance": "dark", "contentSize": "accessibilityLarge",
            ])
        #expect(made.status == 201, "\(made.text)")
        #expect(made.json?["label"]?.stringValue == "Round 2")
        let id = try #require(made.json?["id"]?.stringValue)
        let listed = try #require(
            (try await c.json("GET", "/api/shares")).json?.arrayValue?.first { $0["id"]?.stringValue == id })
        #expect(listed["taskOrder"]?.stringValue == "fixed")
        #expect(listed["fixed"]?["device"]?.stringValue == "ipad-mini")
        #expect(listed["fixed"]?["contentSize"]?.stringValue == "accessibilityLarge")
        #expect(listed["label"]?.stringValue == "Round 2")

        let url = try #require(made.json?["url"]?.stringValue)
        let cookie = try await SessionAudienceTests.open(c, url)
        let started = try await SessionAudienceTests.request(
            c, "POST", "/api/sessions", cookie: cookie,
            body: #"{"prototype": "mail", "device": "iphone-16", "appearance": "light", "contentSize": "large"}"#)
        #expect(started.status == 201, "\(started.text)")
        let state = try #require(started.json?["state"])
        #expect(state["device"]?.stringValue == "ipad-mini")
        #expect(state["orientation"]?.stringValue == "landscape")
        #expect(state["appearance"]?.stringValue == "dark")
        #expect(state["contentSize"]?.stringValue == "accessibilityLarge")

        for (body, path) in [
            (#"{"prototype": "mail", "role": "view", "appearance": "dark"}"#, "$.appearance"),
            (#"{"prototype": "mail", "role": "report", "taskOrder": "fixed"}"#, "$.taskOrder"),
            (#"{"prototype": "mail", "role": "participant", "tasks": ["send-draft"], "device": "nokia"}"#, "$.device"),
            (
                #"{"prototype": "mail", "role": "participant", "tasks": ["send-draft"], "taskOrder": "random"}"#,
                "$.taskOrder"
            ),
            (
                #"{"prototype": "mail", "role": "participant", "tasks": ["send-draft"], "window": {"width": 5}}"#,
                "$.window"
            ),
        ] {
            let r = try await c.request("POST", "/api/shares", body: body)
            #expect(r.status == 400, "\(body): \(r.text)")
            #expect(r.json?["path"]?.stringValue == path, "\(body): \(r.text)")
        }
    }

    /// `/s/{token}?pid=P7` goes on to `/p/{id}?pid=P7`; the session started with that pid is the
    /// one the participant gets again (200, same id, the tasks over so far), while another pid
    /// or none starts a new one; the browser's family and viewport are on `session_start`.
    @Test func reopeningWithThePidResumesTheSession() async throws {
        let s = try TestApp(socket: true)
        let c = s.client
        let made = try await c.json(
            "POST", "/api/shares",
            ["prototype": "mail", "role": "participant", "tasks": ["send-draft", "share-inbox"]])
        let url = try #require(made.json?["url"]?.stringValue)
        let path = String(url[url.range(of: "/s/")!.lowerBound...])
        let opened = try await c.request("GET", path + "?pid=P7", auth: false)
        #expect(opened.status == 303 || opened.status == 302, "\(opened.status)")
        #expect(opened.header("Location") == "/p/mail?pid=P7")
        let bad = try await c.request("GET", path + "?pid=%3Cscript%3E", auth: false)
        #expect(bad.header("Location") == "/p/mail", "a malformed pid is left out")
        let cookie = try await SessionAudienceTests.open(c, url)
        var headers = cookie
        headers["User-Agent"] =
            "Mozilla/5.0 (Macintosh) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15"
        let first = try await c.request(
            "POST", "/api/sessions",
            body: #"{"prototype": "mail", "pid": "P7", "viewport": {"width": 390, "height": 844}}"#,
            headers: headers, auth: false)
        #expect(first.status == 201, "\(first.text)")
        let sid = try #require(first.json?["session"]?.stringValue)
        for action in [#"{"type": "taskStart", "task": "send-draft"}"#, #"{"type": "giveUp"}"#] {
            let r = try await SessionAudienceTests.request(
                c, "POST", "/api/sessions/\(sid)/actions", cookie: cookie, body: action)
            #expect(r.status == 200, "\(r.text)")
        }
        let again = try await SessionAudienceTests.request(
            c, "POST", "/api/sessions", cookie: cookie, body: #"{"prototype": "mail", "pid": "P7"}"#)
        #expect(again.status == 200, "\(again.text)")
        #expect(again.json?["session"]?.stringValue == sid)
        #expect(again.json?["resumed"]?["ended"] == ["send-draft"])
        #expect(again.json?["tasks"] == ["send-draft", "share-inbox"])
        #expect(again.json?["html"]?.stringValue?.isEmpty == false)
        // The session's clock, from which the reopened page counts its events' t_ms.
        let clock = try #require(again.json?["resumed"]?["t_ms"]?.numberValue, "\(again.text)")
        // The same pid from another address is someone else: a session of its own.
        let elsewhere = try await SessionAudienceTests.request(
            c, "POST", "/api/sessions", cookie: cookie, body: #"{"prototype": "mail", "pid": "P7"}"#,
            source: "127.0.0.2")
        #expect(elsewhere.status == 201, "\(elsewhere.text)")
        #expect(elsewhere.json?["session"]?.stringValue != sid)
        let other = try await SessionAudienceTests.request(
            c, "POST", "/api/sessions", cookie: cookie, body: #"{"prototype": "mail", "pid": "P8"}"#)
        #expect(other.status == 201)
        #expect(other.json?["session"]?.stringValue != sid)
        // An ended session is not resumed: the pid starts anew.
        let end = try await SessionAudienceTests.request(c, "DELETE", "/api/sessions/\(sid)", cookie: cookie)
        #expect(end.status == 204)
        let afterEnd = try await SessionAudienceTests.request(
            c, "POST", "/api/sessions", cookie: cookie, body: #"{"prototype": "mail", "pid": "P7"}"#)
        #expect(afterEnd.status == 201)
        #expect(afterEnd.json?["session"]?.stringValue != sid)

        let starts = try await Self.log(s).filter { $0["type"]?.stringValue == "session_start" }
        let start = try #require(starts.first { $0["session"]?.stringValue == sid })
        #expect(start["props"]?["browser"]?.stringValue == "Safari")
        #expect(start["props"]?["viewport"]?["width"]?.numberValue == 390)
        #expect(start["props"]?["viewport"]?["height"]?.numberValue == 844)
        #expect(start["pid"]?.stringValue == "P7")
        #expect(starts.filter { $0["session"]?.stringValue == sid }.count == 1, "resuming logs no second start")
        // The clock the resumed page was given is past everything logged before it (not the
        // page's own 0), so its misclicks fall on the task running then.
        let before = try await Self.log(s).filter {
            $0["session"]?.stringValue == sid && $0["type"]?.stringValue != "session_end"
        }
        let lastBefore = before.compactMap { $0["t_ms"]?.numberValue }.max() ?? -1
        #expect(clock >= lastBefore, "resumed at t_ms \(clock), logged up to \(lastBefore)")
        let bare = try #require(starts.first { $0["session"]?.stringValue == other.json?["session"]?.stringValue })
        #expect(bare["props"]?["browser"]?.stringValue == "unknown")
        #expect(bare["props"]?["viewport"] == nil)
        let bad2 = try await SessionAudienceTests.request(
            c, "POST", "/api/sessions", cookie: cookie,
            body: #"{"prototype": "mail", "viewport": {"width": 0, "height": 844}}"#)
        #expect(bad2.status == 400)
        #expect(bad2.json?["path"]?.stringValue == "$.viewport.width")
    }

    /// A participant's session outlives the server: killed with SIGKILL mid-task, a new server
    /// over the same data folder gives the participant who reopens the link with the same pid,
    /// from the same address, the session they had (200, same id, same state, the tasks over so
    /// far), rebuilt from the log; from another address the pid starts a session of its own,
    /// and after the session ends the pid starts anew. The address is not in the log, only its
    /// keyed digest.
    @Test func reopeningWithThePidResumesAfterARestart() async throws {
        let binary = try #require(modallabExecutable(), "no modallab executable; run `swift build`")
        let dir = try StudyTests.studyFolder()
        let folder = try TemporaryDirectory("resume")
        defer {
            dir.remove()
            folder.remove()
        }
        func serve() async throws -> (ServerProcess, AppClient) {
            let server = try ServerProcess(
                binary, ["serve", "--port", "0", "--data", folder.path, "--prototypes", dir.path],
                directory: repositoryRoot)
            let url = try await server.ownerURL(within: 30)
            let port = try #require(URLComponents(string: url)?.port)
            let token = try #require(URLComponents(string: url)?.queryItems?.first { $0.name == "token" }?.value)
            return (server, AppClient(transport: .socket, port: port, token: token))
        }
        let (first, c1) = try await serve()
        let made = try await c1.json(
            "POST", "/api/shares",
            [
                "prototype": "mail", "role": "participant", "tasks": ["open-compose", "send-draft"],
                "taskOrder": "fixed",
            ])
        let url = try #require(made.json?["url"]?.stringValue, "\(made.text)")
        let cookie1 = try await SessionAudienceTests.open(c1, url)
        let pid = #"{"prototype": "mail", "pid": "P7"}"#
        let started = try await SessionAudienceTests.request(c1, "POST", "/api/sessions", cookie: cookie1, body: pid)
        #expect(started.status == 201, "\(started.text)")
        let sid = try #require(started.json?["session"]?.stringValue)
        var last: TestResponse?
        for action in [
            #"{"type": "taskStart", "task": "open-compose"}"#, #"{"type": "tap", "target": "compose"}"#,
            #"{"type": "taskStart", "task": "send-draft"}"#,
        ] {
            last = try await SessionAudienceTests.request(
                c1, "POST", "/api/sessions/\(sid)/actions", cookie: cookie1, body: action)
            #expect(last?.status == 200, "\(action): \(last?.text ?? "")")
        }
        Sys.killAbruptly(first.process.processIdentifier)
        await first.stop()

        let (second, c2) = try await serve()
        let cookie2 = try await SessionAudienceTests.open(c2, url)
        // Another address with the same pid: someone else, a session of its own.
        let elsewhere = try await SessionAudienceTests.request(
            c2, "POST", "/api/sessions", cookie: cookie2, body: pid, source: "127.0.0.2")
        #expect(elsewhere.status == 201, "\(elsewhere.text)")
        #expect(elsewhere.json?["session"]?.stringValue != sid)
        // The participant, from their address: the session they had, where they were.
        let again = try await SessionAudienceTests.request(c2, "POST", "/api/sessions", cookie: cookie2, body: pid)
        #expect(again.status == 200, "\(again.text)")
        #expect(again.json?["session"]?.stringValue == sid)
        #expect(again.json?["state"] == last?.json?["state"], "\(again.text.prefix(600))")
        #expect(again.json?["state"]?["task"]?["id"]?.stringValue == "send-draft")
        #expect(again.json?["resumed"]?["ended"] == ["open-compose"])
        #expect(again.json?["tasks"] == ["open-compose", "send-draft"])
        // And it goes on: sending a draft ends the task in the same session (the task started
        // on its start screen, the inbox).
        for action in [#"{"type": "tap", "target": "compose"}"#, #"{"type": "tap", "target": "send"}"#] {
            let r = try await SessionAudienceTests.request(
                c2, "POST", "/api/sessions/\(sid)/actions", cookie: cookie2, body: action)
            #expect(r.status == 200, "\(r.text)")
        }
        #expect(
            try await SessionAudienceTests.request(c2, "POST", "/api/sessions", cookie: cookie2, body: pid).json?[
                "session"]?.stringValue == sid)
        let rows = try await c2.request("GET", "/api/logs.ndjson?audience=all&session=\(sid)").text
            .split(separator: "\n").compactMap { try? JSONParser.parse(String($0)) }
        #expect(rows.filter { $0["type"] == "session_start" }.count == 1, "resuming logs no second start")
        #expect(rows.contains { $0["type"] == "task_end" && $0["target"] == "send-draft" })
        let start = try #require(rows.first { $0["type"] == "session_start" })
        #expect(start["props"]?["addressDigest"]?.stringValue?.count == 32)
        let everything = try await c2.request("GET", "/api/logs.ndjson?audience=all").text
        #expect(!everything.contains("127.0.0.1") && !everything.contains("127.0.0.2"), "no address in the log")
        // Ended, it is not resumed: the pid starts anew.
        #expect(
            try await SessionAudienceTests.request(c2, "DELETE", "/api/sessions/\(sid)", cookie: cookie2).status == 204)
        let afterEnd = try await SessionAudienceTests.request(c2, "POST", "/api/sessions", cookie: cookie2, body: pid)
        #expect(afterEnd.status == 201, "\(afterEnd.text)")
        #expect(afterEnd.json?["session"]?.stringValue != sid)
        await second.stop()
    }

    /// The owner's preview of a participant link: its page is the participant's (tasks, no
    /// designer tools) with the preview's banner, its session plays the link's tasks in the
    /// link's fixed environment, and nothing of it reaches the log — start, actions, client
    /// events, end. A link's viewer can't ask for a preview; a link of another prototype is a 400.
    @Test func theOwnersPreviewIsNotLogged() async throws {
        let s = try TestApp(socket: true)
        let c = s.client
        let made = try await c.json(
            "POST", "/api/shares",
            [
                "prototype": "mail", "role": "participant", "tasks": ["share-inbox", "send-draft"], "label": "Pilot",
                "appearance": "dark",
            ])
        let id = try #require(made.json?["id"]?.stringValue)
        let page = try await c.request("GET", "/p/mail?preview=\(id)")
        #expect(page.status == 200)
        #expect(page.text.contains(#"data-preview="\#(id)""#))
        #expect(page.text.contains("data-participant"))
        #expect(page.text.contains("data-preview-banner"))
        #expect(page.text.contains("<bdi>Pilot</bdi>"))
        #expect(!page.text.contains(#"id="restart""#), "the participant's page: no designer tools")
        #expect(!page.text.contains("data-share-manager"))
        #expect((try await c.request("GET", "/p/mail?preview=nope")).status == 400)
        #expect((try await c.request("GET", "/p/mail")).text.contains(#"data-share-manager="mail""#))

        let before = try await Self.log(s).count
        let started = try await c.json("POST", "/api/sessions", ["prototype": "mail", "preview": .string(id)])
        #expect(started.status == 201, "\(started.text)")
        #expect(started.json?["tasks"] == ["share-inbox", "send-draft"])
        #expect(started.json?["state"]?["appearance"]?.stringValue == "dark")
        let sid = try #require(started.json?["session"]?.stringValue)
        #expect(try await s.act(sid, ["type": "taskStart", "task": "share-inbox"]).status == 200)
        #expect(try await s.act(sid, ["type": "tap", "target": "compose"]).status == 200)
        let events = try await c.json(
            "POST", "/api/sessions/\(sid)/events",
            ["events": [["event_id": "preview-1", "type": "misclick", "x": 10, "y": 10]]])
        #expect(events.status == 200, "\(events.text)")
        #expect(events.json?["accepted"]?.numberValue == 0)
        #expect((try await c.request("DELETE", "/api/sessions/\(sid)")).status == 204)
        let after = try await Self.log(s)
        #expect(after.count == before, "a preview logs nothing")
        #expect(!after.contains { $0["session"]?.stringValue == sid })

        let other = try await c.json("POST", "/api/shares", ["prototype": "photos", "role": "view"])
        let otherID = try #require(other.json?["id"]?.stringValue)
        let wrong = try await c.json("POST", "/api/sessions", ["prototype": "mail", "preview": .string(otherID)])
        #expect(wrong.status == 400)
        #expect(wrong.json?["path"]?.stringValue == "$.preview")
        let cookie = try await SessionAudienceTests.open(c, try #require(made.json?["url"]?.stringValue))
        let byLink = try await SessionAudienceTests.request(
            c, "POST", "/api/sessions", cookie: cookie, body: #"{"prototype": "mail", "preview": "\#(id)"}"#)
        #expect(byLink.status == 400)
        #expect(byLink.json?["path"]?.stringValue == "$.preview")
    }

    /// A participant link can ask each participant for their id (`askPid`): its page, opened
    /// without `?pid=`, has the form (in the page's language) and the study panel hidden until
    /// it is answered, and the server starts no session of the link without a pid; with
    /// `?pid=` the page asks nothing. Only participant links take it, as a boolean.
    @Test func aParticipantLinkCanAskForThePid() async throws {
        let s = try TestApp(socket: true)
        let c = s.client
        for (body, path) in [
            (#"{"prototype": "mail", "role": "view", "askPid": true}"#, "$.askPid"),
            (#"{"prototype": "mail", "role": "participant", "tasks": ["send-draft"], "askPid": "yes"}"#, "$.askPid"),
        ] {
            let r = try await c.request("POST", "/api/shares", body: body)
            #expect(r.status == 400 && r.json?["path"]?.stringValue == path, "\(body): \(r.text)")
        }
        let made = try await c.json(
            "POST", "/api/shares",
            ["prototype": "mail", "role": "participant", "tasks": ["send-draft"], "askPid": true])
        #expect(made.status == 201, "\(made.text)")
        let id = try #require(made.json?["id"]?.stringValue)
        let plain = try await c.json(
            "POST", "/api/shares", ["prototype": "mail", "role": "participant", "tasks": ["send-draft"]])
        let listed = try #require((try await c.json("GET", "/api/shares")).json?.arrayValue)
        #expect(listed.first { $0["id"]?.stringValue == id }?["askPid"] == true)
        #expect(listed.first { $0["id"] == plain.json?["id"] }?["askPid"] == false)

        let cookie = try await SessionAudienceTests.open(c, try #require(made.json?["url"]?.stringValue))
        func page(_ query: String, _ headers: [String: String]) async throws -> String {
            try await c.request("GET", "/p/mail" + query, headers: headers, auth: false).text
        }
        let asking = try await page("", cookie)
        #expect(
            asking.contains("data-study-pid ")
                && asking.contains("<h2 id=\"study-pid-heading\" tabindex=\"-1\">Your participant ID</h2>"))
        #expect(asking.contains(#"<section class="study-panel" data-study-panel hidden>"#))
        #expect(asking.contains(#"aria-describedby="study-pid-hint study-pid-error""#))
        #expect(try await page("?lang=zh-Hans", cookie).contains("你的参与者编号"))
        let given = try await page("?pid=P3", cookie)
        #expect(!given.contains("data-study-pid") && given.contains(#"<section class="study-panel" data-study-panel>"#))
        // The owner's preview shows the form too.
        #expect(try await c.request("GET", "/p/mail?preview=\(id)").text.contains("data-study-pid "))

        let none = try await SessionAudienceTests.request(
            c, "POST", "/api/sessions", cookie: cookie, body: #"{"prototype": "mail"}"#)
        #expect(none.status == 400 && none.json?["path"]?.stringValue == "$.pid", "\(none.text)")
        let withPid = try await SessionAudienceTests.request(
            c, "POST", "/api/sessions", cookie: cookie, body: #"{"prototype": "mail", "pid": "P3"}"#)
        #expect(withPid.status == 201, "\(withPid.text)")
        // The owner's preview has no participant: it starts without one.
        let preview = try await c.json("POST", "/api/sessions", ["prototype": "mail", "preview": .string(id)])
        #expect(preview.status == 201, "\(preview.text)")
        // A link that doesn't ask: no form, a session without a pid.
        let plainCookie = try await SessionAudienceTests.open(c, try #require(plain.json?["url"]?.stringValue))
        #expect(!(try await page("", plainCookie)).contains("data-study-pid"))
        let bare = try await SessionAudienceTests.request(
            c, "POST", "/api/sessions", cookie: plainCookie, body: #"{"prototype": "mail"}"#)
        #expect(bare.status == 201, "\(bare.text)")
    }

    /// The owner's preview of a comment link comments as the link would, and keeps nothing: the
    /// comment (`"preview": <link id>`) is checked and answered 200 with `"preview": true`, but
    /// neither listed nor logged. A preview of a view link gets the 403 that link would; a
    /// link's holder can't ask for a preview; the owner's own comment, without it, is saved.
    @Test func aCommentLinksPreviewSavesNoComment() async throws {
        let s = try TestApp(socket: true)
        let c = s.client
        let made = try await c.json("POST", "/api/shares", ["prototype": "mail", "role": "comment", "label": "Review"])
        let id = try #require(made.json?["id"]?.stringValue)
        let page = try await c.request("GET", "/p/mail?preview=\(id)")
        #expect(page.text.contains(#"data-preview="\#(id)""#) && page.text.contains(#"id="comment-mode""#))
        func comment(_ text: String, preview: String?, headers: [String: String] = [:], auth: Bool = true)
            async throws -> TestResponse
        {
            var body: JSONObject = ["prototype": "mail", "text": .string(text), "x": 40, "y": 200, "screen": "inbox"]
            if let preview { body["preview"] = .string(preview) }
            return try await c.request(
                "POST", "/api/comments", body: JSONWriter().string(.object(body)), headers: headers, auth: auth)
        }
        let previewed = try await comment("looks off", preview: id)
        #expect(previewed.status == 200, "\(previewed.text)")
        #expect(previewed.json?["preview"] == true)
        #expect(previewed.json?["text"]?.stringValue == "looks off")
        #expect(previewed.json?["share"]?.stringValue == id)
        let listed = try await c.request("GET", "/api/comments?prototype=mail")
        #expect(listed.json?.arrayValue?.isEmpty == true, "\(listed.text)")
        #expect(try await Self.log(s).allSatisfy { $0["type"]?.stringValue != "comment" }, "a preview logs no comment")
        // A bad comment is still a 400 in preview.
        let bad = try await comment("", preview: id)
        #expect(bad.status == 400 && bad.json?["path"]?.stringValue == "$.text", "\(bad.text)")
        // A view link's preview can't comment, as the link can't.
        let view = try await c.json("POST", "/api/shares", ["prototype": "mail", "role": "view"])
        let viewID = try #require(view.json?["id"]?.stringValue)
        #expect(try await comment("x", preview: viewID).status == 403)
        #expect(try await comment("x", preview: "nope").json?["path"]?.stringValue == "$.preview")
        // The link's holder has no preview to ask for.
        let cookie = try await SessionAudienceTests.open(c, try #require(made.json?["url"]?.stringValue))
        let byLink = try await comment("x", preview: id, headers: cookie, auth: false)
        #expect(byLink.status == 400 && byLink.json?["path"]?.stringValue == "$.preview", "\(byLink.text)")
        // Without a preview, the owner's comment is saved.
        #expect(try await comment("real", preview: nil).status == 201)
        let after = try await c.request("GET", "/api/comments?prototype=mail").json?.arrayValue ?? []
        #expect(after.map { $0["text"]?.stringValue } == ["real"])
    }

    /// The insights page's filters choose whole sessions by audience, link, label, device and
    /// appearance, and show what they chose; each task's funnel counts the attempts that tapped
    /// each step of its expected path in order, and those that stopped before it.
    @Test func insightsFilterSessionsAndShowFunnels() async throws {
        let s = try TestApp(socket: true)
        let c = s.client
        let made = try await c.json(
            "POST", "/api/shares",
            ["prototype": "mail", "role": "participant", "tasks": ["send-draft"], "label": "Pilot"])
        let link = try #require(made.json?["id"]?.stringValue)
        let cookie = try await SessionAudienceTests.open(c, try #require(made.json?["url"]?.stringValue))
        // P1 sends the draft (both steps), P2 composes and gives up (the first step only).
        for (device, actions) in [
            ("iphone-16", [#"{"type": "tap", "target": "compose"}"#, #"{"type": "tap", "target": "send"}"#]),
            ("ipad-mini", [#"{"type": "tap", "target": "compose"}"#, #"{"type": "giveUp"}"#]),
        ] {
            let started = try await SessionAudienceTests.request(
                c, "POST", "/api/sessions", cookie: cookie, body: #"{"prototype": "mail", "device": "\#(device)"}"#)
            let sid = try #require(started.json?["session"]?.stringValue, "\(started.text)")
            for action in [#"{"type": "taskStart", "task": "send-draft"}"#] + actions {
                let r = try await SessionAudienceTests.request(
                    c, "POST", "/api/sessions/\(sid)/actions", cookie: cookie, body: action)
                #expect(r.status == 200, "\(action): \(r.text)")
            }
        }
        // The owner's attempt, left out unless asked for.
        let own = try await s.session("mail", device: "iphone-16")
        #expect(try await s.act(own, ["type": "taskStart", "task": "send-draft"]).status == 200)

        func row(_ page: String, _ step: Int) -> String? {
            guard let r = page.range(of: #"<tr data-funnel-step="\#(step)">"#) else { return nil }
            return String(page[r.upperBound...].prefix { $0 != "\n" })
        }
        let page = try await c.request("GET", "/p/mail/insights").text
        #expect(page.contains(#"data-funnel="send-draft""#))
        #expect(
            row(page, 0)?.contains(#"style="--reached: 100%">2</span></td><td>0</td>"#) == true, "\(row(page, 0) ?? "")"
        )
        #expect(
            row(page, 1)?.contains(
                #"<bdi>compose</bdi></td><td><span class="funnel-bar" style="--reached: 100%">2</span></td><td>0</td>"#)
                == true)
        #expect(
            row(page, 2)?.contains(
                #"<bdi>send</bdi></td><td><span class="funnel-bar" style="--reached: 50%">1</span></td><td>1</td>"#)
                == true)
        #expect(page.contains(#"<option value="participant" selected>"#))
        #expect(page.contains(#"<option value="\#(link)">Pilot (participant, \#(link))</option>"#))
        #expect(page.contains(#"<option value="Pilot">Pilot</option>"#))

        let everyone = try await c.request("GET", "/p/mail/insights?audience=all").text
        #expect(row(everyone, 0)?.contains(">3</span>") == true, "the owner's attempt counts for audience=all")
        #expect(everyone.contains(#"<option value="all" selected>"#))
        let pad = try await c.request("GET", "/p/mail/insights?device=ipad-mini&label=Pilot&share=\(link)").text
        #expect(
            row(pad, 2)?.contains(#"style="--reached: 0%">0</span></td><td>1</td>"#) == true, "\(row(pad, 2) ?? "")")
        #expect(pad.contains(#"<option value="ipad-mini" selected>"#))
        #expect(pad.contains(#"<option value="Pilot" selected>"#))
        #expect(pad.contains(#"<option value="\#(link)" selected>"#))
        let dark = try await c.request("GET", "/p/mail/insights?appearance=dark").text
        #expect(!dark.contains("data-funnel="), "no session started dark")
        #expect(dark.contains(#"<option value="dark" selected>"#))
    }

    /// The summary's JSON and CSV carry each task's funnel along its expected path (the
    /// prototype's file says it), counted as the insights page counts it, over the same
    /// sessions: the participants by default, everyone with `audience=all`, one device's with
    /// `device`. A task the summary has without an expected path has a null funnel.
    @Test func summariesCarryFunnels() async throws {
        let dir = try StudyTests.studyFolder()
        defer { dir.remove() }
        let s = try TestApp(socket: true, prototypes: dir.path)
        let c = s.client
        let made = try await c.json(
            "POST", "/api/shares",
            ["prototype": "mail", "role": "participant", "tasks": ["send-draft", "open-compose"]])
        let cookie = try await SessionAudienceTests.open(c, try #require(made.json?["url"]?.stringValue))
        // P1 sends the draft (both steps), P2 composes and gives up (the first step only); P1
        // also opens compose for the task without an expected path.
        for (device, actions) in [
            (
                "iphone-16",
                [
                    #"{"type": "taskStart", "task": "send-draft"}"#, #"{"type": "tap", "target": "compose"}"#,
                    #"{"type": "tap", "target": "send"}"#, #"{"type": "taskStart", "task": "open-compose"}"#,
                    #"{"type": "tap", "target": "compose"}"#,
                ]
            ),
            (
                "ipad-mini",
                [
                    #"{"type": "taskStart", "task": "send-draft"}"#, #"{"type": "tap", "target": "compose"}"#,
                    #"{"type": "giveUp"}"#,
                ]
            ),
        ] {
            let started = try await SessionAudienceTests.request(
                c, "POST", "/api/sessions", cookie: cookie, body: #"{"prototype": "mail", "device": "\#(device)"}"#)
            let sid = try #require(started.json?["session"]?.stringValue, "\(started.text)")
            for action in actions {
                let r = try await SessionAudienceTests.request(
                    c, "POST", "/api/sessions/\(sid)/actions", cookie: cookie, body: action)
                #expect(r.status == 200, "\(action): \(r.text)")
            }
        }
        // The owner's attempt, left out unless asked for.
        let own = try await s.session("mail", device: "iphone-16")
        #expect(try await s.act(own, ["type": "taskStart", "task": "send-draft"]).status == 200)

        func funnel(_ query: String, _ task: String = "send-draft") async throws -> JSONValue? {
            let r = try await c.request("GET", "/api/logs/summary.json" + query)
            #expect(r.status == 200, "\(r.text)")
            return r.json?["tasks"]?.arrayValue?.first { $0["task"]?.stringValue == task }?["funnel"]
        }
        func counts(_ f: JSONValue?, _ key: String) -> [Int] {
            f?["steps"]?.arrayValue?.compactMap { $0[key]?.intValue } ?? []
        }
        let participants = try await funnel("")
        #expect(participants?["expected_path"] == ["compose", "send"], "\(participants.map { "\($0)" } ?? "nil")")
        #expect(counts(participants, "reached") == [2, 2, 1])
        #expect(counts(participants, "dropped") == [0, 0, 1])
        let steps = participants?["steps"]?.arrayValue ?? []
        #expect(steps.count == 3 && steps[0]["target"] == .null && steps[2]["target"]?.stringValue == "send")
        #expect(participants?["succeeded"]?.intValue == 1)
        #expect(try await funnel("", "open-compose") == .null, "a task without an expected path has none")
        #expect(counts(try await funnel("?audience=all"), "reached") == [3, 2, 1], "the owner's attempt too")
        #expect(counts(try await funnel("?device=ipad-mini"), "reached") == [1, 1, 0])
        #expect(counts(try await funnel("?device=ipad-mini"), "dropped") == [0, 0, 1])

        // The CSV: a `funnel` row per step, after the tasks' rows.
        let csv = try await c.request("GET", "/api/logs/summary.csv").text
        let rows = csv.split(separator: "\r\n").map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        let header = try #require(rows.first)
        #expect(header.suffix(4) == ["step", "step_target", "reached", "dropped"])
        func col(_ name: String) -> Int { header.firstIndex(of: name) ?? -1 }
        let funnelRows = rows.filter { $0.first == "funnel" }
        #expect(funnelRows.count == 3, "\(csv)")
        #expect(funnelRows.allSatisfy { $0.count == header.count && $0[col("task")] == "send-draft" })
        #expect(funnelRows.map { $0[col("step")] } == ["0", "1", "2"])
        #expect(funnelRows.map { $0[col("step_target")] } == ["", "compose", "send"])
        #expect(funnelRows.map { $0[col("reached")] } == ["2", "2", "1"])
        #expect(funnelRows.map { $0[col("dropped")] } == ["0", "0", "1"])
    }

    /// The family of a user agent: Edge and Chrome both say `Safari/`, Edge also `Chrome/`.
    @Test func browserFamilies() {
        let cases: [(String?, BrowserFamily)] = [
            (
                "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
                .edge
            ),
            (
                "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0 Safari/537.36",
                .chrome
            ),
            (
                "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1",
                .chrome
            ),
            ("Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0", .firefox),
            (
                "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
                .safari
            ),
            ("curl/8.5.0", .other), ("", .unknown), (nil, .unknown),
        ]
        for (ua, family) in cases { #expect(BrowserFamily.of(userAgent: ua) == family, "\(ua ?? "nil")") }
    }
}
