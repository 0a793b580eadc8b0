import Foundation
import JSON
import Presentation
import TestSupport
import Testing

@testable import ModalLabServer

@Suite struct LintCommandTests {
    /// A temporary folder with the given files.
    func folder(_ files: [String: String]) throws -> TemporaryDirectory {
        let dir = try TemporaryDirectory("lint")
        try FileManager.default.createDirectory(atPath: dir.file("sub"), withIntermediateDirectories: true)
        for (name, text) in files { try text.write(toFile: dir.file(name), atomically: true, encoding: .utf8) }
        return dir
    }

    func run(_ args: [String]) -> (Int32, [String], [String]) {
        var out: [String] = []
        var err: [String] = []
        let status = LintCommand.run(args, stdout: { out.append($0) }, stderr: { err.append($0) })
        return (status, out, err)
    }

    let clean = #"{"format": "modallab/1", "id": "a", "start": "home", "screens": [{"id": "home"}]}"#
    let faulty =
        #"{"format": "modallab/1", "id": "b", "start": "home", "screens": [{"id": "home"}], "modals": [{"id": "x", "style": "none"}]}"#

    @Test func exitStatuses() throws {
        let dir = try folder(["a.json": clean, "sub/b.json": faulty, "notes.txt": "not linted"])
        defer { dir.remove() }
        let (ok, out, _) = run([dir.path + "/a.json"])
        #expect(ok == 0 && out.isEmpty)
        let (bad, lines, _) = run([dir.path])
        #expect(bad == 1)
        #expect(lines.count == 1 && lines[0].hasPrefix(dir.path + "/sub/b.json: $.modals[0].style: error:"))
        let (missing, missingOut, _) = run([dir.path + "/nope.json"])
        #expect(missing == 2 && missingOut[0].contains("no such file"))
    }

