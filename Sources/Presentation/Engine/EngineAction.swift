import JSON
import Prototype

/// A request against the state (the API's action types, plus `present` for app-initiated
/// presentations, `key` for a hardware keyboard's Escape and Return, `focus` and `endEditing`
/// for the software keyboard, and `longPress` for a touch and hold).
public enum EngineAction: Sendable, Equatable {
    /// A tap on a control; or on an alert, action sheet or activity view's button when
    /// `target` is the modal's id and `choice` names the button (id, title or index).
    case tap(target: String, choice: ActionChoice?, x: Double?, y: Double?)
    /// A downward swipe on a sheet (`target` its modal id, or the top when `nil`).
    case swipeDown(target: String?)
    /// A tap on the dimmed area outside the top presentation.
    case tapOutside(x: Double?, y: Double?)
    /// The Home gesture: the app goes to the background.
    case home
    /// A rotation.
    case rotate(Orientation)
    /// A change of device, iPad multitasking, or the traits the system gives the app
    /// (appearance, text size, layout direction), or of the iOS version the session runs as
    /// (`targetOS`, a major version): what the request names changes, the rest stays
    /// (``EnvironmentRequest/resolved(keeping:)``, which also checks it). `window` resizes an
    /// iPad app's window freely (multitasking `window`). The orientation is `rotate`'s.
    case resize(EnvironmentRequest)
    /// Text typed into a field, a toggle switched, a segment chosen; with `field`, text typed into
    /// that text field (zero-based) of the alert `target`. `x`, `y`: where a toggle or segmented
    /// control was touched, in window points, for the log's `edit` (heat maps draw it; a text
    /// field's edits don't keep them: its touch is its `focus`).
    case edit(target: String, value: JSONValue, field: Int? = nil, x: Double? = nil, y: Double? = nil)
    /// A sheet moved to another detent.
    case detent(target: String, detent: String)
    /// The navigation bar's back button of the top layer; `x`, `y`: where it was tapped, in
    /// points of the window, for the log's `tap` (heat maps draw it).
    case back(x: Double? = nil, y: Double? = nil)
    /// An app-initiated presentation (a timer, a network callback): not a user event.
    case present(modal: String)
    /// A hardware key: "Escape" or "Return" ("Enter" is taken as Return).
    case key(String)
    /// A text field or text area becomes first responder and the software keyboard comes up
    /// for it: a control by its id, or an alert's text field by the alert's id and `field`
    /// (zero-based, default 0). `x`, `y`: where it was tapped, in window points.
    case focus(target: String, field: Int? = nil, x: Double? = nil, y: Double? = nil)
    /// Editing ends and the keyboard goes down: Done or Return, a tap outside the field.
    case endEditing
    /// Starts a task of the prototype's `tasks` (a usability study); logs `task_start`.
    case taskStart(String)
    /// The participant gives up the running task; logs `task_end` with outcome `gaveUp`.
    case giveUp
    /// A study question answered (README, "Studies"): `question` is `seq` (the Single Ease
    /// Question, 1–7, about `task`), `sus1` … `sus10` (the System Usability Scale's items, 1–5)
    /// or `comment` (free text, `value` a string); logs `answer`.
    case answer(question: String, task: String?, value: JSONValue)
    /// A touch and hold on a control: opens its context menu (or its pull-down menu when a tap
    /// runs its action).
    case longPress(target: String)

    /// A `resize` to the members given (`nil` keeps what is).
    public static func resize(
        device: String?, multitasking: Multitasking?, appearance: Appearance? = nil,
        contentSize: ContentSizeCategory? = nil, layoutDirection: LayoutDirection? = nil, window: Size? = nil,
        targetOS: Int? = nil
    ) -> EngineAction {
        .resize(
            EnvironmentRequest(
                device: device, multitasking: multitasking, appearance: appearance, contentSize: contentSize,
                layoutDirection: layoutDirection, window: window, targetOS: targetOS))
    }

