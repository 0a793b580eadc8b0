import EventSchema

/// An export's format (docs/log.md: `--format ndjson|csv`).
public enum LogExportFormat: String, Sendable, CaseIterable {
    /// The log's lines as they are on disk, one JSON object per line, `\n`-terminated.
    case ndjson
    /// RFC 4180: a header row of ``LogColumns/names``, CRLF line ends, empty cells for `null`,
    /// `props` as a JSON string column.
    case csv

    /// `application/x-ndjson` or `text/csv; charset=utf-8; header=present`.
    public var contentType: String {
        switch self {
        case .ndjson: return "application/x-ndjson"
        case .csv: return "text/csv; charset=utf-8; header=present"
        }
    }
}

/// Pulls an export chunk by chunk: each session's events together, in (`t_ms`, `seq`) order,
/// the sessions in the order they started (their first line taken), a line without a session
/// where it was logged among them (``LogOrderIndex``; docs/log.md, "Exports").
///
/// The HTTP layer drives it from an async handler:
///
/// ```swift
/// let cursor = try store.exportCursor(format: .csv, filter: filter)
/// try await offLoop { try cursor.prepare() }   // the first pass, off the event loops
/// while let chunk = try cursor.next() { try await writer.write(chunk) }
/// ```
///
/// Two passes: ``prepare()`` (or the first ``next()``) reads the parts once to index the lines
/// the filter takes and sorts that index; then each ``next()`` reads about ``chunkSize`` bytes
/// of lines by offset, in order, which is short enough to run on the cooperative pool.
/// Memory: 32 bytes per line taken and one entry per session id (``LogOrderIndex``: 32 MB for
/// a million events), a read window of 64 KiB (grown only for a longer line) and one chunk;
/// never the lines themselves. Lines that are not valid events (never written by a store, but
/// possible in a tree edited by hand) are skipped and counted in ``skippedLines``.
///
/// Used by one task at a time (hence `@unchecked Sendable`: it may move between threads, as
/// from ``prepare()`` off the loops to the writer).
public final class LogExportCursor: @unchecked Sendable {
    /// The format of the chunks.
    public let format: LogExportFormat
    /// Target size of one chunk in bytes (a chunk may exceed it by one line).
    public let chunkSize: Int
    /// Whether CSV text cells that start like a formula get ``CSV/formulaPrefix`` (the
    /// spreadsheet-safe export); `false` for the exact export.
    public let spreadsheetSafe: Bool
    /// Events written so far.
    public private(set) var events = 0
    /// Lines skipped so far because they were not JSON objects.
    public private(set) var skippedLines = 0

    private let filter: LogFilter.Compiled
    /// The sessions the filter's whole-session criteria chose (`nil`: no such criteria).
    private let sessions: Set<String>?
    private let parts: [LogPart]
    private var lines: OrderedLineReader?
    private var headerPending: Bool
    private var scanner = RawLine()
    private var finished = false

    init(
        format: LogExportFormat, filter: LogFilter, parts: [LogPart], chunkSize: Int, spreadsheetSafe: Bool,
        sessions: Set<String>? = nil
    ) {
        self.sessions = sessions
        self.format = format
        self.spreadsheetSafe = spreadsheetSafe && format == .csv
        self.chunkSize = max(1, chunkSize)
        self.filter = LogFilter.Compiled(filter)
        self.parts = parts
        headerPending = format == .csv
    }

    /// The first pass: indexes the lines the filter takes and sorts them (``LogOrderIndex``);
    /// reads every part the filter needs once. Done by the first ``next()`` when not before;
    /// call it off the event loops for a large log. Calling it again does nothing.
    /// - Throws: ``LogStoreError`` when a part cannot be read.
    public func prepare() throws(LogStoreError) {
        guard lines == nil else { return }
        let index = try LogOrderIndex(parts: parts) { [filter, sessions] scanner in
            guard filter.matches(scanner) else { return false }
            if let sessions {
                guard let sid = scanner.string(LogColumns.session), sessions.contains(sid) else { return false }
            }
            return true
        }
        skippedLines += index.skippedLines
        lines = OrderedLineReader(index)
    }

