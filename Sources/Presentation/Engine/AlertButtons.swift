import Prototype

/// How UIKit draws and binds the buttons of an alert or action sheet (`UIAlertController`).
public enum AlertButtons {
    /// The preferred action (`preferredAction`): an action marked `"preferred": true`, else the
    /// one the modal's `preferredAction` names by id, title or zero-based index.
    public static func preferred(_ m: Modal) -> AlertAction? {
        if let a = m.actions.first(where: \.preferred) { return a }
        guard let p = m.preferredAction else { return nil }
        if let a = m.actions.first(where: { $0.id == p }) ?? m.actions.first(where: { $0.title == p }) { return a }
        if let i = Int(p), i >= 0, i < m.actions.count { return m.actions[i] }
        return nil
    }

    /// The Cancel-style action, if any.
    public static func cancel(_ m: Modal) -> AlertAction? { m.actions.first { $0.role == .cancel } }

    /// The action Return runs in an alert (RULES alert.default-button, decompiled
    /// `_actionForReturnKey`): the preferred action; with none, Cancel when it is paired with
    /// exactly one other action; else a lone action (an informational OK). Otherwise nothing.
    public static func returnAction(_ m: Modal) -> AlertAction? {
        if let p = preferred(m) { return p }
        if let c = cancel(m), m.actions.count == 2 { return c }
        if m.actions.count == 1 { return m.actions[0] }
        return nil
    }

    /// The bold action: the preferred action, else Cancel (RULES alert.default-button, C2).
    public static func bold(_ m: Modal) -> AlertAction? { preferred(m) ?? cancel(m) }

    /// The actions in drawn order for `form`.
    ///
    /// - Alert with two buttons: Cancel on the leading side, whatever the declared order
    ///   (RULES alert.cancel-left).
    /// - Alert with three or more: stacked in declared order with Cancel at the bottom
    ///   (RULES alert.button-layout).
    /// - Bottom action sheet: declared order with Cancel last, in its own group
    ///   (RULES actionsheet.cancel-bottom).
    /// - Action sheet shown as a popover: Cancel is not drawn (RULES actionsheet.cancel-hidden-in-popover).
    public static func drawn(_ m: Modal, form: Form) -> [AlertAction] {
        let others = m.actions.filter { $0.role != .cancel }
        let cancel = m.actions.filter { $0.role == .cancel }
        switch form {
        case .alert where m.actions.count == 2: return cancel + others
        case .popover where m.style == .actionSheet: return others
        default: return others + cancel
        }
    }

    /// Whether `a` is drawn in `form` (Cancel is hidden in an action sheet shown as a popover).
    public static func isDrawn(_ a: AlertAction, of m: Modal, form: Form) -> Bool {
        !(form == .popover && m.style == .actionSheet && a.role == .cancel)
    }
}
