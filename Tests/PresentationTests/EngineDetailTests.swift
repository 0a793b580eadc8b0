import Prototype
import Testing

@testable import Presentation

/// Engine details that follow UIKit: swipes that name nothing presented, and the state's
/// detent naming only declared detents.
@Suite struct EngineDetailTests {
    static let app = """
        {"format": "modallab/1", "id": "details", "start": "home",
         "screens": [{"id": "home", "title": "Home",
           "content": [{"type": "button", "id": "open", "title": "Open", "action": {"present": "note"}}]}],
         "modals": [{"id": "note", "style": "pageSheet", "title": "Note", "detents": ["medium"],
           "prefersEdgeAttachedInCompactHeight": true,
           "navigationBar": {"leading": [{"id": "close", "title": "Close", "action": "dismiss"}]},
           "content": [{"type": "text", "id": "t", "text": "Text"}]}]}
        """

    @Test func swipeDownNamingNothingPresentedIsAnError() throws {
        var s = Session(try prototype(Self.app))
        #expect(throws: EngineRequestError.self) { try s.apply(.swipeDown(target: nil)) }
        #expect(throws: EngineRequestError.self) { try s.apply(.swipeDown(target: "nope")) }
        let notUp = try s.apply(.swipeDown(target: "note"))
        #expect(notUp.refusal?.ruleID == .stackPresenterVisible)
        try s.tap("open")
        #expect(throws: EngineRequestError.self) { try s.apply(.swipeDown(target: "nope")) }
        try s.apply(.swipeDown(target: "note"))
        #expect(s.modals.isEmpty)
        let gone = try s.apply(.swipeDown(target: "note"))
        #expect(gone.refusal?.ruleID == .stackPresenterVisible, "a modal no longer presented")
    }

    @Test func aMediumOnlySheetInLandscapeReportsMedium() throws {
        var s = Session(try prototype(Self.app), orientation: .landscape)
        try s.tap("open")
        #expect(s.state.json["stack"]?.arrayValue?.first?["detent"] == "medium")
        let f = FrameLayout(prototype: s.engine.prototype, state: s.state)
        #expect(f.layers[1].frame.height == 393 - 10, "drawn at full height: medium is inactive in compact height")
    }

    /// docs/format.md: an alert's button runs "in the context of what presented it", and its
    /// `push` navigates the presenter's screens, so an alert presented from a sheet may push a
    /// screen of that sheet; a push no presenter owns is still an error.
    @Test func anAlertPresentedFromASheetPushesTheSheetsScreens() throws {
        func app(alertFrom place: String) -> String {
            let button = #"{"type": "button", "id": "ask", "title": "Ask", "action": {"present": "confirm"}}"#
            return """
                {"format": "modallab/1", "id": "push-from-alert", "start": "home",
                 "screens": [{"id": "home", "title": "Home", "content": [
                   {"type": "button", "id": "open", "title": "Open", "action": {"present": "editor"}}\(place == "app" ? ", " + button : "")]}],
                 "modals": [
                   {"id": "editor", "style": "pageSheet", "title": "Editor",
                    "navigationBar": {"leading": [{"id": "close", "title": "Close", "action": "dismiss"}]},
                    "content": [\(place == "sheet" ? button : #"{"type": "text", "id": "t", "text": "Text"}"#)],
                    "screens": [{"id": "details", "title": "Details"}]},
                   {"id": "confirm", "style": "alert", "title": "Show the details?",
                    "actions": [{"title": "Cancel", "role": "cancel"}, {"title": "Show", "action": {"push": "details"}}]}]}
                """
        }
        let fromSheet = try Prototype.decode(Array(app(alertFrom: "sheet").utf8))
        var s = Session(try #require(fromSheet.prototype, "\(fromSheet.issues)"))
        try s.tap("open")
        try s.tap("ask")
        #expect(s.modals == ["editor", "confirm"])
        try s.tap("confirm", "Show")
        #expect(s.modals == ["editor"])
        #expect(s.entry("editor")?.screens == ["editor", "details"], "the sheet's screen was pushed in the sheet")

        let fromApp = try Prototype.decode(Array(app(alertFrom: "app").utf8))
        let errors = fromApp.issues.filter { $0.severity == .error }
        #expect(
            errors.contains { $0.path.description == "$.modals[1].actions[1].action.push" },
            "an alert the app presents can't push a sheet's screen: \(fromApp.issues)")
    }
}
