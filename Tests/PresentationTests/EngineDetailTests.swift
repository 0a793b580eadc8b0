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
}
