import EventSchema
import JSON

/// A filter parameter that could not be read: which one, and why (for a 400 problem document or
/// a command-line error).
public struct LogFilterError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The parameter's name, e.g. `from`.
    public var parameter: String
    /// What was wrong, e.g. "expected an RFC 3339 time or a date YYYY-MM-DD; found \"yesterday\"".
    public var message: String

    public var description: String { "\(parameter): \(message)" }
}

extension LogFilter {
    /// The names ``init(parameters:ignoring:)`` reads (docs/api.md: `prototype, session, share, type,
    /// from, to`).
    public static let parameterNames = [
        "prototype", "session", "share", "type", "from", "to", "device", "orientation", "task", "audience", "label",
        "appearance",
    ]

    /// A filter from query parameters (`GET /api/logs.csv?type=tap,misclick&from=2026-11-29`) or
    /// command-line options (`--prototype mail --from 2026-11-29`), as name–value pairs.
    ///
    /// - `prototype`, `session`, `share`: exact ids.
    /// - `device`, `orientation`, `task`: for summaries, which select whole sessions (see
    ///   ``LogSummary``); exports ignore them.
    /// - `type`: event types, comma-separated and/or repeated; any of them matches.
    /// - `from`, `to`: RFC 3339 times (`2026-11-29T11:40:22Z`, offsets allowed) or dates
    ///   (`2026-11-29`, midnight UTC). `from` is inclusive; `to` is exclusive for a time, and
    ///   for a bare date includes that whole day (`--from 2026-11-29 --to 2026-11-29` is that day).
    ///
    /// - `audience`: `owner`, `link`, `participant` or `all`; `label`: a share link's label;
    ///   `appearance`: `light` or `dark` — whole sessions, by their `session_start`. Without
    ///   `audience`, `defaultAudience` (study views pass ``studyAudience``; `nil`: everyone).
    ///
    /// Empty values are ignored. Names in `ignoring` are skipped (e.g. `format`).
    /// - Throws: ``LogFilterError`` for an unknown name (with a "did you mean"), a repeated
    ///   single-valued name, an unknown type or audience, an unreadable time, or `from` not
    ///   before `to`.
    public init(
        parameters: [(name: String, value: String)], ignoring: Set<String> = [], defaultAudience: String? = nil
    ) throws(LogFilterError) {
        self.init()
        audience = defaultAudience
        var seen = Set<String>()
        for (name, value) in parameters where !ignoring.contains(name) {
            guard LogFilter.parameterNames.contains(name) else {
                throw LogFilterError(
                    parameter: name,
                    message: "unknown filter; expected one of \(LogFilter.parameterNames.joined(separator: ", "))"
                        + Suggest.hint(name, in: LogFilter.parameterNames))
            }
            if value.isEmpty { continue }
            if name != "type" && !seen.insert(name).inserted {
                throw LogFilterError(parameter: name, message: "given more than once")
            }
            switch name {
            case "prototype": prototype = value
            case "session": session = value
            case "share": share = value
            case "device": device = value
            case "orientation": orientation = value
            case "task": task = value
            case "label": label = value
            case "appearance": appearance = value
            case "audience":
                guard value == "all" || LogFilter.audiences.contains(value) else {
                    throw LogFilterError(
                        parameter: name,
                        message: "expected all, owner, link or participant; found \(JSONWriter.quoted(value))"
                            + Suggest.hint(value, in: ["all"] + LogFilter.audiences))
                }
                audience = value == "all" ? nil : value
            case "type":
                for raw in value.split(separator: ",") {
                    let t = raw.trimmingSpaces
                    guard let type = LogEventType(rawValue: t) else {
                        let all = LogEventType.allCases.map(\.rawValue)
                        throw LogFilterError(
                            parameter: name,
                            message: "unknown event type \"\(t)\"; expected one of \(all.joined(separator: ", "))"
                                + Suggest.hint(t, in: all))
                    }
                    types.insert(type)
                }
            default:
                guard let micros = LogTimestamp.parse(value) else {
                    throw LogFilterError(
                        parameter: name,
                        message: "expected an RFC 3339 time or a date YYYY-MM-DD; found \(JSONWriter.quoted(value))")
                }
                if name == "from" {
                    from = micros
                } else {
                    to = value.utf8.count == 10 ? micros + LogTimestamp.microsecondsPerDay : micros
                }
            }
        }
        if let from, let to, from >= to {
            throw LogFilterError(parameter: "to", message: "must be after from")
        }
    }
}

extension Substring {
    fileprivate var trimmingSpaces: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
