import Foundation
import JSON
import Prototype

/// RULES.md §3.3: popovers.
extension LintChecks {
    static func popovers(_ c: LintContext) {
        let t = c.target
        for (i, m) in c.prototype.modals.enumerated() where m.style == .popover {
            let mp = c.path(i)
            let forced = m.adaptivePresentationStyle == "none"
            let screens = c.modalScreens[i]
            let root = screens[0].controls.filter { !$0.isListItem }
            let exits = root.filter { isExit($0.control) }
            let editable = screens.contains { s in s.controls.contains { isEditable($0.control) } }

            if m.source == nil && (t.canBeRegularWidth || forced) {
                c.report("popover.anchor-required", mp, nil, ["modal": m.id])
            }
            if forced && t.canBeCompactWidth {
                c.report("popover.avoid-compact", mp.appending("adaptivePresentationStyle"), nil, ["modal": m.id])
            }
            if !forced && t.canBeCompactWidth && exits.isEmpty {
                let legacy = c.prototype.targetOS <= 12
                c.report(
                    "popover.compact-dismiss-button", mp, legacy ? "legacy" : nil, ["modal": m.id],
                    severity: legacy ? .error : .warning)
            }
            if m.isModalPopover && exits.isEmpty {
                c.report("popover.modal-needs-button", mp, nil, ["modal": m.id])
            }
            if !m.isModalPopover && m.onTapOutside == .discard && editable {
                c.report("popover.save-on-auto-dismiss", mp.appending("onTapOutside"), nil, ["modal": m.id])
            }
            // A Close button is needed where the popover adapts to a sheet (popover.compact-dismiss-button),
            // so the hint is only for popovers that are never adapted.
            if !m.isModalPopover && !editable && (forced || !t.canBeCompactWidth), let e = exits.first {
                c.report(
                    "popover.close-button-purpose", e.path, nil,
                    ["modal": m.id, "title": c.q(e.control.title ?? e.control.accessibilityLabel ?? e.control.id)])
            }
            if let size = m.preferredContentSize {
                for e in t.popoverWindows {
                    let w = e.windowSize
                    if size.width >= 0.9 * w.width || size.height >= 0.9 * w.height {
                        c.report(
                            "popover.not-fullscreen-size", mp.appending("preferredContentSize"), nil,
                            [
                                "modal": m.id, "size": "\(fmt(size.width))×\(fmt(size.height))",
                                "window": "\(fmt(w.width))×\(fmt(w.height))", "device": c.label(e),
                            ])
                        break
                    }
                }
            }
            for s in screens {
                for ref in s.controls where ref.control.kind == .text {
                    if let tone = ref.control.tone, tone == "warning" || tone == "error" {
                        c.report("popover.no-warnings", ref.path.appending("role"), nil, ["modal": m.id, "tone": tone])
                    }
                }
            }
            if m.permittedArrowDirections.isEmpty {
                c.report("popover.looks-like-popover", mp.appending("permittedArrowDirections"), nil, ["modal": m.id])
            }
        }
    }

    /// A number of points without a trailing ".0".
    static func fmt(_ x: Double) -> String {
        x == x.rounded() ? String(Int(x)) : String(format: "%.1f", x)
    }
}
