import Foundation
import JSON
import TestSupport
import Testing

@testable import ModalLabServer

/// Menus over HTTP: a tap opens a pull-down menu drawn in the frame, a long press a context
/// menu, a choice runs its action, a tap outside dismisses; the log has the menu events.
@Suite struct MenuAPITests {
    static let document: JSONValue = try! JSONParser.parse(
        #"""
        {"format": "modallab/1", "id": "menus", "name": "Menus", "targetOS": "26", "devices": ["iphone-16"], "start": "home",
         "screens": [{"id": "home", "title": "Home",
           "navigationBar": {"trailing": [{"id": "sort", "title": "Sort", "systemImage": "ellipsis.circle",
             "menu": {"singleSelection": true, "children": [{"id": "by-date", "title": "Date", "checked": true}, {"id": "by-name", "title": "Name"}]}}]},
           "content": [{"type": "list", "id": "rows", "items": [{"id": "row", "title": "Row",
             "contextMenu": {"children": [{"id": "remove", "title": "Remove", "role": "destructive", "action": {"present": "gone"}}]}}]}]}],
         "modals": [{"id": "gone", "style": "alert", "title": "Removed", "actions": [{"title": "OK", "role": "cancel"}]}]}
        """#)

    @Test func menusOpenChooseAndDismissOverHTTP() async throws {
        let s = try TestApp(socket: true)
        let c = s.client
        let put = try await c.request("PUT", "/api/prototypes/menus", body: JSONWriter().string(Self.document))
        #expect(put.status == 201, "\(put.text)")
        let sid = try await s.session("menus", device: "iphone-16")
        let open = try await s.act(sid, ["type": "tap", "target": "sort"])
        #expect(open.json?["state"]?["menu"]?["control"] == "sort")
        let html = try #require(open.json?["html"]?.stringValue)
        #expect(html.contains(#"role="menu""#) && html.contains(#"data-menu-item="by-name""#))
        #expect(html.contains(#"aria-checked="true""#), "Date is checked")
        let chosen = try await s.act(sid, ["type": "tap", "target": "by-name"])
        #expect(chosen.json?["state"]?["menu"] == .null)
        let press = try await s.act(sid, ["type": "longPress", "target": "row"])
        #expect(press.json?["state"]?["menu"]?["kind"] == "context")
        let outside = try await s.act(sid, ["type": "tapOutside"])
        #expect(outside.json?["state"]?["menu"] == .null)
        let again = try await s.act(sid, ["type": "longPress", "target": "row"])
        #expect(again.json?["state"]?["menu"]?["kind"] == "context")
        let removed = try await s.act(sid, ["type": "tap", "target": "remove"])
        #expect(removed.json?["state"]?["stack"]?.arrayValue?.first?["modal"] == "gone")
        let bad = try await s.act(sid, ["type": "longPress"])
        #expect(bad.status == 400)
        let log = try await c.request("GET", "/api/logs.ndjson?session=\(sid)")
        let types = log.text.split(separator: "\n").compactMap {
            try? JSONParser.parse(Array($0.utf8))["type"]?.stringValue
        }
        for t in ["menu_open", "menu_select", "menu_dismiss"] { #expect(types.contains(t), "\(t) in \(types)") }
    }

    /// The log's `action` column runs menus, long presses and version changes again: in a
    /// session started at another iOS version than the prototype's, every answered state equals
    /// the replay's, byte for byte; a server restarted over the same data rebuilds the session at
    /// the version it last ran, and it carries on.
    @Test func aReplayRunsMenusLongPressesAndVersionChangesAgain() async throws {
        let dir = try TemporaryDirectory("menu-replay")
        defer { dir.remove() }
        try Data(JSONWriter().bytes(Self.document)).write(to: URL(fileURLWithPath: dir.path + "/menus.json"))
        let data = try TemporaryDirectory("menu-replay-data")
        defer { data.remove() }
        let sid: String
        var lastState: JSONValue?
        do {
            let s = try TestApp(prototypes: dir.path, data: data)
            let start = try await s.client.json(
                "POST", "/api/sessions", ["prototype": "menus", "device": "iphone-16", "targetOS": "17"])
            #expect(start.status == 201, "\(start.text)")
            #expect(start.json?["state"]?["targetOS"] == "17")
            sid = try #require(start.json?["session"]?.stringValue)
            let actions: [JSONValue] = [
                ["type": "tap", "target": "sort"], ["type": "tap", "target": "by-name"],
                ["type": "longPress", "target": "row"], ["type": "resize", "targetOS": "26"],
                ["type": "longPress", "target": "row"], ["type": "tap", "target": "remove"],
                ["type": "tap", "target": "gone", "action": 0], ["type": "resize", "targetOS": 18],
                ["type": "tap", "target": "sort"], ["type": "key", "key": "Escape"],
            ]
            var live: [String] = []
            for a in actions {
                let r = try await s.act(sid, a)
                #expect(r.status == 200, "\(JSONWriter().string(a)): \(r.text.prefix(300))")
                live.append(try #require(StudyTests.stateBytes(r.text, before: #","diagnostics":"#)))
                lastState = r.json?["state"]
            }
            #expect(lastState?["targetOS"] == "18")
            let replay = try await s.client.request("GET", "/api/sessions/\(sid)/replay?frames=0")
            #expect(replay.status == 200, "\(replay.text.prefix(300))")
            #expect(StudyTests.replayedStates(replay.text) == live)
            // The log says which version each event ran at.
            let log = try await s.client.request("GET", "/api/logs.ndjson?session=\(sid)")
            let events = log.text.split(separator: "\n").compactMap { try? JSONParser.parse(String($0)) }
            #expect(events.first?["type"] == "session_start" && events.first?["target_os"] == "17")
            #expect(events.last?["target_os"] == "18")
            #expect(events.contains { $0["type"] == "menu_open" && $0["target_os"] == "26" })
        }
        let again = try TestApp(prototypes: dir.path, data: data)
        let r = try await again.client.request("GET", "/api/sessions/\(sid)")
        #expect(r.status == 200, "\(r.text)")
        #expect(r.json?["state"] == lastState, "the rebuilt state")
        let next = try await again.act(sid, ["type": "longPress", "target": "row"])
        #expect(next.json?["state"]?["menu"]?["kind"] == "context" && next.json?["state"]?["targetOS"] == "18")
    }
}
