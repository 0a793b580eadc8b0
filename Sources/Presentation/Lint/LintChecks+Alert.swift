import Foundation
import JSON
import Prototype

/// RULES.md §3.4: alerts. Geometry and text measures from §7: a 230 pt text box, the title in
/// 17 pt Semibold, the message in 13 pt Regular, buttons in 17 pt (Cancel or preferred Semibold).
extension LintChecks {
    static let alertTextWidth = 230.0

    static func alerts(_ c: LintContext) {
        for (i, m) in c.prototype.modals.enumerated() where m.style == .alert {
            alert(c, m, c.path(i))
        }
    }

    static func alert(_ c: LintContext, _ m: Modal, _ mp: JSONPath) {
        let ap = mp.appending("actions")
        let actions = m.actions
        let n = actions.count
        let fullTitle = (m.title ?? "").trimmed
        let fullMessage = (m.message ?? "").trimmed
        let tp = mp.appending("title")
        let msgp = mp.appending("message")
        let id = m.id

        // Measured and tokenized once; several rules read them. The length rules measure the
        // whole text; the others read its first ``judgedLength`` characters.
        let titleLines = lineCount(fullTitle, width: alertTextWidth, size: 17, weight: .semibold)
        let messageLines = lineCount(fullMessage, width: alertTextWidth, size: 13, weight: .regular)
        let title = judged(fullTitle)
        let message = judged(fullMessage)
        let titleTokens = tokens(title)
        let messageTokens = tokens(message)
        if title.isEmpty {
            c.report("alert.title-required", m.title == nil ? mp : tp, nil, ["modal": id])
        } else {
            titleChecks(c, m, title, lines: titleLines, tp)
        }
        if !message.isEmpty {
            messageChecks(
                c, m, title: title, message: message, lines: messageLines,
                overlap: overlap(titleTokens: titleTokens, messageTokens: messageTokens), msgp)
        }
        wording(c, m, texts: [(title, titleTokens, tp), (message, messageTokens, msgp)])

        // alert.button-count: 1 info, 2 nothing, 3 warning, 4+ error (RULES C4).
        if n == 1 {
            c.report("alert.button-count", ap, "one", ["modal": id, "count": "1"], severity: .info)
        } else if n == 3 {
            c.report("alert.button-count", ap, nil, ["modal": id, "count": "3"], severity: .warning)
        } else if n >= 4 {
            c.report("alert.button-count", ap, "many", ["modal": id, "count": String(n)], severity: .error)
        }

        let cancels = actions.indices.filter { actions[$0].role == .cancel }
        let nonCancel = actions.filter { $0.role != .cancel }
        let hasDestructive = actions.contains { $0.role == .destructive }

        // alert.one-cancel
        if cancels.count > 1 {
            c.report(
                "alert.one-cancel", ap.appending(cancels[1]).appending("role"), nil,
                ["modal": id, "count": String(cancels.count)])
        }
        // alert.cancel-label
        for j in cancels where !Lexicon.cancelTitles.contains(Lexicon.key(actions[j].title)) {
            c.report(
                "alert.cancel-label", ap.appending(j).appending("title"), nil,
                ["modal": id, "title": c.q(actions[j].title)])
        }
        // alert.cancel-left (RULES C1: Cancel leading, the likely action trailing).
        var styleFlagged = false
        for (j, a) in actions.enumerated()
        where a.role != .cancel && Lexicon.cancelTitles.contains(Lexicon.key(a.title)) {
            c.report("alert.cancel-left", ap.appending(j), "style", ["modal": id, "title": c.q(a.title)])
            styleFlagged = true
        }
        if n == 2 && !styleFlagged {
            let leadingIsLikely =
                (actions[1].role == .cancel && actions[0].role != .cancel)
                || (actions[0].preferred && !actions[1].preferred && actions[0].role != .cancel)
            if leadingIsLikely {
                c.report(
                    "alert.cancel-left", ap, "order", ["modal": id, "title": c.q(actions[0].title)])
            }
        }
        // alert.destructive-cancel
        if hasDestructive && cancels.isEmpty {
            c.report("alert.destructive-cancel", ap, nil, ["modal": id])
        }
        // alert.destructive-style (RULES C3: exempt when the alert confirms a deliberate choice).
        if !m.confirmsDeliberateAction {
            for (j, a) in actions.enumerated() where a.role == .default {
                if let verb = Lexicon.destructiveVerb(a.title) {
                    c.report(
                        "alert.destructive-style", ap.appending(j), nil,
                        ["modal": id, "title": c.q(a.title), "verb": verb])
                }
            }
        }
        // alert.preferred-action-member and alert.default-button (RULES C2).
        let preferred = preferredActionIndex(c, m, mp)
        if let j = preferred, actions[j].role == .destructive {
            let at = actions[j].preferred ? ap.appending(j).appending("preferred") : mp.appending("preferredAction")
            c.report("alert.default-button", at, nil, ["modal": id, "title": c.q(actions[j].title)])
        }
        // Button titles. Two buttons sit side by side when both fit 110 pt; otherwise they stack
        // (alert.button-layout) and a title may take the stacked button's 230 pt. Measured as
        // the player draws them (``AlertButtons``): the bold one in Semibold.
        let widths = AlertButtons.titleWidths(m)
        let sideBySide = AlertButtons.sideBySide(m)
        for (j, a) in actions.enumerated() {
            let t = judged(a.title.trimmed)
            let k = Lexicon.key(t)
            if Lexicon.yesNoTitles.contains(k) {
                c.report("alert.avoid-yes-no", ap.appending(j).appending("title"), nil, ["modal": id, "title": c.q(t)])
            }
            let w = widths[j]
            if !hasCJK(t) && wordCount(t) > 2 {
                c.report(
                    "alert.button-title-words", ap.appending(j).appending("title"), "words",
                    ["modal": id, "title": c.q(t), "count": String(wordCount(t))])
            } else if w > alertTextWidth {
                c.report(
                    "alert.button-title-words", ap.appending(j).appending("title"), "wide",
                    ["modal": id, "title": c.q(t), "width": fmt(w.rounded())])
            }
        }
        // alert.ok-informational-only
        if let j = actions.firstIndex(where: { Lexicon.okTitles.contains(Lexicon.key($0.title)) }) {
            let confirmation = preferred == j && !cancels.isEmpty
            if nonCancel.count >= 2 || hasDestructive || !m.textFields.isEmpty || confirmation {
                c.report(
                    "alert.ok-informational-only", ap.appending(j).appending("title"), nil,
                    ["modal": id, "title": c.q(actions[j].title)])
            }
        }
        // alert.textfield-if-needed: a field nobody can submit or decline.
        if !m.textFields.isEmpty && (nonCancel.isEmpty || n < 2) {
            c.report("alert.textfield-if-needed", mp.appending("textFields"), nil, ["modal": id])
        }
        // alert.not-informational-only
        if n == 1, !tagged(m, "critical") {
            let k = Lexicon.key(actions[0].title)
            if Lexicon.okTitles.contains(k) || Lexicon.doneTitles.contains(k) {
                c.report("alert.not-informational-only", ap, nil, ["modal": id, "title": c.q(actions[0].title)])
            }
        }
        // alert.not-for-undoable
        if m.tags.contains("undoable") {
            c.report("alert.not-for-undoable", mp.appending("tags"), nil, ["modal": id])
        }
        // alert.vs-actionsheet: two or more choices, opened by something people did.
        if nonCancel.count >= 2 && (c.presenters[id] != nil || c.confirmDiscardTargets.contains(id)) {
            c.report("alert.vs-actionsheet", ap, nil, ["modal": id, "count": String(nonCancel.count)])
        }
        noScroll(c, m, mp, titleLines: titleLines, messageLines: messageLines, sideBySide: sideBySide)
    }

