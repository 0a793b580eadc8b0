import Foundation
import JSON

/// What a comment was dropped on: a control (the page's `data-id`), a modal (`data-modal`) or a
/// screen (`data-screen`), and where on it, as fractions of its box — so the comment stays on
/// that element in any device, orientation, appearance or text size (as Figma anchors comments
/// to frames and layers).
public struct CommentAnchor: Sendable, Equatable {
    /// The kinds of element a comment can be anchored to: the id namespaces of the prototype.
    public enum Kind: String, Sendable, CaseIterable {
        /// A control or list row (`data-id`).
        case control
        /// A modal's layer (`data-modal`).
        case modal
        /// A screen's background (`data-screen`).
        case screen
    }

    /// The element's id.
    public var element: String
    public var kind: Kind
    /// From the element's left edge, as a fraction of its width (0…1).
    public var dx: Double
    /// From the element's top edge, as a fraction of its height (0…1).
    public var dy: Double

    /// An anchor on element `element` of `kind`, at (`dx`, `dy`) fractions of its box.
    public init(element: String, kind: Kind, dx: Double, dy: Double) {
        self.element = element
        self.kind = kind
        self.dx = dx
        self.dy = dy
    }

    /// `{"element", "kind", "dx", "dy"}`.
    public var json: JSONValue {
        ["element": .string(element), "kind": .string(kind.rawValue), "dx": .number(dx), "dy": .number(dy)]
    }

    /// The anchor of a stored comment line; nil when it is absent or malformed.
    static func decode(_ v: JSONValue?) -> CommentAnchor? {
        guard let v, let element = v["element"]?.stringValue, let kind = v["kind"]?.stringValue.flatMap(Kind.init),
            let dx = v["dx"]?.numberValue, let dy = v["dy"]?.numberValue
        else { return nil }
        return CommentAnchor(element: element, kind: kind, dx: dx, dy: dy)
    }
}

/// A comment on a screen or modal of a prototype: at (x, y) points from the device frame's
/// top-left, on the device, orientation and environment it was made in, and — for comments
/// made since anchors exist — on the element it was dropped on (``CommentAnchor``). Comments
/// without an anchor (older ones) are placed at their point.
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
    /// `portrait` or `landscape`, when known.
    public var orientation: String?
    /// The rest of the environment it was made in, as the session's state carries it
    /// (`multitasking`, appearance, text size…): short strings, numbers and booleans by name.
    public var environment: JSONObject
    /// The element it is about; nil for comments made before anchors, and for a point on no element.
    public var anchor: CommentAnchor?
    public var createdAt: Date

    /// A comment; `x`, `y` in points from the device frame's top-left.
    public init(
        id: String, prototype: String, share: String?, screen: String?, modal: String?, x: Double, y: Double,
        text: String, device: String?, orientation: String? = nil, environment: JSONObject = JSONObject(),
        anchor: CommentAnchor? = nil, createdAt: Date
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
        self.orientation = orientation
        self.environment = environment
        self.anchor = anchor
        self.createdAt = createdAt
    }

    /// The comment as stored and served: `{id, prototype, share, author, screen, modal, x, y,
    /// text, device, orientation, environment, anchor, createdAt}` (`anchor` null when it has none).
    public var json: JSONValue {
        [
            "id": .string(id), "prototype": .string(prototype), "share": .string(share),
            "author": .string(share == nil ? "owner" : "share"),
            "screen": .string(screen), "modal": .string(modal), "x": .number(x), "y": .number(y), "text": .string(text),
            "device": .string(device), "orientation": .string(orientation), "environment": .object(environment),
            "anchor": anchor?.json ?? .null, "createdAt": .string(RFC3339.format(createdAt)),
        ]
    }
}

/// Comments, appended to `<data>/comments.ndjson` (one JSON object per line, fsynced before the
/// caller is answered) and kept in memory.
public final class CommentStore: @unchecked Sendable {
    /// Longest comment text, in UTF-16 code units (as the page's text area counts its `maxlength`).
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

    /// A stored line's comment; nil when a member every comment has is missing. Lines written
    /// before anchors (no `orientation`, `environment`, `anchor`) read as comments without them.
    static func decode(_ v: JSONValue) -> Comment? {
        guard let id = v["id"]?.stringValue, let p = v["prototype"]?.stringValue, let x = v["x"]?.numberValue,
            let y = v["y"]?.numberValue, let text = v["text"]?.stringValue,
            let created = v["createdAt"]?.stringValue.flatMap(RFC3339.parse)
        else { return nil }
        return Comment(
            id: id, prototype: p, share: v["share"]?.stringValue, screen: v["screen"]?.stringValue,
            modal: v["modal"]?.stringValue, x: x, y: y, text: text, device: v["device"]?.stringValue,
            orientation: v["orientation"]?.stringValue, environment: v["environment"]?.objectValue ?? JSONObject(),
            anchor: CommentAnchor.decode(v["anchor"]), createdAt: created)
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
