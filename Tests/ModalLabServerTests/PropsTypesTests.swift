import EventSchema
import Foundation
import InteractionLog
import JSON
import TestSupport
import Testing

@testable import ModalLabServer

/// The log stays loadable by DuckDB's `read_json_auto` whatever clients send in `props`: a key
/// keeps the JSON type it first had (across restarts), a new key's first string doesn't read as
/// a date or a time, and share links bring boundedly many keys (docs/log.md). Checked with
/// real DuckDB (`pip install duckdb`); skipped, saying so, without it.
@Suite(.serialized, .requires(.duckDB)) struct PropsTypesTests {
    /// Runs DuckDB's `read_json_auto` over `logs`, reading every value of every line; the error,
    /// or nil when it read them all.
    static func duckDBError(_ logs: String) throws -> String? {
        let script = """
            import sys, duckdb
            con = duckdb.connect()
            rel = f"read_json_auto('{sys.argv[1]}/**/*.ndjson', hive_partitioning=true)"
            try:
                n = len(con.execute(f"SELECT props::VARCHAR, * FROM {rel}").fetchall())
                print(n)
            except Exception as e:
                print("ERROR", str(e).splitlines()[0]); sys.exit(1)
            """
        let r = try runCommand(["python3", "-c", script, logs])
        if r.status == 0 { return nil }
        return r.stdout + r.stderr
    }

    /// A view link's session and the cookie that reaches it.
    static func linkSession(_ s: TestApp) async throws -> (sid: String, cookie: [String: String]) {
        let made = try await s.client.json("POST", "/api/shares", ["prototype": "mail", "role": "view"])
        let url = try #require(made.json?["url"]?.stringValue)
        let cookie = ["Cookie": "modallab_share_0=\(url[url.range(of: "/s/")!.upperBound...])"]
        let started = try await s.client.request(
            "POST", "/api/sessions", body: #"{"prototype": "mail"}"#, headers: cookie, auth: false)
        return (try #require(started.json?["session"]?.stringValue, "\(started.text)"), cookie)
    }

    /// The issue's attack: a view link sends `{"n": 1}`, ~26,000 lines later `{"n": "x"}` —
    /// and the same with an object then a scalar, an array of numbers then of strings, a boolean
    /// then a number, an integer then a fraction, a date-like first string. Each later value is
    /// a 400 naming its path and both types; DuckDB reads the whole log; a new server over the
    /// same data remembers every type.
    @Test func aKeyKeepsItsTypeAndDuckDBReadsTheLog() async throws {
        let data = NSTemporaryDirectory() + "modallab-props-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: data) }
        do {
            let s = try TestApp { $0.dataDirectory = data }
            let (sid, cookie) = try await Self.linkSession(s)
            func send(_ props: String, owner: Bool = false) async throws -> TestResponse {
                let body =
                    #"{"events": [{"event_id": "\#(UUID().uuidString)", "type": "misclick", "props": \#(props)}]}"#
                return try await s.client.request(
                    "POST", "/api/sessions/\(sid)/events", body: body, headers: owner ? [:] : cookie, auth: owner)
            }
            let first = try await send(#"{"n": 1, "o": {"a": 1}, "arr": [1], "b": true, "s": "text", "f": 2.5}"#)
            #expect(first.status == 200, "\(first.text)")
            // Past DuckDB's sample (20,480 lines): the owner's padding, 26 batches of 1,000.
            for batch in 0..<26 {
                let events = (0..<1000).map { i in
                    #"{"event_id": "pad-\#(batch)-\#(i)", "type": "pointer", "props": {"pointerType": "mouse"}}"#
                }
                let r = try await s.client.request(
                    "POST", "/api/sessions/\(sid)/events", body: #"{"events": [\#(events.joined(separator: ","))]}"#)
                #expect(r.status == 200)
            }
            let refused: [(String, String, [String])] = [
                (#"{"n": "x"}"#, "$.events[0].props.n", ["an integer", "a string", "BIGINT"]),
                (#"{"n": 1.5}"#, "$.events[0].props.n", ["an integer", "a number with a fraction"]),
                (#"{"n": {"x": 1}}"#, "$.events[0].props.n", ["an integer", "an object"]),
                (#"{"o": 5}"#, "$.events[0].props.o", ["an object", "an integer"]),
                (#"{"o": {"a": "x"}}"#, "$.events[0].props.o.a", ["an integer", "a string"]),
                (#"{"arr": ["x"]}"#, "$.events[0].props.arr[0]", ["an integer", "a string"]),
                (#"{"arr": 1}"#, "$.events[0].props.arr", ["an array", "an integer"]),
                (#"{"b": 1}"#, "$.events[0].props.b", ["a boolean", "an integer"]),
                (#"{"s": 1}"#, "$.events[0].props.s", ["a string", "an integer"]),
                (#"{"f": true}"#, "$.events[0].props.f", ["a number", "a boolean"]),
                (#"{"when": "2024-01-02"}"#, "$.events[0].props.when", ["date"]),
                (#"{"at": "10:00"}"#, "$.events[0].props.at", ["date"]),
                (#"{"u": "123e4567-e89b-12d3-a456-426614174000"}"#, "$.events[0].props.u", ["UUID"]),
                (#"{"z": "epoch"}"#, "$.events[0].props.z", ["date"]),
                (#"{"N": 7}"#, "$.events[0].props.N", ["case"]),
                // The server's own keys have their types from the start.
                (#"{"cancel": "yes"}"#, "$.events[0].props.cancel", ["a boolean", "a string"]),
                (#"{"window": {"width": "wide"}}"#, "$.events[0].props.window.width", ["a number", "a string"]),
            ]
            for (props, path, words) in refused {
                let r = try await send(props)
                #expect(r.status == 400, "\(props): \(r.status) \(r.text)")
                #expect(r.json?["path"]?.stringValue == path, "\(props): \(r.text)")
                for w in words { #expect(r.text.contains(w), "\(props) should say \(w): \(r.text)") }
            }
            // A batch is taken whole or not at all: nothing of it is logged, no key of it held.
            let mixed = try await s.client.request(
                "POST", "/api/sessions/\(sid)/events",
                body:
                    #"{"events": [{"event_id": "m1", "type": "misclick", "props": {"fresh": "x"}}, {"event_id": "m2", "type": "misclick", "props": {"n": "x"}}]}"#,
                headers: cookie, auth: false)
            #expect(mixed.status == 400 && mixed.json?["path"]?.stringValue == "$.events[1].props.n")
            #expect(try await send(#"{"fresh": 1}"#).status == 200)
            // What fits: an integer where numbers are, a date-like string in a text key, null.
            for ok in [
                #"{"f": 3}"#, #"{"s": "2024-01-02"}"#, #"{"n": null, "o": {"a": 2}, "arr": [], "b": false}"#,
            ] {
                let r = try await send(ok)
                #expect(r.status == 200, "\(ok): \(r.text)")
            }
            #expect(try Self.duckDBError(data + "/logs") == nil)
        }
        // A new server over the same log: the types are the log's.
        let again = try TestApp { $0.dataDirectory = data }
        let (sid, cookie) = try await Self.linkSession(again)
        let r = try await again.client.request(
            "POST", "/api/sessions/\(sid)/events",
            body: #"{"events": [{"event_id": "after", "type": "misclick", "props": {"n": "x", "o": {"a": true}}}]}"#,
            headers: cookie, auth: false)
        #expect(r.status == 400 && r.json?["path"]?.stringValue == "$.events[0].props.n", "\(r.text)")
        #expect(try Self.duckDBError(data + "/logs") == nil)
    }

    /// Share links of one prototype bring at most `perPrototype` keys (nested ones counted); the
    /// owner is not counted; the count and the keys outlive a restart; keys the log has still go.
    @Test func shareLinksBringBoundedlyManyKeys() async throws {
        let data = NSTemporaryDirectory() + "modallab-props-cap-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: data) }
        func keys(_ range: Range<Int>, prefix: String = "k") -> String {
            "{" + range.map { #""\#(prefix)\#($0)": 1"# }.joined(separator: ",") + "}"
        }
        func send(_ s: TestApp, _ sid: String, _ props: String, _ cookie: [String: String]?) async throws
            -> TestResponse
        {
            try await s.client.request(
                "POST", "/api/sessions/\(sid)/events",
                body: #"{"events": [{"event_id": "\#(UUID().uuidString)", "type": "misclick", "props": \#(props)}]}"#,
                headers: cookie ?? [:], auth: cookie == nil)
        }
        let cap = PropsKeyTypes.Limits().perPrototype
        do {
            let s = try TestApp { $0.dataDirectory = data }
            let (sid, cookie) = try await Self.linkSession(s)
            var sent = 0
            while sent < cap {
                let n = min(300, cap - sent)
                let r = try await send(s, sid, keys(sent..<(sent + n)), cookie)
                #expect(r.status == 200, "\(r.text)")
                sent += n
            }
            let over = try await send(s, sid, #"{"oneMore": 1}"#, cookie)
            #expect(
                over.status == 400 && over.json?["path"]?.stringValue == "$.events[0].props.oneMore", "\(over.text)")
            #expect(over.text.contains("\(cap)"))
            // Keys the log has still go; the owner may bring more.
            #expect(try await send(s, sid, keys(0..<5), cookie).status == 200)
            #expect(try await send(s, sid, #"{"ownersKey": 1}"#, nil).status == 200)
        }
        let again = try TestApp { $0.dataDirectory = data }
        let (sid, cookie) = try await Self.linkSession(again)
        #expect(try await send(again, sid, #"{"stillOneMore": 1}"#, cookie).status == 400)
        #expect(try await send(again, sid, #"{"ownersKey": 2, "k3": 4}"#, cookie).status == 200)
        #expect(try Self.duckDBError(data + "/logs") == nil)
    }

    /// Every string DuckDB types as a date, a time, a timestamp or a UUID is one
    /// ``PropsKeyTypes/readsAsTemporal(_:)`` takes for such (its test may take more).
    @Test func everyStringDuckDBTypesIsTakenForADate() throws {
        var corpus = [
            "10:00", "10:00:00", "1:2:3", "10:00:00.5", "2024-01-02", " 2024-01-02", "2024-01-02 ", "2024-1-2",
            "24-01-02", "1-1-1", "01-02-2024", "13-02-2024", "2024-01-02T10:00:00Z", "2024-01-02T10:00:00.123+02:00",
            "2024-01-02 10:00:00", "2024-01-02 10:00", "2024/01/02", "01/02/2024", "01.02.2024", "1/2/24",
            "12/31/2024 11:59:59 PM", "epoch", "infinity", "-infinity", "EPOCH", "now", "today",
            "123e4567-e89b-12d3-a456-426614174000", "{123e4567-e89b-12d3-a456-426614174000}",
            "123E4567-E89B-12D3-A456-426614174000", "2024-01-02 10:00:00 UTC", "10:00 PM", "2024-01-02BC",
            "2024-01-02 10:00:00+02", "10:00:00+02", "1.5", "2024", "text", "1-2", "0x10", "true", "Jan 1 2024",
        ]
        for d in ["-", "/", "."] {
            corpus += ["2024\(d)12\(d)31", "12\(d)31\(d)2024", "31\(d)12\(d)24", "99\(d)99\(d)99"]
        }
        let script = """
            import sys, json, os, tempfile, duckdb
            out = []
            d = tempfile.mkdtemp()
            for v in json.loads(sys.argv[1]):
                p = os.path.join(d, "a.ndjson")
                with open(p, "w") as f:
                    for i in range(50): f.write(json.dumps({"k": v}) + "\\n")
                t = duckdb.connect().execute(f"DESCRIBE SELECT * FROM read_json_auto('{p}')").fetchall()[0][1]
                if t != "VARCHAR": out.append([v, t])
            print(json.dumps(out))
            """
        let r = try runCommand(["python3", "-c", script, JSONWriter().string(.array(corpus.map { .string($0) }))])
        #expect(r.status == 0, "\(r.stderr)")
        let typed = try JSONParser.parse(r.stdout).arrayValue ?? []
        #expect(typed.count > 10, "DuckDB typed \(typed)")
        for t in typed {
            let pair = t.arrayValue ?? []
            let s = pair.first?.stringValue ?? ""
            #expect(PropsKeyTypes.readsAsTemporal(s), "DuckDB reads \(s) as \(pair.last?.stringValue ?? "")")
        }
        for text in ["text", "1.5", "2024", "3-way", "v1.2", "a-b-c", "1-2", "true", "0x10"] {
            #expect(!PropsKeyTypes.readsAsTemporal(text), "\(text)")
        }
    }
}
