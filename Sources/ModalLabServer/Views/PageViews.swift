import Foundation
import HTTPServer
import InteractionLog
import JSON
import Mustache
import Presentation
import Prototype

// The view models of the pages in `Templates/pages/`: what each template names, typed, and how
// each is built from the library, the log or the catalogue. Routes only choose which to render.

/// `partials/diagnostic`: one finding, in the gallery, the player's rule panel, and the answers
/// to actions (`diagnosticsHTML`); `partials/refusal` and `partials/refusal-toast` show a
/// refusal with it.
struct DiagnosticView: MustacheContext {
    var rule: String
    var severity: String
    var message: String
    var source: String
    /// Where: a static finding's JSON path, a runtime finding's modal; or empty.
    var location: String

    init(_ d: Diagnostic) {
        rule = d.rule
        severity = d.severity.rawValue
        message = d.message
        source = d.source
        location = d.path ?? d.modal ?? ""
    }

    func mustacheValue(forKey key: String) -> Any? {
        switch key {
        case "rule": rule
        case "severity": severity
        case "message": message
        case "source": source
        case "location": location
        default: nil
        }
    }
}

/// `partials/diagnostics`: a list of findings (the items of a `<ul class="diagnostics">`).
struct DiagnosticListView: MustacheContext {
    var diagnostics: [DiagnosticView]

    init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics.map(DiagnosticView.init) }

    func mustacheValue(forKey key: String) -> Any? { key == "diagnostics" ? diagnostics : nil }
}

/// A count of findings of one severity, as a badge: "1 error", "2 warnings", "0 notes".
struct CountBadgeView: MustacheContext {
    var severity: String
    var count: Int
    var label: String

    /// The three badges of a prototype.
    static func badges(_ p: LoadedPrototype) -> [CountBadgeView] {
        [("error", "error", p.errorCount), ("warning", "warning", p.warningCount), ("info", "note", p.infoCount)].map {
            severity, noun, n in
            CountBadgeView(severity: severity, count: n, label: "\(n) \(noun)\(n == 1 ? "" : "s")")
        }
    }

    func mustacheValue(forKey key: String) -> Any? {
        switch key {
        case "severity": severity
        case "hasAny": count > 0
        case "label": label
        default: nil
        }
    }
}

/// A link to the player on one device.
struct DeviceLinkView: MustacheContext {
    var id: String
    var device: String
    var deviceName: String

    func mustacheValue(forKey key: String) -> Any? {
        switch key {
        case "id": id
        case "device": device
        case "deviceName": deviceName
        default: nil
        }
    }
}

/// `gallery`: every prototype of the library.
struct GalleryView: MustacheContext {
    struct Item: MustacheContext {
        var id: String
        var name: String
        var file: String
        var counts: [CountBadgeView]
        var isPlayable: Bool
        var diagnostics: [DiagnosticView]
        var devices: [DeviceLinkView]

        func mustacheValue(forKey key: String) -> Any? {
            switch key {
            case "id": id
            case "name": name
            case "file": file
            case "counts": counts
            case "isPlayable": isPlayable
            case "hasDiagnostics": !diagnostics.isEmpty
            case "diagnostics": diagnostics
            case "devices": devices
            default: nil
            }
        }
    }

    var directory: String
    var prototypes: [Item]

    init(library: PrototypeLibrary) {
        directory = library.writableDirectory
        prototypes = library.all.map { p in
            Item(
                id: p.id, name: p.prototype?.name ?? p.id, file: ModalLabApp.displayPath(p.file),
                counts: CountBadgeView.badges(p), isPlayable: p.prototype != nil,
                diagnostics: p.diagnostics.map(DiagnosticView.init),
                devices: (p.prototype?.devices ?? []).compactMap { DeviceCatalogue.device($0) }.map {
                    DeviceLinkView(id: p.id, device: $0.id, deviceName: $0.name)
                })
        }
    }

    func mustacheValue(forKey key: String) -> Any? {
        switch key {
        case "directory": directory
        case "prototypes": prototypes
        default: nil
        }
    }
}

/// An option of a `<select>`.
struct OptionView: MustacheContext {
    var id: String
    var name: String
    var isSelected: Bool

    func mustacheValue(forKey key: String) -> Any? {
        switch key {
        case "id": id
        case "name": name
        case "isSelected": isSelected
        default: nil
        }
    }
}

