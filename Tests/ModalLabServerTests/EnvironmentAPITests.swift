import Foundation
import JSON
import TestSupport
import Testing

@testable import ModalLabServer

/// The environment (appearance, text size, layout direction, multitasking) wherever it enters:
/// the session's body, the resize action, the player's and the board's query, the frame, the
/// log's columns; bad values are 400 problems naming the field and the accepted values.
@Suite struct EnvironmentAPITests {
    @Test func sessionBodyResizeFrameAndLog() async throws {
        let app = try TestApp()
        let c = app.client
        let r = try await c.json(
            "POST", "/api/sessions",
            [
                "prototype": "mail", "device": "ipad-pro-11", "appearance": "dark", "contentSize": "accessibilityLarge",
                "layoutDirection": "rtl",
            ])
        #expect(r.status == 201)
        let state = try #require(r.json?["state"])
        #expect(state["appearance"] == "dark" && state["contentSize"] == "accessibilityLarge")
        #expect(state["layoutDirection"] == "rtl")
        let html = try #require(r.json?["html"]?.stringValue)
        #expect(html.contains(#"data-appearance="dark""#) && html.contains(#"data-content-size="accessibilityLarge""#))
        let sid = try #require(r.json?["session"]?.stringValue)
        let a = try await c.json(
            "POST", "/api/sessions/\(sid)/actions",
            ["type": "resize", "appearance": "light", "multitasking": "twoThirds"])
        #expect(a.status == 200)
        #expect(a.json?["state"]?["appearance"] == "light" && a.json?["state"]?["multitasking"] == "twoThirds")
        #expect(a.json?["state"]?["sizeClass"]?["horizontal"] == "compact")
        let half = try await c.json("POST", "/api/sessions/\(sid)/actions", ["type": "resize", "multitasking": "half"])
        #expect(half.status == 400)
        #expect(half.text.contains("supported: full, twoThirds, third, slideOver"), "\(half.text)")
        let log = try await c.request("GET", "/api/logs.csv?session=\(sid)")
        let rows = log.text.split(separator: "\r\n")
        #expect(rows.count >= 3)
        #expect(rows.last?.hasSuffix(",light,accessibilityLarge,rtl,twoThirds,0,18") == true, "\(rows.last ?? "")")
    }

    @Test func badValuesNameTheFieldAndTheAcceptedValues() async throws {
        let app = try TestApp()
        let c = app.client
        let bad = try await c.json("POST", "/api/sessions", ["prototype": "mail", "contentSize": "huge"])
        #expect(bad.status == 400)
        #expect(
            bad.text.contains("contentSize") && bad.text.contains("accessibilityExtraExtraExtraLarge"), "\(bad.text)")
        let page = try await c.request("GET", "/p/mail?appearance=sepia")
        #expect(page.status == 400)
        #expect(page.text.contains("light, dark"))
        let portraitHalf = try await c.request("GET", "/p/mail?device=ipad-mini&multitasking=half")
        #expect(portraitHalf.status == 400)
        let player = try await c.request("GET", "/p/mail?appearance=dark&contentSize=extraLarge&layoutDirection=rtl")
        #expect(player.status == 200)
        #expect(
            player.text.contains(#"data-appearance="dark""#) && player.text.contains(#"data-layout-direction="rtl""#))
        let board = try await c.request("GET", "/p/mail/board?appearance=dark")
        #expect(board.status == 200)
        #expect(board.text.contains("embed=1&amp;appearance=dark"))
    }
}
