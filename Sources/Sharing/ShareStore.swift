import Foundation
import JSON

/// What a share link lets its holder do (docs/security.md, “Share links”).
public enum ShareRole: String, Sendable, CaseIterable {
    /// Look and try the prototype.
    case view
    /// Also pin comments.
    case comment
    /// Play the listed tasks of a usability study, one after the other (``ShareLink/tasks``).
    case participant
    /// Read the prototype's insights, heat maps and replays, and nothing else.
    case report
}

/// A share link as stored: its public id, what it reaches, and a hash of its secret — never
/// the secret itself (docs/security.md, “Share links”).
public struct ShareLink: Sendable, Equatable {
    /// Public id (11 base64url characters, 64 bits); appears in logs and exports.
    public var id: String
    /// The one prototype the link reaches.
    public var prototype: String
    public var role: ShareRole
    /// A label for the owner ("Design review, Tuesday").
    public var label: String?
    public var createdAt: Date
    public var expiresAt: Date
    /// Revocation takes effect at once.
    public var revokedAt: Date?
    /// SHA-256 of the secret, 64 hex digits.
    var secretHash: String
    /// For the `participant` role: the ids of the tasks to play, in order.
    public var tasks: [String] = []
    /// For the `participant` role: the order its participants play ``tasks`` in, `fixed` or
    /// `counterbalanced` (the prototype's `taskOrder` when `nil`).
    public var taskOrder: String?
    /// For the `participant` role: the environment fixed for every participant, by the members
    /// of `POST /api/sessions` (`device`, `orientation`, `appearance`, `contentSize`) and their
    /// values as that body writes them; a member absent is the prototype's default (the
    /// appearance: the participant's browser's), as a participant has no environment menus.
    public var fixed: [String: String] = [:]
    /// For the `participant` role: whether the participant's page asks for a participant id
    /// before the study starts when the address has none (`?pid=`); their sessions then need one.
    public var askPid = false

    /// The members ``fixed`` may name, in the order they are listed.
    public static let fixable = ["device", "orientation", "appearance", "contentSize"]

    /// Whether the link works at `now`.
    public func isActive(at now: Date) -> Bool { revokedAt == nil && now < expiresAt }

    /// The link without its hash, for `GET /api/shares`.
    public func json(now: Date) -> JSONValue {
        .object(JSONObject(members + [("active", .bool(isActive(at: now)))]))
    }

    /// The link as `shares.json` stores it: with its hash.
    var stored: JSONValue { .object(JSONObject(members + [("secretHash", .string(secretHash))])) }

    /// The members both forms start with, in order.
    private var members: [(String, JSONValue)] {
        [
            ("id", .string(id)), ("prototype", .string(prototype)), ("role", .string(role.rawValue)),
            ("label", .string(label)), ("createdAt", .string(RFC3339.format(createdAt))),
            ("expiresAt", .string(RFC3339.format(expiresAt))), ("revokedAt", .string(revokedAt.map(RFC3339.format))),
        ] + (role == .participant ? participantMembers : [])
    }

    /// A participant link's tasks, their order and what it fixes of the environment.
    private var participantMembers: [(String, JSONValue)] {
        var out: [(String, JSONValue)] = [("tasks", .array(tasks.map { .string($0) }))]
        if let taskOrder { out.append(("taskOrder", .string(taskOrder))) }
        var env = JSONObject()
        for key in Self.fixable { if let v = fixed[key] { env[key] = .string(v) } }
        out.append(("fixed", .object(env)))
        out.append(("askPid", .bool(askPid)))
        return out
    }
}

/// A link just created: the only moment its token (`<id>.<secret>`) exists outside the
/// holder's hands.
public struct IssuedShare: Sendable {
    public var link: ShareLink
    /// `<id>.<secret>`: the secret is 256 bits from the system's CSPRNG, base64url.
    public var token: String
}

/// Share links, kept in `<data>/shares.json` (rewritten atomically on each change).
///
/// Tokens are checked by hashing the presented secret and comparing in constant time; unknown,
/// expired and revoked links are indistinguishable to the caller (all `nil`).
public final class ShareStore: @unchecked Sendable {
    /// Longest lifetime a link may ask for: 90 days, in seconds.
    public static let maxLifetime: Double = 90 * 86_400
    /// Default lifetime: 7 days, in seconds.
    public static let defaultLifetime: Double = 7 * 86_400

    private let file: String
    private let lock = NSLock()
    private var links: [ShareLink] = []
    /// A revocation is in memory but not on disk.
    private var unsaved = false
    /// The clock (tests move it).
    public var now: @Sendable () -> Date = { Date() }

