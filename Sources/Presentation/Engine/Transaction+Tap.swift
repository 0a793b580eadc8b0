import EventSchema
import JSON
import Prototype

extension Transaction {
    /// A tap on a control, or (with `choice`, or naming a system modal) on a button of an alert,
    /// action sheet or activity view.
    mutating func tap(_ target: String, choice: ActionChoice?) throws(Stop) {
        // A control may share its id with a modal (the docs/format.md's "compose"): naming a button means the modal.
        if let ref = model.modals[target], choice != nil || model.controls[target] == nil {
            try tapModalButton(ref.modal, choice: choice)
            return
        }
        if location(target) == nil, let item = model.prototype.menuElement(target) {
            throw refusal(
                .stackPresenterVisible,
                "“\(item.element.title)” is an item of the menu of “\(item.control)”, which is not open; open the menu first"
            )
        }
        guard let loc = location(target) else {
            let known = model.prototype.controlIDs + model.prototype.modals.map(\.id)
            throw bad("$.target", "no control or modal \"\(target)\"" + Suggest.hint(target, in: known))
        }
        guard let p = placement(loc) else {
            // Not presented at all, or presented on another of its screens.
            let whereIs =
                loc.modal.map { m in
                    s.stack.contains { $0.modal == m }
                        ? "in \(title(m)), which is not showing that screen" : "in \(title(m)), which is not presented"
                }
                ?? "on screen “\(loc.screen)”, which is not showing"
            throw refusal(
                .stackPresenterVisible,
                "“\(loc.control.displayName)” is \(whereIs); only visible controls can be tapped", modal: loc.modal)
        }
        if let b = blocker(of: p) {
            throw refusal(
                .stackPresenterVisible, coveredMessage(loc.control.displayName, by: b), modal: s.stack[b].modal)
        }
        if isUnderKeyboard(p) {
            throw refusal(
                .stackPresenterVisible,
                "“\(loc.control.displayName)” is covered by the keyboard; end editing first", modal: loc.modal)
        }
        if choice != nil {
            throw bad(
                "$.action",
                "\"action\" names a button of an alert, action sheet or activity view; \"\(target)\" is a control")
        }
        let control = loc.control
        if control.menu != nil && control.action == nil {
            // A pull-down button: the menu is its primary action (UIButton.showsMenuAsPrimaryAction).
            openMenu(p, context: false)
            return
        }
        guard let action = control.action else {
            if control.kind == .toggle {
                try edit(
                    target, .bool(!(currentValue(of: target, layer: p.layer)?.boolValue ?? control.isOn)), byTap: true)
            } else if loc.list != nil {
                try selectItem(p)
            }
            return
        }
        try perform(action, at: p)
    }

    func currentValue(of controlID: String, layer: Int) -> JSONValue? {
        layer == 0 ? s.appValues[controlID] : s.stack[layer - 1].values[controlID]
    }

    /// A list row without an action in a nonmodal popover: a single-selection popover closes on
    /// the choice; a multiple-selection one stays open and toggles the row (RULES
    /// popover.tap-outside-dismiss). That is the app's behaviour the HIG asks for, so it holds
    /// when the popover is adapted to a sheet too. Elsewhere a row without an action does nothing.
    mutating func selectItem(_ p: LayerPlacement) throws(Stop) {
        guard p.layer > 0 else { return }
        let i = p.layer - 1
        let e = s.stack[i]
        let m = modal(e)
        guard m.style == .popover, !m.isModalPopover else { return }
        let id = p.location.control.id
        switch m.selection {
        case .single:
            try dismiss(from: i, how: .button, discard: false)
            if let k = events.lastIndex(where: { $0.type == .dismiss }) {
                events[k].target = id
                events[k].props["selected"] = .string(id)
            }
        case .multiple:
            s.stack[i].values[id] = .bool(!(e.values[id]?.boolValue ?? false))
        case .none:
            return
        }
    }

