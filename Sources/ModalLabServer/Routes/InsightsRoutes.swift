import Foundation
import HTTPServer
import InteractionLog
import Mustache
import Presentation
import Prototype

/// A study's insights page (`/p/{id}/insights`): the log's summary of the prototype, its
/// task paths and taps, for the owner and the holders of a `report` link to it.
struct InsightsController: Sendable {
    let access: ViewerAccess
    let library: PrototypeLibrary
    let log: LogStore
    let summaries: SummaryCache
    /// Live sessions: the page offers to watch those this server holds.
    let sessions: SessionStore
    let pages: PageRenderer

    /// Registers the page in the pages' group (it checks its reader itself).
    func addRoutes(to groups: RouteGroups) {
        groups.pages.get("/p/{id}/insights") { [self] req, _ in
            let id = req.parameters["id"] ?? ""
            guard let viewer = access.reportViewer(req, prototype: id) else { throw Problem.ownerRequired }
            guard let loaded = library.get(id) else { throw Problem.notFound("no prototype \"\(id)\"") }
            // The participants of participant links unless the query asks for another audience.
            var filter = try LogFilter.studyView(prototype: id, req)
            // The page's filters also choose a share link (the owner's) and the device sessions started on.
            func q(_ name: String) -> String? { req.query(name).flatMap { $0.isEmpty ? nil : $0 } }
            filter.device = q("device")
            if viewer == .owner { filter.share = q("share") }
            var aggregates = StudyAggregates()
            for t in loaded.prototype?.tasks ?? [] where !t.expectedPath.isEmpty {
                aggregates.expectedPaths[t.id] = t.expectedPath
            }
            let summary = try await summaries.summary(of: log, filter: filter)
            let taps: [LogEvent]
            let paths: [TaskPaths]
            do {
                (taps, paths) = try await offLoop { [log, aggregates, filter] in
                    // One read of the log: the task paths, and on the way the taps for the dots.
                    var out: [LogEvent] = []
                    let paths = try log.studyAggregates(filter: filter, aggregates) { e in
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
            var page = InsightsPage(
                loaded, summary: summary, taps: taps, paths: paths, isReport: viewer != .owner,
                isLive: { [sessions] in sessions.get($0) != nil }, strings: locale.strings)
            if let p = loaded.prototype {
                page.filters = InsightsFiltersView(
                    p, filter: filter, links: access.shares.all, isReport: viewer != .owner, strings: locale.strings)
            }
            return try pages.render("insights", page, locale: locale)
        }
    }
}
