import Foundation
import JSON
import Presentation
import Prototype

/// `modallab lint PATH... [--format text|json|github] [--device ID]... [--lang en|zh-Hans]
/// [--content-size CATEGORY]`.
///
/// Lints files and folders (recursing into folders for `*.json`, in name order). In a folder it
/// skips what is not a prototype: hidden files and folders (`.build/`, `.git/`: a Swift package's
/// `.build/workspace-state.json` is no prototype), and JSON whose top level has no `"format"`
/// member (`package.json`); standard error says how many it skipped. A file named on the
/// command line is always linted. Text output is
/// one compiler-style line per diagnostic; JSON output is one array of
/// `{"file", "path", "line", "column", "rule", "severity", "message", "source"}` (the line and
/// column of the path's member in the file, ``JSONSourceMap``); `github` output is one GitHub
/// Actions workflow command per diagnostic (``LintReport/githubLines(file:positions:)``), which a
/// workflow shows as annotations on those lines. Exit status: 0 clean (warnings
/// and info allowed), 1 errors, 2 unusable input (an unreadable file, broken JSON — reported with
/// its line and column —, a path that does not exist, or bad arguments).
///
/// `--content-size` runs the length rules (the lines of alert and action sheet titles and
/// messages, and whether alerts and action sheets fit without scrolling) at that Dynamic Type
/// size, a `UIContentSizeCategory` name (`large`, iOS's default, unless given).
public enum LintCommand {
    public static let usage =
        "usage: modallab lint PATH... [--format text|json|github] [--device ID]... [--lang en|zh-Hans] [--content-size CATEGORY]"

    /// `--help`: the usage, what the command does, and its exit statuses.
    public static let help =
        usage + """

            Checks prototypes (files, or folders of *.json) against the format and the presentation
            rules (docs/rules.md), for each --device (default: the prototype's own devices). In a
            folder, hidden folders and files (.build/) and JSON without "format" are skipped.
              --format F            text: one line per finding (file: JSON path: severity: message [rule]);
                                    json: an array of {file, path, line, column, rule, severity,
                                    message, source}; github: GitHub Actions annotations
              --lang en|zh-Hans     the language of the messages
              --content-size C      run the length rules at that text size (a UIContentSizeCategory
                                    name, extraSmall … accessibilityExtraExtraExtraLarge; default large)
            Exit status: 0 no errors (warnings allowed), 1 errors, 2 unusable input or arguments.
            """

    public static func run(_ arguments: [String], stdout: (String) -> Void, stderr: (String) -> Void) -> Int32 {
        let a: Arguments
        do {
            a = try Arguments(
                arguments, options: ["format", "device", "lang", "content-size"], flags: ["help"], usage: usage)
        } catch {
            stderr("modallab lint: \(error)\n\(usage)")
            return 2
        }
        if a.flag("help") {
            stdout(help)
            return 0
        }
        let format = a.value("format") ?? "text"
        guard format == "text" || format == "json" || format == "github" else {
            stderr("modallab lint: unknown format \(JSONWriter.quoted(format)); use text, json or github")
            return 2
        }
        let devices = a.values("device")
        for v in devices where DeviceCatalogue.device(v) == nil {
            let ids = DeviceCatalogue.all.map(\.id)
            stderr(
                "modallab lint: unknown device \(JSONWriter.quoted(v))" + Suggest.hint(v, in: ids) + "; known: "
                    + ids.joined(separator: ", "))
            return 2
        }
        guard let language = Language(rawValue: a.value("lang") ?? "en") else {
            stderr("modallab lint: unknown language \(JSONWriter.quoted(a.value("lang") ?? "")); use en or zh-Hans")
            return 2
        }
        var contentSize = ContentSizeCategory.large
        if let v = a.value("content-size") {
            guard let c = ContentSizeCategory(rawValue: v) else {
                let names = ContentSizeCategory.allCases.map(\.rawValue)
                stderr(
                    "modallab lint: unknown content size \(JSONWriter.quoted(v))" + Suggest.hint(v, in: names)
                        + "; known: " + ContentSizeCategory.names)
                return 2
            }
            contentSize = c
        }
        let paths = a.positionals
        if paths.isEmpty {
            stderr(usage)
            return 2
        }
        let linter = Linter(devices: devices.isEmpty ? nil : devices, language: language, contentSize: contentSize)
        var status: Int32 = 0
        var json: [JSONValue] = []
        var idFiles: [String: String] = [:]
        let (files, skipped) = collect(paths)
        if let note = skipped.note { stderr("modallab lint: \(note)") }
        if files.isEmpty {
            stderr("modallab lint: no prototypes (*.json with \"format\") in \(paths.joined(separator: ", "))")
            return 2
        }
        for (file, bytes) in files {
            var report: LintReport
            // Where each path is written, for the formats that give lines (not text's).
            var positions: JSONSourceMap?
            switch bytes {
            case .success(let b):
                report = linter.lint(file: b)
                // Only for findings with a path, in a text the decoder parsed (a file over the
                // size limit is not read, and the map's cost grows with the nesting).
                if format != "text", report.unusable == nil, PrototypeLimits.standard.checkSize(b.count) == nil,
                    report.diagnostics.contains(where: { $0.path != nil })
                {
                    positions = JSONSourceMap(b)
                }
                report.diagnostics += assetFindings(
                    file: file, bytes: b, prototype: report.prototype, devices: devices, language: language)
            case .failure(let message):
                report = LintReport(diagnostics: [], unusable: UnusableInput(message: message(language)))
            }
            // Two files with one id: the server would show only one of them.
            if let id = report.prototype?.id {
                if let first = idFiles[id] {
                    report.diagnostics.insert(
                        Diagnostic(
                            format: "format.id", severity: .error,
                            message: FormatMessage(.idInTwoFiles, ["id": id, "file": first]).text(language),
                            path: "$.id"),
                        at: 0)
                } else {
                    idFiles[id] = file
                }
            }
            status = max(status, report.exitStatus)
            if format == "json" {
                json += report.json(file: file, positions: positions)
            } else if format == "github" {
                for line in report.githubLines(file: file, positions: positions) { stdout(line) }
            } else {
                for line in report.textLines(file: file) { stdout(line) }
            }
        }
        if format == "json" { stdout(JSONWriter(pretty: true).string(.array(json))) }
        return status
    }

