import Foundation
import JSON
import Prototype
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
        // Read by column name: the NDJSON export's last line is the resize.
        let log = try await c.request("GET", "/api/logs.ndjson?session=\(sid)")
        let lines = log.text.split(separator: "\n")
        #expect(lines.count >= 2)
        let last = try JSONParser.parse(String(try #require(lines.last)))
        #expect(last["type"] == "resize")
        #expect(last["appearance"] == "light" && last["content_size"] == "accessibilityLarge")
        #expect(last["layout_direction"] == "rtl" && last["multitasking"] == "twoThirds")
        #expect(last["keyboard_height"]?.numberValue == 0)
        #expect(last["target_os"] == "18", "the prototype's targetOS: \(last)")
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

    /// iPadOS's resizable windows through the session's body, the resize action and the player's
    /// query; sizes that don't fit are 400s naming the member.
    @Test func resizableWindows() async throws {
        let app = try TestApp()
        let c = app.client
        let r = try await c.json(
            "POST", "/api/sessions",
            ["prototype": "mail", "device": "ipad-pro-11", "window": ["width": 700, "height": 900]])
        #expect(r.status == 201)
        #expect(r.json?["state"]?["multitasking"] == "window")
        #expect(r.json?["state"]?["window"] == ["width": 700, "height": 900])
        #expect(r.json?["state"]?["sizeClass"]?["horizontal"] == "regular")
        let sid = try #require(r.json?["session"]?.stringValue)
        let narrow = try await c.json(
            "POST", "/api/sessions/\(sid)/actions", ["type": "resize", "window": ["width": 500, "height": 900]])
        #expect(narrow.status == 200)
        #expect(narrow.json?["state"]?["sizeClass"]?["horizontal"] == "compact")
        for (body, path) in [
            (["width": 100, "height": 900] as JSONValue, "$.window.width"),
            (["width": 500, "height": 5000], "$.window.height"),
            (["width": "wide", "height": 500], "$.window.width"), (["width": 500], "$.window.height"),
        ] {
            let bad = try await c.json("POST", "/api/sessions/\(sid)/actions", ["type": "resize", "window": body])
            #expect(bad.status == 400, "\(body)")
            #expect(bad.json?["path"]?.stringValue == path, "\(body): \(bad.text)")
        }
        let phone = try await c.json(
            "POST", "/api/sessions",
            ["prototype": "mail", "device": "iphone-16", "window": ["width": 390, "height": 800]])
        #expect(phone.status == 400)
        #expect(phone.json?["path"] == "$.window")
        let log = try await c.request("GET", "/api/logs.ndjson?session=\(sid)")
        let last = try #require(log.text.split(separator: "\n").last.flatMap { try? JSONParser.parse(String($0)) })
        #expect(last["multitasking"] == "window" && last["keyboard_height"] == 0, "\(log.text)")
        let page = try await c.request("GET", "/p/mail?device=ipad-pro-11&window=700x600")
        #expect(page.status == 200)
        #expect(page.text.contains(#"data-multitasking="window""#))
        #expect(page.attribute("data-environment")?["window"] == ["width": 700, "height": 600])
        #expect(try await c.request("GET", "/p/mail?device=ipad-pro-11&window=700").status == 400)
        #expect(try await c.request("GET", "/p/mail?device=ipad-pro-11&window=2000x600").status == 400)
    }

    /// The page carries the codec's key list for the player's scripts, and the environment it
    /// opened in as `POST /api/sessions` takes it.
    @Test func thePageCarriesTheKeysAndTheEnvironment() async throws {
        let app = try TestApp()
        let page = try await app.client.request("GET", "/p/mail?device=ipad-pro-11&window=700x600&appearance=dark")
        #expect(page.attribute("data-environment-keys") == .array(EnvironmentKey.allCases.map { .string($0.rawValue) }))
        let env = try #require(page.attribute("data-environment"))
        #expect(env["device"] == "ipad-pro-11" && env["multitasking"] == "window" && env["appearance"] == "dark")
        var body = try #require(env.objectValue)
        body["prototype"] = "mail"
        let start = try await app.client.json("POST", "/api/sessions", .object(body))
        #expect(start.status == 201, "\(start.text)")
        #expect(start.json?["state"]?["window"] == ["width": 700, "height": 600])
        // The address leaves out the defaults but always names the device and orientation.
        let defaults = try #require(page.attribute("data-environment-defaults")?.objectValue)
        #expect(defaults["appearance"] == "light" && defaults["device"] == nil && defaults["orientation"] == nil)
    }

    /// A replay (and a session rebuilt after a restart) starts a resizable window at the size
    /// the session started with, which its `session_start` keeps (no column holds it).
    @Test func aReplayStartsAWindowAtItsSize() async throws {
        let app = try TestApp()
        let c = app.client
        let r = try await c.json(
            "POST", "/api/sessions",
            ["prototype": "mail", "device": "ipad-pro-11", "window": ["width": 700, "height": 900]])
        let sid = try #require(r.json?["session"]?.stringValue)
        _ = try await c.json("POST", "/api/sessions/\(sid)/actions", ["type": "tap", "target": "compose"])
        let replay = try await c.request("GET", "/api/sessions/\(sid)/replay?frames=0")
        #expect(replay.status == 200, "\(replay.text)")
        // NDJSON: the replay's start, then each step.
        let lines = replay.text.split(separator: "\n").compactMap { try? JSONParser.parse(String($0)) }
        let window: JSONValue = ["width": 700, "height": 900]
        #expect(lines.first?["replay"]?["start"]?["state"]?["window"] == window, "\(replay.text)")
        #expect(lines.first { $0["step"] != nil }?["step"]?["state"]?["window"] == window, "\(replay.text)")
    }

    /// The software keyboard through the API: focus and endEditing, the state's keyboard, the
    /// frame's drawn keyboard, and the log's keyboard_height.
    @Test func keyboardStateFrameAndLog() async throws {
        let app = try TestApp()
        let c = app.client
        let r = try await c.json("POST", "/api/sessions", ["prototype": "mail", "device": "iphone-16"])
        let sid = try #require(r.json?["session"]?.stringValue)
        _ = try await c.json("POST", "/api/sessions/\(sid)/actions", ["type": "tap", "target": "compose"])
        let f = try await c.json("POST", "/api/sessions/\(sid)/actions", ["type": "focus", "target": "to"])
        #expect(f.status == 200)
        #expect(f.json?["state"]?["keyboard"] == ["target": "to", "height": 336])
        let html = try #require(f.json?["html"]?.stringValue)
        #expect(html.contains(#"data-keyboard="to""#) && html.contains("top:516px;height:336px"))
        let bad = try await c.json("POST", "/api/sessions/\(sid)/actions", ["type": "focus", "target": "cancel"])
        #expect(bad.status == 400 && bad.json?["path"] == "$.target")
        let e = try await c.json("POST", "/api/sessions/\(sid)/actions", ["type": "endEditing"])
        #expect(e.json?["state"]?["keyboard"] == .null)
        #expect(e.json?["html"]?.stringValue?.contains("data-keyboard") == false)
        let log = try await c.request("GET", "/api/logs.ndjson?session=\(sid)")
        let rows = log.text.split(separator: "\n").compactMap { try? JSONParser.parse(String($0)) }
        #expect(rows.contains { $0["type"] == "focus" && $0["keyboard_height"] == 336 }, "\(log.text)")
        #expect(rows.last?["type"] == "end_editing" && rows.last?["keyboard_height"] == 0, "\(log.text)")
    }
}

extension TestResponse {
    /// The JSON of the first `name="…"` attribute of an HTML page (the player's
    /// `data-environment`, say), unescaped as Mustache escapes it.
    func attribute(_ name: String) -> JSONValue? {
        guard let start = text.range(of: " \(name)=\"") else { return nil }
        let rest = text[start.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        let value = rest[..<end].replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
        return try? JSONParser.parse(value)
    }
}
