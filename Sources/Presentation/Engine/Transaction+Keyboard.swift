import EventSchema
import JSON
import Prototype

/// The software keyboard: which field is first responder, what it covers, and what moves.
extension Transaction {
    /// The frames of the current layers (with the keyboard's top, when it is up).
    var frames: LayerFrames {
        LayerFrames(state: s, prototype: model.prototype, metrics: LayoutMetrics(environment: env))
    }

    /// A text field or text area becomes first responder: `target` is its id, or an alert's id
    /// with `field` (zero-based, default 0) for one of the alert's text fields. The field must
    /// be on screen and touchable, as for a tap.
    ///
    /// A card whose content becomes first responder goes to its largest detent: UIKit expands a
    /// sheet "to the largest possible detent" when its text field is focused (reported to Apple
    /// as FB17890661, public at github.com/feedback-assistant/reports/issues/669; Apple's
    /// documentation is silent). It stays there when editing ends (unverified). A card that
    /// cannot grow rides on the keyboard (``FrameLayout``).
    mutating func focus(_ target: String, field: Int?) throws(Stop) {
        if let ref = model.modals[target], field != nil || model.controls[target] == nil {
            let f = field ?? 0
            try checkAlertField(ref.modal, f)
            s.keyboard = KeyboardFocus(target: target, field: f)
            return
        }
        guard let loc = location(target) else {
            let known = model.prototype.controlIDs + model.prototype.modals.map(\.id)
            throw bad("$.target", "no control or alert \"\(target)\"" + Suggest.hint(target, in: known))
        }
        let kind = loc.control.kind
        guard kind == .textField || kind == .textArea else {
            throw bad(
                "$.target",
                "“\(target)” is a \(kind.rawValue), which doesn't take the keyboard; focus a textField or textArea")
        }
        if field != nil {
            throw bad("$.field", "\"field\" names a text field of an alert; “\(target)” is a \(kind.rawValue)")
        }
        guard let p = placement(loc) else {
            throw refusal(.stackPresenterVisible, "“\(loc.control.displayName)” is not on screen", modal: loc.modal)
        }
        if let b = blocker(of: p) {
            throw refusal(
                .stackPresenterVisible, coveredMessage(loc.control.displayName, by: b), modal: s.stack[b].modal)
        }
        s.keyboard = KeyboardFocus(target: target)
        if p.layer > 0 {
            let i = p.layer - 1
            let e = s.stack[i]
            if e.resolution.form == .card, let largest = e.detents.last, e.effectiveDetent(in: env) != largest.id {
                s.stack[i].selectedDetent = largest.id
                if let k = events[..<inputCount].lastIndex(where: { $0.type == .focus }) {
                    events[k].props["detent"] = .string(largest.id)
                }
            }
        }
    }

    /// A touch at (`x`, `y`) in window points that lands on the keyboard reaches nothing beneath
    /// it: refused, as a tap on a control the keyboard covers is.
    func refuseUnderKeyboard(x: Double?, y: Double?) throws(Stop) {
        guard let y, let top = frames.keyboardTop, y >= top else { return }
        throw refusal(
            .stackPresenterVisible,
            "the point (\(Rect.format(x ?? 0)), \(Rect.format(y))) is on the keyboard, which covers the window from y = \(Rect.format(top)) pt; end editing first"
        )
    }

    /// Whether the keyboard covers control `p` whole: a bar button or toolbar item below the
    /// keyboard's top. (Content scrolls, so a control in it can be brought above the keyboard;
    /// only a touch point on the keyboard, ``refuseUnderKeyboard(x:y:)``, is refused there.)
    func isUnderKeyboard(_ p: LayerPlacement) -> Bool {
        guard s.keyboard != nil, !p.location.isInContent else { return false }
        let f = frames
        guard let top = f.keyboardTop,
            let r = f.sourceRect(of: p.location.control.id, location: p.location, onLayer: p.layer)?.rect
        else { return false }
        return r.minY >= top
    }

