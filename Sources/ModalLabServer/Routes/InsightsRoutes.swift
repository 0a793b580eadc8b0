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
            let locale = PageLocale(req)
            return try renderPage(
                "insights", InsightsView(loaded, summary: summary, taps: taps, strings: locale.strings), locale: locale)
        }
    }
}
