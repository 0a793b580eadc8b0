import Foundation
import JSON
import Platform
import Presentation
import Prototype

/// One prototype file as the server knows it: the decoded prototype (when usable), its bytes
/// and every diagnostic (format issues and lint findings) with JSON paths.
public struct LoadedPrototype: Sendable {
    /// The id: the document's `id`, else the file name without `.json`.
    public var id: String
    /// The file it came from.
    public var file: String
    /// The definition's bytes as on disk.
    public var bytes: [UInt8]
    /// The prototype; `nil` when the file has errors.
    public var prototype: Prototype?
    /// The document's `"name"` when it is a string, even if the rest is broken (the gallery
    /// and the error page name a broken prototype as its designer does).
    public var documentName: String?
    /// Format issues and lint findings.
    public var diagnostics: [Diagnostic]

    /// The name people read: the prototype's, else the document's `"name"`, else the id.
    public var name: String { prototype?.name ?? documentName ?? id }

    public var errorCount: Int { diagnostics.filter { $0.severity == .error }.count }
    public var warningCount: Int { diagnostics.filter { $0.severity == .warning }.count }
    public var infoCount: Int { diagnostics.filter { $0.severity == .info }.count }

    /// Decodes and lints `bytes` read from `file` (format issues and every STATIC rule), the
    /// messages in `language`.
    public static func load(bytes: [UInt8], file: String, language: Language = .en) -> LoadedPrototype {
        loaded(Linter(language: language).lint(file: bytes), bytes: bytes, file: file)
    }

    /// As ``load(bytes:file:language:)``, for bytes written from `document` (the editing API's
    /// patched document), which is not parsed again.
    static func load(document: JSONValue, bytes: [UInt8], file: String, language: Language = .en) -> LoadedPrototype {
        loaded(Linter(language: language).lint(document: document, bytes: bytes), bytes: bytes, file: file)
    }

    /// The prototype `report` made of `bytes` read from `file`.
    private static func loaded(_ report: LintReport, bytes: [UInt8], file: String) -> LoadedPrototype {
        let fallbackID = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        var diagnostics = report.diagnostics
        if let u = report.unusable {
            diagnostics.insert(
                Diagnostic(
                    format: "format.syntax", severity: .error,
                    message: u.line.map { "line \($0), column \(u.column ?? 0): \(u.message)" } ?? u.message,
                    path: u.path ?? "$"),
                at: 0)
        }
        let document: (id: String?, name: String?) = report.prototype == nil ? documentFields(bytes) : (nil, nil)
        return LoadedPrototype(
            id: report.prototype?.id ?? document.id ?? fallbackID, file: file, bytes: bytes,
            prototype: report.hasErrors ? nil : report.prototype,
            documentName: report.prototype?.name ?? document.name, diagnostics: diagnostics)
    }

    /// The diagnostics with their messages in `language` (the library keeps them in English;
    /// another language lints the bytes again).
    public func diagnostics(in language: Language) -> [Diagnostic] {
        language == .en ? diagnostics : LoadedPrototype.load(bytes: bytes, file: file, language: language).diagnostics
    }

    /// The document's `"id"` and `"name"` when they are strings, even if the rest is broken;
    /// neither for a file over the size limit, which is not parsed at all (``PrototypeLimits/bytes``).
    static func documentFields(_ bytes: [UInt8]) -> (id: String?, name: String?) {
        guard PrototypeLimits.standard.checkSize(bytes.count) == nil, let doc = try? JSONParser.parse(bytes) else {
            return (nil, nil)
        }
        return (doc["id"]?.stringValue, doc["name"]?.stringValue)
    }
}

/// What `serve --prototypes PATH` names: a folder of `*.json` files, or one `.json` file.
public enum PrototypeSource: Sendable, Equatable {
    /// A folder: every `*.json` in it is served, and `PUT /api/prototypes/{id}` writes into it.
    case folder(String)
    /// One file, served alone: `PUT` may replace only its prototype.
    case file(String)

