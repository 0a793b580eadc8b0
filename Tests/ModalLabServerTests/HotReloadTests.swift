import Foundation
import JSON
import TestSupport
import Testing

@testable import ModalLabServer

/// Hot reload keeps the place (docs/api.md, "Hot reload"), over real sockets: a session that
/// continues one whose prototype changed plays its actions again on the new version, drops
/// those that no longer apply and says why, logs each kept one as a `restored` row, and a
/// server restarted afterwards rebuilds it at the same place.
@Suite struct HotReloadTests {
    @Test func aContinuingSessionKeepsThePlaceAndDropsWhatNoLongerApplies() async throws {
        let dir = try TemporaryDirectory("reload-folder")
        let data = try TemporaryDirectory("reload-data")
        defer {
            dir.remove()
            data.remove()
        }
        try FileManager.default.copyItem(
            atPath: repositoryRoot + "/Templates/prototypes/mail.json", toPath: dir.file("mail.json"))
        var restoredID = ""
        do {
            let app = try TestApp(socket: true, prototypes: dir.path, data: data)
            let c = app.client
            let old = try await app.session("mail", device: "iphone-16")
            let tap = try await app.act(old, ["type": "tap", "target": "compose"])
            #expect(tap.status == 200, "\(tap.text)")

            // The file changes (as the editor's PATCH changes it).
            let got = try await c.request("GET", "/api/prototypes/mail")
            let changed = try await c.request(
                "PATCH", "/api/prototypes/mail", body: #"[{"op":"replace","path":"/name","value":"Mail 2"}]"#,
                headers: ["If-Match": try #require(got.header("ETag"))], contentType: "application/json-patch+json")
            #expect(changed.status == 200, "\(changed.text)")

            let r = try await c.json(
                "POST", "/api/sessions",
                [
                    "prototype": "mail", "device": "iphone-16",
                    "restore": [
                        "continues": .string(old),
                        "actions": [["type": "tap", "target": "compose"], ["type": "tap", "target": "gone-button"]],
                    ],
                ])
            #expect(r.status == 201, "\(r.text)")
            restoredID = try #require(r.json?["session"]?.stringValue)
            #expect(
                r.json?["state"]?["stack"]?.arrayValue?.first?["modal"] == "compose", "the sheet is up again: \(r.text)"
            )
            #expect(r.json?["restored"]?["kept"] == 1)
            let dropped = try #require(r.json?["restored"]?["dropped"]?.arrayValue)
            #expect(dropped.count == 1 && dropped.first?["index"] == 1 && dropped.first?["type"] == "tap")
            #expect(dropped.first?["reason"]?.stringValue?.contains("gone-button") == true, "\(r.text)")
            let html = r.json?["html"]?.stringValue ?? ""
            #expect(html.contains("compose"), "the frame shows the sheet")

            // The log: the start says what it continues; the kept action is a restored row, not a tap.
            let log = try await c.request("GET", "/api/logs.ndjson?session=\(restoredID)")
            let rows = log.text.split(separator: "\n").compactMap { try? JSONParser.parse(String($0)) }
            let start = try #require(rows.first { $0["type"] == "session_start" })
            #expect(start["props"]?["continues"]?.stringValue == old)
            #expect(start["props"]?["restoredActions"] == 1 && start["props"]?["droppedActions"] == 1)
            let restored = rows.filter { $0["type"] == "restored" }
            #expect(
                restored.count == 1 && restored.first?["target"] == "tap" && restored.first?["modal"] == "compose"
                    && restored.first?["props"]?["restoreIndex"] == 0)
            #expect(restored.first?["action"]?.stringValue?.contains("compose") == true)
            #expect(!rows.contains { $0["type"] == "tap" }, "a restored action is not the person's tap")
            // The move onto the new version is an event of its own, right after the start.
            let oldVersion = try #require(got.json?["version"]?.stringValue)
            let newVersion = try #require(changed.json?["version"]?.stringValue)
            #expect(oldVersion != newVersion)
            let moves = rows.filter { $0["type"] == "version_change" }
            #expect(moves.count == 1, "\(log.text)")
            #expect(moves.first?["props"]?["from"]?.stringValue == oldVersion)
            #expect(moves.first?["props"]?["continues"]?.stringValue == old)
            #expect(moves.first?["prototype_version"]?.stringValue == newVersion && moves.first?["target"] == "mail")
            #expect(moves.first?["t_ms"] == 0 && rows.firstIndex { $0["type"] == "version_change" } == 1)
            // Continuing a session of the same version moves nowhere: no row.
            let same = try await c.json(
                "POST", "/api/sessions",
                ["prototype": "mail", "restore": ["continues": .string(restoredID), "actions": []]])
            #expect(same.status == 201, "\(same.text)")
            let sameID = try #require(same.json?["session"]?.stringValue)
            let sameLog = try await c.request("GET", "/api/logs.ndjson?session=\(sameID)&type=version_change")
            #expect(sameLog.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(sameLog.text)")

            // Bad restores are 400s naming the member.
            let bad = try await c.json(
                "POST", "/api/sessions",
                ["prototype": "mail", "restore": ["continues": "x", "actions": []]])
            #expect(bad.status == 400 && bad.json?["path"] == "$.restore.continues", "\(bad.text)")
            let unreadable = try await c.json(
                "POST", "/api/sessions",
                ["prototype": "mail", "restore": ["actions": [["type": "fly"]]]])
            #expect(
                unreadable.status == 400
                    && unreadable.json?["path"]?.stringValue?.hasPrefix("$.restore.actions[0]") == true,
                "\(unreadable.text)")
        }
        // A restart rebuilds the continuing session from the log, at its place.
        let again = try TestApp(socket: true, prototypes: dir.path, data: data)
        let state = try await again.client.request("GET", "/api/sessions/\(restoredID)")
        #expect(state.status == 200, "\(state.text)")
        #expect(state.json?["state"]?["stack"]?.arrayValue?.first?["modal"] == "compose", "\(state.text)")
        // The restarted server knows the version each logged session ran on (read from the log):
        // a change now and a continuing session log the move from the one before the restart.
        let c = again.client
        let got = try await c.request("GET", "/api/prototypes/mail")
        let from = try #require(got.json?["version"]?.stringValue)
        let changed = try await c.request(
            "PATCH", "/api/prototypes/mail", body: #"[{"op":"replace","path":"/name","value":"Mail 3"}]"#,
            headers: ["If-Match": try #require(got.header("ETag"))], contentType: "application/json-patch+json")
        #expect(changed.status == 200, "\(changed.text)")
        let next = try await c.json(
            "POST", "/api/sessions",
            ["prototype": "mail", "restore": ["continues": .string(restoredID), "actions": []]])
        #expect(next.status == 201, "\(next.text)")
        let nextID = try #require(next.json?["session"]?.stringValue)
        let moved = try await c.request("GET", "/api/logs.ndjson?session=\(nextID)&type=version_change")
        let row = try #require(moved.text.split(separator: "\n").first.flatMap { try? JSONParser.parse(String($0)) })
        #expect(row["props"]?["from"]?.stringValue == from && row["prototype_version"] == changed.json?["version"])
    }
}
