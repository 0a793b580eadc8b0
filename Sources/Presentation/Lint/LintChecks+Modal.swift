import Foundation
import JSON
import Prototype

/// RULES.md §3.1: modal views in general (sheets, full screen, current context).
extension LintChecks {
    static func modalViews(_ c: LintContext) {
        let p = c.prototype
        let appAppearances = Set(p.screens.compactMap { $0.navigationBar.map { $0.appearance ?? "default" } })
        var byStyle: [PresentationStyle: [Int]] = [:]
        for (i, m) in p.modals.enumerated() {
            let mp = c.path(i)
            if m.style == .none {
                c.report("modal.style-none", mp.appending("style"), nil, ["modal": m.id])
            }
            if m.style == .alert {
                let members = [
                    ("navigationBar", m.navigationBar != nil), ("toolbar", !m.toolbar.isEmpty),
                    ("content", !m.content.isEmpty), ("screens", !m.screens.isEmpty),
                ]
                for (key, present) in members where present {
                    c.report("alert.fixed-appearance", mp.appending(key), nil, ["modal": m.id, "key": key])
                }
            }
            guard m.style.isCustom else { continue }
            let screens = c.modalScreens[i]
            let isView = m.style != .popover  // "modal views": sheets, full screen, current context

            // modal.dismiss-button-required: views, and modal popovers.
            if isView || m.isModalPopover {
                let exits = screens[0].controls.filter { !$0.isListItem && isExit($0.control) }
                if exits.isEmpty {
                    c.report("modal.dismiss-button-required", mp, nil, ["modal": m.id])
                } else if exits.allSatisfy({ isUnlabelledIconExit($0.control) }) {
                    c.report(
                        "modal.dismiss-button-required", exits[0].path, "unlabelled", ["modal": m.id])
                }
            }

            if isView {
                // modal.title
                let titled = !(m.title ?? "").trimmed.isEmpty
                let heading = m.content.first?.kind == .text
                if !titled && !heading && !tagged(m, "immersive") {
                    c.report("modal.title", mp, nil, ["modal": m.id])
                }
                // modal.appearance-consistent
                if let bar = m.navigationBar, !appAppearances.isEmpty {
                    let a = bar.appearance ?? "default"
                    if !appAppearances.contains(a) {
                        let where_ =
                            bar.appearance == nil
                            ? mp.appending("navigationBar") : mp.appending("navigationBar").appending("appearance")
                        c.report(
                            "modal.appearance-consistent", where_, nil,
                            ["modal": m.id, "appearance": a, "app": appAppearances.sorted().joined(separator: ", ")])
                    }
                }
                byStyle[m.style, default: []].append(i)
                // modal.style-fit
                if (m.style == .fullScreen || m.style == .overFullScreen) && tagged(m, "simple") {
                    c.report("modal.style-fit", taskPath(m, mp), "fullscreen", ["modal": m.id])
                } else if m.style.isSheet && (tagged(m, "immersive") || tagged(m, "multistep")) {
                    c.report(
                        "modal.style-fit", taskPath(m, mp), "sheet",
                        ["modal": m.id, "task": tagged(m, "immersive") ? "immersive" : "multistep"])
                }
                // modal.ipad-prefer-sheets
                if c.target.hasIPad && !m.style.isSheet && !tagged(m, "immersive") {
                    c.report(
                        "modal.ipad-prefer-sheets", mp.appending("style"), nil,
                        ["modal": m.id, "style": m.style.rawValue])
                }
                // modal.when-beneficial
                let all = screens.flatMap(\.controls)
                let staticOnly = all.allSatisfy { ref in
                    let k = ref.control.kind
                    return k == .text || k == .image || (k == .button && !ref.isListItem && isExit(ref.control))
                }
                if staticOnly && all.contains(where: { $0.control.kind == .text }) && m.screens.isEmpty
                    && !tagged(m, "critical") && !tagged(m, "immersive") && m.task == nil
                {
                    c.report("modal.when-beneficial", mp, nil, ["modal": m.id])
                }
                // currentcontext.declare-compact
                if m.style.isCurrentContext && m.compactAdaptation == nil && c.target.canBeCompactWidth {
                    c.report(
                        "currentcontext.declare-compact", mp, nil, ["modal": m.id, "style": m.style.rawValue])
                }
            }

            singlePath(c, m, i, screens)

            // modal.done-only-completes
            for s in screens {
                for ref in s.controls where ref.control.kind == .button && !ref.isListItem {
                    guard Lexicon.doneTitles.contains(Lexicon.key(ref.control.title ?? "")) else { continue }
                    let what: String?
                    switch ref.control.action {
                    case .push(let t)?: what = "push:\(t)"
                    case .present(let t)?: what = "present:\(t)"
                    case .pop?: what = "pop"
                    default: what = nil
                    }
                    if let what {
                        let parts = what.split(separator: ":", maxSplits: 1).map(String.init)
                        c.report(
                            "modal.done-only-completes", ref.path.appending("action"), parts[0],
                            ["modal": m.id, "target": parts.count > 1 ? parts[1] : ""])
                    }
                }
            }
        }
        // modal.transition-consistent: among custom modals of the same style.
        for (style, indices) in byStyle.sorted(by: { $0.value[0] < $1.value[0] }) where indices.count > 1 {
            let ts = indices.map { p.modals[$0].transition ?? .coverVertical }
            guard Set(ts).count > 1 else { continue }
            var counts: [TransitionStyle: Int] = [:]
            for t in ts { counts[t, default: 0] += 1 }
            let best = counts.values.max()!
            let majority = ts.first { counts[$0] == best }!
            for (k, i) in indices.enumerated() where ts[k] != majority {
                let m = p.modals[i]
                c.report(
                    "modal.transition-consistent", m.transition == nil ? c.path(i) : c.path(i).appending("transition"),
                    nil,
                    ["modal": m.id, "transition": ts[k].rawValue, "usual": majority.rawValue, "style": style.rawValue])
            }
        }
    }

