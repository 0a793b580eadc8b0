import JSON
import Prototype
import Testing

@testable import Presentation

/// What the linter says about the format itself: segmented values, did-you-mean on structure
/// without the errors that follow from it, and format errors in the reader's language.
@Suite struct LintFormatTests {
    /// A one-screen prototype with `content` (JSON members of the screen's content array).
    static func screen(content: String, extra: String = "") -> [UInt8] {
        Array(
            #"{"format": "modallab/1", "id": "x", "start": "home", "screens": [{"id": "home", "title": "Home", "content": [\#(content)]}]\#(extra)}"#
                .utf8)
    }

    /// "severity rule path" of each diagnostic.
    static func findings(_ report: LintReport) -> [String] {
        report.diagnostics.map { "\($0.severity.rawValue) \($0.rule) \($0.path ?? "")" }
    }

    // MARK: segmented values

    static let five = #"{"type": "segmented", "id": "speed", "segments": ["1", "2", "3", "4", "5"], "value": "#

    @Test func aSegmentedValueIsAnIndexWithinTheSegments() throws {
        // In range: clean, and the index is what the model holds (4 is "5", never also "4").
        let ok = Linter().lint(file: Self.screen(content: Self.five + "4}"))
        #expect(ok.diagnostics.isEmpty, "\(ok.diagnostics)")
        let control = try #require(ok.prototype?.screens[0].content[0])
        #expect(control.selectedSegment == 4)
        #expect(control.selectedSegment(for: nil) == 4)
        #expect(control.selectedSegment(for: .string("4")) == 3)
        #expect(control.selectedSegment(for: .number(0)) == 0)
        #expect(control.selectedSegment(for: .number(9)) == nil)
        // Out of range, negative, a fraction, a title, an index as a string: errors at the value.
        for bad in ["7", "5", "-1", "1.5", #""4""#, "true"] {
            let report = Linter().lint(file: Self.screen(content: Self.five + bad + "}"))
            #expect(Self.findings(report) == ["error format $.screens[0].content[0].value"], "value \(bad)")
            #expect(report.exitStatus == 1)
            #expect(report.diagnostics.first?.message.contains("zero-based index") == true, "\(report.diagnostics)")
        }
        let seven = Linter().lint(file: Self.screen(content: Self.five + "7}")).diagnostics[0].message
        #expect(seven.contains("0–4 for 5 segments") && seven.hasSuffix("found 7"), "\(seven)")
        let title = Linter().lint(file: Self.screen(content: Self.five + #""4"}"#)).diagnostics[0].message
        #expect(title.contains(#"the segment "4" is index 3"#), "\(title)")
        // Without a value no segment is selected, and that is fine.
        #expect(
            Linter().lint(file: Self.screen(content: #"{"type": "segmented", "id": "s", "segments": ["A"]}"#))
                .diagnostics.isEmpty)
    }
}

// MARK: did-you-mean on structure, without cascades

extension LintFormatTests {
    /// A player screen whose bar is misspelt `bar`; its Speed button presents a popover that
    /// points at it.
    static func player(bar: String, source: String = "speed-button") -> [UInt8] {
        Array(
            #"""
            {"format": "modallab/1", "id": "player", "start": "now-playing", "devices": ["iphone-16", "ipad-pro-11"],
             "screens": [{"id": "now-playing", "title": "Now Playing",
               "\#(bar)": {"trailing": [{"id": "speed-button", "title": "Speed", "action": {"present": "speed"}}]},
               "content": [{"type": "button", "id": "speed-1", "title": "1×"}, {"type": "button", "id": "speed-2", "title": "2×"}]}],
             "modals": [{"id": "speed", "style": "popover", "source": "\#(source)", "title": "Speed",
               "navigationBar": {"trailing": [{"id": "done", "title": "Done", "role": "done", "action": "dismiss"}]},
               "content": [{"type": "list", "id": "speeds", "items": [{"id": "one", "title": "1×", "action": "dismiss"}]}]}]}
            """#.utf8)
    }

    @Test(arguments: ["navBar", "nav", "navigation", "navbar", "navigationbar", "navigationBr"])
    func aMisspeltBarSuggestsNavigationBarAndNothingCascades(_ bar: String) throws {
        let report = Linter().lint(file: Self.player(bar: bar))
        let errors = report.diagnostics.filter { $0.severity == .error }
        #expect(errors.map { "\($0.rule) \($0.path ?? "")" } == ["format.unknown-key $.screens[0].\(bar)"], "\(errors)")
        #expect(errors.first?.message == #"unknown member "\#(bar)" (did you mean "navigationBar"?)"#)
        // The popover's source is in the skipped bar: not "names no control", but a consequence.
        let source = try #require(report.diagnostics.first { $0.path == "$.modals[0].source" })
        #expect(source.severity == .warning)
        #expect(
            source.message.hasSuffix(
                #" — it is inside $.screens[0].\#(bar) (did you mean "navigationBar"?), which was not read: fix that first"#
            ),
            "\(source.message)")
        #expect(!report.diagnostics.contains { $0.message.contains("did you mean \"speed-1\"") })
        // Fixed, it lints without format issues.
        let fixed = Linter().lint(file: Self.player(bar: "navigationBar"))
        #expect(!fixed.diagnostics.contains { $0.rule.hasPrefix("format") }, "\(fixed.diagnostics)")
    }

    @Test func anIDSuggestionPrefersASharedPrefix() {
        let report = Linter().lint(file: Self.player(bar: "navigationBar", source: "speed-btn"))
        let source = report.diagnostics.first { $0.path == "$.modals[0].source" }
        #expect(source?.severity == .error)
        #expect(
            source?.message == #""source" names no control: "speed-btn" (did you mean "speed-button"?)"#,
            "\(report.diagnostics)")
        #expect(Suggest.nearest("speed-btn", in: ["speed-1", "speed-2", "speed-button"]) == "speed-button")
        // Abbreviations too far for the edit distance: part by part, letters in order.
        #expect(Suggest.nearest("play-btn", in: ["play-1", "pause-button", "play-button"]) == "play-button")
        #expect(Suggest.nearest("msg-list", in: ["message-list", "mail-list"]) == "message-list")
        #expect(Suggest.nearest("play-btn", in: ["play-bar-button", "pin-tab"]) == nil)
        #expect(Suggest.nearest("xbtn", in: ["button"]) == nil)
        // The control that opens the modal comes first among near ones.
        #expect(Suggest.nearest("sort-bt", in: ["sort-bi", "sort-by"], preferring: ["sort-by"]) == "sort-by")
        #expect(Suggest.nearest("sort-bt", in: ["sort-bi", "sort-by"]) == "sort-bi")
    }

    @Test func aReferenceToAnotherKindOfElementSaysWhichKind() {
        let doc = #"""
            {"format": "modallab/1", "id": "x", "start": "home", "screens": [{"id": "home", "title": "Home",
              "content": [{"type": "button", "id": "open", "title": "Open", "action": {"present": "home"}}]}]}
            """#
        let d = Linter().lint(file: Array(doc.utf8)).diagnostics
        #expect(
            d.map(\.message) == [#""present" names "home", the id of a screen, not of a modal"#], "\(d)")
    }

    /// A member at the wrong place, a synonym of the format's word, or a member of another
    /// kind of control: each suggests what the format calls it there.
    @Test(arguments: [
        (
            #""toolbarItems": []"#, "$.screens[0].toolbarItems",
            #"unknown member "toolbarItems" (did you mean "toolbar"?)"#
        ),
        (#""bottomBar": []"#, "$.screens[0].bottomBar", #"unknown member "bottomBar" (did you mean "toolbar"?)"#),
        (
            #""detents": ["medium"]"#, "$.screens[0].detents",
            #"unknown member "detents" ("detents" is a member of a modal, not of a screen)"#
        ),
        (
            #""content": [{"type": "segmented", "id": "s", "items": ["A", "B"]}]"#, "$.screens[0].content[0].items",
            #""items" has no effect on a segmented (did you mean "segments"?)"#
        ),
        (
            #""content": [{"type": "list", "id": "l", "segments": ["A"]}]"#, "$.screens[0].content[0].segments",
            #""segments" has no effect on a list (did you mean "items"?)"#
        ),
        (
            #""content": [{"type": "button", "id": "b", "title": "Go", "style": "destructive"}]"#,
            "$.screens[0].content[0].style", #"unknown member "style" (did you mean "role"?)"#
        ),
        (
            #""content": [{"type": "button", "id": "b", "titel": "Go"}]"#, "$.screens[0].content[0].titel",
            #"unknown member "titel" (did you mean "title"?)"#
        ),
    ])
    func structuralTyposSuggestTheFormatsWord(_ members: String, _ path: String, _ message: String) {
        let doc = #"{"format": "modallab/1", "id": "x", "start": "home", "screens": [{"id": "home", \#(members)}]}"#
        let d = Linter().lint(file: Array(doc.utf8)).diagnostics.filter { $0.path == path }
        #expect(d.map(\.message) == [message], "\(Linter().lint(file: Array(doc.utf8)).diagnostics)")
    }

    @Test func buttonsOnAnAlertAreActions() {
        let doc = #"""
            {"format": "modallab/1", "id": "x", "start": "home", "screens": [{"id": "home"}],
             "modals": [{"id": "a", "style": "alert", "title": "Delete this?", "buttons": [{"title": "Cancel"}]}]}
            """#
        let d = Linter().lint(file: Array(doc.utf8)).diagnostics.filter { $0.rule.hasPrefix("format") }
        #expect(d.map(\.message) == [#"unknown member "buttons" (did you mean "actions"?)"#], "\(d)")
    }
}

// MARK: format errors in the reader's language

extension LintFormatTests {
    @Test func formatErrorsAndHintsInSimplifiedChinese() {
        let zh = Linter(language: .zhHans).lint(file: Self.player(bar: "navBar")).diagnostics
        let unknown = zh.first { $0.rule == "format.unknown-key" }
        #expect(unknown?.message == #"未知成员 "navBar"（是否要写 "navigationBar"？）"#, "\(zh)")
        let source = zh.first { $0.path == "$.modals[0].source" }
        #expect(
            source?.message
                == #""source" 没有指向任何控件："speed-button"——它位于 $.screens[0].navBar（是否要写 "navigationBar"？），那里未被读取：请先修正那里"#
        )
        // Every kind of format issue is in Chinese, and the prototype's own text is not translated.
        let doc = #"""
            {"format": "modallab/1", "id": "X", "start": "nowhere", "devices": ["iphone-61"], "tint": "blue",
             "screens": [{"id": "home", "title": 3, "content": [
               {"type": "segmented", "id": "speed", "segments": ["Slow", "Fast"], "value": "Fast"},
               {"type": "button", "id": "go", "title": "Go", "action": "dismis"}]}],
             "modals": [{"id": "m", "style": "pagesheet"}, {"id": "n"}],
             "lint": {"disable": ["alert.buton-count"]}}
            """#
        let en = Linter().lint(file: Array(doc.utf8)).diagnostics
        let chinese = Linter(language: .zhHans).lint(file: Array(doc.utf8)).diagnostics
        #expect(en.count == chinese.count && en.count >= 9, "\(en)")
        #expect(en.map(\.rule) == chinese.map(\.rule) && en.map(\.path) == chinese.map(\.path))
        for (e, z) in zip(en, chinese) {
            #expect(z.message.unicodeScalars.contains { FontMetrics.isWide($0.value) }, "not Chinese: \(z.message)")
            #expect(z.message != e.message)
        }
        #expect(chinese.contains { $0.message == #"应为所选分段从 0 开始的索引（整数）；实际为 "Fast"（分段 "Fast" 的索引为 1）"# }, "\(chinese)")
        #expect(chinese.contains { $0.message == #"应为字符串，实际为 3"# })
        #expect(chinese.contains { $0.message.hasPrefix(#"应为以下之一："#) && $0.message.hasSuffix(#"（是否要写 "pageSheet"？）"#) })
        #expect(chinese.contains { $0.message == #"缺少必需的成员 "style"（应为呈现样式）"# }, "\(chinese)")
    }

    @Test func limitsAreNamedInSimplifiedChinese() {
        let long = String(repeating: "a", count: 10_001)
        let doc = Self.screen(content: #"{"type": "text", "id": "t", "text": "\#(long)"}"#)
        let zh = Linter(language: .zhHans).lint(file: doc).diagnostics
        #expect(
            zh.map(\.message) == ["一个 10001 个 Unicode 标量长的字符串：超出限制 stringLength = 10000"], "\(zh)")
        #expect(
            Linter().lint(file: doc).diagnostics.map(\.message) == [
                "a string of 10001 Unicode scalars: over the limit stringLength = 10000"
            ])
    }

    @Test func theTableHasEveryMessageInBothLanguages() {
        for key in FormatMessage.Key.allCases where key != .literal {
            let t = key.template
            #expect(!t.en.isEmpty && !t.zhHans.isEmpty, "\(key)")
            #expect(t.zhHans.unicodeScalars.contains { FontMetrics.isWide($0.value) }, "\(key): \(t.zhHans)")
            #expect(!t.en.unicodeScalars.contains { FontMetrics.isWide($0.value) }, "\(key): \(t.en)")
            func placeholders(_ s: String) -> Set<String> {
                Set(s.matches(of: /\{([a-z]+)\}/).map { String($0.output.1) })
            }
            #expect(placeholders(t.en) == placeholders(t.zhHans), "\(key)")
        }
        // The reader's own English and the table's are the same words.
        let errors: [JSONShapeError] = [
            JSONShapeError(path: .root, reason: .mismatch(expected: .integer, found: .object(JSONObject()))),
            JSONShapeError(path: .root, reason: .notOneOf(cases: ["a", "b"], found: "c", suggestion: "a")),
            JSONShapeError(path: .root, reason: .missing(member: "id", expected: "a screen id")),
            JSONShapeError(path: .root, reason: .unknownMember("titel", suggestion: "title")),
        ]
        for e in errors { #expect(FormatMessage(e).en == e.message) }
    }
}
