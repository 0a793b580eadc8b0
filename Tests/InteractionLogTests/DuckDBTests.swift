import EventSchema
import Foundation
import JSON
import TestSupport
import Testing

@testable import InteractionLog

/// Proves that exports load in DuckDB and pandas, and that both tell null from the empty string
/// where docs/log.md says they do. Needs `python3` with the `duckdb` and `pandas` packages
/// (`pip install duckdb pandas`); skipped, saying so, without them.
@Suite(.requires(.duckDB), .requires(.pandas)) struct DuckDBTests {
    @Test func duckDBReadsTheHivePartitionedTreeAndTheCSVExport() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let store = try LogStore(directory: dir.logs, partMaxBytes: 8 << 10)
        var events = ExportTests.awkwardEvents() + SummaryTests.studyEvents()
        // An empty string and a null side by side: CSV writes `""` and an empty cell.
        events.append(pending(.tap, id: "empty-target", ts: sampleTs + 5, screen: nil, target: ""))
        for i in 0..<300 {
            var e = pending(.tap, session: "s\(i % 5)", ts: sampleTs + Int64(i) * 60_000_000, target: "b\(i % 9)")
            e.x = Double(i % 400) + 0.5
            e.y = Double(i % 800)
            e.tMs = i * 100
            events.append(e)
        }
        let written = try await store.append(events)
        var csv: [UInt8] = []
        try store.export(format: .csv) { csv += $0 }
        let csvPath = dir.path + "/export.csv"
        try Data(csv).write(to: URL(fileURLWithPath: csvPath))
        store.close()

        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "duckdb_check.py")
        let r = try await runCommand([
            "python3", script.path, dir.logs, csvPath, String(written.accepted), LogColumns.duckDBColumns,
        ])
        #expect(r.status == 0, "DuckDB or pandas could not read the log as docs/log.md says: \(r.stderr)\(r.stdout)")
        if r.status == 0 { print(r.stdout, terminator: "") }
    }
}
