import Foundation
import JSON
import TestSupport
import Testing

@testable import ModalLabServer

/// The editor page (`/p/{id}/edit`) and the gallery's way to it, over the app's routes: who may
/// open it, what it names, and the gallery's "New prototype" and "Edit". What the page does is
/// the browser suite's (`EditorTests` in Tests/Browser/test_player.py).
@Suite struct EditorPageTests {
    @Test func theEditorIsTheOwnersAndOpensEvenAFileWithErrors() async throws {
        let dir = try EditorAPITests.folder()
        defer { dir.remove() }
        try Data(#"{"format": "modallab/1", "id": "broken", "name": "Broken <b>", "modals": [{"id": 3}]}"#.utf8)
            .write(to: URL(fileURLWithPath: dir.file("broken.json")))
        let app = try TestApp(prototypes: dir.path)
        let c = app.client

        let page = try await c.request("GET", "/p/mail/edit")
        #expect(page.status == 200)
        #expect(page.header("Content-Security-Policy")?.contains("script-src 'self'") == true)
        #expect(page.text.contains(#"data-editor data-prototype="mail""#))
        #expect(page.text.contains(#"<iframe data-player src="/p/mail""#))
        #expect(page.text.contains(#"<script type="module" src="/public/editor.js"></script>"#))
        #expect(!page.text.contains("<script>") && !page.text.contains("<style"))
        // The strings its script shows come with the page.
        #expect(page.text.contains("editorSaved"))

        // A file with format errors opens (the editor is where it is mended), its name escaped.
        let broken = try await c.request("GET", "/p/broken/edit")
        #expect(broken.status == 200)
        #expect(broken.text.contains("Broken &lt;b&gt;") && !broken.text.contains("Broken <b>"))

        #expect(try await c.request("GET", "/p/nothing/edit").status == 404)
        let stranger = try await c.request("GET", "/p/mail/edit", auth: false)
        #expect(stranger.status == 401)
        #expect(stranger.header("Content-Type")?.hasPrefix("text/html") == true)
        #expect(!stranger.text.contains("data-editor"))
    }

    @Test func theGalleryOffersNewPrototypeAndEditOnEachCard() async throws {
        let dir = try EditorAPITests.folder()
        defer { dir.remove() }
        let app = try TestApp(prototypes: dir.path)
        let gallery = try await app.client.request("GET", "/")
        #expect(gallery.text.contains("data-new-prototype"))
        #expect(gallery.text.contains(#"<option value="mail">Mail</option>"#))
        #expect(gallery.text.contains(#"href="/p/mail/edit""#))
        #expect(gallery.text.contains(#"<script type="module" src="/public/gallery.js"></script>"#))
        let zh = try await app.client.request("GET", "/", headers: ["Accept-Language": "zh-Hans"])
        #expect(zh.text.contains("新建原型") && zh.text.contains(">编辑</a>"))
    }

    @Test func aServerOfOneFileOffersNoNewPrototype() async throws {
        let dir = try EditorAPITests.folder()
        defer { dir.remove() }
        let app = try TestApp(prototypes: dir.file("mail.json"))
        let gallery = try await app.client.request("GET", "/")
        #expect(!gallery.text.contains("data-new-prototype"))
        #expect(gallery.text.contains(#"href="/p/mail/edit""#))
    }
}
