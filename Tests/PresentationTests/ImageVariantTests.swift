import Foundation
import JSON
import Prototype
import TestSupport
import Testing

@testable import Presentation

/// Variants of a screen's picture per device family, device and orientation (docs/format.md,
/// "Variants per device and orientation"): the decoder reads them and names the path of each
/// mistake, the most specific variant that applies is chosen, and the engine lays out the
/// hotspots at the chosen variant's frames.
@Suite struct ImageVariantTests {
    static let document = #"""
        {"format": "modallab/1", "id": "frames", "devices": ["iphone-16", "ipad-pro-11", "ipad-pro-13"], "start": "home",
         "screens": [
           {"id": "home", "title": "Home",
            "image": {"asset": "home@3x.png", "dark": "home-dark@3x.png",
              "variants": [
                {"family": "iPad", "asset": "home-ipad@2x.png", "frames": {"share": {"x": 600, "y": 40, "width": 200, "height": 50}}},
                {"family": "iPad", "orientation": "landscape", "asset": "home-ipad-land@2x.png"},
                {"device": "ipad-pro-13", "asset": "home-13.png", "scale": 2, "dark": "home-13-dark@2x.png"},
                {"orientation": "landscape", "asset": "home-land@3x.png"}]},
            "hotspots": [
              {"id": "share", "frame": {"x": 20, "y": 700, "width": 120, "height": 44}, "action": {"present": "choices"}}]}],
         "modals": [
           {"id": "choices", "style": "actionSheet", "source": "share", "title": "Share",
            "actions": [{"title": "Copy"}, {"title": "Cancel", "role": "cancel"}]}]}
        """#

    func device(_ id: String) -> Device { DeviceCatalogue.device(id)! }

    @Test func theMostSpecificVariantIsDrawn() throws {
        let p = try prototype(Self.document)
        let image = try #require(p.screen("home")?.image)
        #expect(image.variants.count == 4)
        #expect(image.variants[0].family == .iPad && image.variants[0].frames["share"]?.x == 600)
        #expect(image.variants[2].picture.scale == 2 && image.variants[2].picture.dark == "home-13-dark@2x.png")
        // iPhone portrait: no variant applies; landscape: the orientation's.
        #expect(image.variantIndex(on: device("iphone-16"), .portrait) == nil)
        #expect(image.picture(on: device("iphone-16"), .portrait).asset == "home@3x.png")
        #expect(image.picture(on: device("iphone-16"), .portrait).dark == "home-dark@3x.png")
        #expect(image.picture(on: device("iphone-16"), .landscape).asset == "home-land@3x.png")
        // An iPad: the family's, in landscape the family's landscape one (more specific than the
        // family alone and than the orientation alone).
        #expect(image.picture(on: device("ipad-pro-11"), .portrait).asset == "home-ipad@2x.png")
        #expect(image.picture(on: device("ipad-pro-11"), .landscape).asset == "home-ipad-land@2x.png")
        // A variant without a dark picture is drawn in both appearances (not the screen's dark).
        #expect(image.picture(on: device("ipad-pro-11"), .portrait).asset(dark: true) == "home-ipad@2x.png")
        // The device's own beats the family's, in both orientations (ModalLab's order).
        #expect(image.picture(on: device("ipad-pro-13"), .portrait).asset == "home-13.png")
        #expect(image.picture(on: device("ipad-pro-13"), .landscape).asset == "home-13.png")
        #expect(image.picture(on: device("ipad-pro-13"), .landscape).asset(dark: true) == "home-13-dark@2x.png")
    }

    @Test func theEngineLaysOutTheHotspotsAtTheVariantsFrames() throws {
        let p = try prototype(Self.document)
        var pad = Session(p, device: "ipad-pro-11")
        try pad.tap("share")
        let pop = try #require(pad.entry("choices")?.popover)
        #expect(pop.sourceRect == Rect(x: 600, y: 40, width: 200, height: 50), "the iPad variant's frame")
        // In landscape the landscape variant gives no frames: the screen's own.
        var land = Session(p, device: "ipad-pro-11", orientation: .landscape)
        try land.tap("share")
        #expect(land.entry("choices")?.popover?.sourceRect == Rect(x: 20, y: 700, width: 120, height: 44))
        let home = try #require(p.screen("home"))
        #expect(home.drawn(on: device("iphone-16"), .portrait).hotspots[0].frame?.x == 20)
        #expect(home.drawn(on: device("ipad-mini"), .portrait).hotspots[0].frame?.x == 600)
    }

    func issues(_ replace: String, with: String) throws -> [String] {
        let text = Self.document.replacingOccurrences(of: replace, with: with)
        #expect(text != Self.document, "the replacement applies")
        return try Prototype.decode(Array(text.utf8)).issues.map(\.description)
    }

    @Test func mistakesNameTheirPath() throws {
        let v = "$.screens[0].image.variants"
        #expect(
            try issues(#"{"orientation": "landscape", "asset""#, with: #"{"asset""#) == [
                "\(v)[3]: error: a variant names what it is for: a \"device\", a \"family\" (iPhone or iPad) and/or an \"orientation\" (portrait or landscape); without one it would be the image itself [format]"
            ])
        #expect(
            try issues(#"{"device": "ipad-pro-13", "asset""#, with: #"{"device": "ipad-pro-12", "asset""#).first?
                .hasPrefix(#"\#(v)[2].device: error: unknown device "ipad-pro-12"; known: iphone-se-3"#) == true)
        #expect(
            try issues(
                #"{"device": "ipad-pro-13", "asset""#, with: #"{"device": "ipad-pro-13", "family": "iPad", "asset""#)
                == [
                    "\(v)[2].family: error: give \"device\" or \"family\", not both: a device is of one family (the device is the more specific) [format]"
                ])
        #expect(
            try issues(#"{"family": "iPad", "orientation""#, with: #"{"family": "ipad", "orientation""#) == [
                "\(v)[1].family: error: expected one of iPhone, iPad; found \"ipad\" (did you mean \"iPad\"?) [format]"
            ])
        #expect(
            try issues(
                #""orientation": "landscape", "asset": "home-land"#,
                with: #""orientation": "sideways", "asset": "home-land"#
            )
            .first?.hasPrefix("\(v)[3].orientation: error: expected one of portrait, landscape") == true)
        let frames = try issues(#"{"share": {"x": 600"#, with: #"{"shar": {"x": 600"#)
        #expect(
            frames == [
                "\(v)[0].frames.shar: error: \"shar\" is no hotspot of this screen: a variant's \"frames\" move the screen's own \"hotspots\"; known: share (did you mean \"share\"?) [format]"
            ], "\(frames)")
        #expect(
            try issues(#""width": 200, "height": 50}"#, with: #""width": 200, "height": -50}"#) == [
                "\(v)[0].frames.share.height: error: expected a length above 0 and at most 100000 points; found -50 [format]"
            ])
        #expect(
            try issues(
                #"{"device": "ipad-pro-13", "asset""#, with: #"{"family": "iPad", "orientation": "landscape", "asset""#)
                == [
                    "\(v)[2]: error: a second variant for \"family\": \"iPad\", \"orientation\": \"landscape\": the first, at \(v)[1], would always be drawn; merge them or change what this one is for [format]"
                ])
        #expect(
            try issues(#""asset": "home-13.png""#, with: #""assets": "home-13.png""#) == [
                "\(v)[2].asset: error: required member \"asset\" is missing (expected an asset name) [format]",
                "\(v)[2].assets: error: unknown member \"assets\" (did you mean \"asset\"?) [format.unknown-key]",
            ])
        #expect(
            try issues(#""asset": "home-13.png""#, with: #""asset": "home 13.png""#).first?.hasPrefix(
                "\(v)[2].asset: error: expected an asset name") == true)
        let notArray = try issues(#""variants": ["#, with: #""variants": {"x": 1}, "was": ["#)
        #expect(notArray.first == "\(v): error: expected an array, found an object [format]", "\(notArray)")
    }
}
