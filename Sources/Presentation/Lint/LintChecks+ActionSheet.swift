import Foundation
import JSON
import Prototype

/// RULES.md §3.5: action sheets. Geometry from §7: compact sheets are the window width less
/// 2 × 8 pt, rows 57 pt, Cancel in its own group 8 pt below; the header text is 13 pt, in a box
/// 32 pt narrower than the sheet; in a popover (wR) the sheet is 304 pt wide.
extension LintChecks {
    static func actionSheets(_ c: LintContext) {
        for (i, m) in c.prototype.modals.enumerated() where m.style == .actionSheet {
            actionSheet(c, m, c.path(i))
        }
    }

    static func actionSheet(_ c: LintContext, _ m: Modal, _ mp: JSONPath) {
        let id = m.id
        let ap = mp.appending("actions")
        let actions = m.actions
        let n = actions.count
        let cancels = actions.indices.filter { actions[$0].role == .cancel }
        let hasDestructive = actions.contains { $0.role == .destructive }
        let title = (m.title ?? "").trimmed
        let message = (m.message ?? "").trimmed
        let judgedTitle = judged(title)
        let judgedMessage = judged(message)

        if m.source == nil && c.target.canBeRegularWidth {
            c.report("actionsheet.anchor-required", mp, nil, ["modal": id])
        }
        if !m.textFields.isEmpty {
            c.report("actionsheet.no-textfield", mp.appending("textFields"), nil, ["modal": id])
        }
        if cancels.count > 1 {
            c.report(
                "actionsheet.one-cancel", ap.appending(cancels[1]).appending("role"), nil,
                ["modal": id, "count": String(cancels.count)])
        }
        if let j = cancels.first, j != n - 1 {
            c.report("actionsheet.cancel-bottom", ap.appending(j), nil, ["modal": id, "title": c.q(actions[j].title)])
        }
        if cancels.isEmpty {
            c.report(
                "actionsheet.cancel-when-destructive", ap, hasDestructive ? nil : "info", ["modal": id],
                severity: hasDestructive ? .warning : .info)
        }
        for (j, a) in actions.enumerated() where a.role == .destructive {
            if actions[..<j].contains(where: { $0.role == .default }) {
                c.report("actionsheet.destructive-top", ap.appending(j), nil, ["modal": id, "title": c.q(a.title)])
                break
            }
        }
        for (j, a) in actions.enumerated() where a.role == .default {
            if let verb = Lexicon.destructiveVerb(a.title) {
                c.report(
                    "actionsheet.destructive-style", ap.appending(j), nil,
                    ["modal": id, "title": c.q(a.title), "verb": verb])
            }
        }
        if n < 2 {
            c.report("actionsheet.min-choices", ap, nil, ["modal": id, "count": String(n)])
        }
        if !message.isEmpty && !title.isEmpty, let o = overlap(title: judgedTitle, message: judgedMessage), o >= 0.8 {
            c.report("actionsheet.message-if-necessary", mp.appending("message"), nil, ["modal": id])
        }
        if c.presenters[id] != nil && !hasDestructive && !c.confirmDiscardTargets.contains(id) && message.isEmpty {
            c.report("actionsheet.not-menu", mp, nil, ["modal": id])
        }
        _ = preferredActionIndex(c, m, mp)

        // Where the sheet is drawn: bottom sheets in wC windows, a 304 pt popover in wR.
        let compact = c.target.compactWidthWindows.sorted {
            ($0.windowSize.height, $0.windowSize.width) < ($1.windowSize.height, $1.windowSize.width)
        }
        var textWidth = c.target.canBeRegularWidth ? 304.0 - 32 : .infinity
        for e in compact { textWidth = min(textWidth, e.windowSize.width - 16 - 32) }
        if !textWidth.isFinite { textWidth = 375 - 16 - 32 }
        let tl = lineCount(title, width: textWidth, size: 13, weight: .semibold)
        if tl > 1 {
            c.report(
                "actionsheet.title-one-line", mp.appending("title"), nil, ["modal": id, "lines": String(tl)])
        }
        // actionsheet.no-scroll: 10 + header + n·57 + 8 + 57 + bottom safe area ≤ height − top safe area.
        let rows = actions.count - cancels.count
        var measured: [Double: (Int, Int)] = [:]  // text width → title and message lines
        for e in compact {
            let w = e.windowSize.width - 16 - 32
            let (t, ml) =
                measured[w]
                ?? (
                    lineCount(title, width: w, size: 13, weight: .semibold),
                    lineCount(message, width: w, size: 13, weight: .regular)
                )
            measured[w] = (t, ml)
            let header = t + ml == 0 ? 0 : 26 + 18 * Double(t + ml)
            let cancelGroup = cancels.isEmpty ? 0.0 : 8 + 57
            let height = 10 + header + 57 * Double(rows) + cancelGroup + e.safeArea.bottom
            let usable = e.windowSize.height - e.safeArea.top
            if height > usable {
                c.report(
                    "actionsheet.no-scroll", ap, nil,
                    ["modal": id, "height": fmt(height), "usable": fmt(usable), "device": c.label(e)])
                break
            }
        }
    }
}
