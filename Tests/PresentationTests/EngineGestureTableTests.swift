import JSON
import Prototype
import Testing

@testable import Presentation

/// A prototype with one modal of every kind, for the gesture table of docs/rules.md.
let gesturesPrototype = #"""
    {"format": "modallab/1", "id": "gestures", "start": "home",
     "screens": [{"id": "home", "title": "Home",
       "navigationBar": {"leading": [{"id": "bar-a", "title": "Folders", "action": {"present": "pop-a"}}],
                         "trailing": [{"id": "bar-b", "title": "Filter", "action": {"present": "pop-b"}},
                                      {"id": "bar-full", "title": "Tabs", "action": {"present": "full"}},
                                      {"id": "bar-share", "title": "Share", "action": {"present": "act"}}]},
       "content": [
         {"type": "button", "id": "open-sheet", "title": "Sheet", "action": {"present": "sheet"}},
         {"type": "button", "id": "open-locked", "title": "Locked", "action": {"present": "locked"}},
         {"type": "button", "id": "open-full", "title": "Full", "action": {"present": "full"}},
         {"type": "button", "id": "open-over", "title": "Over", "action": {"present": "over"}},
         {"type": "button", "id": "open-ctx", "title": "Context", "action": {"present": "ctx"}},
         {"type": "button", "id": "open-pop-modal", "title": "Modal popover", "action": {"present": "pop-modal"}},
         {"type": "button", "id": "open-pop-multi", "title": "Multi", "action": {"present": "pop-multi"}},
         {"type": "button", "id": "open-alert", "title": "Alert", "action": {"present": "alert"}},
         {"type": "button", "id": "open-as", "title": "Actions", "action": {"present": "as"}},
         {"type": "button", "id": "open-as-nocancel", "title": "More", "action": {"present": "as-nocancel"}},
         {"type": "button", "id": "open-act", "title": "Share", "action": {"present": "act"}},
         {"type": "textField", "id": "note", "label": "Note"},
         {"type": "button", "id": "through", "title": "Through", "action": "none"}]}],
     "modals": [
       {"id": "sheet", "style": "pageSheet", "title": "Sheet", "detents": ["medium", "large"], "grabber": true,
        "confirmDiscard": "discard",
        "navigationBar": {"leading": [{"id": "sheet-cancel", "title": "Cancel", "role": "cancel", "action": "dismiss"}],
                          "trailing": [{"id": "sheet-done", "title": "Done", "role": "done", "action": "dismiss"}]},
        "content": [{"type": "textField", "id": "sheet-text", "label": "Text", "userContent": true},
                    {"type": "textField", "id": "sheet-search", "label": "Search"}]},
       {"id": "discard", "style": "actionSheet", "source": "sheet-cancel",
        "actions": [{"title": "Discard Changes", "role": "destructive", "action": "dismiss"},
                    {"title": "Keep Editing", "role": "cancel"}]},
       {"id": "locked", "style": "formSheet", "title": "Locked", "modalInPresentation": true,
        "navigationBar": {"leading": [{"id": "locked-cancel", "title": "Cancel", "role": "cancel", "action": "dismiss"}]}},
       {"id": "full", "style": "fullScreen", "title": "Full",
        "navigationBar": {"trailing": [{"id": "full-done", "title": "Done", "role": "done", "action": "dismiss"}]}},
       {"id": "over", "style": "overFullScreen", "title": "Over",
        "navigationBar": {"trailing": [{"id": "over-done", "title": "Done", "role": "done", "action": "dismiss"}]}},
       {"id": "ctx", "style": "currentContext", "title": "Context", "context": "home", "compactAdaptation": "fullScreen",
        "navigationBar": {"trailing": [{"id": "ctx-done", "title": "Done", "role": "done", "action": "dismiss"}]}},
       {"id": "pop-a", "style": "popover", "title": "Folders", "source": "bar-a", "passthrough": ["through"],
        "navigationBar": {"trailing": [{"id": "pop-a-done", "title": "Done", "role": "done", "action": "dismiss"}]},
        "content": [{"type": "textField", "id": "pop-a-text", "label": "Name", "userContent": true},
                    {"type": "list", "id": "folders", "items": [{"id": "folder-1", "title": "Inbox"}, {"id": "folder-2", "title": "Sent"}]}]},
       {"id": "pop-b", "style": "popover", "title": "Filter", "source": "bar-b",
        "navigationBar": {"trailing": [{"id": "pop-b-done", "title": "Done", "role": "done", "action": "dismiss"}]}},
       {"id": "pop-modal", "style": "popover", "title": "Modal", "source": "open-pop-modal", "modal": true,
        "navigationBar": {"trailing": [{"id": "pop-modal-done", "title": "Done", "role": "done", "action": "dismiss"}]}},
       {"id": "pop-multi", "style": "popover", "title": "Tags", "source": "open-pop-multi", "selection": "multiple",
        "content": [{"type": "list", "id": "tags", "items": [{"id": "tag-1", "title": "Red"}, {"id": "tag-2", "title": "Blue"}]}]},
       {"id": "alert", "style": "alert", "title": "Delete everything?",
        "actions": [{"title": "Delete", "role": "destructive", "action": "dismiss"}, {"title": "Cancel", "role": "cancel"}]},
       {"id": "as", "style": "actionSheet", "source": "open-as",
        "actions": [{"title": "Archive"}, {"title": "Cancel", "role": "cancel"}]},
       {"id": "as-nocancel", "style": "actionSheet", "source": "open-as-nocancel",
        "actions": [{"title": "Archive"}, {"title": "Move"}]},
       {"id": "act", "style": "activity", "source": "open-act", "activities": ["airdrop", "mail"]}]}
    """#

func gestures() throws -> Prototype { try prototype(gesturesPrototype) }

extension Session {
    var lastDismiss: EngineEvent? { last?.events.last { $0.type == .dismiss } }
    var rules: [RuleID] { last?.diagnostics.compactMap(\.ruleID) ?? [] }
}

/// docs/rules.md, row by row: what presents, what dismisses, what does not.
@Suite struct EngineGestureTableTests {
    // MARK: Sheet (card: pageSheet or formSheet in wC/hR)

    @Test func cardSheetDismissesBySwipeButtonAndTheDimmedArea() throws {
        var s = Session(try gestures())
        try s.tap("open-sheet")
        #expect(s.forms == [.card])
        try s.apply(.tapOutside(x: 10, y: 10))
        #expect(s.modals.isEmpty, "a tap on the dimming view is an interactive dismissal (sheet.scrim-dismiss)")
        #expect(s.lastDismiss?.how == "tapOutside")
        try s.tap("open-sheet")
        try s.apply(.detent(target: "sheet", detent: "large"))
        #expect(s.modals == ["sheet"], "moving between detents is not a dismissal")
        try s.apply(.swipeDown(target: "sheet"))
        #expect(s.modals.isEmpty)
        #expect(s.lastDismiss?.how == "swipe")
        try s.tap("open-sheet")
        try s.tap("sheet-done")
        #expect(s.modals.isEmpty)
        #expect(s.lastDismiss?.how == "button")
    }

    @Test func modalInPresentationRubberBands() throws {
        var s = Session(try gestures())
        try s.tap("open-locked")
        let o = try s.apply(.swipeDown(target: nil))
        #expect(s.modals == ["locked"])
        #expect(o.refusal == nil)
        #expect(s.rules == [.sheetSwipeDismiss])
        try s.apply(.tapOutside(x: 10, y: 10))
        #expect(s.modals == ["locked"], "modalInPresentation blocks the dimmed area's dismissal too")
        #expect(s.rules == [.sheetScrimDismiss])
        try s.tap("locked-cancel")
        #expect(s.modals.isEmpty, "Cancel on a clean sheet dismisses")
    }

    @Test func dirtySheetAsksOnSwipeScrimCancelAndEscapeButDoneSaves() throws {
        for how in ["swipe", "scrim", "cancel", "escape"] {
            var s = Session(try gestures())
            try s.tap("open-sheet")
            try s.apply(.edit(target: "sheet-search", value: "not user content"))
            #expect(s.entry("sheet")?.dirty == false)
            try s.apply(.edit(target: "sheet-text", value: "draft"))
            #expect(s.entry("sheet")?.dirty == true)
            switch how {
            case "swipe": try s.apply(.swipeDown(target: nil))
            case "scrim": try s.apply(.tapOutside(x: 10, y: 10))
            case "cancel": try s.tap("sheet-cancel")
            default: try s.apply(.key("Escape"))
            }
            #expect(s.modals == ["sheet", "discard"], "\(how)")
            #expect(s.entry("discard")?.isDiscardConfirmation == true)
            #expect(!s.rules.contains(.modalOneAtATime) && !s.rules.contains(.sheetOneAtATime))
            try s.tap("discard", "Discard Changes")
            #expect(s.modals.isEmpty)
            #expect(s.last?.events.first { $0.modal == "sheet" && $0.type == .dismiss }?.props["discarded"] == true)
        }
        var s = Session(try gestures())
        try s.tap("open-sheet")
        try s.apply(.edit(target: "sheet-text", value: "draft"))
        try s.tap("sheet-done")
        #expect(s.modals.isEmpty)
        #expect(s.lastDismiss?.props["saved"] == true)
    }

    // MARK: Page or form sheet in wR/hR

    @Test func centeredSheetDismissesBySwipeAndByATapAroundIt() throws {
        var s = Session(try gestures(), device: "ipad-pro-11")
        try s.tap("open-sheet")
        #expect(s.forms == [.centered])
        try s.apply(.swipeDown(target: nil))
        #expect(s.modals.isEmpty)
        try s.tap("open-sheet")
        try s.apply(.tapOutside(x: 1, y: 1))
        #expect(s.modals.isEmpty)
        #expect(s.lastDismiss?.how == "tapOutside")
        // Dirty: the tap asks, as a swipe does.
        try s.tap("open-sheet")
        try s.apply(.edit(target: "sheet-text", value: "draft"))
        try s.apply(.tapOutside(x: 1, y: 1))
        #expect(s.modals == ["sheet", "discard"])
    }

    @Test func anUndimmedCardIgnoresATapBesideIt() throws {
        let members = RuleCatalogue.app(RuleCatalogue.home(open: "a"), RuleCatalogue.undimmedSheet("a"))
        let doc = try #require(RuleExample.json(members).document())
        var s = Session(try prototype(JSONWriter().string(doc)))
        try s.tap("open-button")
        try s.apply(.tapOutside(x: 10, y: 10))
        #expect(s.modals == ["a"])
        #expect(s.rules == [.sheetUndimmedNonmodal])
    }

    // MARK: Full screen, over full screen, current context

    @Test(arguments: ["full", "over", "ctx"])
    func fullScreenAndContextStylesDismissOnlyByAButton(_ id: String) throws {
        for device in ["iphone-16", "ipad-pro-11"] {
            var s = Session(try gestures(), device: device)
            try s.tap("open-\(id)")
            try s.apply(.swipeDown(target: nil))
            #expect(s.modals == [id])
            #expect(s.rules == [.fullScreenButtonDismissOnly])
            try s.apply(.tapOutside(x: 1, y: 1))
            #expect(s.modals == [id])
            try s.tap("\(id)-done")
            #expect(s.modals.isEmpty)
            #expect(s.lastDismiss?.how == "button")
        }
    }

    @Test func overFullScreenKeepsTheScreenBeneathAndFullScreenRemovesIt() throws {
        var s = Session(try gestures())
        try s.tap("open-over")
        #expect(s.entry("over")?.resolution.keepsUnderlying == true)
        #expect(s.last?.events.first { $0.type == .present }?.props["removesUnderlying"] == nil)
        try s.tap("over-done")
        try s.tap("open-full")
        #expect(s.entry("full")?.resolution.keepsUnderlying == false)
        #expect(s.last?.events.first { $0.type == .present }?.props["removesUnderlying"] == true)
        // Underneath is still not touchable: both are modal.
        #expect(try s.tap("open-sheet").refusal?.ruleID == .stackPresenterVisible)
    }

    // MARK: Popover, nonmodal

    @Test func nonModalPopoverClosesOnTapOutsideKeepingItsWorkButNotOnPassthrough() throws {
        var s = Session(try gestures(), device: "ipad-pro-11")
        try s.tap("bar-a")
        #expect(s.forms == [.popover])
        // What the view lets through is what hit-testing lets through: the passthrough control,
        // and the bar the popover points into.
        #expect(
            s.state.passthrough(ofEntry: 0, in: s.engine.prototype) == [
                "through", "bar-a", "bar-b", "bar-full", "bar-share",
            ])
        #expect(s.entry("pop-a")?.transition == nil, "a popover is animated by the system")
        try s.apply(.edit(target: "pop-a-text", value: "Receipts"))
        try s.tap("through")
        #expect(s.modals == ["pop-a"], "a passthrough control doesn't close the popover")
        try s.apply(.edit(target: "note", value: "x"))
        #expect(s.last?.refusal?.ruleID == .stackPresenterVisible, "the rest of the screen is dimmed")
        try s.apply(.tapOutside(x: 500, y: 500))
        #expect(s.modals.isEmpty)
        #expect(s.lastDismiss?.how == "tapOutside")
        #expect(s.lastDismiss?.props["saved"] == true, "rule popover.save-on-auto-dismiss")
    }

    @Test func selectingAnItemClosesUnlessMultipleSelection() throws {
        var s = Session(try gestures(), device: "ipad-pro-11")
        try s.tap("bar-a")
        try s.tap("folder-2")
        #expect(s.modals.isEmpty)
        #expect(s.lastDismiss?.props["selected"] == "folder-2")
        try s.tap("open-pop-multi")
        try s.tap("tag-1")
        try s.tap("tag-2")
        #expect(s.modals == ["pop-multi"])
        #expect(s.entry("pop-multi")?.values["tag-1"] == true)
        #expect(s.entry("pop-multi")?.dirty == false)
        try s.apply(.tapOutside(x: nil, y: nil))
        #expect(s.modals.isEmpty)
    }

    @Test func doneClosesAndAnotherBarButtonSwitchesInOneTap() throws {
        var s = Session(try gestures(), device: "ipad-pro-11")
        try s.tap("bar-a")
        try s.tap("pop-a-done")
        #expect(s.modals.isEmpty)
        try s.tap("bar-a")
        let o = try s.tap("bar-b")
        #expect(s.modals == ["pop-b"])
        #expect(o.diagnostics.map(\.ruleID) == [.popoverSingleTapSwitch])
        #expect(o.events.map(\.type) == [.tap, .diagnostic, .dismiss, .screenEnter, .present, .screenEnter])
        // A bar button that opens anything else is refused (rule popover.no-modal-over).
        #expect(try s.tap("bar-full").refusal?.ruleID == .popoverNoModalOver)
        // The activity view is a popover here too: the share bar button switches to it.
        try s.tap("bar-share")
        #expect(s.modals == ["act"])
        // It points at its declared source, a content button, so the bar is not passed through.
        #expect(s.entry("act")?.popover?.source == "open-act")
        #expect(s.state.passthrough(ofEntry: 0, in: s.engine.prototype).isEmpty)
        #expect(try s.tap("bar-full").refusal?.ruleID == .stackPresenterVisible)
    }

    // MARK: Popover, modal

    @Test func modalPopoverNeedsItsButton() throws {
        var s = Session(try gestures(), device: "ipad-pro-11")
        try s.tap("open-pop-modal")
        #expect(s.state.passthrough(ofEntry: 0, in: s.engine.prototype).isEmpty)
        try s.apply(.tapOutside(x: 1, y: 1))
        #expect(s.modals == ["pop-modal"])
        #expect(try s.tap("bar-a").refusal?.ruleID == .stackPresenterVisible, "a modal popover passes nothing through")
        try s.apply(.swipeDown(target: nil))
        #expect(s.modals == ["pop-modal"])
        try s.tap("pop-modal-done")
        #expect(s.modals.isEmpty)
        // Adapted to a card on an iPhone, it still can't be swiped away.
        var p = Session(try gestures())
        try p.tap("open-pop-modal")
        #expect(p.forms == [.card])
        #expect(p.entry("pop-modal")?.transition == .coverVertical, "adapted to a sheet, it slides up")
        #expect(p.state.passthrough(ofEntry: 0, in: p.engine.prototype).isEmpty, "not drawn as a popover")
        try p.apply(.swipeDown(target: nil))
        #expect(p.modals == ["pop-modal"])
    }

    // MARK: Alert

    @Test func alertButtonsHomeEscapeAndReturn() throws {
        var s = Session(try gestures())
        try s.tap("open-alert")
        #expect(s.forms == [.alert])
        let m = try #require(s.engine.prototype.modal("alert"))
        #expect(
            AlertButtons.drawn(m, form: .alert).map { m.actions[$0].title } == ["Cancel", "Delete"], "Cancel leading")
        #expect(AlertButtons.drawn(m, form: .alert) == [1, 0], "declared indices")
        try s.apply(.tapOutside(x: 1, y: 1))
        #expect(s.modals == ["alert"])
        #expect(s.rules == [.alertNoTapOutside])
        try s.apply(.swipeDown(target: nil))
        #expect(s.modals == ["alert"])
        try s.apply(.home)
        #expect(s.modals.isEmpty)
        #expect(s.lastDismiss?.how == "home")
        #expect(s.lastDismiss?.props["action"] == "Cancel")
        try s.tap("open-alert")
        try s.apply(.key("Escape"))
        #expect(s.modals.isEmpty)
        #expect(s.lastDismiss?.props["action"] == "Cancel")
        // Return: no preferred action, one action plus Cancel → Cancel (rule alert.default-button).
        try s.tap("open-alert")
        try s.apply(.key("Return"))
        #expect(s.lastDismiss?.props["action"] == "Cancel")
        try s.tap("open-alert")
        try s.tap("alert", "Delete")
        #expect(s.lastDismiss?.props["action"] == "Delete")
    }

    // MARK: Action sheets

    @Test func compactActionSheetRunsCancelOnTapOutside() throws {
        var s = Session(try gestures())
        try s.tap("open-as")
        #expect(s.forms == [.actionSheet])
        let m = try #require(s.engine.prototype.modal("as"))
        #expect(AlertButtons.drawn(m, form: .actionSheet).last.map { m.actions[$0].title } == "Cancel")
        try s.apply(.swipeDown(target: nil))
        #expect(s.modals == ["as"])
        try s.apply(.tapOutside(x: 1, y: 1))
        #expect(s.modals.isEmpty)
        #expect(s.lastDismiss?.props["role"] == "cancel")
        #expect(s.lastDismiss?.how == "tapOutside")
        // Without a Cancel action an outside tap does nothing (unverified; docs/rules.md).
        try s.tap("open-as-nocancel")
        try s.apply(.tapOutside(x: 1, y: 1))
        #expect(s.modals == ["as-nocancel"])
        try s.tap("as-nocancel", "Move")
        #expect(s.modals.isEmpty)
    }

    @Test func actionSheetInAPopoverHidesCancelAndRunsItOnTapOutside() throws {
        var s = Session(try gestures(), device: "ipad-pro-11")
        try s.tap("open-as")
        #expect(s.forms == [.popover])
        let m = try #require(s.engine.prototype.modal("as"))
        #expect(AlertButtons.drawn(m, form: .popover).map { m.actions[$0].title } == ["Archive"])
        #expect(try s.tap("as", "Cancel").refusal?.ruleID == .stackPresenterVisible)
        try s.apply(.tapOutside(x: 1, y: 1))
        #expect(s.modals.isEmpty)
        #expect(s.lastDismiss?.props["action"] == "Cancel")
        try s.tap("open-as")
        try s.tap("as", "Archive")
        #expect(s.modals.isEmpty)
    }

    // MARK: Activity view

    @Test func activityViewDismissesBySwipeOrCloseInCompactAndTapOutsideInRegular() throws {
        var s = Session(try gestures())
        try s.tap("open-act")
        #expect(s.forms == [.card])
        #expect(s.entry("act")?.grabberVisible == false, "iOS 17 and 18 draw the share sheet without a grabber")
        try s.apply(.swipeDown(target: nil))
        #expect(s.modals.isEmpty)
        try s.tap("open-act")
        try s.tap("act", "Close")
        #expect(s.modals.isEmpty)
        try s.tap("open-act")
        try s.tap("act", "Mail")
        #expect(s.lastDismiss?.props["activity"] == "mail")

        var pad = Session(try gestures(), device: "ipad-pro-11")
        try pad.tap("open-act")
        #expect(pad.forms == [.popover])
        #expect(pad.entry("act")?.popover?.width == 375, "an activity popover is 375 pt wide by default")
        #expect(pad.entry("act")?.transition == nil, "the system animates it")
        try pad.apply(.tapOutside(x: 1, y: 1))
        #expect(pad.modals.isEmpty)
        #expect(pad.lastDismiss?.how == "tapOutside")
    }
}
