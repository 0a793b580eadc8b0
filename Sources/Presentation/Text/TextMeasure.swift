/// Measures and wraps text in the system font, for the length rules of RULES.md §7
/// (`alert.title-one-line`, `alert.message-length`, `alert.button-title-words`, `alert.no-scroll`,
/// `actionsheet.title-one-line`, `activity.title-succinct`, …).
///
/// Widths are in points. Wrapping is greedy, as UIKit's labels wrap: a line takes words while
/// they fit; spaces at the end of a line hang outside it; a line may also break after a hyphen
/// and between CJK characters; a word wider than the line is broken between characters; a
/// mandatory break (LF, CR, CR LF, VT, FF, NEL, LS, PS: ``TextScalars/isMandatoryBreak(_:)``)
/// starts a new line.
///
/// Total and linear: defined for any Unicode text (control characters, lone combining marks,
/// bidirectional controls, a megabyte without a space, a million lines), in time proportional
/// to its length, without recursion.
public enum TextMeasure {
    /// The width of `text` on one line, in points, at `size` points and `weight`.
    ///
    /// Each scalar adds its advance (``FontMetrics/advance(_:weight:)``) and, when it draws
    /// something, the size's tracking. An emoji sequence draws one emoji: a pictograph after a
    /// zero-width joiner that follows a pictograph, a skin-tone modifier after a pictograph, and
    /// the second regional indicator of a flag add nothing.
    public static func width(_ text: some StringProtocol, size: Double, weight: FontWeight = .regular) -> Double {
        width(scalars: text.unicodeScalars, size: size, weight: weight)
    }

    /// The width of `scalars` on one line (see ``width(_:size:weight:)``).
    static func width(scalars: some Sequence<Unicode.Scalar>, size: Double, weight: FontWeight) -> Double {
        var total = 0.0
        let tracking = FontMetrics.tracking(size: size)
        var previousPictograph = false  // the last scalar that drew something was a pictograph
        var joining = false  // a ZWJ came after that pictograph
        var openFlag = false  // an odd regional indicator is waiting for its pair
        for s in scalars {
            let v = s.value
            if v == 0x200D {
                joining = previousPictograph
                continue
            }
            let pictograph = FontMetrics.isPictograph(v)
            let merges =
                (joining && pictograph) || (previousPictograph && FontMetrics.isEmojiModifier(v))
                || (openFlag && FontMetrics.isRegionalIndicator(v))
            openFlag = FontMetrics.isRegionalIndicator(v) && !openFlag
            let a = FontMetrics.advance(s, weight: weight)
            if a.em > 0 {
                joining = false
                previousPictograph = pictograph
            }
            if merges { continue }
            total += a.em * size + (a.tracked && a.em > 0 ? tracking : 0)
        }
        return total
    }

    /// The number of lines `text` takes when wrapped at `width` points; 0 for empty text.
    public static func lines(_ text: String, width: Double, size: Double, weight: FontWeight = .regular) -> Int {
        var n = 0
        forEachLine(text, width: width, size: size, weight: weight) { _ in n += 1 }
        return n
    }

    /// `text` wrapped at `width` points: the lines, without their hanging spaces.
    public static func wrap(_ text: String, width: Double, size: Double, weight: FontWeight = .regular) -> [String] {
        var out: [String] = []
        forEachLine(text, width: width, size: size, weight: weight) { out.append($0) }
        return out
    }

    /// Calls `body` with each line of `text` wrapped at `width` points, in order; nothing for
    /// empty text.
    static func forEachLine(
        _ text: String, width: Double, size: Double, weight: FontWeight, _ body: (String) -> Void
    ) {
        if text.isEmpty { return }
        var start = text.startIndex
        var i = start
        while i < text.endIndex {
            let next = text.index(after: i)
            if let v = text[i].unicodeScalars.first?.value, TextScalars.isMandatoryBreak(v) {
                wrapParagraph(text[start..<i], width: width, size: size, weight: weight, body)
                start = next
            }
            i = next
        }
        wrapParagraph(text[start...], width: width, size: size, weight: weight, body)
    }

    /// A unit of line breaking: a word (or a CJK character) and the spaces after it.
    struct Unit {
        var text: String
        var width: Double
        var spaces: String
        var spaceWidth: Double
    }

    static let closingPunctuation: Set<Character> = [
        "，", "。", "、", "；", "：", "！", "？", "）", "」", "』", "》", "〉", "】", "”", "’",
    ]

    static func units(_ paragraph: Substring, size: Double, weight: FontWeight) -> [Unit] {
        var units: [Unit] = []
        var word = ""
        var spaces = ""
        func flush() {
            if word.isEmpty && spaces.isEmpty { return }
            units.append(
                Unit(
                    text: word, width: width(word, size: size, weight: weight), spaces: spaces,
                    spaceWidth: width(spaces, size: size, weight: weight)))
            word = ""
            spaces = ""
        }
        for ch in paragraph {
            let v = ch.unicodeScalars.first?.value ?? 0
            if TextScalars.isBreakingSpace(v) {
                spaces.append(ch)
                continue
            }
            if !spaces.isEmpty { flush() }
            if FontMetrics.isWide(v) {
                // A break opportunity before and after a CJK character (not before closing punctuation).
                let closing = closingPunctuation.contains(ch)
                if !closing { flush() }
                word.append(ch)
                flush()
            } else {
                word.append(ch)
                if ch == "-" || ch == "\u{2013}" || ch == "\u{2014}" || ch == "/" { flush() }
            }
        }
        flush()
        return units
    }

    static func wrapParagraph(
        _ paragraph: Substring, width maxWidth: Double, size: Double, weight: FontWeight, _ body: (String) -> Void
    ) {
        let epsilon = 0.01
        var line = ""
        var lineWidth = 0.0
        var pending = ""  // spaces after the last unit on the line
        var pendingWidth = 0.0
        var hasContent = false
        func newLine() {
            body(line)
            line = ""
            lineWidth = 0
            pending = ""
            pendingWidth = 0
            hasContent = false
        }
        for u in units(paragraph, size: size, weight: weight) {
            if hasContent && lineWidth + pendingWidth + u.width > maxWidth + epsilon {
                newLine()
            }
            if !hasContent && u.width > maxWidth + epsilon {
                // Break an over-long word between characters.
                var piece = ""
                var pieceWidth = 0.0
                for ch in u.text {
                    let w = width(scalars: ch.unicodeScalars, size: size, weight: weight)
                    if !piece.isEmpty && pieceWidth + w > maxWidth + epsilon {
                        body(piece)
                        piece = ""
                        pieceWidth = 0
                    }
                    piece.append(ch)
                    pieceWidth += w
                }
                line = piece
                lineWidth = pieceWidth
            } else {
                line += pending + u.text
                lineWidth += pendingWidth + u.width
            }
            hasContent = hasContent || !u.text.isEmpty
            pending = u.spaces
            pendingWidth = u.spaceWidth
        }
        body(line)
    }
}