    /// The next chunk (never empty), or `nil` when the export is complete.
    /// - Throws: ``LogStoreError`` when a part cannot be read.
    public func next() throws(LogStoreError) -> [UInt8]? {
        guard !finished else { return nil }
        try prepare()
        guard let lines else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(chunkSize + 1024)
        if headerPending {
            out.append(contentsOf: LogColumns.csvHeader.utf8)
            headerPending = false
        }
        while out.count < chunkSize {
            guard let line = try lines.nextLine() else {
                finished = true
                skippedLines += lines.vanishedLines
                break
            }
            // Scanned again: the CSV's cells, and a part rewritten since the first pass.
            guard scanner.scan(line) else {
                skippedLines += 1
                continue
            }
            events += 1
            switch format {
            case .ndjson:
                out.append(contentsOf: line)
                out.append(0x0A)
            case .csv:
                CSV.appendRecord(scanner, into: &out, spreadsheetSafe: spreadsheetSafe)
            }
        }
        return out.isEmpty ? nil : out
    }
}

/// Pulls the events a filter takes, one at a time, in log order and in constant memory (one
/// read buffer and the event): for readers that do something slow or asynchronous with each
/// event between two reads (a replay streamed to a client), and for ``LogSource/forEach(filter:_:)``.
/// Blocking file reads of at most 64 KiB per call.
public final class LogEventCursor {
    /// Lines skipped so far because they did not decode.
    public private(set) var skippedLines = 0

    private let filter: LogFilter.Compiled
    private let types: TypePrefilter?
    private let only: LogEvent.Columns?
    private var parts: ArraySlice<LogPart>
    private var reader: PartLineReader?
    private var scanner = RawLine()

    init(parts: [LogPart], filter: LogFilter, only: LogEvent.Columns? = nil) {
        self.filter = LogFilter.Compiled(filter)
        types = TypePrefilter(filter.types)
        self.only = only
        self.parts = parts[...]
    }

    /// The next event the filter takes, or `nil` at the end of the log's snapshot.
    /// - Throws: ``LogStoreError`` when a part cannot be read.
    public func next() throws(LogStoreError) -> LogEvent? {
        while true {
            if reader == nil {
                guard let part = parts.popFirst() else { return nil }
                reader = try PartLineReader(part)
                continue
            }
            guard let line = try reader!.next() else {
                reader = nil
                continue
            }
            if let types, types.rejects(line) { continue }
            guard scanner.scan(line) else {
                skippedLines += 1
                continue
            }
            guard filter.matches(scanner) else { continue }
            guard let event = LogEvent(raw: scanner, only: only) else {
                skippedLines += 1
                continue
            }
            return event
        }
    }
}

/// The chunks of an export as an `AsyncSequence` (see ``LogExportCursor``).
public struct LogExportChunks: AsyncSequence {
    /// A chunk of bytes.
    public typealias Element = [UInt8]
    let cursor: LogExportCursor

    /// Pulls chunks from the cursor.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let cursor: LogExportCursor
        /// The next chunk, or `nil` at the end (see ``LogExportCursor/next()``).
        public mutating func next() async throws -> [UInt8]? { try cursor.next() }
    }

    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(cursor: cursor) }
}

/// What exports, queries and summaries read: the parts of a log tree a filter needs.
/// ``LogStore`` (acknowledged events only) and ``LogReader`` (a tree on disk) both provide them;
/// the reading itself is written once, in this protocol's extension.
public protocol LogSource {
    /// The parts a filter needs, in log order.
    func readableParts(filter: LogFilter) throws(LogStoreError) -> [LogPart]
}

