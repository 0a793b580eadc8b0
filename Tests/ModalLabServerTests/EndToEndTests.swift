import Foundation
import HTTPServer
import JSON
import Presentation
import TestSupport
import Testing

@testable import ModalLabServer

@Suite(.serialized) struct EndToEndTests {
    /// Actions on one session from many connections at once are applied one at a time, in some
    /// order, each logged before its answer: exactly one of 24 simultaneous "tap Compose" finds
    /// Compose uncovered, the other 23 are refused by the sheet it presented, and the session's
    /// log has one gap-free run of `seq`. With one event loop (`--event-loops 1`) and two.
    @Test(arguments: [1, 2]) func simultaneousActionsOnOneSessionAreSerialised(loops: Int) async throws {
        let s = try TestApp(socket: true) { $0.eventLoops = loops }
        let sid = try await s.session("mail", device: "iphone-16")
        let client = s.client
        let tap = JSONWriter().string(["type": "tap", "target": "compose"])
        let requests = (0..<24).map { _ in client.raw("POST", "/api/sessions/\(sid)/actions", body: tap) }
        let statuses = try await client.simultaneously(requests).map(\.status)
        #expect(statuses.filter { $0 == 200 }.count == 1)
        #expect(statuses.filter { $0 == 409 }.count == 23)
        let state = try await s.client.json("GET", "/api/sessions/\(sid)")
        #expect(state.json?["state"]?["stack"]?.arrayValue?.count == 1)
        let log = try await s.client.request("GET", "/api/logs.ndjson?session=\(sid)")
        let seqs = log.text.split(separator: "\n").compactMap { try? JSONParser.parse(Array($0.utf8))["seq"]?.intValue }
        #expect(!seqs.isEmpty)
        #expect(seqs == Array(1...seqs.count))
        let refusals = log.text.split(separator: "\n").filter { $0.contains(#""type":"refused""#) }
        #expect(refusals.count == 23)
    }

    @Test func mailFlowOverRealSockets() async throws {
        let s = try TestApp(socket: true)
        let c = s.client
        #expect(try await c.request("GET", "/healthz", auth: false).status == 200)
        // The server refuses an over-size body before reading it (only a socket shows that).
        let huge = String(repeating: "x", count: 2 << 20)
        #expect(try await c.request("POST", "/api/sessions/x/actions", body: "{\"type\":\"\(huge)\"}").status == 413)

        let sid = try await s.session("mail", device: "iphone-16")
        // Tap Compose: the card of docs/api.md.
        let r1 = try await s.act(sid, ["type": "tap", "target": "compose"])
        #expect(r1.status == 200)
        let entry = r1.json?["state"]?["stack"]?.arrayValue?.first
        #expect(
            entry
                == (try JSONParser.parse(
                    #"{"modal": "compose", "requestedStyle": "pageSheet", "style": "pageSheet", "form": "card", "adaptedBy": "sheet.compact-width-card", "detent": "medium", "dirty": false, "screen": "compose"}"#
                )))
        #expect(r1.json?["html"]?.stringValue?.contains(#"data-modal="compose""#) == true)

        // A covered control: 409 problem with the rule and the unchanged state.
        let r2 = try await s.act(sid, ["type": "tap", "target": "delete-all"])
        #expect(r2.status == 409)
        #expect(r2.header("Content-Type") == "application/problem+json")
        #expect(r2.json?["type"] == "/rules#stack.presenter-visible")
        #expect(r2.json?["rule"] == "stack.presenter-visible")
        #expect(r2.json?["severity"] == "error")
        #expect(r2.json?["status"] == 409)
        #expect(r2.json?["source"]?.stringValue?.isEmpty == false)
        #expect(r2.json?["state"] == r1.json?["state"])

        // Dirty, swipe: the discard confirmation; Delete Draft closes everything.
        #expect(
            try await s.act(sid, ["type": "edit", "target": "to", "value": "anna@example.com"]).json?["state"]?[
                "stack"]?.arrayValue?.first?["dirty"] == true)
        let r3 = try await s.act(sid, ["type": "swipeDown", "target": "compose"])
        #expect(
            r3.json?["state"]?["stack"]?.arrayValue?.compactMap { $0["modal"]?.stringValue } == [
                "compose", "discard-draft",
            ])
        let r4 = try await s.act(sid, ["type": "tap", "target": "discard-draft", "action": "Delete Draft"])
        #expect(r4.json?["state"]?["stack"] == [])

