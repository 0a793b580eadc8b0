import EventSchema
import JSON
import Prototype

/// The gestures of docs/rules.md, by the style an entry resolved to.
extension Transaction {
    /// A swipe down: a sheet (card or centred) dismisses, unless blocked (dirty, or
    /// `modalInPresentation`, or a modal popover shown as a sheet); full-screen and context
    /// presentations dismiss only by a button; popovers, alerts and action sheets ignore it.
    /// A swipe always tries to dismiss; moving between detents is the `detent` action.
    /// A target that names no modal is a 400; one that is not presented (any more) is refused
    /// (409, `stack.presenter-visible`); with nothing presented and no target there is nothing
    /// to swipe (400).
    /// The resolved style decides: a sheet adapted to full screen in compact height takes
    /// full-screen gestures (rule sheet.compact-height-fullscreen).
    mutating func swipeDown(_ target: String?) throws(Stop) {
        if let target, model.modals[target] == nil { throw unknownModal(target) }
        guard let top = s.top else {
            // Like a tap on a control that is not there: the request names nothing to swipe.
            if let target {
                throw refusal(.stackPresenterVisible, "\(title(target)) is not presented", modal: target)
            }
            throw bad("$.target", "nothing is presented, so there is no sheet to swipe down")
        }
        if let target, target != top.modal {
            if s.index(of: target) == nil {
                throw refusal(.stackPresenterVisible, "\(title(target)) is not presented", modal: target)
            }
            throw refusal(
                .stackPresenterVisible,
                "\(title(target)) is covered by \(title(top.modal)); only the top presentation can be swiped",
                modal: target)
        }
        switch top.resolution.form {
        case .card, .centered:
            try attemptInteractiveDismiss(count - 1, how: .swipe)
        case .fullScreen where top.transition == .zoom:
            // A zoomed presentation is dismissed interactively by a swipe down, zooming back into
            // its source (Apple, "UIViewController.Transition.ZoomOptions
            // .interactiveDismissShouldBegin": the zoom transition's interactive dismissal).
            try attemptInteractiveDismiss(count - 1, how: .swipe)
        case .fullScreen, .context:
            note(
                .fullScreenButtonDismissOnly,
                "\(title(top.modal)) is a \(kind(top)); people dismiss it with a button, not a swipe",
                modal: top.modal)
        case .popover, .alert, .actionSheet:
            note(
                .sheetSwipeDismiss, "a swipe down does not dismiss the \(kind(top)) \(title(top.modal))",
                modal: top.modal, severity: .info)
        }
    }

    /// A dismissal gesture on the sheet `stack[i]` — a swipe, a tap on the dimmed area, Escape
    /// (rule sheet.swipe-dismiss, sheet.scrim-dismiss, modal.data-loss-confirm): dismissed when
    /// nothing blocks it; when dirty or
    /// `modalInPresentation`, it rubber-bands and its `confirmDiscard` appears (docs/api.md); dirty
    /// without one, it goes with a warning; a clean blocked sheet just stays.
    mutating func attemptInteractiveDismiss(_ i: Int, how: DismissHow) throws(Stop) {
        let e = s.stack[i]
        let m = modal(e)
        guard e.dirty || m.modalInPresentation || m.isModalPopover else {
            try dismiss(from: i, how: how, discard: true)
            return
        }
        if (e.dirty || m.modalInPresentation), let confirm = m.confirmDiscard, model.modals[confirm] != nil {
            note(
                .modalDataLossConfirm,
                "\(title(e.modal)) \(e.dirty ? "has unsaved changes" : "sets modalInPresentation"): the sheet rubber-bands and \(title(confirm)) asks what to do",
                modal: e.modal, severity: .info)
            try confirmDiscard(entryIndex: i, rangeStart: i, how: how, control: nil)
        } else if e.dirty {
            try confirmDiscard(entryIndex: i, rangeStart: i, how: how, control: nil)
        } else if how == .tapOutside {
            note(
                .sheetScrimDismiss,
                "\(title(e.modal)) can't be dismissed interactively (modalInPresentation), so a tap on the dimmed area does nothing",
                modal: e.modal, severity: .info)
        } else {
            note(
                .sheetSwipeDismiss,
                "\(title(e.modal)) can't be dismissed interactively (modalInPresentation), so the sheet rubber-bands and stays",
                modal: e.modal, severity: .info)
        }
    }

    /// A tap on the dimmed area outside the top presentation. A current-context presentation
    /// inside a popover is inside the popover, so the tap is outside the popover too.
    mutating func tapOutside() throws(Stop) {
        guard count > 0 else { return }
        var i = count - 1
        while s.stack[i].resolution.form == .context, let l = contextLayer(of: i), l > 0 { i = l - 1 }
        if i != count - 1 && s.stack[i].resolution.form != .popover { i = count - 1 }
        try closeByOutsideTap(i)
    }

    /// Home: the app goes to the background. A visible alert is cancelled: its Cancel action
    /// runs, or it is dismissed (rule alert.home-cancels, C17). Nothing else changes.
    mutating func home() throws(Stop) {
        guard let a = s.stack.lastIndex(where: { $0.requestedStyle == .alert }) else { return }
        let e = s.stack[a]
        let m = modal(e)
        if let cancel = AlertButtons.cancel(m) {
            try runAlertAction(cancel, of: m, at: a, how: .home)
        } else {
            try dismiss(from: a, how: .home, discard: true)
        }
        note(.alertHomeCancels, "going Home cancelled the alert \(title(e.modal))", modal: e.modal)
    }

    /// A hardware key. Escape takes the style's cancel path (docs/fidelity.md, “Choices we made”): an alert's Cancel, an
    /// action sheet's or popover's tap outside, a modal view's Cancel control, else a sheet's
    /// swipe. Return runs an alert's Return action (``AlertButtons/returnAction(_:)``).
    mutating func keyPress(_ key: String) throws(Stop) {
        switch key {
        case "Escape":
            guard let top = s.top else { return }
            let m = modal(top)
            switch top.resolution.form {
            case .alert:
                if let cancel = AlertButtons.cancel(m) {
                    try runAlertAction(cancel, of: m, at: count - 1, how: .button)
                }
            case .actionSheet:
                try closeByOutsideTap(count - 1)
            case .popover where top.requestedStyle != .popover:
                try closeByOutsideTap(count - 1)
            case .popover, .card, .centered, .fullScreen, .context:
                if let screen = top.screen, let cancel = model.cancelControl[screen] {
                    try tap(cancel, choice: nil)
                } else if top.resolution.form == .popover {
                    try closeByOutsideTap(count - 1)
                } else if top.resolution.isSheet {
                    try attemptInteractiveDismiss(count - 1, how: .button)
                }
            }
        case "Return", "Enter":
            guard let top = s.top, top.resolution.form == .alert else { return }
            let m = modal(top)
            if let a = AlertButtons.returnAction(m) { try runAlertAction(a, of: m, at: count - 1, how: .button) }
        default:
            throw bad("$.key", "expected \"Escape\" or \"Return\"; found \(JSONWriter.quoted(key))")
        }
    }
}
