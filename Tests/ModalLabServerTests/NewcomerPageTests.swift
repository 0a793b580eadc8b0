import Foundation
import JSON
import TestSupport
import Testing

@testable import ModalLabServer

/// Pages a newcomer met in their first study, over real sockets: a broken file's page and the
/// gallery name the prototype as its designer does and list every error; only a session the
/// server is running is offered, and shown, as live.
@Suite struct NewcomerPageTests {
    /// A server over `data` (kept by the caller) on a free port, with an owner client.
    static func serve(data: String, prototypes: String? = nil) throws -> (ModalLabApp, AppClient) {
        var c = AppConfiguration()
        c.port = 0
        c.dataDirectory = data
        c.ownerToken = "owner-test-token"
        c.resourceRoot = repositoryRoot
        c.prototypesDirectory = prototypes
        let app = try ModalLabApp(configuration: c)
        return (app, AppClient(transport: .socket, port: try app.start(), token: "owner-test-token"))
    }

    static func stop(_ app: ModalLabApp) async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            app.shutdown(gracePeriod: 1) { done.resume() }
        }
    }

    /// A file with errors: the gallery names it by its `"name"` (not its id), and its player page
    /// says "Northwind Bank can’t be played yet" — not "409 Prototype has errors" — with the
    /// file, every error at its JSON path, and the lint command; in Chinese too. The API keeps
    /// its 409 problem.
    @Test func aBrokenFilesPageNamesItAndListsEveryError() async throws {
        let dirFolder = try TemporaryDirectory("broken-page")
        defer { dirFolder.remove() }
        let dir = dirFolder.path
        try #"""
        {"format": "modallab/1", "id": "banking", "name": "Northwind Bank", "start": "accounts",
         "screens": [{"id": "home", "title": "Accounts"}],
         "modals": [{"id": "confirm-transfer", "style": "sideways"}]}
        """#.write(toFile: dir + "/banking.json", atomically: true, encoding: .utf8)
        let (app, client) = try Self.serve(data: dir + "/data", prototypes: dir)
        let loaded = try #require(app.library.get("banking"))
        let errors = loaded.diagnostics.filter { $0.severity == .error }
        #expect(errors.count >= 2, "\(errors)")

        let gallery = try await client.request("GET", "/")
        #expect(gallery.text.contains("<h2><bdi>Northwind Bank</bdi></h2>"), "\(gallery.text)")
        let listed = try await client.request("GET", "/api/prototypes")
        #expect(listed.json?.arrayValue?.first { $0["id"] == "banking" }?["name"] == "Northwind Bank")

        let page = try await client.request("GET", "/p/banking")
        #expect(page.status == 409)
        let heading =
            page.text.components(separatedBy: "<h1>").dropFirst().first?.components(separatedBy: "</h1>")
            .first ?? ""
        #expect(heading.contains("Northwind Bank") && heading.contains("can’t be played yet"), "\(heading)")
        #expect(!heading.contains("409") && !page.text.contains("Prototype has errors"), "\(page.text)")
        #expect(page.text.contains("banking.json has \(errors.count) errors"), "\(page.text)")
        for path in errors.compactMap(\.path) { #expect(page.text.contains(path), "\(path) missing from the page") }
        #expect(page.text.contains("modallab lint ") && page.text.contains("/banking.json</bdi></code>"))
        #expect(page.text.contains("/public/reload.js"), "a fixed file mends the page")
        let zh = try await client.request("GET", "/p/banking?lang=zh-Hans")
        #expect(zh.text.contains("暂时无法试用") && zh.text.contains("个错误"), "\(zh.text)")

        let api = try await client.json("POST", "/api/sessions", ["prototype": "banking"])
        #expect(api.status == 409 && api.json?["title"] == "Prototype has errors", "\(api.text)")
        await Self.stop(app)
    }

    /// Sessions on the insights page: one this server is running is `running`, with Watch live;
    /// one that ended is `ended`, one whose server stopped and that never came back is
    /// `abandoned`, neither offered live; and the watch page of one not running says so instead
    /// of "Watching … live", with no stream.
    @Test func onlyARunningSessionIsOfferedToWatchLive() async throws {
        let dataFolder = try TemporaryDirectory("watch-live")
        defer { dataFolder.remove() }
        let data = dataFolder.path
        func session(_ client: AppClient) async throws -> String {
            let r = try await client.json("POST", "/api/sessions", ["prototype": "mail", "device": "iphone-16"])
            return try #require(r.json?["session"]?.stringValue, "\(r.text)")
        }
        let (first, c1) = try Self.serve(data: data)
        let abandoned = try await session(c1)
        let ended = try await session(c1)
        #expect(try await c1.request("DELETE", "/api/sessions/\(ended)").status == 204)
        await Self.stop(first)

        let (second, c2) = try Self.serve(data: data)
        let running = try await session(c2)
        let insights = try await c2.request("GET", "/p/mail/insights?audience=all")
        #expect(insights.status == 200)
        func row(_ sid: String) -> String {
            insights.text.components(separatedBy: "<tr data-session=\"\(sid)\">").dropFirst().first?
                .components(separatedBy: "</tr>").first ?? ""
        }
        #expect(row(running).contains("<td>running</td>") && row(running).contains("Watch live"), "\(row(running))")
        #expect(row(ended).contains("<td>ended</td>") && !row(ended).contains("Watch live"), "\(row(ended))")
        #expect(
            row(abandoned).contains("<td>abandoned</td>") && !row(abandoned).contains("Watch live"), "\(row(abandoned))"
        )

        let live = try await c2.request("GET", "/p/mail/sessions/\(running)/watch")
        #expect(live.text.contains("Watching session \(running) live"), "\(live.text)")
        #expect(live.text.contains("data-watch=\"/api/sessions/\(running)/watch\""))
        for (sid, status) in [(abandoned, "abandoned"), (ended, "ended")] {
            let page = try await c2.request("GET", "/p/mail/sessions/\(sid)/watch")
            #expect(page.status == 200)
            #expect(!page.text.contains("Watching") && !page.text.contains("watching live"), "\(page.text)")
            #expect(page.text.contains("Session \(sid) is not running (\(status))"), "\(page.text)")
            #expect(page.text.contains("data-watch=\"\""), "no stream for a session not running")
        }
        await Self.stop(second)
    }
}
