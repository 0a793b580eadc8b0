import Foundation

/// A weight of the system font that ModalLab measures (docs/rules.md uses only these two).
public enum FontWeight: String, Sendable, CaseIterable, Codable {
    /// SF Pro Text Regular (body, footnote, action-sheet rows).
    case regular
    /// SF Pro Text Semibold (alert titles, bold Cancel, action-sheet titles).
    case semibold
}

/// A width model of the system font, SF Pro Text, for the text-length rules (docs/rules.md).
///
/// SF Pro may not be bundled on a server (its licence restricts where it is used), so the advance
/// widths are those of an SF-metric-compatible substitute: Inter (SIL Open Font License), whose
/// Latin advance widths are close to SF Pro Text's, in thousandths of an em. They are the widths
/// of the font the player draws with, `Public/fonts/Inter-roman.var.woff2` (Debian's
/// fonts-inter-variable 4.0~beta7, at weights 400 and 600): `Scripts/inter-font` writes both the
/// font and the ``regular`` and ``semibold`` tables, and `Scripts/inter-font --check` says
/// whether they still agree. The stylesheet draws the same tracking (``LayoutMetrics``' custom
/// properties `--tracking-*`), so the player's lines break where the linter's do. On top of them
/// the model applies SF Pro's size-specific tracking (Apple's typography tables: −0.43 pt at
/// 17 pt, −0.08 pt at 13 pt, 0 at 12 pt, …) after every glyph, as CoreText does. Calibration:
/// "Delete all messages?" at 17 pt Regular measures 160.6 pt (docs/rules.md: about 160 pt).
///
/// CJK ideographs, kana, Hangul and full-width forms are one em wide and untracked (PingFang);
/// accented Latin letters measure as their base letter; characters that draw nothing (control
/// characters, combining marks, zero-width and bidirectional formatting characters) take no
/// width; any other character is an average 0.56 em, and emoji 1.25 em (an emoji sequence —
/// ZWJ, skin tone, flag — one emoji: ``TextMeasure/width(_:size:weight:)``).
enum FontMetrics {
    static let glyphs: [Unicode.Scalar] = Array(
        " abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!\u{22}#$%&'()*+,-./:;<=>?@[\u{5C}]^_`{|}~\u{2018}\u{2019}\u{201C}\u{201D}\u{2026}\u{2013}\u{2014}\u{2022}\u{B7}\u{A0}\u{D7}\u{20AC}\u{A3}\u{A5}\u{A9}\u{AE}\u{2122}\u{B0}"
            .unicodeScalars)
    static let regular: [UInt16] = [
        281, 564, 621, 558, 621, 582, 361, 609, 591, 237, 237, 544, 237, 869, 585, 597,
        609, 609, 372, 523, 364, 581, 557, 812, 540, 557, 541, 676, 651, 727, 719, 598,
        587, 743, 740, 264, 543, 652, 562, 889, 753, 761, 635, 761, 639, 638, 642, 741,
        676, 949, 642, 665, 625, 625, 464, 605, 636, 642, 608, 624, 571, 616, 624, 278,
        403, 631, 638, 812, 639, 222, 362, 362, 500, 659, 280, 460, 276, 357, 276, 280,
        659, 659, 659, 507, 936, 362, 357, 362, 469, 452, 497, 362, 327, 362, 659, 199,
        185, 381, 381, 821, 500, 1000, 562, 276, 281, 659, 665, 631, 548, 915, 670, 608,
        455,
    ]
    static let semibold: [UInt16] = [
        248, 575, 630, 577, 630, 593, 377, 625, 613, 261, 261, 569, 261, 898, 610, 608,
        625, 625, 397, 549, 380, 608, 576, 837, 562, 576, 562, 724, 657, 744, 724, 608,
        586, 755, 744, 275, 561, 677, 566, 906, 741, 775, 643, 776, 651, 649, 660, 734,
        724, 1007, 690, 705, 653, 667, 481, 621, 652, 666, 632, 648, 587, 646, 648, 309,
        396, 643, 649, 844, 663, 213, 393, 393, 543, 673, 295, 466, 290, 379, 290, 295,
        673, 673, 673, 544, 999, 393, 379, 393, 481, 468, 497, 393, 358, 393, 673, 228,
        214, 408, 407, 806, 500, 1000, 496, 290, 248, 673, 679, 658, 564, 915, 666, 631,
        458,
    ]

