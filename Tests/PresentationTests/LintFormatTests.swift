import JSON
import Prototype
import Testing

@testable import Presentation

/// What the linter says about the format itself: segmented values, did-you-mean on structure
/// without the errors that follow from it, and format errors in the reader's language.
@Suite struct LintFormatTests {
    /// A one-screen prototype with `content` (JSON members of the screen's content array).
    static func screen(content: String, extra: String = "") -> [UInt8] {
        Array(
            #"{"format": "modallab/1", "id": "x", "start": "home", "screens": [{"id": "home", "title": "Home", "content": [\#(content)]}]\#(extra)}"#
                .utf8)
    }

    /// "severity rule path" of each diagnostic.
    static func findings(_ report: LintReport) -> [String] {
        report.diagnostics.map { "\($0.severity.rawValue) \($0.rule) \($0.path ?? "")" }
    }

    // MARK: segmented values

    static let five = #"{"type": "segmented", "id": "speed", "segments": ["1", "2", "3", "4", "5"], "value": "#

    @Test func aSegmentedValueIsAnIndexWithinTheSegments() throws {
        // In range: clean, and the index is what the model holds (4 is "5", never also "4").
        let ok = Linter().lint(file: Self.screen(content: Self.five + "4}"))
        #expect(ok.diagnostics.isEmpty, "\(ok.diagnostics)")
        let control = try #require(ok.prototype?.screens[0].content[0])
        #expect(control.selectedSegment == 4)
        #expect(control.selectedSegment(for: nil) == 4)
        #expect(control.selectedSegment(for: .string("4")) == 3)
        #expect(control.selectedSegment(for: .number(0)) == 0)
        #expect(control.selectedSegment(for: .number(9)) == nil)
        // Out of range, negative, a fraction, a title, an index as a string: errors at the value.
        for bad in ["7", "5", "-1", "1.5", #""4""#, "true"] {
            let report = Linter().lint(file: Self.screen(content: Self.five + bad + "}"))
            #expect(Self.findings(report) == ["error format $.screens[0].content[0].value"], "value \(bad)")
            #expect(report.exitStatus == 1)
            #expect(report.diagnostics.first?.message.contains("zero-based index") == true, "\(report.diagnostics)")
        }
        let seven = Linter().lint(file: Self.screen(content: Self.five + "7}")).diagnostics[0].message
        #expect(seven.contains("0–4 for 5 segments") && seven.hasSuffix("found 7"), "\(seven)")
        let title = Linter().lint(file: Self.screen(content: Self.five + #""4"}"#)).diagnostics[0].message
        #expect(title.contains(#"the segment "4" is index 3"#), "\(title)")
        // Without a value no segment is selected, and that is fine.
        #expect(
            Linter().lint(file: Self.screen(content: #"{"type": "segmented", "id": "s", "segments": ["A"]}"#))
                .diagnostics.isEmpty)
    }
}
