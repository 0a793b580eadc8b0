import JSON

extension PendingEvent {
    /// Reads one event of a client batch (SPEC §7, `POST /api/sessions/{sid}/events`):
    ///
    /// `{"event_id": "<client uuid>", "type": "misclick", "t_ms": 5120, "x": 120.5, "y": 640,
    ///   "target": null, "screen": "inbox", "modal": null, "props": {}}`
    ///
    /// `event_id` (1…128 bytes) and `type` (one of ``LogEventType/clientTypes``) are required;
    /// `t_ms` (integer ≥ 0), `x`, `y` (numbers, points), `target`, `screen`, `modal` (strings)
    /// and `props` (object) may be absent or `null`. Unknown members are errors with a
    /// "did you mean" hint. The caller fills in what the server knows (session, prototype,
    /// device, …) before appending.
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
        self.init(type: type, eventID: id)
        if let t = o.optional("t_ms") {
            let v = try t.int()
            guard v >= 0 else { throw t.fail("expected a number of milliseconds ≥ 0, found \(v)") }
            tMs = v
        }
        x = try o.optional("x")?.number()
        y = try o.optional("y")?.number()
        target = try o.optional("target")?.string()
        screen = try o.optional("screen")?.string()
        modal = try o.optional("modal")?.string()
        if let p = o.optional("props") { props = try p.object().object }
        try o.finish()
    }

    /// The names of ``LogEventType/clientTypes``, in declaration order (for `type`'s error).
    private static let clientTypeNames = LogEventType.allCases.filter { LogEventType.clientTypes.contains($0) }
        .map(\.rawValue)
}
