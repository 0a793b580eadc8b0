import Foundation
import JSON
import Presentation
import TestSupport
import Testing

@testable import ModalLabServer

/// Issue 26's app font: a WOFF2, WOFF, TrueType or OpenType file uploaded as an asset, checked by
/// its content as pictures are, and named by the prototype's `font`, which the player's device
/// carries for the page to load (the app's content only; the stylesheet keeps the system font on
/// bars, alerts and action sheets, which the browser scenario checks).
@Suite struct AppFontTests {
    /// The smallest headers of each font format the server takes.
    static func woff2() -> [UInt8] {
        var b = Array("wOF2".utf8) + Array("OTTO".utf8) + TestImages.be32(48)
        b += [UInt8](repeating: 0, count: 48 - b.count)
        return b
    }
    static func ttf() -> [UInt8] {
        [0, 1, 0, 0, 0, 1, 0, 16, 0, 0, 0, 0] + Array("head".utf8) + [UInt8](repeating: 0, count: 12)
    }

    static let document = #"""
        {"format": "modallab/1", "id": "branded", "start": "home", "font": "Brand.woff2", "devices": ["iphone-16"],
         "screens": [{"id": "home", "title": "Home", "content": [{"type": "text", "id": "hello", "text": "Hello"}]}]}
        """#

    @Test func fontsAreCheckedByContentAndThePlayerNamesTheAppFont() async throws {
        let dir = try TemporaryDirectory("app-font")
        defer { dir.remove() }
        try Self.document.write(toFile: dir.path + "/branded.json", atomically: true, encoding: .utf8)
        let s = try TestApp(socket: true, prototypes: dir.path)
        let c = s.client
        func put(_ name: String, _ body: [UInt8]) async throws -> TestResponse {
            try await c.exchange(
                AssetAPITests.raw("PUT", "/api/prototypes/branded/assets/\(name)", body: body, port: c.port))
        }
        // Before the upload the font is a missing asset, at $.font.
        let before = try await c.request("GET", "/api/prototypes/branded")
        let missing = before.json?["diagnostics"]?.arrayValue?.filter { $0["rule"] == "asset.missing" } ?? []
        #expect(missing.map { $0["path"] } == ["$.font"], "\(before.text)")
        // Taken by content, served as a font.
        let woff2 = try await put("Brand.woff2", Self.woff2())
        #expect(woff2.status == 201 && woff2.json?["type"] == "font/woff2", "\(woff2.text)")
        #expect(woff2.json?["width"] == nil)
        #expect(try await put("Brand.ttf", Self.ttf()).json?["type"] == "font/ttf")
        let served = try await c.exchange(
            AssetAPITests.raw("GET", "/api/prototypes/branded/assets/Brand.woff2", port: c.port))
        #expect(served.status == 200 && served.header("Content-Type")?.hasPrefix("font/woff2") == true)
        // Refused, nothing stored: not a font, another format, a header that lies about the length.
        let text = try await put("Fake.woff2", Array("not a font at all".utf8))
        #expect(text.status == 415, "\(text.text)")
        #expect(
            text.json?["detail"]?.stringValue?.contains("Fake.woff2 is named as a WOFF2 font but its bytes are text")
                == true, "\(text.text)")
        let png = try await put("Other.ttf", TestImages.png(width: 2, height: 2))
        #expect(
            png.json?["detail"]?.stringValue?.contains(
                "named as a TrueType font but its bytes are a PNG image; upload it under a name ending in .png")
                == true, "\(png.text)")
        var short = Self.woff2()
        short.append(0)
        let lying = try await put("Short.woff2", short)
        #expect(lying.status == 415 && lying.json?["detail"]?.stringValue?.contains("49") == true, "\(lying.text)")
        let stored = (try? FileManager.default.contentsOfDirectory(atPath: dir.path + "/assets/branded")) ?? []
        #expect(stored.sorted() == ["Brand.ttf", "Brand.woff2"], "nothing of the refused files")
        // The player's device names the font for the page to load.
        let start = try await c.json("POST", "/api/sessions", ["prototype": "branded"])
        let html = try #require(start.json?["html"]?.stringValue)
        #expect(html.contains(#"data-app-font="/api/prototypes/branded/assets/Brand.woff2""#), "\(html)")
        let after = try await c.request("GET", "/api/prototypes/branded")
        #expect(after.json?["diagnostics"]?.arrayValue?.contains { $0["rule"] == "asset.missing" } == false)
    }

    @Test func aFontThatIsNoFontAssetNameIsAnErrorAtItsPath() {
        let doc = Self.document.replacingOccurrences(of: "Brand.woff2", with: "Brand.png")
        let found = Linter().lint(file: Array(doc.utf8)).diagnostics.filter { $0.path == "$.font" }
        #expect(found.count == 1 && found.first?.severity == .error, "\(found)")
        #expect(found.first?.message.contains("woff2, woff, ttf or otf") == true)
    }
}