    /// The index of the preferred action (``AlertButtons/preferredIndex(_:)``: the modal's
    /// `preferredAction`, else an action's `"preferred": true`), reporting
    /// `alert.preferred-action-member` when `preferredAction` names no action.
    static func preferredActionIndex(_ c: LintContext, _ m: Modal, _ mp: JSONPath) -> Int? {
        let j = AlertButtons.preferredIndex(m)
        if j == nil, let name = m.preferredAction {
            c.report(
                "alert.preferred-action-member", mp.appending("preferredAction"), nil,
                ["modal": m.id, "name": c.q(name), "titles": m.actions.map { c.q($0.title) }.joined(separator: ", ")])
        }
        return j
    }

    static func titleChecks(_ c: LintContext, _ m: Modal, _ title: String, lines: Int, _ tp: JSONPath) {
        let id = m.id
        let lower = title.lowercased()
        let bare = lower.trimming(Set(".!"))
        let generic = ["error", "warning", "alert", "oops"].contains(bare) && lower.count - bare.count <= 1
        let errorCode = hasErrorCode(lower)
        let single = !hasCJK(title) && wordCount(title) == 1
        if generic || errorCode || single {
            c.report(
                "alert.title-informative", tp, generic || errorCode ? "generic" : nil,
                ["modal": id, "title": c.q(title)])
        }
        if lines > 1 {
            c.report("alert.title-one-line", tp, nil, ["modal": id, "lines": String(lines)])
        }
        if lines >= 3 {
            c.report("alert.title-max-two-lines", tp, nil, ["modal": id, "lines": String(lines)])
        }
        guard !hasCJK(title) else { return }
        if Capitalization.isSentence(title) {
            for s in Capitalization.sentences(title) {
                let bad = Capitalization.sentenceCaseViolations(s, properNouns: c.properNouns)
                if !bad.isEmpty {
                    c.report(
                        "alert.title-case-punct", tp, "sentence",
                        ["modal": id, "title": c.q(title), "words": bad.joined(separator: ", ")])
                    return
                }
            }
        } else if let last = title.last, ":;,".contains(last) {
            c.report("alert.title-case-punct", tp, "punct", ["modal": id, "title": c.q(title), "mark": String(last)])
        } else {
            let bad = Capitalization.titleCaseViolations(title)
            if !bad.isEmpty {
                c.report(
                    "alert.title-case-punct", tp, "fragment",
                    [
                        "modal": id, "title": c.q(title), "words": bad.joined(separator: ", "),
                        "suggestion": c.q(Capitalization.titleCased(title)),
                    ])
            }
        }
    }

