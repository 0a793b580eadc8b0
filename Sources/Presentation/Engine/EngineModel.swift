import Prototype

/// A modal's definition, shared by reference: `Prototype.modal(_:)` returns a copy of the whole
/// struct (two dozen reference-counted fields), which dominated the engine's profile.
final class ModalRef: Sendable, Equatable {
    let modal: Modal
    init(_ modal: Modal) { self.modal = modal }
    static func == (a: ModalRef, b: ModalRef) -> Bool { a === b || a.modal.id == b.modal.id }
}

/// A control and where it is, shared by reference (for the same reason as ``ModalRef``).
final class ControlEntry: Sendable {
    let location: ControlLocation
    init(_ location: ControlLocation) { self.location = location }
}

/// The prototype and the lookups the engine needs on every action, computed once per
/// prototype and shared by reference: a transaction holds one reference instead of copying the
/// prototype's many fields.
final class EngineModel: Sendable {
    /// The prototype being run.
    let prototype: Prototype
    /// Every modal by id.
    let modals: [String: ModalRef]
    /// Every control and list row by id.
    let controls: [String: ControlEntry]
    /// For each screen inside a modal: how many distinct screens its controls push
    /// (two or more breaks the single path of rule modal.single-path).
    let pushDestinations: [String: Int]
    /// For each screen: its first Cancel control that has an action (Escape taps it).
    let cancelControl: [String: String]

    init(_ p: Prototype) {
        prototype = p
        var dests: [String: Int] = [:]
        var cancels: [String: String] = [:]
        func visit(_ s: Screen, inModal: Bool) {
            var targets: Set<String> = []
            for c in s.allControls {
                if case .push(let t)? = c.action { targets.insert(t) }
                for item in c.items { if case .push(let t)? = item.action { targets.insert(t) } }
                if cancels[s.id] == nil, c.action != nil, c.isCancelControl { cancels[s.id] = c.id }
            }
            if inModal { dests[s.id] = targets.count }
        }
        for s in p.screens { visit(s, inModal: false) }
        for m in p.modals where m.style.isCustom { for s in m.allScreens { visit(s, inModal: true) } }
        pushDestinations = dests
        cancelControl = cancels
        var refs: [String: ModalRef] = [:]
        for m in p.modals where refs[m.id] == nil { refs[m.id] = ModalRef(m) }
        modals = refs
        var controls: [String: ControlEntry] = [:]
        for id in p.controlIDs { if let loc = p.control(id) { controls[id] = ControlEntry(loc) } }
        self.controls = controls
    }
}

extension Control {
    /// A Cancel control, to the engine: role `cancel`, or titled Cancel. Escape taps it, and
    /// over dirty work it asks first (rule modal.data-loss-confirm).
    var isCancelControl: Bool { role == .cancel || title?.lowercased() == "cancel" }
}
