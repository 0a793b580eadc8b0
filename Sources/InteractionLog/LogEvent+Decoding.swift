import EventSchema
import JSON

/// A log line that is not a valid event.
public enum LogLineError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not JSON (e.g. a line torn by a crash).
    case syntax(JSONSyntaxError)
    /// JSON, but a column has the wrong type or a required one is missing; the path names it.
    case shape(JSONShapeError)

    public var description: String {
        switch self {
        case .syntax(let e): return "not a JSON line: \(e)"
        case .shape(let e): return "not a log event: \(e)"
        }
    }
}

extension LogEvent {
    /// Decodes one NDJSON line (with or without its trailing `\n`), strictly.
    ///
    /// Required: `event_id` (string), `seq` (integer), `ts` (RFC 3339 text, see
    /// ``LogTimestamp/parse(_:)``), `type` (a ``LogEventType``). `schema` defaults to 1 when
    /// absent. Other columns may be absent or `null`; `props` may be `null` (an empty object).
    /// Unknown members are ignored: later schemas only append columns.
    ///
    /// - Throws: ``LogLineError``.
    public init(ndjsonLine line: [UInt8]) throws(LogLineError) {
        var bytes = line
        if bytes.last == 0x0A { bytes.removeLast() }
        let value: JSONValue
        do { value = try JSONParser.parse(bytes) } catch { throw .syntax(error) }
        do { try self.init(json: JSONReader(value)) } catch { throw .shape(error) }
    }

    /// Decodes an event from a JSON object with the log's keys (see ``init(ndjsonLine:)``).
    public init(json r: JSONReader) throws(JSONShapeError) {
        let o = try r.object()
        let tsReader = try o.required("ts", "an RFC 3339 timestamp")
        guard let ts = LogTimestamp.parse(try tsReader.string()) else {
            throw tsReader.fail("expected an RFC 3339 timestamp such as 2026-11-29T11:40:22.123456Z")
        }
        let schema = try o.optional("schema")?.int() ?? LogEvent.currentSchema
        let eventID = try o.required("event_id", "a string").string()
        let seq = try o.required("seq", "an integer").int()
        let tMs = try o.optional("t_ms")?.int()
        var fields = EventFields(type: try o.required("type", "an event type").enum(LogEventType.self))
        for column in LogColumns.all {
            switch column.cell {
            case .assigned, .type: break
            case .text(_, let set): set(&fields, try o.optional(column.name)?.string())
            case .integer(_, let set): set(&fields, try o.optional(column.name)?.int())
            case .number(_, let set): set(&fields, try o.optional(column.name)?.number())
            case .props: if let p = o.optional(column.name) { fields.props = try p.object().object }
            }
        }
        self.init(schema: schema, eventID: eventID, seq: seq, ts: ts, tMs: tMs, fields)
    }

    /// The fast path of the readers: an event from a scanned line of our own, or `nil` when a
    /// required column is missing or mistyped (the caller then counts the line as skipped).
    init?(raw r: RawLine) { self.init(raw: r, only: nil) }

    /// Which columns a reader needs: the others are left `nil` (and `props` empty) without
    /// being decoded, which saves most of a scan's time for summaries and heat maps.
    struct Columns {
        /// The positions to decode, ascending, with their cells (read once here, not per line).
        let wanted: [(position: Int, cell: LogColumn.Cell)]
        /// The types whose `props` are decoded (when `props` is wanted).
        let propsTypes: Set<LogEventType>

        /// The columns named, and `props` only for `propsTypes`.
        init(_ names: [String], propsTypes: Set<LogEventType> = []) {
            let all = LogColumns.all
            wanted = all.indices.filter { i in
                guard i >= LogColumns.type else { return false }
                return names.contains(all[i].name) || (all[i].name == "props" && !propsTypes.isEmpty)
            }.map { ($0, all[$0].cell) }
            self.propsTypes = propsTypes
        }
    }

    /// ``init(raw:)`` decoding only `only`'s columns (`nil`: all); with `only`, `event_id` is
    /// left empty and `schema` taken as the current one.
    init?(raw r: RawLine, only: Columns?) {
        // A reader of some columns takes `event_id` as present without copying it out.
        guard
            let eventID = only == nil
                ? r.string(LogColumns.eventID) : (r.kind(LogColumns.eventID) == .string ? "" : nil),
            let seq = r.int(LogColumns.seq), let ts = r.timestamp(), let type = r.type()
        else { return nil }
        var fields = EventFields(type: type)
        if let only {
            for (i, cell) in only.wanted where r.kind(i) != .missing && r.kind(i) != .null {
                switch cell {
                case .assigned, .type: break
                case .text(_, let set): set(&fields, r.string(i))
                case .integer(_, let set): set(&fields, r.int(i))
                case .number(_, let set): set(&fields, r.double(i))
                case .props:
                    guard r.kind(i) == .object, only.propsTypes.contains(type), r.raw(i).count > 2 else { break }
                    guard let o = (try? JSONParser.parse(r.raw(i)))?.objectValue else { return nil }
                    fields.props = o
                }
            }
            self.init(
                schema: LogEvent.currentSchema, eventID: eventID, seq: seq, ts: ts, tMs: r.int(LogColumns.tMs), fields)
            return
        }
        let columns = LogColumns.all
        for i in LogColumns.type..<columns.count where r.kind(i) != .missing && r.kind(i) != .null {
            switch columns[i].cell {
            case .assigned, .type: break
            case .text(_, let set): set(&fields, r.string(i))
            case .integer(_, let set): set(&fields, r.int(i))
            case .number(_, let set): set(&fields, r.double(i))
            case .props:
                guard r.kind(i) == .object else { break }
                if r.raw(i).count > 2 {
                    guard let o = (try? JSONParser.parse(r.raw(i)))?.objectValue else { return nil }
                    fields.props = o
                }
            }
        }
        self.init(
            schema: r.int(LogColumns.schema) ?? LogEvent.currentSchema, eventID: eventID, seq: seq, ts: ts,
            tMs: r.int(LogColumns.tMs), fields)
    }
}
