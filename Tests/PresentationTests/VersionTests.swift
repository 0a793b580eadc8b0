import JSON
import Prototype
import Testing

@testable import Presentation

/// Every behaviour that differs by iOS version, run at each version on the same prototype: the
/// session's version decides what the engine resolves and what the layout draws, and iOS 17 and
/// 18 keep the classic geometry.
@Suite struct VersionTests {
    /// Photos on iPhone: the Delete Photo action sheet at the toolbar's trash button.
    func photosDetail(_ os: Int?, device: String = "iphone-16") throws -> Session {
        var s = Session(try example("photos"), device: device, targetOS: os)
        try s.tap("recents")
        return s
    }

    @Test func theSessionRunsAsThePrototypesVersionUnlessItAsksForAnother() throws {
        #expect(Session(try example("mail")).state.environment.targetOS == 18)
        #expect(Session(try example("mail"), targetOS: 26).state.environment.targetOS == 26)
        var s = Session(try example("mail"))
        let o = try s.apply(.resize(device: nil, multitasking: nil, targetOS: 26))
        #expect(o.events.first?.props["targetOS"] == "26")
        #expect(s.state.json["targetOS"] == "26")
    }

    @Test func automaticFollowsTheSessionsVersion() throws {
        let text = #"""
            {"format": "modallab/1", "id": "auto", "targetOS": "18", "start": "home",
             "screens": [{"id": "home", "title": "Home", "content": [{"type": "button", "id": "open", "title": "Open", "action": {"present": "a"}}]}],
             "modals": [{"id": "a", "style": "automatic", "title": "A", "navigationBar": {"leading": [{"id": "close", "title": "Close", "action": "dismiss"}]}}]}
            """#
        for (os, style) in [(17, PresentationStyle.pageSheet), (18, .formSheet), (26, .formSheet)] {
            var s = Session(try prototype(text), targetOS: os)
            try s.tap("open")
            #expect(s.entry("a")?.resolution.style == style, "iOS \(os)")
        }
    }

    @Test func anActionSheetOnIPhoneIsInlineAtItsSourceFromIOS26() throws {
        var s18 = try photosDetail(18)
        try s18.tap("trash")
        #expect(s18.forms == [.actionSheet])
        #expect(s18.entry("delete-photo")?.popover == nil)

        var s26 = try photosDetail(26)
        try s26.tap("trash")
        let e = try #require(s26.entry("delete-photo"))
        #expect(e.resolution.form == .popover)
        #expect(e.resolution.adaptedBy == .actionSheetInlineAtSource)
        let pop = try #require(e.popover)
        #expect(pop.source == "trash" && pop.replacesSource && pop.arrow == nil)
        // Over its toolbar source: its bottom edge on the item's.
        let layout = FrameLayout(prototype: try example("photos"), state: s26.state)
        let trash = try #require(pop.sourceRect)
        #expect(abs(pop.frame.maxY - trash.maxY) < 0.5)
        #expect(pop.opensUpward)
        #expect(layout.layers[1].origin == trash, "it grows out of the trash button")
        // No Cancel inline; a tap outside dismisses it.
        let m = try #require(try example("photos").modal("delete-photo"))
        #expect(!AlertButtons.drawn(m, form: .popover, contentSize: .large).contains { m.actions[$0].role == .cancel })
        try s26.apply(.tapOutside(x: 10, y: 300))
        #expect(s26.modals.isEmpty)
    }

    @Test func anInlineActionSheetWithoutItsSourceOnScreenSlidesUpWithItsCancel() throws {
        // Presented by the app, its declared source off screen and nothing tapped: the bottom edge.
        let text = #"""
            {"format": "modallab/1", "id": "sheet", "targetOS": "26", "start": "home",
             "screens": [{"id": "home", "title": "Home", "content": [{"type": "button", "id": "ask", "title": "Ask"}]},
                         {"id": "other", "title": "Other", "content": [{"type": "button", "id": "elsewhere", "title": "Elsewhere"}]}],
             "modals": [{"id": "choice", "style": "actionSheet", "source": "elsewhere",
                         "actions": [{"title": "Delete", "role": "destructive"}, {"title": "Cancel", "role": "cancel"}]}]}
            """#
        var s = Session(try prototype(text))
        try s.apply(.present(modal: "choice"))
        #expect(s.forms == [.actionSheet])
        #expect(s.entry("choice")?.resolution.adaptedBy == nil)
    }

    @Test func aPopoverReplacesItsBarButtonFromIOS26AndPointsAtItBefore() throws {
        for os in [17, 18] {
            var s = Session(try example("safari"), device: "ipad-pro-11", targetOS: os)
            try s.tap("bookmarks-button")
            let pop = try #require(s.entry("bookmarks")?.popover)
            #expect(pop.arrow == .up && !pop.replacesSource, "iOS \(os)")
        }
        var s = Session(try example("safari"), device: "ipad-pro-11", targetOS: 26)
        try s.tap("bookmarks-button")
        let pop = try #require(s.entry("bookmarks")?.popover)
        #expect(pop.arrow == nil && pop.replacesSource && pop.arrowPointsAtSource)
        let source = try #require(pop.sourceRect)
        // A leading bar button: the popover's leading edge and top on the button's.
        #expect(abs(pop.frame.x - source.x) < 0.5 || pop.frame.x >= 10)
        #expect(abs(pop.frame.y - source.y) < 0.5)
        #expect(s.last?.diagnostics.isEmpty == true, "no arrow warning: it is at its source")
        // Back to 18 mid-session: the arrow again.
        try s.apply(.resize(device: nil, multitasking: nil, targetOS: 18))
        #expect(s.entry("bookmarks")?.popover?.arrow == .up)
    }

    @Test func aPopoverFromContentKeepsItsArrowInIOS26() throws {
        var s = Session(try example("calendar"), device: "ipad-pro-11", targetOS: 26)
        try s.tap("add-event")
        try s.tap("starts")
        let pop = try #require(s.entry("date-picker")?.popover)
        #expect(pop.arrow != nil && !pop.replacesSource)
    }

    @Test func halfSheetsFloatInsetInIOS26AndAreEdgeAttachedAtFullHeight() throws {
        let p = try example("mail")
        var s18 = Session(p, targetOS: 18)
        try s18.tap("compose")
        let classic = FrameLayout(prototype: p, state: s18.state)
        #expect(classic.layers[1].frame.x == 0 && !classic.layers[1].isFloating)
        #expect(classic.metrics.sheetCornerRadius == 10)

        var s26 = Session(p, targetOS: 26)
        try s26.tap("compose")
        let glass = FrameLayout(prototype: p, state: s26.state)
        let card = glass.layers[1]
        #expect(card.isFloating)
        #expect(card.frame.x == 8 && card.frame.width == 393 - 16)
        #expect(card.frame.maxY == classic.layers[1].frame.maxY - 8)
        #expect(card.frame.minY == classic.layers[1].frame.minY, "its top stays where the detent puts it")
        #expect(glass.metrics.sheetCornerRadius == 55 - 8, "concentric with the iPhone 16's display corners")
        // The drag moves between the drawn heights.
        #expect(card.detents.first { $0.id == "medium" }?.height == card.frame.height)

        try s26.apply(.detent(target: "compose", detent: "large"))
        let large = FrameLayout(prototype: p, state: s26.state).layers[1]
        #expect(!large.isFloating && large.frame.x == 0 && large.frame.maxY == 852)
    }

    @Test func aFormSheetSitsOverLiquidGlassInIOS26() throws {
        let text = #"""
            {"format": "modallab/1", "id": "form", "targetOS": "18", "start": "home", "devices": ["ipad-pro-11"],
             "screens": [{"id": "home", "title": "Home", "content": [{"type": "button", "id": "open", "title": "Open", "action": {"present": "a"}}]}],
             "modals": [{"id": "a", "style": "formSheet", "title": "A", "navigationBar": {"leading": [{"id": "close", "title": "Close", "action": "dismiss"}]}}]}
            """#
        for (os, dimming) in [(17, FrameLayout.Dimming.dark), (18, .dark), (26, .glass)] {
            var s = Session(try prototype(text), device: "ipad-pro-11", targetOS: os)
            try s.tap("open")
            #expect(
                FrameLayout(prototype: try prototype(text), state: s.state).layers[1].dimming == dimming, "iOS \(os)")
        }
    }

    @Test func alertsGrowOutOfTheirControlInIOS26Only() throws {
        let p = try example("mail")
        for (os, grows) in [(18, false), (26, true)] {
            var s = Session(p, targetOS: os)
            try s.tap("delete-all")
            let layer = FrameLayout(prototype: p, state: s.state).layers[1]
            #expect((layer.origin != nil) == grows, "iOS \(os)")
        }
    }

    /// A photo viewer zooming out of a thumbnail (content) or out of a bar button.
    static let zoomText = #"""
        {"format": "modallab/1", "id": "zoom", "targetOS": "18", "start": "home",
         "screens": [{"id": "home", "title": "Home",
                      "navigationBar": {"trailing": [{"id": "info", "title": "Info", "systemImage": "info.circle", "action": {"present": "details"}}]},
                      "content": [{"type": "button", "id": "thumb", "title": "Photo", "action": {"present": "viewer"}}]}],
         "modals": [{"id": "viewer", "style": "fullScreen", "title": "Photo", "transition": "zoom", "source": "thumb", "rationale": "Zooms out of the thumbnail",
                     "navigationBar": {"leading": [{"id": "close", "title": "Close", "action": "dismiss"}]}},
                    {"id": "details", "style": "pageSheet", "title": "Details", "transition": "zoom", "source": "info", "rationale": "Zooms out of its button",
                     "navigationBar": {"leading": [{"id": "details-close", "title": "Close", "action": "dismiss"}]}}]}
        """#

    @Test func theZoomTransitionNeedsIOS18AndFromABarButtonIOS26() throws {
        let p = try prototype(Self.zoomText)
        var s17 = Session(p, targetOS: 17)
        try s17.tap("thumb")
        #expect(s17.entry("viewer")?.transition == .coverVertical)
        #expect(s17.last?.diagnostics.map(\.ruleID) == [.transitionZoomIOS18])
        #expect(FrameLayout(prototype: p, state: s17.state).layers[1].origin == nil)

        var s18 = Session(p, targetOS: 18)
        try s18.tap("thumb")
        #expect(s18.entry("viewer")?.transition == .zoom)
        #expect(s18.last?.diagnostics.isEmpty == true)
        let layout = FrameLayout(prototype: p, state: s18.state)
        let thumb = try #require(
            LayerFrames(state: s18.state, prototype: p, metrics: layout.metrics).controlRect("thumb", below: 1))
        #expect(layout.layers[1].origin == thumb, "it zooms out of the thumbnail")
        // A swipe down zooms it back.
        try s18.apply(.swipeDown(target: nil))
        #expect(s18.modals.isEmpty)
        #expect(s18.last?.events.contains { $0.type == .dismiss && $0.how == "swipe" } == true)

        // From a bar button: iOS 26 only.
        var bar18 = Session(p, targetOS: 18)
        try bar18.tap("info")
        #expect(bar18.entry("details")?.transition == .coverVertical)
        var bar26 = Session(p, targetOS: 26)
        try bar26.tap("info")
        #expect(bar26.entry("details")?.transition == .zoom)
        // Switching the session back to 18 makes it a slide again.
        try bar26.apply(.resize(device: nil, multitasking: nil, targetOS: 18))
        #expect(bar26.entry("details")?.transition == .coverVertical)
    }

    @Test func sheetSizingFollowsTheVersionsAPIs() throws {
        func size(_ members: String, os: Int) throws -> Size {
            let text = #"""
                {"format": "modallab/1", "id": "sized", "targetOS": "18", "start": "home", "devices": ["ipad-pro-11"],
                 "screens": [{"id": "home", "title": "Home", "content": [{"type": "button", "id": "open", "title": "Open", "action": {"present": "a"}}]}],
                 "modals": [{"id": "a", "style": "pageSheet", "title": "A", "preferredContentSize": {"width": 400, "height": 300},
                             "navigationBar": {"leading": [{"id": "close", "title": "Close", "action": "dismiss"}]},
                             "content": [{"type": "text", "id": "t", "text": "One line."}]\#(members)}]}
                """#
            let p = try prototype(text)
            var s = Session(p, device: "ipad-pro-11", targetOS: os)
            try s.tap("open")
            let f = FrameLayout(prototype: p, state: s.state).layers[1].frame
            return Size(width: f.width, height: f.height)
        }
        let page = try size("", os: 18)
        #expect(page.width == 704)
        #expect(try size(#", "prefersPageSizing": false"#, os: 16) == page, "iOS 16 has no prefersPageSizing")
        #expect(try size(#", "prefersPageSizing": false"#, os: 17) == Size(width: 400, height: 300))
        #expect(try size(#", "sizing": "form""#, os: 17) == page, "iOS 17 has no presentationSizing")
        #expect(try size(#", "sizing": "form""#, os: 18) == Size(width: 400, height: 300))
        let fitted = try size(#", "sizing": "fitted""#, os: 18)
        #expect(fitted.width == 400 && fitted.height < 300, "as tall as its content: \(fitted)")
    }

    @Test func iOS17And18KeepTheClassicMetrics() throws {
        for os in [17, 18] {
            let env = Environment(device: DeviceCatalogue.device("iphone-16")!, targetOS: os)
            let m = LayoutMetrics(environment: env)
            #expect(m.design == .classic && m.sheetInset == 0 && m.sheetCornerRadius == 10)
            #expect(m.popoverCornerRadius == 13 && m.alertCornerRadius == 14)
        }
        let m27 = LayoutMetrics(environment: Environment(device: DeviceCatalogue.device("iphone-16")!, targetOS: 27))
        #expect(m27.design == .liquidGlass, "iOS 27 is drawn as iOS 26")
    }

    @Test func aPanAnywhereInTheContentPopsFromIOS26AndOnlyAnEdgeSwipeBefore() throws {
        for (os, pops) in [(17, false), (18, false), (26, true), (27, true)] {
            let m = LayoutMetrics(environment: Environment(device: DeviceCatalogue.device("iphone-16")!, targetOS: os))
            #expect(m.contentPopGesture == pops, "iOS \(os)")
            #expect(m.cssVariables.contains("--content-pop:\(pops ? 1 : 0)"), "the player is told, iOS \(os)")
            #expect(m.edgeSwipeWidth == 24, "the edge swipe stays, iOS \(os)")
        }
    }

    @Test func versionsParse() {
        #expect(SystemVersion.parse(.string("26.1")) == 26)
        #expect(SystemVersion.parse(.number(18)) == 18)
        #expect(SystemVersion.parse(.string("6")) == nil)
        #expect(SystemVersion.parse(.number(18.5)) == nil)
        #expect(SystemVersion.parse(.string("100")) == nil)
        #expect(SystemVersion.parse(.string("\u{0}")) == nil)
        #expect(SystemVersion.listed(including: 18) == [17, 18, 26, 27])
        #expect(SystemVersion.listed(including: 16) == [16, 17, 18, 26, 27])
    }
}

/// The catalogue's versions as `modallab rules` and `lint` say them.
@Suite struct RuleVersionTests {
    @Test func rulesSayWhichVersionsTheyApplyToAndWhatChanged() throws {
        let inline = RuleCatalogue.rule(.actionSheetInlineAtSource)
        #expect(inline.versions.from == 26 && inline.versions.contains(26) && !inline.versions.contains(18))
        #expect(inline.versions.range == "iOS 26 and later")
        let cancel = RuleCatalogue.rule(.actionSheetCancelBottom)
        #expect(cancel.versions.contains(17) && cancel.versions.contains(26))
        #expect(cancel.versions.note(after: 18)?.hasPrefix("changes in iOS 26:") == true)
        #expect(cancel.versions.note(after: 26) == nil)
        let json = RuleCatalogue.ruleJSON(inline)
        #expect(json["versions"]?["from"] == 26)
        #expect(json["versions"]?["text"] == "iOS 26 and later")
    }

    @Test func lintNotesWhatChangesAfterThePrototypesVersion() throws {
        // An action sheet whose Cancel is not last (actionsheet.cancel-bottom), targeting 18 and 26.
        func document(_ os: String) -> [UInt8] {
            Array(
                #"""
                {"format": "modallab/1", "id": "x", "targetOS": "\#(os)", "devices": ["iphone-16"], "start": "home",
                 "screens": [{"id": "home", "title": "Home", "content": [{"type": "button", "id": "edit", "title": "Edit", "action": {"present": "a"}}]}],
                 "modals": [{"id": "a", "style": "actionSheet", "source": "edit",
                             "actions": [{"title": "Cancel", "role": "cancel"}, {"title": "Delete Draft", "role": "destructive"}]}]}
                """#.utf8)
        }
        let at18 = Linter().lint(file: document("18")).diagnostics.filter { $0.ruleID == .actionSheetCancelBottom }
        #expect(at18.count == 1)
        #expect(at18.first?.versionNote?.contains("changes in iOS 26") == true)
        #expect(at18.first?.description.hasSuffix(")") == true)
        #expect(at18.first?.json()["versions"]?.stringValue?.hasPrefix("changes in iOS 26:") == true)
        let at26 = Linter().lint(file: document("26")).diagnostics.filter { $0.ruleID == .actionSheetCancelBottom }
        #expect(at26.count == 1)
        #expect(at26.first?.versionNote == nil)
    }
}