/// `player`: the toolbar, the device frame and the rule panel.
struct PlayerPageView: MustacheContext {
    var id: String
    var name: String
    var environment: Environment
    var isOwner: Bool
    var canComment: Bool
    var isEmbedded: Bool
    var devices: [OptionView]
    var multitaskings: [OptionView]
    var frame: DeviceView
    var diagnostics: [DiagnosticView]
    var countsText: String
    var stateJSON: String

    /// The player of `loaded` (whose prototype is `p`) in `environment`, for `viewer`.
    init(
        _ loaded: LoadedPrototype, _ p: Prototype, environment env: Environment, viewer: Viewer, embedded: Bool
    ) {
        let state = PresentationEngine.start(p, environment: env).state
        let listed = p.devices + DeviceCatalogue.all.map(\.id).filter { !p.devices.contains($0) }
        id = p.id
        name = p.name
        environment = env
        isOwner = viewer == .owner
        if case .share(_, _, let comment) = viewer { canComment = comment } else { canComment = viewer == .owner }
        isEmbedded = embedded
        devices = listed.compactMap { DeviceCatalogue.device($0) }.map {
            OptionView(id: $0.id, name: $0.name, isSelected: $0.id == env.device.id)
        }
        multitaskings = Multitasking.allCases.map {
            OptionView(id: $0.rawValue, name: PlayerPageView.name(of: $0), isSelected: $0 == env.multitasking)
        }
        frame = PlayerView(prototype: p, state: state).frame()
        diagnostics = loaded.diagnostics.map(DiagnosticView.init)
        countsText = CountBadgeView.badges(loaded).map(\.label).joined(separator: " · ")
        stateJSON = JSONWriter(pretty: true).string(state.json)
    }

    /// How the toolbar names a multitasking share.
    static func name(of m: Multitasking) -> String {
        switch m {
        case .full: return "Full screen"
        case .half: return "Split View ½"
        case .third: return "Split View ⅓"
        case .slideOver: return "Slide Over"
        }
    }

    func mustacheValue(forKey key: String) -> Any? {
        switch key {
        case "id": id
        case "name": name
        case "device": environment.device.id
        case "orientation": environment.orientation.rawValue
        case "multitasking": environment.multitasking.rawValue
        case "isPortrait": environment.orientation == .portrait
        case "isLandscape": environment.orientation == .landscape
        case "isPad": environment.device.family == .iPad
        case "isOwner": isOwner
        case "canComment": canComment
        case "embed": isEmbedded
        case "devices": devices
        case "multitaskings": multitaskings
        case "frame": frame
        case "diagnostics": diagnostics
        case "countsText": countsText
        case "stateJSON": stateJSON
        default: nil
        }
    }
}

/// `board`: every device × orientation, iPhones then iPads, each device's portrait and landscape
/// side by side. Frames carry their device's size in points; the stylesheet scales them, one
/// scale per family and window width, and the embedded player fits the device to its frame.
struct BoardView: MustacheContext {
    struct Family: MustacheContext {
        var name: String
        var family: String
        var devices: [DeviceRow]

        func mustacheValue(forKey key: String) -> Any? {
            switch key {
            case "name": name
            case "family": family
            case "devices": devices
            default: nil
            }
        }
    }

    struct DeviceRow: MustacheContext {
        var device: String
        var deviceName: String
        var isInPrototype: Bool
        var points: String
        var cells: [Cell]

        func mustacheValue(forKey key: String) -> Any? {
            switch key {
            case "device": device
            case "deviceName": deviceName
            case "isInPrototype": isInPrototype
            case "points": points
            case "cells": cells
            default: nil
            }
        }
    }

    struct Cell: MustacheContext {
        var orientation: String
        var sizeClass: String
        var frameWidth: Int
        var frameHeight: Int

        func mustacheValue(forKey key: String) -> Any? {
            switch key {
            case "orientation": orientation
            case "sizeClass": sizeClass
            case "frameWidth": frameWidth
            case "frameHeight": frameHeight
            default: nil
            }
        }
    }

    var id: String
    var name: String
    var isOwner: Bool
    var families: [Family]

