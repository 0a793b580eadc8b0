import Foundation
import JSON
import TestSupport
import Testing

@testable import ModalLabServer

/// Issue 26's heat maps over tall pictures and the assets' findings: a tap on a scrolled image
/// screen carries how far the picture was scrolled (`scrollTop`, logged in `props`, not in the
/// action), and the heat map draws it where it was on the picture; the editing API and the lint
/// name an asset the prototype draws but its folder lacks, and a picture that isn't as wide as a
/// device the prototype lists.
@Suite struct ImageHeatmapTests {
    /// A screen that is one 393 × 1400 pt picture (1179 × 4200 px at 3×), a hotspot far down it,
    /// an image item naming an asset never uploaded, on iPhone 16 and iPad Pro 11-inch.
    static let prototype = """
        {"format": "modallab/1", "id": "tall", "name": "Tall", "devices": ["iphone-16", "ipad-pro-11"],
         "start": "home",
         "screens": [{"id": "home", "title": "Home", "image": {"asset": "home@3x.png", "dark": "home-dark@3x.png"},
                      "hotspots": [{"id": "deep", "frame": {"x": 40, "y": 1000, "width": 120, "height": 60},
                                    "action": {"present": "note"}}]}],
         "modals": [{"id": "note", "style": "pageSheet", "title": "Note",
                     "navigationBar": {"leading": [{"id": "close", "title": "Cancel", "role": "cancel", "action": "dismiss"}]},
                     "content": [{"type": "image", "id": "art", "asset": "art.png", "height": 80},
                                 {"type": "textField", "id": "words", "label": "Words"}]}]}
        """

    static func folder(_ label: String = #function) throws -> TemporaryDirectory {
        let dir = try TemporaryDirectory("tall-" + label)
        try Data(prototype.utf8).write(to: URL(fileURLWithPath: dir.file("tall.json")))
        return dir
    }

    @Test func aTapOnAScrolledPictureIsDrawnWhereItWasOnThePicture() async throws {
        let dir = try Self.folder()
        defer { dir.remove() }
        let s = try TestApp(prototypes: dir.path)
        let sid = try await s.session("tall", device: "iphone-16")
        // Scrolled 620 pt down, the hotspot at y 1000–1060 of the picture is at 380–440 of the window.
        let tap = try await s.act(sid, ["type": "tap", "target": "deep", "x": 100, "y": 410, "scrollTop": 620])
        #expect(tap.status == 200, "\(tap.text)")
        #expect(tap.json?["state"]?["stack"]?.arrayValue?.count == 1)
        #expect(try await s.act(sid, ["type": "tap", "target": "close", "x": 40, "y": 80]).status == 200)
        // Not a number of points: a 400 at its path, nothing applied.
        for bad: JSONValue in ["far", -1, 200_000] {
            let r = try await s.act(sid, ["type": "tap", "target": "deep", "x": 100, "y": 410, "scrollTop": bad])
            #expect(r.status == 400 && r.json?["path"] == "$.scrollTop", "\(bad): \(r.text)")
        }
        // A misclick on the scrolled picture says so in its props.
        let batch: JSONValue = [
            "events": [
                [
                    "event_id": "m-1", "type": "misclick", "t_ms": 10, "x": 300, "y": 100, "screen": "home",
                    "props": ["scrollTop": 620],
                ]
            ]
        ]
        let sent = try await s.client.json("POST", "/api/sessions/\(sid)/events", batch)
        #expect(sent.status < 300, "\(sent.text)")

        let rows = try await s.client.request("GET", "/api/logs.ndjson?session=\(sid)").text
            .split(separator: "\n").compactMap { try? JSONParser.parse(String($0)) }
        let taps = rows.filter { $0["type"] == "tap" }
        #expect(taps.map { $0["target"] } == ["deep", "close"], "\(taps)")
        #expect(taps[0]["x"] == 100 && taps[0]["y"] == 410, "x and y stay in the window")
        #expect(taps[0]["props"]?["scrollTop"] == 620)
        #expect(taps[1]["props"]?["scrollTop"] == nil, "a tap not on a scrolled picture has none")
        let action = try #require(taps[0]["action"]?.stringValue.flatMap { try? JSONParser.parse($0) })
        #expect(action["scrollTop"] == nil && action["target"] == "deep", "the action replays without it: \(action)")

        // The heat map of the picture: the tap at y 410 + 620 = 1030 (its 8-pt cell's centre
        // 1028), on the hotspot; the misclick at 100 + 620 = 720 (cell centre 724).
        let page = try await s.client.request("GET", "/p/tall/heatmaps?audience=all&device=iphone-16").text
        #expect(page.contains(#"cx="100.0" cy="1028.0""#), "the tap where it was on the picture")
        #expect(page.contains(#"cx="300.0" cy="724.0""#), "the misclick where it was on the picture")
        #expect(!page.contains(#"cy="412.0""#), "not where it was in the window")
        // The card is drawn tall before its picture loads: the tap's dot (radius 14) reaches
        // 1042 pt, 190 below the iPhone 16's 852 pt window, and the page leaves room for it.
        #expect(
            page.contains(#"<div class="heatmap-frame" data-tall="true" style="--hanging:190.0px" inert>"#),
            "the card marked tall by its dots")
        // The replay's marks carry it too, so its page draws the dot where it was on the picture.
        let replay = try await s.client.request("GET", "/api/sessions/\(sid)/replay").text
        let marks = replay.split(separator: "\n").compactMap { try? JSONParser.parse(String($0)) }.compactMap {
            $0["mark"]
        }
        #expect(marks.map { $0["type"] } == ["tap", "tap", "misclick"], "\(marks)")
        #expect(marks.map { $0["scrollTop"] } == [620, nil, 620], "\(marks)")
    }

