import Foundation
import JSON
import TestSupport
import Testing

@testable import ModalLabServer

/// Revoking a link in the links dialog asks first, naming the link and how many sessions
/// running through it end: `GET /api/shares` says how many (`sessionsRunning`), and the
/// dialog's question and its words, in English and Simplified Chinese, come with the page.
@Suite(.serialized) struct ShareRevokeQuestionTests {
    /// `sessionsRunning` counts the sessions this server holds that were started through the
    /// link — 0, then 2 once two of its participants start — and none once it is revoked.
    @Test func theListSaysHowManySessionsRunThroughEachLink() async throws {
        let s = try TestApp(socket: true)
        let c = s.client
        func running(_ id: String) async throws -> Int? {
            let list = try #require(try await c.json("GET", "/api/shares").json?.arrayValue)
            return list.first { $0["id"]?.stringValue == id }?["sessionsRunning"]?.intValue
        }
        let made = try await c.json(
            "POST", "/api/shares", ["prototype": "mail", "role": "participant", "tasks": ["send-draft"], "label": "R"])
        let other = try await c.json("POST", "/api/shares", ["prototype": "mail", "role": "view", "label": "V"])
        let id = try #require(made.json?["id"]?.stringValue)
        let otherID = try #require(other.json?["id"]?.stringValue)
        #expect(try await running(id) == 0)
        let cookie = try await SessionAudienceTests.open(c, try #require(made.json?["url"]?.stringValue))
        for pid in ["P1", "P2"] {
            let started = try await SessionAudienceTests.request(
                c, "POST", "/api/sessions", cookie: cookie, body: #"{"prototype": "mail", "pid": "\#(pid)"}"#)
            #expect(started.status == 201, "\(started.text)")
        }
        // The owner's own session is nobody's link's.
        #expect(try await c.json("POST", "/api/sessions", ["prototype": "mail"]).status == 201)
        #expect(try await running(id) == 2)
        #expect(try await running(otherID) == 0)
        #expect(try await c.request("DELETE", "/api/shares/\(id)").status == 204)
        #expect(try await running(id) == 0)
    }

    /// The gallery's links dialog carries the question — Cancel first, then Revoke — and the
    /// words the script fills in, in both languages.
    @Test func theQuestionIsOnThePageInBothLanguages() async throws {
        let s = try TestApp(socket: true)
        let expected = [
            ("en", "Cancel", "The {count} sessions running through it end at once."),
            ("zh-Hans", "取消", "通过它进行中的 {count} 个会话将立即结束。"),
        ]
        for (lang, cancel, other) in expected {
            let gallery = try await s.client.request("GET", "/?lang=\(lang)")
            #expect(gallery.status == 200)
            let text = gallery.text
            #expect(text.contains(#"<dialog class="share-confirm" data-share-confirm"#), "\(lang)")
            let cancelAt = try #require(text.range(of: "data-share-confirm-cancel>\(cancel)</button>"), "\(lang)")
            let revokeAt = try #require(text.range(of: "data-share-confirm-revoke>"), "\(lang)")
            #expect(cancelAt.lowerBound < revokeAt.lowerBound, "Cancel comes first")
            let strings = try #require(ShareLinkPagesTests.strings(text))
            #expect(strings["shareRevokeConfirmOther"]?.stringValue?.hasPrefix(other) == true, "\(lang)")
            for key in ["shareRevokeConfirm", "shareRevokeConfirmNone", "shareRevokeConfirmOne", "shareRevokeKept"] {
                #expect(strings[key]?.stringValue?.isEmpty == false, "\(lang): \(key)")
            }
            #expect(strings["shareRevokeConfirm"]?.stringValue?.contains("{label}") == true)
        }
    }
}
