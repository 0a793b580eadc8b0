import Foundation
import InteractionLog
import JSON
import TestSupport
import Testing

@testable import ModalLabServer

/// A reviewer's hostile client batches: each is refused whole with a 400 naming the JSON path,
/// what is accepted (odd Unicode in keys included) is logged, and DuckDB's `read_json_auto` still
/// reads the whole log (that check needs `python3` with `duckdb`, `pip install duckdb`, and is
/// skipped without it).
@Suite struct ClientEventLimitsTests {
    @Test func hostileBatchesAreRefusedByPath() async throws {
        _ = try await Self.sendHostileBatches()
    }

    @Test(.requires(.duckDB)) func theLogOfHostileBatchesLoadsInDuckDB() async throws {
        // The app is kept until the end: its data folder goes with it.
        let (app, logs, logged) = try await Self.sendHostileBatches()
        defer { withExtendedLifetime(app) {} }
        let script = """
            import sys
            import duckdb
            rel = f"read_json_auto('{sys.argv[1]}/**/*.ndjson', hive_partitioning=true)"
            (n,) = duckdb.connect().execute(f"SELECT count(*) FROM {rel}").fetchone()
            print(n)
            """
        let r = try await runCommand(["python3", "-c", script, logs])
        #expect(r.status == 0, "DuckDB's read_json_auto could not read the log: \(r.stderr)")
        #expect(Int(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) == logged, "\(r.stdout)")
    }

