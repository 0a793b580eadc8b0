import Foundation
import JSON
import TestSupport
import Testing

@testable import ModalLabServer

/// Player pages come from the page cache (``PageCache``) once drawn, over real sockets: a page
/// asked for again is the same bytes without being drawn again, and every reader still gets the
/// page that is theirs — another environment, language, viewer or participant link's tasks is
/// another page, and a changed prototype file is drawn anew.
@Suite struct PageCacheTests {
    @Test func aPageIsDrawnOnceAndEachReaderGetsTheirs() async throws {
        let dir = try TemporaryDirectory("page-cache")
        defer { dir.remove() }
        try FileManager.default.copyItem(
            atPath: repositoryRoot + "/Templates/prototypes/mail.json", toPath: dir.file("mail.json"))
        let app = try TestApp(socket: true, prototypes: dir.path)
        let c = app.client

        let first = try await c.request("GET", "/p/mail")
        #expect(first.status == 200, "\(first.text)")
        #expect(first.header("Content-Type") == "text/html; charset=utf-8")
        #expect(first.header("Content-Security-Policy") != nil, "the security headers are added to a cached page too")
        #expect(first.header("Cache-Control") == "no-store")
        #expect(app.app.playerPages.count == 1)
        let again = try await c.request("GET", "/p/mail")
        #expect(again.body == first.body, "the same page")
        #expect(again.header("Content-Security-Policy") != nil)
        #expect(app.app.playerPages.count == 1, "drawn once")

        // Another environment, another language: other pages.
        let pad = try await c.request("GET", "/p/mail?device=ipad-pro-13")
        #expect(pad.status == 200)
        #expect(pad.text.contains(#"data-device="ipad-pro-13""#), "the iPad's frame")
        #expect(!first.text.contains(#"data-device="ipad-pro-13""#))
        let chinese = try await c.request("GET", "/p/mail", headers: ["Accept-Language": "zh-CN"])
        #expect(chinese.text.contains(#"<html lang="zh-Hans""#), "the reader's language, not the cached English page")
        #expect(first.text.contains(#"<html lang="en""#))
        #expect(chinese.header("Content-Language") == "zh-Hans")
        #expect(app.app.playerPages.count == 3)

        // A view link's reader: no owner's tools, though the owner's page of the same address is cached.
        #expect(first.text.contains("/p/mail/insights"), "the owner's page links to the insights")
        let viewer = try await FairLimitsTests.share(c)
        let viewed = try await FairLimitsTests.asViewer(c, viewer.cookie, "GET", "/p/mail")
        #expect(viewed.status == 200)
        #expect(!viewed.text.contains("/p/mail/insights"), "a view link's page has no owner's tools")
        #expect(!viewed.text.contains(#"id="comment-mode""#), "nor comments")

        // Participant links play their own tasks.
        func participant(_ tasks: [String]) async throws -> String {
            let created = try await c.json(
                "POST", "/api/shares",
                ["prototype": "mail", "role": "participant", "tasks": .array(tasks.map { .string($0) })])
            let url = try #require(created.json?["url"]?.stringValue, "\(created.status) \(created.text)")
            let opened = try await c.request("GET", String(url[url.range(of: "/s/")!.lowerBound...]), auth: false)
            let cookie = String(try #require(opened.header("Set-Cookie")).split(separator: ";")[0])
            let page = try await FairLimitsTests.asViewer(c, cookie, "GET", "/p/mail")
            #expect(page.status == 200, "\(page.text)")
            return page.text
        }
        let one = try await participant(["send-draft"])
        let two = try await participant(["share-inbox", "send-draft"])
        #expect(one.contains("data-study-tasks") && one.contains("send-draft") && !one.contains("share-inbox"))
        #expect(two.contains("share-inbox") && two.contains("send-draft"))

        // The prototype's file changes: its page is drawn anew.
        let got = try await c.request("GET", "/api/prototypes/mail")
        let changed = try await c.request(
            "PATCH", "/api/prototypes/mail", body: #"[{"op":"replace","path":"/name","value":"Mail Two"}]"#,
            headers: ["If-Match": try #require(got.header("ETag"))], contentType: "application/json-patch+json")
        #expect(changed.status == 200, "\(changed.text)")
        let redrawn = try await c.request("GET", "/p/mail")
        #expect(redrawn.status == 200)
        #expect(redrawn.text.contains("Mail Two"), "the changed file's page")
        #expect(!first.text.contains("Mail Two"))
    }

    /// The cache is bounded by bytes: past its budget it starts over.
    @Test func bytesBoundTheCache() throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: repositoryRoot + "/Templates/prototypes/mail.json"))
        let loaded = LoadedPrototype.load(bytes: [UInt8](bytes), file: "mail.json")
        let cache = PageCache(byteCapacity: 1000)
        var renders = 0
        func page(_ target: String) throws -> Int {
            let key = PageCache.Key(prototype: "mail", target: target, language: .en, viewer: "owner")
            _ = try cache.page(key, of: loaded) { () throws(Problem) in
                renders += 1
                return .html(String(repeating: "x", count: 600))
            }
            return renders
        }
        #expect(try page("/p/mail") == 1)
        #expect(try page("/p/mail") == 1)
        // A second 600-byte page would pass the 1,000-byte budget: the cache starts over.
        #expect(try page("/p/mail?device=ipad-pro-13") == 2)
        #expect(cache.count == 1)
        #expect(try page("/p/mail") == 3)
        // Another file of the same id (a reload) is drawn again.
        var other = loaded
        other.bytes.append(0x20)
        let key = PageCache.Key(prototype: "mail", target: "/p/mail", language: .en, viewer: "owner")
        _ = try cache.page(key, of: other) { () throws(Problem) in
            renders += 1
            return .html("y")
        }
        #expect(renders == 4)
    }
}
