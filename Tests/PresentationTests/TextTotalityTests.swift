import Dispatch
import JSON
import Prototype
import TestSupport
import Testing

@testable import Presentation

/// Every text function is total: any Unicode scalar, control characters (which recursed
/// forever in `FontMetrics.advance` and crashed the server), lone combining marks, direction
/// overrides, noncharacters, a megabyte without a space, and hundreds of thousands of lines.
/// That the work is linear in the text is measured by `modallab-bench text` (each function at
/// two sizes, and the ratio of their times): a unit test asserts no time.
@Suite struct TextTotalityTests {
    static let huge = 1 << 18

    @Test func everyScalarHasAFiniteWidth() {
        var scalars: [Unicode.Scalar] = []
        for v in UInt32(0)...0x10FFFF { if let s = Unicode.Scalar(v) { scalars.append(s) } }
        var total = 0.0
        for s in scalars {
            let w = TextMeasure.width(String(s), size: 17, weight: s.value & 1 == 0 ? .regular : .semibold)
            #expect(w.isFinite && w >= 0 && w <= 17 * 1.25 + 1, "U+\(String(s.value, radix: 16)): \(w)")
            total += w
        }
        #expect(total > 0)
    }

    @Test func invisibleCharactersTakeNoWidthAndTabIsASpace() {
        let space = TextMeasure.width(" ", size: 17)
        #expect(TextMeasure.width("\t", size: 17) == space)
        #expect(
            TextMeasure.width("\t", size: 17, weight: .semibold) == TextMeasure.width(" ", size: 17, weight: .semibold))
        let zero: [String] = [
            "\u{0}", "\u{1}", "\u{1B}", "\u{1F}", "\u{7F}", "\u{80}", "\u{9B}", "\u{9F}",  // C0, DEL, C1
            "\u{301}", "\u{20E3}",  // a lone combining mark, an enclosing keycap
            "\u{200B}", "\u{200C}", "\u{200D}", "\u{2060}", "\u{FEFF}", "\u{AD}",  // zero-width, soft hyphen
            "\u{202E}", "\u{202D}", "\u{2066}", "\u{2069}", "\u{200F}", "\u{61C}",  // bidirectional controls
            "\u{FE0F}", "\u{E0100}", "\u{E0041}",  // variation selectors, a tag
            "\n", "\r", "\r\n", "\u{B}", "\u{C}", "\u{85}", "\u{2028}", "\u{2029}",  // line breaks
        ]
        for s in zero {
            #expect(TextMeasure.width(s, size: 17) == 0, "\(s.unicodeScalars.map { $0.value })")
        }
        // A control character inside a word adds nothing; noncharacters and private use take
        // the average width, as a fallback box would.
        #expect(TextMeasure.width("Dele\u{0}te", size: 17) == TextMeasure.width("Delete", size: 17))
        #expect(TextMeasure.width("\u{FFFF}", size: 17) == TextMeasure.width("\u{E000}", size: 17))
        #expect(TextMeasure.width("\u{FFFE}", size: 17) > 5)
    }

    @Test func emojiSequencesMeasureAsOneEmoji() {
        let one = TextMeasure.width("👩", size: 17)
        #expect(one == 17 * 1.25)
        for sequence in ["👨‍👩‍👧‍👦", "👍🏽", "🇫🇷", "🏳️‍🌈"] {
            #expect(TextMeasure.width(sequence, size: 17) == one, "\(sequence)")
        }
        #expect(TextMeasure.width("❤️‍🔥", size: 17) == TextMeasure.width("❤", size: 17))
        #expect(TextMeasure.width("🇫🇷🇩🇪", size: 17) == 2 * one)
        // A ZWJ between letters (Indic conjuncts) leaves both letters their width.
        #expect(TextMeasure.width("क\u{200D}ष", size: 17) == TextMeasure.width("कष", size: 17))
    }

    @Test func everyMandatoryBreakStartsALine() {
        for br in ["\n", "\r", "\r\n", "\u{B}", "\u{C}", "\u{85}", "\u{2028}", "\u{2029}"] {
            #expect(
                TextMeasure.wrap("One" + br + "Two", width: 230, size: 13) == ["One", "Two"],
                "\(br.unicodeScalars.map(\.value))")
        }
        // Tabs and the breaking spaces are break opportunities; a no-break space is not.
        #expect(
            TextMeasure.lines(Array(repeating: "word", count: 30).joined(separator: "\t"), width: 230, size: 17) > 1)
        #expect(
            TextMeasure.lines(Array(repeating: "word", count: 30).joined(separator: "\u{2009}"), width: 230, size: 17)
                > 1)
        let glued = Array(repeating: "word", count: 30).joined(separator: "\u{A0}")
        #expect(TextMeasure.wrap(glued, width: 230, size: 17).allSatisfy { !$0.hasPrefix("\u{A0}") })
    }

    @Test func controlCharactersEverywhereAreHarmless() {
        let nasty = [
            "\t", "\u{0}", "Delete\tAll?", "\u{1}\u{2}\u{3}", "\u{202E}Delete\u{202C} photo?", "\u{301}\u{301}Cancel",
            "e\u{301}\u{302}\u{303}", "Sign\u{200D}In", "\u{FFFF}\u{FFFE}", "\u{7F}\u{85}\u{9F}", "OK\r\nCancel",
            "\u{1B}[31mred", "🇫", "‍", "\u{E0001}\u{E0041}",
        ]
        for t in nasty {
            _ = TextMeasure.lines(t, width: 230, size: 17, weight: .semibold)
            _ = TextMeasure.wrap(t, width: 1, size: 17)
            _ = Capitalization.titleCaseViolations(t)
            _ = Capitalization.titleCased(t)
            _ = Capitalization.sentenceCaseViolations(t)
            _ = Capitalization.sentences(t)
            _ = Capitalization.isSentence(t)
            _ = Lexicon.startsWithVerb(t)
            _ = Lexicon.destructiveVerb(t)
            _ = LintChecks.tokens(t)
            _ = LintChecks.explainedButton("Tap " + t, tokens: LintChecks.tokens("Tap " + t), titles: [t, "Cancel"])
            _ = Suggest.nearest(t, in: ["dismiss", t + "x", "\u{0}"])
        }
        #expect(Capitalization.titleCaseViolations("Delete\tall") == ["all"])
        #expect(Capitalization.titleCased("delete\tall") == "Delete\tAll")
        #expect(LintChecks.wordCount("Turn\tOn\nNow") == 3)
    }

    @Test func aHugeWordIsMeasuredWhole() {
        let word = String(repeating: "W", count: 1 << 20)  // a megabyte without a space
        let marks = "a" + String(repeating: "\u{301}", count: Self.huge / 4)  // one character of 64 Ki scalars
        for (name, s) in [("word", word), ("marks", marks)] {
            #expect(TextMeasure.width(s, size: 17) >= 0, "\(name)")
            #expect(TextMeasure.lines(s, width: 230, size: 17) >= 1, "\(name)")
            _ = Capitalization.titleCaseViolations(s)
            _ = Capitalization.titleCased(s)
            _ = Capitalization.sentences(s + ".")
            _ = Lexicon.startsWithVerb(s)
            _ = LintChecks.tokens(s)
            #expect(Suggest.nearest(s, in: [s + "x", "dismiss"]) == nil, "\(name)")
        }
        #expect(TextMeasure.lines(word, width: 230, size: 17) > 1000)
    }

    @Test func countingLinesCanStopEarly() {
        let text = String(repeating: "Two words\n", count: 10_000)
        #expect(TextMeasure.lines(text, width: 230, size: 13, upTo: 100) == 100)
        #expect(TextMeasure.lines(text, width: 230, size: 13) == 10_001)
        #expect(TextMeasure.lines(String(repeating: "W", count: 10_000), width: 230, size: 17, upTo: 3) == 3)
        #expect(LintChecks.lineCount("", width: 230, size: 13, weight: .regular) == 0)
        #expect(LintChecks.judged(String(repeating: "é", count: 5000)).count == LintChecks.judgedLength)
    }

    @Test func manyWordsAndLinesAreCountedWhole() {
        let words = String(repeating: "a ", count: Self.huge / 2)
        let lines = String(repeating: "\n", count: Self.huge)
        let abbreviations = String(repeating: "e.g. ", count: Self.huge / 5)
        #expect(TextMeasure.lines(lines, width: 230, size: 13) == Self.huge + 1)
        #expect(TextMeasure.lines(words, width: 230, size: 13) > 100)
        #expect(Capitalization.titleCased(words).hasPrefix("A a a"))
        _ = Capitalization.titleCaseViolations(words)
        _ = Capitalization.sentenceCaseViolations(words)
        #expect(Capitalization.sentences(abbreviations).count == 1)
        #expect(Capitalization.sentences(String(repeating: "Go. ", count: Self.huge / 4)).count == Self.huge / 4)
    }

    @Test func explainedButtonsAreFoundInALongMessage() {
        // Every "ab" is a match to look at (none is quoted or after a verb); the long title is a
        // long needle.
        let message = String(repeating: "xx ab ", count: Self.huge / 6) + "Tap “Delete”."
        let found = LintChecks.explainedButton(
            message, tokens: LintChecks.tokens(message),
            titles: ["ab", String(repeating: "ab xx ", count: 2000) + "ab", "Delete"])
        #expect(found?.variant == "quoted" && found?.title == "Delete")
        // The same findings as before the linear search.
        func explained(_ m: String) -> (variant: String, title: String, word: String)? {
            LintChecks.explainedButton(m, tokens: LintChecks.tokens(m), titles: ["Delete"])
        }
        #expect(explained("Tap “Delete” to go on.")?.variant == "quoted")
        #expect(explained("Tap delete to go on.")?.word == "delete")
        #expect(explained("Undeleted items stay.") == nil)
    }

    @Test func searchFindsWhatANaiveSearchFinds() {
        var rng = SplitMix64(seed: 12)
        for _ in 0..<2000 {
            let hay = (0..<Int.random(in: 0...40, using: &rng)).map { _ in Int.random(in: 0...2, using: &rng) }
            let needle = (0..<Int.random(in: 1...4, using: &rng)).map { _ in Int.random(in: 0...2, using: &rng) }
            var naive: [Int] = []
            var i = 0
            while i + needle.count <= hay.count {
                if Array(hay[i..<(i + needle.count)]) == needle {
                    naive.append(i)
                    i += needle.count
                } else {
                    i += 1
                }
            }
            #expect(TextSearch.occurrences(of: needle, in: hay) == naive, "\(needle) in \(hay)")
        }
    }

    @Test func visibleEscapesWhatWouldHideOrMove() {
        #expect(TextScalars.visible("a\tb\u{1B}[2J\u{202E}c\u{9B}") == #"a\u{9}b\u{1B}[2J\u{202E}c\u{9B}"#)
        #expect(TextScalars.visible(String(repeating: "x", count: 500)).unicodeScalars.count == 121)
        #expect(TextScalars.reportableControls("a\tb\r\nc\u{0}\t\u{85}") == ["U+0009", "U+0000", "U+0085"])
    }
}

