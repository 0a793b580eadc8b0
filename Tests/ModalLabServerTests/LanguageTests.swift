import Foundation
import HTTPServer
import JSON
import Presentation
import Prototype
import TestSupport
import Testing

@testable import ModalLabServer

/// Which language a request is answered in (`LanguageNegotiation`), and the string tables.
@Suite struct LanguageNegotiationTests {
    @Test(
        arguments: [
            ("zh-Hans", Language.zhHans), ("zh", .zhHans), ("zh-CN", .zhHans), ("zh-SG", .zhHans), ("ZH-cn", .zhHans),
            ("zh-Hans-CN", .zhHans), ("zh-TW", nil), ("zh-Hant", nil), ("zh-HK", nil), ("zh-Hant-CN", nil),
            ("en", .en), ("en-GB", .en), ("fr", nil), ("*", nil), ("", nil), ("zh-", nil), ("en_US", nil),
            ("zh-Hans-TW", .zhHans),
        ] as [(String, Language?)])
    func tags(_ tag: String, _ language: Language?) {
        #expect(LanguageNegotiation.language(tag: tag) == language, "\(tag)")
    }

    @Test(
        arguments: [
            ("zh-CN,zh;q=0.9,en;q=0.8", Language.zhHans),
            ("en-US,en;q=0.9,zh-CN;q=0.8", .en),
            ("en;q=0.5, zh-Hans", .zhHans),
            ("zh-TW", nil),
            ("zh-TW, en;q=0.3", .en),
            ("zh-TW,zh;q=0.8,en;q=0.5", .zhHans),
            ("fr-CH, fr;q=0.9, de;q=0.7, *;q=0.5", .en),
            ("*", .en),
            ("en;q=0, *", .zhHans),
            ("zh;q=0, *;q=0.1", .en),
            ("zh;q=0.1, zh-CN;q=0.9, en;q=0.5", .zhHans),
            ("zh-CN;q=0, zh;q=1, en;q=0.5", .en),
            ("zh;q=2, en", .en),
            ("zh;q=0.12345, en;q=0.1", .en),
            ("zh;q=abc", nil),
            ("en;q=0.8, zh;q=0.8", .en),
            ("zh;q=0.8, en;q=0.8", .zhHans),
            (" zh-cn ; q=0.7 ,\ten ; q=0.6", .zhHans),
            ("", nil),
            (",,,;;;", nil),
        ] as [(String, Language?)])
    func acceptLanguage(_ field: String, _ language: Language?) {
        #expect(LanguageNegotiation.negotiate(acceptLanguage: field) == language, "\(field)")
    }

    @Test func anyBytesAnswerWithoutTrouble() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let n = Int.random(in: 0..<80, using: &rng)
            let scalars = (0..<n).map { _ in
                Character(Unicode.Scalar(UInt8.random(in: 0...127, using: &rng)))
            }
            _ = LanguageNegotiation.negotiate(acceptLanguage: String(scalars) + ",zh;q=0.5,é;q=1,中文")
        }
        let long = Array(repeating: "fr;q=0.9", count: 10_000).joined(separator: ",") + ",zh"
        #expect(LanguageNegotiation.negotiate(acceptLanguage: long) == nil, "past 64 ranges nothing is read")
    }

    @Test func theQueryThenTheCookieThenTheHeader() {
        func language(_ target: String, _ headers: HTTPHeaders) -> Language {
            LanguageNegotiation.language(for: HTTPRequest(target: target, headers: headers))
        }
        #expect(language("/", [:]) == .en)
        #expect(language("/", ["Accept-Language": "zh-CN"]) == .zhHans)
        #expect(language("/", ["Accept-Language": "zh-CN", "Cookie": "a=b; modallab_lang=en"]) == .en)
        #expect(language("/?lang=zh-Hans", ["Cookie": "modallab_lang=en"]) == .zhHans)
        #expect(language("/?lang=fr", ["Cookie": "modallab_lang=zh-Hans"]) == .zhHans, "a language it lacks is ignored")
        #expect(language("/?lang=xx", ["Accept-Language": "zh"]) == .zhHans)
        var two = HTTPHeaders()
        two.add(name: "Accept-Language", value: "fr")
        two.add(name: "Accept-Language", value: "zh;q=0.5")
        #expect(language("/", two) == .zhHans, "repeated fields are one list")
    }

    @Test func theToggleKeepsThePageAndItsQuery() {
        let r = HTTPRequest(target: "/p/mail?device=ipad-pro-11&lang=en&orientation=landscape&lang=zh-Hans")
        #expect(PageLocale.href(r, language: .zhHans) == "?device=ipad-pro-11&orientation=landscape&lang=zh-Hans")
        #expect(PageLocale.href(HTTPRequest(target: "/rules"), language: .en) == "?lang=en")
        #expect(PageLocale.href(HTTPRequest(target: "/s/abc.secret"), language: .en) == "?lang=en", "no path echoed")
        #expect(PageLocale.href(HTTPRequest(target: "/?token=wrong"), language: .en) == "?lang=en", "no token echoed")
    }
}

