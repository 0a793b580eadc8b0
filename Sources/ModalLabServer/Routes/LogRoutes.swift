import Foundation
import HTTPServer
import InteractionLog
import JSON

/// The owner's log (docs/api.md): exports (`/api/logs.ndjson`, `/api/logs.csv`)
/// streamed as they are read, and summaries (`/api/logs/summary.json|csv`) computed off the
/// event loops and cached until the log grows.
struct LogController: Sendable {
    let log: LogStore
    let summaries: SummaryCache
    /// The prototypes, whose tasks' expected paths give the summaries' funnels.
    let library: PrototypeLibrary

    /// Registers the routes in the owner's group.
    func addRoutes(to groups: RouteGroups) {
        for format in [LogExportFormat.ndjson, .csv] {
            groups.owner.get("/api/logs.\(format.rawValue)") { [self] req, _ in
                let filter = try logFilter(req, ignoring: ["safe"])
                let safe = try spreadsheetSafe(req, format: format)
                if let name = filter.summaryOnlyCriterion {
                    throw Problem.badRequest(
                        "\(name) selects whole sessions in summaries (/api/logs/summary.json|csv); exports filter rows by "
                            + "prototype, session, share, type, from and to (the rows' own device, orientation and task "
                            + "columns are in every export)", path: name)
                }
                var h: HTTPHeaders = [:]
                h["Content-Type"] = format.contentType
                h["Cache-Control"] = "no-store"
                h["Content-Disposition"] = "attachment; filename=\"modallab-log.\(format.rawValue)\""
                return HTTPResponse(
                    status: .ok, headers: h,
                    body: .stream { [log] writer in
                        let cursor = try log.exportCursor(format: format, filter: filter, spreadsheetSafe: safe)
                        // The first pass reads the whole log: not on the event loops.
                        try await offLoop { try cursor.prepare() }
                        while let chunk = try cursor.next() { try await writer.write(chunk) }
                    })
            }
        }
        groups.owner.get("/api/logs/summary.json") { [self] req, _ in
            .json(try await summary(req).jsonValue)
        }
        groups.owner.get("/api/logs/results.csv") { [self] req, _ in
            let safe = try spreadsheetSafe(req, format: .csv)
            let summary = try await summaries.summary(
                of: log, filter: try logFilter(req, ignoring: ["safe"], defaultAudience: LogFilter.studyAudience))
            var r = HTTPResponse(status: .ok, body: .bytes(summary.resultsCSV(spreadsheetSafe: safe)))
            r.headers["Content-Type"] = "text/csv; charset=utf-8; header=present"
            r.headers["Cache-Control"] = "no-store"
            r.headers["Content-Disposition"] = "attachment; filename=\"modallab-results.csv\""
            return r
        }
        groups.owner.get("/api/logs/summary.csv") { [self] req, _ in
            var r = HTTPResponse(status: .ok, body: .bytes(try await summary(req).csv))
            r.headers["Content-Type"] = "text/csv; charset=utf-8; header=present"
            r.headers["Cache-Control"] = "no-store"
            return r
        }
    }

    /// The summary for the request's filter (``SummaryCache/summary(of:filter:expectedPaths:)``),
    /// each task with an expected path in its prototype's file given its funnel: the
    /// participants of participant links unless `audience` says otherwise.
    func summary(_ req: HTTPRequest) async throws(Problem) -> LogSummary {
        try await summaries.summary(
            of: log, filter: try logFilter(req, defaultAudience: LogFilter.studyAudience),
            expectedPaths: Self.expectedPaths(library))
    }

    /// Prototype id → task id → expected path, for the tasks of `library`'s prototypes that have one.
    static func expectedPaths(_ library: PrototypeLibrary) -> [String: [String: [String]]] {
        var out: [String: [String: [String]]] = [:]
        for loaded in library.all {
            for t in loaded.prototype?.tasks ?? [] where !t.expectedPath.isEmpty {
                out[loaded.id, default: [:]][t.id] = t.expectedPath
            }
        }
        return out
    }

