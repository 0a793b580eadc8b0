import JSON
import Prototype
import Testing

@testable import Presentation

/// docs/rules.md "Matrix of resolved styles", cell by cell, through the engine: a button presents
/// one modal of the requested style and the state must carry the resolved style, form and
/// `adaptedBy`. Then every cell is reached live, by resizing and rotating from every other
/// environment, and must come out the same.
@Suite struct EngineMatrixTests {
    /// The size-class environments of the matrix, with the devices that produce them.
    enum Cell: String, CaseIterable, CustomStringConvertible {
        case wRhR, wChR, wRhC, wChC
        var description: String { rawValue }
    }

    struct Place: CustomStringConvertible, Sendable {
        var device: String
        var orientation: Orientation
        var multitasking: Multitasking
        var cell: Cell
        var description: String { "\(device) \(orientation) \(multitasking)" }
    }

    /// Every way the matrix's columns occur: iPad full, two thirds in landscape and half on the
    /// largest iPad Pro (wR/hR), iPad half and portrait two thirds (wC/hR), iPhone portrait and
    /// iPad third and Slide Over (wC/hR), a large iPhone in landscape (wR/hC), iPhones in
    /// landscape (wC/hC).
    static let places: [Place] = [
        Place(device: "ipad-pro-11", orientation: .portrait, multitasking: .full, cell: .wRhR),
        Place(device: "ipad-pro-13", orientation: .landscape, multitasking: .full, cell: .wRhR),
        Place(device: "ipad-pro-13", orientation: .landscape, multitasking: .half, cell: .wRhR),
        Place(device: "ipad-mini", orientation: .landscape, multitasking: .twoThirds, cell: .wRhR),
        Place(device: "ipad-air-11", orientation: .landscape, multitasking: .half, cell: .wChR),
        Place(device: "ipad-air-11", orientation: .portrait, multitasking: .twoThirds, cell: .wChR),
        Place(device: "iphone-16", orientation: .portrait, multitasking: .full, cell: .wChR),
        Place(device: "iphone-se-3", orientation: .portrait, multitasking: .full, cell: .wChR),
        Place(device: "ipad-pro-11", orientation: .portrait, multitasking: .third, cell: .wChR),
        Place(device: "ipad-pro-13", orientation: .landscape, multitasking: .slideOver, cell: .wChR),
        Place(device: "ipad-mini", orientation: .landscape, multitasking: .third, cell: .wChR),
        Place(device: "iphone-16-pro-max", orientation: .landscape, multitasking: .full, cell: .wRhC),
        Place(device: "iphone-16", orientation: .landscape, multitasking: .full, cell: .wChC),
        Place(device: "iphone-se-3", orientation: .landscape, multitasking: .full, cell: .wChC),
        Place(device: "iphone-16-pro", orientation: .landscape, multitasking: .full, cell: .wChC),
    ]

    struct Expected: Equatable, CustomStringConvertible {
        var style: PresentationStyle
        var form: Form
        var adaptedBy: RuleID?
        var description: String { "\(style)/\(form)/\(adaptedBy?.rawValue ?? "nil")" }
    }

    static func e(_ style: PresentationStyle, _ form: Form, _ rule: RuleID? = nil) -> Expected {
        Expected(style: style, form: form, adaptedBy: rule)
    }

    /// A row of the matrix: the requested style, extra modal members, the target OS, and the
    /// expected resolution per column.
    struct Row: CustomStringConvertible, Sendable {
        var name: String
        var style: PresentationStyle
        var extra: String = ""
        var targetOS: Int = 18
        var cells: [Cell: Expected]
        var description: String { name }
    }

    static let cw = RuleID.sheetCompactWidthCard
    static let ch = RuleID.sheetCompactHeightFullScreen
    static let pc = RuleID.popoverCompactAdapts
    static let cc = RuleID.currentContextCompactAdapts
    static let auto = RuleID.modalAutomaticResolves

