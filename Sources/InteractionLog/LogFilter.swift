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

    /// Whether a criterion only whole sessions can answer is set (device, orientation, task).
    public var hasSessionCriteria: Bool { device != nil || orientation != nil || task != nil }

    /// The first criterion set that only summaries answer (`device`, `orientation` or `task`),
    /// by its parameter name; `nil` when an export can use the filter. Exports filter rows, and
    /// every row has its own device, orientation and task columns.
    public var summaryOnlyCriterion: String? {
        device != nil ? "device" : orientation != nil ? "orientation" : task != nil ? "task" : nil
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
