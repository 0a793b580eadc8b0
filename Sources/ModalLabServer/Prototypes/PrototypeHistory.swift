import Foundation
import JSON
import Prototype

/// The versions of each prototype the API wrote (`PATCH`, `PUT`, `POST`), newest last, kept in
/// the data folder: `<data>/history/<id>/index.ndjson` lists them (one JSON object a line:
/// `version`, `time`, `size`, `via`, and for a PATCH the `paths` it changed), and
/// `<data>/history/<id>/<version>.json` holds each one's bytes. At most ``limit`` versions a
/// prototype are kept: the oldest go, index line and file, as new ones come.
///
/// It is written only on the prototype write queue (``PrototypeEditing/serially(_:)``), so two
/// writes never interleave; reads may run anywhere (the index is replaced atomically). A change
/// made to the file on disk by hand is not recorded (the next API write records its result);
/// the versions sessions ran on are kept apart, for replays, by ``VersionStore``.
struct PrototypeHistory: Sendable {
    /// `<data>/history`.
    let directory: String
    /// The most versions kept per prototype.
    let limit: Int

    /// One kept version.
    struct Entry: Sendable, Equatable {
        /// The version hash of its bytes (``Prototype/versionHash(_:)``), as the log names versions.
        var version: String
        /// When it was written, ISO 8601 in UTC.
        var time: String
        /// Its size in bytes.
        var size: Int
        /// What wrote it: `patch`, `put`, `post`, or `before` for the file as it was before the
        /// API's first write of it.
        var via: String
        /// A PATCH's operations' paths (JSON Pointers), in order; empty otherwise.
        var paths: [String]

        var json: JSONValue {
            var o: JSONObject = [
                "version": .string(version), "time": .string(time), "size": .int(size), "via": .string(via),
            ]
            if !paths.isEmpty { o["paths"] = .array(paths.map { .string($0) }) }
            return .object(o)
        }

        init(version: String, time: String, size: Int, via: String, paths: [String]) {
            self.version = version
            self.time = time
            self.size = size
            self.via = via
            self.paths = paths
        }

        init?(_ value: JSONValue) {
            guard let version = value["version"]?.stringValue, let time = value["time"]?.stringValue,
                let size = value["size"]?.intValue, let via = value["via"]?.stringValue
            else { return nil }
            self.init(
                version: version, time: time, size: size, via: via,
                paths: (value["paths"]?.arrayValue ?? []).compactMap(\.stringValue))
        }
    }

    init(directory: String, limit: Int = 100) {
        self.directory = directory
        self.limit = limit
    }

    private func folder(_ id: String) -> String { directory + "/" + id }
    private func index(_ id: String) -> String { folder(id) + "/index.ndjson" }

    /// The kept versions of `id`, oldest first; empty when none was written.
    func entries(_ id: String) -> [Entry] {
        guard Prototype.isValidID(id), let data = FileManager.default.contents(atPath: index(id)) else { return [] }
        return [UInt8](data).split(separator: 0x0A).compactMap { line in
            (try? JSONParser.parse(Array(line))).flatMap(Entry.init)
        }
    }

    /// The bytes of version `version` of `id`, when kept.
    func bytes(_ id: String, version: String) -> [UInt8]? {
        guard Prototype.isValidID(id), version.count == 16, version.allSatisfy(\.isHexDigit) else { return nil }
        return FileManager.default.contents(atPath: folder(id) + "/" + version + ".json").map { [UInt8]($0) }
    }

    /// Records `bytes` as the newest version of `id`, written by `via`; when nothing was kept
    /// yet, `previous` (the file before this write) first, as `before`. Drops the oldest beyond
    /// ``limit``. Bytes the newest version already has (the same file saved again) add no
    /// version: the history lists changes, as a version control system does.
    /// - Throws: when the folder or a file can't be written (the prototype itself is saved).
    func record(_ id: String, bytes: [UInt8], via: String, paths: [String] = [], previous: [UInt8]? = nil) throws {
        try FileManager.default.createDirectory(atPath: folder(id), withIntermediateDirectories: true)
        var kept = entries(id)
        let version = Prototype.versionHash(bytes)
        if let newest = kept.last, newest.version == version { return }
        let now = ISO8601DateFormatter().string(from: Date())
        if kept.isEmpty, let previous, case let before = Prototype.versionHash(previous), before != version {
            kept.append(try keep(id, previous, version: before, via: "before", paths: [], time: now))
        }
        kept.append(try keep(id, bytes, version: version, via: via, paths: paths, time: now))
        let dropped = kept.count > limit ? Array(kept.prefix(kept.count - limit)) : []
        kept.removeFirst(dropped.count)
        var out: [UInt8] = []
        for e in kept {
            out += JSONWriter().bytes(e.json)
            out.append(0x0A)
        }
        try Data(out).write(to: URL(fileURLWithPath: index(id)), options: .atomic)
        let still = Set(kept.map(\.version))
        for e in dropped where !still.contains(e.version) {
            try? FileManager.default.removeItem(atPath: folder(id) + "/" + e.version + ".json")
        }
    }

    /// Writes `bytes` as version `version` (their ``Prototype/versionHash(_:)``) unless kept already.
    private func keep(
        _ id: String, _ bytes: [UInt8], version: String, via: String, paths: [String], time: String
    ) throws -> Entry {
        let file = folder(id) + "/" + version + ".json"
        if !FileManager.default.fileExists(atPath: file) {
            try Data(bytes).write(to: URL(fileURLWithPath: file), options: .atomic)
        }
        return Entry(version: version, time: time, size: bytes.count, via: via, paths: paths)
    }
}
