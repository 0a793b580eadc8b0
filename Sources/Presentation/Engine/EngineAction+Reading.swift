import JSON
import Prototype

extension EngineAction {
    /// An action's `type`, as a request body and the log's `action` column name it; the cases
    /// are in the order error messages list them. Every case is read by ``init(reading:)`` and
    /// written by ``json`` through an exhaustive `switch`: a new action type that either misses
    /// does not compile.
    public enum Kind: String, Sendable, CaseIterable {
        case tap, swipeDown, tapOutside, home, rotate, resize, edit, detent, back, present, key, focus, endEditing,
            taskStart, giveUp, longPress, answer
    }

    /// The action's type.
    public var kind: Kind {
        switch self {
        case .tap: return .tap
        case .swipeDown: return .swipeDown
        case .tapOutside: return .tapOutside
        case .home: return .home
        case .rotate: return .rotate
        case .resize: return .resize
        case .edit: return .edit
        case .detent: return .detent
        case .back: return .back
        case .present: return .present
        case .key: return .key
        case .focus: return .focus
        case .endEditing: return .endEditing
        case .taskStart: return .taskStart
        case .giveUp: return .giveUp
        case .longPress: return .longPress
        case .answer: return .answer
        }
    }

    /// Reads an action body (docs/api.md, “Sessions and actions”): what
    /// `POST /api/sessions/{sid}/actions` takes and what a replay reads back from the log's
    /// `action` column, which ``json`` wrote. The one reader of actions.
    ///
    /// `x` and `y` (points in the window) are read for every type and kept by those that place
    /// a touch (`tap`, `tapOutside`, `focus`, and `edit` of a toggle or segmented control); `event_id` and `t_ms` are accepted for symmetry
    /// with client events but must have their types. A `resize` names at least one member of
    /// the environment but the orientation, which is `rotate`'s (``EnvironmentRequest``).
    /// - Throws: ``JSONShapeError`` at the JSON path of the first thing wrong: an unknown
    ///   `type` (with the nearest), a missing or mistyped member, a member the type doesn't take.
    public init(reading body: JSONReader) throws(JSONShapeError) {
        let o = try body.object()
        let kind = try o.required("type", "an action type").enum(Kind.self)
        let x = try o.optional("x")?.number()
        let y = try o.optional("y")?.number()
        // Accepted for symmetry with client events (the server keeps its own ids and times),
        // but still checked: a wrong type is a client bug worth hearing about.
        _ = try o.optional("event_id")?.string()
        _ = try o.optional("t_ms")?.number()
        switch kind {
        case .tap:
            let target = try o.required("target", "a control or modal id").string()
            var choice: ActionChoice?
            if let a = o.optional("action") {
                if let i = a.value.intValue { choice = .index(i) } else { choice = .title(try a.string()) }
            }
            if choice == nil, let a = o.optional("id") { choice = .title(try a.string()) }
            self = .tap(target: target, choice: choice, x: x, y: y)
        case .swipeDown:
            self = .swipeDown(target: try o.optional("target")?.string())
        case .tapOutside:
            self = .tapOutside(x: x, y: y)
        case .home:
            self = .home
        case .rotate:
            self = .rotate(try o.required("orientation", "portrait or landscape").enum(Orientation.self))
        case .resize:
            // Every member of the environment but the orientation, which is rotate's.
            let keys = EnvironmentKey.allCases.filter { $0 != .orientation }
            let request = try EnvironmentRequest(reading: o, keys: keys)
            if request.isEmpty {
                throw JSONShapeError(
                    path: body.path.appending("device"),
                    message: "a resize needs at least one of "
                        + keys.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))
            }
            self = .resize(request)
        case .edit:
            let target = try o.required("target", "a control id, or an alert's id with \"field\"").string()
            let field = try o.optional("field")?.int()
            self = .edit(target: target, value: try Self.typedValue(o, "the new value"), field: field, x: x, y: y)
        case .detent:
            self = .detent(
                target: try o.required("target", "a sheet's modal id").string(),
                detent: try o.required("detent", "a detent id").string())
        case .back:
            self = .back(x: x, y: y)
        case .present:
            self = .present(modal: try o.required("target", "a modal id").string())
        case .key:
            self = .key(try o.required("key", "Escape or Return").oneOf(["Escape", "Return", "Enter"]))
        case .focus:
            let target = try o.required("target", "a text field's or text area's id, or an alert's id").string()
            let field = try o.optional("field")?.int()
            self = .focus(target: target, field: field, x: x, y: y)
        case .endEditing:
            self = .endEditing
        case .taskStart:
            self = .taskStart(try o.required("task", "a task id").string())
        case .giveUp:
            self = .giveUp
        case .longPress:
            self = .longPress(target: try o.required("target", "a control id").string())
        case .answer:
            self = .answer(
                question: try o.required("question", "seq, sus1 … sus10 or comment").string(),
                task: try o.optional("task")?.string(),
                value: try Self.typedValue(o, "the answer: 1–7 for seq, 1–5 for a SUS item, text for comment"))
        }
        try o.finish()
    }

    /// An action's `value`, or the log's form of typed text (a replay's): a `length` (and
    /// `empty`) without a `value`, typed as as many placeholders (``loggedJSON(in:)``,
    /// ``TypedText``).
    static func typedValue(_ o: ObjectReader, _ expected: String) throws(JSONShapeError) -> JSONValue {
        guard o.object["value"] == nil, let length = o.optional("length") else {
            return try o.required("value", expected).value
        }
        let n = try length.int()
        guard n >= 0 && n <= 1_000_000 else {
            throw JSONShapeError(path: length.path, message: "expected a length 0–1000000; found \(n)")
        }
        _ = try o.optional("empty")?.bool()
        return .string(TypedText.placeholder(length: n))
    }
}