    static let rows: [Row] = [
        Row(
            name: "fullScreen", style: .fullScreen,
            cells: [
                .wRhR: e(.fullScreen, .fullScreen), .wChR: e(.fullScreen, .fullScreen),
                .wRhC: e(.fullScreen, .fullScreen), .wChC: e(.fullScreen, .fullScreen),
            ]),
        Row(
            name: "overFullScreen", style: .overFullScreen,
            cells: [
                .wRhR: e(.overFullScreen, .fullScreen), .wChR: e(.overFullScreen, .fullScreen),
                .wRhC: e(.overFullScreen, .fullScreen), .wChC: e(.overFullScreen, .fullScreen),
            ]),
        Row(
            name: "pageSheet", style: .pageSheet,
            cells: [
                .wRhR: e(.pageSheet, .centered), .wChR: e(.pageSheet, .card, cw),
                .wRhC: e(.fullScreen, .fullScreen, ch), .wChC: e(.fullScreen, .fullScreen, ch),
            ]),
        Row(
            name: "pageSheet edge-attached", style: .pageSheet, extra: #", "prefersEdgeAttachedInCompactHeight": true"#,
            cells: [
                .wRhR: e(.pageSheet, .centered), .wChR: e(.pageSheet, .card, cw),
                .wRhC: e(.pageSheet, .card, ch), .wChC: e(.pageSheet, .card, ch),
            ]),
        Row(
            name: "formSheet", style: .formSheet,
            cells: [
                .wRhR: e(.formSheet, .centered), .wChR: e(.formSheet, .card, cw),
                .wRhC: e(.fullScreen, .fullScreen, ch), .wChC: e(.fullScreen, .fullScreen, ch),
            ]),
        Row(
            name: "formSheet edge-attached", style: .formSheet, extra: #", "prefersEdgeAttachedInCompactHeight": true"#,
            cells: [
                .wRhR: e(.formSheet, .centered), .wChR: e(.formSheet, .card, cw),
                .wRhC: e(.formSheet, .card, ch), .wChC: e(.formSheet, .card, ch),
            ]),
        Row(
            name: "automatic iOS 18", style: .automatic,
            cells: [
                .wRhR: e(.formSheet, .centered, auto), .wChR: e(.formSheet, .card, cw),
                .wRhC: e(.fullScreen, .fullScreen, ch), .wChC: e(.fullScreen, .fullScreen, ch),
            ]),
        Row(
            name: "automatic iOS 17", style: .automatic, targetOS: 17,
            cells: [
                .wRhR: e(.pageSheet, .centered, auto), .wChR: e(.pageSheet, .card, cw),
                .wRhC: e(.fullScreen, .fullScreen, ch), .wChC: e(.fullScreen, .fullScreen, ch),
            ]),
        Row(
            name: "automatic iOS 13", style: .automatic, targetOS: 13,
            cells: [
                .wRhR: e(.pageSheet, .centered, auto), .wChR: e(.pageSheet, .card, cw),
                .wRhC: e(.fullScreen, .fullScreen, ch), .wChC: e(.fullScreen, .fullScreen, ch),
            ]),
        Row(
            name: "automatic iOS 12", style: .automatic, targetOS: 12,
            cells: [
                .wRhR: e(.fullScreen, .fullScreen, auto), .wChR: e(.fullScreen, .fullScreen, auto),
                .wRhC: e(.fullScreen, .fullScreen, auto), .wChC: e(.fullScreen, .fullScreen, auto),
            ]),
        Row(
            name: "popover", style: .popover,
            cells: [
                .wRhR: e(.popover, .popover), .wChR: e(.formSheet, .card, pc),
                .wRhC: e(.fullScreen, .fullScreen, pc), .wChC: e(.fullScreen, .fullScreen, pc),
            ]),
        Row(
            name: "popover edge-attached", style: .popover, extra: #", "prefersEdgeAttachedInCompactHeight": true"#,
            cells: [
                .wRhR: e(.popover, .popover), .wChR: e(.formSheet, .card, pc),
                .wRhC: e(.formSheet, .card, pc), .wChC: e(.formSheet, .card, pc),
            ]),
        Row(
            name: "popover iOS 12 (legacy)", style: .popover, targetOS: 12,
            cells: [
                .wRhR: e(.popover, .popover), .wChR: e(.fullScreen, .fullScreen, pc),
                .wRhC: e(.formSheet, .centered, pc), .wChC: e(.fullScreen, .fullScreen, pc),
            ]),
        Row(
            name: "popover adaptive fullScreen", style: .popover,
            extra: #", "adaptivePresentationStyle": "fullScreen""#,
            cells: [
                .wRhR: e(.popover, .popover), .wChR: e(.fullScreen, .fullScreen, pc),
                .wRhC: e(.fullScreen, .fullScreen, pc), .wChC: e(.fullScreen, .fullScreen, pc),
            ]),
        Row(
            name: "popover adaptive none", style: .popover, extra: #", "adaptivePresentationStyle": "none""#,
            cells: [
                .wRhR: e(.popover, .popover), .wChR: e(.popover, .popover),
                .wRhC: e(.popover, .popover), .wChC: e(.popover, .popover),
            ]),
        Row(
            name: "currentContext", style: .currentContext, extra: #", "context": "home""#,
            cells: [
                .wRhR: e(.currentContext, .context), .wChR: e(.fullScreen, .fullScreen, cc),
                .wRhC: e(.currentContext, .context), .wChC: e(.fullScreen, .fullScreen, cc),
            ]),
        Row(
            name: "overCurrentContext", style: .overCurrentContext, extra: #", "context": "home""#,
            cells: [
                .wRhR: e(.overCurrentContext, .context), .wChR: e(.fullScreen, .fullScreen, cc),
                .wRhC: e(.overCurrentContext, .context), .wChC: e(.fullScreen, .fullScreen, cc),
            ]),
        Row(
            name: "currentContext as sheet", style: .currentContext,
            extra: #", "context": "home", "compactAdaptation": "sheet""#,
            cells: [
                .wRhR: e(.currentContext, .context), .wChR: e(.pageSheet, .card, cc),
                .wRhC: e(.currentContext, .context), .wChC: e(.fullScreen, .fullScreen, cc),
            ]),
        Row(
            name: "currentContext without a context", style: .currentContext,
            cells: [
                .wRhR: e(.currentContext, .context, .currentContextContextOwner),
                .wChR: e(.fullScreen, .fullScreen, cc),
                .wRhC: e(.currentContext, .context, .currentContextContextOwner),
                .wChC: e(.fullScreen, .fullScreen, cc),
            ]),
        Row(
            name: "alert", style: .alert,
            cells: [
                .wRhR: e(.alert, .alert), .wChR: e(.alert, .alert), .wRhC: e(.alert, .alert),
                .wChC: e(.alert, .alert),
            ]),
        Row(
            name: "actionSheet", style: .actionSheet,
            cells: [
                .wRhR: e(.popover, .popover, .actionSheetRegularAsPopover), .wChR: e(.actionSheet, .actionSheet),
                .wRhC: e(.actionSheet, .actionSheet), .wChC: e(.actionSheet, .actionSheet),
            ]),
        Row(
            name: "activity", style: .activity,
            cells: [
                .wRhR: e(.popover, .popover, .activityAdapt), .wChR: e(.pageSheet, .card, .activityAdapt),
                .wRhC: e(.pageSheet, .card, .activityAdapt), .wChC: e(.pageSheet, .card, .activityAdapt),
            ]),
    ]

