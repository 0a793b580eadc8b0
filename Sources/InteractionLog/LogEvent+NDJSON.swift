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
    /// (no separator after `t_ms`). Written on the store's one writer thread, through a buffer on
    /// the stack as the tail is (``NDJSONTail``).
    func appendNDJSONHead(into out: inout [UInt8]) {
        Self.appendNDJSONHead(schema: schema, eventID: eventID, seq: seq, ts: ts, tMs: tMs, into: &out)
    }

    /// ``appendNDJSONHead(into:)`` of an event with these columns, without the event: what the
    /// store writes for an append whose caller asked for no events back. Without `eventID`, a
    /// new one from `ids` is written in place (no `String` is made for it).
    static func appendNDJSONHead(
        schema: Int, eventID: String?, ids: inout EventIDs, seq: Int, ts: Int64, tMs: Int?, into out: inout [UInt8]
    ) {
        guard let eventID else {
            appendNDJSONHead(schema: schema, seq: seq, ts: ts, tMs: tMs, into: &out) { writer, out in
                writer.putNewID(&ids, &out)
            }
            return
        }
        appendNDJSONHead(schema: schema, eventID: eventID, seq: seq, ts: ts, tMs: tMs, into: &out)
    }

    /// ``appendNDJSONHead(into:)`` of an event with these columns, without the event.
    static func appendNDJSONHead(
        schema: Int, eventID: String, seq: Int, ts: Int64, tMs: Int?, into out: inout [UInt8]
    ) {
        appendNDJSONHead(schema: schema, seq: seq, ts: ts, tMs: tMs, into: &out) { writer, out in
            writer.putQuoted(eventID, &out)
        }
    }

    /// The head, with the event id written by `putID`.
    private static func appendNDJSONHead(
        schema: Int, seq: Int, ts: Int64, tMs: Int?, into out: inout [UInt8],
        putID: (inout NDJSONTail.Writer, inout [UInt8]) -> Void
    ) {
        let keys = NDJSONTail.shared
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 256) { buffer in
            keys.bytes.withUnsafeBufferPointer { bytes in
                var writer = NDJSONTail.Writer(buffer: buffer, bytes: bytes.baseAddress!)
                let head = keys.head
                writer.put(head[LogColumns.schema].keyStart, head[LogColumns.schema].keyEnd, &out)
                writer.putInteger(schema, &out)
                writer.put(head[LogColumns.eventID].keyStart, head[LogColumns.eventID].keyEnd, &out)
                putID(&writer, &out)
                writer.put(head[LogColumns.seq].keyStart, head[LogColumns.seq].keyEnd, &out)
                writer.putInteger(seq, &out)
                writer.put(head[LogColumns.ts].keyStart, head[LogColumns.ts].keyEnd, &out)
                writer.putTimestamp(ts, &out)
                if let tMs {
                    writer.put(head[LogColumns.tMs].keyStart, head[LogColumns.tMs].keyEnd, &out)
                    writer.putInteger(tMs, &out)
                } else {
                    writer.put(head[LogColumns.tMs].keyStart, head[LogColumns.tMs].nullEnd, &out)
                }
                writer.flush(&out)
            }
        }
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
    ///
    /// Written into a buffer on the stack and appended to `out` in one copy (``NDJSONTail``). The
    /// keys and `null`s between two values are one run of ``NDJSONTail/bytes`` (each key is
    /// followed there by `null` and the next key), copied in one piece. A string too long for
    /// the buffer, a number with a fraction and an array or object inside `props` go through
    /// ``JSONWriter``, so the line is the same as the generic writer's.
    func appendNDJSONTail(into out: inout [UInt8]) {
        let tail = NDJSONTail.shared
        // 1,024 bytes on the stack (a constant size, so it is never a heap allocation): a line's
        // columns but its long strings fit.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1024) { buffer in
            tail.bytes.withUnsafeBufferPointer { bytes in
                var writer = NDJSONTail.Writer(buffer: buffer, bytes: bytes.baseAddress!)
                // Where the keys and `null`s not written yet begin.
                var run = tail.columns[0].keyStart
                for column in tail.columns {
                    switch column.kind {
                    case .type:
                        writer.put(run, column.keyEnd, &out)
                        writer.putQuoted(type.rawValue, &out)
                    case .text:
                        guard let value = tail.texts[column.getter].get(self) else { continue }
                        writer.put(run, column.keyEnd, &out)
                        writer.putQuoted(value, &out)
                    case .integer:
                        guard let value = tail.integers[column.getter].get(self) else { continue }
                        writer.put(run, column.keyEnd, &out)
                        writer.putInteger(value, &out)
                    case .number:
                        guard let value = tail.numbers[column.getter].get(self) else { continue }
                        writer.put(run, column.keyEnd, &out)
                        writer.putNumber(value, &out)
                    case .props:
                        writer.put(run, column.keyEnd, &out)
                        if props.count == 0 {
                            writer.put(tail.emptyObjectStart, tail.emptyObjectEnd, &out)
                        } else {
                            writer.putObject(props, &out)
                        }
                    }
                    run = column.nullEnd
                }
                writer.put(run, tail.columnsEnd, &out)
                writer.put(tail.endStart, tail.endEnd, &out)
                writer.flush(&out)
            }
        }
    }
}

/// How ``EventFields/appendNDJSONTail(into:)`` writes the columns from `type` on (and
/// ``LogEvent/appendNDJSONHead(into:)`` the store's), read once from ``LogColumns/all``: each
/// column's key as it is written (`,"name":`) followed by `null`, all in one buffer, and where
/// its value comes from (the getters of ``LogColumn/Cell``, by
/// type, so a column is plain data to read).
struct NDJSONTail: Sendable {
    enum Kind: Sendable { case type, text, integer, number, props }

