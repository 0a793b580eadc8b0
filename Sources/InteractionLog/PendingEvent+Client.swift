import EventSchema
import JSON

extension PendingEvent {
    /// Reads one event of a client batch (`POST /api/sessions/{sid}/events`):
    ///
    /// `{"event_id": "<client uuid>", "type": "misclick", "t_ms": 5120, "x": 120.5, "y": 640,
    ///   "target": null, "screen": "inbox", "modal": null, "state_seq": 3, "props": {}}`
    ///
    /// `event_id` (1…128 bytes) and `type` (one of ``LogEventType/clientTypes``) are required;
    /// `t_ms` (integer ≥ 0, from the session's start), `x`, `y` (numbers, points), `target`,
    /// `screen`, `modal` (strings: where the person acted), `state_seq` (integer ≥ 0: the `seq` of
    /// the state whose frame the person saw) and `props` (object) may be absent or `null`. Unknown members are errors with a
    /// "did you mean" hint. `props` must keep the log loadable (see ``checkClientProps(_:at:)``).
    /// The caller fills in what the server knows (session, prototype, device, …) before
    /// appending.
    ///
    /// - Throws: ``JSONShapeError`` naming the offending member's JSON path.
    public init(clientEvent r: JSONReader) throws(JSONShapeError) {
        let o = try r.object()
        let id = try o.required("event_id", "a string").string()
        guard !id.isEmpty, id.utf8.count <= PendingEvent.maxEventIDBytes else {
            throw JSONShapeError(
                path: r.path.appending("event_id"),
                message: "expected 1 to \(PendingEvent.maxEventIDBytes) bytes, found \(id.utf8.count)")
        }
        let typeReader = try o.required("type", "a client event type")
        let type = LogEventType(rawValue: try typeReader.oneOf(PendingEvent.clientTypeNames))!
        var fields = EventFields(type: type)
        var tMs: Int?
        if let t = o.optional("t_ms") {
            let v = try t.int()
            guard v >= 0 else { throw t.fail("expected a number of milliseconds ≥ 0, found \(v)") }
            tMs = v
        }
        fields.x = try o.optional("x")?.number()
        fields.y = try o.optional("y")?.number()
        fields.target = try o.optional("target")?.string()
        fields.screen = try o.optional("screen")?.string()
        fields.modal = try o.optional("modal")?.string()
        if let q = o.optional("state_seq") {
            let v = try q.int()
            guard v >= 0 else { throw q.fail("expected a state seq ≥ 0, found \(v)") }
            fields.stateSeq = v
        }
        if let p = o.optional("props") {
            fields.props = try p.object().object
            try PendingEvent.checkClientProps(fields.props, at: p.path)
        }
        try o.finish()
        self.init(fields, eventID: id, tMs: tMs)
    }

    /// The most events one client batch may carry.
    public static let maxClientBatchEvents = 1000

    /// How deep a client event's `props` may nest, counting `props` itself: `{"a": {"b": 1}}`
    /// is 2 deep. DuckDB's JSON reader stops at 128 levels for the whole line, and a deep
    /// object is a deep `STRUCT` type for every reader of the log.
    public static let maxClientPropsDepth = 8

    /// The most bytes a client event's `props` may take, as the log writes it (compact JSON).
    public static let maxClientPropsBytes = 4096

    /// Checks that a client event's `props` keeps the log loadable by `read_json_auto`:
    /// at most ``maxClientPropsDepth`` levels deep, at most ``maxClientPropsBytes`` bytes, and
    /// no object with two keys that differ only in ASCII case (DuckDB's struct fields are
    /// case-insensitive, so `{"Foo": 1, "foo": 2}` makes it refuse the whole log).
    ///
    /// - Throws: ``JSONShapeError`` at `path` (the path of `props`) extended to the offending
    ///   member: the second of two clashing keys, or the first container that is too deep.
    public static func checkClientProps(_ props: JSONObject, at path: JSONPath) throws(JSONShapeError) {
        try checkNesting(.object(props), at: path, depth: 1)
        let size = JSONWriter().bytes(.object(props)).count
        guard size <= maxClientPropsBytes else {
            throw JSONShapeError(
                path: path, message: "expected at most \(maxClientPropsBytes) bytes of JSON, found \(size)")
        }
    }

    private static func checkNesting(_ value: JSONValue, at path: JSONPath, depth: Int) throws(JSONShapeError) {
        switch value {
        case .object(let o):
            guard depth <= maxClientPropsDepth else { throw tooDeep(path) }
            var seen: [[UInt8]: String] = [:]
            for (key, member) in o {
                let folded = key.utf8.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }
                if let earlier = seen.updateValue(key, forKey: folded) {
                    throw JSONShapeError(
                        path: path.appending(key),
                        message: "\(JSONWriter.quoted(key)) differs from \(JSONWriter.quoted(earlier)) only in case, "
                            + "which DuckDB can't tell apart; rename one")
                }
                try checkNesting(member, at: path.appending(key), depth: depth + 1)
            }
        case .array(let items):
            guard depth <= maxClientPropsDepth else { throw tooDeep(path) }
            for (i, item) in items.enumerated() { try checkNesting(item, at: path.appending(i), depth: depth + 1) }
        default:
            break
        }
    }

    private static func tooDeep(_ path: JSONPath) -> JSONShapeError {
        JSONShapeError(path: path, message: "nested deeper than \(maxClientPropsDepth) levels (counting props)")
    }

    /// The names of ``LogEventType/clientTypes``, in declaration order (for `type`'s error).
    private static let clientTypeNames = LogEventType.allCases.filter { LogEventType.clientTypes.contains($0) }
        .map(\.rawValue)
}
