import Foundation
import JSON
import Prototype
import Testing

@testable import Presentation

@Suite struct LintReportTests {
    let threeButtons = #"""
        { "format": "modallab/1", "id": "mail", "start": "inbox", "screens": [ { "id": "inbox" } ],
          "modals": [ { "id": "a", "style": "alert", "title": "Delete this draft?" , "actions": [ { "title": "Cancel", "role": "cancel" },
            { "title": "Delete", "role": "destructive" } ] },
            { "id": "b", "style": "alert", "title": "Delete this draft?" , "actions": [ { "title": "Cancel", "role": "cancel" },
            { "title": "Delete", "role": "destructive" } ] },
            { "id": "c", "style": "alert", "title": "Save changes?", "actions": [ { "title": "Don't Save", "role": "destructive" },
            { "title": "Cancel", "role": "cancel" }, { "title": "Save" } ] } ] }
        """#

    @Test func compilerStyleLineAsInSpec() {
        let report = Linter().lint(file: Array(threeButtons.utf8))
        let lines = report.textLines(file: "prototypes/mail.json")
        #expect(
            lines.contains(
                "prototypes/mail.json: $.modals[2].actions: warning: alert has 3 buttons; consider an action sheet [alert.button-count]"
            ), "\(lines)")
        #expect(report.exitStatus == 0)
        let zh = Linter(language: .zhHans).lint(file: Array(threeButtons.utf8)).textLines(file: "m.json")
        #expect(zh.contains("m.json: $.modals[2].actions: warning: 警告框有 3 个按钮；考虑改用操作列表 [alert.button-count]"))
    }

    @Test func jsonOutputHasSpecMembers() throws {
        let report = Linter().lint(file: Array(threeButtons.utf8))
        let objects = report.json(file: "mail.json")
        let first = try #require(objects.first?.objectValue)
        #expect(first.keys == ["file", "path", "rule", "severity", "message", "source"])
        #expect(first["file"] == .string("mail.json"))
    }

    @Test func brokenJSONIsUnusableWithLineAndColumn() {
        let report = Linter().lint(file: Array("{\n  \"format\": \"modallab/1\",\n  \"id\": }".utf8))
        #expect(report.exitStatus == 2)
        #expect(report.unusable?.line == 3)
        let line = report.textLines(file: "bad.json")[0]
        #expect(line.hasPrefix("bad.json: line 3, column "), "\(line)")
        #expect(line.hasSuffix("[format.syntax]"))
        #expect(report.json(file: "bad.json")[0]["line"] == .number(3))
    }

    /// Errors name their JSON path: broken JSON too, the member or element it is in.
    @Test func brokenJSONNamesItsPath() {
        let report = Linter().lint(
            file: Array("{\"format\": \"modallab/1\",\n \"screens\": [{\"id\": \"a\"}, {\"id\": ]}".utf8))
        #expect(report.unusable?.path == "$.screens[1].id")
        let line = report.textLines(file: "bad.json")[0]
        #expect(line.hasPrefix("bad.json: line 2, column 34 at $.screens[1].id: error: "), "\(line)")
        #expect(report.json(file: "bad.json")[0]["path"] == .string("$.screens[1].id"))
        // An unreadable file has no path.
        #expect(UnusableInput(message: "no such file").location == "")
    }

    @Test func formatIssuesBecomeDiagnostics() {
        let doc = #"{"format": "modallab/1", "id": "x", "start": "home", "screens": [{"id": "home", "titel": "Home"}]}"#
        let report = Linter().lint(file: Array(doc.utf8))
        #expect(report.exitStatus == 1)
        let d = report.diagnostics.first
        #expect(d?.rule == "format.unknown-key")
        #expect(d?.path == "$.screens[0].titel")
        #expect(d?.message.contains("did you mean \"title\"") == true)
    }

    @Test func errorsGiveExitStatusOne() {
        let doc =
            #"{"format": "modallab/1", "id": "x", "start": "home", "screens": [{"id": "home"}], "modals": [{"id": "odd", "style": "none"}]}"#
        #expect(Linter().lint(file: Array(doc.utf8)).exitStatus == 1)
    }

    @Test func lintSettingsDisableAndSeverityAndUnknownIDs() {
        let doc = #"""
            {"format": "modallab/1", "id": "x", "start": "home", "screens": [{"id": "home"}],
             "lint": {"disable": ["alert.button-count", "alert.buton-count"], "severity": {"alert.not-informational-only": "warning"}},
             "modals": [{"id": "a", "style": "alert", "title": "Download Complete", "actions": [{"title": "OK"}]}]}
            """#
        let ds = Linter().lint(file: Array(doc.utf8)).diagnostics
        #expect(!ds.contains { $0.ruleID == .alertButtonCount })
        #expect(ds.first { $0.ruleID == .alertNotInformationalOnly }?.severity == .warning)
        let unknown = ds.first { $0.rule == "format.reference" }
        #expect(unknown?.path == "$.lint.disable[1]")
        #expect(unknown?.message.contains("did you mean \"alert.button-count\"") == true)
    }

    @Test func deviceNarrowingDecidesSizeClassRules() {
        // An anchorless action sheet is an error only where it can be a popover (wR).
        let doc = #"""
            {"format": "modallab/1", "id": "x", "devices": ["iphone-16", "ipad-mini"], "start": "home", "screens": [{"id": "home"}],
             "modals": [{"id": "s", "style": "actionSheet", "actions": [{"title": "Delete", "role": "destructive"}, {"title": "Cancel", "role": "cancel"}]}]}
            """#
        let bytes = Array(doc.utf8)
        #expect(Linter().lint(file: bytes).diagnostics.contains { $0.ruleID == .actionSheetAnchorRequired })
        #expect(
            !Linter(devices: ["iphone-16"]).lint(file: bytes).diagnostics.contains {
                $0.ruleID == .actionSheetAnchorRequired
            })
        // A Pro Max in landscape is wR/hC: the action sheet slides up from the bottom there, as a
        // popover adapts (no anchor needed).
        #expect(
            !Linter(devices: ["iphone-16-pro-max"]).lint(file: bytes).diagnostics.contains {
                $0.ruleID == .actionSheetAnchorRequired
            })
    }

    @Test func sizeClassPolicy() {
        let phone = LintTarget(devices: [DeviceCatalogue.device("iphone-16")!])
        #expect(phone.canBeCompactWidth && !phone.canBeRegularWidth)
        let max = LintTarget(devices: [DeviceCatalogue.device("iphone-16-pro-max")!])
        #expect(max.canBeRegularWidth && !max.canShowPopover, "wR/hC in landscape, never wR/hR")
        #expect(max.bottomActionSheetWindows.count == 2, "portrait (wC) and landscape (hC)")
        let pad = LintTarget(devices: [DeviceCatalogue.device("ipad-pro-11")!])
        #expect(pad.canBeRegularWidth && pad.canBeCompactWidth && pad.canShowPopover)  // Slide Over
        let fullScreenPad = LintTarget(devices: [DeviceCatalogue.device("ipad-pro-11")!], requiresFullScreen: true)
        #expect(!fullScreenPad.canBeCompactWidth)
    }

    @Test func diagnosticsAreInDocumentOrder() {
        // The checks run section by section (sheets before alerts), so unsorted findings would
        // put the sheet's (modal 1) before the alert's (modal 0).
        let doc = #"""
            { "format": "modallab/1", "id": "order", "start": "home", "screens": [ { "id": "home" } ],
              "modals": [
                { "id": "pick", "style": "alert", "title": "Pick a colour for the label",
                  "actions": [ { "title": "Red" }, { "title": "Blue" }, { "title": "Cancel", "role": "cancel" } ] },
                { "id": "sheet", "style": "pageSheet", "title": "Sheet", "detents": [] } ] }
            """#
        let ds = Linter().lint(file: Array(doc.utf8)).diagnostics
        #expect(ds.contains { $0.ruleID == .alertButtonCount && $0.path == "$.modals[0].actions" })
        #expect(ds.contains { $0.ruleID == .sheetDetentsNonempty && $0.path == "$.modals[1].detents" })
        let indices = ds.compactMap(\.path).compactMap { p -> Int? in
            guard let r = p.range(of: #"modals\[(\d+)\]"#, options: .regularExpression) else { return nil }
            return Int(p[r].dropFirst(7).dropLast())
        }
        #expect(Set(indices) == [0, 1])
        #expect(indices == indices.sorted(), "\(ds.map(\.description))")
    }
}
