import JSON
import Prototype
import Testing

@testable import Presentation

/// The rule catalogue against RULES.md, and every rule's examples (SwiftLint's pattern: a
/// triggering example must produce the rule, a non-triggering one must not).
@Suite struct CatalogueTests {
    @Test func everyRuleIsDescribedInBothLanguages() {
        #expect(RuleCatalogue.all.count == 127)
        #expect(RuleCatalogue.all.filter { $0.has(.static) }.count == 79)
        let ids = Set(RuleCatalogue.all.map(\.id))
        #expect(ids.count == RuleCatalogue.units.count, "rule ids are unique")
        for rule in RuleCatalogue.all {
            let d = rule.documentation
            #expect(!d.name.en.isEmpty && !d.message.en.isEmpty, "\(rule.id)")
            for text in [d.name, d.message] + Array(d.variants.values) {
                #expect(
                    text.zhHans.unicodeScalars.contains { FontMetrics.isWide($0.value) },
                    "\(rule.id): zh-Hans text has no Chinese: \(text.zhHans)")
                #expect(
                    !text.en.unicodeScalars.contains { FontMetrics.isWide($0.value) } || rule.id.contains("zh"),
                    "\(rule.id): English text has CJK: \(text.en)")
            }
            #expect(!d.triggering.isEmpty, "\(rule.id) has no triggering example")
            #expect(!d.nonTriggering.isEmpty, "\(rule.id) has no non-triggering example")
        }
    }

    @Test func staticRulesHavePrototypeExamples() {
        for rule in RuleCatalogue.all where rule.has(.static) {
            for e in rule.documentation.triggering + rule.documentation.nonTriggering {
                #expect(e.kind == .prototype, "\(rule.id): a STATIC rule's examples are prototypes")
            }
        }
    }

    /// Lints an example, failing on format errors; the diagnostics in both languages.
    func lint(_ e: RuleExample, rule: String) -> [Diagnostic]? {
        guard let doc = e.document() else {
            Issue.record("\(rule): example is not JSON: \(e.text)")
            return nil
        }
        let bytes = JSONWriter().bytes(doc)
        let report = Linter().lint(file: bytes)
        let format = report.diagnostics.filter { $0.rule.hasPrefix("format") }
        #expect(format.isEmpty, "\(rule): example has format issues: \(format.map(\.description))\n\(e.text)")
        let zh = Linter(language: .zhHans).lint(file: bytes)
        #expect(zh.diagnostics.map(\.rule) == report.diagnostics.map(\.rule))
        for d in report.diagnostics + zh.diagnostics {
            #expect(
                d.message.range(of: #"\{[a-zA-Z]+\}"#, options: .regularExpression) == nil,
                "\(d.rule): unfilled placeholder in \(d.message)")
        }
        return report.diagnostics
    }

    @Test(
        arguments: RuleCatalogue.all.filter { r in
            r.documentation.triggering.contains { $0.kind == .prototype }
        }.map(\.id))
    func examples(_ id: String) {
        let d = RuleCatalogue.description(id)
        for (k, e) in d.triggering.enumerated() where e.kind == .prototype {
            guard let found = lint(e, rule: id) else { continue }
            #expect(
                found.contains { $0.rule == id },
                "\(id): triggering example \(k) did not fire; got \(found.map(\.description))")
        }
        for (k, e) in d.nonTriggering.enumerated() where e.kind == .prototype {
            guard let found = lint(e, rule: id) else { continue }
            #expect(
                !found.contains { $0.rule == id },
                "\(id): non-triggering example \(k) fired: \(found.filter { $0.rule == id }.map(\.description))")
        }
    }

    @Test func baseExampleLintsClean() throws {
        let report = Linter().lint(file: Array(RuleExample.base.utf8))
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics.map(\.description))")
    }

    @Test func catalogueJSONListsEveryRule() {
        guard case .array(let rules) = RuleCatalogue.json(language: .zhHans) else {
            Issue.record("not an array")
            return
        }
        #expect(rules.count == 127)
        #expect(rules.first?["id"] == .string("stack.present-from-top"))
        #expect(rules.first?["name"] == .string("只能从栈顶呈现"))
        #expect(rules.first?["translations"]?["en"]?["name"] == .string("Present from the top of the stack"))
    }
}
