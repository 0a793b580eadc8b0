import EventSchema
import Foundation
import JSON
import TestSupport
import Testing

@testable import ModalLabServer

/// The results table's `taps` are every touch of the screen on a control or a text field that
/// the participant made during the task — as many as the task's path counts steps: a tap, or a
/// person's focus of a field (a browser sends that instead of a tap), not both for one touch —
/// and misclicks are counted apart (docs/log.md, "Summaries").
@Suite(.serialized) struct ResultsTapsTests {
    /// One participant of a participant link sends a message: taps Compose, touches the To
    /// field (its focus, as a browser sends it), taps the Subject field (a tap, and the focus
    /// the browser sends after it: one touch), types, misses once, and taps Send. Ground truth:
    /// 4 taps (Compose, To, Subject, Send), 1 misclick. Returns the app, its prototypes' folder
    /// and the session.
    static func fieldStudy() async throws -> (app: TestApp, folder: TemporaryDirectory, session: String) {
        let dir = try StudyTests.studyFolder()
        let clock = ManualClock()
        let s = try TestApp(socket: true, prototypes: dir.path, clock: clock)
        let made = try await s.client.json(
            "POST", "/api/shares", ["prototype": "mail", "role": "participant", "tasks": ["send-draft"]])
        #expect(made.status == 201, "\(made.text)")
        let url = try #require(made.json?["url"]?.stringValue)
        let token = String(url[url.range(of: "/s/")!.upperBound...])
        let cookie = ["Cookie": "modallab_share_\(s.client.port)=\(token)"]
        func post(_ path: String, _ body: JSONValue) async throws -> TestResponse {
            try await s.client.request("POST", path, body: JSONWriter().string(body), headers: cookie, auth: false)
        }
        let started = try await post("/api/sessions", ["prototype": "mail", "device": "iphone-16"])
        let sid = try #require(started.json?["session"]?.stringValue, "\(started.text)")
        let actions: [JSONValue] = [
            StudyTests.start("send-draft"), StudyTests.tap("compose"), ["type": "focus", "target": "to"],
            ["type": "edit", "target": "to", "value": "a@b.c"], StudyTests.tap("subject"),
            ["type": "focus", "target": "subject"], ["type": "edit", "target": "subject", "value": "Hi"],
        ]
        for a in actions {
            clock.advance(by: .milliseconds(100))
            let r = try await post("/api/sessions/\(sid)/actions", a)
            #expect(r.status == 200, "\(a): \(r.text)")
        }
        let miss = try await post(
            "/api/sessions/\(sid)/events",
            [
                "events": [
                    [
                        "event_id": "miss-1", "type": "misclick", "t_ms": 650, "x": 20, "y": 400, "screen": "inbox",
                        "modal": .null, "state_seq": 1,
                    ]
                ]
            ])
        #expect(miss.status == 200, "\(miss.text)")
        clock.advance(by: .milliseconds(100))
        let sent = try await post("/api/sessions/\(sid)/actions", StudyTests.tap("send"))
        #expect(sent.status == 200, "\(sent.text)")
        return (s, dir, sid)
    }

    /// The results CSV and the summary's JSON give the ground truth's 4 taps and 1 misclick.
    @Test func aFieldTouchedIsATapOnceAndAMisclickIsNot() async throws {
        let (s, dir, sid) = try await Self.fieldStudy()
        defer { dir.remove() }
        let summary = try #require(try await s.client.request("GET", "/api/logs/summary.json?prototype=mail").json)
        let row = try #require(
            summary["results"]?.arrayValue?.first { $0["session"]?.stringValue == sid && $0["task"] == "send-draft" },
            "\(summary["results"] ?? .null)")
        #expect(row["taps"] == 4 && row["misclicks"] == 1, "\(row)")
        #expect(row["outcome"] != "not started" && row["outcome"] != "unfinished", "\(row)")
        let csv = try await s.client.request("GET", "/api/logs/results.csv?prototype=mail").text
        let rows = csv.split(separator: "\r\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        let header = rows.first ?? []
        let line = try #require(rows.first { $0.contains(Substring(sid)) }, "\(csv)")
        #expect(
            line[header.firstIndex(of: "taps")!] == "4" && line[header.firstIndex(of: "misclicks")!] == "1", "\(csv)")
    }

    /// The same figure from the raw log with DuckDB (study_check.py's definition, docs/log.md's).
    @Test(.requires(.duckDB)) func theTapsEqualDuckDBOverTheRawLog() async throws {
        let (s, dir, sid) = try await Self.fieldStudy()
        defer { dir.remove() }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "study_check.py")
        let r = try await runCommand(
            ["python3", script.path, s.data + "/logs", LogColumns.duckDBColumns, "--audience", "participant"])
        #expect(r.status == 0, "study_check.py: \(r.stderr)")
        let sql = try JSONParser.parse(Array(r.stdout.utf8))
        let expected = try #require(sql["results"]?["\(sid)/send-draft"], "\(sql["results"] ?? .null)")
        #expect(expected["taps"] == 4 && expected["misclicks"] == 1, "\(expected)")
    }
}