    /// Rotations, resizes and app-initiated presentations are not the person interacting.
    var isUserInteraction: Bool {
        switch self {
        case .rotate, .resize, .present, .taskStart, .giveUp, .answer: return false
        default: return true
        }
    }
}

extension EngineAction {
    /// The action as an API request body (`POST /api/sessions/{sid}/actions`), e.g.
    /// `{"type": "tap", "target": "compose"}`: what the log's `action` column holds, and what
    /// a replay reads back.
    public var json: JSONValue {
        var o: JSONObject = ["type": .string(kind.rawValue)]
        switch self {
        case .tap(let target, let choice, let x, let y):
            o["target"] = .string(target)
            switch choice {
            case .title(let t)?: o["action"] = .string(t)
            case .index(let i)?: o["action"] = .int(i)
            case nil: break
            }
            if let x { o["x"] = .number(x) }
            if let y { o["y"] = .number(y) }
        case .swipeDown(let target):
            if let target { o["target"] = .string(target) }
        case .tapOutside(let x, let y):
            if let x { o["x"] = .number(x) }
            if let y { o["y"] = .number(y) }
        case .back(let x, let y):
            if let x { o["x"] = .number(x) }
            if let y { o["y"] = .number(y) }
        case .home, .giveUp, .endEditing: break
        case .rotate(let orientation):
            o["orientation"] = .string(orientation.rawValue)
        case .resize(let request):
            request.appendJSON(to: &o)
        case .edit(let target, let value, let field, let x, let y):
            o["target"] = .string(target)
            if let field { o["field"] = .int(field) }
            o["value"] = value
            if let x { o["x"] = .number(x) }
            if let y { o["y"] = .number(y) }
        case .detent(let target, let detent):
            o["target"] = .string(target)
            o["detent"] = .string(detent)
        case .present(let modal):
            o["target"] = .string(modal)
        case .key(let key):
            o["key"] = .string(key)
        case .taskStart(let id):
            o["task"] = .string(id)
        case .answer(let question, let task, let value):
            o["question"] = .string(question)
            if let task { o["task"] = .string(task) }
            o["value"] = value
        case .focus(let target, let field, let x, let y):
            o["target"] = .string(target)
            if let field { o["field"] = .int(field) }
            if let x { o["x"] = .number(x) }
            if let y { o["y"] = .number(y) }
        case .longPress(let target):
            o["target"] = .string(target)
        }
        return .object(o)
    }
}

/// Names a button of an alert or action sheet, or an activity: by id or title, or by its
/// zero-based index in the declared `actions` (not the drawn order).
public enum ActionChoice: Sendable, Equatable {
    case title(String)
    case index(Int)
}

extension EngineAction {
    /// ``json`` as the log's `action` column keeps it: an edit of typed text (a text field or
    /// text area that doesn't record its value, or an alert's text field) carries the text's
    /// `length` and whether it is `empty` instead of its `value`, so that no typed text reaches
    /// the log; a replay types as many placeholders (``TypedText``).
    /// A comment (`answer` of `comment`) carries its `length` and `empty` likewise, unless the
    /// prototype's questions record their words (`"record": "value"`).
    public func loggedJSON(in prototype: Prototype) -> JSONValue {
        if case .answer("comment", let task, .string(let text)) = self, prototype.questions.record == .length {
            var o = JSONObject()
            o["type"] = "answer"
            o["question"] = "comment"
            if let task { o["task"] = .string(task) }
            o["length"] = .int(text.count)
            o["empty"] = .bool(text.isEmpty)
            return .object(o)
        }
        guard case .edit(let target, .string(let text), let field, _, _) = self else { return json }
        if field == nil, let c = prototype.control(target)?.control,
            c.kind != .textField && c.kind != .textArea || c.record == .value
        {
            return json
        }
        var o = JSONObject()
        o["type"] = "edit"
        o["target"] = .string(target)
        if let field { o["field"] = .int(field) }
        o["length"] = .int(text.count)
        o["empty"] = .bool(text.isEmpty)
        return .object(o)
    }
}
