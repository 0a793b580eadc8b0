import Foundation
import JSON
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
    /// Format issues and lint findings.
    public var diagnostics: [Diagnostic]

    public var errorCount: Int { diagnostics.filter { $0.severity == .error }.count }
    public var warningCount: Int { diagnostics.filter { $0.severity == .warning }.count }
    public var infoCount: Int { diagnostics.filter { $0.severity == .info }.count }

    /// Decodes and lints `bytes` read from `file` (format issues and every STATIC rule).
    public static func load(bytes: [UInt8], file: String) -> LoadedPrototype {
        let fallbackID = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        let report = Linter().lint(file: bytes)
        var diagnostics = report.diagnostics
        if let u = report.unusable {
            diagnostics.insert(
                Diagnostic(
                    rule: "format.syntax", severity: .error,
                    message: u.line.map { "line \($0), column \(u.column ?? 0): \(u.message)" } ?? u.message, path: "$"),
                at: 0)
        }
        return LoadedPrototype(
            id: report.prototype?.id ?? documentID(bytes) ?? fallbackID, file: file, bytes: bytes,
            prototype: report.hasErrors ? nil : report.prototype, diagnostics: diagnostics)
    }

    /// The document's `"id"` when it is a string, even if the rest is broken.
    static func documentID(_ bytes: [UInt8]) -> String? {
        (try? JSONParser.parse(bytes))?["id"]?.stringValue
    }
}

/// The prototypes the server shows: the files of one folder, reloaded when they change.
///
/// With `--prototypes DIR`, DIR is read and written (`PUT /api/prototypes/{id}`); without it the
/// bundled examples are read and new prototypes are written to `<data>/prototypes`, which is read
/// after the bundled ones (so a `PUT` of "mail" shadows the bundled Mail).
public final class PrototypeLibrary: @unchecked Sendable {
    /// Folders read, in order; later ones win on an id clash.
    public let directories: [String]
    /// The folder `save` writes to.
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
        self.writableDirectory = writableDirectory
        _ = reloadIfChanged(force: true)
    }

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
        return FileSignature(
            size: Int64(st.st_size), mtime: Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec))
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
        for dir in directories {
            let files = now.keys.filter { $0.hasPrefix(dir + "/") }.sorted()
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
                            rule: "format.id", severity: .error,
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

    /// Writes a prototype's bytes as `<writable>/<id>.json` (atomically) and reloads. `loaded`,
    /// when the caller has already decoded and linted these bytes, spares doing it again.
    /// - Throws: the file system's error when the folder can't be written.
    public func save(id: String, bytes: [UInt8], loaded: LoadedPrototype? = nil) throws {
        try FileManager.default.createDirectory(atPath: writableDirectory, withIntermediateDirectories: true)
        let path = writableDirectory + "/" + id + ".json"
        try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
        if let loaded, let sig = PrototypeLibrary.signature(path) { lock.withLock { cache[path] = (sig, loaded) } }
        reloadIfChanged(force: true)
    }
}
