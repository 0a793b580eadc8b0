import Foundation
import JSON
import TestSupport
import Testing

@testable import ModalLabServer

/// The iOS version a session runs as (`targetOS`) wherever it enters: the prototype's by
/// default, the session's body, the resize action, the player's and the board's query (and the
/// board's comparison of versions), the frame's `data-os` and `data-design`, the state and the
/// log's `target_os` column; bad values are 400 problems naming the field.
@Suite struct VersionAPITests {
    @Test func theSessionRunsAsThePrototypesVersionUnlessItAsksForAnother() async throws {
        let app = try TestApp()
        let c = app.client
        let plain = try await c.json("POST", "/api/sessions", ["prototype": "mail"])
        #expect(plain.status == 201)
        #expect(plain.json?["state"]?["targetOS"] == "18")
        #expect(plain.json?["html"]?.stringValue?.contains(#"data-os="18""#) == true)
        #expect(plain.json?["html"]?.stringValue?.contains(#"data-design="classic""#) == true)

        let r = try await c.json("POST", "/api/sessions", ["prototype": "mail", "targetOS": "26"])
        #expect(r.status == 201)
        #expect(r.json?["state"]?["targetOS"] == "26")
        let html = try #require(r.json?["html"]?.stringValue)
        #expect(html.contains(#"data-os="26""#) && html.contains(#"data-design="liquid-glass""#))
        let sid = try #require(r.json?["session"]?.stringValue)
        let back = try await c.json("POST", "/api/sessions/\(sid)/actions", ["type": "resize", "targetOS": 17])
        #expect(back.status == 200)
        #expect(back.json?["state"]?["targetOS"] == "17")
        #expect(back.json?["html"]?.stringValue?.contains(#"data-design="classic""#) == true)
        let log = try await c.request("GET", "/api/logs.csv?session=\(sid)")
        let rows = log.text.split(separator: "\r\n")
        // target_os, then audience, share_label and pid (the owner's: owner and two nulls).
        #expect(rows.first?.hasSuffix(",target_os,audience,share_label,pid") == true)
        #expect(rows.last?.hasSuffix(",17,owner,,") == true, "\(rows.last ?? "")")
        #expect(rows.dropFirst().first?.hasSuffix(",26,owner,,") == true, "\(rows.dropFirst().first ?? "")")
    }

    @Test func badVersionsNameTheField() async throws {
        let app = try TestApp()
        let c = app.client
        let body = try await c.json("POST", "/api/sessions", ["prototype": "mail", "targetOS": "twenty-six"])
        #expect(body.status == 400)
        #expect(body.text.contains("targetOS") && body.text.contains("7 to 99"), "\(body.text)")
        let r = try await c.json("POST", "/api/sessions", ["prototype": "mail"])
        let sid = try #require(r.json?["session"]?.stringValue)
        let resize = try await c.json("POST", "/api/sessions/\(sid)/actions", ["type": "resize", "targetOS": 300])
        #expect(resize.status == 400)
        #expect(resize.text.contains("targetOS"), "\(resize.text)")
        let page = try await c.request("GET", "/p/mail?targetOS=abc")
        #expect(page.status == 400)
        #expect(page.text.contains("targetOS"))
        let board = try await c.request("GET", "/p/mail/board?versions=18,x")
        #expect(board.status == 400)
    }

    @Test func thePlayerOffersTheVersionsAndTheBoardComparesThem() async throws {
        let app = try TestApp()
        let c = app.client
        let player = try await c.request("GET", "/p/mail?targetOS=26")
        #expect(player.status == 200)
        #expect(player.text.contains(#"id="target-os-select""#))
        #expect(player.text.contains(#"<option value="26" selected>iOS 26</option>"#), "the toolbar shows iOS 26")
        #expect(player.text.contains(#"<option value="17">iOS 17</option>"#))
        #expect(player.attribute("data-environment")?["targetOS"] == "26")
        #expect(player.attribute("data-environment-defaults")?["targetOS"] == "18")
        #expect(player.text.contains(#"data-os="26""#))
        let board = try await c.request("GET", "/p/mail/board?targetOS=26")
        #expect(board.text.contains("embed=1&amp;targetOS=26"))
        let compare = try await c.request("GET", "/p/mail/board?versions=18,26")
        #expect(compare.status == 200)
        #expect(compare.text.contains("embed=1&amp;targetOS=18") && compare.text.contains("embed=1&amp;targetOS=26"))
        #expect(compare.text.contains(#"data-target-os="26""#))
    }
}
