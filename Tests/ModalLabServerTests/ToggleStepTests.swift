import Foundation
import JSON
import TestSupport
import Testing

@testable import ModalLabServer

/// A person's touch of a toggle or a segmented control (which the player sends as an `edit`, not
/// a tap) is a step of the task's path: it makes a detour `indirect`, counts in `task_end`'s
/// `props.taps`, the results' taps and the funnels, and carries where it was touched so that the
/// heat maps draw it. A text field's edit is not a step (its touch is its focus), and a toggle
/// switched by a tap is one step, not two.
@Suite struct ToggleStepTests {
    /// A list with an Add sheet: a name field, a Favourite switch and a kind picker; the task
    /// is to add an item by Add → Name → Save.
    static let prototype = """
        {"format": "modallab/1", "id": "items", "name": "Items", "devices": ["iphone-16"], "start": "list",
         "screens": [{"id": "list", "title": "Items",
                      "content": [{"id": "add-item", "title": "Add", "action": {"present": "add"}}]}],
         "modals": [{"id": "add", "style": "pageSheet", "title": "New Item",
                     "navigationBar": {"leading": [{"id": "cancel-add", "title": "Cancel", "role": "cancel", "action": "dismiss"}],
                                       "trailing": [{"id": "save-add", "title": "Save", "role": "done", "action": "dismiss"}]},
                     "content": [{"type": "textField", "id": "item-name", "label": "Name"},
                                 {"type": "toggle", "id": "item-fav", "label": "Favourite", "value": false},
                                 {"type": "segmented", "id": "item-kind", "segments": ["Book", "Film"], "value": 0}]}],
         "tasks": [{"id": "add-item", "prompt": "Add an item",
                    "success": {"dismissed": {"modal": "add", "by": "save-add"}},
                    "expectedPath": ["add-item", "item-name", "save-add"]}]}
        """

    static func folder(_ label: String = #function) throws -> TemporaryDirectory {
        let dir = try TemporaryDirectory("items-" + label)
        try Data(prototype.utf8).write(to: URL(fileURLWithPath: dir.file("items.json")))
        return dir
    }

    static func rows(_ s: TestApp, _ sid: String) async throws -> [JSONValue] {
        try await s.client.request("GET", "/api/logs.ndjson?session=\(sid)").text
            .split(separator: "\n").compactMap { try? JSONParser.parse(String($0)) }
    }

    /// Sends `actions` to session `sid` in order, each answered 200.
    static func act(_ s: TestApp, _ sid: String, _ actions: [JSONValue]) async throws {
        for action in actions {
            let r = try await s.act(sid, action)
            #expect(r.status == 200, "\(action): \(r.text)")
        }
    }

    @Test func aToggleTouchedOnTheWayIsAStepWithItsPlace() async throws {
        let dir = try Self.folder()
        defer { dir.remove() }
        let s = try TestApp(prototypes: dir.path)
        let sid = try await s.session("items", device: "iphone-16")
        // The researcher's repro: Add, the Favourite switch, the Name field, typing, Save.
        try await Self.act(
            s, sid,
            [
                ["type": "taskStart", "task": "add-item"],
                ["type": "tap", "target": "add-item", "x": 60, "y": 120],
                ["type": "edit", "target": "item-fav", "value": true, "x": 340, "y": 260],
                ["type": "focus", "target": "item-name", "x": 150, "y": 200],
                ["type": "edit", "target": "item-name", "value": "Dune"],
                ["type": "tap", "target": "save-add", "x": 360, "y": 80],
            ])
        let rows = try await Self.rows(s, sid)
        let end = try #require(rows.first { $0["type"] == "task_end" })
        #expect(end["outcome"] == "indirect", "a detour through the toggle: \(end)")
        #expect(end["props"]?["taps"] == ["add-item", "item-fav", "item-name", "save-add"], "\(end)")
        let toggle = try #require(rows.first { $0["type"] == "edit" && $0["target"] == "item-fav" })
        #expect(toggle["x"] == 340 && toggle["y"] == 260, "the toggle's touch has its place: \(toggle)")
        #expect(toggle["props"]?["value"] == true)
        let typed = try #require(rows.first { $0["type"] == "edit" && $0["target"] == "item-name" })
        #expect(typed["x"] == nil || typed["x"] == .null, "a text field's edit is not a touch: \(typed)")
        #expect(!String(describing: rows).contains("Dune"), "typed text stays out of the log")

        // The results count the toggle's touch as the engine does, and the funnel passes it.
        let summary = try #require(
            try await s.client.request("GET", "/api/logs/summary.json?prototype=items&audience=all").json)
        let task = try #require(summary["tasks"]?.arrayValue?.first { $0["task"] == "add-item" })
        #expect(task["indirect"] == 1 && task["direct"] == 0, "\(task)")
        let reached = task["funnel"]?["steps"]?.arrayValue?.map { $0["reached"] }
        #expect(reached == [1, 1, 1, 1], "the toggle between the steps: \(task)")
        let result = try #require(summary["results"]?.arrayValue?.first { $0["task"] == "add-item" })
        #expect(result["taps"] == 4, "the toggle counted in the results' taps: \(result)")

        // The heat map draws it: the sheet's cells have the toggle's point (8-pt cells: 340,
        // 260 → centre 340, 260 → 344.0, 260.0).
        let page = try await s.client.request("GET", "/p/items/heatmaps?audience=all&device=iphone-16").text
        #expect(page.contains(#"cx="340.0" cy="260.0""#) || page.contains(#"cx="344.0" cy="260.0""#), "\(page)")
    }

    @Test func aSegmentTouchedIsAStepAndATappedToggleIsOne() async throws {
        let dir = try Self.folder()
        defer { dir.remove() }
        let s = try TestApp(prototypes: dir.path)
        let sid = try await s.session("items", device: "iphone-16")
        try await Self.act(
            s, sid,
            [
                ["type": "taskStart", "task": "add-item"],
                ["type": "tap", "target": "add-item"],
                // A tap on the switch (an API client's way) flips it: one step, not the tap and its edit.
                ["type": "tap", "target": "item-fav"],
                ["type": "edit", "target": "item-kind", "value": "Film", "x": 250, "y": 320],
                ["type": "focus", "target": "item-name"],
                ["type": "tap", "target": "save-add"],
            ])
        let rows = try await Self.rows(s, sid)
        let end = try #require(rows.first { $0["type"] == "task_end" })
        #expect(end["outcome"] == "indirect", "\(end)")
        #expect(end["props"]?["taps"] == ["add-item", "item-fav", "item-kind", "item-name", "save-add"], "\(end)")
        let flipped = try #require(rows.first { $0["type"] == "edit" && $0["target"] == "item-fav" })
        #expect(flipped["props"]?["byTap"] == true, "\(flipped)")
        let segment = try #require(rows.first { $0["type"] == "edit" && $0["target"] == "item-kind" })
        #expect(segment["x"] == 250 && segment["y"] == 320, "\(segment)")
    }
}
