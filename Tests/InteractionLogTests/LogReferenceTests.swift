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

    @Test func readmePrintsTheDuckDBColumns() throws {
        let readme = try LogReferenceTests.read("README.md")
        #expect(readme.contains(LogColumns.duckDBColumns), "README's read_json(…, columns = …) is not the current one")
    }
}
