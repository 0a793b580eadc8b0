/// Measures and wraps text in the system font, for the length rules of docs/rules.md
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

    /// The number of lines `text` takes when wrapped at `width` points; 0 for empty text. With
    /// `upTo`, counting stops there (the work then stays proportional to that many lines, not to
    /// the length of `text`).
    public static func lines(
        _ text: String, width: Double, size: Double, weight: FontWeight = .regular, upTo limit: Int = .max
    ) -> Int {
        var n = 0
        forEachLine(text, width: width, size: size, weight: weight) { _ in
            n += 1
            return n < limit
        }
        return n
    }

    /// `text` wrapped at `width` points: the lines, without their hanging spaces.
    public static func wrap(_ text: String, width: Double, size: Double, weight: FontWeight = .regular) -> [String] {
        var out: [String] = []
        forEachLine(text, width: width, size: size, weight: weight) {
            out.append(String($0))
            return true
        }
        return out
    }

    /// Calls `body` with each line of `text` wrapped at `width` points, in order, until it
    /// returns `false`; nothing for empty text.
    static func forEachLine(
        _ text: String, width: Double, size: Double, weight: FontWeight, _ body: (Substring) -> Bool
    ) {
        if text.isEmpty { return }
        var start = text.startIndex
        var i = start
        while i < text.endIndex {
            let next = text.index(after: i)
            if let v = text[i].unicodeScalars.first?.value, TextScalars.isMandatoryBreak(v) {
                guard wrapParagraph(text[start..<i], width: width, size: size, weight: weight, body) else { return }
                start = next
            }
            i = next
        }
        _ = wrapParagraph(text[start...], width: width, size: size, weight: weight, body)
    }

    /// A unit of line breaking: a word (or a CJK character) and the spaces after it, as ranges
    /// of the paragraph, with their widths.
    struct Unit {
        var text: Range<String.Index>
        var width: Double
        var spaces: Range<String.Index>
        var spaceWidth: Double
        var isEmpty: Bool { text.isEmpty }
    }

    static let closingPunctuation = CharacterClass([
        "，", "。", "、", "；", "：", "！", "？", "）", "」", "』", "》", "〉", "】", "”", "’",
    ])

    /// The width of one character: a table lookup for a printable ASCII one, else
    /// ``width(scalars:size:weight:)``. `tracking` is ``FontMetrics/tracking(size:)``.
    @inline(__always) static func width(
        of ch: Character, size: Double, weight: FontWeight, tracking: Double
    ) -> Double {
        if let a = CharacterClass.ascii(ch), a >= 0x20 && a < 0x7F {
            let t = weight == .regular ? FontMetrics.ascii.regular : FontMetrics.ascii.semibold
            return Double(t[Int(a)]) / 1000 * size + tracking
        }
        return width(scalars: ch.unicodeScalars, size: size, weight: weight)
    }

    /// The units of `paragraph`, in order, to `body` until it returns `false`. Returns whether
    /// every unit was taken. One pass: each character is measured once, nothing is copied.
    @discardableResult
    static func units(_ paragraph: Substring, size: Double, weight: FontWeight, _ body: (Unit) -> Bool) -> Bool {
        let tracking = FontMetrics.tracking(size: size)
        var wordStart = paragraph.startIndex
        var spaceStart = paragraph.startIndex  // == the word's end
        var wordWidth = 0.0
        var spaceWidth = 0.0
        var going = true
        func flush(at end: String.Index) {
            if wordStart == end || !going { return }
            going = body(
                Unit(text: wordStart..<spaceStart, width: wordWidth, spaces: spaceStart..<end, spaceWidth: spaceWidth))
            wordStart = end
            spaceStart = end
            wordWidth = 0
            spaceWidth = 0
        }
        var i = paragraph.startIndex
        while i < paragraph.endIndex && going {
            let ch = paragraph[i]
            let next = paragraph.index(after: i)
            let v = ch.unicodeScalars.first?.value ?? 0
            let w = width(of: ch, size: size, weight: weight, tracking: tracking)
            if TextScalars.isBreakingSpace(v) {
                spaceWidth += w
                i = next
                continue
            }
            if spaceStart != i { flush(at: i) }
            if FontMetrics.isWide(v) {
                // A break opportunity before and after a CJK character (not before closing punctuation).
                if !closingPunctuation.contains(ch) { flush(at: i) }
                wordWidth += w
                spaceStart = next
                flush(at: next)
            } else {
                wordWidth += w
                spaceStart = next
                // A break opportunity after a hyphen, an en or em dash, or a slash.
                if v == 0x2D || v == 0x2013 || v == 0x2014 || v == 0x2F { flush(at: next) }
            }
            i = next
        }
        flush(at: paragraph.endIndex)
        return going
    }

    /// Wraps one paragraph (no mandatory breaks inside), giving each line to `body` until it
    /// returns `false`. Returns whether every line was taken.
    static func wrapParagraph(
        _ paragraph: Substring, width maxWidth: Double, size: Double, weight: FontWeight, _ body: (Substring) -> Bool
    ) -> Bool {
        let epsilon = 0.01
        let tracking = FontMetrics.tracking(size: size)
        var lineStart = paragraph.startIndex
        var lineEnd = paragraph.startIndex
        var lineWidth = 0.0
        var pendingWidth = 0.0  // of the spaces after the last unit on the line
        var hasContent = false
        var going = true
        func emit(_ s: Substring) { going = going && body(s) }
        let complete = units(paragraph, size: size, weight: weight) { u in
            if hasContent && lineWidth + pendingWidth + u.width > maxWidth + epsilon {
                emit(paragraph[lineStart..<lineEnd])
                lineStart = u.text.lowerBound
                lineWidth = 0
                pendingWidth = 0
                hasContent = false
            }
            if !hasContent && u.width > maxWidth + epsilon {
                // Break an over-long word between characters.
                var pieceStart = u.text.lowerBound
                var pieceWidth = 0.0
                var k = u.text.lowerBound
                while k < u.text.upperBound && going {
                    let next = paragraph.index(after: k)
                    let w = width(of: paragraph[k], size: size, weight: weight, tracking: tracking)
                    if pieceStart != k && pieceWidth + w > maxWidth + epsilon {
                        emit(paragraph[pieceStart..<k])
                        pieceStart = k
                        pieceWidth = 0
                    }
                    pieceWidth += w
                    k = next
                }
                lineStart = pieceStart
                lineWidth = pieceWidth
            } else {
                lineWidth += pendingWidth + u.width
            }
            lineEnd = u.text.upperBound
            hasContent = hasContent || !u.isEmpty
            pendingWidth = u.spaceWidth
            return going
        }
        if complete { emit(paragraph[lineStart..<lineEnd]) }
        return going
    }
}