    /// `?safe=1` on the CSV export: text cells that start like a formula get `'` first
    /// (``CSV/formulaPrefix``); `?safe=0` or none: the exact export. A 400 for another value, or
    /// on the NDJSON export (JSON is not read by spreadsheets).
    func spreadsheetSafe(_ req: HTTPRequest, format: LogExportFormat) throws(Problem) -> Bool {
        let values = req.queryItems.filter { $0.name == "safe" }.map(\.value)
        guard let value = values.first else { return false }
        guard values.count == 1, value == "1" || value == "0" else {
            throw Problem.badRequest("safe is 1 (spreadsheet-safe CSV) or 0, given once", path: "safe")
        }
        guard format == .csv else {
            throw Problem.badRequest(
                "safe=1 makes the CSV export spreadsheet-safe; the NDJSON export is always exact", path: "safe")
        }
        return value == "1"
    }

    /// `?prototype=&session=&share=&type=a,b&from=&to=&audience=&label=&appearance=`
    /// (docs/api.md), read strictly: an unknown filter, event type, audience or time is a 400
    /// naming the parameter. A `token` parameter is ignored (it grants nothing here: only `/`
    /// trades it), so an old URL that carries one gets 401, not 400. Without `audience`,
    /// `defaultAudience` (study views: participants).
    func logFilter(_ req: HTTPRequest, ignoring others: Set<String> = [], defaultAudience: String? = nil)
        throws(Problem) -> LogFilter
    {
        try LogFilter(request: req, ignoring: others, defaultAudience: defaultAudience)
    }
}

extension LogFilter {
    /// The filter of a request's query (``LogFilter/init(parameters:ignoring:defaultAudience:)``),
    /// `token` ignored; a 400 naming the parameter it could not read.
    init(request req: HTTPRequest, ignoring others: Set<String> = [], defaultAudience: String? = nil)
        throws(Problem)
    {
        do {
            self = try LogFilter(
                parameters: req.queryItems, ignoring: others.union(["token"]), defaultAudience: defaultAudience)
        } catch {
            throw Problem.badRequest(error.message, path: error.parameter)
        }
    }
}

extension SummaryCache {
    /// The summary of `log` for `filter`, computed off the event loops (``offLoop(_:)``) and
    /// reused until the log grows; a 500 when the log can't be read. With `expectedPaths`
    /// (prototype id → task id → path), its tasks carry their funnels
    /// (``LogSource/summary(filter:expectedPaths:)``), reused while the paths are the same too.
    func summary(of log: LogStore, filter: LogFilter, expectedPaths: [String: [String: [String]]]? = nil)
        async throws(Problem) -> LogSummary
    {
        // The paths are part of the key: an edited expected path is a new funnel.
        let paths = expectedPaths.map { all in
            all.flatMap { p, tasks in tasks.map { "\(p)/\($0.key)=\($0.value)" } }.sorted()
        }
        let key = "\(filter)" + (paths.map { " funnels \($0)" } ?? "")
        let events = log.statistics.events
        do {
            return try await offLoop { [self] in
                try summary(key: key, logEvents: events) {
                    guard let expectedPaths else { return try log.summary(filter: filter) }
                    return try log.summary(filter: filter, expectedPaths: expectedPaths)
                }
            }
        } catch {
            throw Problem(.internalServerError, title: "Log unreadable", detail: "\(error)")
        }
    }
}

extension LogFilter {
    /// What a study page of prototype `id` shows (insights, heat maps): the sessions of the
    /// query's `audience` (default ``LogFilter/studyAudience``, the participants of participant
    /// links; `all` for everyone), `label` and `appearance`.
    /// - Throws: a 400 for an audience other than `all`, `owner`, `link` or `participant`.
    static func studyView(prototype id: String, _ req: HTTPRequest) throws(Problem) -> LogFilter {
        func q(_ name: String) -> String? { req.query(name).flatMap { $0.isEmpty ? nil : $0 } }
        var f = LogFilter(prototype: id)
        let audience = q("audience") ?? LogFilter.studyAudience
        guard audience == "all" || LogFilter.audiences.contains(audience) else {
            throw Problem.badRequest("expected all, owner, link or participant", path: "audience")
        }
        f.audience = audience == "all" ? nil : audience
        f.label = q("label")
        f.appearance = q("appearance")
        return f
    }
}
