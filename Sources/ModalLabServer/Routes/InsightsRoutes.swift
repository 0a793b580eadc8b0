import Foundation
import HTTPServer
import InteractionLog
import Mustache
import Presentation
import Prototype

extension ModalLabApp {
    func addInsightsRoutes(_ groups: RouteGroups) {
        groups.pages.get("/p/{id}/insights") { [self] req, _ in
            let id = req.parameters["id"] ?? ""
            guard let viewer = reportViewer(req, prototype: id) else { throw Problem.ownerRequired }
            guard let loaded = library.get(id) else { throw Problem.notFound("no prototype \"\(id)\"") }
            let summary = try await cachedSummary(LogFilter(prototype: id))
            let taps: [LogEvent]
            let paths: [TaskPaths]
            do {
                (taps, paths) = try await offLoop { [log] in
                    // One read of the log: the task paths, and on the way the taps for the dots.
                    var out: [LogEvent] = []
                    let paths = try log.studyAggregates(filter: LogFilter(prototype: id), StudyAggregates()) { e in
                        if out.count < 5000, e.type == .tap || e.type == .misclick, e.x != nil, e.y != nil {
                            out.append(e)
                        }
                    }.paths
                    return (out, paths)
                }
            } catch {
                throw Problem(.internalServerError, title: "Log unreadable", detail: "\(error)")
            }
            let locale = PageLocale(req)
            let page = InsightsPage(
                loaded, summary: summary, taps: taps, paths: paths, isReport: viewer != .owner,
                isLive: { [sessions] in sessions.get($0) != nil }, strings: locale.strings)
            return try renderPage("insights", page, locale: locale)
        }
    }
}
