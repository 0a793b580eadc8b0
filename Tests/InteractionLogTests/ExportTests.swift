import EventSchema
import Foundation
import JSON
import TestSupport
import Testing

@testable import InteractionLog

@Suite struct ExportTests {
    /// Events with every awkward value a CSV can meet, over two days.
    static func awkwardEvents() -> [PendingEvent] {
        var events: [PendingEvent] = [
            pending(.sessionStart, ts: sampleTs),
            pending(.tap, ts: sampleTs + 1, target: "a,b"),
            pending(.tap, ts: sampleTs + 2, target: "say \"hi\""),
            pending(.comment, ts: sampleTs + 3, target: "line1\nline2\r\nline3"),
            pending(
                .comment, ts: sampleTs + 4, target: "日本語 ✓ 🎉",
                props: JSONObject([("text", "café, \"quoted\"\n"), ("n", 1.5), ("list", [1, "two", nil])])),
        ]
        var e = pending(.misclick, id: "client-9", ts: LogTimestamp.parse("2026-11-30T01:02:03.000004Z")!)
        e.x = 120.5
        e.y = 640
        events.append(e)
        return events
    }

    @Test func ndjsonExportIsTheFilesAsTheyAre() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let store = try LogStore(directory: dir.logs)
        _ = try await store.append(ExportTests.awkwardEvents())
        var out: [UInt8] = []
        try store.export(format: .ndjson) { out += $0 }
        let files = partFiles(dir.logs).flatMap { readFile(dir.logs + "/" + $0) }
        #expect(out == files)
        store.close()
    }

    @Test func csvExportHasTheHeaderAndQuotesPerRFC4180() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let store = try LogStore(directory: dir.logs)
        let written = try await store.append(ExportTests.awkwardEvents()).events
        var out: [UInt8] = []
        try store.export(format: .csv) { out += $0 }
        let text = String(decoding: out, as: UTF8.self)
        #expect(text.hasPrefix(LogColumns.csvHeader))
        let rows = try parseCSV(out)
        #expect(rows[0] == LogColumns.names)
        #expect(rows.count == 1 + written.count)
        for (row, event) in zip(rows.dropFirst(), written) {
            #expect(row.count == LogColumns.names.count)
            #expect(row[LogColumns.position("event_id")] == event.eventID)
            #expect(row[LogColumns.position("seq")] == String(event.seq))
            #expect(row[LogColumns.position("ts")] == LogTimestamp.format(event.ts))
            #expect(row[LogColumns.position("type")] == event.type.rawValue)
            #expect(row[LogColumns.position("target")] == (event.target ?? ""))
            #expect(row[LogColumns.position("share")] == "")
            #expect(try JSONParser.parse(row[LogColumns.position("props")]) == .object(event.props))
        }
        #expect(rows[6][LogColumns.position("x")] == "120.5" && rows[6][LogColumns.position("y")] == "640")
        #expect(text.contains("\"line1\nline2\r\nline3\""))
        #expect(text.contains(",\"say \"\"hi\"\"\","))
        store.close()
    }

    /// The spreadsheet-safe CSV puts `'` before every text cell that starts with `=`, `+`, `-`,
    /// `@`, a tab or a carriage return (OWASP's "CSV Injection"), also inside quotes and when
    /// the text was escaped in the log; numbers (a negative one too), `props` and every other
    /// cell are as in the exact export, which changes nothing.
    @Test func spreadsheetSafeCSVPrefixesFormulaCellsOnly() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let store = try LogStore(directory: dir.logs)
        let formulas = [
            "=HYPERLINK(\"http://x\",\"a\")", "+1+1", "-2+3", "@SUM(A1)", "\tcmd", "\r=1", "=1,2", "=\"q\"",
        ]
        let harmless = ["plain", "a=b", " =1", "", "'=already"]
        var events: [PendingEvent] = [pending(.sessionStart, ts: sampleTs)]
        for (i, t) in (formulas + harmless).enumerated() {
            var e = pending(.tap, id: i == 0 ? "=cmd|' /C calc'!A0" : nil, ts: sampleTs + 1 + Int64(i), target: t)
            e.x = -12.5
            e.y = -3
            e.props = ["note": .string("=1+1")]
            events.append(e)
        }
        _ = try await store.append(events)
        var exact: [UInt8] = []
        try store.export(format: .csv) { exact += $0 }
        var safe: [UInt8] = []
        try store.export(format: .csv, spreadsheetSafe: true) { safe += $0 }
        let exactRows = try parseCSV(exact)
        let safeRows = try parseCSV(safe)
        #expect(exactRows.count == safeRows.count && exactRows.count == 2 + formulas.count + harmless.count)
        let target = LogColumns.position("target")
        for (i, t) in formulas.enumerated() {
            #expect(exactRows[2 + i][target] == t)
            #expect(safeRows[2 + i][target] == "'" + t)
        }
        for (i, t) in harmless.enumerated() {
            #expect(safeRows[2 + formulas.count + i][target] == t)
        }
        #expect(exactRows[2][LogColumns.position("event_id")] == "=cmd|' /C calc'!A0")
        #expect(safeRows[2][LogColumns.position("event_id")] == "'=cmd|' /C calc'!A0")
        for (e, s) in zip(exactRows, safeRows) {
            for column in ["x", "y", "props", "ts", "seq", "type", "device"] {
                #expect(e[LogColumns.position(column)] == s[LogColumns.position(column)])
            }
        }
        #expect(safeRows[2][LogColumns.position("x")] == "-12.5")
        // No text cell of the safe export starts like a formula.
        for row in safeRows.dropFirst() {
            for (c, cell) in row.enumerated() where !["x", "y", "props"].contains(LogColumns.names[c]) {
                #expect(
                    cell.utf8.first.map { !"=+-@\t\r".utf8.contains($0) } ?? true, "\(LogColumns.names[c]): \(cell)")
            }
        }
        store.close()
    }

    @Test func filteredExportsAndEmptyExports() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let store = try LogStore(directory: dir.logs)
        _ = try await store.append(ExportTests.awkwardEvents())
        var csv: [UInt8] = []
        try store.export(format: .csv, filter: LogFilter(types: [.comment])) { csv += $0 }
        #expect(try parseCSV(csv).count == 3)
        var none: [UInt8] = []
        try store.export(format: .csv, filter: LogFilter(prototype: "other")) { none += $0 }
        #expect(String(decoding: none, as: UTF8.self) == LogColumns.csvHeader)
        var ndjson: [UInt8] = []
        try store.export(format: .ndjson, filter: LogFilter(from: LogTimestamp.parse("2026-11-30"))) { ndjson += $0 }
        #expect(lines(ndjson).count == 1)
        var nothing: [UInt8] = []
        try store.export(format: .ndjson, filter: LogFilter(session: "zzz")) { nothing += $0 }
        #expect(nothing.isEmpty)
        store.close()
    }

    @Test func daysOutsideTheRangeAreSkippedByName() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let store = try LogStore(directory: dir.logs)
        _ = try await store.append(ExportTests.awkwardEvents())
        // A "part" that cannot be read as a file: reading it would throw.
        try FileManager.default.createDirectory(
            atPath: dir.logs + "/date=2020-01-01/part-000000.ndjson", withIntermediateDirectories: true)
        var out: [UInt8] = []
        try store.export(format: .csv, filter: LogFilter(from: LogTimestamp.parse("2026-01-01"))) { out += $0 }
        #expect(try parseCSV(out).count == 7)
        #expect(throws: LogStoreError.self) { try store.export(format: .csv) { _ in } }
        store.close()
    }

    @Test func cursorChunksAndAsyncChunksConcatenateToTheWholeExport() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let store = try LogStore(directory: dir.logs, partMaxBytes: 4096)
        for i in 0..<200 { _ = try await store.append([pending(.tap, session: "s\(i % 7)", target: "t\(i)")]) }
        var whole: [UInt8] = []
        try store.export(format: .csv) { whole += $0 }
        let cursor = try store.exportCursor(format: .csv, chunkSize: 1000)
        var joined: [UInt8] = []
        var chunks = 0
        while let chunk = try cursor.next() {
            #expect(!chunk.isEmpty && chunk.count < 1000 + 1024)
            joined += chunk
            chunks += 1
        }
        #expect(try cursor.next() == nil)
        #expect(joined == whole)
        #expect(chunks > 20)
        #expect(cursor.events == 200 && cursor.skippedLines == 0)
        var asyncJoined: [UInt8] = []
        for try await chunk in try store.exportChunks(format: .csv, chunkSize: 3000) { asyncJoined += chunk }
        #expect(asyncJoined == whole)
        #expect(try parseCSV(whole).count == 201)
        store.close()
    }

    @Test func readerExportsATreeWithoutAStore() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let store = try LogStore(directory: dir.logs)
        _ = try await store.append(ExportTests.awkwardEvents())
        let reader = LogReader(directory: dir.logs)
        var a: [UInt8] = []
        var b: [UInt8] = []
        try reader.export(format: .csv) { a += $0 }
        try store.export(format: .csv) { b += $0 }
        #expect(a == b)
        #expect(try reader.events() == store.events())
        #expect(try LogReader(directory: dir.path + "/nowhere").events().isEmpty)
        store.close()
    }
}

