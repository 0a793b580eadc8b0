import Foundation
import JSON
import TestSupport
import Testing

@testable import ModalLabServer

/// Refusals before saving, over real sockets (docs/api.md, "Refusals before saving"): a dry-run
/// PATCH answers the result and its new refusals and writes nothing; a strict PATCH (`Prefer:
/// handling=strict`) is refused with the rule when its result makes a new flow UIKit refuses
/// (a sheet presented from inside a popover: `popover.no-modal-over`), and saved otherwise.
@Suite struct EditorRefusalAPITests {
    static let patchType = "application/json-patch+json"

    /// A screen whose bar's More button presents popover `p`, and a page sheet `b` (from the
    /// rule's example in docs/rules.md); nothing presents `b` yet.
    static let popoverAndSheet = #"""
        [{"op":"add","path":"/screens/0/navigationBar","value":{"trailing":[
           {"id":"more-button","title":"More","systemImage":"ellipsis.circle","action":{"present":"p"}}]}},
         {"op":"add","path":"/modals","value":[
           {"id":"p","style":"popover","title":"p","source":"more-button",
            "navigationBar":{"trailing":[{"id":"p-done","title":"Done","role":"done","action":"dismiss"}]},
            "content":[{"type":"button","id":"next","title":"Next"}]},
           {"id":"b","style":"pageSheet","title":"b",
            "navigationBar":{"trailing":[{"id":"b-done","title":"Done","role":"done","action":"dismiss"}]}}]}]
        """#

    /// The button inside the popover presents the sheet: the flow UIKit's guidelines refuse.
    static let sheetOverPopover = #"[{"op":"add","path":"/modals/0/content/0/action","value":{"present":"b"}}]"#

    @Test func aDryRunAndAStrictPatchShowTheRefusalBeforeAnythingIsWritten() async throws {
        let dir = try TemporaryDirectory("editor-refusals")
        defer { dir.remove() }
        let app = try TestApp(socket: true, prototypes: dir.path)
        let c = app.client
        let made = try await c.json("POST", "/api/prototypes", ["id": "refuse", "name": "Refuse"])
        #expect(made.status == 201, "\(made.text)")
        var tag = try #require(made.header("ETag"))

        // A strict patch with no refusal is saved, and says the preference was applied.
        let setUp = try await c.request(
            "PATCH", "/api/prototypes/refuse", body: Self.popoverAndSheet,
            headers: ["If-Match": tag, "Prefer": "return=representation, handling=strict"], contentType: Self.patchType)
        #expect(setUp.status == 200, "\(setUp.text)")
        #expect(setUp.header("Preference-Applied") == "handling=strict")
        #expect(setUp.json?["counts"]?["error"]?.intValue == 0, "\(setUp.text)")
        tag = try #require(setUp.header("ETag"))
        let saved = try Data(contentsOf: URL(fileURLWithPath: dir.file("refuse.json")))
        let versions = try await c.request("GET", "/api/prototypes/refuse/versions")
        let versionCount = versions.json?["versions"]?.arrayValue?.count

        // A dry run: the result and its new refusal, with the rule's name; nothing written.
        let dry = try await c.request(
            "PATCH", "/api/prototypes/refuse?dryRun=1", body: Self.sheetOverPopover, headers: ["If-Match": tag],
            contentType: Self.patchType)
        #expect(dry.status == 200, "\(dry.text)")
        #expect(dry.json?["dryRun"] == true && dry.json?["changed"] == true)
        #expect(dry.header("ETag") == tag && dry.json?["etag"]?.stringValue == tag, "the file's tag: nothing changed")
        let button = dry.json?["definition"]?["modals"]?.arrayValue?.first?["content"]?.arrayValue?.first
        #expect(button?["action"]?["present"] == "b")
        let refusal = try #require(dry.json?["refusals"]?.arrayValue?.first, "\(dry.text)")
        #expect(dry.json?["refusals"]?.arrayValue?.count == 1, "\(dry.text)")
        #expect(refusal["rule"] == "popover.no-modal-over")
        #expect(refusal["pointer"] == "/modals/0/content/0" && refusal["path"] == "$.modals[0].content[0]")
        #expect(refusal["name"] == "Nothing over a popover")
        #expect(refusal["message"]?.stringValue?.contains("popover") == true)
        #expect(
            dry.json?["diagnostics"]?.arrayValue?.contains { $0["rule"] == "popover.no-modal-over" } == true,
            "the result's findings")
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir.file("refuse.json"))) == saved)
        let after = try await c.request("GET", "/api/prototypes/refuse/versions")
        #expect(after.json?["versions"]?.arrayValue?.count == versionCount, "no version kept for a dry run")

        // Strict: refused with the rule, in the language asked for, nothing written.
        let strict = try await c.request(
            "PATCH", "/api/prototypes/refuse?lang=zh-Hans", body: Self.sheetOverPopover,
            headers: ["If-Match": tag, "Prefer": "handling=strict"], contentType: Self.patchType)
        #expect(strict.status == 422, "\(strict.text)")
        #expect(strict.header("Preference-Applied") == "handling=strict")
        #expect(strict.header("Content-Type")?.hasPrefix("application/problem+json") == true)
        let zh = try #require(strict.json?["refusals"]?.arrayValue?.first, "\(strict.text)")
        #expect(zh["rule"] == "popover.no-modal-over" && zh["pointer"] == "/modals/0/content/0")
        #expect(zh["name"]?.stringValue?.unicodeScalars.contains { $0.value >= 0x4E00 } == true, "\(strict.text)")
        #expect(strict.json?["diagnostics"] == strict.json?["refusals"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir.file("refuse.json"))) == saved)

        // Without the preference the same patch is saved (a work in progress may break a rule).
        let anyway = try await c.request(
            "PATCH", "/api/prototypes/refuse", body: Self.sheetOverPopover, headers: ["If-Match": tag],
            contentType: Self.patchType)
        #expect(anyway.status == 200, "\(anyway.text)")
        #expect(anyway.header("Preference-Applied") == nil)
        #expect(anyway.json?["diagnostics"]?.arrayValue?.contains { $0["rule"] == "popover.no-modal-over" } == true)
        tag = try #require(anyway.header("ETag"))

        // A refusal the file already has is not new: a strict change elsewhere is saved.
        let elsewhere = try await c.request(
            "PATCH", "/api/prototypes/refuse", body: #"[{"op":"replace","path":"/name","value":"Refuse 2"}]"#,
            headers: ["If-Match": tag, "Prefer": "handling=strict"], contentType: Self.patchType)
        #expect(elsewhere.status == 200, "\(elsewhere.text)")
        tag = try #require(elsewhere.header("ETag"))
        // A second one is: the sheet's own Done button presenting the sheet from the popover's
        // second button.
        let second = try await c.request(
            "PATCH", "/api/prototypes/refuse",
            body:
                #"[{"op":"add","path":"/modals/0/content/-","value":{"type":"button","id":"again","title":"Again","action":{"present":"b"}}}]"#,
            headers: ["If-Match": tag, "Prefer": "handling=strict"], contentType: Self.patchType)
        #expect(second.status == 422, "\(second.text)")
        #expect(
            second.json?["refusals"]?.arrayValue?.map { $0["pointer"] } == ["/modals/0/content/1"], "\(second.text)")

        // A dry run is read strictly.
        for bad in ["dryRun=yes", "dryRun=1&dryRun=0"] {
            let r = try await c.request(
                "PATCH", "/api/prototypes/refuse?" + bad, body: Self.sheetOverPopover, headers: ["If-Match": tag],
                contentType: Self.patchType)
            #expect(r.status == 400 && r.json?["path"] == "dryRun", "\(bad): \(r.text)")
        }
        // And it checks If-Match like any PATCH.
        let stale = try await c.request(
            "PATCH", "/api/prototypes/refuse?dryRun=1", body: Self.sheetOverPopover,
            headers: ["If-Match": "\"0000000000000000\""], contentType: Self.patchType)
        #expect(stale.status == 412)
    }

    @Test func preferIsReadAsRFC7240Says() {
        #expect(PatchHandling.prefersStrict("handling=strict"))
        #expect(PatchHandling.prefersStrict("Handling = \"STRICT\""))
        #expect(PatchHandling.prefersStrict("return=minimal, handling=strict; foo=bar"))
        #expect(!PatchHandling.prefersStrict("handling=lenient"))
        #expect(!PatchHandling.prefersStrict("respond-async"))
        #expect(!PatchHandling.prefersStrict(nil))
        #expect(!PatchHandling.prefersStrict("handling"))
    }
}
