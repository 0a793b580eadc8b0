import Foundation
import JSON
import TestSupport
import Testing

@testable import ModalLabServer

/// Every page and every partial of `Templates/pages`, rendered strictly
/// (``AppConfiguration/strictTemplates``) through the routes that serve them, from fixtures: the
/// bundled prototypes (the mail app with a study's tasks), one with menus and one with errors,
/// sessions that present every kind of modal, the keyboard and a menu, a study's log, and share
/// links of every role. A template that names something its view model doesn't have (a
/// misspelt key) answers 500 naming it, and fails here; so does a template no fixture reaches.
@Suite(.serialized) struct TemplateCoverageTests {
    /// A prototype with a pull-down menu and its submenu, a context menu, an alert with a text
    /// field, and an action sheet with a title, a message and actions with ids.
    static let menus = #"""
        {"format": "modallab/1", "id": "menus", "name": "Menus", "targetOS": "26", "devices": ["iphone-16", "ipad-pro-11"],
         "start": "home",
         "screens": [{"id": "home", "title": "Home",
           "navigationBar": {"leading": [{"id": "more", "title": "More", "action": {"present": "options"}}],
             "trailing": [{"id": "sort", "title": "Sort", "systemImage": "ellipsis.circle",
             "menu": {"singleSelection": true, "children": [{"id": "by-date", "title": "Date", "checked": true},
               {"id": "by-name", "title": "Name"}, {"id": "view-as", "title": "View As",
                 "children": [{"id": "as-list", "title": "List"}, {"id": "as-grid", "title": "Grid"}]}]}}]},
           "content": [{"type": "list", "id": "rows", "items": [{"id": "row", "title": "Row",
             "contextMenu": {"children": [{"id": "remove", "title": "Remove", "role": "destructive",
               "action": {"present": "rename"}}]}}]}]}],
         "modals": [{"id": "rename", "style": "alert", "title": "Rename", "textFields": [{"placeholder": "Name"}],
           "actions": [{"title": "Cancel", "role": "cancel"}, {"title": "Rename"}]},
          {"id": "options", "style": "actionSheet", "source": "more", "title": "Options", "message": "For every row",
           "actions": [{"id": "archive", "title": "Archive All"}, {"id": "erase", "title": "Erase All", "role": "destructive"},
             {"id": "keep", "title": "Cancel", "role": "cancel"}]}]}
        """#

    /// The fixtures' folder: the bundled prototypes, the mail app with three tasks
    /// (``StudyTests/studyFolder()``), ``menus``, a prototype no one has opened (empty insights
    /// and heat maps), and a file with errors.
    static func fixtures() throws -> String {
        let dir = try StudyTests.studyFolder().path
        for name in ["calendar", "photos", "safari"] {
            try FileManager.default.copyItem(
                atPath: repositoryRoot + "/Templates/prototypes/\(name).json", toPath: dir + "/\(name).json")
        }
        try Data(menus.utf8).write(to: URL(fileURLWithPath: dir + "/menus.json"))
        try Data(
            #"{"format": "modallab/1", "id": "quiet", "name": "Quiet", "devices": ["iphone-16"], "start": "home", "screens": [{"id": "home", "title": "Home"}]}"#
                .utf8
        ).write(to: URL(fileURLWithPath: dir + "/quiet.json"))
        try Data(#"{"format": "modallab/1", "id": "broken", "name": "Broken", "modals": [{"id": 3}]}"#.utf8)
            .write(to: URL(fileURLWithPath: dir + "/broken.json"))
        return dir
    }

    /// What the test asks of every answer: the status it expects, and a page (an error page
    /// whose template fails falls back to a problem document with the same status).
    struct Visitor {
        let s: TestApp
        var headers: [String: String] = [:]
        var auth = true

        @discardableResult
        func get(_ path: String, _ status: Int = 200, sourceLocation: SourceLocation = #_sourceLocation)
            async throws -> TestResponse
        {
            let r = try await s.client.request("GET", path, headers: headers, auth: auth)
            #expect(
                r.status == status, "GET \(path): \(r.status) \(r.text.prefix(3000))", sourceLocation: sourceLocation)
            #expect(
                r.header("Content-Type")?.hasPrefix("text/html") == true, "GET \(path): \(r.text.prefix(3000))",
                sourceLocation: sourceLocation)
            return r
        }

        /// Applies `actions` in a new session of `prototype`: each answers 200, or 409 when it is
        /// refused (the refusal's fragments are rendered then).
        @discardableResult
        func session(
            _ prototype: String, device: String, orientation: String = "portrait", _ actions: [JSONValue],
            sourceLocation: SourceLocation = #_sourceLocation
        ) async throws -> String {
            var body: JSONObject = ["prototype": .string(prototype), "device": .string(device)]
            body["orientation"] = .string(orientation)
            let started = try await s.client.json("POST", "/api/sessions", .object(body))
            let sid = try #require(
                started.json?["session"]?.stringValue, "\(started.status) \(started.text)",
                sourceLocation: sourceLocation)
            for action in actions {
                let r = try await s.act(sid, action)
                #expect(
                    r.status == 200 || (r.status == 409 && r.json?["refusalHTML"] != nil),
                    "\(prototype) \(JSONWriter().string(action)): \(r.status) \(r.text.prefix(3000))",
                    sourceLocation: sourceLocation)
            }
            return sid
        }
    }

    static func tap(_ target: String, _ choice: JSONValue? = nil) -> JSONValue {
        var o: JSONObject = ["type": "tap", "target": .string(target), "x": 120, "y": 300]
        if let choice { o["action"] = choice }
        return .object(o)
    }

    @Test func everyPageAndPartialRendersStrictly() async throws {
        let dir = try Self.fixtures()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let s = try TestApp(prototypes: dir) { $0.strictTemplates = true }
        #expect(s.app.templates.isStrict)
        let owner = Visitor(s: s)
        func tap(_ target: String, _ choice: JSONValue? = nil) -> JSONValue { Self.tap(target, choice) }

        // Sessions: every kind of modal, the keyboard, an alert's text field, menus, refusals,
        // popovers on iPad and adapted on iPhone, full-screen modals; the study's tasks.
        try await owner.session(
            "mail", device: "iphone-16",
            [
                ["type": "taskStart", "task": "send-draft"], tap("compose"), ["type": "focus", "target": "to"],
                ["type": "edit", "target": "to", "value": "anna@example.com"], tap("delete-all"),
                ["type": "swipeDown", "target": "compose"], tap("discard-draft", "Delete Draft"), tap("delete-all"),
                tap("confirm-delete", 0), tap("share-button"), ["type": "swipeDown", "target": "share"], tap("m1"),
                tap("reply"),
            ])
        try await owner.session(
            "mail", device: "ipad-pro-11", orientation: "landscape",
            [["type": "taskStart", "task": "send-draft"], tap("compose"), ["type": "giveUp"], tap("share-button")])
        for device in ["ipad-pro-11", "iphone-16"] {
            try await owner.session(
                "calendar", device: device,
                [
                    tap("add-event"), ["type": "focus", "target": "event-title"], tap("all-day"), tap("starts"),
                    tap("date-done"), tap("cancel-edit"), tap("standup"), tap("edit-button"),
                ])
            try await owner.session(
                "safari", device: device == "iphone-16" ? "iphone-16-pro-max" : "ipad-pro-13",
                [tap("bookmarks-button"), tap("bookmarks-done"), tap("tabs-button"), tap("new-group")])
            try await owner.session(
                "photos", device: device == "iphone-16" ? "iphone-16-pro" : "ipad-air-11",
                [tap("recents"), tap("edit"), tap("editor-tools"), tap("editor-cancel"), tap("trash")])
            try await owner.session(
                "menus", device: device,
                [
                    tap("sort"), tap("by-name"), ["type": "longPress", "target": "row"], tap("remove"),
                    ["type": "edit", "target": "rename", "field": 0, "value": "New"],
                ])
            try await owner.session("menus", device: device, [tap("sort"), tap("view-as")])
            try await owner.session("menus", device: device, [tap("more")])
        }
        let live = try await owner.session("mail", device: "iphone-16", [tap("compose")])
        let ended = try await owner.session("photos", device: "iphone-16-pro", [tap("recents"), tap("share-photo")])
        #expect(try await s.client.request("DELETE", "/api/sessions/\(ended)").status == 204)

        // Share links of every role.
        func link(_ body: JSONValue) async throws -> [String: String] {
            let made = try await s.client.json("POST", "/api/shares", body)
            let url = try #require(made.json?["url"]?.stringValue, "\(made.text)")
            return ["Cookie": "modallab_share_0=\(url[url.range(of: "/s/")!.upperBound...])"]
        }
        let report = Visitor(s: s, headers: try await link(["prototype": "mail", "role": "report"]), auth: false)
        let participant = Visitor(
            s: s, headers: try await link(["prototype": "mail", "role": "participant", "tasks": ["send-draft"]]),
            auth: false)
        let reviewer = Visitor(s: s, headers: try await link(["prototype": "mail", "role": "comment"]), auth: false)
        let viewer = Visitor(s: s, headers: try await link(["prototype": "mail", "role": "view"]), auth: false)

        for lang in ["en", "zh-Hans"] {
            let q = "lang=\(lang)"
            try await owner.get("/?\(q)")
            try await owner.get("/rules?\(q)")
            for id in ["mail", "calendar", "photos", "safari", "menus"] {
                try await owner.get("/p/\(id)?\(q)")
                try await owner.get("/p/\(id)/board?\(q)")
            }
            try await owner.get("/p/mail/board?versions=18,26&appearance=dark&contentSize=accessibilityLarge&\(q)")
            try await owner.get("/p/mail?embed=1&device=ipad-pro-11&orientation=landscape&\(q)")
            try await owner.get("/p/mail/insights?audience=all&\(q)")
            try await owner.get("/p/mail/edit?\(q)")
            try await owner.get("/p/broken/edit?\(q)")
            try await owner.get("/p/nothing/edit?\(q)", 404)
            try await owner.get("/p/mail/heatmaps?audience=all&\(q)")
            try await owner.get("/p/mail/heatmaps?device=iphone-16&orientation=portrait&task=send-draft&audience=all&\(q)")
            try await owner.get("/p/mail/sessions/\(live)?\(q)")
            try await owner.get("/p/mail/sessions/\(live)/watch?\(q)")
            try await owner.get("/p/photos/sessions/\(ended)?\(q)")
            // What no one has used yet.
            try await owner.get("/p/quiet/insights?\(q)")
            try await owner.get("/p/quiet/heatmaps?\(q)")
            // Error pages: a missing prototype, one with errors, a bad query, a missing session.
            try await owner.get("/p/nothing?\(q)", 404)
            try await owner.get("/p/broken?\(q)", 409)
            try await owner.get("/p/mail?device=nope&\(q)", 400)
            try await owner.get("/p/mail/sessions/nope?\(q)", 404)
            try await Visitor(s: s, auth: false).get("/?\(q)", 401)
            try await report.get("/p/mail/insights?audience=all&\(q)")
            try await report.get("/p/mail/heatmaps?audience=all&\(q)")
            try await report.get("/p/mail/sessions/\(live)?\(q)")
            try await participant.get("/p/mail?\(q)")
            try await reviewer.get("/p/mail?\(q)")
            try await viewer.get("/p/mail?\(q)")
        }
        try await Visitor(s: s, auth: false).get("/s/no-such-link", 404)
        // Every device and every multitasking share, appearance, text size, direction and design.
        let devices =
            try await s.client.request("GET", "/api/devices").json?.arrayValue?.compactMap {
                $0["id"]?.stringValue
            } ?? []
        #expect(!devices.isEmpty)
        for device in devices {
            for orientation in ["portrait", "landscape"] {
                try await owner.get("/p/mail?device=\(device)&orientation=\(orientation)")
            }
        }
        for traits in [
            "multitasking=half", "multitasking=third", "multitasking=twoThirds", "multitasking=slideOver",
            "window=800x600", "appearance=dark&contentSize=accessibilityExtraExtraExtraLarge",
            "layoutDirection=rtl&targetOS=18",
        ] {
            try await owner.get("/p/mail?device=ipad-pro-11&orientation=landscape&\(traits)")
        }

        let unreached = Set(s.app.templates.templateNames).subtracting(s.app.templates.renderedTemplateNames)
        #expect(unreached.isEmpty, "no fixture renders \(unreached.sorted())")
    }

    /// The gallery of an empty folder: where to put prototypes.
    @Test func anEmptyGalleryRendersStrictly() async throws {
        let dir = NSTemporaryDirectory() + "modallab-empty-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let s = try TestApp(prototypes: dir) { $0.strictTemplates = true }
        for lang in ["en", "zh-Hans"] {
            let page = try await Visitor(s: s).get("/?lang=\(lang)")
            #expect(page.text.contains(dir))
        }
    }
}