@Suite struct StringTableTests {
    /// `{name}`s of a string.
    static func placeholders(_ s: String) -> Set<String> {
        var out: Set<String> = []
        var rest = Substring(s)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            out.insert(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return out
    }

    @Test func everyKeyInEveryTableWithTheSamePlaceholders() {
        for key in UIString.allCases {
            let en = Strings.english[key], zh = Strings.simplifiedChinese[key]
            #expect(en != nil, "\(key) has no English")
            #expect(zh != nil, "\(key) has no Simplified Chinese")
            if let en, let zh {
                #expect(Self.placeholders(en) == Self.placeholders(zh), "\(key): \(en) | \(zh)")
            }
        }
        #expect(Strings.english.count == UIString.allCases.count)
        #expect(Strings.simplifiedChinese.count == UIString.allCases.count)
    }

    @Test func theChineseIsChinese() {
        // What may read the same in both: names and formats without words.
        let same: Set<UIString> = [.navGallery, .commentAt]
        for key in UIString.allCases where !same.contains(key) && key != .languageToggle && key != .languageToggleTitle
        {
            let zh = Strings.simplifiedChinese[key] ?? ""
            #expect(zh != Strings.english[key], "\(key) is not translated")
            // A technology's own name and a format with no words need no Chinese characters.
            if key == .navSchema || key == .actionStatus { continue }
            #expect(zh.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) }, "\(key): \(zh)")
        }
        #expect(Strings.simplifiedChinese[.cancel] == "取消")
        #expect(Strings.simplifiedChinese[.languageToggle] == "English")
        #expect(Strings.english[.languageToggle] == "简体中文")
    }

    @Test func everySectionOfTheCatalogueHasAChineseTitle() {
        for section in Set(RuleCatalogue.all.map(\.section)) {
            #expect(RulesView.sectionTitle(section, Strings(.zhHans)) != section, "\(section)")
        }
    }

    /// Every `{{t.key}}` of the templates is a key; every key is used by a template, a view
    /// model or the player's script; the script asks only for the strings the page gives it.
    @Test func templatesAndScriptsNameOnlyKeysAndEveryKeyIsUsed() throws {
        let fm = FileManager.default
        var templates = ""
        for dir in ["Templates/pages", "Templates/pages/partials"] {
            for f in try fm.contentsOfDirectory(atPath: repositoryRoot + "/" + dir) where f.hasSuffix(".mustache") {
                templates += try String(contentsOfFile: repositoryRoot + "/\(dir)/\(f)", encoding: .utf8)
            }
        }
        let named = try Regex(#"\{\{\{?t\.([A-Za-z0-9]+)"#)
        let inTemplates = Set(templates.matches(of: named).map { String($0.output[1].substring ?? "") })
        for key in inTemplates where key != "clientJSON" {
            #expect(UIString(rawValue: key) != nil, "templates name t.\(key), which no table has")
        }
        var swift = ""
        let sources = repositoryRoot + "/Sources/ModalLabServer"
        for f in fm.enumerator(atPath: sources)?.compactMap({ $0 as? String }) ?? []
        where f.hasSuffix(".swift") && !f.contains("Strings+") {
            swift += try String(contentsOfFile: sources + "/" + f, encoding: .utf8)
        }
        var scripts = ""
        for f in try fm.contentsOfDirectory(atPath: repositoryRoot + "/Public") where f.hasSuffix(".js") {
            scripts += try String(contentsOfFile: repositoryRoot + "/Public/" + f, encoding: .utf8)
        }
        let asked = try Regex(#"\b(?:t|tNodes)\("([A-Za-z0-9]+)""#)
        let inScripts = Set(scripts.matches(of: asked).map { String($0.output[1].substring ?? "") })
        let client = Set((Strings.clientKeys + Strings.assetClientKeys).map(\.rawValue))
        #expect(inScripts.subtracting(client).isEmpty, "scripts ask for strings the page lacks")
        for key in UIString.allCases {
            let used =
                inTemplates.contains(key.rawValue) || swift.contains(".\(key.rawValue)")
                || inScripts.contains(key.rawValue) || (key == .noComments && templates.contains("t.noComments"))
            #expect(used, "\(key) is in the tables but nothing shows it")
        }
    }
}

/// Every page in the reader's language, over the app's routes.
@Suite(.serialized) struct LocalizedPageTests {
    static let pages = ["/", "/p/mail", "/p/mail/board", "/p/mail/insights", "/p/mail/edit", "/rules"]

    @Test func pagesFollowAcceptLanguage() async throws {
        let s = try TestApp()
        for path in Self.pages {
            let en = try await s.client.request("GET", path)
            #expect(en.text.contains(#"<html lang="en">"#), "\(path)")
            #expect(en.header("Content-Language") == "en")
            #expect(en.text.contains(#">简体中文</a>"#), "\(path) offers Chinese")
            for accept in ["zh-Hans", "zh-CN,en;q=0.5", "zh"] {
                let zh = try await s.client.request("GET", path, headers: ["Accept-Language": accept])
                #expect(zh.status == 200)
                #expect(zh.text.contains(#"<html lang="zh-Hans">"#), "\(path) for \(accept)")
                #expect(zh.header("Content-Language") == "zh-Hans")
                #expect(zh.header("Set-Cookie") == nil, "only a choice is remembered")
            }
            let tw = try await s.client.request("GET", path, headers: ["Accept-Language": "zh-TW"])
            #expect(tw.text.contains(#"<html lang="en">"#), "Traditional Chinese readers get English")
        }
        let zh = ["Accept-Language": "zh-Hans"]
        let gallery = try await s.client.request("GET", "/", headers: zh).text
        #expect(gallery.contains("试用") && gallery.contains("0 个错误") && !gallery.contains(">Play<"))
        // Lint findings in the catalogue's Chinese, saying so; the English page's say English.
        #expect(gallery.contains(#"<p class="message" lang="zh-Hans"><bdi>"#))
        #expect(!(try await s.client.request("GET", "/").text.contains(#"lang="zh-Hans"><bdi>"#)))
        let player = try await s.client.request("GET", "/p/mail", headers: zh).text
        for words in ["设备", "竖屏", "多任务处理", "分屏浏览 ½", "侧拉", "规则", "上一个操作", "还没有评论。", "发布", "取消"] {
            #expect(player.contains(words), "\(words)")
        }
        #expect(player.contains(">Inbox<") || player.contains("<bdi>Inbox</bdi>"), "the prototype's own text stays")
        let rules = try await s.client.request("GET", "/rules", headers: zh).text
        #expect(rules.contains("弹出框之上不显示其他视图") && rules.contains("3.3 弹出框") && rules.contains("运行时"))
        let board = try await s.client.request("GET", "/p/mail/board", headers: zh).text
        #expect(board.contains("所有设备") && board.contains("横屏"))
        let insights = try await s.client.request("GET", "/p/mail/insights?audience=all", headers: zh).text
        #expect(insights.contains("取消率") && insights.contains("个会话"))
        let missing = try await s.client.request("GET", "/p/nope", headers: zh)
        #expect(missing.status == 404)
        #expect(missing.text.contains("未找到") && missing.text.contains("返回原型库"))
        #expect(missing.text.contains(#"<html lang="zh-Hans">"#))
    }

    @Test func theToggleSetsARememberedChoice() async throws {
        let s = try TestApp()
        let c = s.client
        let chose = try await c.request(
            "GET", "/p/mail?device=iphone-16&lang=zh-Hans", headers: ["Accept-Language": "en"])
        #expect(chose.text.contains(#"<html lang="zh-Hans">"#))
        let cookie = try #require(chose.header("Set-Cookie"))
        #expect(cookie.hasPrefix("modallab_lang=zh-Hans;") && cookie.contains("Path=/") && cookie.contains("Max-Age="))
        #expect(chose.text.contains(#"href="?device=iphone-16&amp;lang=en""#), "the toggle back keeps the device")
        let later = try await c.request(
            "GET", "/rules", headers: ["Accept-Language": "en", "Cookie": "modallab_lang=zh-Hans"])
        #expect(later.text.contains(#"<html lang="zh-Hans">"#))
        // Error pages set it too, and an unknown language sets nothing.
        #expect(
            try await c.request("GET", "/p/nope?lang=en").header("Set-Cookie")?.hasPrefix("modallab_lang=en") == true)
        #expect(try await c.request("GET", "/rules?lang=klingon").header("Set-Cookie") == nil)
    }

    @Test func theRefusalsThePlayerShowsAreInItsLanguage() async throws {
        let s = try TestApp()
        let start = try await s.client.request(
            "POST", "/api/sessions", body: #"{"prototype": "mail", "device": "iphone-16"}"#,
            headers: ["Cookie": "modallab_lang=zh-Hans"])
        let sid = try #require(start.json?["session"]?.stringValue)
        func act(_ body: String, _ headers: [String: String]) async throws -> TestResponse {
            try await s.client.request("POST", "/api/sessions/\(sid)/actions", body: body, headers: headers)
        }
        _ = try await act(#"{"type": "tap", "target": "compose"}"#, [:])
        let zh = try await act(#"{"type": "tap", "target": "delete-all"}"#, ["Accept-Language": "zh-CN"])
        #expect(zh.status == 409)
        let toast = zh.json?["toastHTML"]?.stringValue ?? ""
        #expect(toast.contains("已拒绝") && toast.contains(#"aria-label="关闭""#))
        #expect(zh.json?["refusalHTML"]?.stringValue?.contains("依据规则") == true)
        #expect(zh.json?["diagnosticsHTML"]?.stringValue?.contains(#"<span class="badge">错误</span>"#) == true)
        #expect(toast.contains(#"lang="en""#), "the engine's message says it is English")
        let en = try await act(#"{"type": "tap", "target": "delete-all"}"#, [:])
        #expect(en.json?["toastHTML"]?.stringValue?.contains("Refused") == true)
        #expect(en.json?["detail"] == zh.json?["detail"], "the problem itself is the API's, in English")
    }
}