    /// Sends the hostile batches and checks the answers; returns the app, its log folder and
    /// how many events the log holds.
    static func sendHostileBatches() async throws -> (TestApp, String, Int) {
        let s = try TestApp(socket: true)
        let sid = try await s.session("mail", device: "iphone-16")
        var serial = 0
        func event(_ props: String) -> String {
            serial += 1
            return #"{"event_id":"e\#(serial)","type":"misclick","x":10,"y":20,"props":\#(props)}"#
        }
        func post(_ events: [String]) async throws -> TestResponse {
            try await s.client.request(
                "POST", "/api/sessions/\(sid)/events", body: #"{"events":["# + events.joined(separator: ",") + "]}")
        }

        let deep = String(repeating: #"{"a":"#, count: 127) + "1" + String(repeating: "}", count: 127)
        let deepArray = String(repeating: "[", count: 20) + String(repeating: "]", count: 20)
        let hostile: [(events: [String], path: String, message: String)] = [
            ([event(deep)], "$.events[0].props.a.a.a.a.a.a.a.a", "nested deeper than 8 levels"),
            ([event(#"{"list":\#(deepArray)}"#)], "$.events[0].props.list[0][0][0][0][0][0][0]", "nested deeper"),
            (
                [event("{}"), event(#"{"ok":1}"#), event("{}"), event(#"{"foo":1,"Foo":2}"#)],
                "$.events[3].props.Foo", #""Foo" differs from "foo" only in case"#
            ),
            ([event(#"{"list":[{"x":1,"X":2}]}"#)], "$.events[0].props.list[0].X", "only in case"),
            ([event(#"{"Ünï":{"Key":1,"kEY":2}}"#)], #"$.events[0].props["Ünï"].kEY"#, "only in case"),
            (
                [event(#"{"blob":""# + String(repeating: "x", count: 5000) + #""}"#)], "$.events[0].props",
                "at most 4096 bytes"
            ),
        ]
        for (events, path, message) in hostile {
            let r = try await post(events)
            #expect(r.status == 400, "\(path): \(r.text)")
            #expect(r.json?["path"]?.stringValue == path, "\(r.text)")
            #expect(r.json?["detail"]?.stringValue?.contains(message) == true, "\(r.text)")
        }
        // A lone surrogate is not Unicode: refused as JSON, not written.
        let lone = try await post([event(#"{"\ud800":1}"#)])
        #expect(lone.status == 400, "\(lone.text)")

        // Odd but loadable: an empty key, NUL, an RTL override, emoji, quotes and dots, non-ASCII
        // letters whose case DuckDB does not fold (Kelvin sign and k, İ and i, ß and SS), 8 levels.
        let odd = [
            event(#"{"":1,"a\u0000b":2,"\u202Eevil":3,"🎉":4,"\"q\"":5,"a.b":6,"\u212A":7,"k":8}"#),
            event(#"{"İ":1,"i":2,"ß":3,"SS":4,"é":{"e\u0301x":1}}"#),
            event(#"{"a":{"a":{"a":{"a":{"a":{"a":{"a":1}}}}}}}"#),
            event(#"{"size":""# + String(repeating: "y", count: 3000) + #""}"#),
        ]
        let accepted = try await post(odd)
        #expect(accepted.status == 200, "\(accepted.text)")
        #expect(accepted.json?["accepted"] == 4)
        // DuckDB gathers every line's props, and the objects of its arrays, into one struct: a key
        // spelled otherwise on another line, in another object of an array, or as the server
        // spells it, is refused too.
        for (events, path) in [
            ([event(#"{"Size":1}"#)], "$.events[0].props.Size"),
            ([event(#"{"list":[{"foo":1},{"Foo":2}]}"#)], "$.events[0].props.list[1].Foo"),
            ([event(#"{"Viewer":"me"}"#)], "$.events[0].props.Viewer"),
            ([event(#"{"ok":1}"#), event(#"{"OK":2}"#)], "$.events[1].props.OK"),
        ] {
            let r = try await post(events)
            #expect(r.status == 400, "\(path): \(r.text)")
            #expect(r.json?["path"]?.stringValue == path, "\(r.text)")
        }

        let logs = s.data + "/logs"
        let logged = try LogReader(directory: logs).events()
        #expect(logged.filter { $0.type == .misclick }.count == 4, "refused batches wrote nothing")
        return (s, logs, logged.count)
    }

    /// The spelling a client event gave a `props` key holds after a restart too: the new server
    /// learns it from the log it opens, and refuses the same key spelled otherwise.
    @Test func propsKeySpellingsOutliveARestart() async throws {
        let data = try TemporaryDirectory("props")
        defer { data.remove() }
        func post(_ s: TestApp, _ sid: String, _ props: String) async throws -> TestResponse {
            let event = #"{"event_id":"\#(UUID())","type":"misclick","x":10,"y":20,"props":\#(props)}"#
            return try await s.client.request("POST", "/api/sessions/\(sid)/events", body: #"{"events":[\#(event)]}"#)
        }
        do {
            let s = try TestApp(data: data)
            let sid = try await s.session("mail", device: "iphone-16")
            let r = try await post(s, sid, #"{"zoomLevel":2}"#)
            #expect(r.status == 200, "\(r.text)")
        }
        let again = try TestApp(data: data)
        let sid = try await again.session("mail", device: "iphone-16")
        let refused = try await post(again, sid, #"{"ZoomLevel":3}"#)
        #expect(refused.status == 400, "\(refused.text)")
        #expect(refused.json?["path"]?.stringValue == "$.events[0].props.ZoomLevel", "\(refused.text)")
        #expect(try await post(again, sid, #"{"zoomLevel":3}"#).status == 200)
    }

    /// Where a client event says it happened must be a place of the prototype and a frame the
    /// session answered: otherwise the batch is a 400 at that member, and nothing is written.
    /// A client that doesn't name the frame it saw is not credited with the latest.
    @Test func clientEventsNameRealPlacesAndFrames() async throws {
        let s = try TestApp()
        let sid = try await s.session("mail", device: "iphone-16")
        _ = try await s.act(sid, ["type": "tap", "target": "compose"])
        func post(_ event: String) async throws -> TestResponse {
            try await s.client.request("POST", "/api/sessions/\(sid)/events", body: #"{"events":[\#(event)]}"#)
        }
        for (event, path) in [
            (#"{"event_id":"a","type":"misclick","x":1,"y":2,"screen":"nowhere"}"#, "$.events[0].screen"),
            (#"{"event_id":"b","type":"misclick","x":1,"y":2,"modal":"bogus-modal"}"#, "$.events[0].modal"),
            (#"{"event_id":"c","type":"misclick","x":1,"y":2,"state_seq":99}"#, "$.events[0].state_seq"),
            (#"{"event_id":"f","type":"misclick","x":1e300,"y":2}"#, "$.events[0].x"),
            (#"{"event_id":"g","type":"misclick","x":1,"y":-1e9}"#, "$.events[0].y"),
        ] {
            let r = try await post(event)
            #expect(r.status == 400, "\(event): \(r.text)")
            #expect(r.json?["path"]?.stringValue == path, "\(r.text)")
        }
        let ok = try await post(#"{"event_id":"d","type":"misclick","x":1,"y":2,"screen":"compose","modal":"compose"}"#)
        #expect(ok.status == 200, "\(ok.text)")
        let seen = try await post(#"{"event_id":"e","type":"scroll","state_seq":1}"#)
        #expect(seen.status == 200, "\(seen.text)")
        let log = try await s.client.request("GET", "/api/logs.ndjson?session=\(sid)")
        let rows = log.text.split(separator: "\n").compactMap { try? JSONParser.parse(String($0)) }
        #expect(!rows.contains { $0["event_id"] == "a" || $0["event_id"] == "b" || $0["event_id"] == "c" })
        #expect(rows.first { $0["event_id"] == "d" }?["state_seq"] == .null, "not credited with a frame")
        #expect(rows.first { $0["event_id"] == "e" }?["state_seq"] == 1)
    }

    /// A client event's `ts` is the session's start plus its `t_ms`, and `session_start` carries
    /// that start: `ts - session_start.ts` is `t_ms` to the microsecond (the start row was
    /// once stamped when it was written, a millisecond or so later).
    @Test func aClientEventsTimeIsTheSessionsStartPlusItsTMs() async throws {
        let s = try TestApp()
        let sid = try await s.session("mail", device: "iphone-16")
        let r = try await s.client.request(
            "POST", "/api/sessions/\(sid)/events",
            body: #"{"events":[{"event_id":"zero","type":"scroll","t_ms":0}]}"#)
        #expect(r.status == 200, "\(r.text)")
        let log = try await s.client.request("GET", "/api/logs.ndjson?session=\(sid)")
        let rows = log.text.split(separator: "\n").compactMap { try? JSONParser.parse(String($0)) }
        let start = try #require(rows.first { $0["type"] == "session_start" })
        let event = try #require(rows.first { $0["event_id"] == "zero" })
        #expect(event["t_ms"] == 0 && start["t_ms"] == 0)
        #expect(event["ts"] == start["ts"], "\(event["ts"] ?? .null) vs \(start["ts"] ?? .null)")
    }
}
