/// The Unicode classes the text functions share (measuring, wrapping, word splitting,
/// capitalization, the control-character lint): what breaks a line, where a line may break,
/// what takes no width, and how invisible characters are shown in messages.
///
/// Every function here is total (defined for any scalar) and constant-time per scalar.
public enum TextScalars {
    /// A mandatory line break: the UAX #14 classes BK (VT U+000B, FF U+000C, LS U+2028,
    /// PS U+2029), CR (U+000D), LF (U+000A) and NL (NEL U+0085). "Unicode Line Breaking
    /// Algorithm" (UAX #14), rules LB4 and LB5: always break after them, CR LF counting as one.
    public static func isMandatoryBreak(_ v: UInt32) -> Bool {
        (0x0A...0x0D).contains(v) || v == 0x85 || v == 0x2028 || v == 0x2029
    }

    /// A space after which a line may break (UAX #14 classes SP and ZW, and the BA spaces):
    /// SPACE, TAB, OGHAM SPACE MARK, EN QUAD…SIX-PER-EM SPACE, PUNCTUATION SPACE…HAIR SPACE,
    /// ZERO WIDTH SPACE and MEDIUM MATHEMATICAL SPACE. The no-break spaces (U+00A0, U+2007,
    /// U+202F) are glue (GL) and are not among them.
    public static func isBreakingSpace(_ v: UInt32) -> Bool {
        v == 0x20 || v == 0x09 || v == 0x1680 || (0x2000...0x2006).contains(v) || (0x2008...0x200B).contains(v)
            || v == 0x205F
    }

    /// Whether a character separates words: a breaking space or a mandatory break (the
    /// character's first scalar decides; "\r\n" is one character).
    public static func separatesWords(_ c: Character) -> Bool {
        guard let v = c.unicodeScalars.first?.value else { return false }
        return isBreakingSpace(v) || isMandatoryBreak(v)
    }

    /// A control character (general category Cc): C0 (U+0000…U+001F), DEL (U+007F) and C1
    /// (U+0080…U+009F).
    public static func isControl(_ v: UInt32) -> Bool { v < 0x20 || (0x7F...0x9F).contains(v) }

    /// A bidirectional formatting character (UAX #9 "Unicode Bidirectional Algorithm", §2):
    /// the embeddings and overrides LRE, RLE, PDF, LRO, RLO (U+202A…U+202E), the isolates LRI,
    /// RLI, FSI, PDI (U+2066…U+2069), and the marks LRM, RLM (U+200E, U+200F) and ALM (U+061C).
    public static func isBidiControl(_ v: UInt32) -> Bool {
        (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) || v == 0x200E || v == 0x200F
            || v == 0x061C
    }

    /// A control character that text may legitimately hold: the line breaks LF and CR (a
    /// message may have several lines). Every other control character is reported by
    /// `text.control-character`.
    static func isAllowedControl(_ v: UInt32) -> Bool { v == 0x0A || v == 0x0D }

    /// The control characters of `text` that `text.control-character` reports (every Cc but LF
    /// and CR), each once, in order of first appearance, as `U+0009`-style names.
    public static func reportableControls(_ text: String) -> [String] {
        reportable(text) { isControl($0) && !isAllowedControl($0) }
    }

    /// The explicit directional embeddings, overrides and isolates of `text` (U+202A…U+202E,
    /// U+2066…U+2069; not the marks LRM, RLM, ALM) that `text.direction-override` reports, each
    /// once, in order of first appearance, as `U+202E`-style names.
    public static func reportableDirectionOverrides(_ text: String) -> [String] {
        reportable(text) { isBidiControl($0) && !isBidiMark($0) }
    }

    /// The marks LRM, RLM and ALM (U+200E, U+200F, U+061C): bidirectional characters that embed
    /// and override nothing.
    static func isBidiMark(_ v: UInt32) -> Bool { v == 0x200E || v == 0x200F || v == 0x061C }

    /// The scalars of `text` that `include` picks, each once, in order of first appearance, as
    /// `U+0009`-style names.
    private static func reportable(_ text: String, _ include: (UInt32) -> Bool) -> [String] {
        var seen: Set<UInt32> = []
        var out: [String] = []
        for s in text.unicodeScalars where include(s.value) {
            if seen.insert(s.value).inserted { out.append(codePointName(s.value)) }
        }
        return out
    }

    /// `U+0009`, `U+1F600`: the code point in the Unicode Standard's notation.
    public static func codePointName(_ v: UInt32) -> String {
        let hex = String(v, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// `text` as a message may quote it: control characters and bidirectional formatting
    /// characters written as `\u{9}`, `\u{202E}` (they would be invisible, move the cursor of a
    /// terminal, or reorder the message around them), and at most `limit` scalars, then "…".
    public static func visible(_ text: some StringProtocol, limit: Int = 120) -> String {
        var out = ""
        var n = 0
        for s in text.unicodeScalars {
            if n == limit {
                out += "…"
                break
            }
            n += 1
            if isControl(s.value) || isBidiControl(s.value) || s.value == 0x2028 || s.value == 0x2029 {
                out += "\\u{" + String(s.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(s)
            }
        }
        return out
    }
}

/// A set of characters with a constant-time test for ASCII ones (a bit mask) and a hash lookup
/// only for the others: the text functions test every character of a text against such sets,
/// and hashing a `Character` (which normalizes it) costs far more than the test itself.
struct CharacterClass: Sendable {
    private var low: UInt64 = 0
    private var high: UInt64 = 0
    private let others: Set<Character>

    init(_ characters: Set<Character>) {
        var rest = Set<Character>()
        for c in characters {
            if let v = CharacterClass.ascii(c) {
                if v < 64 { low |= 1 << UInt64(v) } else { high |= 1 << UInt64(v - 64) }
            } else {
                rest.insert(c)
            }
        }
        others = rest
    }

    /// The ASCII code of a one-byte character ("\r\n" is two).
    @inline(__always) static func ascii(_ c: Character) -> UInt8? {
        c.utf8.count == 1 ? c.utf8.first : nil
    }

    /// Whether `c` is in the class.
    @inline(__always) func contains(_ c: Character) -> Bool {
        if let v = CharacterClass.ascii(c) {
            return v < 64 ? (low >> UInt64(v)) & 1 == 1 : (v < 128 && (high >> UInt64(v - 64)) & 1 == 1)
        }
        return !others.isEmpty && others.contains(c)
    }
}