    init(_ p: Prototype, viewer: Viewer) {
        id = p.id
        name = p.name
        isOwner = viewer == .owner
        families = [Device.Family.iPhone, .iPad].map { family in
            Family(
                name: family == .iPhone ? "iPhone" : "iPad", family: family == .iPhone ? "phone" : "pad",
                devices: DeviceCatalogue.all.filter { $0.family == family }.map { d in
                    DeviceRow(
                        device: d.id, deviceName: d.name, isInPrototype: p.devices.contains(d.id),
                        points: "\(Int(d.width)) × \(Int(d.height)) pt",
                        cells: Orientation.allCases.map { o in
                            let env = Environment(device: d, orientation: o)
                            let s = env.screenSize
                            // The frame's bezel (Public/modallab.css): 14 pt, 22 pt on iPad, 76 × 20 pt
                            // around a home button.
                            let homeButton = family == .iPhone && d.safeBottom == 0
                            var bezel = (w: family == .iPad ? 22.0 : 14.0, h: family == .iPad ? 22.0 : 14.0)
                            if homeButton { bezel = o == .portrait ? (20, 76) : (76, 20) }
                            return Cell(
                                orientation: o.rawValue, sizeClass: env.sizeClassDescription,
                                frameWidth: Int(s.width + 2 * bezel.w), frameHeight: Int(s.height + 2 * bezel.h))
                        })
                })
        }
    }

    func mustacheValue(forKey key: String) -> Any? {
        switch key {
        case "id": id
        case "name": name
        case "isOwner": isOwner
        case "families": families
        default: nil
        }
    }
}

/// `rules`: the catalogue by section.
struct RulesView: MustacheContext {
    struct Section: MustacheContext {
        var name: String
        var rules: [RuleView]

        func mustacheValue(forKey key: String) -> Any? {
            switch key {
            case "name": name
            case "rules": rules
            default: nil
            }
        }
    }

    struct RuleView: MustacheContext {
        var id: String
        var severity: String
        var severityLabel: String
        var kind: String
        var title: String
        var message: String
        var check: String
        var source: String

        func mustacheValue(forKey key: String) -> Any? {
            switch key {
            case "id": id
            case "severity": severity
            case "severityLabel": severityLabel
            case "kind": kind
            case "title": title
            case "message": message
            case "check": check
            case "source": source
            default: nil
            }
        }
    }

    var count: Int
    var sections: [Section]

    init() {
        var sections: [Section] = []
        for r in RuleCatalogue.all {
            let rule = RuleView(
                id: r.id, severity: r.severity.rawValue, severityLabel: r.severityNote ?? r.severity.rawValue,
                kind: r.kindDescription, title: r.name(), message: r.message(), check: r.check, source: r.source)
            if let i = sections.firstIndex(where: { $0.name == r.section }) {
                sections[i].rules.append(rule)
            } else {
                sections.append(Section(name: r.section, rules: [rule]))
            }
        }
        count = RuleCatalogue.all.count
        self.sections = sections
    }

    func mustacheValue(forKey key: String) -> Any? {
        switch key {
        case "count": count
        case "sections": sections
        default: nil
        }
    }
}

/// `error`: a problem as a page; it reloads itself when the prototype it is about changes.
struct ErrorPageView: MustacheContext {
    var status: Int
    var title: String
    var detail: String
    var prototype: String
    var watchesPrototype: Bool

    func mustacheValue(forKey key: String) -> Any? {
        switch key {
        case "status": status
        case "title": title
        case "detail": detail
        case "prototype": prototype
        case "watch": watchesPrototype
        default: nil
        }
    }
}

/// `insights`: the log summary of one prototype as bars, tables and a heat map of taps (SVG, no
/// script).
struct InsightsView: MustacheContext {
    struct Bar: MustacheContext {
        var y: Int
        var modal: String
        var presentations: Int
        var width: Double
        var cancelWidth: Double
        var valueX: Double
        var cancelPercent: String

        func mustacheValue(forKey key: String) -> Any? {
            switch key {
            case "y": y
            case "modal": modal
            case "presentations": presentations
            case "width": width
            case "cancelWidth": cancelWidth
            case "valueX": valueX
            case "cancelPercent": cancelPercent
            default: nil
            }
        }
    }

    struct ModalRow: MustacheContext {
        var modal: String
        var presentations: Int
        var dismissals: Int
        var how: String
        var median: String
        var p90: String
        var cancelRate: String
        var refusals: String

        func mustacheValue(forKey key: String) -> Any? {
            switch key {
            case "modal": modal
            case "presentations": presentations
            case "dismissals": dismissals
            case "how": how
            case "median": median
            case "p90": p90
            case "cancelRate": cancelRate
            case "refusals": refusals
            default: nil
            }
        }
    }

    struct Dot: MustacheContext {
        var x: Double
        var y: Double
        var kind: String