    /// Advance widths in thousandths of an em, indexed by scalar value below 0x2200.
    static let table: (regular: [UInt16: UInt16], semibold: [UInt16: UInt16]) = {
        var r: [UInt16: UInt16] = [:]
        var s: [UInt16: UInt16] = [:]
        for (i, g) in glyphs.enumerated() {
            r[UInt16(g.value)] = regular[i]
            s[UInt16(g.value)] = semibold[i]
        }
        return (r, s)
    }()

    /// Fast path for printable ASCII (0x20…0x7E): advance widths in thousandths of an em.
    static let ascii: (regular: [UInt16], semibold: [UInt16]) = {
        var r = [UInt16](repeating: 560, count: 128)
        var s = [UInt16](repeating: 570, count: 128)
        for (i, g) in glyphs.enumerated() where g.value < 128 {
            r[Int(g.value)] = regular[i]
            s[Int(g.value)] = semibold[i]
        }
        return (r, s)
    }()

    /// SF Pro's tracking in points at integral sizes 6…40 (Apple's typography tables, iOS 14+).
    static let trackingPoints: [Double] = [
        0.24, 0.23, 0.21, 0.17, 0.12, 0.06, 0.0, -0.08, -0.15, -0.23, -0.31, -0.43, -0.44, -0.45, -0.45,
        -0.36, -0.26, -0.10, 0.07, 0.15, 0.22, 0.29, 0.38, 0.40, 0.40, 0.39, 0.41, 0.40, 0.40, 0.38, 0.37,
        0.36, 0.37, 0.33, 0.32,
    ]

    /// The tracking added after each glyph at `size` points, interpolated between the table's rows.
    static func tracking(size: Double) -> Double {
        let x = min(max(size, 6), 40) - 6
        let i = Int(x)
        if i >= trackingPoints.count - 1 { return trackingPoints[trackingPoints.count - 1] }
        let f = x - Double(i)
        return trackingPoints[i] * (1 - f) + trackingPoints[i + 1] * f
    }

