import Foundation
import HTTPServer
import JSON
import Prototype

/// The prototypes' assets (issue 26): images a prototype's screens draw, one folder a prototype,
/// `<writable folder>/assets/<prototype id>/<name>`, beside the prototype files the API writes
/// (a bundled example's folder is read-only, so its assets live there too). docs/api.md, "Assets".
///
/// Every file is checked by content when written (``AssetInfo/read(_:)``) and written
/// atomically: the bytes go to a temporary file in the same folder (named as Foundation's atomic
/// writes name theirs), are flushed, and are renamed over the name, so a reader sees the old file
/// or the new one, and a crash leaves at most a temporary file, which ``InterruptedWrites``
/// removes at start, once the data folder's lock is held. Names that start
/// with `.` are never assets, so a temporary file is never listed or served.
public final class AssetStore: Sendable {
    /// The folder holding one folder a prototype.
    public let root: String
    /// The largest asset, in bytes (413 past it).
    public let maxFileBytes: Int
    /// The most bytes one prototype's assets may take together (413 past it).
    public let maxPrototypeBytes: Int
    /// The most assets one prototype may have (413 past it).
    public let maxFiles: Int

    /// 10 MiB a file: a 3× frame of a long scrolling screen exported as PNG is a few MiB.
    public static let standardMaxFileBytes = 10 << 20
    /// 100 MiB a prototype.
    public static let standardMaxPrototypeBytes = 100 << 20
    /// 500 assets a prototype.
    public static let standardMaxFiles = 500

