import JSON
import Prototype

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
    /// A change of device, iPad multitasking, or the traits the system gives the app
    /// (appearance, text size, layout direction), or of the iOS version the session runs as
    /// (`targetOS`, a major version); `nil` keeps what is.
    case resize(
        device: String?, multitasking: Multitasking?, appearance: Appearance? = nil,
        contentSize: ContentSizeCategory? = nil, layoutDirection: LayoutDirection? = nil, targetOS: Int? = nil)
    /// Text typed into a field, a toggle switched, a segment chosen.
    case edit(target: String, value: JSONValue)
    /// A sheet moved to another detent.
    case detent(target: String, detent: String)
    /// The navigation bar's back button of the top layer.
    case back
    /// An app-initiated presentation (a timer, a network callback): not a user event.
    case present(modal: String)
    /// A hardware key: "Escape" or "Return" ("Enter" is taken as Return).
    case key(String)
    /// A touch and hold on a control: opens its context menu (or its pull-down menu when a tap
    /// runs its action).
    case longPress(target: String)

    /// Rotations, resizes and app-initiated presentations are not the person interacting.
    var isUserInteraction: Bool {
        switch self {
        case .rotate, .resize, .present: return false
        default: return true
        }
    }
}

/// Names a button of an alert or action sheet, or an activity: by id or title, or by its
/// zero-based index in the declared `actions` (not the drawn order).
public enum ActionChoice: Sendable, Equatable {
    case title(String)
    case index(Int)
}
