import Foundation
import HTTPServer
import JSON
import Sharing

/// Who is asking, once a request has credentials: the owner, or the holder of a working share
/// link (scoped to one prototype). A request with neither gets 401 before any handler runs.
public enum Viewer: Sendable, Equatable {
    /// The designer: by the owner token or an owner session.
    case owner
    /// The holder of share link `id`, which reaches `prototype` in `role`.
    case share(id: String, prototype: String, role: ShareRole)

    /// Whether this viewer may pin comments: the owner, or a `comment` link.
    public var canComment: Bool {
        switch self {
        case .owner: return true
        case .share(_, _, let role): return role == .comment
        }
    }

    /// Whether this viewer holds a `participant` link: it plays its tasks and sees nothing of
    /// the designer's tools (board, comments, live reload).
    public var isParticipant: Bool {
        if case .share(_, _, .participant) = self { return true }
        return false
    }

    /// Whether this viewer may see prototype `id`.
    public func canView(_ prototype: String) -> Bool {
        switch self {
        case .owner: return true
        case .share(_, let p, _): return p == prototype
        }
    }

    /// The share link's public id; nil for the owner.
    public var shareID: String? {
        if case .share(let id, _, _) = self { return id }
        return nil
    }
}

/// Owner access, as Jupyter does it: a token printed at start (`http://…/?token=…`), traded at
/// `/` for an owner session whose random value — never the token — an HttpOnly,
/// SameSite=Strict cookie carries; scripts send `Authorization: Bearer <token>` instead.
///
/// Sessions are kept as SHA-256 hashes in `<data>/owner-sessions.json` (mode 0600), so a
/// restart keeps the designer signed in, while the file never holds anything a browser could
/// present: a copy of it opens nothing. They last ``sessionLifetime``; at most ``maxSessions``
/// are kept (the oldest go first). The file also holds a hash of the token: a new token (delete
/// `<data>/owner-token`, or set another `MODALLAB_OWNER_TOKEN`) ends every session. When the file
/// can't be written, sessions still work until the server stops.
///
/// The cookie's name carries the server's port, `modallab_owner_8080`: browsers send cookies
/// to every port of a host, so two servers on one machine would otherwise overwrite each
/// other's (RFC 6265 §8.5: cookies do not provide isolation by port).
public final class OwnerAccess: @unchecked Sendable {
    /// The owner token: 43 base64url characters (256 bits) unless set by the environment.
    public let token: String
    /// How long an owner session lasts, in seconds: 30 days (ours; unverified against any
    /// guideline — long enough that a designer signs in once a month).
    public static let sessionLifetime: Double = 30 * 86_400
    /// Most owner sessions kept: one per browser the designer uses, with room to spare.
    public static let maxSessions = 64

    private let file: String?
    private let lock = NSLock()
    /// SHA-256 hex of each session's value → when it ends.
    private var sessions: [String: Date] = [:]
    private var boundPort: Int
    /// The clock (tests move it).
    var now: @Sendable () -> Date = { Date() }

    /// Access for `token`, with sessions kept in `sessionsFile` (in memory only when nil).
    /// `port` names the cookie until ``port`` is set.
    public init(token: String, sessionsFile: String? = nil, port: Int = 8080) {
        self.token = token
        self.file = sessionsFile
        self.boundPort = port
        if let sessionsFile { sessions = Self.read(sessionsFile, token: token, now: Date()) }
    }

    /// The token from `explicit`, else `MODALLAB_OWNER_TOKEN`, else `<data>/owner-token`
    /// (created with mode 0600); sessions in `<data>/owner-sessions.json`.
    /// - Throws: when the data folder can't be created or written.
    public static func load(dataDirectory: String, explicit: String? = nil, port: Int = 8080) throws -> OwnerAccess {
        let sessions = dataDirectory + "/owner-sessions.json"
        if let explicit, !explicit.isEmpty { return OwnerAccess(token: explicit, sessionsFile: sessions, port: port) }
        if let env = ProcessInfo.processInfo.environment["MODALLAB_OWNER_TOKEN"], !env.isEmpty {
            return OwnerAccess(token: env, sessionsFile: sessions, port: port)
        }
        let path = dataDirectory + "/owner-token"
        if let data = FileManager.default.contents(atPath: path),
            let t = String(data: data, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines), !t.isEmpty
        {
            return OwnerAccess(token: t, sessionsFile: sessions, port: port)
        }
        try FileManager.default.createDirectory(atPath: dataDirectory, withIntermediateDirectories: true)
        let token = RandomID.make(bytes: 32)
        _ = FileManager.default.createFile(
            atPath: path, contents: Data((token + "\n").utf8), attributes: [.posixPermissions: 0o600])
        return OwnerAccess(token: token, sessionsFile: sessions, port: port)
    }

