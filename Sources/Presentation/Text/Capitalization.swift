import Foundation

/// Title-style and sentence-style capitalization (docs/rules.md), for `alert.title-case-punct`,
/// `alert.message-sentence` and `button.title-case`.
///
/// Title style: capitalize the first and the last word and every word except articles (a, an,
/// the), coordinating conjunctions (and, but, for, nor, or, so, yet) and prepositions of **four or
/// fewer** letters (RULES C15 resolves S2's "fewer than four" as a mistranslation of Apple's "four
/// or fewer"). Sentence style: only the first word and proper nouns are capitalized.
///
/// The checks are deliberately lenient where English is ambiguous: a capitalized minor word is
/// never a fault ("Sign In", "Turn On" are phrasal verbs); words with inner capitals or digits
/// (iCloud, AirDrop, ID, 2FA), words in the proper-noun allowlist, and words without cased letters
/// (CJK) are not judged.
public enum Capitalization {
    /// Words title style keeps lowercase inside a title: docs/rules.md's list, plus the few other
    /// prepositions of four or fewer letters (as, amid, atop, down, past, upon, till, than, vs).
    public static let minorWords: Set<String> = [
        "a", "an", "the", "and", "but", "for", "nor", "or", "so", "yet",
        "at", "by", "in", "of", "off", "on", "out", "per", "to", "up", "via", "from", "into", "like", "near",
        "onto", "over", "with",
        "as", "amid", "atop", "down", "past", "upon", "till", "than", "vs", "vs.",
    ]

    /// Product names and other proper nouns that keep their capitals in sentence style. The
    /// linter adds the prototype's name and its `lint.productNames`.
    public static let properNouns: Set<String> = [
        "Apple", "iPhone", "iPad", "Mac", "iCloud", "Siri", "Safari", "Wi-Fi", "Bluetooth", "AirDrop", "AirPlay",
        "FaceTime", "CarPlay", "Keychain", "English", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday",
        "Saturday", "Sunday", "January", "February", "March", "April", "June", "July", "August", "September",
        "October", "November", "December", "I", "OK", "Google", "Microsoft", "Facebook", "Instagram", "WeChat",
        "Dropbox", "Gmail", "Outlook",
    ]

    /// Apps and settings whose names are common nouns (Messages, Photos, Settings…): proper nouns
    /// unless a determiner comes before them ("Open Messages?" but "Delete All Messages?").
    public static let appNames: Set<String> = [
        "Messages", "Photos", "Camera", "Settings", "Mail", "Music", "Notes", "Reminders", "Calendar", "Contacts",
        "Files", "Health", "Home", "Wallet", "Maps", "Weather", "Clock", "News", "Podcasts", "Books", "Shortcuts",
        "Trash", "Inbox", "Drafts", "Archive",
    ]

    static let determiners: Set<String> = [
        "a", "an", "the", "all", "your", "my", "our", "their", "his", "her", "its", "these", "those", "this", "that",
        "some", "any", "no", "every", "each", "new", "old", "selected", "both",
    ]

    /// A word of a title or sentence, as the capitalization checks see it.
    struct Word {
        /// The word without surrounding punctuation and quotes.
        var text: String
        /// Whether its first letter is uppercase / lowercase (both false when it has no cased letter).
        var upper: Bool
        var lower: Bool
        /// Words not judged: inner capitals, digits, all-caps acronyms, no cased letters.
        var special: Bool
        /// Whether a colon, dash or sentence end precedes it (it starts a new unit).
        var startsUnit: Bool
        /// Whether it was quoted.
        var quoted: Bool
        /// Where ``text`` is in the text it came from.
        var range: Range<String.Index>
    }

    static let quoteChars = CharacterClass(["\"", "'", "“", "”", "‘", "’", "«", "»", "「", "」", "(", ")", "[", "]"])
    /// Quotes and the Spanish opening marks, stripped from the front of a word.
    static let leadingMarks = CharacterClass([
        "\"", "'", "“", "”", "‘", "’", "«", "»", "「", "」", "(", ")", "[", "]", "¿", "¡",
    ])

