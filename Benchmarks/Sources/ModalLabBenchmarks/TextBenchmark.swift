import Dispatch
import JSON
import Presentation

/// `text.<function>`: each text function the linter and the frame layout run on people's text,
/// on a long input and on one twice as long (a megabyte without a space, a quarter of a million
/// lines or words, 64 Ki combining marks on one letter, "e.g. " over and over). Prints the
/// fastest of 3 runs at each size and their ratio: about 2 where the work is linear in the text,
/// about 4 where it is quadratic (what `TextTotalityTests` once bounded in wall-clock time, as
/// a unit test no longer does). Then `text.suggest`: the "did you mean" search of a 64-letter
/// word among 1,000 candidates as long.
func textBenchmark() throws {
    let n = 1 << 18
    func fastest(_ body: () -> Void) -> Double {
        var best = Double.infinity
        for _ in 0..<3 {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        return best
    }
    func shown(_ ms: Double) -> String { String(Double(Int(ms * 100)) / 100) }
    /// Times `body` on `input(n)` and `input(2n)`.
    func run(_ name: String, _ input: (Int) -> String, _ body: (String) -> Void) {
        let small = input(n)
        let large = input(2 * n)
        let a = fastest { body(small) }
        let b = fastest { body(large) }
        print(
            "text.\(name) n=\(small.unicodeScalars.count) ms=\(shown(a)) ms_2n=\(shown(b)) ratio=\(shown(b / max(a, 0.001)))"
        )
    }
    let word = { (k: Int) in String(repeating: "W", count: 4 * k) }
    let marks = { (k: Int) in "a" + String(repeating: "\u{301}", count: k / 4) }
    let words = { (k: Int) in String(repeating: "a ", count: k / 2) }
    let lines = { (k: Int) in String(repeating: "\n", count: k) }
    let sentences = { (k: Int) in String(repeating: "Go. ", count: k / 4) }
    let abbreviations = { (k: Int) in String(repeating: "e.g. ", count: k / 5) }

    run("width_word", word) { _ = TextMeasure.width($0, size: 17) }
    run("lines_word", word) { _ = TextMeasure.lines($0, width: 230, size: 17) }
    run("width_marks", marks) { _ = TextMeasure.width($0, size: 17) }
    run("lines_lines", lines) { _ = TextMeasure.lines($0, width: 230, size: 13) }
    run("lines_words", words) { _ = TextMeasure.lines($0, width: 230, size: 13) }
    run("title_cased_words", words) { _ = Capitalization.titleCased($0) }
    run("title_case_words", words) { _ = Capitalization.titleCaseViolations($0) }
    run("sentence_case_words", words) { _ = Capitalization.sentenceCaseViolations($0) }
    run("sentences", sentences) { _ = Capitalization.sentences($0) }
    run("sentences_abbreviations", abbreviations) { _ = Capitalization.sentences($0) }
    run("verb_word", word) { _ = Lexicon.startsWithVerb($0) }
    run("suggest_word", word) { _ = Suggest.nearest($0, in: [$0 + "x", "dismiss"]) }

    // Letters that differ from candidate to candidate at every place (the same on every run).
    func letter(_ i: Int, _ j: Int) -> Character {
        let k: Int = (i * 7 + j * j * 13 + i * j) % 26
        return Character(Unicode.Scalar(UInt8(97 + k)))
    }
    let candidates = (0..<1000).map { i in String((0..<64).map { j in letter(i, j) }) }
    let ms = fastest {
        for c in candidates.prefix(10) { _ = Suggest.nearest(String(c.dropLast()) + "!", in: candidates) }
    }
    print("text.suggest_1000_candidates ms_per_word=\(shown(ms / 10))")
}
