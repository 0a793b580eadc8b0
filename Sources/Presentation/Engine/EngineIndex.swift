import Prototype

/// Lookups the engine needs on every action, computed once per prototype.
struct EngineIndex: Sendable {
    /// For each screen inside a modal: how many distinct screens its controls push
    /// (two or more breaks the single path of RULES modal.single-path).
    let pushDestinations: [String: Int]
    /// For each screen: its first Cancel control that has an action (Escape taps it).
    let cancelControl: [String: String]

    init(_ p: Prototype) {
        var dests: [String: Int] = [:]
        var cancels: [String: String] = [:]
        func visit(_ s: Screen, inModal: Bool) {
            var targets: Set<String> = []
            for c in s.allControls {
                if case .push(let t)? = c.action { targets.insert(t) }
                for item in c.items { if case .push(let t)? = item.action { targets.insert(t) } }
                if cancels[s.id] == nil, c.action != nil,
                    c.role == .cancel || c.title?.lowercased() == "cancel"
                {
                    cancels[s.id] = c.id
                }
            }
            if inModal { dests[s.id] = targets.count }
        }
        for s in p.screens { visit(s, inModal: false) }
        for m in p.modals where m.style.isCustom { for s in m.allScreens { visit(s, inModal: true) } }
        pushDestinations = dests
        cancelControl = cancels
    }
}
