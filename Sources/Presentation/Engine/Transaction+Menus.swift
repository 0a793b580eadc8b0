import EventSchema
import JSON
import Prototype

/// Menus (``OpenMenu``): a tap on a button with a `menu` (and no `action`) opens its pull-down
/// menu; a long press opens a control's context menu (or the pull-down menu of a button whose tap
/// runs its action, as `UIButton` shows its menu on a long press unless
/// `showsMenuAsPrimaryAction`). While a menu is open, it takes the next touch: choosing an item
/// closes it and runs the item's action; a submenu opens in its place; anything else dismisses
/// it and does nothing more (rule menu.dismiss). Events: `menu_open`, `menu_select`,
/// `menu_dismiss`.
extension Transaction {
    /// A long press on control `target`: its context menu, else its pull-down menu; nothing for a
    /// control without a menu. Refused like a tap when the control is not visible or covered.
    mutating func longPress(_ target: String) throws(Stop) {
        guard let loc = location(target) else {
            let known = model.prototype.controlIDs
            throw bad("$.target", "no control \"\(target)\"" + Suggest.hint(target, in: known))
        }
        guard let p = placement(loc) else {
            throw refusal(
                .stackPresenterVisible,
                "“\(loc.control.displayName)” is not on a screen that is showing; only visible controls can be pressed",
                modal: loc.modal)
        }
        if let b = blocker(of: p) {
            throw refusal(
                .stackPresenterVisible, coveredMessage(loc.control.displayName, by: b), modal: s.stack[b].modal)
        }
        if loc.control.contextMenu != nil {
            openMenu(p, context: true)
        } else if loc.control.menu != nil {
            openMenu(p, context: false)
        }
    }

    /// Opens the menu of the control at `p`.
    mutating func openMenu(_ p: LayerPlacement, context: Bool) {
        let menu = OpenMenu(control: p.location.control.id, isContext: context, layer: p.layer)
        s.menu = menu
        events.append(
            EngineEvent(
                type: .menuOpen, screen: p.location.screen, modal: p.location.modal, target: menu.control,
                props: ["kind": .string(menu.kind)]))
    }

    /// Closes the open menu without a choice, saying how (`props.how` of its `menu_dismiss`).
    mutating func dismissMenu(how: MenuDismissHow) {
        guard let open = s.menu else { return }
        s.menu = nil
        events.append(
            EngineEvent(
                type: .menuDismiss, screen: s.screen, modal: location(open.control)?.modal, target: open.control,
                props: ["how": .string(how.rawValue), "kind": .string(open.kind)]))
    }

    /// A tap while a menu is open: one of its items (choose it, or open its submenu), the open
    /// submenu's header (back one level), or anything else (the menu closes; nothing more).
    mutating func tapWithMenuOpen(_ target: String) throws(Stop) {
        guard let open = s.menu, let owner = location(open.control),
            let menu = owner.control.menu(context: open.isContext), let items = menu.items(after: open.submenus)
        else {
            dismissMenu(how: .tapOutside)
            return
        }
        if open.submenus.last == target {
            s.menu?.submenus.removeLast()
            events.append(
                EngineEvent(
                    type: .menuOpen, screen: owner.screen, modal: owner.modal, target: open.control,
                    props: ["kind": .string(open.kind), "submenu": .string(s.menu?.submenus.last)]))
            return
        }
        guard let element = items.first(where: { $0.id == target }) else {
            dismissMenu(how: .tapOutside)
            return
        }
        if element.isSubmenu {
            s.menu?.submenus.append(element.id)
            events.append(
                EngineEvent(
                    type: .menuOpen, screen: owner.screen, modal: owner.modal, target: open.control,
                    props: ["kind": .string(open.kind), "submenu": .string(element.id)]))
            return
        }
        // Its checkmark: in a single-selection menu it moves to the choice; a checkable item
        // toggles.
        var checked: Bool?
        if menu.singleSelection {
            for sibling in items where !sibling.isSubmenu { setMenuValue(sibling.id, false, layer: open.layer) }
            checked = true
        } else if element.checked != nil {
            checked = !isChecked(element, layer: open.layer)
        }
        if let checked { setMenuValue(element.id, checked, layer: open.layer) }
        s.menu = nil
        var props: JSONObject = ["control": .string(open.control), "kind": .string(open.kind)]
        if let checked { props["checked"] = .bool(checked) }
        if element.role == .destructive { props["destructive"] = true }
        events.append(
            EngineEvent(type: .menuSelect, screen: owner.screen, modal: owner.modal, target: element.id, props: props))
        // The item's action runs as the control's would (a presentation anchors to the control:
        // UIMenuElement.presentationSourceItem).
        if let action = element.action, let p = placement(owner) {
            try perform(action, at: p)
        }
    }

    /// Whether a menu item shows its checkmark: as chosen, else as declared.
    func isChecked(_ e: MenuElement, layer: Int) -> Bool {
        currentValue(of: e.id, layer: layer)?.boolValue ?? e.checked ?? false
    }

    /// Records a menu item's checkmark with the values of its control's layer.
    mutating func setMenuValue(_ id: String, _ on: Bool, layer: Int) {
        if layer == 0 {
            s.appValues[id] = .bool(on)
        } else if layer - 1 < s.stack.count {
            s.stack[layer - 1].values[id] = .bool(on)
        }
    }
}