    /// Classifies `path`: an existing folder, or an existing regular file whose name ends in
    /// `.json` (any letter case).
    /// - Throws: ``PrototypeSourceError`` when `path` does not exist or is neither.
    public static func at(_ path: String) throws(PrototypeSourceError) -> PrototypeSource {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw PrototypeSourceError(description: "no such file or folder \(path)")
        }
        if isDirectory.boolValue { return .folder(path) }
        guard path.lowercased().hasSuffix(".json") else {
            throw PrototypeSourceError(
                description:
                    "\(path) is neither a folder nor a .json file; --prototypes takes a folder of *.json prototypes or one FILE.json"
            )
        }
        return .file(path)
    }
}

/// Why a `--prototypes` path can't be served (exit status 2 from `serve`).
public struct PrototypeSourceError: Error, Sendable, CustomStringConvertible {
    public var description: String
}

/// The prototypes the server shows: the files of some folders, or one file, reloaded when they
/// change.
///
/// With `--prototypes DIR`, DIR is read and written (`PUT /api/prototypes/{id}`); with
/// `--prototypes FILE.json` that file alone is read, and a `PUT` of its prototype's id rewrites
/// it; without either the bundled examples are read and new prototypes are written to
/// `<data>/prototypes`, which is read after the bundled ones (so a `PUT` of "mail" shadows the
/// bundled Mail).
public final class PrototypeLibrary: @unchecked Sendable {
    /// Folders read, in order; later ones win on an id clash. Empty when serving one file.
    public let directories: [String]
    /// The one file served (`--prototypes FILE.json`), else `nil`.
    public let file: String?
    /// The folder `save` writes to (the file's folder when serving one file).
    public let writableDirectory: String

    private let lock = NSLock()
    private var entries: [String: LoadedPrototype] = [:]
    private var order: [String] = []
    private var signature: [String: FileSignature] = [:]
    /// Each file as last loaded (decoded and linted), by path: a reload re-reads only the files
    /// whose size or mtime changed.
    private var cache: [String: (signature: FileSignature, loaded: LoadedPrototype)] = [:]

    struct FileSignature: Equatable {
        var size: Int64
        var mtime: Int64
    }

    /// A library over `directories`, writing to `writableDirectory`. Loads at once.
    public init(directories: [String], writableDirectory: String) {
        self.directories = directories
        self.file = nil
        self.writableDirectory = writableDirectory
        _ = reloadIfChanged(force: true)
    }

    /// A library of the one prototype in `file`, reloaded when the file changes. Loads at once.
    public init(file: String) {
        self.directories = []
        self.file = file
        self.writableDirectory = URL(fileURLWithPath: file).deletingLastPathComponent().path
        _ = reloadIfChanged(force: true)
    }

    /// What is served, for messages: the folders, or the file.
    public var locations: [String] { file.map { [$0] } ?? directories }

    /// Every prototype, in file-name order.
    public var all: [LoadedPrototype] {
        lock.lock()
        defer { lock.unlock() }
        return order.compactMap { entries[$0] }
    }

    /// The prototype with this id.
    public func get(_ id: String) -> LoadedPrototype? {
        lock.lock()
        defer { lock.unlock() }
        return entries[id]
    }

    private func listFiles() -> [String: FileSignature] {
        var out: [String: FileSignature] = [:]
        if let file, let sig = PrototypeLibrary.signature(file) { out[file] = sig }
        for dir in directories {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else { continue }
            for n in names where n.hasSuffix(".json") && !n.hasPrefix(".") {
                let path = dir + "/" + n
                if let sig = PrototypeLibrary.signature(path) { out[path] = sig }
            }
        }
        return out
    }

