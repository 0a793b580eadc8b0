import Foundation
import JSON
import Presentation
import Prototype
import Sharing
import TestSupport
import Testing

@testable import ModalLabServer

/// The docs in the repository against the code: `docs/format.md` names every member of the
/// schema (in the section of its object kind) and every enumerated value; `docs/rules.md` is
/// what `modallab rules --format markdown` prints; the example of `docs/format.md` lints clean
/// and plays as the page says; nothing a user reads cites the working papers outside the
/// repository.
@Suite struct DocsTests {
    static func read(_ path: String) throws -> String {
        try String(contentsOfFile: repositoryRoot + "/" + path, encoding: .utf8)
    }

    static func schema() throws -> JSONValue {
        try JSONParser.parse(Array(try read("Schema/prototype.schema.json").utf8))
    }

    // MARK: docs/format.md against the schema

    /// The object kinds of the schema: `document` (the root) and each of `$defs`, with the member
    /// names each has (its `properties`, and those of its `oneOf` branches).
    static func kinds(_ schema: JSONValue) -> [(kind: String, members: [String])] {
        func members(_ s: JSONValue) -> [String] {
            var out = s["properties"]?.objectValue?.keys.map { $0 } ?? []
            for branch in s["oneOf"]?.arrayValue ?? [] { out += members(branch) }
            return out
        }
        var out = [("document", members(schema))]
        for (name, def) in schema["$defs"]?.objectValue ?? JSONObject() { out.append((name, members(def))) }
        return out
    }

    /// Every string of an `enum` or `const` anywhere in the schema.
    static func enumeratedValues(_ s: JSONValue) -> Set<String> {
        var out = Set<String>()
        switch s {
        case .object(let o):
            for (k, v) in o {
                if k == "enum" { for e in v.arrayValue ?? [] { if let t = e.stringValue { out.insert(t) } } }
                if k == "const", let t = v.stringValue { out.insert(t) }
                out.formUnion(enumeratedValues(v))
            }
        case .array(let a):
            for v in a { out.formUnion(enumeratedValues(v)) }
        default: break
        }
        return out
    }

    /// What `doc` fails to document of `schema`: a kind without its section (`<a id="kind"></a>`,
    /// ending at the next kind's), a member not written as `` `name` `` in its kind's section, a
    /// value not written as `` `value` `` or `"value"` anywhere.
    static func undocumented(schema: JSONValue, doc: String) -> [String] {
        let kinds = kinds(schema)
        let anchors = kinds.compactMap { k in doc.range(of: "<a id=\"\(k.kind)\"></a>").map { (k.kind, $0) } }
        var missing: [String] = []
        for k in kinds {
            guard let start = anchors.first(where: { $0.0 == k.kind })?.1 else {
                missing.append("no section <a id=\"\(k.kind)\"></a>")
                continue
            }
            let end =
                anchors.map(\.1.lowerBound).filter { $0 > start.lowerBound }.min() ?? doc.endIndex
            let section = doc[start.upperBound..<end]
            for m in k.members where !section.contains("`\(m)`") { missing.append("\(k.kind).\(m)") }
        }
        for v in enumeratedValues(schema).sorted() where !doc.contains("`\(v)`") && !doc.contains("\"\(v)\"") {
            missing.append("value \(v)")
        }
        return missing
    }

    @Test func formatDocNamesEverySchemaMemberAndValue() throws {
        let missing = Self.undocumented(schema: try Self.schema(), doc: try Self.read("docs/format.md"))
        #expect(missing.isEmpty, "docs/format.md does not document: \(missing.joined(separator: ", "))")
    }

