import EventSchema
import JSON
import Prototype

extension Transaction {
    /// A tap on a button of an alert or action sheet, or on an activity of an activity view.
    /// The modal must be on top (`stack.presenter-visible`); a button not drawn (Cancel of an
    /// action sheet shown as a popover) can't be tapped either.
    mutating func tapModalButton(_ m: Modal, choice: ActionChoice?) throws(Stop) {
        guard let i = s.index(of: m.id) else {
            throw refusal(
                .stackPresenterVisible, "\(title(m.id)) is not presented, so its buttons can't be tapped",
                modal: m.id)
        }
        if i != count - 1 {
            throw refusal(
                .stackPresenterVisible,
                "\(title(m.id)) is covered by \(title(s.stack[count - 1].modal)); dismiss that first", modal: m.id)
        }
        switch m.style {
        case .alert, .actionSheet:
            guard let choice else {
                throw bad(
                    "$.action",
                    "name the button to tap: \"action\": its title or zero-based index (\(m.actions.map(\.title).joined(separator: ", ")))"
                )
            }
            guard let action = find(choice, in: m.actions) else {
                throw bad(
                    "$.action",
                    "\(title(m.id)) has no button \(describe(choice)); its buttons: \(m.actions.map { "“\($0.title)”" }.joined(separator: ", "))"
                )
            }
            let form = s.stack[i].resolution.form
            if !AlertButtons.isDrawn(action, of: m, form: form) {
                throw refusal(
                    .stackPresenterVisible,
                    "“\(action.title)” is not drawn in an action sheet shown as a popover; a tap outside it runs Cancel",
                    modal: m.id)
            }
            if let k = events.firstIndex(where: { $0.type == .tap }) {
                events[k].props["button"] = .string(action.id ?? action.title)
            }
            try runAlertAction(action, of: m, at: i, how: .button)
        case .activity:
            try chooseActivity(m, at: i, choice: choice)
        default:
            throw bad("$.target", "\(title(m.id)) is a \(m.style.rawValue); tap its controls by their ids")
        }
    }

    /// An activity chosen, or the close button: the activity view goes away (H-Activity: it
    /// "dismisses immediately after people complete the task").
    mutating func chooseActivity(_ m: Modal, at i: Int, choice: ActionChoice?) throws(Stop) {
        let names = m.visibleActivities + m.customActivities.map(\.id)
        let titles = m.visibleActivities.map { SystemActivity.titles[$0] ?? $0 } + m.customActivities.map(\.title)
        var picked: String?
        switch choice {
        case .index(let n)?: if n >= 0 && n < names.count { picked = names[n] }
        case .title(let t)?:
            if let k = names.firstIndex(of: t) ?? titles.firstIndex(where: { $0.lowercased() == t.lowercased() }) {
                picked = names[k]
            }
        case nil: break
        }
        if picked == nil, case .title(let t)? = choice, ["close", "cancel"].contains(t.lowercased()) {
            try dismiss(from: i, how: .button, discard: true)
            return
        }
        guard let picked else {
            throw bad(
                "$.action",
                "\(title(m.id)) has no activity \(choice.map(describe) ?? "(none named)"); its activities: \(names.joined(separator: ", ")), or “Close”"
            )
        }
        if let k = events.firstIndex(where: { $0.type == .tap }) { events[k].props["button"] = .string(picked) }
        dismissedBy = picked
        try dismiss(from: i, how: .button, discard: false)
        if let k = events.lastIndex(where: { $0.type == .dismiss }) {
            events[k].props["activity"] = .string(picked)
            events[k].target = picked
        }
    }

    func describe(_ c: ActionChoice) -> String {
        switch c {
        case .index(let n): return "at index \(n)"
        case .title(let t): return "“\(t)”"
        }
    }

    /// The action named by id, exact title, case-insensitive title, or declared index.
    func find(_ c: ActionChoice, in actions: [AlertAction]) -> AlertAction? {
        switch c {
        case .index(let n): return n >= 0 && n < actions.count ? actions[n] : nil
        case .title(let t):
            return actions.first { $0.id == t } ?? actions.first { $0.title == t }
                ?? actions.first { $0.title.lowercased() == t.lowercased() }
        }
    }

    /// Dismisses the alert or action sheet `stack[i]` (and anything above it), then runs the
    /// button's action in the presenter's context: UIKit calls a handler after the alert is gone.
    /// In a data-loss confirmation, a destructive button discards the dirty work; others save it.
    mutating func runAlertAction(_ a: AlertAction, of m: Modal, at i: Int, how: DismissHow) throws(Stop) {
        dismissedBy = a.id ?? a.title
        try dismiss(from: i, how: how, discard: a.role == .cancel)
        if let k = events.lastIndex(where: { $0.type == .dismiss }) {
            events[k].target = a.id ?? a.title
            events[k].props["action"] = .string(a.title)
            events[k].props["role"] = .string(a.role.rawValue)
        }
        guard let action = a.action else { return }
        let layer = count
        switch action {
        case .none:
            return
        case .dismiss:
            if layer > 0 { try dismiss(from: layer - 1, how: .button, discard: a.role == .destructive) }
        case .dismissAll:
            if layer > 0 { try dismiss(from: 0, how: .button, discard: a.role == .destructive) }
        case .present(let id):
            try present(id, trigger: .alertAction)
        case .push(let screen):
            try push(screen, layer: layer, target: a.id ?? a.title)
        case .pop:
            try pop(layer: layer, target: a.id ?? a.title)
        }
    }
}
