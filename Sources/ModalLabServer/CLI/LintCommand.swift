import Foundation
import JSON
import Presentation
import Prototype

/// `modallab lint PATH... [--format text|json] [--device ID]... [--lang en|zh-Hans]
/// [--content-size CATEGORY]`.
///
/// Lints files and folders (recursing into folders for `*.json`, in name order). Text output is
/// one compiler-style line per diagnostic; JSON output is one array of
/// `{"file", "path", "rule", "severity", "message", "source"}`. Exit status: 0 clean (warnings
/// and info allowed), 1 errors, 2 unusable input (an unreadable file, broken JSON — reported with
/// its line and column —, a path that does not exist, or bad arguments).
///
/// `--content-size` runs the length rules (the lines of alert and action sheet titles and
/// messages, and whether alerts and action sheets fit without scrolling) at that Dynamic Type
/// size, a `UIContentSizeCategory` name (`large`, iOS's default, unless given).
public enum LintCommand {
    public static let usage =
        "usage: modallab lint PATH... [--format text|json] [--device ID]... [--lang en|zh-Hans] [--content-size CATEGORY]"

    /// `--help`: the usage, what the command does, and its exit statuses.
    public static let help = usage + """

        Checks prototypes (files, or folders of *.json) against the format and the presentation
        rules (docs/rules.md), for each --device (default: the prototype's own devices).
          --format text|json    one line per finding (file: JSON path: severity: message [rule]),
                                or a JSON array of {file, path, rule, severity, message, source}
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
        guard format == "text" || format == "json" else {
            stderr("modallab lint: unknown format \(JSONWriter.quoted(format)); use text or json")
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
        let files = collect(paths)
        if files.isEmpty {
            stderr("modallab lint: no *.json files in \(paths.joined(separator: ", "))")
            return 2
        }
        for (file, bytes) in files {
            var report: LintReport
            switch bytes {
            case .success(let b): report = linter.lint(file: b)
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
                json += report.json(file: file)
            } else {
                for line in report.textLines(file: file) { stdout(line) }
            }
        }
        if format == "json" { stdout(JSONWriter(pretty: true).string(.array(json))) }
        return status
    }

    enum ReadResult {
        case success([UInt8])
        /// Why, in both languages.
        case failure(LocalizedText)
    }

    /// The files to lint, in order, with their bytes or why they could not be read.
    static func collect(_ paths: [String]) -> [(String, ReadResult)] {
        let fm = FileManager.default
        var out: [(String, ReadResult)] = []
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
                var files: [String] = []
                while let rel = e.nextObject() as? String {
                    if rel.hasSuffix(".json") { files.append(rel) }
                }
                for rel in files.sorted() {
                    let full = path.hasSuffix("/") ? path + rel : path + "/" + rel
                    var sub: ObjCBool = false
                    if fm.fileExists(atPath: full, isDirectory: &sub), sub.boolValue { continue }
                    out.append((full, read(full)))
                }
            } else {
                out.append((path, read(path)))
            }
        }
        return out
    }

    static func read(_ path: String) -> ReadResult {
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(LocalizedText("cannot read the file", "无法读取该文件"))
        }
        return .success([UInt8](data))
    }
}