    /// Whether the scalar is drawn from a CJK font, one em wide, and is a line-break opportunity
    /// on each side.
    static func isWide(_ v: UInt32) -> Bool {
        (0x1100...0x115F).contains(v) || (0x2E80...0x303F).contains(v) || (0x3040...0x33FF).contains(v)
            || (0x3400...0x4DBF).contains(v) || (0x4E00...0x9FFF).contains(v) || (0xA960...0xA97F).contains(v)
            || (0xAC00...0xD7AF).contains(v) || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v)
            || (0xFF00...0xFF60).contains(v) || (0xFFE0...0xFFE6).contains(v) || (0x20000...0x3134F).contains(v)
    }

    /// The advance of one scalar in ems, and whether tracking applies to it. Total: defined
    /// for every scalar, constant time, no recursion.
    ///
    /// Characters that draw nothing take no width and no tracking: control characters (C0,
    /// DEL, C1), the mandatory line breaks (``TextScalars/isMandatoryBreak(_:)``; wrapping
    /// handles them), nonspacing and enclosing marks (general categories Mn, Me: a lone
    /// combining mark included), and default-ignorable code points (zero-width joiners and
    /// spaces, bidirectional controls, variation selectors, tags, the soft hyphen). TextKit's
    /// `NSLayoutManager.ControlCharacterAction.zeroAdvancement` "removes the glyph from layout";
    /// which control characters UIKit's labels give it by default is unverified. TAB measures
    /// as a space: the player's HTML collapses it to one (CSS Text Level 3, white space
    /// processing), and wrapping breaks after it as after a space. Noncharacters, private-use
    /// and unassigned scalars take the average 0.56 em, as a fallback box would.
    static func advance(_ scalar: Unicode.Scalar, weight: FontWeight) -> (em: Double, tracked: Bool) {
        let v = scalar.value
        if v < UInt32(latin.regular.count), let a = (weight == .regular ? latin.regular : latin.semibold)[Int(v)] {
            return a
        }
        if isWide(v) { return (1, false) }
        if v < 0x2200, let w = (weight == .regular ? table.regular : table.semibold)[UInt16(v)] {
            return (Double(w) / 1000, true)
        }
        if takesNoWidth(scalar) { return (0, false) }
        if v >= 0x1F000 { return (1.25, false) }
        return average
    }

    /// The advance of any character the model has no width for.
    static let average = (em: 0.56, tracked: true)

    /// Whether a scalar beyond the Latin tables draws nothing (see ``advance(_:weight:)``).
    static func takesNoWidth(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v == 0x2028 || v == 0x2029 { return true }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .control: return true
        default: return scalar.properties.isDefaultIgnorableCodePoint
        }
    }

    /// Advances of the scalars below U+0250, computed once: ASCII and the tabled glyphs; accented
    /// Latin letters as their base letter (the first scalar of the canonical decomposition, when
    /// it is printable ASCII); control characters zero (TAB a space). `nil`: no width known
    /// here (the general rules of ``advance(_:weight:)`` apply).
    static let latin: (regular: [(em: Double, tracked: Bool)?], semibold: [(em: Double, tracked: Bool)?]) = {
        func tableFor(_ weight: FontWeight) -> [(em: Double, tracked: Bool)?] {
            let widths = weight == .regular ? table.regular : table.semibold
            var out: [(em: Double, tracked: Bool)?] = Array(repeating: nil, count: 0x250)
            func own(_ v: UInt32) -> (em: Double, tracked: Bool)? {
                if TextScalars.isControl(v) { return (0, false) }
                if v >= 0x20 && v < 0x7F {
                    return (Double((weight == .regular ? ascii.regular : ascii.semibold)[Int(v)]) / 1000, true)
                }
                return widths[UInt16(v)].map { (Double($0) / 1000, true) }
            }
            for v in UInt32(0)..<0x250 {
                if let a = own(v) {
                    out[Int(v)] = a
                } else if let scalar = Unicode.Scalar(v),
                    let base = String(Character(scalar)).decomposedStringWithCanonicalMapping.unicodeScalars.first,
                    base.value >= 0x20 && base.value < 0x7F
                {
                    out[Int(v)] = own(base.value)
                }
            }
            out[0x09] = out[0x20]
            return out
        }
        return (tableFor(.regular), tableFor(.semibold))
    }()

    /// An emoji that a zero-width joiner, a skin-tone modifier or a second regional indicator
    /// merges with the one before it into a single glyph (Unicode Technical Standard #51,
    /// "Unicode Emoji": ZWJ sequences, modifier sequences, flag sequences): the pictographs at
    /// U+1F000 and above, and the symbols and dingbats U+2600…U+27BF.
    static func isPictograph(_ v: UInt32) -> Bool { v >= 0x1F000 && v < 0x20000 || (0x2600...0x27BF).contains(v) }

    /// A regional indicator symbol (two of them make a flag).
    static func isRegionalIndicator(_ v: UInt32) -> Bool { (0x1F1E6...0x1F1FF).contains(v) }

    /// An emoji modifier (the skin tones U+1F3FB…U+1F3FF).
    static func isEmojiModifier(_ v: UInt32) -> Bool { (0x1F3FB...0x1F3FF).contains(v) }
}
