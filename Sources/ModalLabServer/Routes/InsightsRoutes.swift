import Foundation
import HTTPServer
import InteractionLog
import Mustache
import Presentation
import Prototype

/// The insights page's context: ``InsightsView`` and what a usability study adds (tasks, their
/// paths, sessions with their status and links, whether the reader holds a report link).
struct InsightsPage: MustacheContext {
    var base: InsightsView
    var extra: [String: Any]
    func mustacheValue(forKey key: String) -> Any? { extra[key] ?? base.mustacheValue(forKey: key) }
}

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
            let base = InsightsView(loaded, summary: summary, taps: taps, strings: locale.strings)
            let rows = StudyViews.sessionRows(
                summary, prototype: id, live: { [sessions] in sessions.get($0) != nil }, strings: locale.strings)
            let extra: [String: Any] = [
                "isReport": viewer != .owner, "tasks": StudyViews.taskRows(summary),
                "hasTasks": !summary.tasks.isEmpty,
                "sankeys": paths.filter { !$0.links.isEmpty }.map { StudyViews.sankey($0, strings: locale.strings) },
                "studySessions": rows,
            ]
            return try renderPage("insights", InsightsPage(base: base, extra: extra), locale: locale)
        }
    }
}
