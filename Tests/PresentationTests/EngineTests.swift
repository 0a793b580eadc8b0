import JSON
import Prototype
import Testing

@testable import Presentation

@Suite struct EngineStateTests {
    @Test func composeOnIPhoneMatchesTheSpecExample() throws {
        var s = Session(try example("mail"))
        try s.tap("compose")
        #expect(
            s.state.json
                == (try JSONParser.parse(
                    #"""
                    { "prototype": "mail", "device": "iphone-16", "orientation": "portrait", "multitasking": "full",
                      "appearance": "light", "contentSize": "large", "layoutDirection": "ltr", "targetOS": "18",
                      "sizeClass": { "horizontal": "compact", "vertical": "regular" },
                      "window": { "width": 393, "height": 852 }, "keyboard": null,
                      "screen": "inbox",
                      "stack": [ { "modal": "compose", "requestedStyle": "pageSheet", "style": "pageSheet", "form": "card",
                                   "adaptedBy": "sheet.compact-width-card", "detent": "medium", "dirty": false, "screen": "compose" } ],
                      "menu": null, "seq": 1, "task": null }
                    """#)))
        #expect(s.last?.events.map(\.type) == [.tap, .present, .adapted, .screenEnter])
    }

    @Test func composeOnIPadIsCentredAndUnadapted() throws {
        var s = Session(try example("mail"), device: "ipad-pro-11")
        try s.tap("compose")
        let e = try #require(s.entry("compose"))
        #expect(e.resolution.form == .centered)
        #expect(e.resolution.adaptedBy == nil)
        #expect(e.effectiveDetent(in: s.state.environment) == nil)
    }
}

@Suite struct EngineGestureTests {
    @Test func cleanSheetDismissesOnSwipe() throws {
        var s = Session(try example("mail"))
        try s.tap("compose")
        let o = try s.apply(.swipeDown(target: "compose"))
        #expect(s.modals.isEmpty)
        let dismiss = try #require(o.events.first { $0.type == .dismiss })
        #expect(dismiss.how == "swipe")
        #expect(dismiss.durationMs == 1000)
    }

    @Test func dirtySheetShowsTheDiscardConfirmationOnSwipeAndOnCancel() throws {
        for gesture in ["swipe", "cancel"] {
            var s = Session(try example("mail"))
            try s.tap("compose")
            try s.apply(.edit(target: "to", value: "anna@example.com"))
            #expect(s.entry("compose")?.dirty == true)
            if gesture == "swipe" { try s.apply(.swipeDown(target: nil)) } else { try s.tap("cancel") }
            #expect(s.modals == ["compose", "discard-draft"])
            #expect(s.forms == [.card, .actionSheet])
            // The data-loss confirmation is exempt from the one-modal-at-a-time warning.
            #expect(!(s.last?.diagnostics.contains { $0.ruleID == .modalOneAtATime } ?? true))
            try s.tap("discard-draft", "Delete Draft")
            #expect(s.modals.isEmpty)
        }
    }

    @Test func keepEditingReturnsToTheDirtySheet() throws {
        var s = Session(try example("calendar"), device: "iphone-16")
        try s.tap("add-event")
        try s.apply(.edit(target: "event-title", value: "Retro"))
        try s.tap("cancel-edit")
        #expect(s.modals == ["edit-event", "unsaved-changes"])
        try s.tap("unsaved-changes", "Keep Editing")
        #expect(s.modals == ["edit-event"])
        #expect(s.entry("edit-event")?.dirty == true)
    }

    @Test func fullScreenIgnoresTheSwipe() throws {
        var s = Session(try example("photos"))
        try s.tap("recents")
        try s.tap("edit")
        #expect(s.forms == [.fullScreen])
        let o = try s.apply(.swipeDown(target: nil))
        #expect(s.modals == ["editor"])
        #expect(o.diagnostics.map(\.ruleID) == [.fullScreenButtonDismissOnly])
    }

    @Test func alertIgnoresTapOutsideAndHomeCancels() throws {
        var s = Session(try example("mail"))
        try s.tap("delete-all")
        #expect(s.forms == [.alert])
        try s.apply(.tapOutside(x: 10, y: 10))
        #expect(s.modals == ["confirm-delete"])
        #expect(s.last?.diagnostics.map(\.ruleID) == [.alertNoTapOutside])
        let o = try s.apply(.home)
        #expect(s.modals.isEmpty)
        #expect(o.events.first { $0.type == .dismiss }?.how == "home")
        #expect(o.events.first { $0.type == .dismiss }?.props["action"] == "Cancel")
    }

    @Test func nonModalPopoverClosesOnTapOutsideKeepingWork() throws {
        var s = Session(try example("calendar"), device: "ipad-pro-11")
        try s.tap("add-event")
        try s.tap("starts")
        #expect(s.forms == [.centered, .popover])
        try s.apply(.edit(target: "start-time", value: "12:00"))
        let o = try s.apply(.tapOutside(x: 5, y: 5))
        #expect(s.modals == ["edit-event"])
        #expect(o.events.first { $0.type == .dismiss }?.how == "tapOutside")
    }

    @Test func actionSheetAsPopoverRunsCancelOnTapOutside() throws {
        var s = Session(try example("mail"), device: "ipad-pro-11")
        try s.tap("m1")
        try s.tap("reply")
        #expect(
            s.entry("reply-options")?.resolution
                == Resolution(style: .popover, form: .popover, rules: [.actionSheetRegularAsPopover]))
        let o = try s.apply(.tapOutside(x: nil, y: nil))
        #expect(s.modals.isEmpty)
        #expect(o.events.first { $0.type == .dismiss }?.props["role"] == "cancel")
    }

    @Test func alertReturnRunsThePreferredAction() throws {
        var s = Session(try example("safari"), device: "ipad-pro-13")
        try s.tap("tabs-button")
        try s.tap("new-group")
        let o = try s.apply(.key("Return"))
        #expect(s.modals == ["tab-overview"])
        #expect(o.events.first { $0.type == .dismiss }?.props["action"] == "Save")
    }

    @Test func activityDismissesWhenAnActivityIsChosen() throws {
        var s = Session(try example("mail"))
        try s.tap("share-button")
        #expect(s.state.json["stack"]?.arrayValue?.first?["detent"] == "medium")
        try s.tap("share", "Pin Message")
        #expect(s.modals.isEmpty)
        try s.tap("share-button")
        #expect(throws: EngineRequestError.self) { try s.tap("share", "Fax") }
    }

    @Test func pushAndBackInsideTheApp() throws {
        var s = Session(try example("mail"))
        try s.tap("m1")
        #expect(s.state.screen == "message")
        try s.apply(.back())
        #expect(s.state.screen == "inbox")
    }
}

@Suite struct EngineRefusalTests {
    @Test func coveredControlsAreRefused() throws {
        var s = Session(try example("mail"))
        try s.tap("compose")
        let before = s.state
        let o = try s.tap("delete-all")
        #expect(o.refusal?.ruleID == .stackPresenterVisible)
        #expect(s.state == before)
        #expect(o.events.map(\.type) == [.tap, .refused])
    }

    @Test func nothingButAnAlertOverAPopover() throws {
        var s = Session(try example("safari"), device: "ipad-pro-13")
        try s.tap("bookmarks-button")
        #expect(s.forms == [.popover])
        let o = try s.tap("tabs-button")
        #expect(o.refusal?.ruleID == .popoverNoModalOver)
        #expect(s.modals == ["bookmarks"])
    }

    @Test func closeFirstOptionClosesThePopoverThenPresents() throws {
        var s = Session(
            try example("safari"), device: "ipad-pro-13", options: EngineOptions(popoverConflict: .closeFirst))
        try s.tap("bookmarks-button")
        let o = try s.tap("tabs-button")
        #expect(o.refusal == nil)
        #expect(s.modals == ["tab-overview"])
        #expect(o.diagnostics.map(\.ruleID).contains(.popoverCloseThenPresent))
    }

    @Test func singleTapSwitchesBetweenBarButtonPopovers() throws {
        var s = Session(try example("safari"), device: "ipad-pro-13")
        try s.tap("bookmarks-button")
        let o = try s.tap("share-button")
        #expect(s.modals == ["share-page"])
        #expect(o.diagnostics.map(\.ruleID) == [.popoverSingleTapSwitch])
        try s.tap("share-button")
        #expect(s.modals.isEmpty, "the same bar button closes its popover")
    }

    @Test func onePopoverAtATime() throws {
        var s = Session(try example("safari"), device: "ipad-pro-13")
        try s.tap("bookmarks-button")
        let o = try s.apply(.present(modal: "share-page"))
        #expect(o.refusal?.ruleID == .popoverOneAtATime)
    }

    @Test func oneAlertAtATime() throws {
        let p = try prototype(
            #"""
            {"format": "modallab/1", "id": "two-alerts", "start": "home",
             "screens": [{"id": "home", "content": [{"type": "button", "id": "a", "title": "Show", "action": {"present": "first"}}]}],
             "modals": [
               {"id": "first", "style": "alert", "title": "First alert", "actions": [{"title": "OK"}]},
               {"id": "second", "style": "alert", "title": "Second alert", "actions": [{"title": "OK"}]}]}
            """#)
        var s = Session(p)
        try s.tap("a")
        let o = try s.apply(.present(modal: "second"))
        #expect(o.refusal?.ruleID == .alertOneAtATime)
        #expect(o.refusal?.severity == .error)
        #expect(s.modals == ["first"])
    }

    @Test func popoverNeedsASourceInRegularWidth() throws {
        let p = try prototype(
            #"""
            {"format": "modallab/1", "id": "nosource", "start": "home", "devices": ["ipad-mini"],
             "screens": [{"id": "home", "content": [{"type": "button", "id": "a", "title": "Open", "action": {"present": "pop"}}]}],
             "modals": [{"id": "pop", "style": "popover", "title": "Pop",
               "navigationBar": {"trailing": [{"id": "d", "title": "Done", "action": "dismiss"}]}}]}
            """#)
        var pad = Session(p, device: "ipad-mini")
        #expect(try pad.tap("a").refusal?.ruleID == .popoverAnchorRequired)
        var phone = Session(p, device: "iphone-16")
        #expect(try phone.tap("a").refusal == nil)
        #expect(phone.forms == [.card])
    }

    @Test func unknownTargetsAreRequestErrors() throws {
        var s = Session(try example("mail"))
        #expect {
            try s.tap("compse")
        } throws: { e in
            (e as? EngineRequestError)?.description
                == #"$.target: no control or modal "compse" (did you mean "compose"?)"#
        }
    }
}

@Suite struct EngineAdaptationTests {
    @Test func popoverBecomesACardInSlideOverAndBack() throws {
        var s = Session(try example("safari"), device: "ipad-pro-13")
        try s.tap("bookmarks-button")
        let o = try s.apply(.resize(device: nil, multitasking: .slideOver))
        #expect(
            s.entry("bookmarks")?.resolution
                == Resolution(style: .formSheet, form: .card, rules: [.popoverCompactAdapts]))
        #expect(o.events.map(\.type) == [.resize, .adapted])
        try s.apply(.resize(device: nil, multitasking: .full))
        #expect(s.forms == [.popover])
    }

    /// A large iPhone in landscape is wR/hC. Apple's `UIModalPresentationStyle.popover`: "for
    /// horizontally or vertically compact environments, this option behaves the same as
    /// formSheet" — so a popover adapts there, and an action sheet and an activity view, which
    /// UIKit presents as popovers, adapt with it: a bottom action sheet and a card, as on every
    /// iPhone in landscape; only in wR/hR are all three popovers.
    @Test func largeIPhoneLandscapeAdaptsPopoversActionSheetsAndActivityViewsAlike() throws {
        let p = try prototype(
            #"""
            {"format": "modallab/1", "id": "max", "devices": ["iphone-16-pro-max"], "start": "home",
             "screens": [{"id": "home", "navigationBar": {"trailing": [
                {"id": "more", "title": "More", "action": {"present": "p"}},
                {"id": "edit", "title": "Edit", "action": {"present": "a"}},
                {"id": "share", "title": "Share", "action": {"present": "s"}}]}}],
             "modals": [
               {"id": "p", "style": "popover", "title": "P", "source": "more",
                "navigationBar": {"trailing": [{"id": "p-done", "title": "Done", "action": "dismiss"}]}},
               {"id": "a", "style": "actionSheet", "source": "edit",
                "actions": [{"title": "Delete", "role": "destructive"}, {"title": "Cancel", "role": "cancel"}]},
               {"id": "s", "style": "activity", "source": "share", "activities": ["airdrop", "copy"]}]}
            """#)
        for (modal, expected) in [
            ("p", Resolution(style: .fullScreen, form: .fullScreen, rules: [.popoverCompactAdapts])),
            ("a", Resolution(style: .actionSheet, form: .actionSheet, rules: [])),
            ("s", Resolution(style: .pageSheet, form: .card, rules: [.activityAdapt])),
        ] {
            var s = Session(p, device: "iphone-16-pro-max", orientation: .landscape)
            #expect(s.state.environment.sizeClassDescription == "regular/compact")
            try s.apply(.present(modal: modal))
            #expect(s.entry(modal)?.resolution == expected, "\(modal) in wR/hC")
            // On an iPad (wR/hR) all three are popovers.
            var pad = Session(p, device: "ipad-pro-11")
            try pad.apply(.present(modal: modal))
            #expect(pad.forms == [.popover], "\(modal) in wR/hR")
        }
        // Rotating a presented action sheet keeps its bottom form: no adaptation between the two.
        var s = Session(p, device: "iphone-16-pro-max")
        try s.apply(.present(modal: "a"))
        let o = try s.apply(.rotate(.landscape))
        #expect(s.forms == [.actionSheet])
        #expect(!o.events.contains { $0.type == .adapted })
    }

    @Test func largeIPhoneLandscapeMakesSheetsFullScreen() throws {
        var s = Session(try example("mail"), device: "iphone-16-pro-max", orientation: .landscape)
        try s.tap("compose")
        #expect(
            s.entry("compose")?.resolution
                == Resolution(style: .fullScreen, form: .fullScreen, rules: [.sheetCompactHeightFullScreen]))
        try s.apply(.rotate(.portrait))
        #expect(s.forms == [.card])
        #expect(s.state.json["stack"]?.arrayValue?.first?["detent"] == "medium")
    }

    @Test func mediumDetentIsInactiveInCompactHeight() throws {
        let p = try prototype(
            #"""
            {"format": "modallab/1", "id": "edge", "start": "home",
             "screens": [{"id": "home", "content": [{"type": "button", "id": "a", "title": "Open", "action": {"present": "s"}}]}],
             "modals": [{"id": "s", "style": "pageSheet", "title": "S", "detents": ["large", "medium"], "grabber": true,
               "prefersEdgeAttachedInCompactHeight": true,
               "navigationBar": {"trailing": [{"id": "d", "title": "Done", "action": "dismiss"}]}}]}
            """#)
        var s = Session(p, device: "iphone-16", orientation: .landscape)
        try s.tap("a")
        #expect(s.entry("s")?.detents == [.medium, .large], "sorted ascending")
        #expect(s.forms == [.card])
        #expect(s.state.json["stack"]?.arrayValue?.first?["detent"] == "large")
    }

    @Test func automaticFollowsTargetOS() throws {
        let text = #"""
            {"format": "modallab/1", "id": "auto", "targetOS": "OS", "start": "home",
             "screens": [{"id": "home", "content": [{"type": "button", "id": "a", "title": "Open", "action": {"present": "s"}}]}],
             "modals": [{"id": "s", "style": "automatic", "title": "S",
               "navigationBar": {"trailing": [{"id": "d", "title": "Done", "action": "dismiss"}]}}]}
            """#
        for (os, style) in [("18", PresentationStyle.formSheet), ("17", .pageSheet), ("12", .fullScreen)] {
            var s = Session(
                try prototype(text.replacingOccurrences(of: "\"OS\"", with: "\"\(os)\"")), device: "ipad-pro-11")
            try s.tap("a")
            #expect(s.entry("s")?.resolution.style == style)
            #expect(s.entry("s")?.resolution.rules.first == .modalAutomaticResolves)
        }
    }
}

@Suite struct EnginePartialCurlTests {
    @Test func tappingTheUncurledPartDismissesTheCurl() throws {
        let p = try prototype(
            #"""
            {"format": "modallab/1", "id": "curl", "start": "map",
             "screens": [{"id": "map", "title": "Map", "content": [{"type": "button", "id": "options", "title": "Options", "action": {"present": "settings"}}]}],
             "modals": [{"id": "settings", "style": "fullScreen", "transition": "partialCurl", "title": "Map Settings",
               "rationale": "The map stays visible under the curl.",
               "navigationBar": {"trailing": [{"id": "done", "title": "Done", "action": "dismiss"}]}}]}
            """#)
        var s = Session(p)
        try s.tap("options")
        #expect(s.modals == ["settings"])
        let o = try s.apply(.tapOutside(x: 200, y: 800))
        #expect(s.modals.isEmpty)
        #expect(o.events.first { $0.type == .dismiss }?.how == "tapOutside")
    }
}