    static func prototype(_ row: Row) throws -> Prototype {
        var body: String
        switch row.style {
        case .alert:
            body =
                #""title": "Delete it?", "actions": [{"title": "Cancel", "role": "cancel"}, {"title": "Delete", "role": "destructive"}]"#
        case .actionSheet:
            body = #""source": "open", "actions": [{"title": "One"}, {"title": "Cancel", "role": "cancel"}]"#
        case .activity: body = #""source": "open", "activities": ["airdrop", "mail"]"#
        case .popover:
            body =
                #""source": "open", "title": "M", "navigationBar": {"trailing": [{"id": "done", "title": "Done", "action": "dismiss"}]}"#
        default:
            body =
                #""title": "M", "navigationBar": {"trailing": [{"id": "done", "title": "Done", "action": "dismiss"}]}"#
        }
        return try PresentationTests.prototype(
            #"""
            {"format": "modallab/1", "id": "matrix", "targetOS": "\#(row.targetOS)", "start": "home",
             "screens": [{"id": "home", "title": "Home", "content": [{"type": "button", "id": "open", "title": "Open", "action": {"present": "m"}}]}],
             "modals": [{"id": "m", "style": "\#(row.style.rawValue)", \#(body)\#(row.extra)}]}
            """#)
    }

    static func actual(_ s: Session) -> Expected? {
        s.entry("m").map {
            Expected(style: $0.resolution.style, form: $0.resolution.form, adaptedBy: $0.resolution.adaptedBy)
        }
    }

    @Test(arguments: rows)
    func everyCellOfTheMatrix(_ row: Row) throws {
        let p = try Self.prototype(row)
        for place in Self.places {
            var s = Session(p, device: place.device, orientation: place.orientation, multitasking: place.multitasking)
            let o = try s.tap("open")
            #expect(o.refusal == nil, "\(row) in \(place): \(o.refusal?.message ?? "")")
            #expect(Self.actual(s) == row.cells[place.cell], "\(row) in \(place) (\(place.cell))")
            // The state reports the same, and a detent exactly when drawn as a card.
            let json = try #require(s.state.json["stack"]?.arrayValue?.first)
            #expect(json["style"]?.stringValue == row.cells[place.cell]?.style.rawValue)
            #expect(json["form"]?.stringValue == row.cells[place.cell]?.form.rawValue)
            #expect(json["adaptedBy"] == .string(row.cells[place.cell]?.adaptedBy?.rawValue))
            #expect((json["detent"] != .null) == (row.cells[place.cell]?.form == .card), "\(row) in \(place)")
            // `adapted` events name every rule that applied.
            let adapted = o.events.filter { $0.type == .adapted }.compactMap(\.rule)
            #expect(adapted == s.entry("m")?.resolution.rules.map(\.rawValue))
        }
    }

    /// Adaptation is recomputed on every rotate and resize: whatever the path, an entry ends up
    /// as a fresh presentation in the same environment would be.
    @Test(arguments: rows)
    func everyCellIsReachedLive(_ row: Row) throws {
        let p = try Self.prototype(row)
        for from in Self.places {
            var s = Session(p, device: from.device, orientation: from.orientation, multitasking: from.multitasking)
            try s.tap("open")
            for to in Self.places {
                let o1 = try s.apply(.resize(device: to.device, multitasking: to.multitasking))
                let o2 = try s.apply(.rotate(to.orientation))
                #expect(o1.refusal == nil && o2.refusal == nil)
                #expect(Self.actual(s) == row.cells[to.cell], "\(row): \(from) → \(to)")
                for ev in (o1.events + o2.events) where ev.type == .adapted {
                    #expect(ev.rule.flatMap { try? RuleID(parsing: $0) } != nil)
                }
            }
        }
    }

    /// A popover on an iPad becomes a card in Slide Over, a third and portrait two thirds, and a
    /// popover again at full width,
    /// logging `adapted` both ways; its layout comes back too.
    @Test func popoverRoundTripThroughSlideOver() throws {
        let row = Self.rows.first { $0.name == "popover" }!
        var s = Session(try Self.prototype(row), device: "ipad-pro-13")
        try s.tap("open")
        #expect(s.entry("m")?.popover?.source == "open")
        let steps: [(Multitasking, Form, RuleID?)] = [
            (Multitasking.slideOver, Form.card, .popoverCompactAdapts), (.full, .popover, .popoverRegular),
            (.third, .card, .popoverCompactAdapts), (.twoThirds, .card, nil),
        ]
        for (mt, form, rule) in steps {
            let o = try s.apply(.resize(device: nil, multitasking: mt))
            #expect(s.forms == [form])
            // Two thirds in portrait is compact too: the popover stays adapted, nothing new is logged.
            #expect(o.events.filter { $0.type == .adapted }.map(\.rule) == (rule.map { [$0.rawValue] } ?? []))
            #expect((s.entry("m")?.popover != nil) == (form == .popover))
        }
    }

    @Test func sizeClassesOfTheDevices() {
        for place in Self.places {
            let env = Environment(
                device: DeviceCatalogue.device(place.device)!, orientation: place.orientation,
                multitasking: place.multitasking)
            let cell: Cell
            switch (env.horizontalSizeClass, env.verticalSizeClass) {
            case (.regular, .regular): cell = .wRhR
            case (.compact, .regular): cell = .wChR
            case (.regular, .compact): cell = .wRhC
            case (.compact, .compact): cell = .wChC
            }
            #expect(cell == place.cell, "\(place)")
        }
    }
}
