import JSON
import Prototype
import Testing

@testable import Presentation

/// A sheet that presents a popover whose passthrough controls are the sheet's Close and Alert
/// buttons; the sheet is undimmed at its medium detent on an iPhone.
let probePrototype = #"""
    {"format": "modallab/1", "id": "probe", "start": "home",
     "screens": [{"id": "home", "title": "Home",
       "content": [
         {"type": "button", "id": "open-sheet", "title": "Sheet", "action": {"present": "s"}},
         {"type": "button", "id": "alert-under", "title": "Alert", "action": {"present": "al"}}]}],
     "modals": [
       {"id": "s", "style": "pageSheet", "title": "Sheet", "detents": ["medium", "large"],
        "largestUndimmedDetent": "medium",
        "navigationBar": {"leading": [{"id": "s-close", "title": "Close", "action": "dismiss"}]},
        "content": [{"type": "button", "id": "s-pop", "title": "Options", "action": {"present": "p"}},
                    {"type": "button", "id": "s-alert", "title": "Warn", "action": {"present": "al"}}]},
       {"id": "p", "style": "popover", "title": "Options", "source": "s-pop", "passthrough": ["s-close", "s-alert"],
        "navigationBar": {"trailing": [{"id": "p-done", "title": "Done", "role": "done", "action": "dismiss"}]}},
       {"id": "al", "style": "alert", "title": "Careful",
        "actions": [{"title": "Cancel", "role": "cancel"}, {"title": "OK", "action": "dismiss"}]}]}
    """#

/// Engine details found by probing the API, each as UIKit does it.
@Suite struct EngineProbeTests {
    /// UIKit's `dismiss(animated:completion:)` on a controller lower in the stack "dismisses its
    /// immediate child view controller and all view controllers above that child".
    @Test func dismissFromAPresenterClosesWhatItPresentedAndKeepsIt() throws {
        var s = Session(try prototype(probePrototype), device: "ipad-pro-11")
        try s.tap("open-sheet")
        try s.tap("s-pop")
        #expect(s.modals == ["s", "p"])
        #expect(s.forms == [.centered, .popover])
        let o = try s.tap("s-close")
        #expect(o.refusal == nil)
        #expect(s.modals == ["s"], "the popover goes, the sheet that presented it stays")
        try s.tap("s-close")
        #expect(s.modals.isEmpty, "with nothing above it the sheet dismisses itself")
    }

    /// A passthrough control under a popover presents an alert: its presenter is already
    /// presenting the popover, so UIKit refuses ("… which is already presenting …").
    @Test func anAlertFromBeneathAPopoverIsRefusedAsPresentFromTop() throws {
        var s = Session(try prototype(probePrototype), device: "ipad-pro-11")
        try s.tap("open-sheet")
        try s.tap("s-pop")
        let o = try s.tap("s-alert")
        #expect(o.refusal?.ruleID == .stackPresentFromTop)
        #expect(s.modals == ["s", "p"])
        // From the top it goes over anything.
        try s.tap("p-done")
        #expect(try s.tap("s-alert").refusal == nil)
        #expect(s.modals == ["s", "al"])
    }

    /// A control beside an undimmed sheet presents an alert: the same rule as for a sheet.
    @Test func anAlertFromBesideAnUndimmedSheetIsRefusedLikeASheet() throws {
        var s = Session(try prototype(probePrototype))
        try s.tap("open-sheet")
        #expect(s.state.stack[0].isUndimmed(in: s.state.environment))
        let o = try s.tap("alert-under")
        #expect(o.refusal?.ruleID == .stackPresentFromTop)
        #expect(s.modals == ["s"])
        try s.apply(.swipeDown(target: "s"))
        #expect(try s.tap("alert-under").refusal == nil)
        #expect(s.modals == ["al"])
    }
}