        // The alert, then its Cancel by index.
        #expect(
            try await s.act(sid, ["type": "tap", "target": "delete-all"]).json?["state"]?["stack"]?.arrayValue?.first?[
                "form"] == "alert")
        #expect(
            try await s.act(sid, ["type": "tap", "target": "confirm-delete", "action": 0]).json?["state"]?["stack"]
                == [])

        // Client events: a retried batch is deduplicated.
        let batch: JSONValue = [
            "events": [
                [
                    "event_id": "e-1", "type": "misclick", "t_ms": 5120, "x": 120.5, "y": 640, "target": nil,
                    "props": [:],
                ]
            ]
        ]
        #expect(
            try await c.json("POST", "/api/sessions/\(sid)/events", batch).json == ["accepted": 1, "duplicates": 0])
        #expect(
            try await c.json("POST", "/api/sessions/\(sid)/events", batch).json == ["accepted": 0, "duplicates": 1])

        // The exported log holds every tap and its outcome.
        let csv = try await c.request("GET", "/api/logs.csv?session=\(sid)")
        #expect(csv.status == 200)
        let lines = csv.text.split(separator: "\r\n")
        #expect(
            lines.first
                == "schema,event_id,seq,ts,t_ms,type,prototype,prototype_version,session,share,device,orientation,size_class,screen,modal,target,style,requested_style,how,rule,severity,x,y,duration_ms,props,appearance,content_size,layout_direction,multitasking,keyboard_height,action,task,outcome,state_seq,target_os,audience,share_label,pid"
        )
        let nd = try await c.request("GET", "/api/logs.ndjson?session=\(sid)")
        let events = nd.text.split(separator: "\n").compactMap { try? JSONParser.parse(String($0)) }
        #expect(events.count == lines.count - 1)
        let types = events.compactMap { $0["type"]?.stringValue }
        #expect(types.first == "session_start")
        #expect(types.filter { $0 == "tap" }.count == 5)
        #expect(
            types.contains("refused") && types.contains("present") && types.contains("dismiss")
                && types.contains("misclick"))
        #expect(events.first { $0["type"] == "refused" }?["rule"] == "stack.presenter-visible")
        #expect(
            events.contains { $0["type"] == "dismiss" && $0["how"] == "swipe" } == false,
            "the dirty swipe did not dismiss")
        let seqs = events.compactMap { $0["seq"]?.intValue }
        #expect(seqs == Array(seqs.sorted()) && Set(seqs).count == seqs.count)
        #expect(
            events.allSatisfy {
                $0["device"] == "iphone-16" && $0["size_class"] == "compact/regular" && $0["prototype"] == "mail"
            })
    }

    @Test func popoverRefusalOnIPad() async throws {
        let s = try TestApp()
        let sid = try await s.session("safari", device: "ipad-pro-13")
        #expect(
            try await s.act(sid, ["type": "tap", "target": "bookmarks-button"]).json?["state"]?["stack"]?.arrayValue?
                .first?["form"] == "popover")
        let r = try await s.act(sid, ["type": "tap", "target": "tabs-button"])
        #expect(r.status == 409)
        #expect(r.json?["rule"] == "popover.no-modal-over")
        // Slide Over turns the popover into a card, and back.
        let r2 = try await s.act(sid, ["type": "resize", "multitasking": "slideOver"])
        #expect(r2.json?["state"]?["stack"]?.arrayValue?.first?["form"] == "card")
        #expect(r2.json?["state"]?["sizeClass"] == ["horizontal": "compact", "vertical": "regular"])
        let r3 = try await s.act(sid, ["type": "resize", "multitasking": "full"])
        #expect(r3.json?["state"]?["stack"]?.arrayValue?.first?["form"] == "popover")
    }

    /// A session's end (`DELETE`, as the player sends when its page goes away) waits for the
    /// actions that arrived before it: `session_end` is the session's last event, and an action
    /// after it gets 404 and logs nothing.
    @Test func sessionEndIsLoggedAfterTheActionsInFlight() async throws {
        let s = try TestApp(socket: true)
        let client = s.client
        for _ in 0..<4 {
            let sid = try await s.session("mail", device: "iphone-16")
            // Every action logs: the first presents Compose, the others are refused under it.
            let tap = JSONWriter().string(["type": "tap", "target": "compose"])
            var requests = (0..<24).map { _ in client.raw("POST", "/api/sessions/\(sid)/actions", body: tap) }
            requests.insert(client.raw("DELETE", "/api/sessions/\(sid)"), at: 12)
            let responses = try await client.simultaneously(requests)
            let statuses = responses.enumerated().map { ($0.offset == 12 ? "end" : "act", $0.element.status) }
            #expect(statuses.filter { $0.0 == "end" }.map(\.1) == [204])
            #expect(statuses.allSatisfy { $0.0 == "end" || [200, 409, 404].contains($0.1) })
            let lines = try await client.request("GET", "/api/logs.ndjson?session=\(sid)").text.split(separator: "\n")
            let events = lines.compactMap { try? JSONParser.parse(Array($0.utf8)) }
            #expect(events.last?["type"] == "session_end")
            #expect(events.filter { $0["type"] == "session_end" }.count == 1)
            #expect(events.compactMap { $0["seq"]?.intValue } == Array(1...events.count))
            // Every answered action is in the log, and none of those turned away with 404.
            let answered = statuses.filter { $0.0 == "act" }.map(\.1)
            #expect(events.filter { $0["type"] == "present" }.count == answered.filter { $0 == 200 }.count)
            #expect(events.filter { $0["type"] == "refused" }.count == answered.filter { $0 == 409 }.count)
            #expect(try await s.act(sid, ["type": "home"]).status == 404)
        }
    }

    /// Share links are separate viewers: a session started through one link can't be used
    /// through another link to the same prototype.
    @Test func aShareLinkActsOnlyOnItsOwnSessions() async throws {
        let s = try TestApp()
        let c = s.client
        func cookie() async throws -> String {
            let url = try #require(
                try await c.json("POST", "/api/shares", ["prototype": "mail"]).json?["url"]?.stringValue)
            let path = String(url[url.range(of: "/s/")!.lowerBound...])
            return String(
                try #require(try await c.request("GET", path, auth: false).header("Set-Cookie")).split(separator: ";")[
                    0])
        }
        let a = ["Cookie": try await cookie()]
        let b = ["Cookie": try await cookie()]
        let started = try await c.request(
            "POST", "/api/sessions", body: #"{"prototype": "mail"}"#, headers: a, auth: false)
        let sid = try #require(started.json?["session"]?.stringValue)
        let tap = #"{"type": "tap", "target": "compose"}"#
        let path = "/api/sessions/\(sid)/actions"
        #expect(try await c.request("POST", path, body: tap, headers: b, auth: false).status == 404)
        #expect(try await c.request("DELETE", "/api/sessions/\(sid)", headers: b, auth: false).status == 404)
        #expect(try await c.request("GET", "/api/sessions/\(sid)", headers: b, auth: false).status == 404)
        #expect(try await c.request("POST", path, body: tap, headers: a, auth: false).status == 200)
        // The owner may act on any session.
        #expect(try await s.act(sid, ["type": "swipeDown", "target": "compose"]).status == 200)
    }

    /// A megabyte-long id is refused as fast as a short one: the "did you mean" search skips
    /// candidates whose length alone puts them too far away.
    @Test func aHugeUnknownTargetIsRefusedWithoutAHint() async throws {
        let s = try TestApp()
        let sid = try await s.session("mail", device: "iphone-16")
        let r = try await s.act(sid, ["type": "tap", "target": .string(String(repeating: "x", count: 900_000))])
        #expect(r.status == 400)
        #expect(r.json?["path"] == "$.target")
        #expect(r.json?["detail"]?.stringValue?.contains("did you mean") == false)
    }

    @Test func malformedRequestsGetClearErrors() async throws {
        let s = try TestApp()
        let c = s.client
        let sid = try await s.session("mail", device: "iphone-16")
        let bad = try await c.request("POST", "/api/sessions/\(sid)/actions", body: "{\"type\": \"tap\", ")
        #expect(bad.status == 400)
        #expect(bad.json?["path"] == "$")
        let unknownType = try await s.act(sid, ["type": "pinch"])
        #expect(unknownType.status == 400)
        #expect(unknownType.json?["path"] == "$.type")
        let unknownTarget = try await s.act(sid, ["type": "tap", "target": "compse"])
        #expect(unknownTarget.status == 400)
        #expect(unknownTarget.json?["path"] == "$.target")
        #expect(unknownTarget.json?["detail"]?.stringValue?.contains("did you mean \"compose\"") == true)
        let badID = try await s.act(sid, ["type": "home", "event_id": ["not": "a string"]])
        #expect(badID.status == 400)
        #expect(badID.json?["path"] == "$.event_id")
        #expect(try await s.act(sid, ["type": "home", "t_ms": "soon"]).json?["path"] == "$.t_ms")
        #expect(try await s.act("nope", ["type": "home"]).status == 404)
        #expect(try await c.json("POST", "/api/sessions", ["prototype": "nope"]).status == 404)
    }

    @Test func ownerAccess() async throws {
        let s = try TestApp()
        let c = s.client
        #expect(try await c.request("GET", "/api/prototypes", auth: false).status == 401)
        #expect(try await c.request("GET", "/api/logs.csv", auth: false).status == 401)
        #expect(try await c.json("POST", "/api/sessions", ["prototype": "mail"]).status == 201)
        #expect(
            try await c.request("POST", "/api/sessions", body: #"{"prototype": "mail"}"#, auth: false).status == 401)
        let visit = try await c.request("GET", "/?token=owner-test-token", auth: false)
        #expect(visit.status == 303)
        let cookie = try #require(visit.header("Set-Cookie"))
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
        let page = try await c.request(
            "GET", "/", headers: ["Cookie": String(cookie.split(separator: ";")[0])], auth: false)
        #expect(page.status == 200)
        #expect(page.text.contains("Mail"))
        #expect(try await c.request("GET", "/?token=wrong", auth: false).status == 401)
    }

    @Test func aPrototypeTheRepositoryDoesNotContain() async throws {
        let dir = try TemporaryDirectory("protos")
        defer { dir.remove() }
        try Data(
            #"""
            {"format": "modallab/1", "id": "notes", "name": "Notes", "devices": ["iphone-se-3", "ipad-mini"], "start": "list",
             "screens": [{"id": "list", "title": "Notes",
               "navigationBar": {"trailing": [{"id": "new-note", "title": "New", "systemImage": "square.and.pencil", "action": {"present": "editor"}}]},
               "toolbar": [{"id": "more", "title": "More", "systemImage": "ellipsis.circle", "action": {"present": "options"}}]}],
             "modals": [
               {"id": "editor", "style": "formSheet", "title": "New Note",
                "navigationBar": {"leading": [{"id": "close", "title": "Cancel", "role": "cancel", "action": "dismiss"}],
                                  "trailing": [{"id": "save", "title": "Save", "role": "done", "action": "dismiss"}]},
                "content": [{"type": "textArea", "id": "text", "userContent": true}], "confirmDiscard": "discard"},
               {"id": "discard", "style": "actionSheet", "source": "close",
                "actions": [{"title": "Discard", "role": "destructive", "action": "dismissAll"}, {"title": "Keep Editing", "role": "cancel"}]},
               {"id": "options", "style": "popover", "title": "Options", "source": "more",
                "navigationBar": {"trailing": [{"id": "options-done", "title": "Done", "action": "dismiss"}]},
                "content": [{"type": "button", "id": "export", "title": "Export", "action": {"present": "editor"}}]}]}
            """#.utf8
        ).write(to: URL(fileURLWithPath: dir.path + "/notes.json"))
        let s = try TestApp(prototypes: dir.path)
        let phone = try await s.session("notes", device: "iphone-se-3")
        #expect(
            try await s.act(phone, ["type": "tap", "target": "new-note"]).json?["state"]?["stack"]?.arrayValue?.first?[
                "form"] == "card")
        _ = try await s.act(phone, ["type": "edit", "target": "text", "value": "hello"])
        let conf = try await s.act(phone, ["type": "tap", "target": "close"])
        #expect(conf.json?["state"]?["stack"]?.arrayValue?.last?["modal"] == "discard")
        #expect(
            try await s.act(phone, ["type": "tap", "target": "discard", "action": "Discard"]).json?["state"]?["stack"]
                == [])

        let pad = try await s.session("notes", device: "ipad-mini")
        #expect(
            try await s.act(pad, ["type": "tap", "target": "more"]).json?["state"]?["stack"]?.arrayValue?.first?["form"]
                == "popover")
        let refused = try await s.act(pad, ["type": "tap", "target": "export"])
        #expect(refused.status == 409)
        #expect(refused.json?["rule"] == "popover.no-modal-over")
        let csv = try await s.client.request("GET", "/api/logs.csv?prototype=notes")
        #expect(csv.text.contains(",refused,notes,"))
    }
}

@Suite(.serialized) struct ShareLinkTests {
    @Test func shareLinksReachOnePrototypeAndNothingOwnerOnly() async throws {
        let s = try TestApp()
        let c = s.client
        let created = try await c.json(
            "POST", "/api/shares", ["prototype": "mail", "role": "comment", "label": "Tuesday review"])
        #expect(created.status == 201)
        let url = try #require(created.json?["url"]?.stringValue)
        let id = try #require(created.json?["id"]?.stringValue)
        let path = String(url[url.range(of: "/s/")!.lowerBound...])
        let token = String(path.dropFirst(3))
        #expect(token.hasPrefix(id + "."))

        let open = try await c.request("GET", path, auth: false)
        #expect(open.status == 303)
        #expect(open.header("Location") == "/p/mail")
        #expect(open.header("Referrer-Policy") == "no-referrer")
        let cookie = String(try #require(open.header("Set-Cookie")).split(separator: ";")[0])
        let asShare = ["Cookie": cookie]
        #expect(try await c.request("GET", "/p/mail", headers: asShare, auth: false).status == 200)
        #expect(try await c.request("GET", "/p/photos", headers: asShare, auth: false).status == 404)
        #expect(try await c.request("GET", "/api/prototypes", headers: asShare, auth: false).status == 401)
        #expect(try await c.request("GET", "/api/logs.csv", headers: asShare, auth: false).status == 401)
        let session = try await c.request(
            "POST", "/api/sessions", body: #"{"prototype": "mail"}"#, headers: asShare, auth: false)
        #expect(session.status == 201)
        #expect(
            try await c.request(
                "POST", "/api/sessions", body: #"{"prototype": "photos"}"#, headers: asShare, auth: false
            ).status == 404)
        let comment = try await c.request(
            "POST", "/api/comments",
            body:
                #"{"prototype": "mail", "screen": "inbox", "x": 120, "y": 300, "text": "Is Delete All too easy to hit?"}"#,
            headers: asShare, auth: false)
        #expect(comment.status == 201)
        #expect(comment.json?["share"]?.stringValue == id)
        #expect(try await c.request("GET", "/api/comments?prototype=mail").json?.arrayValue?.count == 1)

        // The token never reaches the log; the link id does.
        let log = try await c.request("GET", "/api/logs.ndjson").text
        #expect(!log.contains(String(token.split(separator: ".")[1])))
        #expect(log.contains("\"share\":\"\(id)\""))
        #expect(log.contains("\"type\":\"share_open\""))

        // Revocation takes effect at once; unknown, revoked and malformed links look the same.
        #expect(try await c.request("DELETE", "/api/shares/\(id)").status == 204)
        #expect(try await c.request("GET", "/p/mail", headers: asShare, auth: false).status == 401)
        let revoked = try await c.request("GET", path, auth: false)
        let unknown = try await c.request("GET", "/s/AAAAAAAAAAA.BBBB", auth: false)
        #expect(revoked.status == 404 && unknown.status == 404)
        #expect(revoked.body == unknown.body)
    }

    @Test func viewLinksCannotCommentAndGuessesAreThrottled() async throws {
        let s = try TestApp()
        let c = s.client
        let url = try #require(try await c.json("POST", "/api/shares", ["prototype": "mail"]).json?["url"]?.stringValue)
        let path = String(url[url.range(of: "/s/")!.lowerBound...])
        let cookie = String(
            try #require(try await c.request("GET", path, auth: false).header("Set-Cookie")).split(separator: ";")[0])
        let r = try await c.request(
            "POST", "/api/comments", body: #"{"prototype": "mail", "x": 1, "y": 2, "text": "hi"}"#,
            headers: ["Cookie": cookie], auth: false)
        #expect(r.status == 403)
        var statuses: [Int] = []
        for i in 0..<12 { statuses.append(try await c.request("GET", "/s/nope\(i).secret", auth: false).status) }
        #expect(statuses.prefix(10).allSatisfy { $0 == 404 })
        #expect(statuses.last == 429)
        #expect(try await c.json("POST", "/api/shares", ["prototype": "mail", "expiresIn": 100_000_000]).status == 400)
    }
}

@Suite(.serialized) struct PageTests {
    @Test func everyPageRendersForTheOwner() async throws {
        let s = try TestApp()
        let c = s.client
        let sid = try await s.session("mail", device: "iphone-16")
        _ = try await s.act(sid, ["type": "tap", "target": "compose", "x": 370, "y": 90])
        for path in [
            "/", "/p/mail", "/p/mail/board", "/p/mail/insights", "/rules",
            "/p/safari?device=ipad-pro-13&orientation=landscape&multitasking=slideOver",
        ] {
            let r = try await c.request("GET", path)
            #expect(r.status == 200, "\(path): \(r.status) \(r.text.prefix(300))")
            #expect(r.header("Content-Type")?.hasPrefix("text/html") == true)
        }
        #expect(try await c.request("GET", "/p/mail/insights?audience=all").text.contains("compose"))
        #expect(try await c.request("GET", "/p/nope").status == 404)
        #expect(try await c.request("GET", "/p/mail?device=iphone-99").status == 400)
        #expect(
            try await c.request("GET", "/api/rules", auth: false).json?.arrayValue?.count == RuleCatalogue.all.count)
        #expect(try await c.request("GET", "/api/devices", auth: false).json?.arrayValue?.count == 8)
        #expect(try await c.request("GET", "/schema/prototype.json", auth: false).status == 200)
        #expect(
            try await c.request("GET", "/public/player.js", auth: false).header("Content-Type")?.contains("javascript")
                == true)
        #expect(try await c.request("GET", "/public/../Package.swift", auth: false).status == 404)
        let metrics = try await c.request("GET", "/metrics")
        #expect(metrics.status == 200 && metrics.text.contains("modallab_sessions 1"))
        #expect(try await c.request("GET", "/metrics", auth: false).status == 401)
    }

    @Test func putValidatesAndStores() async throws {
        let s = try TestApp()
        let c = s.client
        let good =
            #"{"format": "modallab/1", "id": "tiny", "start": "home", "screens": [{"id": "home", "title": "Home"}]}"#
        let created = try await c.request("PUT", "/api/prototypes/tiny", body: good)
        #expect(created.status == 201)
        #expect(try await c.request("PUT", "/api/prototypes/tiny", body: good).status == 200)
        #expect(try await c.request("GET", "/api/prototypes/tiny").json?["definition"]?["id"] == "tiny")
        let bad = try await c.request(
            "PUT", "/api/prototypes/tiny",
            body: #"{"format": "modallab/1", "id": "tiny", "start": "nowhere", "screens": []}"#)
        #expect(bad.status == 422)
        #expect(bad.json?["diagnostics"]?.arrayValue?.isEmpty == false)
        #expect(
            try await c.request("PUT", "/api/prototypes/other", body: good).status == 422, "the id must match the URL")
    }
}

/// Regressions from trying to break the server: none of these may crash it.
@Suite(.serialized) struct HostileInputTests {
    @Test func hugeNumbersAreFormatErrorsNotCrashes() async throws {
        let s = try TestApp()
        let c = s.client
        for member in [#""height": 1e300"#, #""height": -4"#] {
            let body =
                #"{"format": "modallab/1", "id": "big", "start": "home", "screens": [{"id": "home", "content": [{"type": "image", "id": "img", "label": "x", HEIGHT}]}]}"#
                .replacingOccurrences(of: "HEIGHT", with: member)
            let r = try await c.request("PUT", "/api/prototypes/big", body: body)
            #expect(r.status == 422)
            #expect(r.json?["diagnostics"]?.arrayValue?.first?["path"] == "$.screens[0].content[0].height")
        }
        #expect(try await c.request("GET", "/api/logs.csv?from=9223372036854775807").status == 400)
        #expect(try await c.request("GET", "/api/logs.csv?to=2026-02-30").status == 400)
        #expect(try await c.request("GET", "/api/logs.csv?frm=2026-01-01").json?["path"] == "frm")
        #expect(try await c.request("GET", "/healthz").status == 200)
    }

    @Test func aDuplicateIdDoesNotHideTheFirstPrototype() async throws {
        let dir = try TemporaryDirectory("dups")
        defer { dir.remove() }
        let mail = try Data(contentsOf: URL(fileURLWithPath: repositoryRoot + "/Templates/prototypes/mail.json"))
        try mail.write(to: URL(fileURLWithPath: dir.path + "/a-mail.json"))
        try Data(#"{"format": "modallab/1", "id": "mail", "start": "nowhere", "screens": []}"#.utf8)
            .write(to: URL(fileURLWithPath: dir.path + "/b-broken.json"))
        let s = try TestApp(prototypes: dir.path)
        let list = try await s.client.request("GET", "/api/prototypes").json?.arrayValue ?? []
        #expect(list.first { $0["id"] == "mail" }?["playable"] == true)
        #expect(list.first { $0["id"] == "b-broken.json" }?["playable"] == false)
        #expect(try await s.client.json("POST", "/api/sessions", ["prototype": "mail"]).status == 201)
        // A PUT replaces the file that serves the id, whatever its name, rather than adding a
        // `mail.json` that would claim the id a second time.
        var definition = try #require(try JSONParser.parse(Array(mail)).objectValue)
        definition["name"] = "Mail, edited"
        let put = try await s.client.request(
            "PUT", "/api/prototypes/mail", body: JSONWriter().string(.object(definition)))
        #expect(put.status == 200)
        #expect(
            try await s.client.request("GET", "/api/prototypes/mail").json?["definition"]?["name"] == "Mail, edited")
        #expect(try String(contentsOfFile: dir.path + "/a-mail.json", encoding: .utf8).contains("Mail, edited"))
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/mail.json"))
    }

    /// A share link holds at most `sessionsPerShare` live sessions: past it a new one gets 429
    /// with `Retry-After` (and nothing is logged), the link's sessions and the owner's stay,
    /// and the owner may still start more.
    @Test func oneShareLinkCannotEvictOtherSessions() async throws {
        let s = try TestApp { $0.limits.sessionsPerShare = 3 }
        let owner = try await s.session("mail", device: "iphone-16")
        let url = try #require(
            try await s.client.json("POST", "/api/shares", ["prototype": "mail"]).json?["url"]?.stringValue)
        let path = String(url[url.range(of: "/s/")!.lowerBound...])
        let cookie = String(
            try #require(try await s.client.request("GET", path, auth: false).header("Set-Cookie")).split(
                separator: ";")[0])
        var statuses: [Int] = []
        var shared: [String] = []
        for _ in 0..<6 {
            let r = try await s.client.request(
                "POST", "/api/sessions", body: #"{"prototype": "mail"}"#, headers: ["Cookie": cookie], auth: false)
            statuses.append(r.status)
            if let sid = r.json?["session"]?.stringValue { shared.append(sid) }
            if r.status == 429 {
                #expect(r.header("Retry-After").flatMap(Int.init).map { $0 >= 1 } == true)
                #expect(r.json?["limit"] == "sessionsPerShare")
            }
        }
        #expect(statuses == [201, 201, 201, 429, 429, 429])
        #expect(s.app.sessions.get(owner) != nil)
        #expect(shared.allSatisfy { s.app.sessions.get($0) != nil })
        #expect(try await s.client.json("POST", "/api/sessions", ["prototype": "mail"]).status == 201)
        let starts = try await s.client.request("GET", "/api/logs.ndjson?type=session_start").text
        #expect(starts.split(separator: "\n").count == 5, "the refused sessions logged nothing")
    }
}

@Suite(.serialized) struct SessionEndTests {
    @Test func endingASessionLogsItsDuration() async throws {
        let s = try TestApp()
        let sid = try await s.session("mail", device: "iphone-16")
        #expect(try await s.client.request("DELETE", "/api/sessions/\(sid)").status == 204)
        #expect(try await s.act(sid, ["type": "home"]).status == 404)
        let log = try await s.client.request("GET", "/api/logs.ndjson?session=\(sid)&type=session_end").text
        let end = try #require(try? JSONParser.parse(String(log.split(separator: "\n").first ?? "")))
        #expect(end["duration_ms"]?.intValue != nil)
        #expect(try await s.client.request("GET", "/p/nope").header("Content-Type")?.hasPrefix("text/html") == true)
    }
}
