import Foundation
import JSON
import Presentation
import TestSupport
import Testing

@testable import ModalLabServer

/// The player draws a prototype's symbols from the one table (``SymbolCatalogue``), a labelled
/// placeholder for a name it lacks (escaped: the name is user text), and `docs/format.md` lists
/// exactly the names it draws.
@Suite struct SymbolViewTests {
    @Test func docsListTheNamesThePlayerDraws() throws {
        let docs = try String(contentsOfFile: repositoryRoot + "/docs/format.md", encoding: .utf8)
        let start = try #require(docs.range(of: "## Symbols the player draws"))
        let mirroring = try #require(docs.range(of: "Symbols whose direction", range: start.upperBound..<docs.endIndex))
        let names = /`([a-z0-9.]+)`/
        let listed = docs[start.upperBound..<mirroring.lowerBound].matches(of: names).map { String($0.output.1) }
        #expect(listed == SymbolCatalogue.names, "docs/format.md's list is the table's, in order")
        let paragraphEnd =
            docs.range(of: "\n\n", range: mirroring.upperBound..<docs.endIndex)?.lowerBound ?? docs.endIndex
        let mirrored = docs[mirroring.upperBound..<paragraphEnd].matches(of: names).map { String($0.output.1) }
        #expect(mirrored == SymbolCatalogue.all.filter(\.mirrorsInRightToLeft).map(\.name))
    }

    @Test func theFrameDrawsKnownSymbolsAndLabelsUnknownOnes() async throws {
        let dir = try TemporaryDirectory("symbols")
        defer { dir.remove() }
        try #"""
        {"format": "modallab/1", "id": "symbols", "start": "home", "devices": ["iphone-16"],
         "screens": [{"id": "home", "title": "Symbols",
           "navigationBar": {"trailing": [{"id": "fav", "systemImage": "heart.fill", "accessibilityLabel": "Favourite", "action": "none"}]},
           "content": [{"type": "button", "id": "odd", "title": "Odd", "systemImage": "<img src=x onerror=alert(1)>.circle"},
                       {"type": "list", "id": "rows", "items": [{"id": "back", "title": "Back", "systemImage": "chevron.backward"}]}]}]}
        """#.write(toFile: dir.path + "/symbols.json", atomically: true, encoding: .utf8)
        let s = try TestApp(prototypes: dir.path)
        let start = try await s.client.json("POST", "/api/sessions", ["prototype": "symbols"])
        #expect(start.status == 201, "\(start.text)")
        let html = start.json?["html"]?.stringValue ?? ""
        #expect(html.contains(#"data-symbol="heart.fill""#))
        #expect(html.contains(#"data-symbol="chevron.backward" data-mirrors="true""#))
        #expect(html.contains(#"data-symbol-missing="&lt;img src=x onerror=alert(1)&gt;.circle""#), "\(html)")
        #expect(!html.contains("<img src=x"), "the unknown name is escaped")
        #expect(html.contains(#"class="symbol-missing-name">&lt;img"#))
    }
}
