import EventSchema
import Foundation
import InteractionLog
import JSON

/// `modallab logs export [--format ndjson|csv] [--spreadsheet-safe] [--prototype ID] [--from T] [--to T] [--data DIR]`,
/// `modallab logs summary [--prototype ID] [--session ID] [--share ID] [--device ID] [--orientation O] [--task ID] [--from T] [--to T] [--format text|json|csv] [--prototypes DIR|FILE.json] [--data DIR]`,
/// `modallab logs results …` (the results table as CSV, one row per session × task) and
/// `modallab logs scrub [--data DIR]` (typed values out of an old log, crash-safely: ``LogScrub``).
/// Summaries and results take the participants of participant links unless `--audience`
/// says otherwise (`all`, `owner`, `link`); `--label` and `--appearance` choose sessions too.
/// Reads the log folder directly; the server may be running (appends are whole lines). A
/// `--prototype`, `--session`, `--share` or `--task` that the log holds nothing of is a usage
/// error (exit 2) with a "did you mean", not an empty answer: a typo must not read as "0 events".
/// A summary's tasks have their funnels along the expected paths of the prototypes `serve`
/// serves (``PrototypeLibrary/served(prototypes:root:data:)``: `--prototypes`, else the bundled
/// examples and `<data>/prototypes`), as `GET /api/logs/summary.json` has them.
/// `modallab logs columns [--format markdown|duckdb]` prints the log's format: the reference
/// of `docs/log.md`, or the column list for DuckDB's `read_json(…, columns = …)`.
public enum LogsCommand {
    public static let usage = """
        usage: modallab logs export [--format ndjson|csv] [--spreadsheet-safe] [--prototype ID] [--session ID] [--type T,…] [--from T] [--to T] [--data DIR]
               modallab logs summary [--prototype ID] [--session ID] [--share ID] [--device ID] [--orientation O] [--task ID] [--audience A] [--label L] [--appearance A] [--from T] [--to T] [--format text|json|csv] [--prototypes DIR|FILE.json] [--data DIR]
               modallab logs results [--prototype ID] [--share ID] [--audience all|owner|link|participant] [--label L] [--device ID] [--appearance light|dark] [--spreadsheet-safe] [--data DIR]
               modallab logs scrub [--data DIR]
               modallab logs columns [--format markdown|duckdb]
        (summary and results: participants of participant links unless --audience says otherwise; export: every audience unless it does)
        """

