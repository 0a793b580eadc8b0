import JSON
import Prototype
import Testing

@testable import Presentation

/// A prototype for docs/rules.md (stack rules), the transition rules and navigation inside modals.
let stackPrototype = #"""
    {"format": "modallab/1", "id": "stack", "start": "home",
     "screens": [
       {"id": "home", "title": "Home",
        "navigationBar": {"leading": [{"id": "bar-pop", "title": "Folders", "action": {"present": "pop"}}],
                          "trailing": [{"id": "bar-maps", "title": "Maps", "action": {"present": "maps"}}]},
        "content": [
          {"type": "button", "id": "open-sheet", "title": "Sheet", "action": {"present": "sheet"}},
          {"type": "button", "id": "open-maps", "title": "Maps", "action": {"present": "maps"}},
          {"type": "button", "id": "open-curl", "title": "Curl", "action": {"present": "curl"}},
          {"type": "button", "id": "open-sheet-curl", "title": "Sheet curl", "action": {"present": "sheet-curl"}},
          {"type": "button", "id": "open-wizard", "title": "Wizard", "action": {"present": "wizard"}},
          {"type": "button", "id": "open-nopop", "title": "No source", "action": {"present": "elsewhere-as"}},
          {"type": "button", "id": "next", "title": "Next", "action": {"push": "detail"}},
          {"type": "textField", "id": "search", "label": "Search"}],
        "toolbar": [{"id": "tool", "title": "Tools", "action": {"present": "tool-pop"}}]},
       {"id": "detail", "title": "Detail", "content": [{"type": "button", "id": "detail-back", "title": "Back", "action": "pop"}]}],
     "modals": [
       {"id": "sheet", "style": "pageSheet", "title": "Sheet", "grabber": true, "detents": ["large", "medium"],
        "navigationBar": {"leading": [{"id": "sheet-cancel", "title": "Cancel", "role": "cancel", "action": "dismiss"}]},
        "content": [{"type": "textField", "id": "sheet-text", "label": "Text", "userContent": true},
                    {"type": "button", "id": "sheet-sheet", "title": "Another", "action": {"present": "inner"}},
                    {"type": "button", "id": "sheet-full", "title": "Full", "action": {"present": "full"}}]},
       {"id": "inner", "style": "formSheet", "title": "Inner",
        "navigationBar": {"leading": [{"id": "inner-cancel", "title": "Cancel", "role": "cancel", "action": "dismiss"}]}},
       {"id": "full", "style": "fullScreen", "title": "Full",
        "navigationBar": {"trailing": [{"id": "full-done", "title": "Done", "action": "dismiss"}]}},
       {"id": "maps", "style": "pageSheet", "title": "Maps", "detents": ["medium", "large"], "largestUndimmedDetent": "medium",
        "navigationBar": {"trailing": [{"id": "maps-done", "title": "Done", "action": "dismiss"}]}},
       {"id": "curl", "style": "fullScreen", "transition": "partialCurl", "title": "Curl",
        "navigationBar": {"trailing": [{"id": "curl-done", "title": "Done", "action": "dismiss"}]},
        "content": [{"type": "button", "id": "curl-more", "title": "More", "action": {"present": "full"}}]},
       {"id": "sheet-curl", "style": "pageSheet", "transition": "partialCurl", "title": "Sheet curl",
        "navigationBar": {"trailing": [{"id": "sheet-curl-done", "title": "Done", "action": "dismiss"}]}},
       {"id": "pop", "style": "popover", "title": "Folders", "source": "bar-pop", "passthrough": ["next"],
        "navigationBar": {"trailing": [{"id": "pop-done", "title": "Done", "action": "dismiss"}]},
        "content": [{"type": "button", "id": "pop-inside", "title": "Details", "action": {"present": "inside"}},
                    {"type": "button", "id": "pop-dissolve", "title": "Dissolve", "action": {"present": "inside-dissolve"}},
                    {"type": "button", "id": "pop-second", "title": "Second", "action": {"present": "inner-pop"}},
                    {"type": "button", "id": "pop-sheet", "title": "Sheet", "action": {"present": "inner"}}]},
       {"id": "inner-pop", "style": "popover", "title": "Second", "source": "pop-second",
        "navigationBar": {"trailing": [{"id": "inner-pop-done", "title": "Done", "action": "dismiss"}]}},
       {"id": "tool-pop", "style": "popover", "title": "Tools", "source": "tool", "preferredContentSize": {"width": 2000, "height": 2000},
        "navigationBar": {"trailing": [{"id": "tool-done", "title": "Done", "action": "dismiss"}]}},
       {"id": "inside", "style": "currentContext", "context": "pop", "title": "Inside",
        "navigationBar": {"trailing": [{"id": "inside-done", "title": "Done", "action": "dismiss"}]}},
       {"id": "inside-dissolve", "style": "overCurrentContext", "context": "pop", "transition": "crossDissolve", "title": "Inside",
        "navigationBar": {"trailing": [{"id": "inside-dissolve-done", "title": "Done", "action": "dismiss"}]}},
       {"id": "elsewhere-as", "style": "actionSheet", "source": "detail-back",
        "actions": [{"title": "One"}, {"title": "Cancel", "role": "cancel"}]},
       {"id": "wizard", "style": "formSheet", "title": "Step 1",
        "navigationBar": {"leading": [{"id": "wizard-cancel", "title": "Cancel", "role": "cancel", "action": "dismiss"}],
                          "trailing": [{"id": "wizard-next", "title": "Next", "action": {"push": "step-2"}}]},
        "screens": [
          {"id": "step-2", "title": "Step 2", "navigationBar": {"trailing": [{"id": "to-3", "title": "Next", "action": {"push": "step-3"}}]},
           "content": [{"type": "button", "id": "to-4", "title": "Skip", "action": {"push": "step-4"}}]},
          {"id": "step-3", "title": "Step 3", "navigationBar": {"trailing": [{"id": "to-4b", "title": "Next", "action": {"push": "step-4"}}]}},
          {"id": "step-4", "title": "Step 4", "navigationBar": {"trailing": [{"id": "to-5", "title": "Next", "action": {"push": "step-5"}}]}},
          {"id": "step-5", "title": "Step 5", "navigationBar": {"trailing": [{"id": "to-2", "title": "Again", "action": {"push": "step-2"}}]}}]},
       {"id": "ok-alert", "style": "alert", "title": "Saved", "actions": [{"title": "OK"}]},
       {"id": "three-alert", "style": "alert", "title": "Which one?",
        "actions": [{"title": "First"}, {"title": "Second"}, {"title": "Cancel", "role": "cancel"}]},
       {"id": "pref-alert", "style": "alert", "title": "Name the group", "preferredAction": "save-it",
        "actions": [{"title": "Cancel", "role": "cancel"}, {"id": "save-it", "title": "Save"}]},
       {"id": "launch-sheet", "style": "actionSheet", "source": "open-sheet", "actions": [{"title": "One"}, {"title": "Cancel", "role": "cancel"}]},
       {"id": "nothing", "style": "none", "title": "Nothing"}]}
    """#

func stackRules() throws -> Prototype { try prototype(stackPrototype) }

@Suite struct EngineStackRuleTests {
    // MARK: Stack rules

    @Test func undimmedSheetLeavesTheBackgroundInteractiveButNotForPresenting() throws {
        var s = Session(try stackRules())
        try s.tap("open-maps")
        #expect(s.entry("maps")?.effectiveDetent(in: s.state.environment) == "medium")
        // The background answers: edits and navigation go ahead (rule sheet.undimmed-nonmodal).
        #expect(try s.apply(.edit(target: "search", value: "coffee")).refusal == nil)
        #expect(try s.tap("next").refusal == nil)
        #expect(s.state.screen == "detail")
        try s.tap("detail-back")
        // Presenting from behind the sheet is refused; asking for the sheet again changes nothing.
        #expect(try s.tap("open-sheet").refusal?.ruleID == .stackPresentFromTop)
        let again = try s.tap("bar-maps")
        #expect(again.refusal == nil)
        #expect(again.diagnostics.map(\.ruleID) == [.sheetUndimmedNonmodal])
        #expect(s.modals == ["maps"])
        // At the large detent the background is dimmed and covered.
        try s.apply(.detent(target: "maps", detent: "large"))
        #expect(try s.apply(.edit(target: "search", value: "tea")).refusal?.ruleID == .stackPresenterVisible)
    }

    @Test func nothingAlreadyPresentedAndNoStyleNone() throws {
        var s = Session(try stackRules())
        try s.tap("open-sheet")
        #expect(try s.apply(.present(modal: "sheet")).refusal?.ruleID == .stackAlreadyPresented)
        #expect(try s.apply(.present(modal: "nothing")).refusal?.ruleID == .modalStyleNone)
    }

    @Test func sheetOverSheetAndModalOverModalWarn() throws {
        var s = Session(try stackRules())
        try s.tap("open-sheet")
        let o1 = try s.tap("sheet-sheet")
        #expect(o1.refusal == nil)
        #expect(o1.diagnostics.map(\.ruleID) == [.sheetOneAtATime])
        try s.tap("inner-cancel")
        let o2 = try s.tap("sheet-full")
        #expect(o2.diagnostics.map(\.ruleID) == [.modalOneAtATime, .fullScreenPresenterWalk])
        #expect(o2.diagnostics.map(\.severity) == [.warning, .info])
    }

    @Test func grabberHidesUnderAnotherSheetAndInCompactHeight() throws {
        var s = Session(try stackRules())
        try s.tap("open-sheet")
        #expect(s.entry("sheet")?.grabberVisible == true)
        let o = try s.tap("sheet-sheet")
        #expect(s.entry("sheet")?.grabberVisible == false)
        #expect(
            o.events.contains { $0.type == .adapted && $0.rule == "sheet.grabber-auto-hide" && $0.modal == "sheet" })
        try s.tap("inner-cancel")
        #expect(s.entry("sheet")?.grabberVisible == true)
        try s.apply(.rotate(.landscape))
        #expect(s.forms == [.fullScreen])
        #expect(s.entry("sheet")?.grabberVisible == false)
    }

    @Test func oneAlertAndAlertsOverAnything() throws {
        var s = Session(try stackRules(), device: "ipad-pro-11")
        try s.tap("bar-pop")
        let o = try s.apply(.present(modal: "ok-alert"))
        #expect(o.refusal == nil)
        #expect(s.modals == ["pop", "ok-alert"])
        #expect(o.diagnostics.map(\.ruleID).contains(.alertOverAnything))
        #expect(try s.apply(.present(modal: "three-alert")).refusal?.ruleID == .alertOneAtATime)
        try s.apply(.home)
        #expect(s.modals == ["pop"], "Home cancels the alert and leaves the popover")
    }

    @Test func nothingButAnAlertOverAPopoverAndOnePopover() throws {
        var s = Session(try stackRules(), device: "ipad-pro-11")
        try s.tap("bar-pop")
        #expect(try s.tap("pop-sheet").refusal?.ruleID == .popoverNoModalOver)
        #expect(try s.tap("pop-second").refusal?.ruleID == .popoverOneAtATime)
        #expect(try s.apply(.present(modal: "tool-pop")).refusal?.ruleID == .popoverOneAtATime)
        #expect(s.modals == ["pop"])
    }

    @Test func closeFirstClosesThePopoverThenPresents() throws {
        var s = Session(try stackRules(), device: "ipad-pro-11", options: EngineOptions(popoverConflict: .closeFirst))
        try s.tap("bar-pop")
        let o = try s.tap("pop-sheet")
        #expect(s.modals == ["inner"])
        #expect(o.diagnostics.first?.ruleID == .popoverCloseThenPresent)
        #expect(o.events.first { $0.type == .dismiss }?.how == "programmatic")
        try s.tap("inner-cancel")
        try s.tap("bar-pop")
        // A second popover: the first closes, unless the second points into it.
        #expect(try s.apply(.present(modal: "tool-pop")).refusal == nil)
        #expect(s.modals == ["tool-pop"])
        try s.tap("tool-done")
        try s.tap("bar-pop")
        #expect(try s.tap("pop-second").refusal?.ruleID == .popoverOneAtATime)
    }

    /// Found by the property test (seed 407704180908): closing an action-sheet popover for
    /// close-first ran its Cancel handler, which presented it again, which conflicted again…
    /// A programmatic dismissal runs no handler; only a tap on the dimming view runs Cancel.
    @Test func closingAnActionSheetPopoverProgrammaticallyRunsNoHandler() throws {
        let p = try prototype(
            #"""
            {"format": "modallab/1", "id": "loop", "start": "home",
             "screens": [{"id": "home", "content": [
               {"type": "button", "id": "a", "title": "Actions", "action": {"present": "as"}},
               {"type": "button", "id": "b", "title": "More", "action": {"present": "more"}}]}],
             "modals": [
               {"id": "as", "style": "actionSheet", "source": "a",
                "actions": [{"title": "Cancel", "role": "cancel", "action": {"present": "as"}}, {"title": "Go"}]},
               {"id": "more", "style": "actionSheet", "source": "b", "actions": [{"title": "One"}, {"title": "Two"}]}]}
            """#)
        var s = Session(p, device: "ipad-pro-13", options: EngineOptions(popoverConflict: .closeFirst))
        try s.tap("a")
        let o = try s.apply(.present(modal: "more"))
        #expect(o.refusal == nil)
        #expect(s.modals == ["more"])
        // A real tap outside runs Cancel, whose action presents the sheet again: one step, no loop.
        try s.tap("more", "One")
        try s.tap("a")
        try s.apply(.tapOutside(x: 1, y: 1))
        #expect(s.modals == ["as"])
        #expect(s.last?.events.filter { $0.type == .present }.count == 1)
    }

    @Test func currentContextInsideAPopoverIsAllowedWithCoverVerticalOnly() throws {
        var s = Session(try stackRules(), device: "ipad-pro-11")
        try s.tap("bar-pop")
        let o = try s.tap("pop-inside")
        #expect(o.refusal == nil)
        #expect(s.modals == ["pop", "inside"])
        #expect(s.forms == [.popover, .context])
        #expect(s.entry("inside")?.contextOwner == "pop")
        #expect(o.diagnostics.map(\.ruleID) == [.popoverCardInsideOK])
        // A tap outside the popover closes it and what it holds.
        try s.apply(.tapOutside(x: 1, y: 1))
        #expect(s.modals.isEmpty)
        try s.tap("bar-pop")
        #expect(try s.tap("pop-dissolve").refusal?.ruleID == .transitionPopoverContextCoverVertical)
        // On an iPhone everything is full screen, so the same request is fine.
        var phone = Session(try stackRules())
        try phone.tap("bar-pop")
        #expect(try phone.tap("pop-dissolve").refusal == nil)
    }

    @Test func transitionInProgressRefusesPresentAndDismissButNotOneRequestsOwnSteps() throws {
        var s = Session(try stackRules(), device: "ipad-pro-11", options: EngineOptions(transitionMs: 350))
        try s.apply(.tapOutside(x: 1, y: 1))
        s.now = 0
        let o = try s.engine.apply(.tap(target: "bar-pop", choice: nil, x: nil, y: nil), to: s.state, atMs: 1_000)
        s.state = o.state
        let early = try s.engine.apply(.tap(target: "pop-done", choice: nil, x: nil, y: nil), to: s.state, atMs: 1_200)
        #expect(early.refusal?.ruleID == .stackTransitionInProgress)
        #expect(early.state == s.state)
        // Edits don't wait for animations.
        #expect(try s.engine.apply(.rotate(.landscape), to: s.state, atMs: 1_210).refusal == nil)
        // Later, a switch between bar-button popovers is one request: close and open together.
        let other = try s.engine.apply(.tap(target: "bar-maps", choice: nil, x: nil, y: nil), to: s.state, atMs: 1_400)
        #expect(other.refusal?.ruleID == .popoverNoModalOver)
        let done = try s.engine.apply(.tap(target: "pop-done", choice: nil, x: nil, y: nil), to: s.state, atMs: 1_400)
        #expect(done.refusal == nil)
        #expect(done.state.stack.isEmpty)
    }

    // MARK: Transition rules

    @Test func partialCurlIsFullScreenOnlyAndTerminal() throws {
        var s = Session(try stackRules())
        #expect(try s.tap("open-sheet-curl").refusal?.ruleID == .transitionPartialCurlFullScreenOnly)
        try s.tap("open-curl")
        #expect(s.modals == ["curl"])
        #expect(s.last?.events.first { $0.type == .present }?.props["transition"] == "partialCurl")
        #expect(try s.tap("curl-more").refusal?.ruleID == .transitionPartialCurlTerminal)
        #expect(try s.apply(.present(modal: "ok-alert")).refusal?.ruleID == .transitionPartialCurlTerminal)
        try s.tap("curl-done")
        // From a sheet, the presenter is not full screen.
        try s.tap("open-sheet")
        #expect(try s.apply(.present(modal: "curl")).refusal?.ruleID == .transitionPartialCurlFullScreenOnly)
    }

    @Test func transitionsDefaultToCoverVerticalAndSystemOwned() throws {
        var s = Session(try stackRules())
        try s.tap("open-sheet")
        #expect(s.last?.events.first { $0.type == .present }?.props["transition"] == "coverVertical")
        try s.apply(.swipeDown(target: nil))
        #expect(s.lastDismiss?.props["transition"] == "coverVertical")
        try s.apply(.present(modal: "ok-alert"))
        #expect(s.last?.events.first { $0.type == .present }?.props["transition"] == "system")
    }

    // MARK: App-initiated presentations

    @Test func appInitiatedActionSheetsAndAlertsAtLaunchWarn() throws {
        var s = Session(try stackRules())
        let o1 = try s.apply(.present(modal: "ok-alert"))
        #expect(o1.diagnostics.map(\.ruleID) == [.alertNotAtLaunch])
        try s.tap("ok-alert", "OK")
        let o2 = try s.apply(.present(modal: "launch-sheet"))
        #expect(o2.diagnostics.map(\.ruleID) == [.actionSheetUserInitiated])
        #expect(s.entry("launch-sheet")?.presentedBy == nil)
    }

    // MARK: Alerts: Return

    @Test func returnRunsThePreferredActionOrCancelOrTheOnlyAction() throws {
        var s = Session(try stackRules())
        try s.apply(.present(modal: "pref-alert"))
        try s.apply(.key("Return"))
        #expect(s.lastDismiss?.props["action"] == "Save", "preferredAction names the action by id")
        try s.apply(.present(modal: "ok-alert"))
        try s.apply(.key("Enter"))
        #expect(s.modals.isEmpty)
        try s.apply(.present(modal: "three-alert"))
        try s.apply(.key("Return"))
        #expect(s.modals == ["three-alert"], "no default among three")
        let m = try #require(s.engine.prototype.modal("three-alert"))
        #expect(AlertButtons.drawn(m, form: .alert).map { m.actions[$0].title } == ["First", "Second", "Cancel"])
        #expect(throws: EngineRequestError.self) { try s.apply(.key("Tab")) }
    }

    // MARK: Popovers: source, arrow, size

    @Test func popoverPointsAtItsSourceWithAnArrowThatFits() throws {
        var s = Session(try stackRules(), device: "ipad-pro-11")
        try s.tap("bar-pop")
        let bar = try #require(s.entry("pop")?.popover)
        #expect(bar.source == "bar-pop")
        #expect(bar.arrow == .up)
        #expect(bar.arrowPointsAtSource)
        #expect(bar.width == 320)
        try s.tap("pop-done")
        let o = try s.tap("tool")
        let tool = try #require(s.entry("tool-pop")?.popover)
        #expect(tool.arrow == .down, "a toolbar popover sits above its button")
        #expect(tool.clamped)
        let env = s.state.environment
        #expect(tool.width == env.windowSize.width - 20)
        #expect(tool.height == env.windowSize.height - env.safeArea.top - env.safeArea.bottom - 20)
        #expect(o.diagnostics.map(\.ruleID) == [.popoverNotFullScreenSize])
        // Clamped to the new window on resize.
        try s.apply(.rotate(.landscape))
        #expect(s.entry("tool-pop")?.popover?.width == s.state.environment.windowSize.width - 20)
    }

    @Test func arrowsThatCannotPointAtTheSourceWarn() throws {
        let p = try prototype(
            #"""
            {"format": "modallab/1", "id": "arrows", "start": "home",
             "screens": [{"id": "home", "navigationBar": {"trailing": [{"id": "b", "title": "Filter", "action": {"present": "down"}}]},
                          "content": [{"type": "button", "id": "c", "title": "No arrow", "action": {"present": "none-arrow"}}]}],
             "modals": [
               {"id": "down", "style": "popover", "source": "b", "permittedArrowDirections": ["down"], "title": "Down",
                "navigationBar": {"trailing": [{"id": "d1", "title": "Done", "action": "dismiss"}]}},
               {"id": "none-arrow", "style": "popover", "source": "c", "permittedArrowDirections": [], "title": "Plain",
                "navigationBar": {"trailing": [{"id": "d2", "title": "Done", "action": "dismiss"}]}}]}
            """#)
        var s = Session(p, device: "ipad-mini")
        let o = try s.tap("b")
        #expect(s.entry("down")?.popover?.arrow == .down)
        #expect(s.entry("down")?.popover?.arrowPointsAtSource == false)
        #expect(o.diagnostics.map(\.ruleID) == [.popoverNotCoverSource])
        try s.tap("d1")
        try s.tap("c")
        #expect(s.entry("none-arrow")?.popover?.arrow == nil)
        #expect(s.last?.diagnostics.map(\.ruleID) == [.popoverNotCoverSource])
    }

    @Test func aSourceNotOnScreenFallsBackToTheTappedControlOrIsRefused() throws {
        var s = Session(try stackRules(), device: "ipad-pro-11")
        let o = try s.tap("open-nopop")
        #expect(o.refusal == nil)
        #expect(s.entry("elsewhere-as")?.popover?.source == "open-nopop")
        #expect(o.diagnostics.map(\.ruleID) == [.popoverNotCoverSource])
        try s.apply(.tapOutside(x: 1, y: 1))
        #expect(try s.apply(.present(modal: "elsewhere-as")).refusal?.ruleID == .actionSheetAnchorRequired)
        // On an iPhone it is a bottom action sheet and needs no anchor.
        var phone = Session(try stackRules())
        #expect(try phone.apply(.present(modal: "elsewhere-as")).refusal == nil)
    }

    @Test func aPopoverThatFellBackToATappedBarButtonLetsThatBarThrough() throws {
        let p = try prototype(
            #"""
            {"format": "modallab/1", "id": "fallback", "start": "home",
             "screens": [{"id": "home", "title": "Home",
                          "navigationBar": {"trailing": [{"id": "more", "title": "More", "action": {"present": "pop"}}]},
                          "content": [{"type": "button", "id": "next", "title": "Next", "action": {"push": "detail"}}],
                          "toolbar": [{"id": "tool", "title": "Tools", "action": "none"}]},
                         {"id": "detail", "title": "Detail", "content": [{"type": "button", "id": "elsewhere", "title": "Elsewhere"}]}],
             "modals": [{"id": "pop", "style": "popover", "title": "More", "source": "elsewhere",
                         "navigationBar": {"trailing": [{"id": "pop-done", "title": "Done", "action": "dismiss"}]}}]}
            """#)
        var s = Session(p, device: "ipad-pro-11")
        try s.tap("more")
        #expect(s.entry("pop")?.popover?.source == "more", "the declared source is off screen")
        #expect(s.state.passthrough(ofEntry: 0, in: p) == ["more", "tool"])
        #expect(try s.tap("tool").refusal == nil, "hit-testing lets the same bar through")
        #expect(try s.tap("next").refusal?.ruleID == .stackPresenterVisible, "content stays dimmed")
    }

    @Test func alertButtonsShareOnePrecedenceAndOneLayout() throws {
        let p = try prototype(
            #"""
            {"format": "modallab/1", "id": "buttons", "start": "home", "screens": [{"id": "home"}],
             "modals": [
               {"id": "both", "style": "alert", "title": "Keep the draft?", "preferredAction": "keep",
                "actions": [{"title": "Delete", "role": "destructive", "preferred": true}, {"id": "keep", "title": "Keep"}]},
               {"id": "wide", "style": "alert", "title": "Leave the group?",
                "actions": [{"title": "Cancel", "role": "cancel"}, {"title": "Leave Group and Delete"}]}]}
            """#)
        let both = try #require(p.modal("both"))
        #expect(AlertButtons.preferredIndex(both) == 1, "preferredAction before a preferred flag")
        #expect(AlertButtons.preferred(both)?.title == "Keep")
        #expect(AlertButtons.returnAction(both)?.title == "Keep")
        #expect(AlertButtons.boldIndex(both) == 1)
        #expect(AlertButtons.sideBySide(both))
        #expect(AlertButtons.drawn(both, form: .alert) == [0, 1])
        // Two buttons whose titles don't fit 110 pt stack, with Cancel at the bottom.
        let wide = try #require(p.modal("wide"))
        #expect(AlertButtons.boldIndex(wide) == 0, "Cancel, with nothing preferred")
        #expect(AlertButtons.titleWidths(wide)[1] > 110)
        #expect(!AlertButtons.sideBySide(wide))
        #expect(AlertButtons.drawn(wide, form: .alert) == [1, 0])
        var s = Session(p)
        try s.apply(.present(modal: "both"))
        try s.apply(.key("Return"))
        #expect(s.lastDismiss?.props["action"] == "Keep")
    }

    @Test func passthroughNavigationUnderAPopoverClosesItFirst() throws {
        var s = Session(try stackRules(), device: "ipad-pro-11")
        try s.tap("bar-pop")
        let o = try s.tap("next")
        #expect(s.modals.isEmpty)
        #expect(s.state.screen == "detail")
        #expect(o.events.map(\.type) == [.tap, .dismiss, .screenEnter, .push, .screenEnter])
    }

    // MARK: Navigation inside modals

    @Test func pushPopAndBackInsideAModalWithTheSinglePathRule() throws {
        var s = Session(try stackRules())
        try s.tap("open-wizard")
        #expect(try s.apply(.back()).events.map(\.type) == [.tap], "no back button on a modal's root")
        try s.tap("wizard-next")
        #expect(s.entry("wizard")?.screens == ["wizard", "step-2"])
        #expect(s.state.json["stack"]?.arrayValue?.first?["screen"] == "step-2")
        // step-2 leads to two screens: a branch.
        let branch = try s.tap("to-3")
        #expect(branch.diagnostics.map(\.ruleID) == [.modalSinglePath])
        try s.tap("to-4b")
        let deep = try s.tap("to-5")
        #expect(deep.diagnostics.map(\.ruleID) == [.modalSinglePath], "4 pushes from the root")
        let cycle = try s.tap("to-2")
        #expect(cycle.diagnostics.first?.message.contains("already on the navigation path") == true)
        #expect(s.entry("wizard")?.screens.count == 6)
        let back = try s.apply(.back())
        #expect(back.events.map(\.type) == [.tap, .pop, .screenEnter])
        #expect(s.entry("wizard")?.screen == "step-5")
        // The root's Cancel is not on the screen showing; a fresh presentation starts at the root.
        #expect(try s.tap("wizard-cancel").refusal?.ruleID == .stackPresenterVisible)
        try s.apply(.swipeDown(target: nil))
        try s.tap("open-wizard")
        #expect(s.entry("wizard")?.screens == ["wizard"])
    }

    @Test func aCoveredBackButtonIsRefused() throws {
        var s = Session(try stackRules())
        try s.tap("next")
        try s.apply(.present(modal: "full"))
        #expect(try s.apply(.back()).refusal?.ruleID == .stackPresenterVisible)
        try s.tap("full-done")
        try s.apply(.back())
        #expect(s.state.screen == "home")
    }

    // MARK: Covered popovers keep a sheet form

    @Test func aPopoverWithSomethingOverItStaysASheetWhenTheWindowWidens() throws {
        var s = Session(try stackRules(), device: "ipad-pro-11", multitasking: .slideOver)
        try s.tap("bar-pop")
        #expect(s.forms == [.card])
        try s.tap("pop-sheet")
        #expect(s.modals == ["pop", "inner"], "in compact width the popover is a sheet, so a sheet may go over it")
        let o = try s.apply(.resize(device: nil, multitasking: .full))
        #expect(s.forms == [.centered, .centered])
        #expect(s.entry("pop")?.resolution.adaptedBy == .popoverNoModalOver)
        #expect(o.events.contains { $0.type == .adapted && $0.modal == "pop" && $0.rule == "popover.no-modal-over" })
        try s.tap("inner-cancel")
        #expect(s.forms == [.popover])
        #expect(s.last?.events.contains { $0.type == .adapted && $0.rule == "popover.regular" } == true)
    }

    @Test func requiresFullScreenKeepsTheIPadWindowFull() throws {
        let p = try prototype(
            #"""
            {"format": "modallab/1", "id": "full-only", "start": "home", "requiresFullScreen": true,
             "screens": [{"id": "home", "content": [{"type": "text", "id": "t", "text": "Hi."}]}]}
            """#)
        var s = Session(p, device: "ipad-pro-11", multitasking: .slideOver)
        #expect(s.state.environment.multitasking == .full)
        #expect(throws: EngineRequestError.self) { try s.apply(.resize(device: nil, multitasking: .half)) }
        #expect(try s.apply(.resize(device: "ipad-mini", multitasking: .full)).refusal == nil)
    }

    // MARK: Detents

    @Test func detentsSortedAndMediumInactiveInCompactHeight() throws {
        let p = try prototype(
            #"""
            {"format": "modallab/1", "id": "detents", "start": "home",
             "screens": [{"id": "home", "content": [{"type": "button", "id": "a", "title": "Open", "action": {"present": "s"}}]}],
             "modals": [{"id": "s", "style": "pageSheet", "title": "S", "detents": ["large", {"id": "peek", "height": 120}, "medium"],
               "prefersEdgeAttachedInCompactHeight": true, "selectedDetent": "medium",
               "navigationBar": {"trailing": [{"id": "d", "title": "Done", "action": "dismiss"}]}}]}
            """#)
        var s = Session(p)
        try s.tap("a")
        #expect(s.entry("s")?.detents.map(\.id) == ["peek", "medium", "large"])
        #expect(s.state.json["stack"]?.arrayValue?.first?["detent"] == "medium")
        let rotated = try s.apply(.rotate(.landscape))
        #expect(s.state.json["stack"]?.arrayValue?.first?["detent"] == "large")
        #expect(rotated.events.contains { $0.type == .adapted && $0.rule == "sheet.medium-compact-height" })
        let moved = try s.apply(.detent(target: "s", detent: "peek"))
        #expect(moved.events.first?.props["from"] == "large")
        #expect(s.state.json["stack"]?.arrayValue?.first?["detent"] == "peek", "custom detents stay active")
        #expect(throws: EngineRequestError.self) { try s.apply(.detent(target: "s", detent: "tall")) }
    }

    @Test func dirtyWithoutAConfirmationGoesWithAWarning() throws {
        var s = Session(try stackRules())
        try s.tap("open-sheet")
        try s.apply(.edit(target: "sheet-text", value: "x"))
        let o = try s.apply(.swipeDown(target: nil))
        #expect(s.modals.isEmpty)
        #expect(o.diagnostics.map(\.ruleID) == [.modalDataLossConfirm])
        #expect(o.diagnostics.first?.severity == .warning)
        #expect(s.lastDismiss?.props["discarded"] == true)
    }

    // MARK: Events

    @Test func everyStateChangeIsLogged() throws {
        var s = Session(try stackRules())
        let present = try s.tap("open-sheet")
        #expect(present.events.map(\.type) == [.tap, .present, .adapted, .screenEnter])
        #expect(present.events[1].style == "pageSheet" && present.events[1].requestedStyle == "pageSheet")
        #expect(present.events[2].rule == "sheet.compact-width-card")
        let edit = try s.apply(.edit(target: "sheet-text", value: "hello"))
        #expect(edit.events.map(\.type) == [.edit])
        #expect(edit.events[0].props["userContent"] == true && edit.events[0].props["length"] == 5)
        let detent = try s.apply(.detent(target: "sheet", detent: "medium"))
        #expect(detent.events.map(\.type) == [.detent])
        let refused = try s.tap("open-maps")
        #expect(refused.events.map(\.type) == [.tap, .refused])
        #expect(refused.events[1].rule == "stack.presenter-visible")
        let dismiss = try s.tap("sheet-cancel")
        #expect(dismiss.events.map(\.type) == [.tap, .dismiss, .screenEnter, .diagnostic])
        #expect(dismiss.events[1].how == "button")
        #expect(dismiss.events[1].durationMs == 4000)
    }
}