    /// Opens (or creates) the store in `file`.
    /// - Throws: ``ShareError/corrupt(_:)`` when the file exists but can't be read as shares.
    public init(file: String) throws(ShareError) {
        self.file = file
        guard let data = FileManager.default.contents(atPath: file) else { return }
        do {
            let doc = try JSONParser.parse([UInt8](data))
            for item in try JSONReader(doc).object().required("shares").array() {
                let o = try item.object()
                guard let role = ShareRole(rawValue: try o.required("role").string()),
                    let created = RFC3339.parse(try o.required("createdAt").string()),
                    let expires = RFC3339.parse(try o.required("expiresAt").string())
                else { throw ShareError.corrupt(file) }
                var link = ShareLink(
                    id: try o.required("id").string(), prototype: try o.required("prototype").string(), role: role,
                    label: try o.optional("label")?.string(), createdAt: created, expiresAt: expires,
                    revokedAt: try o.optional("revokedAt").flatMap { RFC3339.parse(try $0.string()) },
                    secretHash: try o.required("secretHash").string())
                link.tasks = try o.optional("tasks")?.strings() ?? []
                link.taskOrder = try o.optional("taskOrder")?.string()
                if let f = o.optional("fixed") {
                    let env = try f.object()
                    for key in ShareLink.fixable { link.fixed[key] = try env.optional(key)?.string() }
                }
                link.askPid = try o.optional("askPid")?.bool() ?? false
                links.append(link)
            }
        } catch let e as ShareError {
            throw e
        } catch {
            throw ShareError.corrupt("\(file): \(error)")
        }
    }

    /// Creates a link to `prototype`. `expiresIn` is in seconds (default 7 days, at most 90 days).
    /// - Throws: ``ShareError/invalidLifetime(_:)``, or ``ShareError/io(_:)`` when it can't be saved.
    /// `tasks` are the task ids a `participant` link plays, in order; `taskOrder`, `fixed` and
    /// `askPid` are ``ShareLink/taskOrder``, ``ShareLink/fixed`` and ``ShareLink/askPid``
    /// (checked by the caller).
    public func create(
        prototype: String, role: ShareRole, expiresIn: Double? = nil, label: String? = nil, tasks: [String] = [],
        taskOrder: String? = nil, fixed: [String: String] = [:], askPid: Bool = false
    )
        throws(ShareError)
        -> IssuedShare
    {
        let lifetime = expiresIn ?? ShareStore.defaultLifetime
        guard lifetime >= 1, lifetime <= ShareStore.maxLifetime else { throw ShareError.invalidLifetime(lifetime) }
        let id = ShareSecrets.random(bytes: 8)
        let secret = ShareSecrets.random(bytes: 32)
        let created = now()
        var link = ShareLink(
            id: id, prototype: prototype, role: role, label: label, createdAt: created,
            expiresAt: created.addingTimeInterval(lifetime), revokedAt: nil, secretHash: SHA256.hex(secret))
        link.tasks = tasks
        link.taskOrder = taskOrder
        link.fixed = fixed.filter { ShareLink.fixable.contains($0.key) }
        link.askPid = askPid
        try mutate { $0.append(link) }
        return IssuedShare(link: link, token: id + "." + secret)
    }

    /// Every link, newest first.
    public var all: [ShareLink] { lock.withLock { links.reversed() } }

    /// The link with this public id.
    public func link(id: String) -> ShareLink? { lock.withLock { links.first { $0.id == id } } }

    /// Revokes a link at once, in memory whatever happens on disk: from this call on, its
    /// token resolves to nothing. The change is then written to the store's file; when that
    /// fails (a read-only or full data folder) the answer says why, and the store retries the
    /// write with its next change, a later revocation of the same link included.
    public func revoke(id: String) -> Revocation {
        let t = now()
        lock.lock()
        defer { lock.unlock() }
        guard let i = links.firstIndex(where: { $0.id == id }) else { return Revocation(found: false, saveError: nil) }
        if links[i].revokedAt == nil { links[i].revokedAt = t }
        unsaved = true
        do throws(ShareError) {
            try save(links)
            unsaved = false
            return Revocation(found: true, saveError: nil)
        } catch {
            return Revocation(found: true, saveError: error)
        }
    }

    /// Whether the link with this public id exists and works now.
    public func isActive(id: String) -> Bool {
        let t = now()
        return lock.withLock { links.first { $0.id == id }?.isActive(at: t) ?? false }
    }

    /// Whether a change (a revocation) is in effect but not yet written to the store's file.
    public var hasUnsavedChanges: Bool { lock.withLock { unsaved } }

    /// The active link a token names, or `nil` (unknown, malformed, wrong secret, expired and
    /// revoked all look the same). The secret's hash is compared in constant time.
    public func resolve(token: String) -> ShareLink? {
        let parts = token.split(separator: ".", maxSplits: 1)
        guard parts.count == 2, parts[0].utf8.count <= 64, parts[1].utf8.count <= 128 else { return nil }
        let presented = SHA256.hex(String(parts[1]))
        guard let link = self.link(id: String(parts[0])) else {
            _ = constantTimeEqual(presented, presented)
            return nil
        }
        guard constantTimeEqual(presented, link.secretHash), link.isActive(at: now()) else { return nil }
        return link
    }

