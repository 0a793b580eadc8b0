import Foundation
import JSON

/// A comment pinned to a screen or modal of a prototype at (x, y) points from the device
/// frame's top-left (SPEC §6 `POST /api/comments`).
public struct Comment: Sendable, Equatable {
    public var id: String
    public var prototype: String
    /// The share link's public id, or `nil` for the owner.
    public var share: String?
    public var screen: String?
    public var modal: String?
    public var x: Double
    public var y: Double
    public var text: String
    public var device: String?
    public var createdAt: Date

    public init(
        id: String, prototype: String, share: String?, screen: String?, modal: String?, x: Double, y: Double,
        text: String,
        device: String?, createdAt: Date
    ) {
        self.id = id
        self.prototype = prototype
        self.share = share
        self.screen = screen
        self.modal = modal
        self.x = x
        self.y = y
        self.text = text
        self.device = device
        self.createdAt = createdAt
    }

    public var json: JSONValue {
        [
            "id": .string(id), "prototype": .string(prototype), "share": .string(share),
            "author": .string(share == nil ? "owner" : "share"),
            "screen": .string(screen), "modal": .string(modal), "x": .number(x), "y": .number(y), "text": .string(text),
            "device": .string(device), "createdAt": .string(RFC3339.format(createdAt)),
        ]
    }
}

/// Comments, appended to `<data>/comments.ndjson` (one JSON object per line, fsynced before the
/// caller is answered) and kept in memory.
public final class CommentStore: @unchecked Sendable {
    /// Longest comment text, in characters.
    public static let maxLength = 4000
    private let file: String
    private let lock = NSLock()
    private var comments: [Comment] = []

    /// Opens (or creates) the store. A torn last line (a crash or a full disk mid-write) is cut
    /// off, so the next comment starts on a clean line; other lines that don't parse are skipped.
    public init(file: String) {
        self.file = file
        guard let data = FileManager.default.contents(atPath: file) else { return }
        if let last = data.last, last != 0x0A {
            let keep = (data.lastIndex(of: 0x0A).map { $0 + 1 }) ?? 0
            _ = truncate(file, off_t(keep))
        }
        for line in data.split(separator: 0x0A) {
            guard let v = try? JSONParser.parse([UInt8](line)), let c = CommentStore.decode(v) else { continue }
            comments.append(c)
        }
    }

    static func decode(_ v: JSONValue) -> Comment? {
        guard let id = v["id"]?.stringValue, let p = v["prototype"]?.stringValue, let x = v["x"]?.numberValue,
            let y = v["y"]?.numberValue, let text = v["text"]?.stringValue,
            let created = v["createdAt"]?.stringValue.flatMap(RFC3339.parse)
        else { return nil }
        return Comment(
            id: id, prototype: p, share: v["share"]?.stringValue, screen: v["screen"]?.stringValue,
            modal: v["modal"]?.stringValue, x: x, y: y, text: text, device: v["device"]?.stringValue, createdAt: created
        )
    }

    /// Appends a comment durably.
    /// - Throws: ``ShareError/io(_:)`` when it can't be written.
    public func add(_ c: Comment) throws(ShareError) {
        var line = JSONWriter().bytes(c.json)
        line.append(0x0A)
        lock.lock()
        defer { lock.unlock() }
        let fd = open(file, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        guard fd >= 0 else { throw ShareError.io("\(file): errno \(errno)") }
        defer { close(fd) }
        let before = lseek(fd, 0, SEEK_END)
        let n = line.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard n == line.count, fsync(fd) == 0 else {
            let code = errno
            // Nothing half-written stays behind to swallow the next comment.
            if before >= 0 { _ = ftruncate(fd, before) }
            throw ShareError.io("\(file): errno \(code)")
        }
        comments.append(c)
    }

    /// The comments on a prototype, oldest first.
    public func list(prototype: String) -> [Comment] { lock.withLock { comments.filter { $0.prototype == prototype } } }
}