    /// The editor's doc lines come from docs/format.md (``FormatDocLines``): every member of a
    /// kind whose section has a member table has its line, the table's text without Markdown.
    @Test func everyMemberOfTheFormatHasTheEditorsDocLine() throws {
        let lines = FormatDocLines.parse(try Self.read("docs/format.md"))
        for k in Self.kinds(try Self.schema()) where lines[k.kind] != nil {
            for m in k.members {
                #expect(lines[k.kind]?[m] != nil, "docs/format.md has no table row for \(k.kind).\(m)")
            }
        }
        #expect(lines["modal"]?["confirmDiscard"]?.hasPrefix("Shown when the modal is dirty") == true)
        // A link keeps its text; code and emphasis marks go.
        #expect(lines["document"]?["targetOS"]?.contains("(docs/fidelity.md)") == true)
        #expect(lines["document"]?["requiresFullScreen"]?.hasPrefix("UIKit's UIRequiresFullScreen: ") == true)
        // Both members a row names share its line; a table of another kind of row is not read.
        #expect(
            FormatDocLines.parse(
                "<a id=\"size\"></a>\n| member | what |\n|---|---|\n| `width`, `height` | In **points**, see [sizes](#size). |\n\n| requested | x |\n|---|---|\n| `pageSheet` | no |"
            )
                == ["size": ["width": "In points, see sizes.", "height": "In points, see sizes."]])
        #expect(FormatDocLines.cells(#"| `a` | x \| y |"#) == ["`a`", "x | y"])
    }

    /// The check itself finds a member that is missing from its section, a missing section, and
    /// a missing value (so the test above can fail).
    @Test func theFormatDocCheckNoticesGaps() throws {
        let schema = try Self.schema()
        let doc = try Self.read("docs/format.md")
        let start = try #require(doc.range(of: "<a id=\"modal\"></a>"))
        let end = try #require(doc.range(of: "<a id=\"alertAction\"></a>"))
        var noDetents = doc
        noDetents.replaceSubrange(
            start.upperBound..<end.lowerBound,
            with: doc[start.upperBound..<end.lowerBound].replacingOccurrences(of: "`largestUndimmedDetent`", with: ""))
        #expect(Self.undocumented(schema: schema, doc: noDetents).contains("modal.largestUndimmedDetent"))
        let noSection = doc.replacingOccurrences(of: "<a id=\"customActivity\"></a>", with: "")
        #expect(Self.undocumented(schema: schema, doc: noSection).contains("no section <a id=\"customActivity\"></a>"))
        let noValue = doc.replacingOccurrences(of: "`partialCurl`", with: "").replacingOccurrences(
            of: "\"partialCurl\"", with: "")
        #expect(Self.undocumented(schema: schema, doc: noValue).contains("value partialCurl"))
    }

    // MARK: docs/rules.md

    /// docs/format.md lists every limit of a prototype with its value, as ``PrototypeLimits``
    /// has them, and the session's limits as ``SessionLimits`` has them.
    @Test func formatDocListsThePrototypeLimits() throws {
        let doc = try Self.read("docs/format.md")
        for (name, value) in PrototypeLimits.standard.all {
            #expect(doc.contains("| `\(name)` | \(value) |"), "docs/format.md: no row `\(name)` | \(value)")
        }
        #expect(doc.contains("at most 1 MiB of text") && SessionLimits.valueBytes == 1 << 20)
        #expect(doc.contains("1,000 screens on its navigation paths") && SessionLimits.screens == 1_000)
    }

    @Test func rulesDocIsTheGeneratedMarkdown() throws {
        var out: [String] = []
        #expect(RulesCommand.run(["--format", "markdown"], stdout: { out.append($0) }, stderr: { _ in }) == 0)
        // `modallab rules --format markdown > docs/rules.md`: print adds the final newline.
        let generated = out.joined(separator: "\n") + "\n"
        let committed = try Self.read("docs/rules.md")
        #expect(
            committed == generated,
            "docs/rules.md is stale: run `swift run modallab rules --format markdown > docs/rules.md`")
    }

    @Test func rulesOutputCarriesTheKeyToTheSources() {
        let text = RulesCommand.text(.en)
        let markdown = RulesCommand.markdown(.en)
        for key in RuleCatalogue.sourceKey {
            #expect(text.contains(key.code) && markdown.contains(key.code), "\(key.code) missing from the key")
        }
        for c in RuleCatalogue.conflicts {
            #expect(text.contains(c.id) && markdown.contains("**\(c.id) —"), "\(c.id) missing")
        }
        // Every Human Interface Guidelines page a source cites is in the key.
        let key = RuleCatalogue.sourceKey.map { "\($0.code) \($0.meaning)" }.joined(separator: "\n")
        let page = try! Regex("H-[A-Za-z]+")
        for r in RuleCatalogue.all {
            for m in r.source.matches(of: page) {
                #expect(key.contains(String(r.source[m.range])), "\(r.id) cites \(r.source[m.range]), not in the key")
            }
        }
    }

    // MARK: the example of docs/format.md

    /// The JSON blocks of `docs/format.md` that are whole prototypes.
    static func examplePrototypes() throws -> [String] {
        let doc = try read("docs/format.md")
        return doc.components(separatedBy: "```json\n").dropFirst().compactMap { block in
            let json = block.components(separatedBy: "\n```").first ?? ""
            return json.contains("\"format\": \"modallab/1\"") ? json : nil
        }
    }

    @Test func formatDocExampleLintsCleanAndPlaysAsDescribed() async throws {
        let examples = try Self.examplePrototypes()
        let example = try #require(examples.first, "docs/format.md has no complete example")
        let report = Linter().lint(file: Array(example.utf8))
        #expect(report.prototype != nil, "the example does not decode: \(report.diagnostics.map(\.description))")
        #expect(report.diagnostics.isEmpty, "the example has findings: \(report.diagnostics.map(\.description))")

        let dir = try TemporaryDirectory("format-example")
        defer { dir.remove() }
        let file = dir.path + "/notes.json"
        try example.write(toFile: file, atomically: true, encoding: .utf8)
        let s = try TestApp(prototypes: file)
        let sid = try await s.session("notes", device: "iphone-16")
        func act(_ a: JSONValue) async throws -> JSONValue {
            let r = try await s.act(sid, a)
            #expect(r.status == 200, "\(a): \(r.status) \(r.text)")
            return r.json?["state"] ?? .null
        }
        func stack(_ state: JSONValue) -> [String] {
            (state["stack"]?.arrayValue ?? []).compactMap { $0["modal"]?.stringValue }
        }
        // New Note: a card at its medium detent.
        var state = try await act(["type": "tap", "target": "new-note"])
        #expect(
            state["stack"]?.arrayValue?.first?["form"] == "card"
                && state["stack"]?.arrayValue?.first?["detent"] == "medium")
        // Typed, then swiped: the card stays and asks.
        _ = try await act(["type": "edit", "target": "note-title", "value": "Milk"])
        state = try await act(["type": "swipeDown"])
        #expect(stack(state) == ["editor", "discard-note"])
        // Save Note runs "dismiss" once the action sheet is gone: the editor closes too.
        state = try await act(["type": "tap", "target": "discard-note", "action": "Save Note"])
        #expect(stack(state).isEmpty)
        // Sort on the iPad: a popover pointing at its bar button.
        _ = try await act(["type": "resize", "device": "ipad-pro-11"])
        state = try await act(["type": "tap", "target": "sort-button"])
        #expect(state["stack"]?.arrayValue?.first?["form"] == "popover")
        state = try await act(["type": "tapOutside"])
        #expect(stack(state).isEmpty)
        // All Notes, Empty Trash, Delete: the alert closes, then pops back to Folders.
        state = try await act(["type": "tap", "target": "all-notes"])
        #expect(state["screen"] == "notes-list")
        state = try await act(["type": "tap", "target": "empty-trash"])
        #expect(state["stack"]?.arrayValue?.first?["form"] == "alert")
        state = try await act(["type": "tap", "target": "confirm-empty", "action": "Delete"])
        #expect(stack(state).isEmpty && state["screen"] == "folders")
    }

    // MARK: the command line

    /// The synopses of `text`: each begins at a line whose first word is `modallab` (after a
    /// `usage: ` or indentation) and goes on over the lines after it that begin with `[`; each is
    /// keyed by its command's words (`modallab logs summary`) and holds its options (`--device`).
    static func synopses(_ text: String) -> [(command: String, options: Set<String>)] {
        var out: [(command: String, options: Set<String>)] = []
        for raw in text.split(separator: "\n") {
            var line = Substring(raw.drop { $0 == " " })
            if line.hasPrefix("usage: ") { line = line.dropFirst("usage: ".count) }
            let words = line.split(separator: " ")
            let options = Set(
                words.flatMap { word in
                    word.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "-" })
                        .filter { $0.hasPrefix("--") && $0.count > 2 }.map(String.init)
                })
            if words.first == "modallab" {
                let command = words.prefix { $0.allSatisfy { $0.isLowercase || $0 == "-" } }.joined(separator: " ")
                out.append((command, options))
            } else if line.hasPrefix("["), !out.isEmpty {
                out[out.count - 1].options.formUnion(options)
            }
        }
        return out
    }

    /// The README's "The command line" names every option of each command's usage (what
    /// `--help` prints): its synopsis is written out by hand, and once left out three of
    /// `logs summary`'s.
    @Test func theReadmesSynopsisHasEveryOptionOfTheUsage() throws {
        let readme = try Self.read("README.md")
        let section = try #require(readme.range(of: "## The command line"), "README has its command line")
        let block = readme[section.upperBound...].components(separatedBy: "```")[1]
        let written = Self.synopses(block)
        let usages = [
            ServeCommand.usage, LintCommand.usage, RulesCommand.usage, LogsCommand.usage, NewCommand.usage,
        ]
        var checked = 0
        for usage in usages {
            for (command, options) in Self.synopses(usage) {
                let inReadme = written.filter { $0.command == command }.reduce(into: Set<String>()) {
                    $0.formUnion($1.options)
                }
                #expect(!inReadme.isEmpty || options.isEmpty, "README's synopsis has no \(command)")
                #expect(
                    options.subtracting(inReadme).isEmpty,
                    "\(command): README leaves out \(options.subtracting(inReadme).sorted())")
                checked += 1
            }
        }
        #expect(checked >= 9, "the usages' synopses were read (\(checked))")
    }

    // MARK: numbers with their units

    /// What users read: `README.md` and every `docs/*.md`, as paths from the repository's root.
    static func userDocPaths() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: repositoryRoot + "/docs")
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        return ["README.md"] + docs
    }

    /// README.md and every `docs/*.md`, each run of white space one space (a sentence may wrap).
    static func userDocs() throws -> String {
        let text = try userDocPaths().map(read).joined(separator: "\n")
        return text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    }

    /// A share link's `expiresIn` says its unit and its bounds' (a newcomer read "at most 90" as
    /// 90 seconds), as ``ShareStore`` has them.
    @Test func shareLinkLifetimesSayTheirUnits() throws {
        let docs = try Self.userDocs()
        let days = { (seconds: Double) in Int(seconds / 86_400) }
        let most = days(ShareStore.maxLifetime)
        let stated =
            "(`expiresIn` in seconds: by default \(days(ShareStore.defaultLifetime)) days, at most \(most) days, \(Int(ShareStore.maxLifetime)))"
        #expect(docs.contains(stated), "the docs don't say \(stated)")
        #expect(docs.contains("lifetime \(days(ShareStore.defaultLifetime)) days by default, at most \(most) days"))
        let bare = try Regex("at most \(most)(?! days)")
        #expect(!docs.contains(bare), "a lifetime of \(most) without its unit")
    }

    // MARK: no working papers in what users read

    /// Texts that cite the working papers kept outside the repository.
    static func citations(in text: String) -> [String] {
        ["SPEC", "RULES", "§", "conflict C"].filter { text.contains($0) }
    }

    @Test func nothingUsersReadCitesTheWorkingPapers() async throws {
        var texts: [(String, String)] = []
        func command(_ name: String, _ run: ((String) -> Void, (String) -> Void) -> Int32) {
            var out: [String] = []
            _ = run({ out.append($0) }, { out.append($0) })
            texts.append((name, out.joined(separator: "\n")))
        }
        for args in [["--help"], ["--version"], ["bogus"], ["lint", "--help"], ["rules", "--help"]] {
            command("modallab \(args.joined(separator: " "))") { MainCommand.run(args, stdout: $0, stderr: $1) }
        }
        for language in ["en", "zh-Hans"] {
            for format in ["text", "json", "markdown"] {
                command("rules --format \(format) --lang \(language)") {
                    RulesCommand.run(["--format", format, "--lang", language], stdout: $0, stderr: $1)
                }
            }
        }
        texts += [
            ("serve usage", ServeCommand.usage), ("lint usage", LintCommand.usage), ("logs usage", LogsCommand.usage),
            ("new usage", NewCommand.usage), ("resources", ResourceLocator.notFoundMessage()),
        ]
        for r in RuleCatalogue.all {
            let d = r.documentation
            let variants = d.variants.values.flatMap { [$0.en, $0.zhHans] }
            texts.append(
                (
                    r.id.rawValue,
                    ([r.section, r.check, r.source, d.notes, d.name.en, d.name.zhHans, d.message.en, d.message.zhHans]
                        + variants).joined(separator: "\n")
                ))
        }
        // Lint findings of every kind, format issues included (their source), in text and JSON.
        let dir = try TemporaryDirectory("citations")
        defer { dir.remove() }
        try
            #"{"format": "modallab/1", "id": "x", "start": "nowhere", "screens": [{"id": "home", "colour": 1}], "modals": [{"id": "a", "style": "alert", "actions": [{"title": "Yes"}, {"title": "No"}, {"title": "Maybe"}, {"title": "Later"}]}]}"#
            .write(toFile: dir.path + "/x.json", atomically: true, encoding: .utf8)
        for format in ["text", "json"] {
            command("lint --format \(format)") {
                LintCommand.run([dir.path, "--format", format], stdout: $0, stderr: $1)
            }
        }
        // What the server serves: the rules page and API, the schema, a problem, the gallery.
        let s = try TestApp()
        for path in ["/rules", "/api/rules", "/schema/prototype.json", "/api/prototypes/nope", "/", "/p/mail"] {
            texts.append((path, try await s.client.request("GET", path).text))
        }
        // The repository's own docs: the README and every page of docs/.
        for path in try Self.userDocPaths() { texts.append((path, try Self.read(path))) }

        for (name, text) in texts {
            let found = Self.citations(in: text)
            #expect(found.isEmpty, "\(name) cites \(found.joined(separator: ", "))")
        }
    }

    // MARK: links between the docs

    /// The text of a Markdown file without its fenced code blocks (an nginx comment is not a heading).
    static func prose(_ text: String) -> [Substring] {
        var fenced = false
        return text.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
            if line.hasPrefix("```") {
                fenced.toggle()
                return false
            }
            return !fenced
        }
    }

    /// The anchors of a Markdown file: its headings', as GitHub makes them (lowercased,
    /// punctuation other than `-` and `_` dropped, spaces as `-`, a repeated heading's with `-1`,
    /// `-2`, …), and those it sets with `<a id="…">`.
    static func anchors(_ text: String) throws -> Set<String> {
        var seen: [String: Int] = [:]
        var out: Set<String> = []
        let explicit = try Regex(#"<a (?:id|name)="([^"]+)""#)
        for line in prose(text) {
            for match in line.matches(of: explicit) { out.insert(String(match.output[1].substring ?? "")) }
            guard let hashes = line.firstIndex(where: { $0 != "#" }), hashes != line.startIndex,
                line[hashes] == " "
            else { continue }
            let slug = String(
                line[hashes...].trimmingCharacters(in: .whitespaces).lowercased().compactMap { c -> Character? in
                    if c == " " { return "-" }
                    return c.isLetter || c.isNumber || c == "-" || c == "_" ? c : nil
                })
            let n = seen[slug, default: 0]
            seen[slug] = n + 1
            out.insert(n == 0 ? slug : "\(slug)-\(n)")
        }
        return out
    }

    /// Every relative link of README.md and docs/*.md reaches a file of the repository and, when
    /// it names a heading (`docs/security.md#fair-limits`), that heading; and every page of docs/
    /// is linked from the README, so a newcomer finds each from there.
    @Test func linksBetweenTheDocsResolve() throws {
        let link = try Regex(#"\]\(([^)\s]+)\)"#)
        var broken: [String] = []
        for path in try Self.userDocPaths() {
            let text = Self.prose(try Self.read(path)).joined(separator: "\n")
            let folder = (path as NSString).deletingLastPathComponent
            for match in text.matches(of: link) {
                let target = String(match.output[1].substring ?? "")
                if target.contains(":") { continue }  // https:, mailto:
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                let file =
                    parts[0].isEmpty
                    ? path
                    : ((folder as NSString).appendingPathComponent(String(parts[0])) as NSString).standardizingPath
                guard FileManager.default.fileExists(atPath: repositoryRoot + "/" + file) else {
                    broken.append("\(path): \(target) (no file \(file))")
                    continue
                }
                if parts.count == 2, file.hasSuffix(".md"),
                    !(try Self.anchors(try Self.read(file))).contains(String(parts[1]))
                {
                    broken.append("\(path): \(target) (no heading #\(parts[1]) in \(file))")
                }
            }
        }
        #expect(broken.isEmpty, "links that go nowhere:\n\(broken.joined(separator: "\n"))")

        let readme = try Self.read("README.md")
        for page in try Self.userDocPaths().dropFirst() {
            #expect(readme.contains("](\(page))"), "README.md doesn't link \(page)")
        }
    }
}
