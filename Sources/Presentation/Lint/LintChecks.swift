import JSON
import Prototype

/// The predicates the STATIC rules' checks share. Each check is its rule's ``RuleUnit/lint``,
/// in the rule's family file (`Catalogue/Rules+<Family>.swift`).
enum LintChecks {
    /// Runs every rule's check, in the catalogue's order, into `c`.
    static func runAll(_ c: LintContext) {
        for u in RuleCatalogue.units { u.lint?(c) }
    }

    /// Reports `rule` at the role of the second Cancel when an alert or action sheet `m` (its
    /// actions at `actions`) has more than one (`cancels`: their indices).
    static func secondCancel(_ c: LintContext, _ rule: RuleID, _ m: Modal, _ actions: JSONPath, _ cancels: [Int]) {
        guard cancels.count > 1 else { return }
        c.report(
            rule, actions.appending(cancels[1]).appending("role"), nil, ["modal": m.id, "count": String(cancels.count)])
    }

    /// Standard SF Symbols whose meaning is "close" and that VoiceOver names by themselves.
    static func isCloseSymbol(_ name: String) -> Bool {
        name.hasPrefix("xmark") || name == "chevron.down" || name == "chevron.down.circle"
            || name == "chevron.down.circle.fill"
    }

    /// A button that exits its modal: it dismisses, or it is a Cancel, Done or Close button (by
    /// role or title) that does not push or pop, or a labelled close icon.
    static func isExit(_ ctl: Control) -> Bool {
        guard ctl.kind == .button else { return false }
        switch ctl.action {
        case .dismiss?, .dismissAll?: return true
        case .push?, .pop?: return false
        default: break
        }
        if ctl.role == .cancel || ctl.role == .done { return true }
        if let t = ctl.title {
            let k = Lexicon.key(t)
            if Lexicon.cancelTitles.contains(k) || Lexicon.doneTitles.contains(k) || Lexicon.closeTitles.contains(k) {
                return true
            }
        }
        if ctl.title == nil, let img = ctl.systemImage, isCloseSymbol(img) { return true }
        return false
    }

    /// An exit drawn as an icon only, with no accessibility label, that is not a standard close symbol.
    static func isUnlabelledIconExit(_ ctl: Control) -> Bool {
        ctl.kind == .button && (ctl.title ?? "").isEmpty && (ctl.accessibilityLabel ?? "").isEmpty
            && !(ctl.systemImage.map(isCloseSymbol) ?? false)
    }

    /// A Cancel button: role `cancel`, or titled Cancel.
    static func isCancel(_ ctl: Control) -> Bool {
        guard ctl.kind == .button else { return false }
        return ctl.role == .cancel || Lexicon.cancelTitles.contains(Lexicon.key(ctl.title ?? ""))
    }

    /// A Done button: role `done`, or titled Done.
    static func isDone(_ ctl: Control) -> Bool {
        guard ctl.kind == .button else { return false }
        return ctl.role == .done || Lexicon.doneTitles.contains(Lexicon.key(ctl.title ?? ""))
    }

    /// A Back button: it pops, or it is titled Back.
    static func isBack(_ ctl: Control) -> Bool {
        guard ctl.kind == .button else { return false }
        if case .pop? = ctl.action { return true }
        return Lexicon.backTitles.contains(Lexicon.key(ctl.title ?? ""))
    }

    /// A control whose state people edit: fields, toggles, segmented controls, or anything marked
    /// `userContent`.
    static func isEditable(_ ctl: Control) -> Bool {
        ctl.userContent || ctl.kind == .textField || ctl.kind == .textArea || ctl.kind == .toggle
            || ctl.kind == .segmented
    }

    /// Whether a modal is tagged (`tags`) or characterised (`task`) as `tag`.
    static func tagged(_ m: Modal, _ tag: String) -> Bool {
        m.tags.contains(tag) || m.task?.rawValue == tag
    }

    /// Text with CJK characters (no spaces between words, no letter case).
    static func hasCJK(_ s: String) -> Bool {
        s.unicodeScalars.contains { FontMetrics.isWide($0.value) }
    }

    /// Characters of a text that the wording, capitalization and verb rules read: a text longer
    /// than this is far over every length rule already (an alert's two message lines hold about
    /// 90), and reading all of it would make a hostile document slow to lint.
    static let judgedLength = 200

    /// Lines counted at most when measuring a text: more than any window holds (the length
    /// rules need 1, 2 or 3; `alert.no-scroll` compares 18 pt per line with at most 1,376 pt).
    static let countedLines = 100

    /// The first ``judgedLength`` characters of `s`.
    static func judged(_ s: String) -> String {
        s.utf8.count <= judgedLength ? s : String(s.prefix(judgedLength))
    }

    /// The lines of `text` wrapped at `width` points, counted up to ``countedLines``.
    static func lineCount(_ text: String, width: Double, size: Double, weight: FontWeight) -> Int {
        text.isEmpty ? 0 : TextMeasure.lines(text, width: width, size: size, weight: weight, upTo: countedLines)
    }

    /// The number of words of `s` (split at spaces and line breaks).
    static func wordCount(_ s: String) -> Int {
        s.split(whereSeparator: TextScalars.separatesWords).count
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

}