extension LogSource {
    /// A cursor over an export (see ``LogExportCursor``); `chunkSize` in bytes; `spreadsheetSafe`
    /// (CSV only) prefixes text cells that start like a formula (``CSV/formulaPrefix``).
    public func exportCursor(
        format: LogExportFormat, filter: LogFilter = LogFilter(), chunkSize: Int = 64 << 10,
        spreadsheetSafe: Bool = false
    ) throws(LogStoreError) -> LogExportCursor {
        // Sessions chosen by who ran them are found by their starts on any day (a session may
        // have begun before `from`).
        let whole = filter.audienceOnly
        var sessions: Set<String>?
        if whole.hasSessionCriteria {
            sessions = try LogReader.chosenSessions(parts: try readableParts(filter: whole), filter: whole)
        }
        return LogExportCursor(
            format: format, filter: filter, parts: try readableParts(filter: filter), chunkSize: chunkSize,
            spreadsheetSafe: spreadsheetSafe, sessions: sessions)
    }

    /// The export's chunks as an `AsyncSequence`: `for try await chunk in try log.exportChunks(…)`.
    public func exportChunks(format: LogExportFormat, filter: LogFilter = LogFilter(), chunkSize: Int = 64 << 10)
        throws(LogStoreError) -> LogExportChunks
    {
        LogExportChunks(cursor: try exportCursor(format: format, filter: filter, chunkSize: chunkSize))
    }

    /// Streams an export to `write` in chunks of about 64 KiB, each session's events in
    /// (`t_ms`, `seq`) order (``LogExportCursor``: 32 bytes of memory per event exported);
    /// `spreadsheetSafe` as in
    /// ``exportCursor(format:filter:chunkSize:spreadsheetSafe:)``.
    /// - Throws: ``LogStoreError`` when a part cannot be read, or what `write` throws.
    public func export(
        format: LogExportFormat, filter: LogFilter = LogFilter(), spreadsheetSafe: Bool = false,
        write: ([UInt8]) throws -> Void
    ) throws {
        let cursor = try exportCursor(format: format, filter: filter, spreadsheetSafe: spreadsheetSafe)
        while let chunk = try cursor.next() { try write(chunk) }
    }

    /// A cursor over the events `filter` takes, in log order (see ``LogEventCursor``).
    public func eventCursor(filter: LogFilter = LogFilter()) throws(LogStoreError) -> LogEventCursor {
        LogEventCursor(parts: try readableParts(filter: filter), filter: filter)
    }

    /// Calls `body` with every event `filter` takes, in log order; returns the number of lines
    /// skipped because they did not decode.
    @discardableResult
    public func forEach(filter: LogFilter = LogFilter(), _ body: (LogEvent) throws -> Void) throws -> Int {
        try LogReader.forEach(parts: readableParts(filter: filter), filter: filter, body)
    }

    /// The events `filter` takes, in log order (in memory: tests and small queries).
    public func events(filter: LogFilter = LogFilter()) throws -> [LogEvent] {
        var all: [LogEvent] = []
        try forEach(filter: filter) { all.append($0) }
        return all
    }

    /// Summary metrics (docs/log.md) of the events `filter` takes; see ``LogSummary``.
    public func summary(filter: LogFilter = LogFilter()) throws -> LogSummary {
        // `to` chooses sessions by their start, and a session that began before it may run on
        // into the days after: those days are read too, so no session is cut apart.
        var days = filter
        days.to = nil
        return try LogReader.summary(parts: readableParts(filter: days), filter: filter)
    }
}

/// Reads a log tree without writing to it: for `modallab logs export|summary` (README, “The command line”), which
/// may run while a server appends to the same tree.
///
/// No recovery and no lock: a last line without `\n` (being written, or torn and not yet
/// recovered by a store) is not read, and events of a batch whose commit is in progress may be
/// included. Inside a server use ``LogStore``'s methods, which read only acknowledged events.
public struct LogReader: Sendable, LogSource {
    /// The log root, `<data>/logs`.
    public let directory: String

    /// A reader of the tree at `directory` (`<data>/logs`); it need not exist (no events).
    public init(directory: String) { self.directory = directory }

    /// The parts a filter needs, in order (days outside `[from, to)` skipped by name).
    public func parts(filter: LogFilter = LogFilter()) throws(LogStoreError) -> [LogPart] {
        try LogPart.list(in: directory, filter: filter)
    }

