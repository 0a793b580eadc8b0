import Prototype

/// How UIKit draws and binds the buttons of an alert or action sheet (`UIAlertController`).
/// The engine, the player's view and the linter all read the buttons' order, weight and
/// layout from here, so the three agree.
public enum AlertButtons {
    /// The declared index of the preferred action (`preferredAction`): the one the modal's
    /// `preferredAction` names by id, title or zero-based index; without `preferredAction`, the
    /// first action marked `"preferred": true`. `nil` when there is none, or when
    /// `preferredAction` names no action (`alert.preferred-action-member` lints that).
    public static func preferredIndex(_ m: Modal) -> Int? {
        if let name = m.preferredAction {
            return m.actions.firstIndex { $0.id == name } ?? m.actions.firstIndex { $0.title == name }
                ?? Int(name).flatMap { m.actions.indices.contains($0) ? $0 : nil }
        }
        return m.actions.firstIndex(where: \.preferred)
    }

    /// The preferred action (see ``preferredIndex(_:)``).
    public static func preferred(_ m: Modal) -> AlertAction? { preferredIndex(m).map { m.actions[$0] } }

    /// The Cancel-style action, if any.
    public static func cancel(_ m: Modal) -> AlertAction? { m.actions.first { $0.role == .cancel } }

    /// The action Return runs in an alert (rule alert.default-button, decompiled
    /// `_actionForReturnKey`): the preferred action; with none, Cancel when it is paired with
    /// exactly one other action; else a lone action (an informational OK). Otherwise nothing.
    public static func returnAction(_ m: Modal) -> AlertAction? {
        if let p = preferred(m) { return p }
        if let c = cancel(m), m.actions.count == 2 { return c }
        if m.actions.count == 1 { return m.actions[0] }
        return nil
    }

    /// The declared index of an alert's bold button: the preferred action, else Cancel (RULES
    /// alert.default-button).
    public static func boldIndex(_ m: Modal) -> Int? {
        preferredIndex(m) ?? m.actions.firstIndex { $0.role == .cancel }
    }

    /// The width of each alert button's title on one line, in declared order: at the Body size
    /// of `contentSize` (17 pt at Large), Semibold for the bold button (``boldIndex(_:)``),
    /// Regular for the others.
    public static func titleWidths(_ m: Modal, contentSize: ContentSizeCategory = .large) -> [Double] {
        let bold = boldIndex(m)
        let size = contentSize.bodyPointSize
        return m.actions.indices.map { i in
            TextMeasure.width(m.actions[i].title, size: size, weight: i == bold ? .semibold : .regular)
        }
    }

    /// Whether an alert's buttons sit side by side: exactly two, and both titles fit 110 pt at
    /// the text size (rule alert.button-layout); at the accessibility sizes UIKit's alerts always
    /// stack their buttons (observed in the simulator, unverified in Apple's documentation).
    /// Otherwise they stack.
    public static func sideBySide(_ m: Modal, contentSize: ContentSizeCategory = .large) -> Bool {
        m.actions.count == 2 && !contentSize.isAccessibilityCategory
            && titleWidths(m, contentSize: contentSize).allSatisfy { $0 <= 110 }
    }

    /// The declared indices of the actions, in drawn order for `form`.
    ///
    /// - Alert with two buttons side by side (``sideBySide(_:)``): Cancel on the leading side,
    ///   whatever the declared order (rule alert.cancel-left).
    /// - Alert with stacked buttons (three or more, or two that don't fit): declared order with
    ///   Cancel at the bottom (rule alert.button-layout).
    /// - Bottom action sheet: declared order with Cancel last, in its own group
    ///   (rule actionsheet.cancel-bottom).
    /// - Action sheet shown as a popover: Cancel is not drawn (rule actionsheet.cancel-hidden-in-popover).
    public static func drawn(_ m: Modal, form: Form, contentSize: ContentSizeCategory = .large) -> [Int] {
        let others = m.actions.indices.filter { m.actions[$0].role != .cancel }
        let cancel = m.actions.indices.filter { m.actions[$0].role == .cancel }
        switch form {
        case .alert where sideBySide(m, contentSize: contentSize): return cancel + others
        case .popover where m.style == .actionSheet: return others
        default: return others + cancel
        }
    }

    /// Whether `a` is drawn in `form` (Cancel is hidden in an action sheet shown as a popover).
    public static func isDrawn(_ a: AlertAction, of m: Modal, form: Form) -> Bool {
        !(form == .popover && m.style == .actionSheet && a.role == .cancel)
    }
}