    /// Applies `change` to a copy, writes it, and keeps it only once written.
    private func mutate(_ change: (inout [ShareLink]) -> Void) throws(ShareError) {
        lock.lock()
        defer { lock.unlock() }
        var copy = links
        change(&copy)
        try save(copy)
        links = copy
        unsaved = false
    }

    /// Writes `links` to the file, atomically (a temporary file renamed over it). Call with the lock held.
    private func save(_ links: [ShareLink]) throws(ShareError) {
        let doc: JSONValue = ["shares": .array(links.map(\.stored))]
        do {
            try FileManager.default.createDirectory(
                atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(JSONWriter(pretty: true).bytes(doc)).write(to: URL(fileURLWithPath: file), options: .atomic)
        } catch {
            throw ShareError.io("\(file): \(error)")
        }
    }
}

/// What ``ShareStore/revoke(id:)`` did.
public struct Revocation: Sendable {
    /// Whether a link has that id (when false, nothing changed).
    public var found: Bool
    /// Why the revocation could not be written to the store's file, or nil when it was. It is in
    /// effect all the same, but a server started before a later change is saved would find the
    /// link active again.
    public var saveError: ShareError?
}

/// Errors of the sharing stores.
public enum ShareError: Error, Sendable, CustomStringConvertible {
    case corrupt(String)
    case io(String)
    case invalidLifetime(Double)

    public var description: String {
        switch self {
        case .corrupt(let s): return "the share store is corrupt: \(s)"
        case .io(let s): return "can't write: \(s)"
        case .invalidLifetime(let s): return "expiresIn must be between 1 second and 90 days (7,776,000 s); got \(s)"
        }
    }
}

/// Random ids and secrets from the system's CSPRNG (`SystemRandomNumberGenerator`: getrandom(2)
/// on Linux), base64url without padding (RFC 4648 §5).
public enum ShareSecrets {
    public static func random(bytes: Int) -> String {
        var g = SystemRandomNumberGenerator()
        let raw = (0..<bytes).map { _ in UInt8.random(in: 0...255, using: &g) }
        return Data(raw).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
}

/// Compares two byte sequences (a secret's UTF-8 and what a request sent, say) in time that
/// depends only on their lengths.
@inlinable
public func constantTimeEqual(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Bool {
    var diff = UInt8(x.count == y.count ? 0 : 1)
    for i in 0..<Swift.max(x.count, y.count) { diff |= (i < x.count ? x[i] : 0) ^ (i < y.count ? y[i] : 0) }
    return diff == 0
}

/// Compares two strings in time that depends only on their lengths.
@inlinable
public func constantTimeEqual<A: StringProtocol, B: StringProtocol>(_ a: A, _ b: B) -> Bool {
    // Native strings (all of them on Linux): the same comparison over their bytes in place,
    // without two iterators (an owner's token is checked on every request it makes).
    let inPlace: Bool?? = a.utf8.withContiguousStorageIfAvailable { x in
        b.utf8.withContiguousStorageIfAvailable { y in constantTimeEqual(x, y) }
    }
    if let inPlace, let equal = inPlace { return equal }
    var diff = UInt8(a.utf8.count == b.utf8.count ? 0 : 1)
    var x = a.utf8.makeIterator()
    var y = b.utf8.makeIterator()
    while true {
        let p = x.next()
        let q = y.next()
        if p == nil && q == nil { break }
        diff |= (p ?? 0) ^ (q ?? 0)
    }
    return diff == 0
}

/// RFC 3339 timestamps in UTC with millisecond precision.
///
/// Two formatters made once, not one per call. Apple's Foundation documents
/// `ISO8601DateFormatter` as thread-safe, but on Linux it wraps an ICU date format that must not
/// be used by two threads at once (and creates it lazily on first use), so they are used under
/// a lock.
public enum RFC3339 {
    private static let lock = NSLock()
    nonisolated(unsafe) private static let withFraction = formatter([.withInternetDateTime, .withFractionalSeconds])
    nonisolated(unsafe) private static let withoutFraction = formatter([.withInternetDateTime])

    private static func formatter(_ options: ISO8601DateFormatter.Options) -> ISO8601DateFormatter {
        let f = ISO8601DateFormatter()
        f.formatOptions = options
        return f
    }

    /// `2026-11-29T11:40:22.123Z`.
    public static func format(_ d: Date) -> String {
        lock.withLock { withFraction.string(from: d) }
    }

    /// A date from RFC 3339 text, with or without fractional seconds; `nil` when it is not one.
    public static func parse(_ s: String) -> Date? {
        lock.withLock { withFraction.date(from: s) ?? withoutFraction.date(from: s) }
    }
}