    /// Runs a control's action. The control is in layer `p.layer`, and every layer above it
    /// lets the tap through (a popover's passthrough or bar, an undimmed sheet's background).
    mutating func perform(_ action: Action, at p: LayerPlacement) throws(Stop) {
        let control = p.location.control
        switch action {
        case .none:
            return
        case .present(let id):
            try presentFromControl(id, at: p)
        case .dismiss:
            // UIKit's `dismiss(animated:completion:)`: called on a controller that is presenting
            // another, it "dismisses its immediate child view controller and all view controllers
            // above that child" and the caller stays; called on a controller that presents
            // nothing, it asks its presenter to dismiss it. So a control on layer L dismisses
            // `stack[L]` and above when something is above it (a sheet's passthrough button under
            // its popover closes the popover, not the sheet), else its own layer; on the app's
            // screen, what the app presented.
            guard count > 0 else { return }
            try dismissRange(from: p.layer < count ? p.layer : p.layer - 1, control: control)
        case .dismissAll:
            guard count > 0 else { return }
            try dismissRange(from: 0, control: control)
        case .push(let screen):
            try push(screen, layer: p.layer, target: control.id)
        case .pop:
            try pop(layer: p.layer, target: control.id)
        }
    }

    /// A control asks to present `id`.
    ///
    /// From the top layer it is an ordinary presentation. From under the top (through a
    /// popover or beside an undimmed sheet) its presenter is already presenting, and UIKit
    /// refuses a presentation from a controller that is ("Attempt to present … which is already
    /// presenting …") unless it comes from the topmost one, so:
    /// - an alert is refused like any other presentation (`stack.present-from-top`): an alert may
    ///   cover anything (rule alert.over-anything) only when the top presents it;
    /// - the popover's own source closes it (a toggle, as a second tap on a bar button does);
    /// - a bar button that opens another popover closes this one and opens the other in the
    ///   same tap (rule popover.single-tap-switch);
    /// - anything else under a popover is `popover.no-modal-over` / `popover.one-at-a-time`
    ///   (or, with `--on-popover-conflict close-first`, closes the popover first);
    /// - from beside an undimmed sheet it is `stack.present-from-top`, unless it asks for the
    ///   sheet that is already up, which stays as it is (rule sheet.undimmed-nonmodal).
    mutating func presentFromControl(_ id: String, at p: LayerPlacement) throws(Stop) {
        guard let ref = model.modals[id] else { throw unknownModal(id) }
        let m = ref.modal
        let control = p.location.control
        if p.layer == count {
            try present(id, trigger: .user(control.id))
            return
        }
        let above = s.stack[p.layer]
        if m.style == .alert {
            throw refusal(
                .stackPresentFromTop,
                "the alert \(title(id)) can't be presented from behind the \(kind(above)) \(title(above.modal)), whose presenter is already presenting it; present the alert from the \(kind(above)), or dismiss the \(kind(above)) first",
                modal: id)
        }
        if above.resolution.form == .popover {
            if above.modal == id {
                try closePopover(at: p.layer, how: .tapOutside)
                return
            }
            let natural = Adaptation.resolve(m, in: env, targetOS: targetOS)
            if natural.form == .popover && p.location.isBarButton {
                note(
                    .popoverSingleTapSwitch,
                    "\(title(above.modal)) closed and \(title(id)) opened with a single tap", modal: id)
                try closePopover(at: p.layer, how: .tapOutside)
                try present(id, trigger: .user(control.id))
                return
            }
            try popoverConflict(popoverIndex: p.layer, presenting: m, natural: natural, trigger: .user(control.id))
            return
        }
        if above.modal == id {
            note(
                .sheetUndimmedNonmodal, "\(title(id)) is already up; the background asked for it again",
                modal: id)
            return
        }
        throw refusal(
            .stackPresentFromTop,
            "\(title(id)) can't be presented from behind the \(kind(above)) \(title(above.modal)), which is already presenting; present it from the sheet, or dismiss the sheet first",
            modal: id)
    }
}
