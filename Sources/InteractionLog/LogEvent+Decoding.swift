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
    /// Unknown members are ignored: later schemas only append columns (SPEC §7).
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
        func s(_ k: String) throws(JSONShapeError) -> String? { try o.optional(k)?.string() }
        let tsReader = try o.required("ts", "an RFC 3339 timestamp")
        guard let ts = LogTimestamp.parse(try tsReader.string()) else {
            throw tsReader.fail("expected an RFC 3339 timestamp such as 2026-11-29T11:40:22.123456Z")
        }
        let props: JSONObject
        if let p = o.optional("props") { props = try p.object().object } else { props = JSONObject() }
        self.init(
            schema: try o.optional("schema")?.int() ?? LogEvent.currentSchema,
            eventID: try o.required("event_id", "a string").string(),
            seq: try o.required("seq", "an integer").int(),
            ts: ts,
            tMs: try o.optional("t_ms")?.int(),
            type: try o.required("type", "an event type").enum(LogEventType.self),
            prototype: try s("prototype"), prototypeVersion: try s("prototype_version"), session: try s("session"),
            share: try s("share"), device: try s("device"), orientation: try s("orientation"),
            sizeClass: try s("size_class"), screen: try s("screen"), modal: try s("modal"),
            target: try s("target"), style: try s("style"), requestedStyle: try s("requested_style"),
            how: try s("how"), rule: try s("rule"), severity: try s("severity"),
            x: try o.optional("x")?.number(), y: try o.optional("y")?.number(),
            durationMs: try o.optional("duration_ms")?.int(), props: props)
    }

    /// The fast path of the readers: an event from a scanned line of our own, or `nil` when a
    /// required column is missing or mistyped (the caller then counts the line as skipped).
    init?(raw r: RawLine) {
        guard let eventID = r.string(LogColumns.eventID), let seq = r.int(LogColumns.seq),
            let ts = r.timestamp(), let type = r.type()
        else { return nil }
        var props = JSONObject()
        if r.kind(LogColumns.props) == .object, r.raw(LogColumns.props).count > 2 {
            guard let o = (try? JSONParser.parse(r.raw(LogColumns.props)))?.objectValue else { return nil }
            props = o
        }
        self.init(
            schema: r.int(LogColumns.schema) ?? LogEvent.currentSchema, eventID: eventID, seq: seq, ts: ts,
            tMs: r.int(LogColumns.tMs), type: type, prototype: r.string(LogColumns.prototype),
            prototypeVersion: r.string(LogColumns.prototypeVersion), session: r.string(LogColumns.session),
            share: r.string(LogColumns.share), device: r.string(LogColumns.device),
            orientation: r.string(LogColumns.orientation), sizeClass: r.string(LogColumns.sizeClass),
            screen: r.string(LogColumns.screen), modal: r.string(LogColumns.modal),
            target: r.string(LogColumns.target), style: r.string(LogColumns.style),
            requestedStyle: r.string(LogColumns.requestedStyle), how: r.string(LogColumns.how),
            rule: r.string(LogColumns.rule), severity: r.string(LogColumns.severity), x: r.double(LogColumns.x),
            y: r.double(LogColumns.y), durationMs: r.int(LogColumns.durationMs), props: props)
    }
}