    /// Whether lowercased `s` matches `/error\s*\d+/`.
    static func hasErrorCode(_ s: String) -> Bool {
        let u = Array(s.utf8)
        let e = Array("error".utf8)
        var i = 0
        while i + e.count <= u.count {
            if u[i..<(i + e.count)].elementsEqual(e) {
                var j = i + e.count
                while j < u.count, u[j] == 32 || u[j] == 9 || u[j] == 10 { j += 1 }
                if j < u.count, u[j] >= 48 && u[j] <= 57 { return true }
            }
            i += 1
        }
        return false
    }

    static func messageChecks(
        _ c: LintContext, _ m: Modal, title: String, message: String, lines: Int, overlap: Double?, _ msgp: JSONPath
    ) {
        let id = m.id
        // alert.message-sentence
        let sentences = Capitalization.sentences(message)
        for s in sentences {
            if !Capitalization.isSentence(s) && !s.hasSuffix("…") {
                c.report("alert.message-sentence", msgp, "punct", ["modal": id, "sentence": c.q(s)])
                break
            }
            if hasCJK(s) { continue }
            let bad = Capitalization.sentenceCaseViolations(s, properNouns: c.properNouns)
            if !bad.isEmpty {
                c.report(
                    "alert.message-sentence", msgp, "case",
                    ["modal": id, "sentence": c.q(s), "words": bad.joined(separator: ", ")])
                break
            }
        }
        // alert.message-length
        if lines > 2 {
            c.report("alert.message-length", msgp, nil, ["modal": id, "lines": String(lines)])
        }
        // alert.message-only-if-needed
        if !title.isEmpty, let o = overlap, o >= 0.8 {
            c.report(
                "alert.message-only-if-needed", msgp, nil, ["modal": id, "percent": String(Int((o * 100).rounded()))])
        }
    }

