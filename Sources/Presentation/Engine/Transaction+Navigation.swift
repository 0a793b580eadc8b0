import EventSchema
import JSON
import Prototype

/// Push, pop and back inside the app and inside modals (a modal may hold its own screens for a
/// single-path flow, rule modal.single-path).
extension Transaction {
    /// A navigation change in the layer a popover was presented from (through the popover's
    /// passthrough or bar) closes the popover first: the screen it points into goes away.
    mutating func closePopoverAbove(_ layer: Int) throws(Stop) {
        if let pi = popoverIndex, pi == layer { try closePopover(at: pi, how: .tapOutside) }
    }

    /// Pushes `screen` onto the layer that owns it (the control's own layer when a control
    /// pushes; an alert's handler may push onto the app beneath a sheet). Inside a modal a push
    /// that breaks the single path — a screen with two forward destinations, a cycle, depth
    /// over 3 — happens with a `modal.single-path` warning.
    mutating func push(_ screen: String, layer requested: Int, target: String?) throws(Stop) {
        try checkTransition()
        let layer: Int
        switch model.prototype.owner(ofScreen: screen) {
        case .some(.none): layer = 0
        case .some(.some(let m)):
            guard let i = s.index(of: m) else { return }
            layer = i + 1
        case .none: layer = requested
        }
        try closePopoverAbove(layer)
        guard layer <= count, layer == 0 || !s.stack[layer - 1].screens.isEmpty else { return }
        var modal: String?
        if layer == 0 {
            s.appScreens.append(screen)
        } else {
            let i = layer - 1
            let from = s.stack[i].screen ?? ""
            let m = s.stack[i].modal
            modal = m
            if s.stack[i].screens.contains(screen) {
                note(
                    .modalSinglePath,
                    "“\(screen)” is already on the navigation path of \(title(m)); a cycle inside a modal makes it an app within the app",
                    modal: m)
            } else if (model.pushDestinations[from] ?? 0) >= 2 {
                note(
                    .modalSinglePath,
                    "“\(from)” in \(title(m)) leads to \(model.pushDestinations[from] ?? 0) screens; give a modal task a single path",
                    modal: m)
            } else if s.stack[i].screens.count > 3 {
                note(
                    .modalSinglePath,
                    "\(title(m)) is now \(s.stack[i].screens.count) screens deep; keep a modal task within 3 levels",
                    modal: m)
            }
            s.stack[i].screens.append(screen)
        }
        events.append(EngineEvent(type: .push, screen: screen, modal: modal, target: target))
        events.append(EngineEvent(type: .screenEnter, screen: screen, modal: modal))
    }

    /// Pops the top screen of `layer`; nothing happens at a root screen.
    mutating func pop(layer: Int, target: String?) throws(Stop) {
        guard layer <= count else { return }
        let depth = layer == 0 ? s.appScreens.count : s.stack[layer - 1].screens.count
        guard depth > 1 else { return }
        try checkTransition()
        try closePopoverAbove(layer)
        let from: String
        var modal: String?
        if layer == 0 {
            from = s.appScreens.removeLast()
        } else {
            from = s.stack[layer - 1].screens.removeLast()
            modal = s.stack[layer - 1].modal
        }
        let shown = s.screen(ofLayer: layer) ?? s.screen
        events.append(
            EngineEvent(type: .pop, screen: shown, modal: modal, target: target, props: ["from": .string(from)]))
        events.append(EngineEvent(type: .screenEnter, screen: shown, modal: modal))
    }

    /// The back button: the topmost layer that shows one (a pushed screen) pops, if a person can
    /// touch its navigation bar; a back button under a layer that covers it is refused
    /// (`stack.presenter-visible`). With no back button anywhere nothing happens.
    mutating func back() throws(Stop) {
        var layer = count
        while layer >= 0 {
            let depth = layer == 0 ? s.appScreens.count : s.stack[layer - 1].screens.count
            if depth > 1 {
                if let b = blocker(of: TouchPoint(layer: layer, control: "back", isBarButton: true)) {
                    throw refusal(.stackPresenterVisible, coveredMessage("Back", by: b), modal: s.stack[b].modal)
                }
                try pop(layer: layer, target: "back")
                return
            }
            layer -= 1
        }
    }
}
