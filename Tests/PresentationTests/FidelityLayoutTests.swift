import Prototype
import Testing

@testable import Presentation

/// Layout facts the player draws from: how the layer beneath a card is pushed back while the
/// card is dragged, the status bar of a Home-button iPhone, and right-to-left geometry.
@Suite struct FidelityLayoutTests {
    static let notes = """
        {"format": "modallab/1", "id": "fid", "start": "home",
         "screens": [{"id": "home", "title": "Notes",
           "navigationBar": {"leading": [{"id": "edit", "title": "Edit", "action": {"present": "pop"}}],
                             "trailing": [{"id": "add", "systemImage": "plus", "accessibilityLabel": "Add", "action": {"present": "note"}}]},
           "content": [{"type": "button", "id": "open", "title": "Open", "action": {"present": "note"}},
                       {"type": "list", "id": "rows", "items": [{"id": "row", "title": "Row", "action": {"push": "detail"}}]}]},
          {"id": "detail", "title": "Detail"}],
         "modals": [
           {"id": "note", "style": "pageSheet", "title": "Note", "detents": ["medium", "large"],
            "navigationBar": {"leading": [{"id": "note-cancel", "title": "Cancel", "role": "cancel", "action": "dismiss"}]}},
           {"id": "pop", "style": "popover", "title": "Pop", "source": "edit",
            "navigationBar": {"trailing": [{"id": "pop-done", "title": "Done", "action": "dismiss"}]}}]}
        """

    @Test func aCardCarriesThePushBackOfItsTallestDetentForTheDragToFollow() throws {
        var s = Session(try prototype(Self.notes))
        try s.tap("open")
        var f = FrameLayout(prototype: s.engine.prototype, state: s.state)
        #expect(f.layers[0].pushBack == nil, "at medium the app is not pushed back")
        #expect(f.layers[1].presenterPushBack == FrameLayout.PushBack(scale: 0.92, translateY: 59))
        try s.apply(.detent(target: "note", detent: "large"))
        f = FrameLayout(prototype: s.engine.prototype, state: s.state)
        #expect(f.layers[0].pushBack == f.layers[1].presenterPushBack, "the same pose once it rests there")
        // A card in Slide Over (wC/hR) pushes back as on iPhone; in compact height (a full-screen
        // sheet) there is nothing for a drag to follow.
        var pad = Session(try prototype(Self.notes), device: "ipad-pro-11", multitasking: .slideOver)
        try pad.tap("open")
        #expect(FrameLayout(prototype: pad.engine.prototype, state: pad.state).layers[1].presenterPushBack != nil)
        var land = Session(try prototype(Self.notes), orientation: .landscape)
        try land.tap("open")
        #expect(FrameLayout(prototype: land.engine.prototype, state: land.state).layers.count == 2)
        #expect(FrameLayout(prototype: land.engine.prototype, state: land.state).layers[1].presenterPushBack == nil)
    }

    /// Right to left mirrors the controls' rects within the screen, so a popover's source (and
    /// its arrow) is where the mirrored button is drawn.
    @Test func rightToLeftMirrorsControlsAndPopoverSources() throws {
        var ltr = Session(try prototype(Self.notes), device: "ipad-pro-11")
        var rtl = ltr
        try rtl.apply(.resize(device: nil, multitasking: nil, layoutDirection: .rtl))
        #expect(rtl.state.environment.layoutDirection == .rtl)
        try ltr.tap("edit")
        try rtl.tap("edit")
        let a = try #require(ltr.entry("pop")?.popover?.sourceRect)
        let b = try #require(rtl.entry("pop")?.popover?.sourceRect)
        #expect(b.y == a.y && b.width == a.width && b.height == a.height)
        #expect(abs(b.x - (834 - a.maxX)) < 0.001, "mirrored about the window's middle")
        #expect(b.x > 834 / 2, "the leading Edit button is on the right")
        let fa = try #require(ltr.entry("pop")?.popover?.frame)
        let fb = try #require(rtl.entry("pop")?.popover?.frame)
        #expect(abs(fb.midX - (834 - fa.midX)) < 1, "the popover follows its source")
        // Content rows span the width: unchanged.
        let la = LayerFrames(
            state: ltr.state, prototype: ltr.engine.prototype,
            metrics: LayoutMetrics(environment: ltr.state.environment))
        let lb = LayerFrames(
            state: rtl.state, prototype: rtl.engine.prototype,
            metrics: LayoutMetrics(environment: rtl.state.environment))
        #expect(la.screenLayout(ofLayer: 0)?.controls["row"] == lb.screenLayout(ofLayer: 0)?.controls["row"])
        let addL = try #require(la.screenLayout(ofLayer: 0)?.controls["add"])
        let addR = try #require(lb.screenLayout(ofLayer: 0)?.controls["add"])
        #expect(
            abs(addR.x - (834 - addL.maxX)) < 0.001 && addR.y == addL.y && addR.width == addL.width,
            "mirrored: \(addL) → \(addR)")
    }
}
