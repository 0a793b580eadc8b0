import Foundation
import HTTPServer
import JSON
import Presentation
import Prototype
import Sharing

extension ModalLabApp {
    func addPageRoutes(_ groups: RouteGroups) {
        // `?token=` is traded by the gallery group's middleware (TokenExchange).
        groups.gallery.get("/") { [self] _, _ in try renderPage("gallery", galleryContext()) }
        groups.prototypePages.get("/p/{id}") { [self] req, viewer in
            let loaded = try playable(req.parameters["id"] ?? "")
            return try renderPage("player", try playerContext(loaded, req, viewer: viewer))
        }
        groups.prototypePages.get("/p/{id}/board") { [self] req, viewer in
            let loaded = try playable(req.parameters["id"] ?? "")
            return try renderPage("board", boardContext(loaded, viewer: viewer))
        }
    }

    /// The prototype, if it exists and has no errors (else 404, or 409 naming the errors).
    func playable(_ id: String) throws(Problem) -> (LoadedPrototype, Prototype) {
        guard let loaded = library.get(id) else {
            throw Problem.notFound("no prototype \"\(id)\"" + Suggest.hint(id, in: library.all.map(\.id)))
        }
        guard let p = loaded.prototype else {
            throw Problem(
                .conflict, title: "Prototype has errors",
                detail:
                    "\(ModalLabApp.displayPath(loaded.file)) has \(loaded.errorCount == 1 ? "an error" : "\(loaded.errorCount) errors"); the first: \(loaded.diagnostics.first { $0.severity == .error }?.description ?? "")"
            )
        }
        return (loaded, p)
    }

    /// Renders a page template; HTML responses are never cached (they carry live state).
    func renderPage(_ name: String, _ context: [String: Any], status: HTTPStatus = .ok) throws(Problem) -> HTTPResponse
    {
        do {
            var body: [UInt8] = []
            body.reserveCapacity(32 << 10)
            try templates.render(name, context, appendingTo: &body)
            var h: HTTPHeaders = [:]
            h["Content-Type"] = "text/html; charset=utf-8"
            h["Cache-Control"] = "no-store"
            return HTTPResponse(status: status, headers: h, body: .bytes(body))
        } catch {
            throw Problem(.internalServerError, title: "Template error", detail: "\(error)")
        }
    }

    /// An error as an HTML page (for browsers) with the problem's status; for a prototype's page
    /// (`prototype` set) it reloads itself when the prototype's file changes, so fixing the
    /// file brings the player back.
    func errorPage(_ p: Problem, prototype: String? = nil) -> HTTPResponse {
        let context: [String: Any] = [
            "status": p.status.code, "title": p.title, "detail": p.detail ?? "",
            "prototype": prototype ?? "", "watch": prototype != nil && p.status != .unauthorized,
        ]
        var r = (try? renderPage("error", context, status: p.status)) ?? p.response
        for (n, v) in p.headers { r.headers.add(name: n, value: v) }
        return r
    }

    // MARK: Contexts

    func diagnosticContext(_ d: Diagnostic) -> [String: Any] {
        [
            "rule": d.rule, "severity": d.severity.rawValue, "message": d.message, "source": d.source,
            "path": d.path ?? "", "hasPath": d.path != nil,
        ]
    }

    func galleryContext() -> [String: Any] {
        [
            "directory": library.writableDirectory,
            "prototypes": library.all.map { p -> [String: Any] in
                [
                    "id": p.id, "name": p.prototype?.name ?? p.id, "file": ModalLabApp.displayPath(p.file),
                    "counts": countBadges(p), "playable": p.prototype != nil,
                    "hasDiagnostics": !p.diagnostics.isEmpty,
                    "diagnostics": p.diagnostics.map(diagnosticContext),
                    "devices": (p.prototype?.devices ?? []).compactMap { DeviceCatalogue.device($0) }.map {
                        ["id": p.id, "device": $0.id, "deviceName": $0.name] as [String: Any]
                    },
                ]
            },
        ]
    }

    /// The environment a page asks for: `?device=&orientation=&multitasking=`, defaulting to
    /// the prototype's first device, portrait, full screen. Unknown values are 400s.
    func environment(from req: HTTPRequest, for p: Prototype) throws(Problem) -> Environment {
        let device = try device(req.query("device") ?? p.devices.first ?? "iphone-16", path: "device")
        let o = req.query("orientation") ?? "portrait"
        guard let orientation = Orientation(rawValue: o) else {
            throw Problem.badRequest("orientation is portrait or landscape, not \"\(o)\"", path: "orientation")
        }
        let m = req.query("multitasking") ?? "full"
        guard let mt = Multitasking(rawValue: m) else {
            throw Problem.badRequest(
                "multitasking is one of full, half, third, slideOver; not \"\(m)\"", path: "multitasking")
        }
        return Environment(device: device, orientation: orientation, multitasking: mt)
    }