    /// The share of the message's distinct words (CJK: characters) that the title already has;
    /// `nil` when the message has none.
    static func overlap(title: String, message: String) -> Double? {
        overlap(titleTokens: tokens(title), messageTokens: tokens(message))
    }

    static func overlap(titleTokens: [String], messageTokens: [String]) -> Double? {
        let m = Set(messageTokens)
        guard !m.isEmpty else { return nil }
        return Double(m.filter { titleTokens.contains($0) }.count) / Double(m.count)
    }

    /// Lowercased words (letters, digits, apostrophes); each CJK character is a word.
    static func tokens(_ s: String) -> [String] {
        var out: [String] = []
        var word = ""
        for ch in s.lowercased() {
            if let a = CharacterClass.ascii(ch) {
                // ASCII: letters (lowercased already), digits and the apostrophe make words.
                if (a >= 97 && a <= 122) || (a >= 48 && a <= 57) || a == 39 {
                    word.append(ch)
                } else if !word.isEmpty {
                    out.append(word)
                    word = ""
                }
            } else if let v = ch.unicodeScalars.first?.value, FontMetrics.isWide(v) {
                if !word.isEmpty { out.append(word) }
                word = ""
                if ch.isLetter { out.append(String(ch)) }
            } else if Capitalization.isLetterFast(ch) || ch.isNumber || ch == "'" || ch == "’" {
                word.append(ch == "’" ? "'" : ch)
            } else {
                if !word.isEmpty { out.append(word) }
                word = ""
            }
        }
        if !word.isEmpty { out.append(word) }
        return out
    }

    /// alert.avoid-explaining-buttons, alert.avoid-pronouns, alert.tone, on the title and the
    /// message (each with its tokens and path).
    static func wording(_ c: LintContext, _ m: Modal, texts: [(String, [String], JSONPath)]) {
        let id = m.id
        let (message, messageTokens, msgp) = texts[1]
        if !message.isEmpty, let v = explainedButton(message, tokens: messageTokens, titles: m.actions.map(\.title)) {
            c.report(
                "alert.avoid-explaining-buttons", msgp, v.variant, ["modal": id, "title": c.q(v.title), "word": v.word])
        }
        for (text, toks, path) in texts where !text.isEmpty {
            if let p = pronoun(text, tokens: toks) {
                c.report("alert.avoid-pronouns", path, nil, ["modal": id, "word": c.q(p)])
                break
            }
        }
        for (text, toks, path) in texts where !text.isEmpty {
            if let w = toneWords.first(where: { !TextSearch.occurrences(of: $0, in: toks).isEmpty }) {
                c.report("alert.tone", path, nil, ["modal": id, "word": c.q(w.joined(separator: " "))])
                break
            }
        }
    }

    /// Words and phrases `alert.tone` flags, as tokens.
    static let toneWords: [[String]] = [["invalid"], ["illegal"], ["failed", "to"], ["you", "must"]]

    /// The first of you, your, me, my (or 你, 您, 我 but not 我们) in `text`.
    static func pronoun(_ text: String, tokens: [String]) -> String? {
        if let w = tokens.first(where: { ["you", "your", "me", "my"].contains($0) }) { return w }
        guard text.utf8.contains(where: { $0 >= 0x80 }) else { return nil }
        let chars = Array(text)
        for (k, ch) in chars.enumerated() {
            if ch == "你" || ch == "您" { return String(ch) }
            if ch == "我" && (k + 1 >= chars.count || chars[k + 1] != "们") { return "我" }
        }
        return nil
    }

