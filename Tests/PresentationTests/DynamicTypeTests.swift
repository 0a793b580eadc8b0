import JSON
import Prototype
import Testing

@testable import Presentation

/// Text size (`contentSize`): action sheets that grow with Dynamic Type and scroll when they no
/// longer fit, and the linter's length rules at a chosen size (`modallab lint --content-size`).
@Suite struct DynamicTypeTests {
    static let sheet = """
        {"format": "modallab/1", "id": "dt", "devices": ["iphone-se-3"], "start": "home",
         "screens": [{"id": "home", "content": [{"type": "button", "id": "move", "title": "Move", "action": {"present": "move-to"}}]}],
         "modals": [{"id": "move-to", "style": "actionSheet", "source": "move", "title": "Move to a Folder",
           "message": "The messages keep their flags.",
           "actions": [{"title": "Inbox"}, {"title": "Archive"}, {"title": "Receipts and Invoices"},
                       {"title": "Cancel", "role": "cancel"}]}]}
        """

    func session(_ size: ContentSizeCategory, device: String = "iphone-se-3") throws -> Session {
        var s = Session(try prototype(Self.sheet), device: device)
        try s.apply(.resize(device: nil, multitasking: nil, contentSize: size))
        try s.tap("move")
        return s
    }

    @Test func rowsAre57PointsAtLargeAndTheSheetFits() throws {
        let s = try session(.large)
        let f = FrameLayout(prototype: s.engine.prototype, state: s.state)
        let layer = f.layers[1]
        #expect(layer.form == .actionSheet)
        #expect(!layer.scrolls)
        // Header: 13 + 18 (title) + 2 + 18 (message) + 14 + 0.5; three 57 pt rows; Cancel 8 + 57.
        let header: Double = 13 + 18 + 2 + 18 + 14 + 0.5
        let rows: Double = 3 * 57 + 8 + 57
        #expect(layer.frame.height == header + rows)
        #expect(layer.frame.width == 375 - 16)
        #expect(layer.frame.maxY == 667 - 8, "8 pt above the bottom of a Home-button iPhone")
        #expect(f.metrics.actionSheetRow() == 57 && f.metrics.popoverActionRow() == 50)
    }

    @Test func rowsGrowWithTheTextSize() {
        let env = { (c: ContentSizeCategory) in
            LayoutMetrics(environment: Environment(device: DeviceCatalogue.device("iphone-16")!, contentSize: c))
        }
        var last = 0.0
        for c in ContentSizeCategory.allCases {
            let m = env(c)
            #expect(m.actionSheetRow() >= last, "\(c)")
            last = m.actionSheetRow()
            #expect(m.actionSheetTitlesWrap == c.isAccessibilityCategory)
        }
        #expect(env(.extraSmall).actionSheetRow() == 57, "never below 57 pt")
        let line: Double = (55.0 * 25 / 20).rounded()
        #expect(env(.accessibilityExtraExtraExtraLarge).actionSheetRow() == line + 32)
    }

    @Test func aSheetThatNoLongerFitsScrollsWithinTheWindow() throws {
        let s = try session(.accessibilityExtraExtraExtraLarge)
        let f = FrameLayout(prototype: s.engine.prototype, state: s.state)
        let layer = f.layers[1]
        let m = f.metrics
        let natural = SystemContentLayout.actionSheetHeight(
            s.engine.prototype.modal("move-to")!, inPopover: false, width: layer.frame.width, metrics: m)
        #expect(natural > 667, "at AX5 the sheet is taller than the iPhone SE")
        #expect(layer.scrolls)
        #expect(
            layer.frame.height == 667 - 20 - m.actionSheetTopMargin - 8,
            "as tall as the window allows below the status bar")
        #expect(layer.frame.y == 20 + m.actionSheetTopMargin)
        // A long title wraps: its row is taller than a one-word row.
        let long = SystemContentLayout.rowHeight(
            "Receipts and Invoices", inPopover: false, width: layer.frame.width, bold: false, metrics: m)
        let short = SystemContentLayout.rowHeight(
            "Inbox", inPopover: false, width: layer.frame.width, bold: false, metrics: m)
        #expect(long > short && short == m.actionSheetRow())
    }

    @Test func theLinterMeasuresAtTheTextSizeItIsGiven() throws {
        let alert = Array(
            """
            {"format": "modallab/1", "id": "a", "devices": ["iphone-16"], "start": "home", "screens": [{"id": "home"}],
             "modals": [{"id": "gone", "style": "alert", "title": "Delete this photo?",
               "message": "It is removed from every device.",
               "actions": [{"title": "Cancel", "role": "cancel"}, {"title": "Delete", "role": "destructive"}]}]}
            """.utf8)
        func rules(_ bytes: [UInt8], _ size: ContentSizeCategory, devices: [String]? = nil) -> Set<String> {
            Set(Linter(devices: devices, contentSize: size).lint(file: bytes).diagnostics.map(\.rule))
        }
        #expect(!rules(alert, .large).contains("alert.title-one-line"))
        #expect(rules(alert, .accessibilityExtraExtraExtraLarge).contains("alert.title-one-line"))
        #expect(rules(alert, .accessibilityExtraExtraExtraLarge).contains("alert.message-length"))
        // The action sheet fits an iPhone SE at Large and scrolls there at AX5: the linter says
        // so exactly where the player scrolls it.
        let sheet = Array(Self.sheet.utf8)
        #expect(!rules(sheet, .large).contains("actionsheet.no-scroll"))
        #expect(rules(sheet, .accessibilityExtraExtraExtraLarge).contains("actionsheet.no-scroll"))
        let report = Linter(contentSize: .accessibilityExtraExtraExtraLarge).lint(file: sheet)
        let finding = try #require(report.diagnostics.first { $0.rule == "actionsheet.no-scroll" })
        #expect(finding.path == "$.modals[0].actions")
        #expect(finding.message.contains("iPhone SE"))
    }

    @Test func theLintTargetsWindowsHaveItsTextSize() {
        let t = LintTarget(
            devices: [DeviceCatalogue.device("ipad-mini")!], contentSize: .accessibilityMedium)
        #expect(t.environments.allSatisfy { $0.contentSize == .accessibilityMedium })
        #expect(t.metrics.alertTextSize == 28 && t.metrics.footnoteSize == 23 && t.metrics.actionSheetTextSize == 31)
    }
}
