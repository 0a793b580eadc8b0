import EventSchema
import JSON

extension LogEvent {
    /// The event as one NDJSON line: a compact JSON object with every column of
    /// ``LogColumns/names`` in that order (`null` for absent values), ending in `\n`.
    public var ndjsonLine: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(384)
        appendNDJSON(into: &out)
        return out
    }

    /// Appends ``ndjsonLine`` to `out` (the store's hot path: no `JSONEncoder`, no
    /// intermediate `JSONValue`).
    public func appendNDJSON(into out: inout [UInt8]) {
        appendNDJSONHead(into: &out)
        fields.appendNDJSONTail(into: &out)
    }

    /// The columns the store assigns, `{"schema":…,"event_id":…,"seq":…,"ts":…,"t_ms":…`
    /// (no separator after `t_ms`).
    func appendNDJSONHead(into out: inout [UInt8]) {
        out.append(contentsOf: NDJSON.keys[LogColumns.schema])
        NDJSON.appendInt(schema, into: &out)
        out.append(contentsOf: NDJSON.keys[LogColumns.eventID])
        NDJSON.appendString(eventID, into: &out)
        out.append(contentsOf: NDJSON.keys[LogColumns.seq])
        NDJSON.appendInt(seq, into: &out)
        out.append(contentsOf: NDJSON.keys[LogColumns.ts])
        out.append(0x22)
        LogTimestamp.append(ts, into: &out)
        out.append(0x22)
        out.append(contentsOf: NDJSON.keys[LogColumns.tMs])
        NDJSON.appendInt(tMs, into: &out)
    }

    /// The event as a ``JSONValue`` object with the log's keys in column order.
    public var jsonValue: JSONValue {
        var values = [JSONValue](repeating: .null, count: LogColumns.count)
        values[LogColumns.schema] = .int(schema)
        values[LogColumns.eventID] = .string(eventID)
        values[LogColumns.seq] = .int(seq)
        values[LogColumns.ts] = .string(LogTimestamp.format(ts))
        values[LogColumns.tMs] = .int(tMs)
        for i in LogColumns.type..<LogColumns.count {
            switch LogColumns.all[i].cell {
            case .assigned: break
            case .type: values[i] = .string(fields.type.rawValue)
            case .text(let get, _): values[i] = .string(get(fields))
            case .integer(let get, _): values[i] = .int(get(fields))
            case .number(let get, _): values[i] = get(fields).map(JSONValue.number) ?? .null
            case .props: values[i] = .object(fields.props)
            }
        }
        return .object(JSONObject(Array(zip(LogColumns.names, values))))
    }
}

extension EventFields {
    /// The rest of the line, from `,"type":` to the closing `}` and newline: the columns the
    /// caller gives (the same for a ``PendingEvent`` and the event written for it), so the store
    /// encodes them on the appending thread, off its writer.
    func appendNDJSONTail(into out: inout [UInt8]) {
        let columns = LogColumns.all
        let keys = NDJSON.keys
        for i in LogColumns.type..<columns.count {
            out.append(contentsOf: keys[i])
            switch columns[i].cell {
            case .assigned: out.append(contentsOf: NDJSON.null)  // none after `type`: the store's come first
            case .type: NDJSON.appendString(type.rawValue, into: &out)
            case .text(let get, _): NDJSON.appendString(get(self), into: &out)
            case .integer(let get, _): NDJSON.appendInt(get(self), into: &out)
            case .number(let get, _): NDJSON.appendDouble(get(self), into: &out)
            case .props:
                if props.count == 0 {
                    out.append(UInt8(ascii: "{"))
                    out.append(UInt8(ascii: "}"))
                } else {
                    JSONWriter().write(.object(props), into: &out)
                }
            }
        }
        out.append(UInt8(ascii: "}"))
        out.append(0x0A)
    }
}

/// Byte-level JSON writing helpers for the hot path.
enum NDJSON {
    static let null: [UInt8] = Array("null".utf8)

    /// Each column's key as it is written before its value: `{"schema":` for the first,
    /// `,"name":` for the others.
    static let keys: [[UInt8]] = LogColumns.names.enumerated().map { i, name in
        Array((i == 0 ? "{" : ",").utf8) + JSONWriter().bytes(.string(name)) + [UInt8(ascii: ":")]
    }

    /// A JSON string literal (see ``JSONWriter/appendQuoted(_:into:htmlSafe:)``), or `null`.
    static func appendString(_ s: String?, into out: inout [UInt8]) {
        guard let s else {
            out.append(contentsOf: null)
            return
        }
        JSONWriter.appendQuoted(s, into: &out)
    }

    static func appendInt(_ v: Int?, into out: inout [UInt8]) {
        guard let v else {
            out.append(contentsOf: null)
            return
        }
        JSONWriter.appendInteger(v, into: &out)
    }

    static func appendDouble(_ v: Double?, into out: inout [UInt8]) {
        guard let v else {
            out.append(contentsOf: null)
            return
        }
        JSONWriter.appendNumber(v, into: &out)
    }
}
