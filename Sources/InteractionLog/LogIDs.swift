import EventSchema

/// The ids a filter names — a prototype, a session, a share link, a study task — and which of
/// them a log holds: `modallab logs` tells a filter that names nothing the log has (a typo, which
/// would otherwise read as "0 events") from one that selects nothing.
public enum LogIDKind: String, Sendable, CaseIterable {
    /// The `prototype` column.
    case prototype
    /// The `session` column.
    case session
    /// The `share` column: a share link's public id.
    case share
    /// A study task, by the `target` of its `task_start` (what a summary's `task` filter reads).
    case task

    /// The id this kind names in `filter`, if it names one.
    public func value(in filter: LogFilter) -> String? {
        switch self {
        case .prototype: return filter.prototype
        case .session: return filter.session
        case .share: return filter.share
        case .task: return filter.task
        }
    }

    /// The rows that can hold such an id, and the column read.
    fileprivate var rows: (filter: LogFilter, column: String) {
        switch self {
        case .prototype: return (LogFilter(), "prototype")
        case .session: return (LogFilter(), "session")
        case .share: return (LogFilter(), "share")
        case .task: return (LogFilter(types: [.taskStart]), "target")
        }
    }

    fileprivate func id(of e: LogEvent) -> String? {
        switch self {
        case .prototype: return e.prototype
        case .session: return e.session
        case .share: return e.share
        case .task: return e.target
        }
    }
}

/// Ends a read at the first event found.
private struct Found: Error {}

extension LogSource {
    /// Whether any event names `id` as a `kind`; reads up to the first that does.
    /// - Throws: ``LogStoreError`` when a part cannot be read.
    public func holds(_ kind: LogIDKind, _ id: String) throws -> Bool {
        var filter = kind.rows.filter
        switch kind {
        case .prototype: filter.prototype = id
        case .session: filter.session = id
        case .share: filter.share = id
        case .task: break
        }
        do {
            _ = try LogReader.forEach(
                parts: readableParts(filter: filter), filter: filter, only: LogEvent.Columns([kind.rows.column])
            ) { e in
                if kind.id(of: e) == id { throw Found() }
            }
        } catch is Found {
            return true
        }
        return false
    }

    /// Every id of `kind` the log holds, sorted; reads the whole log (for a "did you mean" once
    /// ``holds(_:_:)`` said no).
    /// - Throws: ``LogStoreError`` when a part cannot be read.
    public func ids(_ kind: LogIDKind) throws -> [String] {
        let filter = kind.rows.filter
        var seen = Set<String>()
        _ = try LogReader.forEach(
            parts: readableParts(filter: filter), filter: filter, only: LogEvent.Columns([kind.rows.column])
        ) { e in
            if let id = kind.id(of: e) { seen.insert(id) }
        }
        return seen.sorted()
    }
}