@Suite struct FilterParameterTests {
    @Test func parametersBecomeAFilter() throws {
        let f = try LogFilter(
            parameters: [
                ("prototype", "mail"), ("type", "tap, misclick"), ("type", "present"), ("from", "2026-11-29"),
                ("to", "2026-11-29"), ("session", ""), ("format", "csv"),
            ], ignoring: ["format"])
        #expect(f.prototype == "mail" && f.session == nil)
        #expect(f.types == [.tap, .misclick, .present])
        #expect(f.from == LogTimestamp.parse("2026-11-29") && f.to == LogTimestamp.parse("2026-11-30"))
        let exact = try LogFilter(parameters: [("to", "2026-11-29T12:00:00+01:00")])
        #expect(exact.to == LogTimestamp.parse("2026-11-29T11:00:00Z"))
    }

    @Test func badParametersSayWhatIsWrong() {
        func error(_ p: [(name: String, value: String)]) -> String {
            do {
                _ = try LogFilter(parameters: p)
                return "no error"
            } catch { return error.description }
        }
        #expect(error([("sesion", "a")]).contains(#"did you mean "session""#))
        #expect(error([("type", "tapp")]).hasPrefix(#"type: unknown event type "tapp""#))
        #expect(error([("type", "tapp")]).contains(#"did you mean "tap""#))
        #expect(error([("from", "yesterday")]).hasPrefix("from: expected an RFC 3339 time"))
        #expect(error([("from", "2026-11-30"), ("to", "2026-11-29T00:00:00Z")]) == "to: must be after from")
        #expect(error([("prototype", "a"), ("prototype", "b")]) == "prototype: given more than once")
    }
}

