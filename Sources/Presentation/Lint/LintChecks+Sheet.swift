import JSON
import Prototype

/// RULES.md §3.2: sheets (card, page, form, detents).
extension LintChecks {
    static func sheets(_ c: LintContext) {
        for (i, m) in c.prototype.modals.enumerated() where m.style.isSheet || m.style == .popover {
            let mp = c.path(i)
            if m.style.isSheet && m.modalInPresentation {
                c.report("sheet.swipe-supported", mp.appending("modalInPresentation"), nil, ["modal": m.id])
            }
            detents(c, m, mp)
            if m.style.isSheet {
                doneAlternative(c, m, i)
                buttonPlacement(c, m, i)
                // Compose-type (a text area) and the medium detent without large: it can't grow to full height.
                if c.target.hasIPhone, let d = m.detents, d.contains(.medium), !d.contains(.large),
                    c.modalScreens[i].contains(where: { s in s.controls.contains { $0.control.kind == .textArea } })
                {
                    c.report("sheet.medium-for-iphone", mp.appending("detents"), nil, ["modal": m.id])
                }
            }
        }
    }

    static func detents(_ c: LintContext, _ m: Modal, _ mp: JSONPath) {
        let dp = mp.appending("detents")
        if let d = m.detents, d.isEmpty {
            c.report("sheet.detents-nonempty", dp, nil, ["modal": m.id])
        }
        let declared = m.detents ?? [.large]
        // sheet.detents-order: out of order in every declared device (portrait container).
        if declared.count > 1 {
            let windows = c.target.fullScreenWindows.filter { $0.orientation == .portrait }
            let wrong =
                !windows.isEmpty
                && windows.allSatisfy { e in
                    let container = e.windowSize.height - e.safeArea.top
                    let h = declared.map { $0.height(in: container) }
                    return zip(h, h.dropFirst()).contains { $1 < $0 - 0.5 }
                }
            if wrong {
                c.report(
                    "sheet.detents-order", dp, nil,
                    ["modal": m.id, "detents": declared.map(\.id).joined(separator: ", ")])
            }
        }
        // sheet.detent-ids
        var seen: Set<String> = []
        for (k, d) in declared.enumerated() {
            guard case .custom(let id, _) = d else { continue }
            if seen.contains(id) || id == "medium" || id == "large" {
                c.report(
                    "sheet.detent-ids", dp.appending(k).appending("id"), "duplicate", ["modal": m.id, "id": id])
            }
            seen.insert(id)
        }
        let ids = Set(declared.map(\.id))
        for (key, value) in [("selectedDetent", m.selectedDetent), ("largestUndimmedDetent", m.largestUndimmedDetent)] {
            if let v = value, !ids.contains(v) {
                c.report(
                    "sheet.detent-ids", mp.appending(key), "unknown",
                    ["modal": m.id, "key": key, "id": v, "ids": declared.map(\.id).joined(separator: ", ")])
            }
        }
        // sheet.grabber-when-resizable (UIKit's prefersGrabberVisible defaults to false).
        if declared.count >= 2 && m.grabber != true {
            c.report(
                "sheet.grabber-when-resizable", m.grabber == nil ? dp : mp.appending("grabber"), nil,
                ["modal": m.id, "count": String(declared.count)])
        }
    }

    /// sheet.done-needs-alternative: Done pairs with Cancel or Back, and the three never appear together.
    static func doneAlternative(_ c: LintContext, _ m: Modal, _ i: Int) {
        for s in c.modalScreens[i] {
            let buttons = s.controls.filter { !$0.isListItem }
            guard buttons.contains(where: { isDone($0.control) }) else { continue }
            let cancel = buttons.contains { isCancel($0.control) }
            let implicitBack = !s.isRoot && (s.screen.navigationBar?.leading ?? []).isEmpty
            let back = implicitBack || buttons.contains { isBack($0.control) }
            if !cancel && !back {
                c.report("sheet.done-needs-alternative", s.path, "alone", ["modal": m.id, "screen": s.screen.id])
            } else if cancel && back {
                c.report("sheet.done-needs-alternative", s.path, "three", ["modal": m.id, "screen": s.screen.id])
            }
        }
    }

    /// sheet.button-placement: in a single-view sheet, Cancel leads the top bar and Done trails it.
    static func buttonPlacement(_ c: LintContext, _ m: Modal, _ i: Int) {
        guard m.screens.isEmpty, let root = c.modalScreens[i].first else { return }
        for ref in root.controls where !ref.isListItem {
            if isCancel(ref.control) && ref.placement != .leading {
                c.report(
                    "sheet.button-placement", ref.path, "cancel",
                    ["modal": m.id, "title": c.q(ref.control.title ?? "Cancel")])
            } else if isDone(ref.control) && !isCancel(ref.control) && ref.placement != .trailing {
                c.report(
                    "sheet.button-placement", ref.path, "done",
                    ["modal": m.id, "title": c.q(ref.control.title ?? "Done")])
            }
        }
    }
}
