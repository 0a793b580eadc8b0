import Foundation
import JSON
import TestSupport
import Testing

@testable import ModalLabServer

/// The player draws a segmented control with exactly one segment checked: the `value` index of
/// the file, then the segment an `edit` names (by index or by title) — never an index match and
/// a title match at once.
@Suite struct SegmentedViewTests {
    /// The titles of the segments the frame `html` draws checked.
    static func checked(_ html: String) -> [String] {
        html.matches(of: /<[a-z]+\s[^>]*data-segment="([^"]*)"[^>]*>/).filter {
            $0.output.0.contains(#"aria-checked="true""#)
        }.map { String($0.output.1) }
    }

    @Test func exactlyOneSegmentIsChecked() async throws {
        let dir = try TemporaryDirectory("segmented")
        defer { dir.remove() }
        try #"""
        {"format": "modallab/1", "id": "speeds", "start": "home", "devices": ["iphone-16"],
         "screens": [{"id": "home", "title": "Playback", "content": [
           {"type": "segmented", "id": "speed", "segments": ["1", "2", "3", "4", "5"], "value": 4}]}]}
        """#.write(toFile: dir.path + "/speeds.json", atomically: true, encoding: .utf8)
        let s = try TestApp(prototypes: dir.path)
        let start = try await s.client.json("POST", "/api/sessions", ["prototype": "speeds"])
        #expect(start.status == 201, "\(start.text)")
        let sid = try #require(start.json?["session"]?.stringValue)
        #expect(Self.checked(start.json?["html"]?.stringValue ?? "") == ["5"])
        // The player sends the tapped segment's title; the API takes an index too.
        for (value, expected): (JSONValue, String) in [("4", "4"), (.number(0), "1"), ("2", "2")] {
            let r = try await s.act(sid, ["type": "edit", "target": "speed", "value": value])
            #expect(r.status == 200, "\(r.text)")
            #expect(Self.checked(r.json?["html"]?.stringValue ?? "") == [expected], "edit \(value)")
        }
        // A segment the control doesn't have is a 400 at the value, and nothing changes: the
        // frame still checks exactly the segment chosen last.
        for value: JSONValue in [.number(7), .number(5), .number(-1), .number(1.5), "Nope", ""] {
            let r = try await s.act(sid, ["type": "edit", "target": "speed", "value": value])
            #expect(r.status == 400, "edit \(value): \(r.text)")
            #expect(r.text.contains("$.value") && r.text.contains("0–4"), "\(r.text)")
        }
        let again = try await s.act(sid, ["type": "edit", "target": "speed", "value": "2"])
        #expect(Self.checked(again.json?["html"]?.stringValue ?? "") == ["2"])
    }
}
