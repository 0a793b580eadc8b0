import EventSchema
import Foundation
import JSON
import TestSupport
import Testing

@testable import ModalLabServer

/// Exports give each session's events in the order they happened, (`t_ms`, `seq`), though the
/// player's own events (misclicks) arrive in batches after the answers that followed them; the
/// sessions come in the order they started, each session's events together (docs/log.md,
/// "Exports").
@Suite(.serialized) struct ExportOrderTests {
    /// Two participants; the first's misclicks at 50, 150 and 250 ms reach the server in one
    /// batch after its taps at 100 and 200 ms and after the second participant's tap; the
    /// second's misclick at 10 ms comes last. Returns the app, its prototypes' folder and the
    /// two sessions.
    static func lateBatchLog() async throws -> (app: TestApp, folder: TemporaryDirectory, sessions: [String]) {
        let dir = try StudyTests.studyFolder()
        let clock = ManualClock()
        let s = try TestApp(socket: true, prototypes: dir.path, clock: clock)
        let p1 = try await s.session("mail", device: "iphone-16")
        #expect(try await s.act(p1, StudyTests.start("send-draft")).status == 200)
        clock.advance(by: .milliseconds(100))
        #expect(try await s.act(p1, StudyTests.tap("compose")).status == 200)
        let p2 = try await s.session("mail", device: "iphone-16")
        clock.advance(by: .milliseconds(100))
        #expect(try await s.act(p2, StudyTests.tap("compose")).status == 200)
        #expect(try await s.act(p1, StudyTests.tap("cancel")).status == 200)
        clock.advance(by: .milliseconds(100))
        // The player's batch: misclicks it saw before and between those answers.
        let batch: [JSONValue] = [50, 150, 250].map { (t: Int) -> JSONValue in
            [
                "event_id": .string("late-\(t)"), "type": "misclick", "t_ms": .int(t), "x": 20, "y": 400,
                "screen": "inbox", "modal": .null, "state_seq": 1,
            ]
        }
        let r = try await s.client.json("POST", "/api/sessions/\(p1)/events", ["events": .array(batch)])
        #expect(r.status == 200, "\(r.text)")
        try await StudyTests.misclick(s, p2, id: "late-p2", tMs: 10)
        return (s, dir, [p1, p2])
    }

    /// (session, event_id, t_ms, seq) of each line of an NDJSON text, in its order.
    static func ndjsonRows(_ text: String) throws -> [[JSONValue]] {
        try text.split(separator: "\n").map { line in
            let o = try JSONParser.parse(String(line))
            return [o["session"] ?? .null, o["event_id"] ?? .null, o["t_ms"] ?? .null, o["seq"] ?? .null]
        }
    }

    /// What the raw log holds: each session's events in the order they were logged.
    static func loggedOrder(_ logs: String) throws -> [[JSONValue]] {
        var rows: [[JSONValue]] = []
        let days = try FileManager.default.contentsOfDirectory(atPath: logs).filter { $0.hasPrefix("date=") }.sorted()
        for day in days {
            for part in try FileManager.default.contentsOfDirectory(atPath: logs + "/" + day).sorted()
            where part.hasSuffix(".ndjson") {
                rows += try ndjsonRows(try String(contentsOfFile: logs + "/" + day + "/" + part, encoding: .utf8))
            }
        }
        return rows
    }

