import Foundation
import JSON
import TestSupport
import Testing

@testable import ModalLabServer

/// The player draws an image screen as its asset at its size in points (the `srcset` density)
/// with a transparent button over each hotspot where the layout puts it, the dark variant in
/// dark appearance, and an `image` content item's asset by its content mode.
@Suite struct ImageScreenViewTests {
    static let document = #"""
        {"format": "modallab/1", "id": "frames", "start": "home", "devices": ["iphone-16", "ipad-pro-11"],
         "screens": [{"id": "home", "title": "Home", "image": {"asset": "home@3x.png", "dark": "home-dark.png", "scale": 3},
           "hotspots": [{"id": "compose", "frame": {"x": 329, "y": 62, "width": 44, "height": 44}, "action": {"present": "editor"},
                         "accessibilityLabel": "New note"}]}],
         "modals": [{"id": "editor", "style": "pageSheet", "title": "New", "detents": ["medium", "large"],
           "content": [{"type": "image", "id": "art", "asset": "art@2x.png", "height": 120, "width": 200, "contentMode": "scaleAspectFill"}],
           "navigationBar": {"leading": [{"id": "cancel", "title": "Cancel", "role": "cancel", "action": "dismiss"}]}}]}
        """#

    @Test func imageScreensDrawTheirAssetAndHotspots() async throws {
        let dir = try TemporaryDirectory("image-screens")
        defer { dir.remove() }
        try Self.document.write(toFile: dir.path + "/frames.json", atomically: true, encoding: .utf8)
        let s = try TestApp(prototypes: dir.path)
        let start = try await s.client.json("POST", "/api/sessions", ["prototype": "frames"])
        #expect(start.status == 201, "\(start.text)")
        let sid = try #require(start.json?["session"]?.stringValue)
        let html = try #require(start.json?["html"]?.stringValue)
        #expect(html.contains(#"srcset="/api/prototypes/frames/assets/home@3x.png 3x""#), "\(html)")
        #expect(
            html.contains(
                #"<button type="button" class="hotspot" data-id="compose" data-kind="hotspot" style="left:329px;top:62px;width:44px;height:44px" aria-label="New note">"#
            ))
        #expect(!html.contains(#"class="nav-bar""#), "an image screen draws no bar of its own")
        let r = try await s.act(sid, ["type": "tap", "target": "compose"])
        #expect(r.status == 200, "\(r.text)")
        let sheet = try #require(r.json?["html"]?.stringValue)
        #expect(sheet.contains(#"data-modal="editor""#))
        #expect(sheet.contains(#"srcset="/api/prototypes/frames/assets/art@2x.png 2x""#))
        #expect(sheet.contains(#"style="object-fit:cover""#) && sheet.contains("height:120px;width:200px;"))
        // Dark appearance draws the dark variant, at the screen's declared scale.
        let dark = try await s.client.json(
            "POST", "/api/sessions", ["prototype": "frames", "appearance": "dark", "device": "ipad-pro-11"])
        let darkHTML = try #require(dark.json?["html"]?.stringValue)
        #expect(darkHTML.contains(#"srcset="/api/prototypes/frames/assets/home-dark.png 3x""#), "\(darkHTML)")
        // The list names what the prototype draws and its folder doesn't hold.
        let list = try await s.client.request("GET", "/api/prototypes/frames/assets")
        #expect(list.json?["missing"] == ["home@3x.png", "home-dark.png", "art@2x.png"], "\(list.text)")
    }
}