    @Test func theEditingAPIAndTheLintNameMissingAssetsAndPicturesOfAnotherWidth() async throws {
        let dir = try Self.folder()
        defer { dir.remove() }
        let s = try TestApp(socket: true, prototypes: dir.path)
        let c = s.client
        func findings() async throws -> [JSONValue] {
            let got = try await c.request("GET", "/api/prototypes/tall")
            #expect(got.status == 200)
            return got.json?["diagnostics"]?.arrayValue?.filter { $0["rule"]?.stringValue?.hasPrefix("asset.") == true }
                ?? []
        }
        // Nothing uploaded: three assets missing, each at its member.
        var found = try await findings()
        #expect(
            found.map { $0["path"] } == [
                "$.screens[0].image.asset", "$.screens[0].image.dark", "$.modals[0].content[0].asset",
            ],
            "\(found)")
        #expect(found.allSatisfy { $0["rule"] == "asset.missing" && $0["severity"] == "warning" })
        #expect(found.first?["pointer"] == "/screens/0/image/asset")
        #expect(found.first?["message"]?.stringValue?.contains("home@3x.png is not uploaded") == true)
        // The pictures uploaded: 393 pt wide is the iPhone 16's screen, not the iPad's.
        for name in ["home@3x.png", "home-dark@3x.png"] {
            let put = try await c.exchange(
                AssetAPITests.raw(
                    "PUT", "/api/prototypes/tall/assets/\(name)", body: TestImages.png(width: 1179, height: 30),
                    port: c.port))
            #expect(put.status == 201)
        }
        found = try await findings()
        #expect(found.map { $0["rule"] } == ["asset.device-width", "asset.missing"], "\(found)")
        let width = try #require(found.first?["message"]?.stringValue)
        #expect(width.contains("393 pt wide (1179 px at 3×)") && width.contains("iPad Pro 11-inch"), "\(width)")
        #expect(width.contains("834 pt"), "\(width)")
        // Exported for the iPad at the iPad's 2× (Apple's HIG, "Layout"), not the picture's 3×.
        #expect(width.contains("exported at 834 pt (1668 px at 2×, iPad Pro 11-inch's scale)"), "\(width)")
        #expect(!width.contains("2502"), "\(width)")
        #expect(!width.contains("first write"), "an image object takes variants as it is: \(width)")
        // In Chinese when asked.
        let zh = try await c.request("GET", "/api/prototypes/tall/lint?lang=zh-Hans")
        let zhFound = zh.json?["diagnostics"]?.arrayValue?.filter { $0["rule"] == "asset.missing" } ?? []
        #expect(zhFound.first?["message"]?.stringValue?.contains("尚未上传") == true, "\(zh.text)")
        // A PATCH's answer has them too: the image item's asset renamed to one that exists.
        let tag = try #require(try await c.request("GET", "/api/prototypes/tall").header("ETag"))
        let patched = try await c.request(
            "PATCH", "/api/prototypes/tall",
            body: #"[{"op":"replace","path":"/modals/0/content/0/asset","value":"home@3x.png"}]"#,
            headers: ["If-Match": tag], contentType: "application/json-patch+json")
        #expect(patched.status == 200, "\(patched.text)")
        let after = patched.json?["diagnostics"]?.arrayValue?.compactMap { $0["rule"]?.stringValue }.filter {
            $0.hasPrefix("asset.")
        }
        #expect(after == ["asset.device-width"], "\(patched.text)")
        // A picture named alone: the finding says to write the object form first, where
        // `variants` go.
        let tag2 = try #require(patched.header("ETag"))
        let bare = try await c.request(
            "PATCH", "/api/prototypes/tall",
            body: #"[{"op":"replace","path":"/screens/0/image","value":"home@3x.png"}]"#,
            headers: ["If-Match": tag2], contentType: "application/json-patch+json")
        #expect(bare.status == 200, "\(bare.text)")
        let bareWidth = try #require(
            bare.json?["diagnostics"]?.arrayValue?.first { $0["rule"] == "asset.device-width" }?["message"]?
                .stringValue, "\(bare.text)")
        #expect(
            bareWidth.contains(
                #"to $.screens[0].image.variants (first write "image" as an object, {"asset": "home@3x.png", "variants": […]}: a name alone takes no variants)"#
            ), "\(bareWidth)")
    }
}
