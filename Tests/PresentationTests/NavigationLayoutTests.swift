import Prototype
import Testing

@testable import Presentation

/// Bars and large titles as FrameLayout lays them out: compact 32 pt bars on an iPhone in
/// landscape, a 52 pt large-title band at the top of the content (none in compact height).
@Suite struct NavigationLayoutTests {
    static let app = """
        {"format": "modallab/1", "id": "nav", "start": "notes",
         "screens": [
           {"id": "notes", "title": "Notes", "largeTitle": true,
            "navigationBar": {"trailing": [{"id": "add", "title": "Add", "systemImage": "plus"}]},
            "content": [{"type": "button", "id": "first", "title": "First", "action": {"push": "plain"}}],
            "toolbar": [{"id": "tool", "title": "Tool"}]},
           {"id": "plain", "title": "Plain", "content": [{"type": "button", "id": "second", "title": "Second"}]}]}
        """

    func layout(_ s: Session) throws -> ScreenLayout {
        let frames = LayerFrames(
            state: s.state, prototype: try prototype(Self.app), metrics: LayoutMetrics(environment: s.state.environment)
        )
        return try #require(frames.screenLayout(ofLayer: 0))
    }

    @Test func aLargeTitleTakesABandAtTheTopOfTheContent() throws {
        var s = Session(try prototype(Self.app))
        var l = try layout(s)
        #expect(l.largeTitle == 52)
        #expect(l.bar?.maxY == 59 + 44.5)
        #expect(l.controls["first"]?.y == 59 + 44.5 + 52 + 12)
        try s.tap("first")
        l = try layout(s)
        #expect(l.largeTitle == 0, "a pushed screen without largeTitle has an inline title")
        #expect(l.controls["second"]?.y == 59 + 44.5 + 12)
        #expect(
            FrameLayout.drawsLargeTitle(
                try #require(try prototype(Self.app).screen("notes")), backTitle: nil,
                metrics: LayoutMetrics(environment: s.state.environment)))
    }

    @Test func anIPhoneInLandscapeHasCompactBarsAndNoLargeTitle() throws {
        let s = Session(try prototype(Self.app), orientation: .landscape)
        let m = LayoutMetrics(environment: s.state.environment)
        #expect(m.barHeight == 32 && m.toolbarHeight == 32 && m.largeTitleHeight == 0)
        let l = try layout(s)
        #expect(l.bar?.height == 32.5, "a 32 pt bar and its hairline; no status bar in landscape")
        #expect(l.controls["add"]?.height == 32, "the bar's buttons fill the compact bar")
        #expect(l.largeTitle == 0)
        #expect(l.toolbar?.height == Double(32 + 21), "a 32 pt toolbar above the home indicator's 21 pt")
        #expect(m.cssVariables.contains("--bar-height:32px") && m.cssVariables.contains("--bar-row:32px"))
        // iPads keep their 50 pt bars in every window (iOS 12 and later).
        let pad = Session(try prototype(Self.app), device: "ipad-mini", orientation: .landscape)
        #expect(LayoutMetrics(environment: pad.state.environment).barHeight == 50)
        #expect(LayoutMetrics(environment: pad.state.environment).toolbarHeight == 50)
        // An iPhone with a Home button has a 44 pt toolbar; one with a home indicator, 49 pt.
        let se = Session(try prototype(Self.app), device: "iphone-se-3")
        #expect(LayoutMetrics(environment: se.state.environment).toolbarHeight == 44)
        let sixteen = Session(try prototype(Self.app), device: "iphone-16")
        #expect(LayoutMetrics(environment: sixteen.state.environment).toolbarHeight == 49)
    }
}
