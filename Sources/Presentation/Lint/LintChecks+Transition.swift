import Foundation
import JSON
import Prototype

/// RULES.md §3.7 (and §6): transitions.
extension LintChecks {
    static func transitions(_ c: LintContext) {
        let p = c.prototype
        for (i, m) in p.modals.enumerated() where m.style.isCustom {
            guard let t = m.transition, t != .coverVertical else { continue }
            let mp = c.path(i)
            let tp = mp.appending("transition")
            let id = m.id
            let presenters = c.presenters[id] ?? []
            if t == .partialCurl {
                if m.style != .fullScreen {
                    c.report(
                        "transition.partialcurl-fullscreen-only", tp, "style", ["modal": id, "style": m.style.rawValue])
                } else if let bad = presenters.first(where: { pr in
                    pr.modalIndex.map { p.modals[$0].style != .fullScreen } ?? false
                }) {
                    let owner = p.modals[bad.modalIndex!]
                    c.report(
                        "transition.partialcurl-fullscreen-only", tp, "presenter",
                        ["modal": id, "presenter": owner.id, "style": owner.style.rawValue])
                }
            }
            if m.style.isCurrentContext && insidePopover(c, m, presenters) {
                c.report(
                    "transition.popover-context-cover-vertical", tp, nil, ["modal": id, "transition": t.rawValue])
            }
            if m.style.isSheet && (t == .flipHorizontal || t == .crossDissolve) {
                c.report(
                    "transition.sheet-cover-vertical", tp, nil,
                    ["modal": id, "transition": t.rawValue, "style": m.style.rawValue])
            }
            if (m.rationale ?? "").trimmed.isEmpty {
                c.report("transition.non-default-justified", tp, nil, ["modal": id, "transition": t.rawValue])
            }
        }
    }

    /// Whether a current-context presentation happens inside a popover: its `context` is a popover
    /// or a screen of one, or (with no `context`) it is presented from inside a popover.
    static func insidePopover(_ c: LintContext, _ m: Modal, _ presenters: [PresenterRef]) -> Bool {
        let p = c.prototype
        if let ctx = m.context {
            if let owner = p.modal(ctx) { return owner.style == .popover }
            if case let owner?? = p.owner(ofScreen: ctx), let om = p.modal(owner) { return om.style == .popover }
            return false
        }
        return presenters.contains { pr in pr.modalIndex.map { p.modals[$0].style == .popover } ?? false }
    }
}
