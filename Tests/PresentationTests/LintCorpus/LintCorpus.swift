import JSON
import Prototype
import Testing

@testable import Presentation

/// A held-out prototype and the findings expected of it.
struct LintCorpus: Sendable, CustomStringConvertible {
    var name: String
    var json: String
    /// "severity rule path", in any order; empty for a clean prototype.
    var expected: [String]
    var devices: [String]? = nil

    var description: String { name }
}

@Suite struct LintCorpusTests {
    @Test(arguments: LintCorpus.faulty + LintCorpus.clean + LintCorpus.cleanMore)
    func findings(_ c: LintCorpus) {
        let report = Linter(devices: c.devices).lint(file: Array(c.json.utf8))
        #expect(report.unusable == nil)
        let got = report.diagnostics.map { "\($0.severity.rawValue) \($0.rule) \($0.path ?? "")" }
        let missing = Set(c.expected).subtracting(got)
        let extra = Set(got).subtracting(c.expected)
        #expect(missing.isEmpty, "\(c.name): missing \(missing.sorted())")
        #expect(
            extra.isEmpty,
            "\(c.name): unexpected \(report.diagnostics.filter { extra.contains("\($0.severity.rawValue) \($0.rule) \($0.path ?? "")") }.map(\.description))"
        )
    }
}