@Suite struct SuggestTests {
    /// The plain quadratic Levenshtein distance.
    func reference(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        var d = Array(0...b.count)
        for i in 1..<(a.count + 1) {
            var prev = d[0]
            d[0] = i
            for j in 1..<(b.count + 1) {
                let t = d[j]
                d[j] = min(d[j] + 1, d[j - 1] + 1, prev + (a[i - 1] == b[j - 1] ? 0 : 1))
                prev = t
            }
        }
        return d[b.count]
    }

    @Test func bandedDistanceAgreesWithTheFullTable() {
        var rng = SplitMix64(seed: 7)
        let alphabet: [Unicode.Scalar] = ["a", "b", "c", "\u{0}", "\u{301}"]
        for _ in 0..<3000 {
            let a = (0..<Int.random(in: 0...12, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }
            let b = (0..<Int.random(in: 0...12, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }
            let full = reference(a, b)
            #expect(Suggest.distance(a, b) == full)
            for limit in 0...6 {
                #expect(Suggest.distance(a, b, limit: limit) == (full <= limit ? full : nil), "\(a) \(b) \(limit)")
            }
        }
    }

    @Test func suggestionsFindTheNearestAmongLongCandidates() {
        // A thousand 64-scalar candidates against a 64-scalar word, ten times (how fast the band
        // keeps it: `modallab-bench text`).
        var rng = SplitMix64(seed: 3)
        let candidates = (0..<1000).map { _ in
            String((0..<64).map { _ in Character(Unicode.Scalar(UInt8.random(in: 97...122, using: &rng))) })
        }
        for c in candidates.prefix(10) {
            #expect(Suggest.nearest(String(c.dropLast()) + "!", in: candidates) == c)
        }
        #expect(Suggest.nearest(String(repeating: "a", count: 65), in: [String(repeating: "a", count: 64)]) == nil)
        #expect(Suggest.nearest("dismis", in: ["dismiss", "dismissAll"]) == "dismiss")
        #expect(Suggest.nearest("dismiss", in: ["dismiss", "dismis"]) == nil)
        #expect(Suggest.nearest("Mail", in: ["mail", "nail"]) == "mail")
    }
}
