import JSON
import Prototype

/// The menu that is open, if any (`state.menu`): a control's pull-down menu or context menu,
/// and the submenus opened in it. A menu is not a presentation: it sits over every layer, a
/// tap outside it dismisses it (and does nothing else), and choosing an item closes it and
/// runs the item's action (HIG "Pull-down buttons": "After people choose an item in a
/// pull-down button's menu, the menu closes, and the app performs the chosen action"; Apple,
/// "UIContextMenuInteraction").
public struct OpenMenu: Sendable, Hashable {
    /// The control (or list row) whose menu it is.
    public var control: String
    /// Whether it is the control's context menu (a long press), else its pull-down menu.
    public var isContext: Bool
    /// The submenus opened, outermost first (their element ids).
    public var submenus: [String]
    /// The layer of the control (0: the app).
    public var layer: Int

    /// The menu of `control` on layer `layer` (a context menu when `isContext`), with the
    /// `submenus` opened in it.
    public init(control: String, isContext: Bool, submenus: [String] = [], layer: Int) {
        self.control = control
        self.isContext = isContext
        self.submenus = submenus
        self.layer = layer
    }

    /// `pullDown` or `context`.
    public var kind: String { isContext ? "context" : "pullDown" }

    /// `{"control", "kind", "submenu"}` (`submenu`: the innermost submenu open, or `null`).
    public var json: JSONValue {
        .object(
            JSONObject([
                ("control", .string(control)), ("kind", .string(kind)), ("submenu", .string(submenus.last)),
            ]))
    }
}

extension Control {
    /// The menu of this control that `isContext` names.
    public func menu(context isContext: Bool) -> Menu? { isContext ? contextMenu : menu }
}
