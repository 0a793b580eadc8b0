import Foundation
import HTTPServer
import InteractionLog
import Prototype

extension ModalLabApp {
    func addInsightsRoutes(_ groups: RouteGroups) {
        groups.ownerPages.get("/p/{id}/insights") { [self] req, _ in
            let id = req.parameters["id"] ?? ""
            guard let loaded = library.get(id) else { throw Problem.notFound("no prototype \"\(id)\"") }
            let summary = try await cachedSummary(LogFilter(prototype: id))
            let taps: [LogEvent]
            do {
                taps = try await offLoop { [log] in
                    var f = LogFilter(prototype: id)
                    f.types = [.tap, .misclick]
                    var out: [LogEvent] = []
                    _ = try log.forEach(filter: f) { e in
                        if out.count < 5000, e.x != nil, e.y != nil { out.append(e) }
                    }
                    return out
                }
            } catch {
                throw Problem(.internalServerError, title: "Log unreadable", detail: "\(error)")
            }
            return try renderPage("insights", insightsContext(loaded, summary: summary, taps: taps))
        }
    }

    /// The log summary of one prototype as bars, tables and a heat map of taps (SVG, no script).
    func insightsContext(_ p: LoadedPrototype, summary: LogSummary, taps: [LogEvent]) -> [String: Any] {
        var deviceCounts: [String: Int] = [:]
        var dots: [[String: Any]] = taps.compactMap { e in
            guard let x = e.x, let y = e.y else { return nil }
            deviceCounts[e.device ?? "", default: 0] += 1
            return ["x": x, "y": y, "device": e.device ?? "", "kind": e.type == .misclick ? "misclick" : "tap"]
        }
        // The heat map shows the device with the most taps, portrait.
        let deviceID = deviceCounts.max { $0.value < $1.value }?.key ?? p.prototype?.devices.first ?? "iphone-16"
        let device = DeviceCatalogue.device(deviceID) ?? DeviceCatalogue.all[1]
        dots = dots.filter { ($0["device"] as? String) == device.id }
        let maxPresented = max(1, summary.modals.map(\.presentations).max() ?? 1)
        func ms(_ v: Double?) -> String {
            v.map { $0 >= 1000 ? String(format: "%.1f s", $0 / 1000) : "\(Int($0)) ms" } ?? "–"
        }
        func pct(_ v: Double?) -> String { v.map { "\(Int(($0 * 100).rounded()))%" } ?? "–" }
        let bars = summary.modals.enumerated().map { i, m -> [String: Any] in
            let w = 300.0 * Double(m.presentations) / Double(maxPresented)
            return [
                "y": i * 24, "modal": m.modal, "presentations": m.presentations, "width": w,
                "cancelWidth": w * (m.cancelRate ?? 0), "valueX": 178 + w, "cancelPercent": pct(m.cancelRate),
            ]
        }
        let scale = min(1, 420 / device.height)
        return [
            "id": p.id, "name": p.prototype?.name ?? p.id, "events": summary.events,
            "sessionCount": summary.sessions.count,
            "hasModals": !summary.modals.isEmpty, "bars": bars, "chartWidth": 640,
            "chartHeight": max(24, bars.count * 24),
            "modals": summary.modals.map { m -> [String: Any] in
                [
                    "modal": m.modal, "presentations": m.presentations, "dismissals": m.dismissals,
                    "how": m.dismissalsByHow.filter { $0.value > 0 }.sorted { $0.key < $1.key }.map {
                        "\($0.key) \($0.value)"
                    }.joined(separator: ", "),
                    "median": ms(m.medianTimeUpMs), "p90": ms(m.p90TimeUpMs), "cancelRate": pct(m.cancelRate),
                    "refusals": m.refusalsByRule.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(
                        separator: ", "),
                ]
            },
            "deviceName": device.name, "deviceWidth": device.width, "deviceHeight": device.height,
            "heatWidth": Int(device.width * scale), "heatHeight": Int(device.height * scale), "dots": dots,
            "sessions": summary.sessions.suffix(200).reversed().map { s -> [String: Any] in
                [
                    "session": s.session, "device": s.device ?? "", "duration": ms(Double(s.durationMs)),
                    "taps": s.taps,
                    "misclickRate": pct(s.misclickRate), "path": s.path.joined(separator: " › "),
                ]
            },
        ]
    }
}
