import Foundation
import JSON
import TestSupport
import Testing

@testable import ModalLabServer

/// A prototype with control characters in every text field — which recursed forever in
/// `FontMetrics.advance` and crashed `modallab lint`, `PUT`, the reload and the server's
/// start-up — is linted by the CLI in a subprocess, served over a real socket, and the server
/// is started again with it in its folder. Also the prototype limits as HTTP answers.
@Suite(.serialized) struct ControlCharacterTests {
    /// The control characters put into every text: TAB, NUL, ESC (with a terminal escape),
    /// DEL, NEL and a C1 CSI, between ordinary words.
    static func nasty(_ s: String) -> JSONValue { .string("\t\(s)\u{0} \u{1B}[2J\u{7F}\u{85} now\u{9B}") }

    /// Every kind of text of the format, each with control characters.
    static let document: JSONValue = {
        let n = nasty
        let bar: JSONValue = [
            "leading": [["id": "cancel", "title": n("Cancel"), "role": "cancel", "action": "dismiss"]]
        ]
        return [
            "format": "modallab/1", "id": "controls", "name": n("Controls"), "start": "home",
            "devices": ["iphone-16", "ipad-pro-11"],
            "screens": [
                [
                    "id": "home", "title": n("Home"),
                    "navigationBar": [
                        "trailing": [["id": "share", "title": n("Share"), "action": ["present": "share-sheet"]]]
                    ],
                    "content": [
                        ["id": "delete", "title": n("Delete"), "action": ["present": "confirm"]],
                        [
                            "id": "more", "title": n("More"), "accessibilityLabel": n("More"),
                            "action": ["present": "options"],
                        ],
                        ["id": "edit", "title": n("Edit"), "action": ["present": "editor"]],
                        [
                            "type": "textField", "id": "name", "label": n("Name"), "placeholder": n("Name"),
                            "value": n("Ann"),
                        ],
                        ["type": "textArea", "id": "notes", "label": n("Notes"), "value": n("Notes")],
                        ["type": "toggle", "id": "wifi", "label": n("Wi-Fi")],
                        ["type": "segmented", "id": "mode", "segments": [n("One"), n("Two")]],
                        ["type": "text", "id": "body", "text": n("Body")],
                        ["type": "image", "id": "photo", "label": n("Photo")],
                        [
                            "type": "list", "id": "rows",
                            "items": [["id": "row", "title": n("Row"), "subtitle": n("Detail")]],
                        ],
                    ],
                ]
            ],
            "modals": [
                [
                    "id": "confirm", "style": "alert", "title": n("Delete this photo?"), "message": n("It goes."),
                    "actions": [
                        ["title": n("Cancel"), "role": "cancel"], ["title": n("Delete"), "role": "destructive"],
                    ],
                    "textFields": [["placeholder": n("Reason")]],
                ],
                [
                    "id": "options", "style": "actionSheet", "source": "more", "title": n("Options"),
                    "message": n("Choose one."),
                    "actions": [
                        ["title": n("Delete"), "role": "destructive"], ["title": n("Cancel"), "role": "cancel"],
                    ],
                ],
                [
                    "id": "share-sheet", "style": "activity", "source": "share", "activities": ["airdrop", "mail"],
                    "customActivities": [["id": "pin", "title": n("Pin"), "systemImage": "pin"]],
                ],
                [
                    "id": "editor", "style": "pageSheet", "title": n("Edit"), "navigationBar": bar,
                    "content": [["type": "text", "id": "hint", "text": n("Hint")]],
                ],
            ],
        ]
    }()

    /// The texts of ``document``, by path: each must get a `text.control-character` warning.
    static let textPaths = [
        "$.name", "$.screens[0].title", "$.screens[0].navigationBar.trailing[0].title", "$.screens[0].content[0].title",
        "$.screens[0].content[1].title", "$.screens[0].content[1].accessibilityLabel", "$.screens[0].content[2].title",
        "$.screens[0].content[3].label", "$.screens[0].content[3].placeholder", "$.screens[0].content[3].value",
        "$.screens[0].content[4].label", "$.screens[0].content[4].value", "$.screens[0].content[5].label",
        "$.screens[0].content[6].segments[0]", "$.screens[0].content[6].segments[1]", "$.screens[0].content[7].text",
        "$.screens[0].content[8].label", "$.screens[0].content[9].items[0].title",
        "$.screens[0].content[9].items[0].subtitle", "$.modals[0].title", "$.modals[0].message",
        "$.modals[0].actions[0].title", "$.modals[0].actions[1].title", "$.modals[0].textFields[0].placeholder",
        "$.modals[1].title", "$.modals[1].message", "$.modals[1].actions[0].title", "$.modals[1].actions[1].title",
        "$.modals[2].customActivities[0].title", "$.modals[3].title", "$.modals[3].navigationBar.leading[0].title",
        "$.modals[3].content[0].text",
    ]

