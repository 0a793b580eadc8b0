import JSON
import Prototype

/// What a presentation is drawn as (SPEC §5): `card` (sheet from the bottom, compact width),
/// `centered` (iPad page or form sheet), `fullScreen`, `popover`, `alert`, `actionSheet` (bottom
/// action sheet, compact width), `context` (inside its context).
public enum Form: String, Sendable, CaseIterable, Codable {
    case card, centered, fullScreen, popover, alert, actionSheet, context
}

/// The outcome of adaptation for one presentation in one environment (RULES.md §2).
public struct Resolution: Sendable, Equatable {
    /// UIKit's style after adaptation.
    public var style: PresentationStyle
    /// What is drawn.
    public var form: Form
    /// Every ADAPT rule that applied, in order.
    public var rules: [String]
    /// The ADAPT rule reported as `adaptedBy`: the last that applied, or `nil`.
    public var adaptedBy: String? { rules.last }
}

/// One presented modal on the presentation stack.
public struct StackEntry: Sendable, Equatable {
    /// The modal's id.
    public var modal: String
    /// The style the definition asked for.
    public var requestedStyle: PresentationStyle
    /// The current adaptation (recomputed on every rotate and resize).
    public var resolution: Resolution
    /// The sheet's detents in ascending height (empty for non-sheets).
    public var detents: [Detent]
    /// The selected detent's id (`selectedDetentIdentifier`), for sheets.
    public var selectedDetent: String?
    /// Whether user content was edited (`modal.data-loss-confirm`).
    public var dirty: Bool
    /// The navigation stack inside the modal: its root (the modal's id) first. Empty for
    /// alerts, action sheets and activity views.
    public var screens: [String]
    /// The control that presented it, if a tap did (focus returns there on dismiss).
    public var presentedBy: String?
    /// Milliseconds since the session started when it was presented.
    public var presentedAtMs: Int
    /// Whether it was presented as the data-loss confirmation of the entry below.
    public var isDiscardConfirmation: Bool
    /// Edited values of its controls, by control id.
    public var values: [String: JSONValue]

    /// The current screen inside the modal, or `nil` for system presentations.
    public var screen: String? { screens.last }

    /// The detent the sheet rests at, as reported in the state: `nil` unless drawn as a card.
    /// `medium` is inactive in compact height (RULES sheet.medium-compact-height).
    public func effectiveDetent(in env: Environment) -> String? {
        guard resolution.form == .card, let sel = selectedDetent else { return nil }
        if env.verticalSizeClass == .compact && sel == "medium" { return detents.contains(.large) ? "large" : sel }
        return sel
    }
}

/// The state the server keeps per viewing session (SPEC §5): the environment, the app's
/// navigation stack and the presentation stack, bottom to top.
public struct PresentationState: Sendable, Equatable {
    /// The prototype's id.
    public var prototype: String
    /// Device, orientation and multitasking.
    public var environment: Environment
    /// The app's navigation stack (outside modals): the start screen first.
    public var appScreens: [String]
    /// The presentation stack, bottom to top.
    public var stack: [StackEntry]
    /// Edited values of app-screen controls, by control id.
    public var appValues: [String: JSONValue]
    /// Whether the person has interacted yet (for `alert.not-at-launch`).
    public var interacted: Bool
    /// When the last present or dismiss happened, ms since the session started.
    public var lastTransitionMs: Int?

    /// The app's current screen.
    public var screen: String { appScreens.last ?? "" }
    /// The top entry.
    public var top: StackEntry? { stack.last }
    /// The stack index of a presented modal.
    public func index(of modal: String) -> Int? { stack.firstIndex { $0.modal == modal } }
}

