import Testing

@testable import Presentation

@Suite struct TextMeasureTests {
    @Test func calibrationStringIsAbout160Points() {
        let w = TextMeasure.width("Delete all messages?", size: 17, weight: .regular)
        #expect(abs(w - 160) < 3, "got \(w)")
    }

    @Test func semiboldIsWiderThanRegularAndSizeScales() {
        let r = TextMeasure.width("Cancel", size: 17, weight: .regular)
        let s = TextMeasure.width("Cancel", size: 17, weight: .semibold)
        #expect(s > r)
        #expect(TextMeasure.width("Cancel", size: 34) > 1.9 * r)
        #expect(TextMeasure.width("", size: 17) == 0)
    }

    @Test func cjkIsOneEmAndAccentsMeasureAsTheirBase() {
        #expect(TextMeasure.width("删除", size: 17) == 34)
        #expect(TextMeasure.width("é", size: 17) == TextMeasure.width("e", size: 17))
    }

    @Test func greedyWrapAtWordBoundaries() {
        #expect(TextMeasure.lines("", width: 230, size: 17) == 0)
        #expect(TextMeasure.lines("Delete this photo?", width: 230, size: 17, weight: .semibold) == 1)
        let lines = TextMeasure.wrap(
            "Unable to download the attachment right now", width: 230, size: 17, weight: .semibold)
        #expect(lines.count == 2)
        #expect(lines.first?.hasSuffix(" ") == false)
        #expect(lines.joined(separator: " ") == "Unable to download the attachment right now")
        // An explicit newline starts a line; an over-long word breaks between characters.
        #expect(TextMeasure.lines("One\nTwo", width: 230, size: 13) == 2)
        #expect(TextMeasure.lines(String(repeating: "W", count: 40), width: 230, size: 17) >= 2)
        // CJK wraps between characters.
        #expect(TextMeasure.lines(String(repeating: "删", count: 20), width: 230, size: 17) == 2)
    }

    @Test func alertButtonWidthsFitSideBySide() {
        for t in ["Cancel", "Delete", "Don't Allow", "Keep Editing", "Try Again"] {
            #expect(TextMeasure.width(t, size: 17, weight: .semibold) <= 110, "\(t)")
        }
    }

    @Test func titleCase() {
        #expect(Capitalization.isTitleCase("Unable to Connect"))
        #expect(Capitalization.isTitleCase("Sign In"))
        #expect(Capitalization.isTitleCase("Turn On iCloud Backup"))
        #expect(Capitalization.isTitleCase("Save to Files"))
        #expect(Capitalization.isTitleCase("Move Into Folder"))  // a capitalized minor word is fine
        #expect(Capitalization.titleCaseViolations("Unable to connect") == ["connect"])
        #expect(Capitalization.titleCaseViolations("Log in") == ["in"])  // the last word
        #expect(Capitalization.titleCaseViolations("to Do") == ["to"])  // the first word
        // RULES C15: prepositions of four or fewer letters stay lowercase ("from", "with").
        #expect(Capitalization.isTitleCase("Import from Camera"))
        #expect(Capitalization.titleCased("delete all from the list") == "Delete All from the List")
    }

    @Test func sentenceCase() {
        #expect(Capitalization.sentenceCaseViolations("Delete all messages?").isEmpty)
        #expect(Capitalization.sentenceCaseViolations("Delete All Messages?") == ["All", "Messages"])
        #expect(Capitalization.sentenceCaseViolations("Turn on Messages in Settings?").isEmpty)
        #expect(Capitalization.sentenceCaseViolations("Sign in to your Apple ID?").isEmpty)
        #expect(Capitalization.sentenceCaseViolations("check your network.") == ["check"])
        #expect(Capitalization.isSentence("Are you sure?"))
        #expect(Capitalization.isSentence("Done.”"))
        #expect(!Capitalization.isSentence("Unable to Connect"))
        #expect(
            Capitalization.sentences("Try again. E.g. tap Retry! Done") == ["Try again.", "E.g. tap Retry!", "Done"])
    }

    @Test func verbs() {
        #expect(Lexicon.startsWithVerb("View All"))
        #expect(Lexicon.startsWithVerb("Don't Allow"))
        #expect(Lexicon.startsWithVerb("OK"))
        #expect(Lexicon.startsWithVerb("Not Now"))
        #expect(Lexicon.startsWithVerb("Pin Message"))
        #expect(Lexicon.startsWithVerb("删除"))
        #expect(!Lexicon.startsWithVerb("Camera"))
        #expect(!Lexicon.startsWithVerb("Photo Library"))
        #expect(Lexicon.destructiveVerb("Sign Out") == "sign out")
        #expect(Lexicon.destructiveVerb("Empty Trash") == "empty")
        #expect(Lexicon.destructiveVerb("删除会话") == "删除")
        #expect(Lexicon.destructiveVerb("Don't Delete") == nil)
    }
}
