import EventSchema
import JSON
import Prototype

extension Transaction {
    /// Dismisses `stack[index]` and everything above it, top first, logging a `dismiss` for each
    /// (`how`, `duration_ms`, and whether dirty work was saved or discarded).
    mutating func dismiss(from index: Int, how: DismissHow, discard: Bool) throws(Stop) {
        guard index < count else { return }
        try checkTransition()
        try cascade()
        var restore: StackEntry?
        while count > index {
            let e = s.stack[count - 1]
            restore = e
            var props = JSONObject()
            props["form"] = .string(e.resolution.form.rawValue)
            props["transition"] = .string(e.transition?.rawValue ?? "system")
            if e.dirty { props[discard ? "discarded" : "saved"] = true }
            if discard { props["cancel"] = true }
            s.stack.removeLast()
            events.append(
                EngineEvent(
                    type: .dismiss, screen: s.shownScreen, modal: e.modal,
                    target: how == .button ? dismissedBy : nil, style: e.resolution.style.rawValue,
                    requestedStyle: e.requestedStyle.rawValue, how: how.rawValue,
                    durationMs: max(0, now - e.presentedAtMs), props: props))
        }
        s.lastTransitionMs = now
        inTransition = true
        events.append(EngineEvent(type: .screenEnter, screen: s.shownScreen, modal: s.top?.modal))
        if let k = s.keyboard, !keyboardFieldIsLive(k) {
            // Its field went with the presentation (dismissing a modal ends its editing).
            s.keyboard = nil
            events.append(
                EngineEvent(
                    type: .endEditing, screen: s.screen, modal: k.field != nil ? k.target : location(k.target)?.modal,
                    target: k.target, props: ["automatic": true]))
        }
        if let restore { restoreKeyboard(after: restore) }
    }

    /// A control's `dismiss` / `dismissAll` from `stack[index]` up. A Cancel control (role
    /// `cancel`, or titled Cancel) over dirty work asks first (rule modal.data-loss-confirm);
    /// Done, Send and the like save.
    mutating func dismissRange(from index: Int, control: Control) throws(Stop) {
        let cancels = control.isCancelControl
        dismissedBy = control.id
        if cancels, let d = s.stack[index...].lastIndex(where: \.dirty) {
            try confirmDiscard(entryIndex: d, rangeStart: index, how: .button, control: control.id)
        } else {
            try dismiss(from: index, how: .button, discard: cancels)
        }
    }

    /// A Cancel or a swipe on the dirty `stack[i]`: dismiss what is above it and show its
    /// `confirmDiscard` over it; a second Cancel while the confirmation is up (through the
    /// popover's bar) closes the confirmation and keeps editing. Without `confirmDiscard`, a warning and the
    /// dismissal of `stack[rangeStart...]`, as UIKit would do with nothing to stop it.
    mutating func confirmDiscard(entryIndex i: Int, rangeStart: Int, how: DismissHow, control: String?) throws(Stop) {
        let e = s.stack[i]
        if let confirm = modal(e).confirmDiscard, model.modals[confirm] != nil {
            if i + 1 < count, s.stack[i + 1].modal == confirm {
                try closePopover(at: i + 1, how: .button)
                return
            }
            if i + 1 < count { try dismiss(from: i + 1, how: .programmatic, discard: false) }
            try present(confirm, trigger: .discardConfirmation(control))
            return
        }
        try dismiss(from: rangeStart, how: how, discard: true)
        note(
            .modalDataLossConfirm,
            "\(title(e.modal)) had unsaved changes and was dismissed without confirmation; add \"confirmDiscard\" with an action sheet to Save, Discard or Keep Editing",
            modal: e.modal)
    }

    /// Closes the popover `stack[i]` without a choice, as the app does for another bar button,
    /// its source tapped again, a navigation beneath it, or close-first. Its work is kept (RULES
    /// popover.save-on-auto-dismiss). A programmatic dismissal runs no action handler, so an
    /// action sheet's Cancel handler does not run here; only a tap on the dimming view runs it
    /// (``closeByOutsideTap(_:)``).
    mutating func closePopover(at i: Int, how: DismissHow) throws(Stop) {
        try dismiss(from: i, how: how, discard: s.stack[i].requestedStyle != .popover)
    }

    /// What a tap outside `stack[i]` does to it, by what it is drawn as (docs/rules.md).
    mutating func closeByOutsideTap(_ i: Int) throws(Stop) {
        let e = s.stack[i]
        let m = modal(e)
        switch e.resolution.form {
        case .popover:
            if m.isModalPopover {
                note(
                    .popoverTapOutsideDismiss,
                    "\(title(e.modal)) is a modal popover: a tap outside does nothing; only its buttons dismiss it",
                    modal: e.modal, severity: .info)
                return
            }
            // rule actionsheet.cancel-hidden-in-popover: the dimming view runs Cancel.
            if e.requestedStyle == .actionSheet, let cancel = AlertButtons.cancel(m) {
                try runAlertAction(cancel, of: m, at: i, how: .tapOutside)
                return
            }
            try closePopover(at: i, how: .tapOutside)
        case .actionSheet:
            // Observed (decompiled __shouldInvokeCancelActionOnDimmingViewTap): the dimming view
            // runs Cancel when there is one; without a Cancel action the tap does nothing (unverified).
            if let cancel = AlertButtons.cancel(m) { try runAlertAction(cancel, of: m, at: i, how: .tapOutside) }
        case .alert:
            note(
                .alertNoTapOutside, "a tap outside an alert is ignored; only its buttons dismiss it",
                modal: e.modal)
        case .card, .centered:
            // rule sheet.scrim-dismiss: the dimming view's tap is an interactive dismissal, which
            // `isModalInPresentation` blocks ("UIKit ignores events outside the view controller's
            // bounds and prevents the interactive dismissal"), so a dirty or modalInPresentation
            // sheet asks as for a swipe. An undimmed card has no dimming view: the tap reaches
            // the screen beneath (sheet.undimmed-nonmodal), never the sheet.
            if e.isUndimmed(in: env) {
                note(
                    .sheetUndimmedNonmodal,
                    "\(title(e.modal)) is undimmed at this detent, so a tap beside it reaches the screen beneath",
                    modal: e.modal)
                return
            }
            try attemptInteractiveDismiss(i, how: .tapOutside)
        case .fullScreen, .context:
            // A page curled up with partialCurl leaves the presenter's bottom visible; UIKit
            // dismisses the curl when that part is tapped. Nothing else is outside a full screen.
            if i == count - 1, modal(e).transition == .partialCurl {
                try dismiss(from: i, how: .tapOutside, discard: false)
            }
        }
    }
}
