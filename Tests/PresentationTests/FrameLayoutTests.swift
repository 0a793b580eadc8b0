import Prototype
import Testing

@testable import Presentation

/// The frame layout: every layer's rect, detents, push-back, covering, and where popovers and
/// their sources are — the numbers the player draws (the browser suite checks the drawing).
@Suite struct FrameLayoutTests {
    static let studio = """
        {"format": "modallab/1", "id": "layout", "start": "home",
         "screens": [{"id": "home", "title": "Home",
           "navigationBar": {
             "leading": [{"id": "filter", "title": "Filter", "systemImage": "line.3.horizontal.decrease", "action": {"present": "pop"}}],
             "trailing": [{"id": "edit", "title": "Edit", "action": {"present": "pop"}},
                          {"id": "add", "title": "Add", "systemImage": "plus", "action": {"present": "pop"}}]},
           "content": [
             {"type": "image", "id": "hero", "label": "Hero", "height": 300},
             {"type": "button", "id": "sheet", "title": "Sheet", "action": {"present": "note"}},
             {"type": "list", "id": "rows", "items": [
               {"id": "one", "title": "One", "subtitle": "First", "action": {"present": "pop"}},
               {"id": "two", "title": "Two", "action": {"present": "pop"}}]},
             {"type": "image", "id": "tall", "label": "Tall", "height": 900},
             {"type": "button", "id": "far", "title": "Far", "action": {"present": "pop"}},
             {"type": "button", "id": "open-curl", "title": "Curl", "action": {"present": "curl-modal"}}],
           "toolbar": [{"id": "t1", "title": "Tools", "systemImage": "wrench", "action": {"present": "pop"}},
                       {"id": "t2", "title": "More", "systemImage": "ellipsis", "action": {"present": "pop"}}]}],
         "modals": [
           {"id": "note", "style": "pageSheet", "title": "Note", "detents": ["medium", "large"],
            "navigationBar": {"leading": [{"id": "note-cancel", "title": "Cancel", "role": "cancel", "action": "dismiss"}]},
            "content": [{"type": "text", "id": "note-text", "text": "A note."}]},
           {"id": "form", "style": "formSheet", "title": "Form",
            "navigationBar": {"trailing": [{"id": "form-done", "title": "Done", "role": "done", "action": "dismiss"}]}},
           {"id": "curl-modal", "style": "fullScreen", "transition": "partialCurl", "title": "Curl", "rationale": "Keeps the view.",
            "content": [{"type": "button", "id": "uncurl", "title": "Done", "action": "dismiss"}]},
           {"id": "pop", "style": "popover", "title": "Pop", "source": "filter",
            "navigationBar": {"trailing": [{"id": "pop-done", "title": "Done", "action": "dismiss"}]},
            "content": [{"type": "text", "id": "pop-text", "text": "Hello"}]}]}
        """

    func layout(_ s: Session) throws -> FrameLayout {
        FrameLayout(prototype: s.engine.prototype, state: s.state)
    }

