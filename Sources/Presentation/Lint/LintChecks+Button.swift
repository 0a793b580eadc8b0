import Foundation
import JSON
import Prototype

/// RULES.md §3.8: button titles in alerts, action sheets and modal navigation bars.
extension LintChecks {
    static func buttons(_ c: LintContext) {
        for (i, m) in c.prototype.modals.enumerated() {
            var titled: [(String, JSONPath)] = []
            if m.style == .alert || m.style == .actionSheet {
                for (j, a) in m.actions.enumerated() {
                    titled.append((a.title, c.path(i).appending("actions").appending(j).appending("title")))
                }
            } else if m.style.isCustom {
                for s in c.modalScreens[i] {
                    for ref in s.controls
                    where !ref.isListItem && ref.control.kind == .button
                        && (ref.placement == .leading || ref.placement == .trailing)
                    {
                        if let t = ref.control.title { titled.append((t, ref.path.appending("title"))) }
                    }
                }
            }
            for (raw, path) in titled {
                let title = judged(raw.trimmed)
                guard !title.isEmpty, !hasCJK(title) else { continue }
                if let last = title.last, ".!:".contains(last), !title.hasSuffix("...") {
                    c.report(
                        "button.title-case", path, "punct", ["modal": m.id, "title": c.q(title), "mark": String(last)])
                } else {
                    let bad = Capitalization.titleCaseViolations(title)
                    if !bad.isEmpty {
                        c.report(
                            "button.title-case", path, nil,
                            [
                                "modal": m.id, "title": c.q(title), "words": bad.joined(separator: ", "),
                                "suggestion": c.q(Capitalization.titleCased(title)),
                            ])
                    }
                }
                if !Lexicon.startsWithVerb(title) {
                    c.report("button.verb", path, nil, ["modal": m.id, "title": c.q(title)])
                }
            }
        }
    }
}