/// A request against the state (SPEC §6 action types, plus `present` for app-initiated
/// presentations and `key` for a hardware keyboard's Escape and Return).
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
    /// A change of device or iPad multitasking.
    case resize(device: String?, multitasking: Multitasking?)
    /// Text typed into a field, a toggle switched, a segment chosen.
    case edit(target: String, value: JSONValue)
    /// A sheet moved to another detent.
    case detent(target: String, detent: String)
    /// The navigation bar's back button of the top layer.
    case back
    /// An app-initiated presentation (a timer, a network callback): not a user event.
    case present(modal: String)
    /// A hardware key: "Escape" or "Return".
    case key(String)

    /// The action's type name as in SPEC §6.
    public var typeName: String {
        switch self {
        case .tap: return "tap"
        case .swipeDown: return "swipeDown"
        case .tapOutside: return "tapOutside"
        case .home: return "home"
        case .rotate: return "rotate"
        case .resize: return "resize"
        case .edit: return "edit"
        case .detent: return "detent"
        case .back: return "back"
        case .present: return "present"
        case .key: return "key"
        }
    }
}

/// Names a button of an alert or action sheet, or an activity: by id, by title, or by index.
public enum ActionChoice: Sendable, Equatable {
    case title(String)
    case index(Int)
}

/// How a modal was dismissed (the log's `how`).
public enum DismissHow: String, Sendable {
    case button, swipe, tapOutside, home, programmatic
}

/// A log-worthy event produced by the engine; the server adds session, time and device fields
/// and appends it to the interaction log (SPEC §7).
public struct EngineEvent: Sendable, Equatable {
    /// The log `type`: present, dismiss, refused, adapted, push, pop, tap, swipe, rotate,
    /// resize, edit, detent, screen_enter, diagnostic.
    public var type: String
    public var screen: String?
    public var modal: String?
    public var target: String?
    public var style: String?
    public var requestedStyle: String?
    public var how: String?
    public var rule: String?
    public var severity: String?
    public var x: Double?
    public var y: Double?
    public var durationMs: Int?
    public var props: JSONObject

    public init(
        type: String, screen: String? = nil, modal: String? = nil, target: String? = nil, style: String? = nil,
        requestedStyle: String? = nil, how: String? = nil, rule: String? = nil, severity: String? = nil,
        x: Double? = nil, y: Double? = nil, durationMs: Int? = nil, props: JSONObject = JSONObject()
    ) {
        self.type = type
        self.screen = screen
        self.modal = modal
        self.target = target
        self.style = style
        self.requestedStyle = requestedStyle
        self.how = how
        self.rule = rule
        self.severity = severity
        self.x = x
        self.y = y
        self.durationMs = durationMs
        self.props = props
    }
}

/// The result of applying an action: the new state (unchanged when refused), the diagnostics
/// to show, the events to log, and the refusal if there was one.
public struct Outcome: Sendable {
    public var state: PresentationState
    public var diagnostics: [Diagnostic]
    public var events: [EngineEvent]
    /// The `error` rule that refused the request (HTTP 409), or `nil`.
    public var refusal: Diagnostic?
}

/// A request the engine cannot make sense of (HTTP 400): an unknown target, a button that
/// does not exist, a detent the sheet lacks. `path` is the JSON path in the request body.
public struct EngineRequestError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var message: String
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }
    public var description: String { "\(path): \(message)" }
}

/// Server options that change the engine's choices.
public struct EngineOptions: Sendable, Equatable {
    /// What a presentation over a popover does (SPEC §5 `--on-popover-conflict`).
    public enum PopoverConflict: String, Sendable, CaseIterable { case refuse, closeFirst = "close-first" }

    public var popoverConflict: PopoverConflict
    /// Animation time of a present or dismiss in ms; a request inside it is refused under
    /// `stack.transition-in-progress`. 0 (the default) turns the check off, so scripted
    /// clients are deterministic.
    public var transitionMs: Int

    public init(popoverConflict: PopoverConflict = .refuse, transitionMs: Int = 0) {
        self.popoverConflict = popoverConflict
        self.transitionMs = transitionMs
    }
}
