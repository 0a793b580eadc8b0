import Foundation
import JSON
import TestSupport
import Testing

@testable import ModalLabServer

/// Variants of a screen's picture per device and orientation, over real sockets: pictures of
/// different widths uploaded, the player's frame draws the one for the session's device,
/// orientation and appearance, with the hotspots at that variant's frames; `asset.device-width`
/// names only a device that has no picture as wide as its screen, with the variant to add; and
/// `modallab lint` makes the same findings from an `assets` folder beside the file.
@Suite struct ImageVariantAPITests {
    /// iPhone 16 (393 pt), iPad Pro 11-inch (834 pt wide, 1210 pt in landscape) and iPad Pro
    /// 13-inch (1032 pt): the screen's own picture for iPhones, a family variant for iPads with
    /// the hotspot elsewhere, a landscape one for iPads, and one for iPhones in landscape.
    static let document = #"""
        {"format": "modallab/1", "id": "variants", "name": "Variants", "start": "home",
         "devices": ["iphone-16", "ipad-pro-11", "ipad-pro-13"],
         "screens": [{"id": "home", "title": "Home",
           "image": {"asset": "home@3x.png", "dark": "home-dark@3x.png",
             "variants": [
               {"family": "iPad", "asset": "home-ipad@2x.png", "frames": {"compose": {"x": 770, "y": 30, "width": 44, "height": 44}}},
               {"family": "iPad", "orientation": "landscape", "asset": "home-ipad-land@2x.png"},
               {"family": "iPhone", "orientation": "landscape", "asset": "home-land@3x.png", "dark": "home-land-dark@3x.png"}]},
           "hotspots": [{"id": "compose", "frame": {"x": 329, "y": 62, "width": 44, "height": 44}, "action": {"present": "editor"}}]}],
         "modals": [{"id": "editor", "style": "pageSheet", "title": "New",
           "navigationBar": {"leading": [{"id": "cancel", "title": "Cancel", "role": "cancel", "action": "dismiss"}]}}]}
        """#

    /// The pictures and their widths in pixels (30 px tall: the width is what is checked).
    static let pictures: [(String, Int)] = [
        ("home@3x.png", 1179), ("home-dark@3x.png", 1179), ("home-ipad@2x.png", 1668), ("home-ipad-land@2x.png", 2420),
    ]

    static func src(_ name: String, _ scale: Int) -> String {
        #"srcset="/api/prototypes/variants/assets/\#(name) \#(scale)x""#
    }

    static func hotspot(x: Int, y: Int) -> String { "style=\"left:\(x)px;top:\(y)px;width:44px;height:44px\"" }

    @Test func thePlayerDrawsThePictureForTheDeviceAndOrientation() async throws {
        let dir = try TemporaryDirectory("variants-player")
        defer { dir.remove() }
        try Self.document.write(toFile: dir.file("variants.json"), atomically: true, encoding: .utf8)
        let s = try TestApp(socket: true, prototypes: dir.path)
        let c = s.client
        for (name, width) in Self.pictures {
            let put = try await c.exchange(
                AssetAPITests.raw(
                    "PUT", "/api/prototypes/variants/assets/\(name)", body: TestImages.png(width: width, height: 30),
                    port: c.port))
            #expect(put.status == 201, "\(name): \(put.text)")
        }
        func frame(_ body: JSONValue) async throws -> String {
            let r = try await c.json("POST", "/api/sessions", body)
            #expect(r.status == 201, "\(r.text)")
            return r.json?["html"]?.stringValue ?? ""
        }
        // iPhone in portrait: the screen's own picture, its hotspot at its own frame.
        let phone = try await frame(["prototype": "variants", "device": "iphone-16"])
        #expect(phone.contains(Self.src("home@3x.png", 3)) && phone.contains(Self.hotspot(x: 329, y: 62)), "\(phone)")
        #expect(!phone.contains("home-ipad"))
        // iPhone in landscape, dark: the iPhone landscape variant's dark picture.
        let phoneLand = try await frame([
            "prototype": "variants", "device": "iphone-16", "orientation": "landscape", "appearance": "dark",
        ])
        #expect(phoneLand.contains(Self.src("home-land-dark@3x.png", 3)), "\(phoneLand)")
        // iPad in portrait: the family's picture at 2×, the hotspot where that picture has it.
        let pad = try await frame(["prototype": "variants", "device": "ipad-pro-11"])
        #expect(pad.contains(Self.src("home-ipad@2x.png", 2)), "\(pad)")
        #expect(pad.contains(Self.hotspot(x: 770, y: 30)) && !pad.contains(Self.hotspot(x: 329, y: 62)))
        // Dark, with no dark picture of the variant: the variant's own, not the iPhone's dark one.
        let padDark = try await frame(["prototype": "variants", "device": "ipad-pro-13", "appearance": "dark"])
        #expect(padDark.contains(Self.src("home-ipad@2x.png", 2)) && !padDark.contains("home-dark"), "\(padDark)")
        // Rotating the iPad: the landscape variant, which gives no frames (the screen's own).
        let sid = try await s.session("variants", device: "ipad-pro-11")
        let rotated = try await s.act(sid, ["type": "rotate", "orientation": "landscape"])
        let land = rotated.json?["html"]?.stringValue ?? ""
        #expect(land.contains(Self.src("home-ipad-land@2x.png", 2)), "\(rotated.text)")
        #expect(land.contains(Self.hotspot(x: 329, y: 62)))
        // The hotspot is the same control on every picture: a tap presents the sheet.
        let tap = try await s.act(sid, ["type": "tap", "target": "compose"])
        #expect(tap.status == 200 && tap.json?["state"]?["stack"]?.arrayValue?.count == 1, "\(tap.text)")
        // The owner's player page in landscape names the same picture.
        let page = try await c.request("GET", "/p/variants?device=ipad-pro-11&orientation=landscape")
        #expect(page.status == 200 && page.text.contains(Self.src("home-ipad-land@2x.png", 2)))
        // Every variant's pictures count among the prototype's assets.
        let list = try await c.request("GET", "/api/prototypes/variants/assets")
        #expect(list.json?["missing"] == ["home-land@3x.png", "home-land-dark@3x.png"], "\(list.text)")
    }

    @Test func theWidthFindingNamesOnlyADeviceWithoutAFittingPicture() async throws {
        let dir = try TemporaryDirectory("variants-lint")
        defer { dir.remove() }
        try Self.document.write(toFile: dir.file("variants.json"), atomically: true, encoding: .utf8)
        let s = try TestApp(socket: true, prototypes: dir.path)
        let c = s.client
        func findings(_ lang: String = "en") async throws -> [JSONValue] {
            let r = try await c.request("GET", "/api/prototypes/variants/lint?lang=\(lang)")
            #expect(r.status == 200, "\(r.text)")
            return r.json?["diagnostics"]?.arrayValue?.filter { $0["rule"]?.stringValue?.hasPrefix("asset.") == true }
                ?? []
        }
        // Nothing uploaded: every picture missing, each at its member, variants' included.
        let v = "$.screens[0].image.variants"
        #expect(
            try await findings().map { $0["path"] } == [
                "$.screens[0].image.asset", "$.screens[0].image.dark", .string("\(v)[0].asset"),
                .string("\(v)[1].asset"), .string("\(v)[2].asset"), .string("\(v)[2].dark"),
            ])
        for (name, width) in Self.pictures {
            let put = try await c.exchange(
                AssetAPITests.raw(
                    "PUT", "/api/prototypes/variants/assets/\(name)", body: TestImages.png(width: width, height: 30),
                    port: c.port))
            #expect(put.status == 201)
        }
        // The iPad Pro 11-inch has its pictures (834 pt, 1210 pt in landscape): no finding for it.
        // The 13-inch draws the family's, 834 pt on a 1032 pt screen (1376 pt in landscape).
        let found = try await findings()
        let widths = found.filter { $0["rule"] == "asset.device-width" }
        #expect(widths.map { $0["path"] } == [.string("\(v)[0].asset"), .string("\(v)[1].asset")], "\(found)")
        #expect(widths.allSatisfy { $0["severity"] == "warning" })
        let portrait = try #require(widths.first?["message"]?.stringValue)
        #expect(portrait.contains("iPad Pro 13-inch (ipad-pro-13)") && portrait.contains("1032 pt wide in portrait"))
        #expect(portrait.contains("screen “home” ($.screens[0])") && portrait.contains("home-ipad@2x.png"))
        #expect(portrait.contains("834 pt wide (1668 px at 2×)"), "\(portrait)")
        #expect(portrait.contains(#"add {"device": "ipad-pro-13", "asset": …} to \#(v)"#), "\(portrait)")
        #expect(portrait.contains("(2064 px at 2×, iPad Pro 13-inch's scale)"), "\(portrait)")
        let landscape = try #require(widths.last?["message"]?.stringValue)
        #expect(landscape.contains("1376 pt wide in landscape") && landscape.contains("home-ipad-land@2x.png"))
        #expect(landscape.contains(#"{"device": "ipad-pro-13", "orientation": "landscape", "asset": …}"#))
        #expect(!found.contains { $0["message"]?.stringValue?.contains("iPad Pro 11-inch") == true }, "\(found)")
        #expect(
            found.filter { $0["rule"] == "asset.missing" }.map { $0["path"] } == [
                .string("\(v)[2].asset"), .string("\(v)[2].dark"),
            ])
        // In Chinese.
        let zh = try await findings("zh-Hans").first { $0["rule"] == "asset.device-width" }
        #expect(zh?["message"]?.stringValue?.contains("没有适合 iPad Pro 13-inch") == true, "\(String(describing: zh))")
        // Without its variants the iPad Pro 11-inch is named again (the finding this replaced
        // warned for every iPad): a PATCH's answer says so, for the screen's own picture.
        let tag = try #require(try await c.request("GET", "/api/prototypes/variants").header("ETag"))
        let patched = try await c.request(
            "PATCH", "/api/prototypes/variants",
            body: #"[{"op":"remove","path":"/screens/0/image/variants"}]"#,
            headers: ["If-Match": tag], contentType: "application/json-patch+json")
        #expect(patched.status == 200, "\(patched.text)")
        let after = patched.json?["diagnostics"]?.arrayValue?.filter { $0["rule"] == "asset.device-width" } ?? []
        #expect(after.map { $0["path"] } == ["$.screens[0].image.asset", "$.screens[0].image.asset"], "\(after)")
        let pro11 = after.first?["message"]?.stringValue ?? ""
        #expect(
            pro11.contains("iPad Pro 11-inch") && pro11.contains(#"(or {"family": "iPad", "asset": …} for the family)"#)
        )
    }

    @Test func theLintCommandReadsTheAssetsFolderBesideTheFile() throws {
        let dir = try TemporaryDirectory("variants-cli")
        defer { dir.remove() }
        try Self.document.write(toFile: dir.file("variants.json"), atomically: true, encoding: .utf8)
        func lint() -> (Int32, [String]) {
            var out: [String] = []
            let status = LintCommand.run(
                [dir.file("variants.json")], stdout: { out.append($0) }, stderr: { out.append($0) })
            return (status, out.flatMap { $0.split(separator: "\n").map(String.init) })
        }
        // No assets folder beside it: the file alone, no findings about assets.
        var (status, lines) = lint()
        #expect(status == 0 && !lines.contains { $0.contains("[asset.") }, "\(lines)")
        // The folder the server keeps: assets/<id>/ beside the file.
        let folder = dir.file("assets/variants")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (name, width) in Self.pictures {
            try Data(TestImages.png(width: width, height: 30)).write(to: URL(fileURLWithPath: folder + "/" + name))
        }
        (status, lines) = lint()
        #expect(status == 0, "warnings only: \(lines)")
        let assets = lines.filter { $0.contains("[asset.") }
        #expect(assets.count == 4, "\(assets)")
        #expect(
            assets.contains {
                $0.contains("$.screens[0].image.variants[0].asset: warning:") && $0.contains("iPad Pro 13-inch")
                    && $0.hasSuffix("[asset.device-width]")
            }, "\(assets)")
        #expect(
            assets.contains { $0.contains("$.screens[0].image.variants[2].dark: warning: asset home-land-dark@3x.png") }
        )
        // --device narrows the devices: the iPhone alone has its pictures.
        var narrowed: [String] = []
        _ = LintCommand.run(
            [dir.file("variants.json"), "--device", "iphone-16"], stdout: { narrowed.append($0) },
            stderr: { narrowed.append($0) })
        #expect(!narrowed.joined().contains("[asset.device-width]"), "\(narrowed)")
    }
}