/// The export's order (docs/log.md, "Reading it"): each session's events together by (`t_ms`,
/// `seq`), sessions in the order they started, a line without a session in its place.
@Suite struct ExportOrderCursorTests {
    @Test func sessionsComeWholeInTheOrderTheyStartedEachByTimeThenSeq() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let day = dir.logs + "/date=2026-12-01"
        try FileManager.default.createDirectory(atPath: day, withIntermediateDirectories: true)
        func line(_ id: String, _ session: String?, _ tMs: Int, _ seq: Int, pad: Int = 0) -> String {
            let s = session.map { "\"\($0)\"" } ?? "null"
            let props = pad > 0 ? #", "props": {"pad": "\#(String(repeating: "x", count: pad))"}"# : ""
            return #"{"event_id": "\#(id)", "seq": \#(seq), "t_ms": \#(tMs), "session": \#(s)\#(props)}"#
        }
        let part0 = [
            line("a1", "a", 0, 1), line("g1", nil, 0, 1), line("b1", "b", 0, 1), line("a2", "a", 300, 2),
            "not an event", line("b2", "b", 200, 2, pad: 100_000),
        ]
        let part1 = [line("a3", "a", 100, 3), line("b3", "b", 50, 3), line("a4", "a", 300, 4)]
        try Data((part0.joined(separator: "\n") + "\n").utf8).write(
            to: URL(fileURLWithPath: day + "/part-000000.ndjson"))
        try Data((part1.joined(separator: "\n") + "\n").utf8).write(
            to: URL(fileURLWithPath: day + "/part-000001.ndjson"))
        let reader = LogReader(directory: dir.logs)
        for chunkSize in [1, 100, 1 << 20] {
            let cursor = try reader.exportCursor(format: .ndjson, chunkSize: chunkSize)
            var out: [UInt8] = []
            while let chunk = try cursor.next() { out += chunk }
            let ids = String(decoding: out, as: UTF8.self).split(separator: "\n").map {
                try? JSONParser.parse(String($0))["event_id"]?.stringValue
            }
            #expect(ids == ["a1", "a3", "a2", "a4", "g1", "b1", "b3", "b2"], "chunks of \(chunkSize)")
            #expect(cursor.skippedLines == 1 && cursor.events == 8)
        }
        // The CSV in the same order; a session filter keeps the order.
        var csv: [UInt8] = []
        try reader.export(format: .csv) { csv += $0 }
        let rows = try parseCSV(csv)
        let at = try #require(rows.first?.firstIndex(of: "event_id"))
        #expect(rows.dropFirst().map { $0[at] } == ["a1", "a3", "a2", "a4", "g1", "b1", "b3", "b2"])
        var b: [UInt8] = []
        try reader.export(format: .ndjson, filter: LogFilter(session: "b")) { b += $0 }
        #expect(String(decoding: b, as: UTF8.self).split(separator: "\n").count == 3)
        #expect(String(decoding: b, as: UTF8.self).split(separator: "\n").first?.contains("\"b1\"") == true)
        #expect(String(decoding: b, as: UTF8.self).split(separator: "\n").last?.contains("\"b2\"") == true)
    }
}
