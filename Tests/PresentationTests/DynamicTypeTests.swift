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
        let line = ContentSizeCategory.accessibilityExtraExtraExtraLarge.font(.title3).leading
        #expect(env(.accessibilityExtraExtraExtraLarge).actionSheetRow() == line + 32)
    }

    /// The table's Large column is the HIG's default sizes and leadings ("Typography").
    @Test func theTablesLargeColumnIsTheHIGsDefault() {
        let large: [TextStyle: (Double, Double)] = [
            .largeTitle: (34, 41), .title1: (28, 34), .title2: (22, 28), .title3: (20, 25), .headline: (17, 22),
            .body: (17, 22), .callout: (16, 21), .subheadline: (15, 20), .footnote: (13, 18), .caption1: (12, 16),
            .caption2: (11, 13),
        ]
        for style in TextStyle.allCases {
            let f = ContentSizeCategory.large.font(style)
            #expect(f.size == large[style]?.0 && f.leading == large[style]?.1, "\(style)")
        }
        // The sizes alerts and action sheets used before come from the same table.
        #expect(ContentSizeCategory.allCases.map(\.bodyPointSize) == [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53])
        #expect(
            ContentSizeCategory.allCases.map(\.footnotePointSize) == [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44])
        #expect(
            ContentSizeCategory.allCases.map(\.title3PointSize) == [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55])
        #expect(DynamicType.table.count == TextStyle.allCases.count)
        #expect(DynamicType.table.allSatisfy { $0.count == ContentSizeCategory.allCases.count })
    }

    /// No style's size or leading shrinks from one text size to the next, and a line is never
    /// shorter than its text.
    @Test func sizesNeverShrinkFromOneCategoryToTheNext() {
        for style in TextStyle.allCases {
            let column = ContentSizeCategory.allCases.map { $0.font(style) }
            for (a, b) in zip(column, column.dropFirst()) {
                #expect(b.size >= a.size && b.leading >= a.leading, "\(style): \(a) then \(b)")
            }
            #expect(column.allSatisfy { $0.leading > $0.size }, "\(style)")
        }
    }

    /// Screen content follows the text size; the bars' text does not.
    @Test func contentFollowsTheTextSizeAndBarsStayAt17() {
        let m = { (c: ContentSizeCategory) in
            LayoutMetrics(environment: Environment(device: DeviceCatalogue.device("iphone-16")!, contentSize: c))
        }
        #expect(m(.large).bodySize == 17 && m(.large).bodyLine == 22 && m(.large).subtitleSize == 15)
        #expect(m(.large).largeTitleHeight == 52 && m(.large).largeTitleSize == 34)
        let ax5 = m(.accessibilityExtraExtraExtraLarge)
        #expect(ax5.bodySize == 53 && ax5.subtitleSize == 49 && ax5.largeTitleSize == 60)
        #expect(ax5.largeTitleHeight == 52 + 70 - 41)
        #expect(m(.extraSmall).bodySize == 14 && m(.extraSmall).barTextSize == 17 && ax5.barTextSize == 17)
        let css = ax5.cssVariables
        #expect(css.contains("--body-size:53px;--body-line:62px") && css.contains("--subheadline-size:49px"))
        #expect(css.contains("--bar-text-size:17px"))
    }

    /// A list row grows with its text: taller at AX5 than at Large, never below 44 pt.
    @Test func rowsGrowWithTheirText() throws {
        let doc = """
            {"format": "modallab/1", "id": "rows", "devices": ["iphone-16"], "start": "home",
             "screens": [{"id": "home", "title": "Home", "navigationBar": {"trailing": [{"id": "edit", "title": "Edit"}]},
               "content": [{"type": "list", "id": "l", "items": [{"id": "a", "title": "Inbox", "subtitle": "Three new"},
                                                                 {"id": "b", "title": "Sent"}]}]}]}
            """
        func controls(_ c: ContentSizeCategory) throws -> [String: Rect] {
            var s = Session(try prototype(doc), device: "iphone-16")
            try s.apply(.resize(device: nil, multitasking: nil, contentSize: c))
            let frames = LayerFrames(
                state: s.state, prototype: s.engine.prototype, metrics: LayoutMetrics(environment: s.state.environment))
            return try #require(frames.screenLayout(ofLayer: 0)).controls
        }
        let large = try controls(.large)
        let ax5 = try controls(.accessibilityExtraExtraExtraLarge)
        let xs = try controls(.extraSmall)
        #expect(large["a"]?.height == 10 + 22 + 20 + 10 && large["b"]?.height == 44)
        #expect(xs["b"]?.height == 44, "never below the 44 pt hit target")
        #expect((ax5["a"]?.height ?? 0) >= 10 + 62 + 58 + 10 && (ax5["b"]?.height ?? 0) >= 62 + 20)
        #expect(ax5["edit"]?.width == large["edit"]?.width, "bar buttons keep their 17 pt titles")
    }

    /// A row's subtitle wraps in the title's width (UIListContentConfiguration's secondary text
    /// has no line limit by default), and the row grows by each line; symbols and the disclosure
    /// chevron grow with Body, and a row is at least as tall as its symbol.
    @Test func aRowsSubtitleWrapsAndItsSymbolAndChevronScale() throws {
        let subtitle = "Anna Haro — Are you free on Friday for lunch at the new place near the office?"
        let doc = """
            {"format": "modallab/1", "id": "rows", "devices": ["iphone-16"], "start": "home",
             "screens": [{"id": "home", "title": "Home", "content": [{"type": "list", "id": "l", "items": [
               {"id": "a", "title": "Lunch", "subtitle": "\(subtitle)", "action": {"push": "home"}},
               {"id": "b", "title": "Photos", "systemImage": "heart", "action": {"push": "home"}}]},
               {"type": "button", "id": "c", "title": "Go", "systemImage": "heart"}]}]}
            """
        func controls(_ c: ContentSizeCategory) throws -> (LayoutMetrics, [String: Rect]) {
            var s = Session(try prototype(doc), device: "iphone-16")
            try s.apply(.resize(device: nil, multitasking: nil, contentSize: c))
            let m = LayoutMetrics(environment: s.state.environment)
            let frames = LayerFrames(state: s.state, prototype: s.engine.prototype, metrics: m)
            return (m, try #require(frames.screenLayout(ofLayer: 0)).controls)
        }
        for size in [ContentSizeCategory.large, .accessibilityExtraExtraExtraLarge] {
            let (m, rows) = try controls(size)
            // The title's width: the content less the row's insets and the chevron with its gap.
            let width = 393 - 2 * m.contentInset - 2 * m.rowInset - m.rowChevron
            let lines = TextMeasure.lines(subtitle, width: width, size: m.subtitleSize)
            #expect(lines >= 2, "\(size): the subtitle wraps")
            let title = Double(TextMeasure.lines("Lunch", width: width, size: m.bodySize)) * m.bodyLine
            #expect(rows["a"]?.height == 2 * m.rowPadding + title + Double(lines) * m.subtitleLine, "\(size)")
            #expect((rows["b"]?.height ?? 0) >= 2 * m.rowPadding + m.symbolSize, "\(size): the symbol fits")
            #expect((rows["c"]?.height ?? 0) >= 2 * m.rowPadding + m.symbolSize, "\(size)")
        }
        let large = try controls(.large).0
        let ax5 = try controls(.accessibilityExtraExtraExtraLarge).0
        #expect(large.symbolSize == 22 && large.chevronWidth == 8 && large.chevronHeight == 14)
        #expect(large.rowIcon == 34 && large.rowChevron == 20, "the Large lengths are unchanged")
        #expect(ax5.symbolSize == 69 && ax5.chevronHeight > 40 && ax5.rowIcon == 69 + 12)
        #expect(ax5.cssVariables.contains("--symbol-size:69px"))
        // Menus: Body items in rows that grow, the title row with them; 44 and 32 pt at Large.
        #expect(large.menuRow == 44 && large.menuTitleRow == 32)
        #expect(ax5.menuRow == 62 + 22 && ax5.menuTitleRow == 58 + 12)
        #expect(ax5.cssVariables.contains("--menu-row:84px;--menu-title-row:70px"))
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
        func rules(_ bytes: [UInt8], _ size: ContentSizeCategory, devices: [String]? = nil) -> Set<RuleID> {
            Set(Linter(devices: devices, contentSize: size).lint(file: bytes).diagnostics.compactMap(\.ruleID))
        }
        #expect(!rules(alert, .large).contains(.alertTitleOneLine))
        #expect(rules(alert, .accessibilityExtraExtraExtraLarge).contains(.alertTitleOneLine))
        #expect(rules(alert, .accessibilityExtraExtraExtraLarge).contains(.alertMessageLength))
        // The action sheet fits an iPhone SE at Large and scrolls there at AX5: the linter says
        // so exactly where the player scrolls it.
        let sheet = Array(Self.sheet.utf8)
        #expect(!rules(sheet, .large).contains(.actionSheetNoScroll))
        #expect(rules(sheet, .accessibilityExtraExtraExtraLarge).contains(.actionSheetNoScroll))
        let report = Linter(contentSize: .accessibilityExtraExtraExtraLarge).lint(file: sheet)
        let finding = try #require(report.diagnostics.first { $0.ruleID == .actionSheetNoScroll })
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