    /// What to say about a token someone chose (`MODALLAB_OWNER_TOKEN`, the data folder's file)
    /// that is easy to guess or can't be sent as one: fewer than ``minimumTokenLength``
    /// characters, or a character other than RFC 3986's unreserved ones (letters, digits, `-`,
    /// `.`, `_`, `~`), which the printed address (`?token=`, a `#` ends it, a `+` is a space)
    /// and `Authorization: Bearer` (RFC 6750 §2.1) carry as they are. `nil` for a good one,
    /// such as the 43 base64url characters of 32 random bytes the server makes.
    static func weakTokenWarning(_ token: String) -> String? {
        let unreserved = { (c: Unicode.Scalar) in
            c.isASCII && (c.properties.isAlphabetic || ("0"..."9").contains(c) || "-._~".unicodeScalars.contains(c))
        }
        if let bad = token.unicodeScalars.first(where: { !unreserved($0) }) {
            return "the owner token has U+\(String(bad.value, radix: 16, uppercase: true)), which the printed "
                + "address and `Authorization: Bearer` can't carry as it is; use letters, digits, -, ., _ and ~"
        }
        if token.count < minimumTokenLength {
            return "the owner token has \(token.count) characters: anyone who reaches the server may guess "
                + "a short one; use \(minimumTokenLength) or more random characters (or unset it, and one is made)"
        }
        return nil
    }

    /// The fewest characters of an owner token that draws no warning: 128 bits in base64.
    static let minimumTokenLength = 22

    /// The port the server is bound to, which names the cookie; set once it is known.
    public var port: Int {
        get { lock.withLock { boundPort } }
        set { lock.withLock { boundPort = newValue } }
    }

    /// `modallab_owner_<port>`.
    public var cookieName: String { "modallab_owner_\(port)" }

    /// Whether the request comes from the owner: by its `Authorization: Bearer` token (compared
    /// in constant time) when it uses that scheme — then by that alone, as the origin check
    /// lets such requests through —, else by an owner-session cookie. `?token=` counts nowhere: only `/` trades it (``TokenExchange``).
    public func isOwner(_ request: HTTPRequest) -> Bool {
        if request.hasBearerAuthorization {
            // In the header's bytes: a `String` of the token would be an allocation per request.
            var token = token
            return token.withUTF8 { own in request.withBearerToken { $0.map { constantTimeEqual($0, own) } ?? false } }
        }
        guard let value = request.cookie(cookieName) else { return false }
        let hash = SHA256.hex(value)
        let t = now()
        return lock.withLock { sessions[hash].map { t < $0 } ?? false }
    }

    /// Starts an owner session and returns the `Set-Cookie` value that carries it: 256 random
    /// bits, `HttpOnly; SameSite=Strict; Path=/`, for ``sessionLifetime`` (plus `Secure` when
    /// `secure`: the browser reaches the server over HTTPS, through a proxy).
    public func startSession(secure: Bool = false) -> String {
        let value = RandomID.make(bytes: 32)
        let t = now()
        lock.withLock {
            sessions = sessions.filter { t < $0.value }
            while sessions.count >= Self.maxSessions, let oldest = sessions.min(by: { $0.value < $1.value }) {
                sessions[oldest.key] = nil
            }
            sessions[SHA256.hex(value)] = t.addingTimeInterval(Self.sessionLifetime)
            save()
        }
        return "\(cookieName)=\(value); Path=/; HttpOnly; SameSite=Strict; Max-Age=\(Int(Self.sessionLifetime))"
            + (secure ? "; Secure" : "")
    }

    /// Writes the sessions' hashes (call with the lock held); a failure leaves them in memory.
    private func save() {
        guard let file else { return }
        let doc: JSONValue = [
            "token": .string(SHA256.hex(token)),
            "sessions": .array(
                sessions.sorted { $0.key < $1.key }.map {
                    ["hash": .string($0.key), "expiresAt": .string(RFC3339.format($0.value))]
                }),
        ]
        let url = URL(fileURLWithPath: file)
        guard (try? Data(JSONWriter(pretty: true).bytes(doc)).write(to: url, options: .atomic)) != nil else { return }
        try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file)
    }

    /// The live sessions in `file`, if it belongs to `token` (else none).
    private static func read(_ file: String, token: String, now: Date) -> [String: Date] {
        guard let data = FileManager.default.contents(atPath: file), let doc = try? JSONParser.parse([UInt8](data)),
            doc["token"]?.stringValue == SHA256.hex(token), let items = doc["sessions"]?.arrayValue
        else { return [:] }
        var sessions: [String: Date] = [:]
        for item in items {
            guard let hash = item["hash"]?.stringValue, let end = item["expiresAt"]?.stringValue.flatMap(RFC3339.parse),
                now < end
            else { continue }
            sessions[hash] = end
        }
        return sessions
    }
}
