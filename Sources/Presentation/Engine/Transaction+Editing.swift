import JSON
import Prototype

extension Transaction {
    /// Text typed into text field `field` (zero-based) of the alert `target`, which must be the
    /// top presentation: logged on the action's `edit` event with `field` and the text's
    /// `length` (as a control's edit is), and not kept in the state (the alert's fields are the
    /// browser's to show; UIKit's `UIAlertController.textFields`).
    mutating func editAlertField(_ target: String, field: Int, _ value: JSONValue) throws(Stop) {
        guard let ref = model.modals[target] else {
            throw bad(
                "$.target",
                "\"field\" names a text field of an alert; there is no alert \"\(target)\""
                    + Suggest.hint(target, in: model.prototype.modals.filter { $0.style == .alert }.map(\.id)))
        }
        guard case .string(let text) = value else {
            throw bad(
                "$.value",
                "expected a string for text field \(field) of \(title(target)); found \(JSONReader.describe(value))")
        }
        try checkAlertField(ref.modal, field)
        events[inputCount - 1].props["field"] = .int(field)
        events[inputCount - 1].props["length"] = .number(Double(text.count))
        events[inputCount - 1].props["empty"] = .bool(text.isEmpty)
    }

    /// Text typed, a toggle switched, a segment chosen. The control must be visible and
    /// touchable. Editing a `userContent` control makes its modal dirty — the only way an entry
    /// becomes dirty (rule modal.data-loss-confirm).
    mutating func edit(_ target: String, _ value: JSONValue, byTap: Bool) throws(Stop) {
        guard let loc = location(target) else {
            throw bad("$.target", "no control \"\(target)\"" + Suggest.hint(target, in: model.prototype.controlIDs))
        }
        let kind = loc.control.kind
        guard kind == .textField || kind == .textArea || kind == .toggle || kind == .segmented else {
            throw bad("$.target", "“\(target)” is a \(kind.rawValue), which can't be edited")
        }
        switch (kind, value) {
        case (.toggle, .bool), (.textField, .string), (.textArea, .string), (.segmented, .string),
            (.segmented, .number):
            break
        default:
            let expected =
                kind == .toggle ? "true or false" : kind == .segmented ? "a segment title or index" : "a string"
            throw bad(
                "$.value",
                "expected \(expected) for the \(kind.rawValue) “\(target)”; found \(JSONReader.describe(value))")
        }
        if kind == .segmented, loc.control.selectedSegment(for: value) == nil {
            // UIKit's selectedSegmentIndex must be a segment's index (or noSegment, which a
            // person can't choose by tapping): an index outside the segments or an unknown title
            // is a request for a segment the control doesn't have.
            let segments = loc.control.segments
            throw bad(
                "$.value",
                "expected a segment of the segmented “\(target)”: an index 0–\(max(0, segments.count - 1)) or one of "
                    + segments.map { "“\($0)”" }.joined(separator: ", ") + "; found \(JSONReader.describe(value))")
        }
        guard let p = placement(loc) else {
            throw refusal(.stackPresenterVisible, "“\(loc.control.displayName)” is not on screen", modal: loc.modal)
        }
        if let b = blocker(of: p) {
            throw refusal(
                .stackPresenterVisible, coveredMessage(loc.control.displayName, by: b), modal: s.stack[b].modal)
        }
        // Typed text stays out of the state (what watchers, replays and restored sessions see)
        // unless the field records its value: the state keeps as many placeholders.
        var value = value
        if case .string(let text) = value, kind == .textField || kind == .textArea, loc.control.record == .length {
            value = .string(TypedText.placeholder(length: text.count))
        }
        if p.layer == 0 {
            s.appValues[target] = value
        } else {
            s.stack[p.layer - 1].values[target] = value
            if loc.control.userContent { s.stack[p.layer - 1].dirty = true }
        }
        var props = JSONObject()
        props["userContent"] = .bool(loc.control.userContent)
        if case .string(let text) = value, kind != .segmented {
            props["length"] = .number(Double(text.count))
            props["empty"] = .bool(text.isEmpty)
            if loc.control.record == .value { props["text"] = .string(text) }
        } else {
            props["value"] = value
        }
        if byTap {
            // The tap is the step of the path; this edit is its effect, not a second touch.
            props["byTap"] = true
            events.append(EngineEvent(type: .edit, screen: loc.screen, modal: loc.modal, target: target, props: props))
        } else if let k = events[..<inputCount].lastIndex(where: { $0.type == .edit }) {
            for (key, v) in props { events[k].props[key] = v }
        }
    }

    /// A sheet moved to another detent (dragging or tapping the grabber; RULES
    /// sheet.grabber-behaviour). Only a sheet drawn as a card has detents to move between.
    mutating func changeDetent(_ target: String, _ detent: String) throws(Stop) {
        guard model.modals[target] != nil else { throw unknownModal(target) }
        guard let i = s.index(of: target) else {
            throw refusal(.stackPresenterVisible, "\(title(target)) is not presented", modal: target)
        }
        let e = s.stack[i]
        guard e.resolution.form == .card, !e.detents.isEmpty else {
            throw bad(
                "$.target",
                "\(title(target)) is drawn as \(e.resolution.form.rawValue) here, not as a sheet with detents")
        }
        guard e.detents.contains(where: { $0.id == detent }) else {
            throw bad(
                "$.detent",
                "\(title(target)) has no detent “\(detent)”; its detents: \(e.detents.map(\.id).joined(separator: ", "))"
            )
        }
        if i != count - 1 {
            throw refusal(
                .stackPresenterVisible, "\(title(target)) is covered by \(title(s.stack[count - 1].modal))",
                modal: target)
        }
        s.stack[i].selectedDetent = detent
        if let k = events[..<inputCount].lastIndex(where: { $0.type == .detent }) {
            events[k].props["from"] = .string(e.effectiveDetent(in: env))
        }
        if env.verticalSizeClass == .compact && detent == "medium" {
            note(
                .sheetMediumCompactHeight,
                "the medium detent is inactive in compact height; \(title(target)) rests at \(s.stack[i].effectiveDetent(in: env) ?? "large")",
                modal: target)
        }
    }
}

/// Typed text as the log, replays and watchers have it: never the text, only its length
/// (docs/log.md, "Typed text").
public enum TypedText {
    /// What stands for each typed character: `*`, one byte, so that the placeholders of any
    /// text take no more room than the text (a session's values are bounded in bytes).
    public static let placeholderCharacter: Character = "*"

    /// `length` placeholder characters: what a replay types, and what the state keeps of text
    /// typed into a field that doesn't record its value.
    public static func placeholder(length: Int) -> String {
        String(repeating: placeholderCharacter, count: max(0, min(length, 1_000_000)))
    }
}
