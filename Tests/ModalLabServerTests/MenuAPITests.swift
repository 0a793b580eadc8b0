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
        #expect(again.status == 200)
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
}