    static let trailingPunctuation = CharacterClass([".", ",", ";", ":", "!", "?", "…"])
    /// Quotes and trailing punctuation, stripped from the end of a word.
    static let trailingMarks = CharacterClass([
        "\"", "'", "“", "”", "‘", "’", "«", "»", "「", "」", "(", ")", "[", "]", ".", ",", ";", ":", "!", "?", "…",
    ])
    static let unitEnders = CharacterClass([".", ":", "!", "?", "…", "—"])
    static let sentenceEnders = CharacterClass([".", ":", "!", "?"])
    static let closers = CharacterClass(["\"", "”", "’", "'", ")", "）", "」", "』"])
    static let terminal = CharacterClass([".", "?", "!", "。", "？", "！"])
    static let fullWidthTerminal = CharacterClass(["。", "？", "！"])
    static let halfWidthTerminal = CharacterClass([".", "?", "!", "…"])
    /// The dashes that stand alone between words ("Sign In — Now").
    static let dashes = CharacterClass(["—", "–", "-"])

    /// The words of `text`, split at spaces and line breaks (``TextScalars/separatesWords(_:)``),
    /// without the quotes and punctuation around them. Linear in the length of `text`.
    static func words(_ text: String) -> [Word] {
        var out: [Word] = []
        var nextStartsUnit = true
        for raw in text.split(whereSeparator: TextScalars.separatesWords) {
            var s = raw
            var quoted = false
            while let f = s.first, leadingMarks.contains(f) {
                quoted = quoted || (f != "(" && f != "[")
                s = s.dropFirst()
            }
            var trailing: Character? = nil
            while let l = s.last, trailingMarks.contains(l) {
                if unitEnders.contains(l) { trailing = l }
                s = s.dropLast()
            }
            let startsUnit = nextStartsUnit
            nextStartsUnit = trailing.map { sentenceEnders.contains($0) } ?? false
            if raw.utf8.count <= 3, raw.count == 1, let dash = raw.first, dashes.contains(dash) {
                nextStartsUnit = true
                continue
            }
            guard let first = s.first(where: { isLetterFast($0) || $0.isNumber }) else { continue }
            // Judge the first segment of a hyphenated word ("Sign-In", "Wi-Fi"): inner capitals
            // (iCloud, AirDrop), all caps (ID, USB), digits, or no cased letter make it special.
            var cased = 0
            var firstCasedIsLower = false
            var laterUpper = false
            var anyUpper = false
            var digit = false
            var inHead = true
            for ch in s {
                if CharacterClass.ascii(ch) == 0x2D {  // "-"
                    inHead = false
                    continue
                }
                if let a = ch.asciiValue, a >= 48 && a <= 57 {
                    digit = true
                    continue
                }
                guard inHead else { continue }
                let up = isUpperFast(ch)
                let low = !up && isLowerFast(ch)
                guard up || low else { continue }
                if cased == 0 { firstCasedIsLower = low } else if up { laterUpper = true }
                anyUpper = anyUpper || up
                cased += 1
            }
            let special = cased == 0 || digit || laterUpper || (firstCasedIsLower && anyUpper)
            out.append(
                Word(
                    text: String(s), upper: isUpperFast(first), lower: isLowerFast(first), special: special,
                    startsUnit: startsUnit, quoted: quoted, range: s.startIndex..<s.endIndex))
        }
        return out
    }

    /// Character properties with an ASCII fast path (the Unicode tables are slow).
    @inline(__always) static func isUpperFast(_ c: Character) -> Bool {
        if let a = c.asciiValue { return a >= 65 && a <= 90 }
        return c.isUppercase
    }
    @inline(__always) static func isLowerFast(_ c: Character) -> Bool {
        if let a = c.asciiValue { return a >= 97 && a <= 122 }
        return c.isLowercase
    }
    @inline(__always) static func isLetterFast(_ c: Character) -> Bool {
        if let a = c.asciiValue { return (a | 0x20) >= 97 && (a | 0x20) <= 122 }
        return c.isLetter
    }

    static func isMinor(_ w: Word) -> Bool { minorWords.contains(w.text.lowercased()) }

    /// The words of `text` that title style would capitalize but that are lowercase.
    /// An empty result means `text` is in title style (as far as the lenient check can tell).
    public static func titleCaseViolations(_ text: String) -> [String] {
        let ws = words(text)
        var bad: [String] = []
        for (i, w) in ws.enumerated() where !w.special && w.lower {
            let edge = i == 0 || i == ws.count - 1 || w.startsUnit
            if edge || !isMinor(w) { bad.append(w.text) }
        }
        return bad
    }

    /// Whether `text` is in title style.
    public static func isTitleCase(_ text: String) -> Bool { titleCaseViolations(text).isEmpty }