    /// A folder holding `controls.json`.
    static func folder() throws -> TemporaryDirectory {
        let dir = try TemporaryDirectory("controls")
        try Data(JSONWriter(pretty: true).bytes(document)).write(to: URL(fileURLWithPath: dir.file("controls.json")))
        return dir
    }

    /// Whether `s` holds a character that could move a terminal's cursor or reorder a line.
    static func hasInvisible(_ s: String) -> Bool {
        s.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) }
    }

    @Test func theCommandLineLintsIt() async throws {
        let modallab = try #require(modallabExecutable(), "modallab is built with the tests")
        let dir = try Self.folder()
        defer { dir.remove() }
        let text = try await runCommand([modallab, "lint", dir.path + "/controls.json"])
        #expect(text.status == 0, "warnings only: \(text.output)")
        let warned = text.output.split(separator: "\n").filter { $0.contains("[text.control-character]") }
        #expect(warned.count == Self.textPaths.count, "\(text.output)")
        for path in Self.textPaths {
            #expect(warned.contains { $0.contains("controls.json: \(path): warning: ") }, "\(path)")
        }
        // The lines show the characters as escapes, and hold none themselves.
        #expect(!Self.hasInvisible(text.output), "\(text.output.debugDescription)")
        #expect(warned.first?.contains(#"\u{9}"#) == true && warned.first?.contains("U+001B") == true)

        let json = try await runCommand([modallab, "lint", dir.path + "/controls.json", "--format", "json"])
        #expect(json.status == 0)
        let findings = try JSONParser.parse(json.output).arrayValue ?? []
        #expect(findings.filter { $0["rule"] == "text.control-character" }.count == Self.textPaths.count)
    }

    @Test func theServerTakesItAndDrawsIt() async throws {
        let s = try TestApp(socket: true)
        let c = s.client
        let put = try await c.request(
            "PUT", "/api/prototypes/controls", body: JSONWriter().string(Self.document))
        #expect(put.status == 201, "\(put.text)")
        let rules = (put.json?["diagnostics"]?.arrayValue ?? []).compactMap { $0["rule"]?.stringValue }
        #expect(rules.filter { $0 == "text.control-character" }.count == Self.textPaths.count)
        // A session draws the app screen and every modal; typing control characters is drawn too.
        for device in ["iphone-16", "ipad-pro-11"] {
            for target in ["delete", "more", "share", "edit"] {
                let sid = try await s.session("controls", device: device)
                let typed = try await s.act(sid, ["type": "edit", "target": "name", "value": Self.nasty("typed")])
                #expect(typed.status == 200, "\(typed.text)")
                let shown = try await s.act(sid, ["type": "tap", "target": .string(target)])
                #expect(shown.status == 200, "\(device) \(target): \(shown.text)")
                #expect(shown.json?["html"]?.stringValue?.isEmpty == false)
                #expect(shown.json?["state"]?["stack"]?.arrayValue?.count == 1, "\(device) \(target)")
            }
            // Choosing an alert button by its title, control characters and all.
            let sid = try await s.session("controls", device: device)
            _ = try await s.act(sid, ["type": "tap", "target": "delete"])
            let chosen = try await s.act(
                sid, ["type": "tap", "target": "confirm", "action": Self.nasty("Delete")])
            #expect(chosen.status == 200, "\(chosen.text)")
            #expect(chosen.json?["state"]?["stack"]?.arrayValue?.isEmpty == true)
        }
        // The reload the folder watcher does: read, decode and lint again.
        _ = s.app.library.reloadIfChanged(force: true)
        #expect(try await c.request("GET", "/api/prototypes/controls/lint").status == 200)
        #expect(try await c.request("GET", "/healthz").status == 200)
    }

    /// What the server started with the prototype in its folder answers: the prototype, playable,
    /// and a session of it.
    static func checkServing(_ server: ServerProcess) async throws {
        let url = try await server.ownerURL(within: 30)
        let port = try #require(URLComponents(string: url)?.port, "no port in the first line: \(url)")
        let token = URLComponents(string: url)?.queryItems?.first { $0.name == "token" }?.value
        let client = AppClient(transport: .socket, port: port, token: token)
        let list = try await client.request("GET", "/api/prototypes").json?.arrayValue ?? []
        #expect(list.first { $0["id"] == "controls" }?["playable"] == true, "\(list)")
        let sid = try await client.json("POST", "/api/sessions", ["prototype": "controls", "device": "iphone-16"])
        #expect(sid.status == 201)
    }

    @Test func theServerStartsWithItInItsFolder() async throws {
        let modallab = try #require(modallabExecutable(), "modallab is built with the tests")
        let dir = try Self.folder()
        let data = try TemporaryDirectory("controls-data")
        defer {
            dir.remove()
            data.remove()
        }
        let server = try ServerProcess(
            modallab, ["serve", "--port", "0", "--prototypes", dir.path, "--data", data.path], directory: repositoryRoot
        )
        do {
            try await Self.checkServing(server)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
        #expect(server.process.terminationStatus == 0, "serve exits 0 on SIGTERM")
    }
}