    func playerContext(_ lp: (LoadedPrototype, Prototype), _ req: HTTPRequest, viewer: Viewer) throws(Problem)
        -> [String: Any]
    {
        let (loaded, p) = lp
        let env = try environment(from: req, for: p)
        let state = PresentationEngine.start(p, environment: env).state
        let listed = p.devices + DeviceCatalogue.all.map(\.id).filter { !p.devices.contains($0) }
        return [
            "id": p.id, "name": p.name, "version": p.version,
            "device": env.device.id, "orientation": env.orientation.rawValue, "multitasking": env.multitasking.rawValue,
            "isPortrait": env.orientation == .portrait ? "true" : "false",
            "isLandscape": env.orientation == .landscape ? "true" : "false",
            "isPad": env.device.family == .iPad,
            "isOwner": viewer == .owner,
            "canComment": { if case .share(_, _, let c) = viewer { return c } else { return viewer == .owner } }(),
            "query": "?device=\(env.device.id)",
            "embed": req.query("embed") == "1",
            "devices": listed.compactMap { DeviceCatalogue.device($0) }.map {
                ["id": $0.id, "name": $0.name, "selected": $0.id == env.device.id] as [String: Any]
            },
            "multitaskings": Multitasking.allCases.map {
                ["id": $0.rawValue, "name": multitaskingName($0), "selected": $0 == env.multitasking] as [String: Any]
            },
            "frame": PlayerView(prototype: p, state: state).frame(),
            "diagnostics": loaded.diagnostics.map(diagnosticContext),
            "countsText": countBadges(loaded).map { $0["label"] as? String ?? "" }.joined(separator: " · "),
            "stateJSON": JSONWriter(pretty: true).string(state.json),
        ]
    }

    /// A file's path as a person reads it: relative to the working folder when inside it, with
    /// doubled slashes removed.
    static func displayPath(_ path: String) -> String {
        let clean = URL(fileURLWithPath: path).standardizedFileURL.path
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path + "/"
        return clean.hasPrefix(cwd) ? String(clean.dropFirst(cwd.count)) : clean
    }

    /// "1 error", "2 warnings", "0 notes", with the severity for the badge's colour.
    func countBadges(_ p: LoadedPrototype) -> [[String: Any]] {
        [("error", "error", p.errorCount), ("warning", "warning", p.warningCount), ("info", "note", p.infoCount)].map {
            severity, noun, n in
            ["severity": severity, "count": n > 0, "label": "\(n) \(noun)\(n == 1 ? "" : "s")"] as [String: Any]
        }
    }

    func multitaskingName(_ m: Multitasking) -> String {
        switch m {
        case .full: return "Full screen"
        case .half: return "Split View ½"
        case .third: return "Split View ⅓"
        case .slideOver: return "Slide Over"
        }
    }

    /// Every device × orientation: iPhones then iPads, each device's portrait and landscape side
    /// by side. Frames carry their device's size in points; the stylesheet scales them, one
    /// scale per family and window width, and the embedded player fits the device to its frame.
    func boardContext(_ lp: (LoadedPrototype, Prototype), viewer: Viewer) -> [String: Any] {
        let p = lp.1
        var families: [[String: Any]] = []
        for family in [Device.Family.iPhone, .iPad] {
            var devices: [[String: Any]] = []
            for d in DeviceCatalogue.all where d.family == family {
                var cells: [[String: Any]] = []
                for o in Orientation.allCases {
                    let env = Environment(device: d, orientation: o)
                    let s = env.screenSize
                    // The frame's bezel (Public/modallab.css): 14 pt, 22 pt on iPad, 76 × 20 pt
                    // around a home button.
                    let homeButton = family == .iPhone && d.safeBottom == 0
                    var bezel = (w: family == .iPad ? 22.0 : 14.0, h: family == .iPad ? 22.0 : 14.0)
                    if homeButton { bezel = o == .portrait ? (20, 76) : (76, 20) }
                    cells.append([
                        "id": p.id, "device": d.id, "deviceName": d.name, "orientation": o.rawValue,
                        "sizeClass": env.sizeClassDescription,
                        "frameWidth": Int(s.width + 2 * bezel.w), "frameHeight": Int(s.height + 2 * bezel.h),
                    ])
                }
                devices.append([
                    "id": p.id, "device": d.id, "deviceName": d.name, "inPrototype": p.devices.contains(d.id),
                    "points": "\(Int(d.width)) × \(Int(d.height)) pt", "cells": cells,
                ])
            }
            families.append([
                "name": family == .iPhone ? "iPhone" : "iPad", "family": family == .iPhone ? "phone" : "pad",
                "devices": devices,
            ])
        }
        return ["id": p.id, "name": p.name, "families": families, "isOwner": viewer == .owner, "query": ""]
    }

    func rulesContext() -> [String: Any] {
        var sections: [(String, [[String: Any]])] = []
        for r in RuleCatalogue.all {
            let entry: [String: Any] = [
                "id": r.id, "severity": r.severity.rawValue, "severityLabel": r.severityNote ?? r.severity.rawValue,
                "kind": r.kindDescription, "check": r.check, "source": r.source, "hasTitle": true, "title": r.name(),
                "message": r.message(),
            ]
            if let i = sections.firstIndex(where: { $0.0 == r.section }) {
                sections[i].1.append(entry)
            } else {
                sections.append((r.section, [entry]))
            }
        }
        return [
            "count": RuleCatalogue.all.count,
            "sections": sections.map { ["name": $0.0, "rules": $0.1] as [String: Any] },
        ]
    }
}