    /// The words that break sentence style in one sentence: a lowercase first word, or a run of
    /// capitalized ordinary words that makes it title style (two or more, and every ordinary word
    /// after the first capitalized). Proper nouns, acronyms and quoted words are not counted.
    public static func sentenceCaseViolations(_ sentence: String, properNouns extra: Set<String> = []) -> [String] {
        let ws = words(sentence)
        guard let first = ws.first else { return [] }
        if !first.special && first.lower { return [first.text] }
        var capitalized: [String] = []
        var ordinary = 0
        for (k, w) in ws.enumerated().dropFirst() where !w.special && !w.startsUnit && !w.quoted {
            if isMinor(w) { continue }
            let afterDeterminer = determiners.contains(ws[k - 1].text.lowercased())
            let proper =
                properNouns.contains(w.text) || extra.contains(w.text)
                || (appNames.contains(w.text) && !afterDeterminer)
            if proper { continue }
            ordinary += 1
            if w.upper { capitalized.append(w.text) }
        }
        return capitalized.count >= 2 && capitalized.count == ordinary ? capitalized : []
    }

    /// `text` in title style (a suggestion for messages): majors capitalized, minors lowercased.
    /// Built in one pass over the words (each replaced where it stands), so linear in the length.
    public static func titleCased(_ text: String) -> String {
        let ws = words(text)
        var result = ""
        var from = text.startIndex
        for (i, w) in ws.enumerated() where !w.special {
            let edge = i == 0 || i == ws.count - 1 || w.startsUnit
            result += text[from..<w.range.lowerBound]
            if edge || !isMinor(w) {
                result += w.text.prefix(1).uppercased() + w.text.dropFirst()
            } else {
                result += w.text.lowercased()
            }
            from = w.range.upperBound
        }
        result += text[from...]
        return result
    }

    /// Whether `text` is a sentence: it ends in `.`, `?` or `!` (or their full-width forms),
    /// closing quotes aside. docs/rules.md: "a title ending in `.`, `?` or `!` is a sentence".
    public static func isSentence(_ text: String) -> Bool {
        var t = Substring(text.trimmed)
        while let l = t.last, closers.contains(l) { t = t.dropLast() }
        guard let l = t.last else { return false }
        return terminal.contains(l)
    }

    /// Abbreviations whose period does not end a sentence.
    static let abbreviations: Set<String> = [
        "e.g.", "i.e.", "etc.", "vs.", "mr.", "mrs.", "ms.", "dr.", "st.", "approx.", "no.", "inc.", "ltd.",
    ]

    /// The longest of ``abbreviations``, in characters.
    static let longestAbbreviation = abbreviations.map(\.count).max() ?? 0

    /// The sentences of a message: split after `.`, `?`, `!` (and `。？！`) followed by a space or
    /// the end, not after common abbreviations. Linear in the length of `text`.
    public static func sentences(_ text: String) -> [String] {
        var out: [String] = []
        let chars = Array(text)
        var sentenceStart = 0
        /// Ends the sentence that started at `sentenceStart` after `end` (inclusive).
        func cut(after end: Int) {
            let s = String(chars[sentenceStart...end]).trimmed
            if !s.isEmpty { out.append(s) }
            sentenceStart = end + 1
        }
        /// The word that ends at `end` (inclusive), lowercased, when it is short enough to be an
        /// abbreviation; only the last few characters are looked at.
        func shortWord(endingAt end: Int) -> String? {
            var k = end
            while k >= sentenceStart && !TextScalars.separatesWords(chars[k]) {
                if end - k >= longestAbbreviation { return nil }
                k -= 1
            }
            return String(chars[(k + 1)...end]).lowercased()
        }
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if fullWidthTerminal.contains(c) {
                // Full-width ends need no space after them.
                while i + 1 < chars.count, closers.contains(chars[i + 1]) { i += 1 }
                cut(after: i)
            } else if halfWidthTerminal.contains(c) {
                var j = i + 1
                while j < chars.count, closers.contains(chars[j]) { j += 1 }
                let atEnd = j >= chars.count
                let spaced = !atEnd && chars[j].isWhitespace
                if atEnd || spaced {
                    let abbreviation =
                        CharacterClass.ascii(c) == 0x2E
                        && shortWord(endingAt: i).map { abbreviations.contains($0) } ?? false
                    if !abbreviation {
                        i = j - 1
                        cut(after: i)
                    }
                }
            }
            i += 1
        }
        if sentenceStart < chars.count { cut(after: chars.count - 1) }
        return out
    }
}