/// The prototype limits over HTTP: 413 for a body over the byte limit, 422 naming the limit and
/// the path for the shape limits.
@Suite(.serialized) struct PrototypeLimitHTTPTests {
    @Test func tooLargeIs413AndShapeLimitsAre422() async throws {
        let s = try TestApp(socket: true)
        let c = s.client
        let small = #"{"format": "modallab/1", "id": "big", "start": "home", "screens": [{"id": "home"}]}"#
        let padded = small + String(repeating: " ", count: 1024 * 1024)
        let tooLarge = try await c.request("PUT", "/api/prototypes/big", body: padded)
        #expect(tooLarge.status == 413)
        #expect(tooLarge.json?["limit"] == "bytes" && tooLarge.json?["value"] == 1048576)
        #expect(tooLarge.json?["detail"]?.stringValue?.contains("over the limit bytes = 1048576") == true)

        let modals = (0...1000).map { i -> JSONValue in ["id": .string("m\(i)"), "style": "alert", "title": "Hi?"] }
        let many: JSONValue = [
            "format": "modallab/1", "id": "big", "start": "home", "screens": [["id": "home"]], "modals": .array(modals),
        ]
        let shape = try await c.request("PUT", "/api/prototypes/big", body: JSONWriter().string(many))
        #expect(shape.status == 422)
        let d = shape.json?["diagnostics"]?.arrayValue?.first
        #expect(d?["rule"] == "format.limit" && d?["path"] == "$.modals[1000]")
        #expect(d?["message"]?.stringValue?.contains("over the limit modals = 1000") == true)
        #expect(try await c.request("GET", "/api/prototypes/big").status == 404, "nothing was saved")
        // Within the limits it is taken.
        #expect(try await c.request("PUT", "/api/prototypes/big", body: small).status == 201)
    }

    /// A 7 MB file in the folder (it stalled the server for seconds) is refused unread at
    /// start-up: listed under its file name with the limit, not served.
    @Test func aHugeFileInTheFolderIsRefusedUnread() async throws {
        let dir = try TemporaryDirectory("huge")
        defer { dir.remove() }
        let modal = #"{"id": "m", "style": "alert", "title": "Delete this item?", "message": "It can't be undone."}"#
        let huge =
            #"{"format": "modallab/1", "id": "huge", "start": "home", "screens": [{"id": "home"}], "modals": ["#
            + Array(repeating: modal, count: 7 << 20 / modal.utf8.count).joined(separator: ",") + "]}"
        try Data(huge.utf8).write(to: URL(fileURLWithPath: dir.path + "/huge-file.json"))
        let s = try TestApp(prototypes: dir.path)
        let list = try await s.client.request("GET", "/api/prototypes").json?.arrayValue ?? []
        let entry = list.first { $0["id"] == "huge-file" }
        #expect(entry?["playable"] == false, "\(list)")
        let lint = try await s.client.request("GET", "/api/prototypes/huge-file/lint").json
        let d = lint?["diagnostics"]?.arrayValue?.first
        #expect(d?["rule"] == "format.limit" && d?["path"] == "$")
        #expect(d?["message"]?.stringValue?.contains("over the limit bytes = 1048576") == true)
    }
}