    /// A file's size and modification time (nanoseconds), by `stat()`.
    static func signature(_ path: String) -> FileSignature? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return FileSignature(size: Int64(st.st_size), mtime: Sys.modificationNanoseconds(st))
    }

    /// Re-reads the folders when a file was added, removed or changed (by size or mtime;
    /// `stat()` only, so it is cheap to call often). Returns the ids that changed.
    @discardableResult
    public func reloadIfChanged(force: Bool = false) -> [String] {
        let now = listFiles()
        lock.lock()
        let unchanged = !force && now == signature
        lock.unlock()
        if unchanged { return [] }
        var loaded: [String: LoadedPrototype] = [:]
        var order: [String] = []
        // One group of files per folder (or the one file), in reading order.
        let groups =
            file.map { f in [now[f] == nil ? [] : [f]] }
            ?? directories.map { dir in now.keys.filter { $0.hasPrefix(dir + "/") }.sorted() }
        for files in groups {
            var seenHere: [String: String] = [:]
            for path in files {
                guard var p = load(path, signature: now[path]!) else { continue }
                if let first = seenHere[p.id] {
                    // Two files of one folder claim one id: the first keeps it; the second is listed
                    // under its file name, with the error, and not served.
                    let claimed = p.id
                    p.id = URL(fileURLWithPath: path).lastPathComponent
                    p.prototype = nil
                    p.diagnostics.insert(
                        Diagnostic(
                            format: "format.id", severity: .error,
                            message:
                                "the id \"\(claimed)\" is also used by \(first); this file is not served until its id is unique",
                            path: "$.id"), at: 0)
                } else {
                    seenHere[p.id] = path
                }
                if loaded[p.id] == nil { order.append(p.id) }
                // A later folder (the writable one) shadows an earlier (the bundled examples).
                loaded[p.id] = p
            }
        }
        lock.lock()
        let old = entries
        entries = loaded
        self.order = order
        signature = now
        cache = cache.filter { now[$0.key] != nil }
        lock.unlock()
        var changed: [String] = []
        for (id, p) in loaded where old[id]?.bytes != p.bytes { changed.append(id) }
        for id in old.keys where loaded[id] == nil { changed.append(id) }
        return changed.sorted()
    }

    /// A file as loaded: from the cache when its signature is unchanged, else read and linted.
    private func load(_ path: String, signature sig: FileSignature) -> LoadedPrototype? {
        if let hit = lock.withLock({ cache[path] }), hit.signature == sig { return hit.loaded }
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let p = LoadedPrototype.load(bytes: [UInt8](data), file: path)
        lock.withLock { cache[path] = (sig, p) }
        return p
    }

    /// Writes a prototype's bytes (atomically) over the writable folder's file that serves `id`,
    /// else as `<writable>/<id>.json`, and reloads; when serving
    /// one file, replaces that file, and only with its own prototype's id. `loaded`,
    /// when the caller has already decoded and linted these bytes, spares doing it again.
    /// - Throws: the file system's error when the folder can't be written; ``PrototypeSourceError``
    ///   for another id while serving one file.
    public func save(id: String, bytes: [UInt8], loaded: LoadedPrototype? = nil) throws {
        let path: String
        if let file {
            // One file served: only its own prototype can be replaced, and it stays in that file.
            let fileID = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
            let servedID = all.first?.id
            guard id == servedID || (servedID == nil && id == fileID) else {
                throw PrototypeSourceError(
                    description:
                        "serve is showing one file, \(file), whose prototype is \"\(servedID ?? fileID)\"; a PUT can replace only that one. Serve a folder (--prototypes DIR) to add prototypes"
                )
            }
            path = file
        } else {
            try FileManager.default.createDirectory(atPath: writableDirectory, withIntermediateDirectories: true)
            // The file that already serves this id in the writable folder is the one to replace,
            // whatever its name: a new `<id>.json` beside it would claim the id a second time and
            // not be served.
            if let served = get(id)?.file, served.hasPrefix(writableDirectory + "/") {
                path = served
            } else {
                path = writableDirectory + "/" + id + ".json"
            }
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
        if var loaded, let sig = PrototypeLibrary.signature(path) {
            loaded.file = path
            lock.withLock { cache[path] = (sig, loaded) }
        }
        reloadIfChanged(force: true)
    }
}
