import Foundation
import HTTPServer
import InteractionLog
import JSON

extension ModalLabApp {
    func addLogRoutes() {
        for format in [LogExportFormat.ndjson, .csv] {
            router.get("/api/logs.\(format.rawValue)") { [self] req in
                guarded { () throws(Problem) in
                    try requireOwner(req)
                    let filter = try logFilter(req)
                    var h: HTTPHeaders = [:]
                    h["Content-Type"] = format.contentType
                    h["Cache-Control"] = "no-store"
                    h["Content-Disposition"] = "attachment; filename=\"modallab-log.\(format.rawValue)\""
                    return HTTPResponse(
                        status: .ok, headers: h,
                        body: .stream { [log] writer in
                            let cursor = try log.exportCursor(format: format, filter: filter)
                            while let chunk = try cursor.next() { try await writer.write(chunk) }
                        })
                }
            }
        }
        router.get("/api/logs/summary.json") { [self] req in
            guarded { () throws(Problem) in
                try requireOwner(req)
                return .json(try summary(req).jsonValue)
            }
        }
        router.get("/api/logs/summary.csv") { [self] req in
            guarded { () throws(Problem) in
                try requireOwner(req)
                var r = HTTPResponse(status: .ok, body: .bytes(try summary(req).csv))
                r.headers["Content-Type"] = "text/csv; charset=utf-8; header=present"
                r.headers["Cache-Control"] = "no-store"
                return r
            }
        }
    }

    func summary(_ req: HTTPRequest) throws(Problem) -> LogSummary {
        let filter = try logFilter(req)
        do { return try log.summary(filter: filter) } catch {
            throw Problem(.internalServerError, title: "Log unreadable", detail: "\(error)")
        }
    }

    /// `?prototype=&session=&share=&type=a,b&from=&to=` (times as RFC 3339, a date, or epoch ms).
    func logFilter(_ req: HTTPRequest) throws(Problem) -> LogFilter {
        var f = LogFilter()
        f.prototype = req.query("prototype")
        f.session = req.query("session")
        f.share = req.query("share")
        if let types = req.query("type"), !types.isEmpty {
            for t in types.split(separator: ",") {
                guard let type = LogEventType(rawValue: String(t)) else {
                    throw Problem.badRequest(
                        "unknown event type \"\(t)\"; known: \(LogEventType.allCases.map(\.rawValue).joined(separator: ", "))",
                        path: "type")
                }
                f.types.insert(type)
            }
        }
        for (name, isFrom) in [("from", true), ("to", false)] {
            guard let text = req.query(name), !text.isEmpty else { continue }
            guard let us = TimeParsing.microseconds(text) else {
                throw Problem.badRequest(
                    "\"\(name)\" must be RFC 3339 (2026-11-29T10:00:00Z), a date (2026-11-29) or epoch milliseconds",
                    path: name)
            }
            if isFrom { f.from = us } else { f.to = us }
        }
        return f
    }
}

/// Parses the times the log filters accept.
public enum TimeParsing {
    /// Microseconds since the epoch for an RFC 3339 timestamp (fractional seconds optional), a
    /// `YYYY-MM-DD` date (its UTC midnight), or an integer of epoch milliseconds.
    public static func microseconds(_ text: String) -> Int64? {
        if let ms = Int64(text) { return ms * 1000 }
        let withFraction = ISO8601DateFormatter()
        withFraction.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let plain = ISO8601DateFormatter()
        plain.formatOptions = [.withInternetDateTime]
        let day = ISO8601DateFormatter()
        day.formatOptions = [.withFullDate]
        for f in [withFraction, plain, day] {
            if let d = f.date(from: text) { return Int64((d.timeIntervalSince1970 * 1_000_000).rounded()) }
        }
        return nil
    }
}