    static func taskPath(_ m: Modal, _ mp: JSONPath) -> JSONPath {
        m.task != nil ? mp.appending("task") : mp.appending("tags")
    }

    /// modal.single-path: within a modal's own screens, no screen with two forward destinations,
    /// no cycle, depth (pushes from the first screen) at most 3.
    static func singlePath(_ c: LintContext, _ m: Modal, _ i: Int, _ screens: [ScreenRef]) {
        guard !m.screens.isEmpty else { return }
        let ids = screens.map(\.screen.id)
        let index = Dictionary(ids.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        var edges: [[Int]] = []
        for s in screens {
            var dests: [Int] = []
            for ref in s.controls {
                if case .push(let t)? = ref.control.action, let d = index[t], !dests.contains(d) { dests.append(d) }
            }
            edges.append(dests)
        }
        let mp = c.path(i)
        if let k = edges.firstIndex(where: { $0.count >= 2 }) {
            c.report(
                "modal.single-path", screens[k].path, "branch",
                ["modal": m.id, "screen": ids[k], "count": String(edges[k].count)])
        }
        // Cycles and depth, by depth-first search from the root (then from unvisited screens).
        var state = [Int](repeating: 0, count: screens.count)  // 0 new, 1 on stack, 2 done
        var cycleAt: Int? = nil
        func visit(_ n: Int) {
            state[n] = 1
            for d in edges[n] {
                if state[d] == 1 {
                    if cycleAt == nil { cycleAt = n }
                } else if state[d] == 0 {
                    visit(d)
                }
            }
            state[n] = 2
        }
        for n in screens.indices where state[n] == 0 { visit(n) }
        if let n = cycleAt {
            c.report("modal.single-path", screens[n].path, "cycle", ["modal": m.id, "screen": ids[n]])
            return
        }
        var memo = [Int?](repeating: nil, count: screens.count)
        func depth(_ n: Int) -> Int {
            if let d = memo[n] { return d }
            let d = edges[n].map { depth($0) + 1 }.max() ?? 0
            memo[n] = d
            return d
        }
        let d = depth(0)
        if d > 3 {
            c.report("modal.single-path", mp, "deep", ["modal": m.id, "depth": String(d)])
        }
    }
}
