import EventSchema
import JSON
import Prototype
import Testing

@testable import Presentation

/// Text fields in the app, in a resizable sheet, in a medium-only sheet, in a form sheet and in
/// an alert; a toolbar at the bottom of the app's screen.
let keyboardPrototype = #"""
    {"format": "modallab/1", "id": "kb", "start": "home",
     "screens": [{"id": "home", "title": "Home",
       "content": [
         {"type": "textField", "id": "name", "label": "Name"},
         {"type": "button", "id": "open-sheet", "title": "Sheet", "action": {"present": "sheet"}},
         {"type": "button", "id": "open-fixed", "title": "Fixed", "action": {"present": "fixed"}},
         {"type": "button", "id": "open-form", "title": "Form", "action": {"present": "form"}},
         {"type": "button", "id": "open-rename", "title": "Rename", "action": {"present": "rename"}}],
       "toolbar": [{"id": "tool", "title": "Tool", "action": {"present": "rename"}}]}],
     "modals": [
       {"id": "sheet", "style": "pageSheet", "title": "Sheet", "detents": ["medium", "large"],
        "navigationBar": {"trailing": [{"id": "sheet-done", "title": "Done", "role": "done", "action": "dismiss"}]},
        "content": [{"type": "textField", "id": "sheet-field", "label": "Title"},
                    {"type": "button", "id": "sheet-rename", "title": "Rename", "action": {"present": "rename"}}]},
       {"id": "fixed", "style": "pageSheet", "title": "Fixed", "detents": ["medium"],
        "navigationBar": {"trailing": [{"id": "fixed-done", "title": "Done", "role": "done", "action": "dismiss"}]},
        "content": [{"type": "textArea", "id": "fixed-notes", "label": "Notes"}]},
       {"id": "form", "style": "formSheet", "title": "Form",
        "navigationBar": {"trailing": [{"id": "form-done", "title": "Done", "role": "done", "action": "dismiss"}]},
        "content": [{"type": "textField", "id": "form-field", "label": "Title"}]},
       {"id": "rename", "style": "alert", "title": "Rename", "message": "Enter a new name.",
        "textFields": [{"placeholder": "Name"}, {"placeholder": "Note"}],
        "actions": [{"title": "Cancel", "role": "cancel"}, {"title": "Rename", "action": "dismiss"}]}]}
    """#

/// The software keyboard: its height per device and orientation, what it covers, and how
/// alerts and sheets avoid it.
@Suite struct EngineKeyboardTests {
    func session(_ device: String = "iphone-16", _ o: Orientation = .portrait, _ mt: Multitasking = .full) throws
        -> Session
    {
        Session(try prototype(keyboardPrototype), device: device, orientation: o, multitasking: mt)
    }

    func layout(_ s: Session) throws -> FrameLayout {
        FrameLayout(prototype: try prototype(keyboardPrototype), state: s.state)
    }

    @Test(arguments: [
        ("iphone-se-3", Orientation.portrait, 260.0), ("iphone-se-3", .landscape, 200),
        ("iphone-16", .portrait, 336), ("iphone-16", .landscape, 209),
        ("iphone-16-pro-max", .portrait, 336), ("iphone-16-pro-max", .landscape, 209),
        ("ipad-mini", .portrait, 319), ("ipad-pro-11", .landscape, 407),
        ("ipad-pro-13", .portrait, 378), ("ipad-pro-13", .landscape, 471),
    ])
    func heightPerDeviceAndOrientation(_ device: String, _ o: Orientation, _ height: Double) throws {
        var s = try session(device, o)
        #expect(s.state.json["keyboard"] == .null)
        try s.apply(.focus(target: "name"))
        #expect(s.state.json["keyboard"] == ["target": "name", "height": .number(height)])
        let k = try #require(try layout(s).keyboard)
        #expect(k.frame.height == height)
        #expect(k.frame.maxY == Environment(device: DeviceCatalogue.device(device)!, orientation: o).screenSize.height)
        #expect(k.windowOverlap == height, "a full-screen window is covered by all of it")
        // A rotation keeps the keyboard up, at the other orientation's height.
        try s.apply(.rotate(o == .portrait ? .landscape : .portrait))
        #expect(s.state.keyboard?.target == "name")
    }

    /// The keyboard is the screen's: in Split View and Slide Over it spans the screen and covers
    /// what of the window lies over it.
    @Test func inMultitaskingItSpansTheScreen() throws {
        var s = try session("ipad-pro-11", .landscape, .half)
        try s.apply(.focus(target: "name"))
        var k = try #require(try layout(s).keyboard)
        #expect(k.frame.width == 1210 && k.frame.height == 407 && k.windowOverlap == 407)
        try s.apply(.resize(device: nil, multitasking: .slideOver))
        k = try #require(try layout(s).keyboard)
        #expect(k.windowOverlap == 407 - 20, "Slide Over's window ends 20 pt above the screen's bottom")
    }

    @Test func focusAndEndEditingAreLoggedAndChecked() throws {
        var s = try session()
        let o = try s.apply(.focus(target: "name", x: 30, y: 130))
        #expect(o.events.map(\.type) == [.focus])
        #expect(o.events.first?.target == "name")
        try s.apply(.endEditing)
        #expect(s.state.keyboard == nil)
        #expect(s.last?.events.map(\.type) == [.endEditing])
        // Only text fields and text areas take the keyboard; an alert's field by its index.
        #expect(throws: EngineRequestError.self) { try s.apply(.focus(target: "open-sheet")) }
        #expect(throws: EngineRequestError.self) { try s.apply(.focus(target: "nope")) }
        #expect(throws: EngineRequestError.self) { try s.apply(.focus(target: "name", field: 0)) }
        try s.tap("open-sheet")
        let covered = try s.apply(.focus(target: "name"))
        #expect(covered.refusal?.ruleID == .stackPresenterVisible, "the sheet covers the app's field")
        try s.tap("sheet-rename")
        #expect(throws: EngineRequestError.self) { try s.apply(.focus(target: "rename", field: 2)) }
        try s.apply(.focus(target: "rename", field: 1))
        #expect(s.state.json["keyboard"] == ["target": "rename", "field": 1, "height": 336])
    }

    /// Text typed into an alert's field is an `edit` naming the alert, with the field's index and
    /// the text's length (never the text); the state doesn't hold it. Checked as any edit: an
    /// alert that is presented, a field it has, a string.
    @Test func typingIntoAnAlertsFieldIsLoggedByIndexAndLength() throws {
        var s = try session()
        let hidden = try s.apply(.edit(target: "rename", value: "Trip", field: 0))
        #expect(hidden.refusal?.ruleID == .stackPresenterVisible)
        try s.tap("open-rename")
        let before = s.state.json
        let o = try s.apply(.edit(target: "rename", value: "Road Trip", field: 1))
        #expect(o.refusal == nil)
        #expect(o.events.map(\.type) == [.edit])
        #expect(o.events.first?.target == "rename" && o.events.first?.modal == "rename")
        #expect(o.events.first?.props["field"] == 1 && o.events.first?.props["length"] == 9)
        #expect(s.state.json == before, "the text stays in the browser")
        #expect(throws: EngineRequestError.self) { try s.apply(.edit(target: "rename", value: "x", field: 2)) }
        #expect(throws: EngineRequestError.self) { try s.apply(.edit(target: "rename", value: true, field: 0)) }
        #expect(throws: EngineRequestError.self) { try s.apply(.edit(target: "name", value: "x", field: 0)) }
        // The action as the log's `action` column keeps it, and reads back the same.
        #expect(EngineAction.edit(target: "rename", value: "a", field: 1).json["field"] == 1)
    }

    /// An alert with text fields brings up the keyboard for its first field as it appears, and
    /// moves up to stay above it, centred in what the keyboard leaves.
    @Test func anAlertMovesAboveTheKeyboard() throws {
        for (device, o) in [
            ("iphone-16", Orientation.portrait), ("iphone-se-3", .landscape), ("ipad-pro-11", .portrait),
        ] {
            var s = try session(device, o)
            let before = try layout(s)
            try s.tap("open-rename")
            #expect(s.state.keyboard == KeyboardFocus(target: "rename", field: 0))
            #expect(s.last?.events.contains { $0.type == .focus && $0.props["automatic"] == true } == true)
            let l = try layout(s)
            let k = try #require(l.keyboard)
            let top = l.window.height - k.windowOverlap
            let alert = try #require(l.layers.last?.frame)
            #expect(alert.maxY <= top, "\(device) \(o): the alert ends above the keyboard")
            #expect(abs(alert.midY - (l.safeArea.top + min(top, l.window.height - l.safeArea.bottom)) / 2) < 0.01)
            #expect(alert.midY < before.window.height / 2)
            try s.tap("rename", "Cancel")
            #expect(s.state.keyboard == nil, "the alert's keyboard goes with it")
        }
    }

    /// A resizable sheet whose field becomes first responder goes to its largest detent; a sheet
    /// that can't grow rides on the keyboard.
    @Test func aSheetGrowsOrRidesOnTheKeyboard() throws {
        var s = try session()
        try s.tap("open-sheet")
        #expect(s.state.stack[0].effectiveDetent(in: s.state.environment) == "medium")
        let o = try s.apply(.focus(target: "sheet-field"))
        #expect(s.state.json["stack"]?.arrayValue?.first?["detent"] == "large")
        #expect(o.events.first?.props["detent"] == "large")
        try s.apply(.endEditing)
        #expect(s.state.json["stack"]?.arrayValue?.first?["detent"] == "large", "it stays at its largest detent")

        var f = try session()
        try f.tap("open-fixed")
        let resting = try #require(try layout(f).layers.last?.frame)
        try f.apply(.focus(target: "fixed-notes"))
        let l = try layout(f)
        let card = try #require(l.layers.last?.frame)
        let k = try #require(l.keyboard)
        #expect(card.maxY == l.window.height - k.windowOverlap, "its bottom edge on the keyboard's top")
        #expect(card.height == resting.height)
        #expect(f.state.json["stack"]?.arrayValue?.first?["detent"] == "medium")
    }

    /// An iPad form sheet is repositioned above the keyboard (S1:L51).
    @Test func aFormSheetMovesUpOnIPad() throws {
        for o in [Orientation.portrait, .landscape] {
            var s = try session("ipad-pro-11", o)
            try s.tap("open-form")
            let before = try #require(try layout(s).layers.last?.frame)
            try s.apply(.focus(target: "form-field"))
            let l = try layout(s)
            let sheet = try #require(l.layers.last?.frame)
            let top = l.window.height - (l.keyboard?.windowOverlap ?? 0)
            #expect(sheet.maxY <= top - l.metrics.centeredMargin + 0.001, "\(o)")
            #expect(sheet.minY >= l.safeArea.top + l.metrics.centeredMargin - 0.001, "\(o)")
            #expect(sheet.minY < before.minY, "\(o): it moved up")
        }
    }

    /// Dismissing a modal ends its editing; an alert that took the keyboard from a field gives
    /// it back when it goes.
    @Test func dismissalEndsEditingAndAnAlertGivesTheKeyboardBack() throws {
        var s = try session()
        try s.tap("open-sheet")
        try s.apply(.focus(target: "sheet-field"))
        try s.tap("sheet-rename")
        #expect(s.state.keyboard == KeyboardFocus(target: "rename", field: 0))
        try s.tap("rename", "Cancel")
        #expect(s.state.keyboard == KeyboardFocus(target: "sheet-field"), "back to the sheet's field")
        try s.tap("sheet-done")
        #expect(s.state.keyboard == nil)
        let ended = try #require(s.last?.events.first { $0.type == .endEditing })
        #expect(ended.props["automatic"] == true && ended.target == "sheet-field")
    }

    /// Nothing the keyboard covers can be tapped: a toolbar under it, or any point on it.
    @Test func nothingUnderTheKeyboardCanBeTapped() throws {
        var s = try session()
        try s.apply(.focus(target: "name"))
        let tool = try s.tap("tool")
        #expect(tool.refusal?.ruleID == .stackPresenterVisible)
        #expect(tool.refusal?.message.contains("keyboard") == true)
        let onKeyboard = try s.apply(.tap(target: "open-sheet", choice: nil, x: 100, y: 800))
        #expect(onKeyboard.refusal?.ruleID == .stackPresenterVisible)
        #expect(try s.apply(.tap(target: "open-sheet", choice: nil, x: 100, y: 200)).refusal == nil)
        try s.apply(.focus(target: "sheet-field"))
        #expect(try s.apply(.tapOutside(x: 100, y: 800)).refusal?.ruleID == .stackPresenterVisible)
        #expect(s.modals == ["sheet"])
        try s.apply(.endEditing)
        try s.tap("sheet-done")
        // The sheet took the keyboard from the app's field as it came up: it is back.
        #expect(s.state.keyboard == KeyboardFocus(target: "name"))
        try s.apply(.endEditing)
        #expect(try s.tap("tool").refusal == nil, "with the keyboard down the toolbar takes taps")
    }
}
