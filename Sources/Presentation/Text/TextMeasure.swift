/// Measures and wraps text in the system font, for the length rules of RULES.md §7
/// (`alert.title-one-line`, `alert.message-length`, `alert.button-title-words`, `alert.no-scroll`,
/// `actionsheet.title-one-line`, `activity.title-succinct`, …).
///
/// Widths are in points. Wrapping is greedy, as UIKit's labels wrap: a line takes words while
/// they fit; spaces at the end of a line hang outside it; a line may also break after a hyphen
/// and between CJK characters; a word wider than the line is broken between characters; `\n`
/// starts a new line.
public enum TextMeasure {
    /// The width of `text` on one line, in points, at `size` points and `weight`.
    public static func width(_ text: String, size: Double, weight: FontWeight = .regular) -> Double {
        var total = 0.0
        let tracking = FontMetrics.tracking(size: size)
        for s in text.unicodeScalars where s != "\n" {
            let a = FontMetrics.advance(s, weight: weight)
            total += a.em * size + (a.tracked && a.em > 0 ? tracking : 0)
        }
        return total
    }

    /// The number of lines `text` takes when wrapped at `width` points; 0 for empty text.
    public static func lines(_ text: String, width: Double, size: Double, weight: FontWeight = .regular) -> Int {
        wrap(text, width: width, size: size, weight: weight).count
    }

    /// `text` wrapped at `width` points: the lines, without their hanging spaces.
    public static func wrap(_ text: String, width: Double, size: Double, weight: FontWeight = .regular) -> [String] {
        if text.isEmpty { return [] }
        var out: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            out += wrapParagraph(Substring(paragraph), width: width, size: size, weight: weight)
        }
        return out
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
            let v = ch.unicodeScalars.first!.value
            if ch == " " || ch == "\t" {
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

    static func wrapParagraph(_ paragraph: Substring, width maxWidth: Double, size: Double, weight: FontWeight)
        -> [String]
    {
        let epsilon = 0.01
        var lines: [String] = []
        var line = ""
        var lineWidth = 0.0
        var pending = ""  // spaces after the last unit on the line
        var pendingWidth = 0.0
        var hasContent = false
        func newLine() {
            lines.append(line)
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
                    let w = width(String(ch), size: size, weight: weight)
                    if !piece.isEmpty && pieceWidth + w > maxWidth + epsilon {
                        lines.append(piece)
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
        lines.append(line)
        return lines
    }
}
