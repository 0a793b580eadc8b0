import Foundation
import JSON
import Prototype

/// RULES.md §3.6: activity views (share sheets).
extension LintChecks {
    /// Titles of the system activities a custom one must not duplicate (RULES activity.no-duplicate-system).
    static let systemActivityTitles: Set<String> = [
        "print", "copy", "message", "messages", "mail", "email", "e-mail", "airdrop", "save image",
        "save to photos", "add to reading list", "assign to contact", "save to files", "open in safari",
        "打印", "拷贝", "复制", "信息", "邮件", "隔空投送", "存储图像", "添加到阅读列表", "指定给联系人", "存储到文件",
    ]

    static func activityViews(_ c: LintContext) {
        for (i, m) in c.prototype.modals.enumerated() where m.style == .activity {
            let mp = c.path(i)
            let id = m.id
            if m.source == nil && c.target.canBeRegularWidth {
                c.report("activity.anchor-required", mp, nil, ["modal": id])
            }
            for (k, a) in m.customActivities.enumerated() {
                let ap = mp.appending("customActivities").appending(k)
                if a.systemImage == nil, let s = a.imageSize {
                    let ok = (60...80).contains(s.width) && (60...80).contains(s.height) && abs(s.width - s.height) <= 1
                    if !ok {
                        c.report(
                            "activity.template-size", ap.appending("imageSize"), nil,
                            ["modal": id, "title": c.q(a.title), "size": "\(fmt(s.width))×\(fmt(s.height))"])
                    }
                }
                let fullTitle = a.title.trimmed
                let title = judged(fullTitle)
                let tp = ap.appending("title")
                if systemActivityTitles.contains(Lexicon.key(title)) {
                    c.report("activity.no-duplicate-system", tp, nil, ["modal": id, "title": c.q(title)])
                }
                let words = wordCount(title)
                let lines = lineCount(fullTitle, width: 76, size: 12, weight: .regular)
                let padded = " " + tokens(title).joined(separator: " ") + " "
                let named = c.productNames.first { name in
                    let n = tokens(name)
                    return !n.isEmpty && padded.contains(" " + n.joined(separator: " ") + " ")
                }
                if !hasCJK(title) && words > 3 {
                    c.report(
                        "activity.title-succinct", tp, "words",
                        ["modal": id, "title": c.q(title), "count": String(words)])
                } else if let named {
                    c.report(
                        "activity.title-succinct", tp, "name", ["modal": id, "title": c.q(title), "name": c.q(named)])
                } else if !Lexicon.startsWithVerb(title) {
                    c.report("activity.title-succinct", tp, "verb", ["modal": id, "title": c.q(title)])
                } else if lines > 2 {
                    c.report(
                        "activity.title-succinct", tp, "lines",
                        ["modal": id, "title": c.q(title), "lines": String(lines)])
                }
            }
            // activity.trigger-share-button
            if let presenters = c.presenters[id], !presenters.isEmpty {
                if let p = presenters.first(where: { !isShareLike(title: $0.title, systemImage: $0.systemImage) }) {
                    c.report(
                        "activity.trigger-share-button", p.path, nil,
                        ["modal": id, "title": c.q(p.title ?? p.systemImage ?? p.id ?? "")])
                }
            } else if let src = m.source, let loc = c.prototype.control(src),
                !isShareLike(title: loc.control.title, systemImage: loc.control.systemImage)
            {
                c.report(
                    "activity.trigger-share-button", mp.appending("source"), nil,
                    ["modal": id, "title": c.q(loc.control.title ?? loc.control.systemImage ?? src)])
            }
        }
    }

    /// The Share (Action) button: the `square.and.arrow.up` symbol, or a title starting with Share.
    static func isShareLike(title: String?, systemImage: String?) -> Bool {
        if let img = systemImage, img.hasPrefix("square.and.arrow.up") { return true }
        let t = Lexicon.key(title ?? "")
        return t.hasPrefix("share") || t.hasPrefix("分享") || t.hasPrefix("共享")
    }
}