    @Test func cardsRestAtTheirDetentsAndPushTheAppBackAtLarge() throws {
        var s = Session(try prototype(Self.studio))
        try s.tap("sheet")
        var f = try layout(s)
        let card = f.layers[1]
        #expect(card.form == .card)
        #expect(
            card.detents.map(\.height) == [426, 783], "medium is half of 852 pt; large 10 pt below the 59 pt inset")
        #expect(card.frame == Rect(x: 0, y: 852 - 426, width: 393, height: 426))
        #expect(card.dimming == .dark)
        #expect(f.layers[0].pushBack == nil, "at medium the app only dims")
        #expect(f.statusBar?.isLight == false)
        try s.apply(.detent(target: "note", detent: "large"))
        f = try layout(s)
        #expect(f.layers[1].frame.y == 59 + 10)
        #expect(f.layers[1].isAtLargestDetent)
        #expect(f.layers[0].pushBack == FrameLayout.PushBack(scale: 0.92, translateY: 59))
        #expect(f.statusBar?.isLight == true, "the pushed-back app shows black above it")
        // The pushed-back app's controls are drawn scaled about the top centre.
        let drawn = try #require(f.layers[0].pushBack).apply(Rect(x: 0, y: 100, width: 100, height: 50), in: f.window)
        #expect(abs(drawn.x - 196.5 * 0.08) < 0.001 && abs(drawn.y - (92 + 59)) < 0.001 && drawn.width == 92)
    }

    @Test func centredSheetsOnIPadAndTheWindowsOfMultitasking() throws {
        var s = Session(try prototype(Self.studio), device: "ipad-pro-11")
        try s.apply(.present(modal: "form"))
        var f = try layout(s)
        #expect(f.layers[1].frame == Rect(x: (834 - 540) / 2, y: (1210 - 620) / 2, width: 540, height: 620))
        try s.apply(.tap(target: "form-done", choice: nil, x: nil, y: nil))
        try s.tap("sheet")
        f = try layout(s)
        #expect(f.layers[1].frame.size == Size(width: 704, height: 1210 - 24 - 20 - 40), "a page sheet is about a page")
        try s.apply(.resize(device: nil, multitasking: .slideOver))
        f = try layout(s)
        #expect(f.window == Rect(x: 834 - 320 - 10, y: 20, width: 320, height: 1170))
        #expect(f.otherApp == f.screen)
        #expect(f.layers[1].form == .card)
        try s.apply(.resize(device: nil, multitasking: .twoThirds))
        f = try layout(s)
        #expect(f.window.width == 834 - 10 - 320 && f.otherApp?.x == 834 - 320)
        #expect(f.statusBar?.height == 24 && f.statusBar?.showsDate == true)
        #expect(f.layers[1].form == .card, "two thirds in portrait is compact width")
        try s.apply(.rotate(.landscape))
        try s.apply(.resize(device: nil, multitasking: .half))
        f = try layout(s)
        #expect(f.window.width == 600 && f.otherApp?.x == 610)
        #expect(f.layers[1].form == .card, "half on an 11-inch iPad Pro is compact width: a card, not centred")
    }

    /// In Split View the time is over the app's (leading) share and the status icons over the
    /// other app: a card pushing the app back turns only the time light, over the black behind it.
    @Test func inSplitViewAPushedBackAppTurnsOnlyTheTimeAboveItLight() throws {
        for share in [Multitasking.third, .half] {
            var s = Session(
                try prototype(Self.studio), device: "ipad-pro-11", orientation: .landscape, multitasking: share)
            try s.tap("sheet")
            try s.apply(.detent(target: "note", detent: "large"))
            let f = try layout(s)
            #expect(f.layers[0].pushBack != nil, "\(share): the app is pushed back")
            #expect(f.statusBar?.isLight == false && f.statusBar?.isLeadingLight == true, "\(share)")
        }
        var slideOver = Session(try prototype(Self.studio), device: "ipad-pro-11", multitasking: .slideOver)
        try slideOver.tap("sheet")
        try slideOver.apply(.detent(target: "note", detent: "large"))
        let f = try layout(slideOver)
        #expect(
            f.statusBar?.isLight == false && f.statusBar?.isLeadingLight == false, "Slide Over floats below the bar")
    }

    @Test func phonesInLandscapeHideTheStatusBarAndInsetCards() throws {
        let edge = Self.studio.replacingOccurrences(
            of: #""detents": ["medium", "large"],"#,
            with: #""detents": ["medium", "large"], "prefersEdgeAttachedInCompactHeight": true,"#)
        var s = Session(try prototype(edge), orientation: .landscape)
        try s.tap("sheet")
        let f = try layout(s)
        #expect(f.statusBar == nil)
        #expect(f.island == .side)
        // In compact height a card keeps 10 % of the window (or the safe area) each side.
        #expect(f.layers[1].frame.x == 85.2 && abs(f.layers[1].frame.width - (852 - 2 * 85.2)) < 0.001)
        #expect(f.layers[1].frame.height == 393 - 10, "medium is inactive in compact height")
    }

    @Test func aPartialCurlKeepsThePresenterCurledAndCoversTheRest() throws {
        var s = Session(try prototype(Self.studio))
        try s.tap("open-curl")
        let f = try layout(s)
        #expect(f.layers.map(\.isCovered) == [false, false])
        #expect(f.layers.map(\.isCurled) == [true, false])
        #expect(f.layers[1].dimming == .none)
        // The new view's screen is laid out in the part the curl reveals.
        let frames = LayerFrames(state: s.state, prototype: s.engine.prototype, metrics: f.metrics)
        #expect(frames.screenFrame(ofLayer: 1).y == 852 * 0.72)
        // A full-screen cover hides what is beneath.
        var cover = Session(
            try prototype(Self.studio.replacingOccurrences(of: #""transition": "partialCurl", "#, with: "")))
        try cover.tap("open-curl")
        #expect(try layout(cover).layers.map(\.isCovered) == [true, false])
    }

    @Test func barButtonsSitAtTheBarsInsetsAndToolbarItemsAreSpacedAround() throws {
        let s = Session(try prototype(Self.studio), device: "ipad-pro-11")
        let frames = LayerFrames(
            state: s.state, prototype: s.engine.prototype, metrics: LayoutMetrics(environment: s.state.environment))
        let screen = try #require(frames.screenLayout(ofLayer: 0))
        // An icon bar button is 44 × 44 pt, 8 pt from the bar's edge, centred in the iPad's 50 pt
        // bar (and its hairline) below the 24 pt status bar.
        let barY = 24 + 2.75
        #expect(screen.controls["filter"] == Rect(x: 8, y: barY, width: 44, height: 44))
        #expect(screen.controls["add"] == Rect(x: 834 - 8 - 44, y: barY, width: 44, height: 44))
        let edit = try #require(screen.controls["edit"])
        #expect(edit.maxX == 834 - 8 - 44 - 6, "6 pt between bar buttons")
        #expect(abs(edit.width - TextMeasure.width("Edit", size: 17)) < 0.001)
        // Content: 12 pt below the bar, 16 pt insets, 12 pt between controls.
        #expect(screen.controls["hero"] == Rect(x: 16, y: 24 + 50 + 12, width: 834 - 32, height: 300))
        let sheet = try #require(screen.controls["sheet"])
        #expect(sheet.y == 24 + 50 + 12 + 300 + 12 && sheet.height == 44)
        let one = try #require(screen.controls["one"])
        #expect(
            one.y == sheet.maxY + 12 && one.height == 20 + 22 + 20,
            "Body 17/22 and Subheadline 15/20 (HIG Typography, Large)")
        #expect(screen.controls["two"]?.height == 44)
        // Two 44 pt items share the toolbar's free width around them.
        let t1 = try #require(screen.controls["t1"])
        let t2 = try #require(screen.controls["t2"])
        #expect(t1.x == (834 - 88) / 4 && t2.x == t1.maxX + (834 - 88) / 2)
        #expect(t1.maxY < 1210 - 20 && t1.y > 1210 - 20 - 50)
    }

    @Test func popoversHangBelowBarButtonsAndRiseAboveToolbarsWithTheArrowOnTheSource() throws {
        var s = Session(try prototype(Self.studio), device: "ipad-pro-11")
        try s.tap("filter")
        var pop = try #require(s.entry("pop")?.popover)
        let filter = Rect(x: 8, y: 24 + 2.75, width: 44, height: 44)
        #expect(pop.sourceRect == filter)
        #expect(pop.arrow == .up && pop.arrowPointsAtSource)
        #expect(pop.frame.y == filter.maxY + 13, "the arrow's 13 pt between the source and the popover")
        #expect(pop.frame.x == 10, "clamped 10 pt inside the window")
        // The arrow's tip over the source's middle, as far as the popover's rounded corner allows.
        #expect(abs(pop.frame.x + pop.arrowOffset + 13 - filter.midX) <= 1)
        // Its height follows its content: bar, content insets, one line of text.
        #expect(pop.frame.height == 56 + 12 + 22 + 16)
        try s.tap("pop-done")
        try s.tap("t2")
        pop = try #require(s.entry("pop")?.popover)
        #expect(pop.source == "filter", "the declared source is on screen")
        try s.tap("pop-done")
        // From the far end of the content, scrolled into view: the popover sits above it.
        let p = try prototype(Self.studio.replacingOccurrences(of: #""source": "filter""#, with: #""source": "far""#))
        var far = Session(p, device: "ipad-pro-11")
        try far.tap("far")
        pop = try #require(far.entry("pop")?.popover)
        let screen = 1210 - 20 - 50.0
        #expect(pop.sourceScrolls && pop.assumedScroll > 0)
        #expect(pop.sourceRect?.maxY == screen, "scrolled just enough to show it whole")
        #expect(pop.arrow == .down && pop.frame.maxY == screen - 44 - 13)
    }

    @Test func noRoomOnAnyPermittedSideKeepsThePopoverInTheWindow() throws {
        let p = try prototype(
            Self.studio.replacingOccurrences(
                of: #""source": "filter","#, with: #""source": "filter", "permittedArrowDirections": ["down"],"#))
        var s = Session(p, device: "ipad-mini")
        let o = try s.tap("filter")
        let pop = try #require(s.entry("pop")?.popover)
        #expect(pop.arrow == .down && !pop.arrowPointsAtSource)
        #expect(o.diagnostics.map(\.ruleID) == [.popoverNotCoverSource])
        #expect(pop.frame.y >= 24 + 10, "inside the safe area, over its source")
    }
}
