import EventSchema

/// Which events a query, export or summary takes (docs/api.md: filters `prototype, session, share,
/// type, from, to`). Every criterion that is set must hold; the default takes everything.
public struct LogFilter: Sendable, Equatable {
    /// Only this prototype id.
    public var prototype: String?
    /// Only this session id.
    public var session: String?
    /// Only this share link id.
    public var share: String?
    /// Only these types; empty means every type.
    public var types: Set<LogEventType>
    /// Only events with `ts` ≥ `from` (microseconds since the epoch, inclusive).
    public var from: Int64?
    /// Only events with `ts` < `to` (microseconds since the epoch, exclusive: a half-open
    /// range, so `from: day, to: nextDay` is exactly one day). A command line taking a bare
    /// date for an inclusive `--to` should pass the next day's midnight.
    public var to: Int64?
    /// Summaries only: sessions that started on this device (their `session_start`'s `device`).
    public var device: String?
    /// Summaries only: sessions that started in this orientation.
    public var orientation: String?
    /// Summaries only: sessions in which this study task was started (a `task_start` of it).
    public var task: String?
    /// Sessions run by this audience (their `session_start`'s `audience`: `owner`, `link` or
    /// `participant`; a log written before the column existed counts a session without a share
    /// link as the owner's, one with a link as a link's); `nil`: everyone (`audience=all`).
    /// Study views default to `participant` (``LogFilter/studyAudience``).
    public var audience: String?
    /// Sessions started through a share link of this label (their `session_start`'s `share_label`).
    public var label: String?
    /// Sessions that started in this appearance (`light` or `dark`, their `session_start`'s).
    public var appearance: String?

    /// The audiences `audience` may name (`all` aside).
    public static let audiences = ["owner", "link", "participant"]
    /// The audience study views take when none is asked for: the participants of participant
    /// links, not the team's own plays.
    public static let studyAudience = "participant"

    /// Whether a criterion only whole sessions can answer is set (device, orientation, task,
    /// audience, label, appearance).
    public var hasSessionCriteria: Bool {
        device != nil || orientation != nil || task != nil || audience != nil || label != nil || appearance != nil
    }

    /// The first criterion set that only summaries answer (`device`, `orientation` or `task`),
    /// by its parameter name; `nil` when an export can use the filter. Exports filter rows, and
    /// every row has its own device, orientation and task columns. (`audience`, `label` and
    /// `appearance` choose whole sessions in exports too: ``LogSource/chosenSessions(filter:)``.)
    public var summaryOnlyCriterion: String? {
        device != nil ? "device" : orientation != nil ? "orientation" : task != nil ? "task" : nil
    }

    /// Whether a session whose `session_start` is `start` passes the criteria of the start
    /// (device, orientation, audience, label, appearance, from, to).
    func admitsStart(_ start: LogEvent) -> Bool {
        if let d = device, start.device != d { return false }
        if let o = orientation, start.orientation != o { return false }
        if let a = audience, LogFilter.audience(of: start) != a { return false }
        if let l = label, start.shareLabel != l { return false }
        if let a = appearance, start.appearance != a { return false }
        if let from, start.ts < from { return false }
        if let to, start.ts >= to { return false }
        return true
    }

    /// The columns ``admitsStart(_:)`` reads (and `target`, a `task_start`'s task).
    static let startColumns = LogEvent.Columns([
        "session", "share", "device", "orientation", "target", "audience", "share_label", "appearance",
    ])

    /// Only the criteria that choose whole sessions in a row export too (prototype, session,
    /// share, audience, label, appearance): what an export asks
    /// ``LogReader/chosenSessions(parts:filter:)`` for; its other criteria filter rows.
    var audienceOnly: LogFilter {
        var f = LogFilter(prototype: prototype, session: session, share: share)
        f.audience = audience
        f.label = label
        f.appearance = appearance
        return f
    }

    /// Who ran the session that `start` began: its `audience` column, or for a log written
    /// before that column, `owner` without a share link and `link` with one.
    public static func audience(of start: LogEvent) -> String {
        start.audience ?? (start.share == nil ? "owner" : "link")
    }

    /// A filter; with no arguments, every event.
    public init(
        prototype: String? = nil, session: String? = nil, share: String? = nil, types: Set<LogEventType> = [],
        from: Int64? = nil, to: Int64? = nil
    ) {
        self.prototype = prototype
        self.session = session
        self.share = share
        self.types = types
        self.from = from
        self.to = to
    }

    /// Whether any event of the UTC day `day` (days since the epoch) can pass: day directories
    /// outside `[from, to)` are skipped by name.
    func includesDay(_ day: Int64) -> Bool {
        let start = day * LogTimestamp.microsecondsPerDay
        if let to, start >= to { return false }
        if let from, start + LogTimestamp.microsecondsPerDay <= from { return false }
        return true
    }

    /// The filter with its strings as UTF-8, to test scanned lines without decoding them.
    struct Compiled {
        let filter: LogFilter
        let prototype: [UInt8]?
        let session: [UInt8]?
        let share: [UInt8]?

        init(_ f: LogFilter) {
            filter = f
            prototype = f.prototype.map { Array($0.utf8) }
            session = f.session.map { Array($0.utf8) }
            share = f.share.map { Array($0.utf8) }
        }

        func matches(_ r: RawLine) -> Bool {
            if let prototype, !r.stringEquals(LogColumns.prototype, prototype) { return false }
            if let session, !r.stringEquals(LogColumns.session, session) { return false }
            if let share, !r.stringEquals(LogColumns.share, share) { return false }
            if !filter.types.isEmpty {
                guard let t = r.type(), filter.types.contains(t) else { return false }
            }
            if filter.from != nil || filter.to != nil {
                guard let ts = r.timestamp() else { return false }
                if let from = filter.from, ts < from { return false }
                if let to = filter.to, ts >= to { return false }
            }
            return true
        }
    }
}
