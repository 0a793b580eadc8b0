import Prototype

/// Where a control is drawn: its layer (0 = the app, i + 1 = `stack[i]`).
struct LayerPlacement {
    var layer: Int
    var location: ControlLocation
}

/// What a popover points at: a control, where it is and on which layer, and whether it is the
/// tapped control standing in for a declared source that isn't on screen.
struct PopoverTarget {
    var id: String
    var location: ControlLocation
    var layer: Int
    var fellBack: Bool
}

/// What hit-testing needs of a touch point: its layer, the control's id, and whether it is a
/// bar button (UIKit lets bar buttons through a popover pointing at that bar).
struct TouchPoint {
    var layer: Int
    var control: String
    var isBarButton: Bool
}

extension Transaction {
    /// Where a control is drawn now, or `nil` when it is on no visible screen.
    func placement(of controlID: String) -> LayerPlacement? {
        guard let loc = location(controlID) else { return nil }
        return placement(loc)
    }

    func placement(_ loc: ControlLocation) -> LayerPlacement? {
        if let modal = loc.modal {
            guard let i = s.index(of: modal), s.stack[i].screen == loc.screen else { return nil }
            return LayerPlacement(layer: i + 1, location: loc)
        }
        return loc.screen == s.screen ? LayerPlacement(layer: 0, location: loc) : nil
    }

    /// The index of the entry that keeps a person from touching `p`, or `nil` when it can be
    /// touched: it is in the top layer, or every layer above lets it through.
    func blocker(of p: LayerPlacement) -> Int? {
        blocker(of: TouchPoint(layer: p.layer, control: p.location.control.id, isBarButton: p.location.isBarButton))
    }

    func blocker(of p: TouchPoint) -> Int? {
        guard p.layer < count else { return nil }
        for i in p.layer..<count where !letsThrough(i, p) { return i }
        return nil
    }

    /// Whether `stack[i]` lets a tap reach `p` beneath it:
    /// - a nonmodal popover: its `passthrough` controls, and the bar buttons of the screen right
    ///   under it when it points at a bar button (UIKit adds that bar to the passthrough views;
    ///   ``PresentationState/passthrough(ofEntry:in:)`` lists the same controls for the view);
    /// - a card resting at or below its `largestUndimmedDetent` (rule sheet.undimmed-nonmodal);
    /// - a current-context presentation: it covers only its context's layer.
    func letsThrough(_ i: Int, _ p: TouchPoint) -> Bool {
        let e = s.stack[i]
        switch e.resolution.form {
        case .popover:
            let m = e.ref.modal
            // A modal popover (`"modal": true`, or a popover with `modalInPresentation`, which
            // the decoder folds into `isModalPopover`): only its buttons dismiss it.
            if m.isModalPopover { return false }
            if m.passthrough.contains(p.control) { return true }
            return i == p.layer && p.isBarButton && e.pointsAtBarButton { location($0) }
        case .card:
            return e.isUndimmed(in: env)
        case .context:
            guard let ownerLayer = contextLayer(of: i) else { return false }
            return ownerLayer != p.layer
        default:
            return false
        }
    }

    /// The layer whose context a current-context entry `stack[i]` covers (0 = the app), or `nil`
    /// when it covers the root (the whole window).
    func contextLayer(of i: Int) -> Int? {
        guard let owner = s.stack[i].contextOwner else { return nil }
        return layer(showing: owner, below: i)
    }

    /// The layer, below stack index `limit`, that is `id` (a modal) or shows it (a screen).
    func layer(showing id: String, below limit: Int) -> Int? {
        var k = limit - 1
        while k >= 0 {
            let e = s.stack[k]
            if e.modal == id || e.screen == id { return k + 1 }
            k -= 1
        }
        return s.screen == id ? 0 : nil
    }

    /// Whether entry `j` is drawn inside the popover `stack[p]`: a current-context presentation
    /// whose context is the popover, or is itself inside it (rule popover.card-inside-ok).
    func isInside(_ j: Int, popover p: Int, forms: [Form]? = nil) -> Bool {
        var k = j
        while k > p {
            guard (forms?[k] ?? s.stack[k].resolution.form) == .context, let l = contextLayer(of: k), l > 0 else {
                return false
            }
            if l - 1 == p { return true }
            k = l - 1
        }
        return false
    }

    func coveredMessage(_ name: String, by i: Int) -> String {
        let e = s.stack[i]
        return "“\(name)” is covered by the \(kind(e)) \(title(e.modal)); dismiss the \(kind(e)) first"
    }

    /// The index of the popover on the stack, if any (there is at most one).
    var popoverIndex: Int? { s.stack.firstIndex { $0.resolution.form == .popover } }
}

extension ControlLocation {
    /// A bar button: a navigation-bar or toolbar item (not content, not a list row).
    var isBarButton: Bool { !isInContent && list == nil }
}

extension StackEntry {
    /// Whether this popover points at a bar button: its laid-out source (or, before it is laid
    /// out, its declared one) is a navigation-bar or toolbar item. `location` finds a control.
    func pointsAtBarButton(_ location: (String) -> ControlLocation?) -> Bool {
        guard let src = popover?.source ?? ref.modal.source, let loc = location(src) else { return false }
        return loc.isBarButton
    }
}

extension PresentationState {
    /// The controls a tap reaches through the popover `stack[i]` (the hit-testing of
    /// `Transaction.letsThrough`, as a list for the view): its `passthrough` controls, and, when
    /// it points at a bar button, the bar buttons of the screen right under it (UIKit adds that
    /// bar itself). Empty for a modal popover, which lets nothing through, and for an entry not
    /// drawn as a popover.
    public func passthrough(ofEntry i: Int, in prototype: Prototype) -> [String] {
        let e = stack[i]
        let m = e.ref.modal
        guard e.resolution.form == .popover, !m.isModalPopover else { return [] }
        var ids = m.passthrough
        if e.pointsAtBarButton(prototype.control), let id = screen(ofLayer: i), let beneath = prototype.screen(id) {
            ids += (beneath.navigationBar?.leading ?? []).map(\.id) + (beneath.navigationBar?.trailing ?? []).map(\.id)
            ids += beneath.toolbar.map(\.id)
        }
        return ids
    }
}