    /// `--format github`: one GitHub Actions workflow command per finding, at the line and column
    /// of its path's member (a missing member: its nearest ancestor), severities as GitHub names
    /// them, values escaped as GitHub's toolkit escapes them; broken JSON at its own line. The
    /// JSON output carries the same line and column. Source: GitHub Docs, "Workflow commands
    /// for GitHub Actions".
    @Test func githubAnnotationsPointAtTheLines() throws {
        let faultyLines = """
            {"format": "modallab/1", "id": "b", "start": "home",
             "screens": [{"id": "home"}],
             "modals": [
               {"id": "x",
                "style": "none"}]}
            """
        let dir = try folder([
            "sub/b,c.json": faultyLines, "broken.json": "{\"format\": \"modallab/1\",\n \"id\": }",
        ])
        defer { dir.remove() }
        let (status, out, _) = run([dir.path + "/sub/b,c.json", "--format", "github"])
        #expect(status == 1)
        let file = (dir.path + "/sub/b%2Cc.json").replacingOccurrences(of: ":", with: "%3A")
        #expect(out.count == 1, "\(out)")
        #expect(
            out.first?.hasPrefix("::error file=\(file),line=5,col=5,title=modal.style-none::$.modals[0].style: ")
                == true,
            "\(out)")
        let (broken, brokenOut, _) = run([dir.path + "/broken.json", "--format", "github"])
        #expect(broken == 2)
        #expect(
            brokenOut.first?.hasPrefix("::error file=\(dir.path)/broken.json,line=2,col=8,title=format.syntax::")
                == true,
            "\(brokenOut)")
        // The JSON output: the same place.
        let (_, json, _) = run([dir.path + "/sub/b,c.json", "--format", "json"])
        let first = try #require(try JSONParser.parse(json.joined()).arrayValue?.first?.objectValue)
        #expect(first.keys == ["file", "path", "line", "column", "rule", "severity", "message", "source"])
        #expect(first["line"] == .number(5) && first["column"] == .number(5))
        let (unknown, _, err) = run([dir.path, "--format", "sarif"])
        #expect(unknown == 2 && err.first?.contains("use text, json or github") == true, "\(err)")
    }

    /// Severities are GitHub's words, and a message's `%`, CR and LF (in properties `:` and `,`
    /// too) are escaped, so that no text of a prototype ends the command or starts another.
    @Test func githubCommandsEscapeTheirValues() {
        let report = LintReport(diagnostics: [
            Diagnostic(.alertButtonCount, severity: .warning, message: "100% sure\nnot::error", path: "$.a"),
            Diagnostic(.alertAvoidPronouns, severity: .info, message: "a\r", path: "$.b"),
        ])
        let lines = report.githubLines(file: "x:y,z.json", positions: JSONSourceMap(Array(#"{"b": 1, "a": 2}"#.utf8)))
        #expect(
            lines == [
                "::warning file=x%3Ay%2Cz.json,line=1,col=10,title=alert.button-count::$.a: 100%25 sure%0Anot::error",
                "::notice file=x%3Ay%2Cz.json,line=1,col=2,title=alert.avoid-pronouns::$.b: a%0D",
            ], "\(lines)")
        // Control and bidirectional characters are written out, as in the text lines, so a
        // workflow's log shows them and no terminal acts on them.
        let hostile = LintReport(diagnostics: [
            Diagnostic(.alertButtonCount, severity: .error, message: "a\u{1B}[31mred\u{202E}x", path: "$")
        ]).githubLines(file: "f\u{7}.json", positions: nil)
        #expect(
            hostile.count == 1 && !hostile[0].unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{202E}" },
            "\(hostile)")
        #expect(
            hostile[0].hasPrefix("::error file=f\\u{7}.json,title=alert.button-count::$: a\\u{1B}[31mred"), "\(hostile)"
        )
    }

    /// `modallab lint .` in a Swift package's folder: `.build/` (whose `workspace-state.json`
    /// is no prototype) and other hidden folders are not walked into, JSON without `"format"`
    /// (`package.json`) is not linted, and standard error says what was skipped; a broken file
    /// is still reported, and a file named on the command line is linted whatever it holds.
    @Test func aFolderIsLintedWithoutItsHiddenFoldersAndOtherJSON() async throws {
        let made = try folder([
            "mail.json": clean, "package.json": #"{"name": "banking", "version": "1.0.0"}"#,
            "sub/settings.json": #"["not", "a", "prototype"]"#,
        ])
        defer { made.remove() }
        let dir = made.path
        let fm = FileManager.default
        try fm.createDirectory(atPath: dir + "/.build/debug", withIntermediateDirectories: true)
        try #"{"version": 6, "object": {"dependencies": []}}"#.write(
            toFile: dir + "/.build/workspace-state.json", atomically: true, encoding: .utf8)
        try #"{"format": "modallab/1"}"#.write(toFile: dir + "/.build/debug/x.json", atomically: true, encoding: .utf8)
        try "{}".write(toFile: dir + "/.hidden.json", atomically: true, encoding: .utf8)

        let r = try await Modallab.run(["lint", "."], in: dir)
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.isEmpty, "\(r.stdout)")
        #expect(
            r.stderr.contains(
                #"skipped 2 hidden folders and files (./.build, ./.hidden.json) and 2 JSON files without "format" (./package.json, ./sub/settings.json)"#
            ), "\(r.stderr)")

        // A prototype with a typo is still a prototype: reported, not skipped.
        try "{\"format\": \"modallab/1\",\n  \"id\": ,\n}".write(
            toFile: dir + "/broken.json", atomically: true, encoding: .utf8)
        let broken = try await Modallab.run(["lint", "."], in: dir)
        #expect(broken.status == 2 && broken.stdout.contains("./broken.json"), "\(broken.stdout)\(broken.stderr)")
        // Named on the command line, package.json is linted (and is no prototype).
        let named = try await Modallab.run(["lint", "package.json"], in: dir)
        #expect(named.status == 1 && named.stdout.contains(#"required member "format" is missing"#), "\(named.stdout)")
        // Nothing left to lint is unusable input.
        let none = try await Modallab.run(["lint", "sub"], in: dir)
        #expect(none.status == 2 && none.stderr.contains("no prototypes"), "\(none.stderr)")
    }

    @Test func brokenJSONExitsTwoWithLineAndColumn() throws {
        let dir = try folder(["broken.json": "{\n  \"id\": ,\n}"])
        defer { dir.remove() }
        let (status, out, _) = run([dir.path, "--format", "json"])
        #expect(status == 2)
        #expect(out.joined().contains("\"line\": 2"))
    }

    @Test func badArguments() {
        #expect(run([]).0 == 2)
        #expect(run(["x.json", "--device", "iphone-17"]).2.joined().contains("did you mean"))
        #expect(run(["x.json", "--format", "xml"]).0 == 2)
    }

    /// `--content-size` runs the length rules at that Dynamic Type size; an unknown name is a
    /// usage error with a suggestion and the list of names.
    @Test func contentSizeRunsTheLengthRulesAtThatSize() throws {
        let alert =
            #"{"format": "modallab/1", "id": "c", "devices": ["iphone-16"], "start": "home", "screens": [{"id": "home"}], "modals": [{"id": "gone", "style": "alert", "title": "Delete this photo?", "actions": [{"title": "Cancel", "role": "cancel"}, {"title": "Delete", "role": "destructive"}]}]}"#
        let dir = try folder(["c.json": alert])
        defer { dir.remove() }
        let (large, atLarge, _) = run([dir.path + "/c.json"])
        #expect(large == 0 && atLarge.isEmpty)
        let (ax, atAX, _) = run([dir.path + "/c.json", "--content-size", "accessibilityExtraExtraExtraLarge"])
        #expect(ax == 0, "warnings only")
        #expect(atAX.contains { $0.contains("$.modals[0].title") && $0.contains("alert.title-one-line") }, "\(atAX)")
        let (bad, _, err) = run([dir.path + "/c.json", "--content-size", "acessibilityLarge"])
        #expect(bad == 2)
        #expect(err.joined().contains("did you mean \"accessibilityLarge\""), "\(err)")
        #expect(err.joined().contains("extraSmall"))
        #expect(run([dir.path + "/c.json", "--content-size"]).0 == 2)
    }

    @Test func rulesCommandFormats() {
        var out: [String] = []
        #expect(
            RulesCommand.run(
                ["--format", "markdown", "--lang", "zh-Hans"], stdout: { out.append($0) }, stderr: { _ in }) == 0)
        #expect(out.joined().contains("### `alert.button-count` — 优先使用两个按钮"))
        out = []
        #expect(RulesCommand.run([], stdout: { out.append($0) }, stderr: { _ in }) == 0)
        #expect(out.joined().contains("popover.no-modal-over"))
        #expect(RulesCommand.run(["--format", "yaml"], stdout: { _ in }, stderr: { _ in }) == 2)
    }
}