    public static func run(_ args: [String]) -> Int32 {
        func fail(_ m: String, _ code: Int32 = 2) -> Int32 {
            FileHandle.standardError.write(Data("modallab logs: \(m)\n".utf8))
            return code
        }
        if args.first == "columns" {
            let a: Arguments
            do { a = try Arguments(Array(args.dropFirst()), options: ["format"]) } catch {
                return fail("\(error)\n\(usage)")
            }
            switch a.value("format") ?? "markdown" {
            case "markdown": FileHandle.standardOutput.write(Data(LogReference.markdown.utf8))
            case "duckdb": print(LogColumns.duckDBColumns)
            default: return fail("--format is markdown or duckdb")
            }
            return 0
        }
        if args.first == "scrub" { return scrub(Array(args.dropFirst()), fail: fail) }
        guard let sub = args.first, sub == "export" || sub == "summary" || sub == "results" else {
            if args.first == "--help" || args.first == "-h" {
                print(usage)
                return 0
            }
            return fail("expected export, summary, results, scrub or columns\n\(usage)")
        }
        let a: Arguments
        do {
            a = try Arguments(
                Array(args.dropFirst()),
                options: [
                    "format", "prototype", "session", "share", "type", "from", "to", "data", "device", "orientation",
                    "task", "audience", "label", "appearance", "prototypes",
                ], flags: ["spreadsheet-safe"], usage: usage)
        } catch { return fail("\(error)\n\(usage)") }
        let f: LogFilter
        do {
            let names = [
                "prototype", "session", "share", "type", "from", "to", "device", "orientation", "task", "audience",
                "label", "appearance",
            ]
            f = try LogFilter(
                parameters: names.flatMap { n in a.values(n).map { (name: n, value: $0) } },
                defaultAudience: sub == "export" ? nil : LogFilter.studyAudience)
        } catch {
            return fail("--\(error.parameter): \(error.message)")
        }
        if sub == "export", let name = f.summaryOnlyCriterion {
            return fail(
                "--\(name) selects whole sessions in `logs summary`; `logs export` filters rows by prototype, session, share, type, from and to"
            )
        }
        if sub != "summary", a.value("prototypes") != nil {
            return fail("--prototypes is an option of `logs summary` (the funnels' expected paths)")
        }
        let data = a.value("data") ?? "data"
        let logs = LogStore.directory(inData: data)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: logs, isDirectory: &isDirectory), isDirectory.boolValue else {
            // A mistyped --data would otherwise look like an empty log.
            return fail("no interaction log in \(data) (no folder \(logs)); pass the folder `serve --data` used")
        }
        let reader = LogReader(directory: logs)
        do {
            if let message = try unknownID(in: f, reader: reader, data: data) { return fail(message) }
        } catch {
            return fail("\(error)", 1)
        }
        let out = FileHandle.standardOutput
        do {
            if sub == "export" {
                let format = a.value("format") ?? "ndjson"
                guard let fmt = LogExportFormat(rawValue: format) else { return fail("--format is ndjson or csv") }
                let safe = a.flag("spreadsheet-safe")
                if safe && fmt != .csv {
                    return fail(
                        "--spreadsheet-safe makes the CSV export safe for spreadsheets; it goes with --format csv")
                }
                try reader.export(format: fmt, filter: f, spreadsheetSafe: safe) { out.write(Data($0)) }
            } else if sub == "results" {
                if let format = a.value("format"), format != "csv" { return fail("--format of results is csv") }
                let s = try reader.summary(filter: f)
                try noteOthersLeftOut(s, filter: f, reader: reader, asked: a.value("audience"))
                out.write(Data(s.resultsCSV(spreadsheetSafe: a.flag("spreadsheet-safe"))))
            } else {
                if a.flag("spreadsheet-safe") { return fail("--spreadsheet-safe is an option of `logs export`") }
                let library: PrototypeLibrary
                do {
                    library = try servedPrototypes(a.value("prototypes"), data: data)
                } catch {
                    return fail("--prototypes: \(error)")
                }
                let s = try reader.summary(filter: f, expectedPaths: LogController.expectedPaths(library))
                if let warning = unservedWarning(s, library: library, prototypes: a.value("prototypes"), data: data) {
                    FileHandle.standardError.write(Data("modallab logs: warning: \(warning)\n".utf8))
                }
                try noteOthersLeftOut(s, filter: f, reader: reader, asked: a.value("audience"))
                switch a.value("format") ?? "text" {
                case "json": out.write(Data((s.jsonValue.description + "\n").utf8))
                case "csv": out.write(Data(s.csv))
                case "text": out.write(Data(s.text.utf8))
                default: return fail("--format is text, json or csv")
                }
            }
        } catch {
            return fail("\(error)", 1)
        }
        return 0
    }

    /// Says on standard error when `summary`, read with the study's audience because none was
    /// `asked` (``LogFilter/studyAudience``, the participants of participant links), has no
    /// session while the same filter over every audience has some: a designer's own plays, or
    /// a review link's, would otherwise read as an empty log. Names the audiences that have them.
    /// - Throws: what reading the log throws.
    static func noteOthersLeftOut(_ summary: LogSummary, filter: LogFilter, reader: LogReader, asked: String?) throws {
        if let note = try othersLeftOut(summary, filter: filter, reader: reader, asked: asked) {
            FileHandle.standardError.write(Data("modallab logs: note: \(note)\n".utf8))
        }
    }

    /// What ``noteOthersLeftOut(_:filter:reader:asked:)`` says; `nil` when there is nothing to say.
    static func othersLeftOut(_ summary: LogSummary, filter: LogFilter, reader: LogReader, asked: String?) throws
        -> String?
    {
        guard asked == nil, summary.sessions.isEmpty, filter.audience == LogFilter.studyAudience else { return nil }
        var everyone = filter
        everyone.audience = nil
        let others = try reader.summary(filter: everyone).sessions
        guard !others.isEmpty else { return nil }
        let found = LogFilter.audiences.filter { a in others.contains { $0.audience == a } }
        let names = found.map { $0 == "owner" ? "the owner's" : "other links'" }
        return "no session of a participant link matches; \(others.count) session(s) of "
            + names.joined(separator: " and ") + " do, left out of study figures by default ("
            + (["all"] + found).map { "--audience \($0)" }.joined(separator: ", ") + " counts them)"
    }

    /// The prototypes whose expected paths give a summary's funnels: those `serve --prototypes
    /// PATH --data DATA` serves (``PrototypeLibrary/served(prototypes:root:data:)``); without
    /// `path` and without the bundled resources (``ResourceLocator``), `<data>/prototypes` alone.
    /// - Throws: ``PrototypeSourceError`` when `path` is neither a folder nor a JSON file.
    static func servedPrototypes(_ path: String?, data: String) throws(PrototypeSourceError) -> PrototypeLibrary {
        if path == nil, ResourceLocator.root() == nil {
            return PrototypeLibrary(directories: [data + "/prototypes"], writableDirectory: data + "/prototypes")
        }
        return try PrototypeLibrary.served(prototypes: path, root: ResourceLocator.root() ?? "", data: data)
    }

    /// What to say when tasks of `summary` belong to prototypes `library` doesn't hold (their
    /// funnels are `null`: their expected paths are in files not found among those served):
    /// which prototypes, where they were looked for, and the option to pass; nil when every
    /// task's prototype was found.
    static func unservedWarning(_ summary: LogSummary, library: PrototypeLibrary, prototypes: String?, data: String)
        -> String?
    {
        let served = Set(library.all.filter { $0.prototype != nil }.map(\.id))
        let missing = Set(summary.tasks.compactMap(\.prototype).filter { !$0.isEmpty && !served.contains($0) }).sorted()
        guard !missing.isEmpty else { return nil }
        let names = missing.map(JSONWriter.quoted).joined(separator: ", ")
        let place = prototypes.map { "in \($0)" } ?? "among the bundled examples and \(data)/prototypes"
        return "no funnels for prototype\(missing.count == 1 ? "" : "s") \(names): "
            + "\(missing.count == 1 ? "its file was" : "their files were") not found \(place) (each task's funnel is null); "
            + "pass --prototypes DIR, the folder `serve --prototypes` served them from"
    }

    /// `logs scrub [--data DIR]`: typed values out of the log (``LogScrub``), and what it did.
    static func scrub(_ args: [String], fail: (String, Int32) -> Int32) -> Int32 {
        let a: Arguments
        do { a = try Arguments(args, options: ["data"], usage: usage) } catch { return fail("\(error)\n\(usage)", 2) }
        let data = a.value("data") ?? "data"
        let logs = LogStore.directory(inData: data)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: logs, isDirectory: &isDirectory), isDirectory.boolValue else {
            return fail("no interaction log in \(data) (no folder \(logs)); pass the folder `serve --data` used", 2)
        }
        do {
            let r = try LogScrub.run(directory: logs)
            print(
                "scrubbed \(logs): \(r.values) typed value\(r.values == 1 ? "" : "s") removed, "
                    + "\(r.rewritten) of \(r.parts) part\(r.parts == 1 ? "" : "s") rewritten (\(r.lines) lines read)")
            return 0
        } catch .locked(path: _) {
            return fail("the log in \(data) is open in a running server; stop it, then scrub", 1)
        } catch {
            return fail("\(error)", 1)
        }
    }

    /// The message for the first id `filter` names that the log holds nothing of, with the
    /// nearest id it does hold and, when they are few, all of them; nil when the log holds
    /// every id named.
    static func unknownID(in filter: LogFilter, reader: LogReader, data: String) throws -> String? {
        for kind in LogIDKind.allCases {
            guard let id = kind.value(in: filter), try !reader.holds(kind, id) else { continue }
            let known = try reader.ids(kind)
            let noun = kind == .share ? "share link" : kind.rawValue
            let listing =
                known.isEmpty
                ? "; it has none yet"
                : known.count <= 12
                    ? "; it has \(known.map(JSONWriter.quoted).joined(separator: ", "))"
                    : "; it has \(known.count) of them"
            return "--\(kind.rawValue): the log in \(data) has no \(noun) \(JSONWriter.quoted(id))"
                + Suggest.hint(id, in: known) + listing
        }
        return nil
    }
}
