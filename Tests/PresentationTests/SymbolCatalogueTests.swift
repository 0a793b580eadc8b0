import JSON
import Prototype
import Testing

@testable import Presentation

/// The symbols the player draws: one table, well-formed drawings, suggestions for the names it
/// lacks, and the linter's `symbol.unknown`.
@Suite struct SymbolCatalogueTests {
    @Test func theTableHasTheNamesAppsUseMostEachOnce() {
        let names = SymbolCatalogue.names
        #expect(names.count >= 150)
        #expect(Set(names).count == names.count)
        #expect(names == names.sorted())
        for n in [
            "square.and.arrow.up", "plus", "xmark", "trash", "gear", "magnifyingglass", "ellipsis.circle", "heart.fill",
            "star", "person.crop.circle", "chevron.backward", "checkmark.circle.fill", "envelope", "house", "bell",
        ] {
            #expect(SymbolCatalogue.contains(n), "\(n)")
        }
    }

    /// Every drawing is a few SVG shapes with balanced tags, path data of numbers and commands
    /// only, and nothing that could run or load (no scripts, links, styles or event handlers).
    @Test func everyDrawingIsPlainSVGShapes() throws {
        let element = try Regex(#"<(/?)([a-z]+)([^<>]*?)(/?)>"#)
        for s in SymbolCatalogue.all {
            var open: [String] = []
            var shapes = 0
            for m in s.body.matches(of: element) {
                let closing = m.output[1].substring == "/"
                let name = String(m.output[2].substring ?? "")
                #expect(["path", "circle", "rect", "ellipse", "g"].contains(name), "\(s.name): <\(name)>")
                let attributes = String(m.output[3].substring ?? "")
                #expect(!attributes.contains(" on"), "\(s.name): no event handlers")
                #expect(!attributes.lowercased().contains("href") && !attributes.lowercased().contains("style"))
                if closing {
                    #expect(open.popLast() == name, "\(s.name): </\(name)>")
                } else if m.output[4].substring != "/" {
                    open.append(name)
                } else {
                    shapes += 1
                }
            }
            #expect(open.isEmpty, "\(s.name): unclosed \(open)")
            #expect(shapes >= 1, "\(s.name) draws something")
            for d in s.body.matches(of: try Regex(#"\sd="([^"]*)""#)) {
                let data = String(d.output[1].substring ?? "")
                #expect(data.allSatisfy { "MmLlHhVvCcSsQqTtAaZz0123456789.,- ".contains($0) }, "\(s.name): \(data)")
            }
            #expect(!s.isFilled || s.name.hasSuffix(".fill") || s.name == "ellipsis", "\(s.name)")
        }
    }

    @Test func suggestionsForNamesItDoesNotDraw() {
        #expect(SymbolCatalogue.suggestion(for: "sqaure.and.arrow.up") == "square.and.arrow.up")
        // A typo's spelling comes before the shorter name the typo extends.
        #expect(SymbolCatalogue.suggestion(for: "square.and.pencl") == "square.and.pencil")
        #expect(
            SymbolCatalogue.suggestion(for: "line.3.horizontal.decrease.circl") == "line.3.horizontal.decrease.circle")
        #expect(SymbolCatalogue.suggestion(for: "fork.knif") == "fork.knife")
        #expect(SymbolCatalogue.suggestion(for: "trash.circle") == "trash")
        #expect(SymbolCatalogue.suggestion(for: "heart.text.square") == "heart")
        #expect(SymbolCatalogue.suggestion(for: "envelope.badge") == "envelope")
        #expect(SymbolCatalogue.suggestion(for: "plus.circle.badge") == "plus.circle")
        #expect(SymbolCatalogue.suggestion(for: "plus") == nil, "a drawn name needs none")
        #expect(SymbolCatalogue.suggestion(for: "zzzzqqqq") == nil)
        #expect(SymbolCatalogue.suggestion(for: String(repeating: "a.", count: 100_000)) == nil, "bounded")
        #expect(SymbolCatalogue.suggestion(for: "") == nil)
    }

    @Test func theLinterWarnsAboutNamesItDoesNotDrawWithTheirPaths() {
        let doc = Array(
            #"""
            {"format": "modallab/1", "id": "s", "devices": ["iphone-16"], "start": "home",
             "screens": [{"id": "home", "navigationBar": {"trailing": [{"id": "add", "systemImage": "plus.circle.badge", "accessibilityLabel": "Add", "action": "none"}]},
               "content": [{"type": "button", "id": "share", "title": "Share", "systemImage": "square.and.arrow.up"},
                           {"type": "image", "id": "art", "systemImage": "made.up"},
                           {"type": "list", "id": "rows", "items": [{"id": "r", "title": "Row", "systemImage": "stra"}]}]}],
             "modals": [{"id": "sh", "style": "activity", "source": "share", "activities": ["copy"],
                         "customActivities": [{"id": "x", "title": "Pin It", "systemImage": "pin.circle\u202E"}]}]}
            """#.utf8)
        let found = Linter().lint(file: doc).diagnostics.filter { $0.ruleID == .symbolUnknown }
        #expect(
            found.map(\.path) == [
                "$.screens[0].content[2].items[0].systemImage", "$.screens[0].navigationBar.trailing[0].systemImage",
                "$.modals[0].customActivities[0].systemImage",
            ])
        #expect(found.allSatisfy { $0.severity == .warning })
        #expect(found[0].message.contains("did you mean “star”"), "\(found[0].message)")
        #expect(found[1].message.contains("did you mean “plus.circle”"), "\(found[1].message)")
        #expect(found[2].message.contains(#"pin.circle\u{202E}"#), "an invisible character is shown, not applied")
        let zh = Linter(language: .zhHans).lint(file: doc).diagnostics.first { $0.ruleID == .symbolUnknown }
        #expect(zh?.message.contains("占位框") == true)
    }
}