    /// A message that refers to a button: the title in quotes, with click/touch/press, or with
    /// its capitalization changed. RULES C6: "tap" and "choose" are both fine.
    static func explainedButton(_ message: String, tokens words: [String], titles: [String]) -> (
        variant: String, title: String, word: String
    )? {
        let verbs: Set<String> = ["tap", "choose", "click", "touch", "press", "select", "hit"]
        let bad: Set<String> = ["click", "touch", "press", "hit"]
        let quotes: Set<Character> = ["\"", "“", "”", "'", "‘", "’", "「", "」"]
        // Most messages name no button: skip the search unless there is a quote or a verb.
        guard
            message.contains(where: { quotes.contains($0) })
                || words.contains(where: { w in verbs.contains { w.hasPrefix($0) } })
        else { return nil }
        // Case-insensitive, character by character (each compared lowercased), with a linear
        // search: a megabyte of message against a long title costs no more than reading both.
        let chars = Array(message)
        let folded = chars.map { String($0).lowercased() }
        for title in titles {
            let t = title.trimmed
            let tChars = Array(t)
            guard tChars.count >= 2 else { continue }
            for start in TextSearch.occurrences(of: tChars.map { String($0).lowercased() }, in: folded) {
                let end = start + tChars.count
                // Whole words only.
                if start > 0, chars[start - 1].isLetter { continue }
                if end < chars.count, chars[end].isLetter { continue }
                let quoted =
                    start > 0 && end < chars.count && quotes.contains(chars[start - 1]) && quotes.contains(chars[end])
                let words = tokens(String(chars[max(0, start - 24)..<start])).suffix(3)
                let verb = words.last(where: { w in verbs.contains { w.hasPrefix($0) } })
                guard quoted || verb != nil else { continue }
                if quoted { return ("quoted", t, verb ?? "") }
                if let v = verb, let b = bad.first(where: { v.hasPrefix($0) }) { return ("verb", t, b) }
                let found = String(chars[start..<end])
                if found != t { return ("case", t, found) }
            }
        }
        return nil
    }

    /// alert.no-scroll: RULES §7's height against the usable height, in every full-screen window
    /// of the declared devices, portrait and landscape, keyboard up when there are text fields.
    static func noScroll(
        _ c: LintContext, _ m: Modal, _ mp: JSONPath, titleLines tl: Int, messageLines ml: Int, sideBySide: Bool
    ) {
        let n = m.actions.count
        let rows = n == 2 ? (sideBySide ? 1 : 2) : n
        let fields = m.textFields.count
        let height = 20 + 22 * Double(tl) + 2 + 18 * Double(ml) + 20 + 30 * Double(fields) + 44 * Double(rows)
        for e in c.target.fullScreenWindows {
            let s = e.safeArea
            let keyboard = fields > 0 ? keyboardHeight(e) : 0
            let usable = e.windowSize.height - s.top - max(s.bottom, keyboard) - 32
            if height > usable {
                c.report(
                    "alert.no-scroll", mp, fields > 0 ? "keyboard" : nil,
                    ["modal": m.id, "height": fmt(height), "usable": fmt(usable), "device": c.label(e)])
                return
            }
        }
    }

    /// The software keyboard's height in points, bottom safe area included, without the
    /// predictive bar (an approximation: alert text fields rarely show suggestions).
    static func keyboardHeight(_ e: Environment) -> Double {
        switch (e.device.family, e.orientation) {
        case (.iPhone, .portrait): return 216 + e.device.safeBottom
        case (.iPhone, .landscape): return 162 + e.safeArea.bottom
        case (.iPad, .portrait): return 265 + e.device.safeBottom
        case (.iPad, .landscape): return 353 + e.device.safeBottom
        }
    }
}