    public func readableParts(filter: LogFilter) throws(LogStoreError) -> [LogPart] { try parts(filter: filter) }

    static func forEach(
        parts: [LogPart], filter: LogFilter, only: LogEvent.Columns? = nil, _ body: (LogEvent) throws -> Void
    ) throws -> Int {
        let cursor = LogEventCursor(parts: parts, filter: filter, only: only)
        while let event = try cursor.next() { try body(event) }
        return cursor.skippedLines
    }

    /// The summary of the sessions `filter` selects, whole (see ``LogSummary``): a first pass
    /// reads only `session_start` and `task_start` lines to choose the sessions, a second
    /// summarizes their events. Memory: a set of session ids, and what the builder keeps.
    static func summary(parts: [LogPart], filter: LogFilter) throws -> LogSummary {
        var rows = LogFilter(prototype: filter.prototype, session: filter.session, share: filter.share)
        rows.types = []
        let chosen = try chosenSessions(parts: parts, filter: filter)
        var builder = LogSummary.Builder()
        let skipped = try forEach(parts: parts, filter: rows, only: LogSummary.columns) { e in
            if let chosen {
                guard let sid = e.session, chosen.contains(sid) else { return }
            }
            builder.add(e)
        }
        return builder.finish(skippedLines: skipped)
    }

    /// The sessions `filter` selects whole, by their `session_start` (device, orientation,
    /// audience, label, appearance, from, to: ``LogFilter/admitsStart(_:)``) and, with `task`,
    /// by a `task_start` of that task: one pass over the `session_start` and `task_start` lines.
    /// `nil` when the filter chooses no sessions (every session passes). A `type` filter keeps
    /// the sessions that have a `session_start`.
    static func chosenSessions(parts: [LogPart], filter: LogFilter) throws(LogStoreError) -> Set<String>? {
        let chooses = filter.hasSessionCriteria || filter.from != nil || filter.to != nil || !filter.types.isEmpty
        guard chooses else { return nil }
        var first = LogFilter(prototype: filter.prototype, session: filter.session, share: filter.share)
        first.types = [.sessionStart, .taskStart]
        var started: Set<String> = []
        var tasked: Set<String> = []
        let cursor = LogEventCursor(parts: parts, filter: first, only: LogFilter.startColumns)
        while let e = try cursor.next() {
            guard let sid = e.session else { continue }
            if e.type == .sessionStart {
                if filter.admitsStart(e) { started.insert(sid) }
            } else if let t = filter.task, e.target == t {
                tasked.insert(sid)
            }
        }
        return filter.task == nil ? started : started.intersection(tasked)
    }
}

/// Skips the lines of unwanted types without scanning them: the log's writer puts `"type"` near
/// the start of every line, so a look at its first bytes settles most lines. A line whose first
/// ``window`` bytes hold no `"type":"` member is left to the full scan (nothing is skipped on a
/// guess); the member's key can't occur inside a string, where its quotes would be escaped.
struct TypePrefilter {
    /// How far into a line the `"type"` member is looked for.
    static let window = 512
    private static let key = Array(#""type":""#.utf8)
    private let wanted: [[UInt8]]

    /// A prefilter for `types`; `nil` when every type is wanted.
    init?(_ types: Set<LogEventType>) {
        guard !types.isEmpty else { return nil }
        wanted = types.map { Array($0.rawValue.utf8) + [UInt8(ascii: "\"")] }
    }

    /// Whether `line` is surely of a type not wanted.
    func rejects(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        let key = TypePrefilter.key
        let end = min(line.count, TypePrefilter.window) - key.count
        guard end > 0 else { return false }
        var i = 0
        while i < end {
            if line[i] == 0x22, (1..<key.count).allSatisfy({ line[i + $0] == key[$0] }) {
                let v = i + key.count
                for w in wanted where v + w.count <= line.count {
                    var same = true
                    for j in 0..<w.count where line[v + j] != w[j] {
                        same = false
                        break
                    }
                    if same { return false }
                }
                return true
            }
            i += 1
        }
        return false
    }
}