    /// Checks `rows` (an export's (session, event_id, t_ms, seq), in its order): every event of
    /// the log once; each session's events together, in DuckDB's `ORDER BY session, t_ms, seq`;
    /// sessions in the order they started (`sessions`).
    static func expectInOrder(
        _ rows: [[JSONValue]], sql: [[JSONValue]], sessions: [String], _ what: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(
            rows.count == sql.count, "\(what): \(rows.count) rows, the log has \(sql.count)",
            sourceLocation: sourceLocation)
        var order: [String] = []
        for r in rows {
            let sid = r[0].stringValue ?? ""
            if order.last != sid { order.append(sid) }
        }
        #expect(
            order == sessions, "\(what): sessions come \(order), started \(sessions)", sourceLocation: sourceLocation)
        for sid in sessions {
            let got = rows.filter { $0[0].stringValue == sid }.map { $0[1] }
            let expected = sql.filter { $0[0].stringValue == sid }.map { $0[1] }
            #expect(
                got == expected, "\(what): session \(sid) is \(got), DuckDB orders \(expected)",
                sourceLocation: sourceLocation)
        }
    }

    /// The log holds the late batch after the answers that followed it (what this test is
    /// about), and every export — NDJSON and CSV over HTTP, filtered by session, and the CLI's
    /// — gives each session in (t_ms, seq) order, equal to DuckDB's ORDER BY on the raw file.
    @Test(.requires(.duckDB)) func exportsGiveEachSessionInTheOrderThingsHappened() async throws {
        let (s, dir, sessions) = try await Self.lateBatchLog()
        defer { dir.remove() }
        let logs = s.data + "/logs"
        // The raw log is out of order: a misclick is logged after a later answer.
        let logged = try Self.loggedOrder(logs)
        let p1 = logged.filter { $0[0].stringValue == sessions[0] }.compactMap { $0[2].intValue }
        #expect(p1 != p1.sorted(), "the log should hold the late batch out of t_ms order: \(p1)")

        let out = try TemporaryDirectory("export-order")
        defer { out.remove() }
        var files: [String: String] = [:]
        for (name, path) in [
            ("http.ndjson", "/api/logs.ndjson"), ("http.csv", "/api/logs.csv"), ("safe.csv", "/api/logs.csv?safe=1"),
        ] {
            let r = try await s.client.request("GET", path)
            #expect(r.status == 200, "\(path): \(r.text)")
            files[name] = out.file(name)
            try Data(r.body).write(to: URL(fileURLWithPath: out.file(name)))
        }
        let binary = try #require(modallabExecutable(), "build the modallab product first")
        for (name, format) in [("cli.ndjson", "ndjson"), ("cli.csv", "csv")] {
            let r = try await runCommand([binary, "logs", "export", "--data", s.data, "--format", format])
            #expect(r.status == 0, "logs export --format \(format): \(r.stderr)")
            files[name] = out.file(name)
            try Data(r.stdout.utf8).write(to: URL(fileURLWithPath: out.file(name)))
        }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "export_order_check.py")
        let names = files.keys.sorted()
        let r = try await runCommand(
            ["python3", script.path, logs, LogColumns.duckDBColumns] + names.map { files[$0]! })
        #expect(r.status == 0, "export_order_check.py: \(r.stderr)")
        let checked = try JSONParser.parse(Array(r.stdout.utf8))
        let sql = checked["sql"]?.arrayValue?.compactMap(\.arrayValue) ?? []
        #expect(sql.count == logged.count)
        for name in names {
            let rows = checked["files"]?[files[name]!]?.arrayValue?.compactMap(\.arrayValue) ?? []
            Self.expectInOrder(rows, sql: sql, sessions: sessions, name)
        }
        // A filtered export is in order too: one session's rows.
        let one = try await s.client.request("GET", "/api/logs.ndjson?session=\(sessions[0])")
        let rows = try Self.ndjsonRows(one.text)
        let expected = sql.filter { $0[0].stringValue == sessions[0] }.map { $0[1] }
        #expect(rows.map { $0[1] } == expected)
        #expect(rows.compactMap { $0[2].intValue } == p1.sorted())
    }

    /// Without DuckDB: each session's rows of the HTTP export ascend in (t_ms, seq) and the
    /// sessions come in the order they started, every logged event once.
    @Test func theExportSortsALateBatchIntoPlace() async throws {
        let (s, dir, sessions) = try await Self.lateBatchLog()
        defer { dir.remove() }
        let logged = try Self.loggedOrder(s.data + "/logs")
        let r = try await s.client.request("GET", "/api/logs.ndjson")
        let rows = try Self.ndjsonRows(r.text)
        #expect(Set(rows.map { $0[1] }) == Set(logged.map { $0[1] }) && rows.count == logged.count)
        var sorted = logged
        sorted.sort { a, b in
            let (ia, ib) = (
                sessions.firstIndex(of: a[0].stringValue ?? "") ?? 9,
                sessions.firstIndex(of: b[0].stringValue ?? "") ?? 9
            )
            if ia != ib { return ia < ib }
            return (a[2].intValue ?? 0, a[3].intValue ?? 0) < (b[2].intValue ?? 0, b[3].intValue ?? 0)
        }
        #expect(rows.map { $0[1] } == sorted.map { $0[1] })
        #expect(rows.map { $0[1] } != logged.map { $0[1] }, "the log was already in order: nothing tested")
    }
}