    /// The findings about assets (``AssetFindings``, docs/format.md "Findings about assets") of
    /// `prototype`, read from `file`, when an `assets` folder beside the file holds its assets
    /// (`assets/<id>/`, as the server keeps those of the files it writes); none without that
    /// folder or for a prototype that draws no assets. `devices` (`--device`) narrows the
    /// prototype's `devices`, as for the rules.
    static func assetFindings(
        file: String, bytes: [UInt8], prototype: Prototype?, devices: [String], language: Language
    ) -> [Diagnostic] {
        guard let p = prototype, !p.assetNames.isEmpty, !p.id.isEmpty,
            p.id.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" })
        else { return [] }
        let root = URL(fileURLWithPath: file).deletingLastPathComponent().path + "/assets"
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDir), isDir.boolValue,
            let doc = try? JSONParser.parse(bytes)
        else { return [] }
        return AssetFindings.diagnostics(
            definition: doc, id: p.id, devices: devices.isEmpty ? p.devices : devices, assets: AssetStore(root: root),
            language: language)
    }

    enum ReadResult {
        case success([UInt8])
        /// Why, in both languages.
        case failure(LocalizedText)
    }

    /// What a folder held that is not a prototype, and was not linted.
    struct Skipped: Equatable {
        /// Hidden files and folders (their names start with `.`), as paths.
        var hidden: [String] = []
        /// JSON files whose top level is not an object with a `"format"` member, as paths.
        var notPrototypes: [String] = []

        /// The note for standard error, e.g. `skipped 1 hidden folder or file (./.build) and 1
        /// JSON file without "format" (./package.json)`; nil when nothing was skipped. At most
        /// three paths of each kind are named.
        var note: String? {
            func named(_ paths: [String]) -> String {
                paths.prefix(3).joined(separator: ", ") + (paths.count > 3 ? ", …" : "")
            }
            var parts: [String] = []
            if !hidden.isEmpty {
                let what = hidden.count == 1 ? "hidden folder or file" : "hidden folders and files"
                parts.append("\(hidden.count) \(what) (\(named(hidden)))")
            }
            if !notPrototypes.isEmpty {
                let what = notPrototypes.count == 1 ? "JSON file" : "JSON files"
                parts.append("\(notPrototypes.count) \(what) without \"format\" (\(named(notPrototypes)))")
            }
            return parts.isEmpty ? nil : "skipped " + parts.joined(separator: " and ")
        }
    }

    /// The files to lint, in order, with their bytes or why they could not be read, and what the
    /// folders held that is not a prototype (see ``Skipped``).
    static func collect(_ paths: [String]) -> (files: [(String, ReadResult)], skipped: Skipped) {
        let fm = FileManager.default
        var out: [(String, ReadResult)] = []
        var skipped = Skipped()
        for path in paths {
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDir) else {
                out.append((path, .failure(LocalizedText("no such file or folder", "没有这个文件或文件夹"))))
                continue
            }
            if isDir.boolValue {
                guard let e = fm.enumerator(atPath: path) else {
                    out.append((path, .failure(LocalizedText("cannot read the folder", "无法读取该文件夹"))))
                    continue
                }
                let prefix = path.hasSuffix("/") ? path : path + "/"
                var files: [String] = []
                while let rel = e.nextObject() as? String {
                    let names = rel.split(separator: "/")
                    if names.last?.hasPrefix(".") == true {
                        // Not walked into: .build/ holds thousands of files, none of them ours.
                        e.skipDescendants()
                        skipped.hidden.append(prefix + rel)
                        continue
                    }
                    if names.contains(where: { $0.hasPrefix(".") }) { continue }
                    if rel.hasSuffix(".json") { files.append(rel) }
                }
                skipped.hidden.sort()
                for rel in files.sorted() {
                    let full = prefix + rel
                    var sub: ObjCBool = false
                    if fm.fileExists(atPath: full, isDirectory: &sub), sub.boolValue { continue }
                    let result = read(full)
                    if case .success(let bytes) = result, !declaresFormat(bytes) {
                        skipped.notPrototypes.append(full)
                        continue
                    }
                    out.append((full, result))
                }
            } else {
                out.append((path, read(path)))
            }
        }
        return (out, skipped)
    }

    /// Whether a file found in a folder may be a prototype: JSON whose top level is an object
    /// with a `"format"` member (whatever its value, which the linter checks), or text that is
    /// not JSON at all (a prototype with a typo is reported, not skipped).
    static func declaresFormat(_ bytes: [UInt8]) -> Bool {
        guard let document = try? JSONParser.parse(bytes) else { return true }
        return document["format"] != nil
    }

    static func read(_ path: String) -> ReadResult {
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(LocalizedText("cannot read the file", "无法读取该文件"))
        }
        return .success([UInt8](data))
    }
}