    public init(
        root: String, maxFileBytes: Int = AssetStore.standardMaxFileBytes,
        maxPrototypeBytes: Int = AssetStore.standardMaxPrototypeBytes, maxFiles: Int = AssetStore.standardMaxFiles
    ) {
        self.root = root
        self.maxFileBytes = maxFileBytes
        self.maxPrototypeBytes = maxPrototypeBytes
        self.maxFiles = maxFiles
        try? FileManager.default.createDirectory(
            atPath: root, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    /// Whether `name` is an asset's name: an image's (``Prototype/isAssetName(_:)``) or a
    /// font's (``Prototype/isFontAssetName(_:)``).
    public static func isName(_ name: String) -> Bool {
        Prototype.isAssetName(name) || Prototype.isFontAssetName(name)
    }

    /// The folder of prototype `id`'s assets.
    public func folder(_ id: String) -> String { root + "/" + id }

    /// The file of asset `name` of prototype `id` (names are checked by
    /// ``Prototype/isAssetName(_:)`` before they reach here).
    public func path(_ id: String, _ name: String) -> String { folder(id) + "/" + name }

    /// One stored asset, as the list gives it.
    public struct Entry: Sendable, Equatable {
        public var name: String
        public var info: AssetInfo
        public var size: Int
        public var etag: String

        /// `{name, type, size, etag, width, height}` (no pixel size for an SVG).
        public var json: JSONValue {
            var o: JSONObject = [
                "name": .string(name), "type": .string(info.format.mediaType), "size": .int(size),
                "etag": .string(etag),
            ]
            if let w = info.width, let h = info.height {
                o["width"] = .int(w)
                o["height"] = .int(h)
            }
            return .object(o)
        }
    }

    /// The assets of prototype `id`, by name.
    public func list(_ id: String) -> [Entry] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder(id))) ?? []
        return names.filter(AssetStore.isName).sorted().compactMap { entry(id, $0) }
    }

    /// Asset `name` of prototype `id`, described: its size from the file system and its format
    /// and pixel size from its first bytes (``describe(_:size:)``); `nil` when there is none.
    public func entry(_ id: String, _ name: String) -> Entry? {
        let file = path(id, name)
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file),
            attributes[.type] as? FileAttributeType == .typeRegular,
            let size = (attributes[.size] as? NSNumber)?.intValue, let etag = StaticFiles.entityTag(ofFileAt: file),
            let info = AssetStore.describe(file, size: size)
        else { return nil }
        return Entry(name: name, info: info, size: size, etag: etag)
    }

    /// How much of an asset ``describe(_:size:)`` reads first: 256 KiB, past every header the
    /// formats put first (a PNG's `IHDR`, a WebP's first chunk, a JPEG's frame header after its
    /// metadata segments of at most 64 KiB each, an SVG's root element, a font's table directory).
    static let sniffBytes = 256 << 10

    /// The format and pixel size of the asset at `file` (`size` bytes long), read from its first
    /// ``sniffBytes`` (``AssetInfo/read(_:)``): the whole file only when those don't say, as for
    /// a WOFF or WOFF2 font, whose header gives the file's length, or a JPEG whose frame header
    /// comes later. Stored assets were checked whole when written; `nil` when it can't be read or
    /// is no asset.
    static func describe(_ file: String, size: Int) -> AssetInfo? {
        guard let h = FileHandle(forReadingAtPath: file) else { return nil }
        defer { try? h.close() }
        guard let head = try? h.read(upToCount: sniffBytes) else { return nil }
        if case .success(let info) = AssetInfo.read([UInt8](head)) { return info }
        guard head.count < size, let rest = try? h.readToEnd() else { return nil }
        guard case .success(let info) = AssetInfo.read([UInt8](head) + [UInt8](rest)) else { return nil }
        return info
    }

    /// Whether prototype `id` has asset `name`.
    public func exists(_ id: String, _ name: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path(id, name), isDirectory: &isDirectory)
            && !isDirectory.boolValue
    }

    /// Why an asset can't be written: over a limit (`limit` names which), or the disk failed.
    public enum WriteRefusal: Error, Sendable {
        case tooLarge(limit: String, value: Int, detail: String)
        case failed(String)
    }

    /// Writes `bytes` as asset `name` of prototype `id` (already checked by content), atomically;
    /// `true` when it replaced one. Refused, with nothing written, past ``maxFileBytes``, or when
    /// the prototype's assets would pass ``maxPrototypeBytes`` or ``maxFiles`` (the file it
    /// replaces not counted). Callers run writes one at a time (the prototypes' write queue).
    public func write(_ id: String, _ name: String, _ bytes: [UInt8]) throws(WriteRefusal) -> Bool {
        if bytes.count > maxFileBytes {
            throw .tooLarge(
                limit: "maxFileBytes", value: maxFileBytes,
                detail: "the asset is \(bytes.count) bytes; an asset may have at most \(maxFileBytes)")
        }
        let fm = FileManager.default
        let dir = folder(id)
        var total = 0
        var count = 0
        var replaces = false
        for other in (try? fm.contentsOfDirectory(atPath: dir)) ?? [] where AssetStore.isName(other) {
            if other == name {
                replaces = true
                continue
            }
            total += ((try? fm.attributesOfItem(atPath: dir + "/" + other))?[.size] as? NSNumber)?.intValue ?? 0
            count += 1
        }
        if total + bytes.count > maxPrototypeBytes {
            throw .tooLarge(
                limit: "maxPrototypeBytes", value: maxPrototypeBytes,
                detail:
                    "the prototype's other assets take \(total) bytes; with these \(bytes.count) they would pass \(maxPrototypeBytes), the most one prototype's assets may take; delete some first"
            )
        }
        if count + 1 > maxFiles {
            throw .tooLarge(
                limit: "maxFiles", value: maxFiles,
                detail: "the prototype has \(count) assets, the most it may have is \(maxFiles); delete some first")
        }
        do {
            try fm.createDirectory(
                atPath: dir, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            // Named as Foundation's atomic writes name theirs, so the one start-up cleanup of
            // interrupted writes (``InterruptedWrites``) removes what a crash leaves.
            let temporary = dir + "/" + InterruptedWrites.temporaryPrefix + "-upload-" + UUID().uuidString
            guard fm.createFile(atPath: temporary, contents: nil, attributes: [.posixPermissions: 0o600]),
                let handle = FileHandle(forWritingAtPath: temporary)
            else { throw WriteRefusal.failed("could not create a file in \(dir)") }
            do {
                try handle.write(contentsOf: bytes)
                try handle.synchronize()
                try handle.close()
            } catch {
                try? handle.close()
                try? fm.removeItem(atPath: temporary)
                throw error
            }
            // rename(2) replaces the name in one step.
            guard rename(temporary, path(id, name)) == 0 else {
                try? fm.removeItem(atPath: temporary)
                throw WriteRefusal.failed("could not rename the upload into place")
            }
        } catch let e as WriteRefusal {
            throw e
        } catch {
            throw .failed("\(error)")
        }
        return replaces
    }

    /// Deletes asset `name` of prototype `id`; `false` when there was none.
    public func delete(_ id: String, _ name: String) -> Bool {
        guard exists(id, name) else { return false }
        return (try? FileManager.default.removeItem(atPath: path(id, name))) != nil
    }
}
