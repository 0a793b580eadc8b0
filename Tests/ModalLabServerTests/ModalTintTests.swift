import Foundation
import JSON
import Presentation
import TestSupport
import Testing

@testable import ModalLabServer

/// Issue 26's accent per modal: a modal's `tint` is its presented view controller's
/// `view.tintColor`, inherited by everything inside it — its bar buttons, its content's buttons,
/// an alert's buttons — while the app beneath keeps the prototype's tint; a `tint` that is no
/// colour is an error at its path.
@Suite struct ModalTintTests {
    static let document = #"""
        {"format": "modallab/1", "id": "accents", "start": "home", "tint": "#E0A100", "devices": ["iphone-16"],
         "screens": [{"id": "home", "title": "Home", "content": [
           {"type": "button", "id": "open", "title": "Open", "action": {"present": "brand"}},
           {"type": "button", "id": "warn", "title": "Warn", "action": {"present": "sure"}}]}],
         "modals": [
           {"id": "brand", "style": "pageSheet", "title": "Brand", "tint": "#FF2D55",
            "navigationBar": {"leading": [{"id": "cancel", "title": "Cancel", "role": "cancel", "action": "dismiss"}]},
            "content": [{"type": "button", "id": "go", "title": "Go"}]},
           {"id": "sure", "style": "alert", "title": "Sure?", "tint": "#34C759",
            "actions": [{"title": "Cancel", "role": "cancel"}, {"title": "OK"}]}]}
        """#

    @Test func aModalsTintIsItsOwnAndTheAppKeepsThePrototypes() async throws {
        let dir = try TemporaryDirectory("modal-tint")
        defer { dir.remove() }
        try Self.document.write(toFile: dir.path + "/accents.json", atomically: true, encoding: .utf8)
        let s = try TestApp(prototypes: dir.path)
        let sid = try await s.session("accents", device: "iphone-16")
        let sheet = try #require(try await s.act(sid, ["type": "tap", "target": "open"]).json?["html"]?.stringValue)
        let layer = try #require(
            sheet.firstRange(of: #/<section class="layer presentation[^>]*data-modal="brand"[^>]*>/#))
        #expect(sheet[layer].contains("--tint:#FF2D55;"), "\(sheet[layer])")
        #expect(sheet.contains("--tint:#E0A100;"), "the device keeps the prototype's tint")
        #expect(try await s.act(sid, ["type": "tap", "target": "cancel"]).status == 200)
        let alert = try #require(try await s.act(sid, ["type": "tap", "target": "warn"]).json?["html"]?.stringValue)
        let alertLayer = try #require(
            alert.firstRange(of: #/<section class="layer presentation[^>]*data-modal="sure"[^>]*>/#))
        #expect(alert[alertLayer].contains("--tint:#34C759;"), "\(alert[alertLayer])")
    }

    @Test func aTintThatIsNoColourIsAnErrorAtItsPath() {
        let doc = Self.document.replacingOccurrences(of: ##""tint": "#FF2D55""##, with: #""tint": "pink""#)
        let report = Linter().lint(file: Array(doc.utf8))
        let found = report.diagnostics.filter { $0.path == "$.modals[0].tint" }
        #expect(found.count == 1 && found.first?.severity == .error, "\(report.diagnostics)")
        #expect(found.first?.message.contains("pink") == true)
    }
}