    // A column's getter, in a struct of its own type: an array of closures (or a generic
    // struct) holds them in their most general form, called through a thunk that copies the
    // whole `EventFields`.
    struct TextGetter: Sendable { let get: @Sendable (EventFields) -> String? }
    struct IntegerGetter: Sendable { let get: @Sendable (EventFields) -> Int? }
    struct NumberGetter: Sendable { let get: @Sendable (EventFields) -> Double? }

    struct Column: Sendable {
        /// `bytes[keyStart..<keyEnd]` is `,"name":`, `bytes[keyEnd..<nullEnd]` is `null`.
        var keyStart: Int
        var keyEnd: Int
        var nullEnd: Int
        var kind: Kind
        /// The column's getter in `texts`, `integers` or `numbers` (by `kind`).
        var getter: Int
    }

    let bytes: [UInt8]
    /// The columns the store assigns (`schema` to `t_ms`): their keys (`kind` and `getter`
    /// unused).
    let head: [Column]
    /// The columns from `type` on.
    let columns: [Column]
    let texts: [TextGetter]
    let integers: [IntegerGetter]
    let numbers: [NumberGetter]
    /// Where the last column's `null` ends in `bytes`.
    let columnsEnd: Int
    /// `{}` and `}\n` in `bytes`.
    let emptyObjectStart: Int
    let emptyObjectEnd: Int
    let endStart: Int
    let endEnd: Int

    static let shared = NDJSONTail()

    init() {
        var bytes: [UInt8] = []
        var head: [Column] = []
        for i in 0..<LogColumns.type {
            let keyStart = bytes.count
            bytes += NDJSON.keys[i]
            let keyEnd = bytes.count
            bytes += NDJSON.null
            head.append(Column(keyStart: keyStart, keyEnd: keyEnd, nullEnd: bytes.count, kind: .type, getter: 0))
        }
        var columns: [Column] = []
        var texts: [TextGetter] = []
        var integers: [IntegerGetter] = []
        var numbers: [NumberGetter] = []
        for i in LogColumns.type..<LogColumns.count {
            let kind: Kind
            var getter = 0
            switch LogColumns.all[i].cell {
            case .assigned: preconditionFailure("the store's columns come before type")
            case .type: kind = .type
            case .text(let get, _):
                kind = .text
                getter = texts.count
                texts.append(TextGetter(get: get))
            case .integer(let get, _):
                kind = .integer
                getter = integers.count
                integers.append(IntegerGetter(get: get))
            case .number(let get, _):
                kind = .number
                getter = numbers.count
                numbers.append(NumberGetter(get: get))
            case .props: kind = .props
            }
            let keyStart = bytes.count
            bytes += NDJSON.keys[i]
            let keyEnd = bytes.count
            bytes += NDJSON.null
            columns.append(Column(keyStart: keyStart, keyEnd: keyEnd, nullEnd: bytes.count, kind: kind, getter: getter))
        }
        columnsEnd = bytes.count
        emptyObjectStart = bytes.count
        bytes += Array("{}".utf8)
        emptyObjectEnd = bytes.count
        endStart = bytes.count
        bytes += Array("}\n".utf8)
        endEnd = bytes.count
        self.bytes = bytes
        self.head = head
        self.columns = columns
        self.texts = texts
        self.integers = integers
        self.numbers = numbers
    }

    /// A ``JSONBufferWriter`` that also writes runs of ``NDJSONTail/bytes`` (keys, `null`).
    struct Writer {
        var json: JSONBufferWriter
        /// ``NDJSONTail/bytes``.
        let bytes: UnsafePointer<UInt8>

        init(buffer: UnsafeMutableBufferPointer<UInt8>, bytes: UnsafePointer<UInt8>) {
            self.json = JSONBufferWriter(buffer)
            self.bytes = bytes
        }

        mutating func flush(_ out: inout [UInt8]) { json.flush(&out) }

        /// `NDJSONTail.bytes[start..<end]` (keys and `null`s, `{}`; nothing when `end` is `start`).
        @inline(__always) mutating func put(_ start: Int, _ end: Int, _ out: inout [UInt8]) {
            json.putBytes(bytes + start, count: end - start, &out)
        }

        mutating func putQuoted(_ s: String, _ out: inout [UInt8]) { json.putQuoted(s, &out) }
        mutating func putInteger(_ v: Int, _ out: inout [UInt8]) { json.putInteger(v, &out) }
        mutating func putNumber(_ n: Double, _ out: inout [UInt8]) { json.putNumber(n, &out) }
        mutating func putObject(_ o: JSONObject, _ out: inout [UInt8]) { json.putObject(o, &out) }

        /// `"2026-11-29T11:40:22.123456Z"`, with its quotes (``LogTimestamp/format(_:)``).
        mutating func putTimestamp(_ micros: Int64, _ out: inout [UInt8]) {
            json.putRaw(count: 29, &out) { p in
                p[0] = 0x22
                LogTimestamp.write(micros, to: p + 1)
                p[28] = 0x22
            }
        }

        /// A new event id from `ids`, with its quotes (``EventIDs/write(to:)``).
        mutating func putNewID(_ ids: inout EventIDs, _ out: inout [UInt8]) {
            json.putRaw(count: EventIDs.length + 2, &out) { p in
                p[0] = 0x22
                ids.write(to: p + 1)
                p[EventIDs.length + 1] = 0x22
            }
        }
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
