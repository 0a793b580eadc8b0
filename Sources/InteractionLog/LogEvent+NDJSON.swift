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
        appendNDJSONTail(into: &out)
    }

    /// The first columns of the line, the ones the store assigns: `{"schema":…,"event_id":…,
    /// "seq":…,"ts":…,"t_ms":…` (no separator after `t_ms`).
    func appendNDJSONHead(into out: inout [UInt8]) {
        out.append(contentsOf: Keys.schema)
        NDJSON.appendInt(schema, into: &out)
        out.append(contentsOf: Keys.eventID)
        NDJSON.appendString(eventID, into: &out)
        out.append(contentsOf: Keys.seq)
        NDJSON.appendInt(seq, into: &out)
        out.append(contentsOf: Keys.ts)
        out.append(0x22)
        LogTimestamp.append(ts, into: &out)
        out.append(0x22)
        out.append(contentsOf: Keys.tMs)
        NDJSON.appendInt(tMs, into: &out)
    }

    /// The rest of the line, from `,"type":` to the closing `}` and newline: the columns the
    /// caller gives (the same for a ``PendingEvent`` and the event written for it), so the store
    /// encodes them on the appending thread, off its writer.
    func appendNDJSONTail(into out: inout [UInt8]) {
        out.append(contentsOf: Keys.type)
        NDJSON.appendString(type.rawValue, into: &out)
        out.append(contentsOf: Keys.prototype)
        NDJSON.appendString(prototype, into: &out)
        out.append(contentsOf: Keys.prototypeVersion)
        NDJSON.appendString(prototypeVersion, into: &out)
        out.append(contentsOf: Keys.session)
        NDJSON.appendString(session, into: &out)
        out.append(contentsOf: Keys.share)
        NDJSON.appendString(share, into: &out)
        out.append(contentsOf: Keys.device)
        NDJSON.appendString(device, into: &out)
        out.append(contentsOf: Keys.orientation)
        NDJSON.appendString(orientation, into: &out)
        out.append(contentsOf: Keys.sizeClass)
        NDJSON.appendString(sizeClass, into: &out)
        out.append(contentsOf: Keys.screen)
        NDJSON.appendString(screen, into: &out)
        out.append(contentsOf: Keys.modal)
        NDJSON.appendString(modal, into: &out)
        out.append(contentsOf: Keys.target)
        NDJSON.appendString(target, into: &out)
        out.append(contentsOf: Keys.style)
        NDJSON.appendString(style, into: &out)
        out.append(contentsOf: Keys.requestedStyle)
        NDJSON.appendString(requestedStyle, into: &out)
        out.append(contentsOf: Keys.how)
        NDJSON.appendString(how, into: &out)
        out.append(contentsOf: Keys.rule)
        NDJSON.appendString(rule, into: &out)
        out.append(contentsOf: Keys.severity)
        NDJSON.appendString(severity, into: &out)
        out.append(contentsOf: Keys.x)
        NDJSON.appendDouble(x, into: &out)
        out.append(contentsOf: Keys.y)
        NDJSON.appendDouble(y, into: &out)
        out.append(contentsOf: Keys.durationMs)
        NDJSON.appendInt(durationMs, into: &out)
        out.append(contentsOf: Keys.props)
        if props.count == 0 {
            out.append(UInt8(ascii: "{"))
            out.append(UInt8(ascii: "}"))
        } else {
            JSONWriter().write(.object(props), into: &out)
        }
        out.append(UInt8(ascii: "}"))
        out.append(0x0A)
    }

    /// The event as a ``JSONValue`` object with the log's keys in column order.
    public var jsonValue: JSONValue {
        func s(_ v: String?) -> JSONValue { .string(v) }
        func d(_ v: Double?) -> JSONValue { v.map(JSONValue.number) ?? .null }
        return .object(
            JSONObject([
                ("schema", .int(schema)), ("event_id", .string(eventID)), ("seq", .int(seq)),
                ("ts", .string(LogTimestamp.format(ts))), ("t_ms", .int(tMs)), ("type", .string(type.rawValue)),
                ("prototype", s(prototype)), ("prototype_version", s(prototypeVersion)), ("session", s(session)),
                ("share", s(share)), ("device", s(device)), ("orientation", s(orientation)),
                ("size_class", s(sizeClass)), ("screen", s(screen)), ("modal", s(modal)), ("target", s(target)),
                ("style", s(style)), ("requested_style", s(requestedStyle)), ("how", s(how)), ("rule", s(rule)),
                ("severity", s(severity)), ("x", d(x)), ("y", d(y)), ("duration_ms", .int(durationMs)),
                ("props", .object(props)),
            ]))
    }

    private enum Keys {
        static let schema = Array(#"{"schema":"#.utf8)
        static let eventID = Array(#","event_id":"#.utf8)
        static let seq = Array(#","seq":"#.utf8)
        static let ts = Array(#","ts":"#.utf8)
        static let tMs = Array(#","t_ms":"#.utf8)
        static let type = Array(#","type":"#.utf8)
        static let prototype = Array(#","prototype":"#.utf8)
        static let prototypeVersion = Array(#","prototype_version":"#.utf8)
        static let session = Array(#","session":"#.utf8)
        static let share = Array(#","share":"#.utf8)
        static let device = Array(#","device":"#.utf8)
        static let orientation = Array(#","orientation":"#.utf8)
        static let sizeClass = Array(#","size_class":"#.utf8)
        static let screen = Array(#","screen":"#.utf8)
        static let modal = Array(#","modal":"#.utf8)
        static let target = Array(#","target":"#.utf8)
        static let style = Array(#","style":"#.utf8)
        static let requestedStyle = Array(#","requested_style":"#.utf8)
        static let how = Array(#","how":"#.utf8)
        static let rule = Array(#","rule":"#.utf8)
        static let severity = Array(#","severity":"#.utf8)
        static let x = Array(#","x":"#.utf8)
        static let y = Array(#","y":"#.utf8)
        static let durationMs = Array(#","duration_ms":"#.utf8)
        static let props = Array(#","props":"#.utf8)
    }
}

/// Byte-level JSON writing helpers for the hot path.
enum NDJSON {
    static let null: [UInt8] = Array("null".utf8)

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