        func mustacheValue(forKey key: String) -> Any? {
            switch key {
            case "x": x
            case "y": y
            case "kind": kind
            default: nil
            }
        }
    }

    struct SessionRow: MustacheContext {
        var session: String
        var device: String
        var duration: String
        var taps: Int
        var misclickRate: String
        var path: String

        func mustacheValue(forKey key: String) -> Any? {
            switch key {
            case "session": session
            case "device": device
            case "duration": duration
            case "taps": taps
            case "misclickRate": misclickRate
            case "path": path
            default: nil
            }
        }
    }

    var id: String
    var name: String
    var events: Int
    var sessionCount: Int
    var bars: [Bar]
    var modals: [ModalRow]
    var device: Device
    var dots: [Dot]
    var sessions: [SessionRow]

    /// The insights of `p` from its log `summary` and up to 5,000 `taps` (taps and misclicks
    /// with a position). The heat map shows the device with the most taps, portrait.
    init(_ p: LoadedPrototype, summary: LogSummary, taps: [LogEvent]) {
        var deviceCounts: [String: Int] = [:]
        for e in taps where e.x != nil && e.y != nil { deviceCounts[e.device ?? "", default: 0] += 1 }
        let deviceID = deviceCounts.max { $0.value < $1.value }?.key ?? p.prototype?.devices.first ?? "iphone-16"
        let device = DeviceCatalogue.device(deviceID) ?? DeviceCatalogue.all[1]
        let maxPresented = max(1, summary.modals.map(\.presentations).max() ?? 1)
        func ms(_ v: Double?) -> String {
            v.map { $0 >= 1000 ? String(format: "%.1f s", $0 / 1000) : "\(Int($0)) ms" } ?? "–"
        }
        func pct(_ v: Double?) -> String { v.map { "\(Int(($0 * 100).rounded()))%" } ?? "–" }
        id = p.id
        name = p.prototype?.name ?? p.id
        events = summary.events
        sessionCount = summary.sessions.count
        bars = summary.modals.enumerated().map { i, m in
            let w = 300.0 * Double(m.presentations) / Double(maxPresented)
            return Bar(
                y: i * 24, modal: m.modal, presentations: m.presentations, width: w,
                cancelWidth: w * (m.cancelRate ?? 0),
                valueX: 178 + w, cancelPercent: pct(m.cancelRate))
        }
        modals = summary.modals.map { m in
            ModalRow(
                modal: m.modal, presentations: m.presentations, dismissals: m.dismissals,
                how: m.dismissalsByHow.filter { $0.value > 0 }.sorted { $0.key < $1.key }.map {
                    "\($0.key) \($0.value)"
                }
                .joined(separator: ", "),
                median: ms(m.medianTimeUpMs), p90: ms(m.p90TimeUpMs), cancelRate: pct(m.cancelRate),
                refusals: m.refusalsByRule.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(
                    separator: ", "))
        }
        self.device = device
        dots = taps.compactMap { e in
            guard let x = e.x, let y = e.y, e.device == device.id else { return nil }
            return Dot(x: x, y: y, kind: e.type == .misclick ? "misclick" : "tap")
        }
        sessions = summary.sessions.suffix(200).reversed().map { s in
            SessionRow(
                session: s.session, device: s.device ?? "", duration: ms(Double(s.durationMs)), taps: s.taps,
                misclickRate: pct(s.misclickRate), path: s.path.joined(separator: " › "))
        }
    }

    func mustacheValue(forKey key: String) -> Any? {
        let scale = min(1, 420 / device.height)
        switch key {
        case "id": return id
        case "name": return name
        case "events": return events
        case "sessionCount": return sessionCount
        case "hasModals": return !modals.isEmpty
        case "bars": return bars
        case "chartWidth": return 640
        case "chartHeight": return max(24, bars.count * 24)
        case "modals": return modals
        case "deviceName": return device.name
        case "deviceWidth": return device.width
        case "deviceHeight": return device.height
        case "heatWidth": return Int(device.width * scale)
        case "heatHeight": return Int(device.height * scale)
        case "dots": return dots
        case "sessions": return sessions
        default: return nil
        }
    }
}

extension ModalLabApp {
    /// A partial rendered on its own (a fragment the player inserts: diagnostics, a refusal).
    func fragment(_ name: String, _ view: some MustacheContext) throws(Problem) -> String {
        do {
            return try templates.render(name, view)
        } catch {
            throw Problem(.internalServerError, title: "Template error", detail: "\(error)")
        }
    }
}
