import EventSchema
import Foundation
import JSON
import Platform
import TestSupport
import Testing

@testable import ModalLabServer

/// Usability studies over HTTP: tasks run by the server, summaries a researcher can check in
/// SQL, replays equal to what was answered live, sessions that survive a restart, and report
/// links that reach nothing else.
@Suite(.serialized) struct StudyTests {
    /// The bundled mail prototype with three tasks: send the draft (by its intended route), open
    /// the share sheet within a short limit, and discard a draft.
    static func studyFolder() throws -> TemporaryDirectory {
        let dir = try TemporaryDirectory("study")
        let mail = try #require(
            FileManager.default.contents(atPath: repositoryRoot + "/Templates/prototypes/mail.json"))
        guard case .object(var doc) = try JSONParser.parse([UInt8](mail)) else { throw ClientError("mail.json") }
        doc["tasks"] = try JSONParser.parse(
            #"""
            [{"id": "send-draft", "prompt": "Send a new message", "success": {"dismissed": {"modal": "compose", "by": "send"}},
              "expectedPath": ["compose", "send"]},
             {"id": "share-inbox", "prompt": "Share the inbox", "success": {"modal": "share"},
              "expectedPath": ["share-button"], "timeLimitSeconds": 0.2},
             {"id": "open-compose", "prompt": "Start a message", "success": {"modal": "compose"}}]
            """#)
        try Data(JSONWriter().bytes(.object(doc))).write(to: URL(fileURLWithPath: dir.file("mail.json")))
        return dir
    }

    static func tap(_ target: String) -> JSONValue { ["type": "tap", "target": .string(target)] }
    static func start(_ task: String) -> JSONValue { ["type": "taskStart", "task": .string(task)] }

    /// A misclick as the player sends it.
    static func misclick(_ s: TestApp, _ sid: String, id: String, tMs: Int) async throws {
        let r = try await s.client.json(
            "POST", "/api/sessions/\(sid)/events",
            [
                "events": [
                    [
                        "event_id": .string(id), "type": "misclick", "t_ms": .int(tMs), "x": 20, "y": 400,
                        "screen": "inbox", "modal": .null, "state_seq": 1,
                    ]
                ]
            ])
        #expect(r.status == 200, "\(r.text)")
    }

    /// Four participants go through the study folder's tasks: the first by the intended route
    /// (direct), the second there and back (indirect) and then a second task, the third (on an
    /// iPad) gives up with the sheet up, the fourth lets a time limit pass (timed out: the
    /// app's clock is moved on, nothing waits). Returns the app (its prototypes in `folder`,
    /// removed by the caller) and the iPad session.
    static func runScriptedStudy() async throws -> (app: TestApp, folder: TemporaryDirectory, ipadSession: String) {
        let dir = try Self.studyFolder()
        let clock = ManualClock()
        let s = try TestApp(prototypes: dir.path, clock: clock)
        // 1: the intended route, with a misclick on the way → direct.
        let p1 = try await s.session("mail", device: "iphone-16")
        #expect(try await s.act(p1, Self.start("send-draft")).status == 200)
        try await Self.misclick(s, p1, id: "m1", tMs: 5)
        #expect(try await s.act(p1, Self.tap("compose")).status == 200)
        let sent = try await s.act(p1, Self.tap("send"))
        #expect(sent.json?["state"]?["task"] == .null, "\(sent.text)")
        #expect(try await s.client.request("DELETE", "/api/sessions/\(p1)").status == 204)
        // 2: there and back, then there again → indirect.
        let p2 = try await s.session("mail", device: "iphone-16")
        _ = try await s.act(p2, Self.start("send-draft"))
        for t in ["compose", "cancel", "compose", "send"] { #expect(try await s.act(p2, Self.tap(t)).status == 200) }
        // …and a second task that succeeds at once, without a declared route → indirect.
        _ = try await s.act(p2, Self.start("open-compose"))
        #expect(try await s.act(p2, Self.tap("compose")).status == 200)
        #expect(try await s.client.request("DELETE", "/api/sessions/\(p2)").status == 204)
        // 3 (iPad): gives up with the sheet up, and leaves it open: abandoned, compose open at the end.
        let p3 = try await s.session("mail", device: "ipad-pro-11")
        _ = try await s.act(p3, Self.start("send-draft"))
        try await Self.misclick(s, p3, id: "m3", tMs: 1)
        _ = try await s.act(p3, Self.tap("compose"))
        let gaveUp = try await s.act(p3, ["type": "giveUp"])
        #expect(gaveUp.status == 200)
        // 4: the time limit passes before the share sheet opens → timedOut.
        let p4 = try await s.session("mail", device: "iphone-16")
        _ = try await s.act(p4, Self.start("share-inbox"))
        clock.advance(by: .milliseconds(300))  // past the task's 0.2 s limit
        _ = try await s.act(p4, Self.tap("share-button"))
        #expect(try await s.client.request("DELETE", "/api/sessions/\(p4)").status == 204)
        return (s, dir, p3)
    }

    /// The scripted study's summary: each participant's outcome, the sheet left open, and the
    /// iPad filter's whole session.
    @Test func scriptedStudySummary() async throws {
        let (s, dir, p3) = try await Self.runScriptedStudy()
        defer { dir.remove() }
        let summary = try #require(
            try await s.client.request("GET", "/api/logs/summary.json?prototype=mail&audience=all").json)
        let tasks = Dictionary(
            uniqueKeysWithValues: (summary["tasks"]?.arrayValue ?? []).map { ($0["task"]!.stringValue!, $0) })
        #expect(tasks["send-draft"]?["direct"] == 1)
        #expect(tasks["send-draft"]?["indirect"] == 1)
        #expect(tasks["send-draft"]?["gave_up"] == 1)
        #expect(tasks["share-inbox"]?["timed_out"] == 1)
        #expect(tasks["open-compose"]?["indirect"] == 1)
        #expect(summary["sessions"]?.arrayValue?.count == 4)
        // The second participant's last task left the sheet up, and the third gave up under it.
        #expect(summary["modals"]?.arrayValue?.first { $0["modal"] == "compose" }?["open_at_end"] == 2)
        // Whole sessions: the iPad filter keeps the third participant's session, all of it.
        let ipad = try #require(
            try await s.client.request("GET", "/api/logs/summary.json?prototype=mail&device=ipad-pro-11&audience=all")
                .json)
        #expect(ipad["sessions"]?.arrayValue?.map { $0["session"] } == [.string(p3)])
        #expect(ipad["tasks"]?.arrayValue?.count == 1)
    }

    /// The insights page lists the tasks in the study's order with their prompts and SEQ, renders
    /// the results table (a row per participant × task, with the CSV's link), colours each path
    /// band by how its attempts ended and says what the diagram leaves out: an attempt past 8
    /// places (a fifth participant goes to the sheet and back five times) and one that never
    /// left its start (the fourth timed out, the fifth gives up sharing at once).
    @Test func insightsListTasksInStudyOrderWithResultsAndSayWhatPathsLeaveOut() async throws {
        let (s, dir, _) = try await Self.runScriptedStudy()
        defer { dir.remove() }
        let p5 = try await s.session("mail", device: "iphone-16")
        _ = try await s.act(p5, Self.start("share-inbox"))
        #expect(try await s.act(p5, ["type": "giveUp"]).status == 200)
        _ = try await s.act(p5, Self.start("send-draft"))
        for _ in 0..<5 { for t in ["compose", "cancel"] { _ = try await s.act(p5, Self.tap(t)) } }
        #expect(try await s.act(p5, Self.tap("compose")).status == 200)
        #expect(try await s.act(p5, Self.tap("send")).status == 200)
        _ = try await s.act(p5, ["type": "answer", "question": "seq", "task": "send-draft", "value": 2])
        let page = try await s.client.request("GET", "/p/mail/insights?audience=all")
        #expect(page.status == 200)
        let html = page.text
        // Study order (the file's: send-draft, share-inbox, open-compose), not the ids' order.
        let rows = html.components(separatedBy: "<tr data-task=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(rows == ["send-draft", "share-inbox", "open-compose"], "\(rows)")
        #expect(html.contains("Send a new message") && html.contains("Share the inbox"))
        #expect(html.contains("<td>2.0 (1)</td>"), "the SEQ mean and its answers")
        // The results table: 5 sessions' rows, and the CSV for the owner.
        #expect(html.contains("data-results-table") && html.contains("/api/logs/results.csv?prototype=mail"))
        #expect(html.components(separatedBy: "<tr data-result=").count - 1 == 7, "p1 1, p2 2, p3 1, p4 1, p5 2")
        #expect(html.contains("<tr data-result=\"\(p5) send-draft\">"))
        // Bands coloured by outcome; what is left out, said.
        #expect(html.contains("class=\"sankey-link success\"") && html.contains("class=\"sankey-link failure\""))
        #expect(html.contains("1 attempts went on past 8 places"), "p5's sixth place onward")
        #expect(html.contains("2 attempts never left the place they started on"), "p4's and p5's share-inbox")
        // The diagrams in study order too.
        let diagrams = html.components(separatedBy: "<h3>Paths of task ").dropFirst().map { $0.prefix { $0 != "<" } }
        #expect(diagrams == ["send-draft", "share-inbox", "open-compose"], "\(diagrams)")
    }

    /// Every tap has a place: a bar button's and the back button's carry the `x`/`y` the player
    /// sent, and a tap on an alert's or action sheet's button names the button (`props.button`).
    @Test func barBackAndAlertTapsCarryTheirPlaceAndButton() async throws {
        let s = try TestApp()
        let sid = try await s.session("mail", device: "iphone-16")
        #expect(try await s.act(sid, ["type": "tap", "target": "m1", "x": 120, "y": 300]).status == 200)
        let back = try await s.act(sid, ["type": "back", "x": 30, "y": 80])
        #expect(back.status == 200, "\(back.text)")
        #expect(try await s.act(sid, ["type": "tap", "target": "compose", "x": 370, "y": 80]).status == 200)
        #expect(try await s.act(sid, ["type": "tap", "target": "cancel", "x": 40, "y": 80]).status == 200)
        #expect(try await s.act(sid, ["type": "tap", "target": "delete-all", "x": 200, "y": 420]).status == 200)
        let sheet = try #require(try await s.act(sid, ["type": "tap", "target": "confirm-delete", "action": 0]).json)
        #expect(sheet["state"]?["stack"] == [])
        let rows = try await s.client.request("GET", "/api/logs.ndjson?session=\(sid)").text
            .split(separator: "\n").compactMap { try? JSONParser.parse(String($0)) }
        let taps = rows.filter { $0["type"] == "tap" }
        #expect(
            taps.map { $0["target"] } == ["m1", "back", "compose", "cancel", "delete-all", "confirm-delete"], "\(taps)")
        #expect(
            taps.prefix(5).map { [$0["x"], $0["y"]] } == [[120, 300], [30, 80], [370, 80], [40, 80], [200, 420]],
            "\(taps)")
        #expect(taps.last?["props"]?["button"] != nil && taps.last?["props"]?["button"] != .null, "\(taps.last!)")
        // The replay runs the back with its place too.
        let replay = try await s.client.request("GET", "/api/sessions/\(sid)/replay?frames=0")
        #expect(replay.status == 200)
        #expect(
            Self.replayLines(replay.text, "step").contains {
                $0["action"]?["type"] == "back" && $0["action"]?["x"] == 30
            })
    }

    /// The scripted study's summary equals what DuckDB computes over the raw log with the
    /// README's SQL (`study_check.py`), for the whole study and for the iPad filter.
    @Test(.requires(.duckDB)) func scriptedStudySummaryEqualsDuckDBOverTheRawLog() async throws {
        let (s, dir, _) = try await Self.runScriptedStudy()
        defer { dir.remove() }
        let summary = try #require(
            try await s.client.request("GET", "/api/logs/summary.json?prototype=mail&audience=all").json)
        let tasks = Dictionary(
            uniqueKeysWithValues: (summary["tasks"]?.arrayValue ?? []).map { ($0["task"]!.stringValue!, $0) })
        let sql = try await duckDB(s.data + "/logs")
        for (task, expected) in sql["tasks"]?.objectValue ?? JSONObject() {
            let got = try #require(tasks[task], "task \(task) missing from the summary")
            for (k, v) in expected.objectValue ?? JSONObject() {
                #expect(close(got[k], v), "task \(task).\(k): summary \(got[k] ?? .null), DuckDB \(v)")
            }
        }
        #expect(Set(tasks.keys) == Set((sql["tasks"]?.objectValue ?? JSONObject()).keys))
        for session in summary["sessions"]?.arrayValue ?? [] {
            let sid = session["session"]!.stringValue!
            let expected = try #require(sql["sessions"]?[sid])
            #expect(session["status"] == expected["status"], "\(sid)")
            #expect(session["taps"] == expected["taps"] && session["misclicks"] == expected["misclicks"], "\(sid)")
        }
        for modal in summary["modals"]?.arrayValue ?? [] {
            let id = modal["modal"]!.stringValue!
            #expect(modal["open_at_end"] == (sql["open_at_end"]?[id] ?? 0), "\(id)")
            #expect(
                modal["cancels"] == (sql["cancels"]?[id] ?? 0), "cancels of \(id), as docs/log.md's SQL counts them")
        }
        // The study cancelled something, so the comparison above compared something.
        #expect((sql["cancels"]?.objectValue ?? JSONObject()).members.contains { ($0.value.numberValue ?? 0) > 0 })
        #expect(sql["open_at_end"]?["compose"] == 2)

        let ipad = try #require(
            try await s.client.request("GET", "/api/logs/summary.json?prototype=mail&device=ipad-pro-11&audience=all")
                .json)
        let ipadSQL = try await duckDB(s.data + "/logs", device: "ipad-pro-11")
        for t in ipad["tasks"]?.arrayValue ?? [] {
            let expected = try #require(ipadSQL["tasks"]?[t["task"]!.stringValue!])
            for (k, v) in expected.objectValue ?? JSONObject() { #expect(close(t[k], v), "ipad \(k)") }
        }
    }

    /// Numbers equal to the summary's four significant decimals (rates are written tidy); other
    /// values exactly.
    func close(_ a: JSONValue?, _ b: JSONValue) -> Bool {
        if let x = a?.numberValue, let y = b.numberValue { return abs(x - y) <= 5e-5 * max(1, abs(y)) }
        return (a ?? .null) == b
    }

    /// Runs `study_check.py` over the log tree: every session, or those of `device`, or of `audience`.
    func duckDB(_ logs: String, device: String? = nil, audience: String? = nil) async throws -> JSONValue {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "study_check.py")
        let r = try await runCommand(
            ["python3", script.path, logs, LogColumns.duckDBColumns] + (device.map { [$0] } ?? [])
                + (audience.map { ["--audience", $0] } ?? []))
        guard r.status == 0 else {
            throw ClientError("study_check.py failed (\(r.status)): \(r.stderr)")
        }
        return try JSONParser.parse(Array(r.stdout.utf8))
    }

    /// Each replay step's state bytes, in order, from the raw text of a replay (NDJSON): the
    /// bytes of a step line's `"state"` member as the server wrote them, or the state before
    /// it when the line leaves it out (the step changed nothing).
    static func replayedStates(_ text: String) -> [String] {
        var states: [String] = []
        var last = ""
        for line in text.split(separator: "\n") {
            if line.hasPrefix(#"{"replay":"#), let st = line.range(of: #""start":{"state":"#),
                let end = line.range(of: #","html":"#, range: st.upperBound..<line.endIndex)
            {
                last = String(line[st.upperBound..<end.lowerBound])
            }
            guard line.hasPrefix(#"{"step":"#) else { continue }
            if let st = line.range(of: #","state":"#) {
                let end =
                    line.range(of: #","html":"#, range: st.upperBound..<line.endIndex)?.lowerBound
                    ?? line.index(line.endIndex, offsetBy: -2)
                last = String(line[st.upperBound..<end])
            }
            states.append(last)
        }
        return states
    }

    /// The lines of a replay (NDJSON), parsed, and those of one kind (`step`, `mark`, `end`, …).
    static func replayLines(_ text: String, _ kind: String? = nil) -> [JSONValue] {
        let all = text.split(separator: "\n").compactMap { try? JSONParser.parse(String($0)) }
        guard let kind else { return all }
        return all.compactMap { $0[kind] }
    }

    /// The `"state":…` member's bytes of an answer, as sent.
    static func stateBytes(_ text: String, before end: String) -> String? {
        guard let a = text.range(of: #"{"state":"#) ?? text.range(of: #""state":"#),
            let b = text.range(of: end, range: a.upperBound..<text.endIndex)
        else { return nil }
        return String(text[a.upperBound..<b.lowerBound])
    }

    /// Random sessions: every answered state equals the replay's state for that step, byte for
    /// byte; and after the server restarts (a new app over the same data folder, as after a
    /// kill), the session is rebuilt and carries on from the same state.
    @Test func replayEqualsLiveOnRandomSessionsAndSurvivesARestart() async throws {
        let dir = try Self.studyFolder()
        defer { dir.remove() }
        let data = try TemporaryDirectory("replay")
        defer { data.remove() }
        let targets = [
            "compose", "send", "cancel", "share-button", "delete-all", "reply", "message-from", "messages",
        ]
        var rng = SplitMix64(seed: 0x5EED_2026)
        for round in 0..<6 {
            var live: [(status: Int, state: String?)] = []
            let sid: String
            var lastState: JSONValue?
            do {
                let s = try TestApp(prototypes: dir.path, data: data)
                let device = ["iphone-16", "ipad-pro-11", "iphone-se-3"][round % 3]
                sid = try await s.session("mail", device: device)
                for _ in 0..<40 {
                    let action: JSONValue
                    switch rng.next() % 10 {
                    case 0: action = ["type": "swipeDown"]
                    case 1: action = ["type": "tapOutside", "x": 10, "y": 10]
                    case 2: action = ["type": "back"]
                    case 3: action = ["type": "key", "key": "Escape"]
                    case 4: action = Self.start(["send-draft", "share-inbox", "open-compose"][Int(rng.next() % 3)])
                    case 5: action = ["type": "giveUp"]
                    case 6:
                        let m = ["discard-draft", "reply-options", "confirm-delete"][Int(rng.next() % 3)]
                        action = ["type": "tap", "target": .string(m), "action": .int(Int(rng.next() % 3))]
                    case 7: action = ["type": "rotate", "orientation": rng.next() % 2 == 0 ? "landscape" : "portrait"]
                    default: action = Self.tap(targets[Int(rng.next() % UInt64(targets.count))])
                    }
                    let r = try await s.act(sid, action)
                    if r.status == 200 {
                        live.append((200, Self.stateBytes(r.text, before: #","diagnostics":"#)))
                        lastState = r.json?["state"]
                    } else if r.status == 409 {
                        live.append((409, r.json?["state"].map { JSONWriter().string($0) }))
                        lastState = r.json?["state"]
                    }
                }
                let replay = try await s.client.request("GET", "/api/sessions/\(sid)/replay?frames=0")
                #expect(replay.status == 200, "\(replay.text.prefix(300))")
                let steps = Self.replayLines(replay.text, "step")
                #expect(Self.replayLines(replay.text, "end").count == 1)
                #expect(steps.count == live.count, "round \(round): \(steps.count) steps for \(live.count) answers")
                let replayed = Self.replayedStates(replay.text)
                #expect(replayed.count == live.count, "round \(round): every step's state bytes were found")
                for (i, (l, r)) in zip(live, replayed).enumerated() {
                    if l.status == 200 {
                        #expect(l.state == r, "round \(round) step \(i): live \(l.state ?? "nil")\nreplay \(r)")
                    } else {
                        #expect(
                            (try? JSONParser.parse(l.state ?? "")) == (try? JSONParser.parse(r)),
                            "round \(round) step \(i) (refused)")
                    }
                }
            }
            // A new server over the same data: the session is rebuilt and goes on.
            let again = try TestApp(prototypes: dir.path, data: data)
            let r = try await again.client.request("GET", "/api/sessions/\(sid)")
            #expect(r.status == 200, "\(r.text)")
            #expect(r.json?["state"] == lastState, "round \(round): rebuilt state differs")
            let next = try await again.act(sid, ["type": "home"])
            #expect(next.status == 200 || next.status == 409, "\(next.text)")
        }
    }

    /// Downtime is not time on task: a session whose server stops for ten minutes (a clean stop,
    /// its `session_end` `shutdown` at 100 ms) and is rebuilt by the next goes on at 100 ms, so
    /// a task with a 0.2 s limit that took 150 ms of the participant's time succeeds, with
    /// `duration_ms` 150, live and in the replay.
    @Test func downtimeIsNotTimeOnTask() async throws {
        let dir = try Self.studyFolder()
        defer { dir.remove() }
        let data = try TemporaryDirectory("downtime")
        defer { data.remove() }
        let clock = ManualClock()
        let sid: String
        do {
            let s = try TestApp(prototypes: dir.path, data: data, clock: clock)
            sid = try await s.session("mail", device: "iphone-16")
            #expect(try await s.act(sid, Self.start("share-inbox")).status == 200)
            clock.advance(by: .milliseconds(100))
        }
        clock.advance(by: .seconds(600))  // the server is down
        let again = try TestApp(prototypes: dir.path, data: data, clock: clock)
        clock.advance(by: .milliseconds(50))
        let shared = try await again.act(sid, Self.tap("share-button"))
        #expect(shared.status == 200, "\(shared.text)")
        #expect(shared.json?["state"]?["task"] == .null)
        let rows = try await again.client.request("GET", "/api/logs.ndjson?session=\(sid)").text
            .split(separator: "\n").compactMap { try? JSONParser.parse(String($0)) }
        let end = try #require(rows.first { $0["type"] == "task_end" })
        #expect(end["outcome"] == "direct", "\(end)")
        #expect(end["duration_ms"] == 150, "\(end)")
        #expect(end["t_ms"] == 150, "the session's clock stood still while the server was down")
        let shutdown = try #require(rows.first { $0["type"] == "session_end" })
        #expect(shutdown["how"] == "shutdown" && shutdown["t_ms"] == 100)
        // The replay runs the logged times: the same outcome.
        let replay = try await again.client.request("GET", "/api/sessions/\(sid)/replay?frames=0")
        let steps = Self.replayLines(replay.text, "step")
        #expect(steps.last?["state"]?["task"] == .null, "\(replay.text.suffix(400))")
    }

    /// A report link opens the prototype's insights and replays, read-only, and reaches nothing
    /// else: not the player, the board, sessions, events, comments, the log, other prototypes.
    @Test func reportLinkReachesOnlyTheReport() async throws {
        let dir = try Self.studyFolder()
        defer { dir.remove() }
        let s = try TestApp(prototypes: dir.path)
        let sid = try await s.session("mail", device: "iphone-16")
        _ = try await s.act(sid, Self.tap("compose"))
        let made = try await s.client.json("POST", "/api/shares", ["prototype": "mail", "role": "report"])
        #expect(made.status == 201, "\(made.text)")
        let url = try #require(made.json?["url"]?.stringValue)
        let token = String(url[url.range(of: "/s/")!.upperBound...])
        let open = try await s.client.request("GET", "/s/\(token)", auth: false)
        #expect(open.status == 303)
        #expect(open.headers.first { $0.0.lowercased() == "location" }?.1 == "/p/mail/insights")
        let cookie = ["Cookie": "modallab_share_0=\(token)"]
        func get(_ path: String) async throws -> Int {
            try await s.client.request("GET", path, headers: cookie, auth: false).status
        }
        #expect(try await get("/p/mail/insights") == 200)
        #expect(try await get("/api/sessions/\(sid)/replay?frames=0") == 200)
        #expect(try await get("/p/mail/sessions/\(sid)") == 200)
        #expect(try await get("/p/mail/heatmaps") == 200)
        for path in [
            "/p/mail", "/p/mail/board", "/api/sessions/\(sid)", "/api/logs.csv", "/api/logs/summary.json",
            "/api/prototypes", "/api/shares", "/api/comments?prototype=mail", "/api/stream?prototype=mail", "/",
            "/p/calendar/insights", "/metrics",
        ] {
            let status = try await get(path)
            #expect(status == 401 || status == 404, "\(path) answered \(status) to a report link")
        }
        for (method, path, body) in [
            ("POST", "/api/sessions", #"{"prototype": "mail"}"#),
            ("POST", "/api/sessions/\(sid)/actions", #"{"type": "home"}"#),
            ("POST", "/api/sessions/\(sid)/events", #"{"events": []}"#),
            ("DELETE", "/api/sessions/\(sid)", nil),
            ("POST", "/api/comments", #"{"prototype": "mail", "text": "x", "x": 1, "y": 1, "screen": "inbox"}"#),
        ] {
            let status = try await s.client.request(method, path, body: body, headers: cookie, auth: false).status
            #expect(status == 401 || status == 404, "\(method) \(path) answered \(status) to a report link")
        }
    }

    /// A watcher follows a running session over Server-Sent Events: the current frame first,
    /// then every answer the participant gets, each with its state and frame; strangers get 401.
    @Test func aWatcherSeesEachAnswerLive() async throws {
        let s = try TestApp(socket: true)
        let sid = try await s.session("mail", device: "iphone-16")
        #expect(try await s.client.request("GET", "/api/sessions/\(sid)/watch", auth: false).status == 401)
        let watcher = try TestClient(port: s.client.port)
        watcher.send(
            "GET /api/sessions/\(sid)/watch HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer owner-test-token\r\n\r\n"
        )
        let first = try await blocking {
            try watcher.readUntil("\n\n") + watcher.readUntil("}\n\n") + watcher.readUntil("}\n\n")
        }
        #expect(first.hasPrefix("HTTP/1.1 200"))
        #expect(first.contains("event: frame") && first.contains(#""seq":0"#) && first.contains(#""html":"#))
        // Then the session's misclicks so far.
        #expect(first.hasSuffix("event: stats\ndata: {\"misclicks\":0}\n\n"), "\(first.suffix(100))")
        let answer = try await s.act(sid, Self.tap("compose"))
        #expect(answer.status == 200)
        let next = try await blocking { try watcher.readUntil("}\n\n") }
        #expect(next.contains("event: frame") && next.contains(#""seq":1"#) && next.contains(#""modal":"compose""#))
        // The frame the watcher got is the one the participant got.
        let html = try #require(answer.json?["html"]?.stringValue)
        #expect(next.contains(JSONWriter.quoted(html)))
        // The session ends: the stream says so and the response ends (its last chunk).
        #expect(try await s.client.request("DELETE", "/api/sessions/\(sid)").status == 204)
        let end = try await blocking { try watcher.readUntil("\r\n0\r\n\r\n") }
        #expect(end.contains("event: end"), "\(end)")
    }

    /// Misclicks are client events, which change no state: a watcher still counts them live. The
    /// stream starts with the session's count (`stats`), and each batch the participant's page
    /// logs with misclicks sends the new total; a retried batch adds none.
    @Test func aWatcherCountsMisclicksLive() async throws {
        let s = try TestApp(socket: true)
        let sid = try await s.session("mail", device: "iphone-16")
        _ = try await s.act(sid, Self.tap("compose"))
        try await Self.misclick(s, sid, id: "before-watch", tMs: 1)
        let watcher = try TestClient(port: s.client.port)
        watcher.send(
            "GET /api/sessions/\(sid)/watch HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer owner-test-token\r\n\r\n"
        )
        let first = try await blocking {
            try watcher.readUntil("event: stats") + watcher.readUntil("}\n\n")
        }
        #expect(first.contains("event: frame"))
        #expect(first.hasSuffix(#"data: {"misclicks":1}"# + "\n\n"), "\(first.suffix(200))")
        // The participant misclicks twice in one batch: the watcher gets the new total.
        let batch: JSONValue = [
            "events": .array(
                ["m2", "m3"].map {
                    [
                        "event_id": .string($0), "type": "misclick", "t_ms": 2, "x": 10, "y": 300,
                        "screen": "inbox", "modal": "compose", "state_seq": 1,
                    ]
                })
        ]
        let two = try await s.client.json("POST", "/api/sessions/\(sid)/events", batch)
        #expect(two.status == 200, "\(two.text)")
        let next = try await blocking { try watcher.readUntil("}\n\n") }
        #expect(next.contains("event: stats") && next.contains(#"{"misclicks":3}"#), "\(next)")
        // A retried batch logs nothing new and sends nothing; the next misclick makes 4.
        let retried = try await s.client.json("POST", "/api/sessions/\(sid)/events", batch)
        #expect(retried.json?["duplicates"] == 2, "\(retried.text)")
        try await Self.misclick(s, sid, id: "after-retry", tMs: 3)
        let after = try await blocking { try watcher.readUntil("}\n\n") }
        #expect(after.contains(#"{"misclicks":4}"#), "\(after)")
        // The watch page starts from the log's count.
        let page = try await s.client.request("GET", "/p/mail/sessions/\(sid)/watch")
        #expect(page.text.contains(#"data-misclicks="4""#), "\(page.text.prefix(2000))")
    }

    /// A report link's watch streams end when the link is revoked, and one link holds at most
    /// its streams (the limit of event streams per link).
    @Test func aRevokedReportLinkStopsWatching() async throws {
        let dir = try Self.studyFolder()
        defer { dir.remove() }
        let s = try TestApp(socket: true, prototypes: dir.path) { $0.limits.streamsPerShare = 2 }
        let sid = try await s.session("mail", device: "iphone-16")
        let made = try await s.client.json("POST", "/api/shares", ["prototype": "mail", "role": "report"])
        let id = try #require(made.json?["id"]?.stringValue)
        let url = try #require(made.json?["url"]?.stringValue)
        let token = String(url[url.range(of: "/s/")!.upperBound...])
        let cookie = "modallab_share_\(s.client.port)=\(token)"
        func watch() throws -> TestClient {
            let w = try TestClient(port: s.client.port)
            w.send("GET /api/sessions/\(sid)/watch HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: \(cookie)\r\n\r\n")
            return w
        }
        let a = try watch()
        let b = try watch()
        for w in [a, b] {
            let head = try await blocking { try w.readUntil("event: stats") + w.readUntil("}\n\n") }
            #expect(head.hasPrefix("HTTP/1.1 200"), "\(head.prefix(200))")
        }
        let third = try watch()
        let refused = try await blocking { try third.readUntil("\r\n") }
        #expect(refused.hasPrefix("HTTP/1.1 429"), "\(refused)")
        #expect(try await s.client.request("DELETE", "/api/shares/\(id)").status == 204)
        for w in [a, b] {
            let end = try await blocking { try w.readUntil("\n\n") }
            #expect(end.contains("event: end"), "\(end)")
        }
    }

    /// A server killed with SIGKILL mid-session: a new one over the same data folder rebuilds
    /// the session by replay on its first request, and the participant carries on (the task
    /// still running, the log's `seq` going on).
    @Test func aSessionSurvivesKillDashNine() async throws {
        let binary = try #require(modallabExecutable(), "no modallab executable; run `swift build`")
        let dir = try Self.studyFolder()
        let folder = try TemporaryDirectory("kill")
        defer {
            dir.remove()
            folder.remove()
        }
        let data = folder.path
        func serve() async throws -> (ServerProcess, AppClient) {
            let server = try ServerProcess(
                binary, ["serve", "--port", "0", "--data", data, "--prototypes", dir.path], directory: repositoryRoot)
            let url = try await server.ownerURL(within: 30)
            let port = try #require(URLComponents(string: url)?.port)
            let token = try #require(URLComponents(string: url)?.queryItems?.first { $0.name == "token" }?.value)
            return (server, AppClient(transport: .socket, port: port, token: token))
        }
        let (first, c1) = try await serve()
        let started = try await c1.json("POST", "/api/sessions", ["prototype": "mail", "device": "iphone-16"])
        let sid = try #require(started.json?["session"]?.stringValue, "\(started.text)")
        _ = try await c1.json("POST", "/api/sessions/\(sid)/actions", Self.start("send-draft"))
        let before = try await c1.json("POST", "/api/sessions/\(sid)/actions", Self.tap("compose"))
        #expect(before.status == 200)
        Sys.killAbruptly(first.process.processIdentifier)
        await first.stop()
        #expect(first.process.terminationReason == .uncaughtSignal)

        let (second, c2) = try await serve()
        let again = try await c2.request("GET", "/api/sessions/\(sid)")
        #expect(again.status == 200, "\(again.text)")
        #expect(again.json?["state"] == before.json?["state"])
        let sent = try await c2.json("POST", "/api/sessions/\(sid)/actions", Self.tap("send"))
        #expect(sent.status == 200, "\(sent.text)")
        #expect(sent.json?["state"]?["task"] == .null)
        let log = try await c2.request("GET", "/api/logs.ndjson?session=\(sid)").text
        let rows = log.split(separator: "\n").compactMap { try? JSONParser.parse(String($0)) }
        #expect(rows.compactMap { $0["seq"]?.intValue } == Array(1...rows.count))
        #expect(rows.contains { $0["type"] == "task_end" && $0["outcome"] == "direct" })
        await second.stop()
    }

    /// A participant link lists its tasks: unknown ones are refused when it is made, and its
    /// holder can start those and no others.
    @Test func aParticipantLinkPlaysItsTasksOnly() async throws {
        let dir = try Self.studyFolder()
        defer { dir.remove() }
        let s = try TestApp(prototypes: dir.path)
        let wrong = try await s.client.json(
            "POST", "/api/shares", ["prototype": "mail", "role": "participant", "tasks": ["send-draft", "send-drft"]])
        #expect(wrong.status == 400 && wrong.text.contains("$.tasks[1]") && wrong.text.contains("send-draft"))
        let none = try await s.client.json("POST", "/api/shares", ["prototype": "mail", "role": "participant"])
        #expect(none.status == 400 && none.text.contains("$.tasks"))
        let made = try await s.client.json(
            "POST", "/api/shares", ["prototype": "mail", "role": "participant", "tasks": ["send-draft"]])
        #expect(made.status == 201, "\(made.text)")
        let url = try #require(made.json?["url"]?.stringValue)
        let token = String(url[url.range(of: "/s/")!.upperBound...])
        let cookie = ["Cookie": "modallab_share_0=\(token)"]
        let started = try await s.client.request(
            "POST", "/api/sessions", body: #"{"prototype": "mail"}"#, headers: cookie, auth: false)
        let sid = try #require(started.json?["session"]?.stringValue, "\(started.text)")
        let page = try await s.client.request("GET", "/p/mail", headers: cookie, auth: false)
        #expect(
            page.status == 200 && page.text.contains("data-study-tasks=") && page.text.contains("Send a new message"))
        // The participant sees the app and the task, not the designer's tools.
        #expect(page.text.contains("data-participant") && page.text.contains(#"id="home-button""#))
        for tool in [
            #"id="device-select""#, #"id="content-size-select""#, #"id="target-os-select""#,
            #"role="radio" data-orientation"#,
            "data-board", #"id="restart""#, #"id="state-json""#, #"id="prototype-diagnostics""#,
            #"id="comments-section""#,
        ] {
            #expect(!page.text.contains(tool), "a participant's page has \(tool)")
        }
        // Nor can it reach them by address: the board (every screen: the tasks given away),
        // reviewers' comments, the live-reload stream (a reload would start the study over).
        for path in ["/p/mail/board", "/api/comments?prototype=mail", "/api/stream?prototype=mail"] {
            let r = try await s.client.request("GET", path, headers: cookie, auth: false)
            #expect(r.status == 404, "\(path): \(r.status)")
        }
        // The owner's player has them all.
        let ownerPage = try await s.client.request("GET", "/p/mail").text
        #expect(ownerPage.contains(#"id="device-select""#) && ownerPage.contains(#"id="state-json""#))
        #expect(!ownerPage.contains("data-participant"))
        func start(_ task: String) async throws -> Int {
            try await s.client.request(
                "POST", "/api/sessions/\(sid)/actions", body: #"{"type": "taskStart", "task": "\#(task)"}"#,
                headers: cookie, auth: false
            ).status
        }
        #expect(try await start("share-inbox") == 400)
        #expect(try await start("send-draft") == 200)
        // It plays as people do: presenting the task's modal by hand is not a way to succeed.
        let present = try await s.client.request(
            "POST", "/api/sessions/\(sid)/actions", body: #"{"type": "present", "target": "compose"}"#,
            headers: cookie, auth: false)
        #expect(present.status == 400 && present.json?["path"] == "$.type", "\(present.text)")
    }

    // MARK: A study through participant links

    /// The study prototype of ``participantStudy()``: the mail prototype with three tasks, one
    /// of which starts on another screen than the others (a message, pushed from the inbox),
    /// taken in a counterbalanced order.
    static func participantStudyFolder() throws -> TemporaryDirectory {
        let dir = try TemporaryDirectory("participants")
        let mail = try #require(
            FileManager.default.contents(atPath: repositoryRoot + "/Templates/prototypes/mail.json"))
        guard case .object(var doc) = try JSONParser.parse([UInt8](mail)) else { throw ClientError("mail.json") }
        doc["taskOrder"] = "counterbalanced"
        doc["tasks"] = try JSONParser.parse(
            #"""
            [{"id": "send-draft", "prompt": "Send a new message", "success": {"dismissed": {"modal": "compose", "by": "send"}},
              "expectedPath": ["compose", "send"]},
             {"id": "reply", "prompt": "Reply to Anna", "start": {"screen": "message"}, "success": {"modal": "reply-options"},
              "expectedPath": ["reply"]},
             {"id": "share-inbox", "prompt": "Share the inbox", "success": {"modal": "share"}, "expectedPath": ["share-button"]}]
            """#)
        try Data(JSONWriter().bytes(.object(doc))).write(to: URL(fileURLWithPath: dir.file("mail.json")))
        return dir
    }

    /// What one participant does in each task, and what the study should report.
    struct Plan {
        /// The taps (and other actions) of each task, by task id; a task not here is not started.
        var actions: [String: [JSONValue]]
        /// Milliseconds the clock moves on before each action of a task.
        var stepMs = 1_000
        /// SEQ answers by task.
        var seq: [String: Int] = [:]
        /// SUS answers, items 1…10 (none: not answered).
        var sus: [Int] = []
        /// Whether the participant closes the session at the end (`DELETE`).
        var closes = true
        /// How many of the participant's tasks they play (in their order) before stopping.
        var plays = 3
    }

    /// Typed values a participant types: none of them may appear anywhere.
    static let typedValues = ["quokka.zanzibar@example.org", "Zanzibar quarterly 7731", "Meet me at the Quokka bar"]

    /// The edits of a participant typing ``typedValues`` into the compose sheet's fields.
    static var typing: [JSONValue] {
        zip(["to", "subject", "body"], typedValues).map { field, text in
            ["type": "edit", "target": .string(field), "value": .string(text)]
        }
    }

    /// Four participants of a participant link (P1–P4) play three tasks in the order the link
    /// gives each (a row of the balanced Latin square), typing into the compose sheet, answering
    /// the SEQ after each task and the SUS at the end; the owner plays too (left out of the
    /// study's figures by default). The app's clock is moved on by hand, so times are exact.
    /// Returns the app, the prototypes' folder, the participants' session ids and orders, and
    /// the owner's session.
    static func participantStudy() async throws -> (
        app: TestApp, folder: TemporaryDirectory, sessions: [String], orders: [[String]], owner: String
    ) {
        let dir = try participantStudyFolder()
        let clock = ManualClock()
        let s = try TestApp(socket: true, prototypes: dir.path, clock: clock)
        let made = try await s.client.json(
            "POST", "/api/shares",
            [
                "prototype": "mail", "role": "participant", "label": "Round 1",
                "tasks": ["send-draft", "reply", "share-inbox"],
            ])
        #expect(made.status == 201, "\(made.text)")
        let url = try #require(made.json?["url"]?.stringValue)
        let token = String(url[url.range(of: "/s/")!.upperBound...])
        let cookie = ["Cookie": "modallab_share_\(s.client.port)=\(token)"]
        func post(_ path: String, _ body: JSONValue) async throws -> TestResponse {
            try await s.client.request(
                "POST", path, body: JSONWriter().string(body), headers: cookie, auth: false)
        }
        var sessions: [String] = []
        var orders: [[String]] = []
        for (i, plan) in participantPlans.enumerated() {
            let started = try await post(
                "/api/sessions", ["prototype": "mail", "device": "iphone-16", "pid": .string("P\(i + 1)")])
            let sid = try #require(started.json?["session"]?.stringValue, "\(started.text)")
            let order = (started.json?["tasks"]?.arrayValue ?? []).compactMap { $0.stringValue }
            #expect(order.count == 3, "\(started.text)")
            sessions.append(sid)
            orders.append(order)
            for (n, task) in order.prefix(plan.plays).enumerated() {
                guard let actions = plan.actions[task] else { continue }
                #expect(try await post("/api/sessions/\(sid)/actions", start(task)).status == 200)
                // P1 misses a button once in their first task.
                if i == 0 && n == 0 { try await misclick(s, sid, id: "p1-miss", tMs: 5) }
                for a in actions {
                    clock.advance(by: .milliseconds(plan.stepMs))
                    let r = try await post("/api/sessions/\(sid)/actions", a)
                    #expect(r.status == 200, "P\(i + 1) \(task) \(a): \(r.text)")
                }
                if let seq = plan.seq[task] {
                    let r = try await post(
                        "/api/sessions/\(sid)/actions",
                        ["type": "answer", "question": "seq", "task": .string(task), "value": .int(seq)])
                    #expect(r.status == 200, "\(r.text)")
                }
            }
            for (item, score) in plan.sus.enumerated() {
                let r = try await post(
                    "/api/sessions/\(sid)/actions",
                    ["type": "answer", "question": .string("sus\(item + 1)"), "value": .int(score)])
                #expect(r.status == 200, "\(r.text)")
            }
            if plan.closes {
                #expect(
                    try await s.client.request("DELETE", "/api/sessions/\(sid)", headers: cookie, auth: false).status
                        == 204)
            }
        }
        // The team's own play: the owner runs a task by the intended route, typing too.
        let owner = try await s.session("mail", device: "iphone-16")
        _ = try await s.act(owner, start("send-draft"))
        for a in [tap("compose")] + typing + [tap("send")] { _ = try await s.act(owner, a) }
        return (s, dir, sessions, orders, owner)
    }

    /// The participants' plans (ground truth in ``participantStudyReports()``): P1 takes every
    /// task by its route; P2 goes round about for the reply (back to the inbox, into the message
    /// again), gives up sharing; P3 leaves after their first task; P4 is still in their first.
    static let participantPlans: [Plan] = [
        Plan(
            actions: [
                "send-draft": [tap("compose")] + typing + [tap("send")], "reply": [tap("reply")],
                "share-inbox": [tap("share-button")],
            ],
            seq: ["send-draft": 6, "reply": 7, "share-inbox": 5], sus: [4, 2, 4, 2, 4, 2, 4, 2, 4, 2]),
        Plan(
            actions: [
                "send-draft": [tap("compose")] + typing + [tap("send")],
                "reply": [["type": "back"], tap("m1"), tap("reply")],
                "share-inbox": [["type": "giveUp"]],
            ],
            seq: ["send-draft": 5, "reply": 3, "share-inbox": 1], sus: [5, 1, 5, 1, 5, 1, 5, 1, 5, 1]),
        Plan(
            actions: [
                "send-draft": [tap("compose")] + typing + [tap("send")], "reply": [tap("reply")],
                "share-inbox": [tap("share-button")],
            ],
            seq: ["send-draft": 4, "reply": 6, "share-inbox": 6], sus: [3, 3, 3], plays: 1),
        Plan(
            actions: ["send-draft": [tap("compose")], "reply": [], "share-inbox": []], closes: false, plays: 1),
    ]

    /// The study's figures match the participants' plans exactly: each participant's order is
    /// a row of the balanced Latin square (rows 0–3 of three tasks), the reply task that starts
    /// on another screen is direct when its one tap is, SEQ per task and SUS per participant
    /// (Brooke 1996) and overall, each session's status, the results table; the owner's session
    /// is left out unless `audience=all`; and no typed value is anywhere under the data folder or
    /// in any export.
    @Test func aParticipantStudyReportsWhatItsParticipantsDid() async throws {
        let (s, dir, sessions, orders, owner) = try await Self.participantStudy()
        defer { dir.remove() }
        // Counterbalanced: rows 0, 1, 2, 3 of the square of three tasks.
        let tasks = ["send-draft", "reply", "share-inbox"]
        #expect(orders == [[0, 1, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]].map { $0.map { tasks[$0] } })
        let summary = try #require(try await s.client.request("GET", "/api/logs/summary.json?prototype=mail").json)
        let byTask = Dictionary(
            uniqueKeysWithValues: (summary["tasks"]?.arrayValue ?? []).map { ($0["task"]!.stringValue!, $0) })
        // The team's session is not among them.
        #expect(summary["sessions"]?.arrayValue?.compactMap { $0["session"]?.stringValue } == sessions)
        // send-draft: P1, P2 direct (typing is not a tap), P3 direct when it comes first; P4 unfinished.
        let p3First = orders[2][0]
        let p4First = orders[3][0]
        func expected(_ task: String) -> (direct: Int, indirect: Int, gaveUp: Int, attempts: Int) {
            var d = 0
            var ind = 0
            var g = 0
            var a = 2
            switch task {
            case "send-draft": d = 2
            case "reply": (d, ind) = (1, 1)
            default: (d, g) = (1, 1)
            }
            if p3First == task { (d, a) = (d + 1, a + 1) }
            if p4First == task { a += 1 }
            return (d, ind, g, a)
        }
        for t in tasks {
            let e = expected(t)
            #expect(byTask[t]?["direct"] == .int(e.direct), "\(t): \(byTask[t] ?? .null)")
            #expect(byTask[t]?["indirect"] == .int(e.indirect), "\(t)")
            #expect(byTask[t]?["gave_up"] == .int(e.gaveUp), "\(t)")
            #expect(byTask[t]?["attempts"] == .int(e.attempts), "\(t)")
        }
        // SEQ: P1 and P2 answered every task, P3 their first.
        var seqs: [String: [Int]] = [:]
        for (i, plan) in Self.participantPlans.enumerated() {
            for t in orders[i].prefix(plan.plays) { if let v = plan.seq[t] { seqs[t, default: []].append(v) } }
        }
        for t in tasks {
            let answers = seqs[t] ?? []
            var distribution = Array(repeating: 0, count: 7)
            for v in answers { distribution[v - 1] += 1 }
            #expect(byTask[t]?["seq_answers"] == .int(answers.count), "\(t)")
            #expect(byTask[t]?["seq_distribution"] == .array(distribution.map { .int($0) }), "\(t)")
            let mean = Double(answers.reduce(0, +)) / Double(answers.count)
            #expect(close(byTask[t]?["seq_mean"], .number(mean)), "\(t): \(byTask[t]?["seq_mean"] ?? .null) ≠ \(mean)")
        }
        // SUS (Brooke 1996): P1 4,2,… → (3 × 5 + 3 × 5) × 2.5 = 75; P2 5,1,… → 100; P3 three items: none.
        let list = summary["sessions"]?.arrayValue ?? []
        #expect(list.map { $0["sus_score"] ?? .null } == [.number(75), .number(100), .null, .null])
        #expect(list.map { $0["pid"] ?? .null } == ["P1", "P2", "P3", "P4"])
        #expect(list.allSatisfy { $0["audience"] == "participant" && $0["share_label"] == "Round 1" })
        #expect(summary["sus"]?["mean"] == .number(87.5) && summary["sus"]?["sessions"] == 2)
        // Status: completed, completed, dropped at task 2, in progress.
        #expect(list.map { $0["study_status"] ?? .null } == ["completed", "completed", "dropped", "in progress"])
        #expect(list[2]["dropped_at"] == 2 && list[2]["dropped_at_task"] == .string(orders[2][1]))
        // The results table: one row per participant × task, in each one's order.
        let csv = try await s.client.request("GET", "/api/logs/results.csv?prototype=mail")
        #expect(csv.status == 200, "\(csv.text)")
        let rows = csv.text.split(separator: "\r\n").map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        let header = rows.first ?? []
        #expect(
            header.joined(separator: ",")
                == "prototype,session,audience,share,share_label,pid,device,appearance,position,task,attempts,outcome,time_ms,taps,misclicks,seq,status"
        )
        func cell(_ row: [String], _ name: String) -> String { row[header.firstIndex(of: name)!] }
        #expect(rows.count == 1 + 4 * 3, "\(csv.text)")
        for (i, plan) in Self.participantPlans.enumerated() {
            let mine = rows.dropFirst().filter { cell($0, "pid") == "P\(i + 1)" }
            #expect(mine.map { cell($0, "task") } == orders[i], "P\(i + 1)")
            for (n, row) in mine.enumerated() {
                let task = orders[i][n]
                let played = n < plan.plays
                let actions = plan.actions[task] ?? []
                #expect(cell(row, "position") == String(n + 1))
                #expect(cell(row, "seq") == (played ? plan.seq[task].map(String.init) ?? "" : ""), "P\(i + 1) \(task)")
                let outcome: String
                switch (i, task) {
                case _ where !played: outcome = "not started"
                case (3, _): outcome = "unfinished"
                case (1, "reply"): outcome = "indirect"
                case (1, "share-inbox"): outcome = "gaveUp"
                default: outcome = "direct"
                }
                #expect(cell(row, "outcome") == outcome, "P\(i + 1) \(task): \(row)")
                if played && i != 3 {
                    // Each action came a second after the one before: the time is the actions'.
                    #expect(cell(row, "time_ms") == String(actions.count * plan.stepMs), "P\(i + 1) \(task): \(row)")
                    #expect(cell(row, "misclicks") == (i == 0 && n == 0 ? "1" : "0"), "P\(i + 1) \(task): \(row)")
                }
            }
        }
        // Everyone: the owner's session too.
        let all = try #require(
            try await s.client.request("GET", "/api/logs/summary.json?prototype=mail&audience=all").json)
        #expect(all["sessions"]?.arrayValue?.compactMap { $0["session"]?.stringValue } == sessions + [owner])
        let team = try #require(
            try await s.client.request("GET", "/api/logs/summary.json?prototype=mail&audience=owner").json)
        #expect(team["sessions"]?.arrayValue?.compactMap { $0["session"]?.stringValue } == [owner])
        let bad = try await s.client.request("GET", "/api/logs/summary.json?audience=team")
        #expect(bad.status == 400 && bad.text.contains("audience"), "\(bad.text)")
        let labelled = try #require(
            try await s.client.request("GET", "/api/logs/summary.json?prototype=mail&label=Round%202").json)
        #expect(labelled["sessions"]?.arrayValue?.isEmpty == true)
        // An export of participants only has no row of the owner's session; a plain export has all.
        let participantsOnly = try await s.client.request("GET", "/api/logs.ndjson?audience=participant").text
        #expect(!participantsOnly.contains(owner) && participantsOnly.contains(sessions[0]))

        // No typed value anywhere: every file under the data folder, every export and replay.
        var texts: [(String, [UInt8])] = []
        let files = FileManager.default.enumerator(atPath: s.data)
        while let name = files?.nextObject() as? String {
            let path = s.data + "/" + name
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
                let bytes = FileManager.default.contents(atPath: path)
            {
                texts.append((path, [UInt8](bytes)))
            }
        }
        #expect(texts.contains { $0.0.hasSuffix(".ndjson") }, "the log was read")
        for path in [
            "/api/logs.ndjson?audience=all", "/api/logs.csv", "/api/logs.csv?safe=1",
            "/api/logs/summary.json?audience=all",
            "/api/logs/summary.csv?audience=all", "/api/logs/results.csv?audience=all",
            "/api/sessions/\(sessions[0])/replay", "/api/sessions/\(owner)/replay", "/p/mail/insights?audience=all",
            "/p/mail/sessions/\(sessions[0])",
        ] {
            let r = try await s.client.request("GET", path)
            #expect(r.status == 200, "\(path): \(r.status)")
            texts.append((path, Array(r.text.utf8)))
        }
        for value in Self.typedValues {
            let needle = Array(value.utf8)
            for (place, bytes) in texts {
                #expect(!contains(bytes, needle), "\"\(value)\" is in \(place)")
            }
        }
        // The edits are there, by their length.
        let log = try await s.client.request("GET", "/api/logs.ndjson?type=edit&audience=all").text
        #expect(log.contains(#"\"length\":\#(Self.typedValues[0].count)"#), "\(log.prefix(400))")
    }

    /// Whether `needle` occurs in `haystack`.
    func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, haystack.count >= needle.count else { return false }
        return (0...(haystack.count - needle.count)).contains { i in
            haystack[i] == needle[0] && Array(haystack[i..<(i + needle.count)]) == needle
        }
    }

    /// The participant study's figures equal what DuckDB computes over the raw log
    /// (`study_check.py --audience participant`): per task direct, indirect, SEQ mean and
    /// distribution; per session SUS and status; the results table's outcomes, taps, misclicks and SEQ.
    @Test(.requires(.duckDB)) func aParticipantStudyEqualsDuckDBOverTheRawLog() async throws {
        let (s, dir, sessions, _, _) = try await Self.participantStudy()
        defer { dir.remove() }
        let summary = try #require(try await s.client.request("GET", "/api/logs/summary.json?prototype=mail").json)
        let sql = try await duckDB(s.data + "/logs", audience: "participant")
        for t in summary["tasks"]?.arrayValue ?? [] {
            let id = t["task"]!.stringValue!
            let expected = try #require(sql["tasks"]?[id], "task \(id) missing from DuckDB's")
            for (k, v) in expected.objectValue ?? JSONObject() {
                #expect(close(t[k], v), "task \(id).\(k): summary \(t[k] ?? .null), DuckDB \(v)")
            }
        }
        for session in summary["sessions"]?.arrayValue ?? [] {
            let sid = session["session"]!.stringValue!
            let expected = try #require(sql["sessions"]?[sid])
            #expect(close(session["sus_score"], expected["sus_score"] ?? .null), "\(sid) SUS")
            #expect(session["study_status"] == expected["study_status"], "\(sid) status")
        }
        #expect(Set((sql["sessions"]?.objectValue ?? JSONObject()).keys) == Set(sessions))
        let results = try await s.client.request("GET", "/api/logs/results.csv?prototype=mail").text
        let rows = results.split(separator: "\r\n").map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        let header = rows.first ?? []
        func cell(_ row: [String], _ name: String) -> String { row[header.firstIndex(of: name)!] }
        var checked = 0
        for row in rows.dropFirst() where cell(row, "outcome") != "not started" {
            let key = cell(row, "session") + "/" + cell(row, "task")
            let expected = try #require(sql["results"]?[key], "\(key) missing from DuckDB's")
            for name in ["outcome", "taps", "misclicks", "seq", "time_ms"] {
                let v = expected[name] ?? .null
                let text = v.stringValue ?? v.intValue.map(String.init) ?? ""
                #expect(cell(row, name) == text, "\(key).\(name): results \(cell(row, name)), DuckDB \(v)")
            }
            checked += 1
        }
        #expect(checked == 8)
        // The summary's JSON has the same rows, its counts and times as numbers.
        var numbers = 0
        for r in summary["results"]?.arrayValue ?? [] where r["outcome"]?.stringValue != "not started" {
            let key = (r["session"]?.stringValue ?? "") + "/" + (r["task"]?.stringValue ?? "")
            let expected = try #require(sql["results"]?[key], "\(key) missing from DuckDB's")
            for name in ["taps", "misclicks", "seq", "time_ms"] {
                let v = expected[name] ?? .null
                let text = v.stringValue ?? v.intValue.map(String.init) ?? ""
                #expect(r[name]?.intValue.map(String.init) ?? "" == text, "\(key).\(name): \(r[name] ?? .null)")
                #expect(r[name]?.isNull == true || r[name]?.numberValue != nil, "\(key).\(name) is not a number")
            }
            #expect(r["position"]?.intValue != nil && r["attempts"]?.intValue != nil, "\(r)")
            numbers += 1
        }
        #expect(numbers == 8)
    }
}