    /// Whether the keyboard's field is on screen and touchable: an alert's field while the
    /// alert is on top, a control while it is placed and nothing above lets no touch through.
    func keyboardFieldIsLive(_ k: KeyboardFocus) -> Bool {
        if k.field != nil { return s.index(of: k.target) == count - 1 && count > 0 }
        guard let p = placement(of: k.target) else { return false }
        return blocker(of: p) == nil
    }

    /// After an action: a keyboard whose field left the screen or was covered goes down (UIKit
    /// resigns the first responder of a view that leaves the window, and a presentation over it
    /// takes the keyboard away), logged as an automatic `end_editing`. The entry that covered
    /// it keeps it, to bring it back when it is dismissed (``dismiss(from:how:discard:)``).
    /// Returns whether it went down.
    @discardableResult
    mutating func settleKeyboard() -> Bool {
        guard let k = s.keyboard, !keyboardFieldIsLive(k) else { return false }
        s.keyboard = nil
        if let top = s.top, top.presentedAtMs == now, top.restoresKeyboard == nil, top.modal != k.target {
            s.stack[count - 1].restoresKeyboard = k
        }
        events.append(
            EngineEvent(
                type: .endEditing, screen: s.screen, modal: k.field != nil ? k.target : location(k.target)?.modal,
                target: k.target, props: ["automatic": true]))
        return true
    }

    /// The keyboard an alert with text fields brings up as it appears: its first field becomes
    /// first responder (UIAlertController does so; unverified in documentation). The keyboard
    /// it took from a field beneath comes back when it goes.
    /// Checks that text field `f` (zero-based) of `m` can take the keyboard or text: `m` is an
    /// alert with that field, presented on top.
    /// - Throws: a 400 at `$.target` (not an alert with text fields) or `$.field` (no such
    ///   field), or a `stack.presenter-visible` refusal (not presented, or covered).
    func checkAlertField(_ m: Modal, _ f: Int) throws(Stop) {
        guard m.style == .alert, !m.textFields.isEmpty else {
            throw bad(
                "$.target",
                "\(title(m.id)) has no text fields; name a text field or text area by its id, or an alert's text field by the alert's id and \"field\""
            )
        }
        guard f >= 0 && f < m.textFields.count else {
            throw bad(
                "$.field",
                "\(title(m.id)) has \(m.textFields.count) text field\(m.textFields.count == 1 ? "" : "s"): \"field\" is 0\(m.textFields.count > 1 ? " to \(m.textFields.count - 1)" : ""); found \(f)"
            )
        }
        guard let i = s.index(of: m.id) else {
            throw refusal(.stackPresenterVisible, "\(title(m.id)) is not presented", modal: m.id)
        }
        if i != count - 1 {
            throw refusal(
                .stackPresenterVisible, "\(title(m.id)) is covered by \(title(s.stack[count - 1].modal))",
                modal: m.id)
        }
    }

    mutating func focusAlertField(_ m: Modal, previous: KeyboardFocus?) {
        guard m.style == .alert, !m.textFields.isEmpty else { return }
        if let previous, count > 0 { s.stack[count - 1].restoresKeyboard = previous }
        s.keyboard = KeyboardFocus(target: m.id, field: 0)
        events.append(
            EngineEvent(
                type: .focus, screen: s.screen, modal: m.id, target: m.id, props: ["field": 0, "automatic": true]))
    }

    /// When `e` leaves, the keyboard it took from a field beneath comes back if that field is
    /// live again and nothing else has the keyboard (UIKit restores the first responder after a
    /// presentation that took it; unverified beyond alerts).
    mutating func restoreKeyboard(after e: StackEntry) {
        guard let k = e.restoresKeyboard, s.keyboard == nil || s.keyboard?.target == e.modal,
            keyboardFieldIsLive(k)
        else { return }
        s.keyboard = k
        var props: JSONObject = ["automatic": true]
        if let f = k.field { props["field"] = .int(f) }
        events.append(
            EngineEvent(
                type: .focus, screen: s.screen, modal: k.field != nil ? k.target : location(k.target)?.modal,
                target: k.target, props: props))
    }
}
