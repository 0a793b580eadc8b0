import Foundation
import JSON
import Presentation
import Testing

@testable import ModalLabServer

/// The catalogue's action scripts print their actions as API request bodies: each must be
/// what `POST /api/sessions/{sid}/actions` reads back as the same action.
@Suite struct RuleScriptTests {
    @Test func everyScriptActionIsTheBodyTheAPIReads() throws {
        var checked = 0
        for rule in RuleCatalogue.all {
            let d = rule.documentation
            for e in d.triggering + d.nonTriggering {
                for step in e.actionScript?.actions ?? [] {
                    let decoded = try EngineAction(reading: JSONReader(step.json))
                    #expect(decoded == step.action, "\(rule.id): \(JSONWriter().string(step.json))")
                    checked += 1
                }
            }
        }
        #expect(checked > 150)
    }
}
