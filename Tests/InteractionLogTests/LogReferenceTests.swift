import EventSchema
import Foundation
import Testing

@testable import InteractionLog

/// The committed descriptions of the log are the generated ones.
@Suite struct LogReferenceTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func docsLogIsTheGeneratedReference() throws {
        let committed = try LogReferenceTests.read("docs/log.md")
        #expect(
            committed == LogReference.markdown,
            "docs/log.md is stale: run `swift run modallab logs columns --format markdown > docs/log.md`")
        for column in LogColumns.all { #expect(committed.contains("| `\(column.name)` |")) }
    }

    /// Wherever the docs write DuckDB's `read_json(…, columns = {…})` (docs/log.md, which the test
    /// above regenerates, and any page that copies it), the list is the current one.
    @Test func everyDocPrintsTheCurrentDuckDBColumns() throws {
        let docs = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        var printed = 0
        for path in ["README.md"] + docs {
            let text = try LogReferenceTests.read(path)
            for line in text.split(separator: "\n") where line.contains("columns = {") {
                printed += 1
                #expect(
                    line.contains(LogColumns.duckDBColumns),
                    "\(path)'s read_json(…, columns = …) is not the current one")
            }
        }
        #expect(printed > 0, "no doc shows read_json(…, columns = …)")
    }
}
