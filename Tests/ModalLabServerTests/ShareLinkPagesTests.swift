import Foundation
import JSON
import TestSupport
import Testing

@testable import ModalLabServer

/// What the owner's links dialog shows of each link, and what a link's holder sees when it no
/// longer works, over sockets.
@Suite(.serialized) struct ShareLinkPagesTests {
    /// The dialog's list is fed by `GET /api/shares`: a participant link's stored options
    /// (`fixed`, `taskOrder`, `askPid`), none for other roles; the dialog names them with its own
    /// menus' names, the player's (a device by its catalogue name), and has the words for the
    /// rest in English and Simplified Chinese.
    @Test func theLinksListIsFedWhatEachParticipantLinkFixes() async throws {
        let dir = try StudyTests.studyFolder()
        defer { dir.remove() }
        let s = try TestApp(socket: true, prototypes: dir.path)
        let fixedLink = try await s.client.json(
            "POST", "/api/shares",
            [
                "prototype": "mail", "role": "participant", "label": "Fixed", "tasks": ["send-draft", "share-inbox"],
                "taskOrder": "counterbalanced", "askPid": true, "device": "iphone-16", "appearance": "dark",
                "contentSize": "extraLarge",
            ])
        #expect(fixedLink.status == 201, "\(fixedLink.text)")
        let open = try await s.client.json(
            "POST", "/api/shares",
            ["prototype": "mail", "role": "participant", "label": "Open", "tasks": ["send-draft"]])
        #expect(open.status == 201, "\(open.text)")
        let view = try await s.client.json("POST", "/api/shares", ["prototype": "mail", "role": "view", "label": "V"])
        #expect(view.status == 201, "\(view.text)")

        let list = try #require(try await s.client.request("GET", "/api/shares").json?.arrayValue)
        func link(_ label: String) throws -> JSONValue {
            try #require(list.first { $0["label"]?.stringValue == label })
        }
        let f = try link("Fixed")
        #expect(f["fixed"] == ["device": "iphone-16", "appearance": "dark", "contentSize": "extraLarge"], "\(f)")
        #expect(f["taskOrder"] == "counterbalanced" && f["askPid"] == true, "\(f)")
        let o = try link("Open")
        #expect(o["fixed"] == .object(JSONObject()) && o["askPid"] == false && o["taskOrder"] == nil, "\(o)")
        let v = try link("V")
        #expect(v["fixed"] == nil && v["askPid"] == nil, "\(v)")

        // The dialog: a column for it, its menus' names the player's, the words in both languages.
        for lang in ["en", "zh-Hans"] {
            let gallery = try await s.client.request("GET", "/?lang=\(lang)")
            #expect(gallery.status == 200)
            let strings = try #require(Self.strings(gallery.text), "no data-strings on the gallery")
            for key in [
                "shareFixesBrowserAppearance", "shareFixesRest", "shareFixesTextSize", "shareFixesAskPid",
                "shareFixesTasks",
                "shareFixesOrderPrototype",
                "shareFixesOrderFixed", "shareFixesOrderCounterbalanced",
            ] {
                let words = try #require(strings[key]?.stringValue, "\(lang): \(key) missing")
                if lang == "zh-Hans" {
                    #expect(words.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) }, "\(key): \(words)")
                }
            }
            #expect(gallery.text.contains(#"<td data-cell="fixes"></td>"#))
            let player = try await s.client.request("GET", "/p/mail?device=iphone-16&lang=\(lang)")
            for page in [gallery.text, player.text] {
                #expect(
                    page.contains(#"<option value="iphone-16">iPhone 16</option>"#)
                        || page.contains(#"<option value="iphone-16" selected>iPhone 16</option>"#))
            }
        }
        let zh = try await s.client.request("GET", "/?lang=zh-Hans")
        #expect(zh.text.contains("参与者的设置"), "the column's heading in Chinese")
    }

    /// What a participant link leaves unfixed is not the participant's to choose (they have no
    /// environment menus): the dialog's words say the prototype's defaults and the browser's
    /// appearance, never that the participant chooses; each menu's empty choice names the
    /// prototype's default as the menu names it (the Mail example's first device, iPhone 16).
    @Test func whatALinkLeavesUnfixedIsThePrototypesDefault() async throws {
        let dir = try StudyTests.studyFolder()
        defer { dir.remove() }
        let s = try TestApp(socket: true, prototypes: dir.path)
        let expected: [(lang: String, rest: String, appearance: String, device: String, orientation: String)] = [
            (
                "en", "other settings: the prototype's defaults", "appearance: the participant's browser's setting",
                "The prototype&#39;s default: iPhone 16", "The prototype&#39;s default: Portrait"
            ),
            ("zh-Hans", "其他设置：原型的默认值", "外观：参与者浏览器的设置", "原型的默认值：iPhone 16", "原型的默认值：竖屏"),
        ]
        for e in expected {
            let gallery = try await s.client.request("GET", "/?lang=\(e.lang)")
            #expect(gallery.status == 200)
            let strings = try #require(Self.strings(gallery.text), "no data-strings on the gallery")
            #expect(strings["shareFixesRest"]?.stringValue == e.rest)
            #expect(strings["shareFixesBrowserAppearance"]?.stringValue == e.appearance)
            #expect(gallery.text.contains(#"<option value="">"# + e.device + "</option>"), "\(e.lang)")
            #expect(gallery.text.contains(#"<option value="">"# + e.orientation + "</option>"), "\(e.lang)")
            #expect(!gallery.text.contains("participant chooses") && !gallery.text.contains("Left to the participant"))
            #expect(!gallery.text.contains("由参与者"), "\(e.lang)")
        }
    }

    /// The `data-strings` table of a page.
    static func strings(_ html: String) -> JSONValue? {
        guard let start = html.range(of: #"data-strings=""#) else { return nil }
        let rest = html[start.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        let text = String(rest[..<end]).replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
        return try? JSONParser.parse(text)
    }

    /// A link that no longer works — revoked, or never made — opens a neutral page in the
    /// holder's language that offers no way to the gallery (only the owner can open it); a
    /// working link's holder gets no gallery link either; the owner's error pages keep it.
    @Test func aLinkThatNoLongerWorksSaysSoWithoutTheGallery() async throws {
        let dir = try StudyTests.studyFolder()
        defer { dir.remove() }
        let s = try TestApp(socket: true, prototypes: dir.path)
        let made = try await s.client.json(
            "POST", "/api/shares", ["prototype": "mail", "role": "participant", "tasks": ["send-draft"]])
        let url = try #require(made.json?["url"]?.stringValue)
        let id = try #require(made.json?["id"]?.stringValue)
        let token = String(url[url.range(of: "/s/")!.upperBound...])
        let cookie = ["Cookie": "modallab_share_\(s.client.port)=\(token)"]
        let gallery = #"href="/""#
        let english = "This link is no longer valid; ask whoever sent it for a new one."

        // Working: the holder's error page (another prototype) has no gallery link.
        let other = try await s.client.request("GET", "/p/nowhere", headers: cookie, auth: false)
        #expect(other.status == 404)
        #expect(!other.text.contains(gallery) && !other.text.contains(english), "\(other.text)")
        #expect(other.text.contains("no prototype"))
        // …but one back to the prototype the link opens.
        #expect(other.text.contains(#"href="/p/mail""#) && other.text.contains("Back to the shared prototype"))

        #expect(try await s.client.request("DELETE", "/api/shares/\(id)").status == 204)
        for (path, status) in [("/s/\(token)", 404), ("/p/mail", 401)] {
            let en = try await s.client.request("GET", path, headers: cookie, auth: false)
            #expect(en.status == status, "\(path): \(en.status)")
            #expect(en.text.contains(english) && en.text.contains("This link no longer works"), "\(path): \(en.text)")
            #expect(!en.text.contains(gallery), "\(path) offers the gallery")
            let zh = try await s.client.request(
                "GET", path + "?lang=zh-Hans", headers: cookie, auth: false)
            #expect(zh.text.contains("此链接已不再有效；请向发给你链接的人索取新的链接。") && !zh.text.contains(gallery), "\(path): \(zh.text)")
        }
        // A link never made: the same page.
        let unknown = try await s.client.request("GET", "/s/AAAAAAAAAAA.bogus", auth: false)
        #expect(unknown.status == 404 && unknown.text.contains(english) && !unknown.text.contains(gallery))
        // The owner's error pages keep the way back.
        let owner = try await s.client.request("GET", "/p/nowhere")
        #expect(owner.status == 404 && owner.text.contains(gallery) && !owner.text.contains(english))
    }

    /// A share link's holder who opens an owner's page (the gallery at `/`) reads words for them,
    /// in their language, with a link back to what their link opens — not the owner's
    /// instructions (a Bearer token), though a designer who holds their own link is told where
    /// to sign in. The status stays 401. A wrong `?token=` keeps its own page.
    @Test func anOwnersPageShowsAHolderBackToTheirPrototype() async throws {
        let dir = try StudyTests.studyFolder()
        defer { dir.remove() }
        let s = try TestApp(socket: true, prototypes: dir.path)
        let instructions = "Authorization: Bearer"
        for (role, opens) in [
            ("participant", "/p/mail"), ("view", "/p/mail"), ("comment", "/p/mail"), ("report", "/p/mail/insights"),
        ] {
            var body: JSONObject = ["prototype": "mail", "role": .string(role)]
            if role == "participant" { body["tasks"] = ["send-draft"] }
            let made = try await s.client.json("POST", "/api/shares", .object(body))
            let url = try #require(made.json?["url"]?.stringValue, "\(made.text)")
            let token = String(url[url.range(of: "/s/")!.upperBound...])
            let cookie = ["Cookie": "modallab_share_\(s.client.port)=\(token)", "Accept": "text/html"]
            let en = try await s.client.request("GET", "/", headers: cookie, auth: false)
            #expect(en.status == 401, "\(role)")
            #expect(en.text.contains("This page is the designer’s"), "\(role): \(en.text)")
            #expect(en.text.contains(#"href="\#(opens)""#) && !en.text.contains(#"href="/""#), "\(role): \(en.text)")
            #expect(!en.text.contains(instructions), "\(role): the owner's instructions")
            #expect(en.text.contains("If you are the designer"), "\(role): \(en.text)")
            let zh = try await s.client.request("GET", "/?lang=zh-Hans", headers: cookie, auth: false)
            #expect(zh.text.contains("此页面仅供设计者使用") && zh.text.contains("返回共享给你的原型"), "\(role): \(zh.text)")
        }
        // Someone signing in with a wrong token, holding a link: the wrong token's own page.
        let made = try await s.client.json("POST", "/api/shares", ["prototype": "mail", "role": "view"])
        let url = try #require(made.json?["url"]?.stringValue)
        let token = String(url[url.range(of: "/s/")!.upperBound...])
        let wrong = try await s.client.request(
            "GET", "/?token=nope",
            headers: ["Cookie": "modallab_share_\(s.client.port)=\(token)", "Accept": "text/html"], auth: false)
        #expect(wrong.status == 401 && wrong.text.contains("Wrong owner token"), "\(wrong.text)")
        // Without credentials the page still says how the owner gets in.
        let anyone = try await s.client.request("GET", "/", headers: ["Accept": "text/html"], auth: false)
        #expect(anyone.status == 401 && anyone.text.contains(instructions) && anyone.text.contains(#"href="/""#))
    }
}
