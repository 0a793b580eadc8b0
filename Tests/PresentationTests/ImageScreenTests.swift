import Foundation
import JSON
import Prototype
import TestSupport
import Testing

@testable import Presentation

/// Image screens (docs/format.md, "Image screens"): a designer's exported frame with hotspots
/// that the engine, tasks and the layout treat as controls, and UIKit's modals on top.
@Suite struct ImageScreenTests {
    static let frames = #"""
        {"format": "modallab/1", "id": "frames", "devices": ["iphone-16", "ipad-pro-11"], "start": "home",
         "screens": [
           {"id": "home", "title": "Home", "image": {"asset": "home@3x.png", "dark": "home-dark@3x.png"},
            "hotspots": [
              {"id": "compose", "frame": {"x": 329, "y": 62, "width": 44, "height": 44}, "action": {"present": "editor"}},
              {"id": "share", "frame": {"x": 20, "y": 700, "width": 120, "height": 44}, "action": {"present": "choices"}},
              {"id": "open", "frame": {"x": 0, "y": 200, "width": 393, "height": 80}, "action": {"push": "detail"}}]},
           {"id": "detail", "title": "Detail", "image": "detail.png",
            "hotspots": [{"id": "back", "frame": {"x": 0, "y": 54, "width": 100, "height": 44}, "action": "pop"}]}],
         "modals": [
           {"id": "editor", "style": "pageSheet", "title": "New", "detents": ["medium", "large"], "grabber": true,
            "content": [{"type": "image", "id": "art", "asset": "art@2x.png", "height": 120, "contentMode": "scaleAspectFill"}],
            "navigationBar": {"leading": [{"id": "cancel", "title": "Cancel", "role": "cancel", "action": "dismiss"}]}},
           {"id": "choices", "style": "actionSheet", "source": "share", "title": "Share",
            "actions": [{"title": "Copy"}, {"title": "Cancel", "role": "cancel"}]}],
         "tasks": [{"id": "write", "prompt": "Write a note", "success": {"modal": "editor"}, "expectedPath": ["compose"]}]}
        """#

    @Test func imageScreensDecodeWithTheirHotspotsAsControls() throws {
        let p = try prototype(Self.frames)
        let home = try #require(p.screen("home"))
        #expect(home.image == ScreenImage(asset: "home@3x.png", dark: "home-dark@3x.png"))
        #expect(home.image?.scale == 3, "the @3x suffix, as UIImage(named:) reads it")
        #expect(p.screen("detail")?.image?.scale == 1, "no suffix, no scale: 1")
        #expect(ScreenImage(asset: "x@3x.png", declaredScale: 2).scale == 2, "a declared scale wins")
        let compose = try #require(p.control("compose"))
        #expect(compose.placement == "hotspots" && compose.isInContent && compose.screen == "home")
        #expect(compose.control.kind == .hotspot)
        #expect(compose.control.frame == PointRect(x: 329, y: 62, width: 44, height: 44))
        #expect(compose.control.action == .present("editor"))
        let art = try #require(p.control("art")?.control)
        #expect(art.asset == "art@2x.png" && art.contentMode == .scaleAspectFill && art.height == 120)
    }

    func issues(_ replace: String, with: String) throws -> [String] {
        let text = Self.frames.replacingOccurrences(of: replace, with: with)
        #expect(text != Self.frames, "the replacement applies")
        return try Prototype.decode(Array(text.utf8)).issues.map(\.description)
    }

    @Test func mistakesNameTheirPathAndWhatWasMeant() throws {
        #expect(
            try issues(#""frame": {"x": 329"#, with: #""frme": {"x": 329"#) == [
                #"$.screens[0].hotspots[0].frame: error: required member "frame" is missing (expected a rectangle {x, y, width, height} in points) [format]"#,
                #"$.screens[0].hotspots[0].frme: error: unknown member "frme" (did you mean "frame"?) [format.unknown-key]"#,
            ])
        #expect(
            try issues(
                #""width": 44, "height": 44}, "action": {"present": "editor"}"#,
                with: #""width": 0, "height": 44}, "action": {"present": "editor"}"#)
                == [
                    #"$.screens[0].hotspots[0].frame.width: error: expected a length above 0 and at most 100000 points; found 0 [format]"#
                ])
        #expect(
            try issues(#""x": 20, "y": 700"#, with: #""x": -1, "y": 700"#).first
                == "$.screens[0].hotspots[1].frame.x: error: expected a position of at least 0 and at most 100000 points; found -1 [format]"
        )
        let badName = try issues(#""image": "detail.png""#, with: #""image": "../detail.png""#)
        #expect(badName.first?.hasPrefix(#"$.screens[1].image: error: expected an asset name"#) == true, "\(badName)")
        #expect(
            try issues(#""image": "detail.png""#, with: #""image": {"asset": "detail.png", "scale": 4}"#) == [
                "$.screens[1].image.scale: error: expected one of 1, 2, 3; found 4 [format]"
            ])
        #expect(
            try issues(#""image": "detail.png""#, with: #""image": {"src": "detail.png"}"#).contains(
                #"$.screens[1].image.src: error: unknown member "src" (did you mean "asset"?) [format.unknown-key]"#))
        #expect(
            try issues(#""action": "pop"}]"#, with: #""action": {"present": "nothing"}}]"#).contains {
                $0.hasPrefix(#"$.screens[1].hotspots[0].action.present: error: "present" names no modal"#)
            })
        #expect(
            try issues(#""title": "Detail", "image": "detail.png","#, with: #""title": "Detail","#) == [
                #"$.screens[1].hotspots: error: "hotspots" need an "image" on the same screen: they are rectangles of that image [format]"#
            ])
        #expect(
            try issues(
                #""image": "detail.png","#,
                with: #""image": "detail.png", "content": [{"type": "text", "id": "t", "text": "x"}],"#)
                == [
                    #"$.screens[1].content: warning: "content" has no effect on an image screen: it is drawn from its "image" alone (its buttons are "hotspots") [format.style-key]"#
                ])
        #expect(
            try issues(#""type": "image", "id": "art""#, with: #""type": "hotspot", "id": "art""#).contains {
                $0.contains(#"a hotspot belongs in an image screen's "hotspots""#)
            })
        // Hotspot ids are ids like any control's.
        #expect(
            try issues(#"{"id": "back", "frame""#, with: #"{"id": "compose", "frame""#).contains {
                $0.hasPrefix(#"$.screens[1].hotspots[0].id: error: id "compose" is already used"#)
            })
    }

    @Test func aHotspotPresentsAPageSheetWithDetents() throws {
        var s = Session(try prototype(Self.frames))
        try s.apply(.taskStart("write"))
        try s.tap("compose")
        let sheet = try #require(s.entry("editor"))
        #expect(sheet.resolution.form == .card && sheet.detents == [.medium, .large])
        #expect(sheet.presentedBy == "compose")
        let end = try #require(s.last?.events.first { $0.type == .taskEnd })
        #expect(end.outcome == "direct", "the task's expected path names the hotspot")
        // A hotspot of a screen that isn't showing can't be tapped.
        var t = Session(try prototype(Self.frames))
        #expect(try t.tap("back").refusal != nil)
        try t.tap("open")
        #expect(t.state.appScreens == ["home", "detail"])
        try t.tap("back")
        #expect(t.state.appScreens == ["home"])
    }

    @Test func anActionSheetFromAHotspotIsAPopoverOnIPadAnchoredAtItsRect() throws {
        var pad = Session(try prototype(Self.frames), device: "ipad-pro-11")
        try pad.tap("share")
        let entry = try #require(pad.entry("choices"))
        #expect(entry.resolution.form == .popover)
        let pop = try #require(entry.popover)
        #expect(pop.source == "share")
        #expect(
            pop.sourceRect == Rect(x: 20, y: 700, width: 120, height: 44),
            "the hotspot's frame, from the screen's corner")
        #expect(pop.sourceScrolls, "a hotspot scrolls with its image")
        var phone = Session(try prototype(Self.frames))
        try phone.tap("share")
        #expect(phone.entry("choices")?.resolution.form == .actionSheet, "compact width: from the bottom")
    }

    @Test func theLayoutPlacesHotspotsFromTheImagesCornerAndScrollsToTheLowest() throws {
        let p = try prototype(Self.frames)
        let home = try #require(p.screen("home"))
        let (rects, height) = ScreenLayout.hotspots(of: home, frame: Rect(x: 0, y: 0, width: 393, height: 852))
        #expect(rects["open"] == Rect(x: 0, y: 200, width: 393, height: 80))
        #expect(height == 852, "no hotspot below the frame")
        let inSheet = ScreenLayout.hotspots(of: home, frame: Rect(x: 0, y: 100, width: 393, height: 500))
        #expect(inSheet.controls["share"] == Rect(x: 20, y: 800, width: 120, height: 44))
        #expect(inSheet.height == 744, "the lowest hotspot's bottom")
    }
}
