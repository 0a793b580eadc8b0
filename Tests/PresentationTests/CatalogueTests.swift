import JSON
import Prototype
import Testing

@testable import Presentation

/// The rule catalogue and every rule's examples, run as SwiftLint runs its rules' examples: a
/// triggering example must produce the rule (a lint example at exactly the paths it names, an
/// action script by the engine naming it or by the facts it draws), a non-triggering one must
/// not. Every rule has both, and none is prose.
@Suite struct CatalogueTests {
    @Test func everyRuleIsDescribedInBothLanguages() {
        #expect(RuleCatalogue.all.count == 142)
        #expect(RuleCatalogue.all.filter { $0.has(.static) }.count == 89)
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
                    !text.en.unicodeScalars.contains { FontMetrics.isWide($0.value) }
                        || rule.id.rawValue.contains("zh"),
                    "\(rule.id): English text has CJK: \(text.en)")
            }
        }
    }

    /// Every ``RuleID`` is the id of exactly one unit of the catalogue, its cases in the
    /// catalogue's order (grouped by family file), and each unit's description is of its rule:
    /// the symbols the engine and the tests name are the catalogue's rules.
    @Test func everyRuleIDIsInTheCatalogueOnce() {
        let ids = RuleCatalogue.units.map(\.rule.id)
        for id in RuleID.allCases {
            let n = ids.filter { $0 == id }.count
            #expect(n == 1, "RuleID \(id) is the id of \(n) units")
        }
        #expect(ids == RuleID.allCases, "RuleID's cases are not in the catalogue's order")
        for unit in RuleCatalogue.units { #expect(unit.description.id == unit.rule.id) }
    }

    /// A rule id reads and writes as its text; text that names no rule is refused with the
    /// nearest id.
    @Test func ruleIDsParseFromTextWithASuggestion() throws {
        #expect("\(RuleID.popoverNoModalOver)" == "popover.no-modal-over")
        #expect(RuleID.popoverNoModalOver.rawValue == "popover.no-modal-over")
        for id in RuleID.allCases { #expect(try RuleID(parsing: id.rawValue) == id) }
        #expect(throws: UnknownRuleID(text: "popover.no-modal-overr", suggestion: .popoverNoModalOver)) {
            try RuleID(parsing: "popover.no-modal-overr")
        }
        #expect(throws: UnknownRuleID(text: "Popover.No-Modal-Over", suggestion: .popoverNoModalOver)) {
            try RuleID(parsing: "Popover.No-Modal-Over")
        }
        #expect(throws: UnknownRuleID(text: "banana", suggestion: nil)) { try RuleID(parsing: "banana") }
        #expect(
            UnknownRuleID(text: "alert.tones", suggestion: .alertTone).description
                == #""alert.tones" is not a rule id; did you mean "alert.tone"?"#)
        #expect(UnknownRuleID(text: "banana").description == #""banana" is not a rule id"#)
    }

    /// Every rule has a triggering and a non-triggering example that a test runs; a STATIC
    /// rule has a check; a rule only the engine applies has action scripts on both sides.
    @Test func everyRuleHasRunnableExamplesOnBothSides() {
        for unit in RuleCatalogue.units {
            let rule = unit.rule
            let d = unit.description
            #expect(!d.triggering.isEmpty, "\(rule.id) has no triggering example")
            #expect(!d.nonTriggering.isEmpty, "\(rule.id) has no non-triggering example")
            if rule.has(.static) { #expect(unit.lint != nil, "\(rule.id) is STATIC but has no check") }
            if unit.lint == nil {
                #expect(d.triggering.contains { $0.kind == .script }, "\(rule.id) has no triggering script")
                #expect(d.nonTriggering.contains { $0.kind == .script }, "\(rule.id) has no non-triggering script")
            }
            for e in d.nonTriggering where e.kind == .prototype {
                #expect(e.paths.isEmpty, "\(rule.id): a non-triggering lint example names paths")
            }
            for e in d.triggering where e.kind == .prototype {
                #expect(!e.paths.isEmpty, "\(rule.id): a triggering lint example names no path")
            }
            for e in d.triggering where e.actionScript?.draws == true {
                #expect(!(e.actionScript?.expect.isEmpty ?? true), "\(rule.id): a drawn rule's script expects nothing")
            }
        }
    }

    /// Lints an example, failing on format errors; the diagnostics in both languages.
    func lint(_ e: RuleExample, rule: RuleID) -> [Diagnostic]? {
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

    /// What the rule's own check reports on `e`, run alone.
    func ownFindings(_ unit: RuleUnit, _ e: RuleExample) -> [Finding] {
        guard let check = unit.lint, let doc = e.document(), let p = Prototype.decode(doc).prototype else { return [] }
        let c = LintContext(prototype: p, target: Linter().target(for: p), language: .en)
        check(c)
        return c.findings
    }

    @Test(arguments: RuleID.allCases)
    func examples(_ id: RuleID) throws {
        let unit = RuleCatalogue.unit(id)
        let d = unit.description
        for (side, list) in [("triggering", d.triggering), ("non-triggering", d.nonTriggering)] {
            let triggering = side == "triggering"
            for (k, e) in list.enumerated() {
                switch e.kind {
                case .prototype:
                    guard let found = lint(e, rule: id) else { continue }
                    let paths = found.filter { $0.ruleID == id }.compactMap(\.path).sorted()
                    #expect(
                        paths == e.paths.sorted(),
                        "\(id): \(side) example \(k) fires at \(paths), not \(e.paths.sorted()); got \(found.map(\.description))"
                    )
                    // The rule's check alone finds exactly that, and reports no other rule.
                    let own = ownFindings(unit, e)
                    #expect(own.allSatisfy { $0.rule == id }, "\(id): its check reports \(Set(own.map(\.rule)))")
                    #expect(own.map(\.path.description).sorted() == paths, "\(id): \(side) example \(k) alone")
                case .script:
                    let script = try #require(e.actionScript)
                    let doc = try #require(e.document(), "\(id): \(side) script \(k) is not JSON")
                    let run = script.run(doc)
                    #expect(run.failure == nil, "\(id): \(side) script \(k): \(run.failure ?? "")")
                    guard run.failure == nil else { continue }
                    let unmet = run.unmet(script)
                    #expect(
                        unmet.isEmpty, "\(id): \(side) script \(k): \(unmet) — facts \(JSONWriter().string(run.facts))")
                    if triggering && !script.draws {
                        #expect(
                            run.named.contains(id), "\(id): triggering script \(k) named only \(run.named.sorted())")
                    }
                    if !triggering {
                        #expect(!run.named.contains(id), "\(id): non-triggering script \(k) named it")
                    }
                }
            }
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
        #expect(rules.count == 142)
        #expect(rules.first?["id"] == .string("stack.present-from-top"))
        #expect(rules.first?["name"] == .string("只能从栈顶呈现"))
        #expect(rules.first?["translations"]?["en"]?["name"] == .string("Present from the top of the stack"))
    }
}
