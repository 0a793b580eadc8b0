import Foundation
import HTTPServer
import Sharing

/// Who is asking: the owner, a share-link viewer (scoped to one prototype), or anyone.
public enum Viewer: Sendable, Equatable {
    case owner
    case share(id: String, prototype: String, canComment: Bool)
    case anonymous

    /// Whether this viewer may see prototype `id`.
    public func canView(_ prototype: String) -> Bool {
        switch self {
        case .owner: return true
        case .share(_, let p, _): return p == prototype
        case .anonymous: return false
        }
    }
}

/// Owner access (SPEC §6): a token printed at start (Jupyter-style), traded on first visit for an
/// HttpOnly, SameSite=Strict cookie; the API also takes `Authorization: Bearer <token>`.
public struct OwnerAccess: Sendable {
    /// The cookie that carries the owner token.
    public static let cookieName = "modallab_owner"
    /// The owner token: 43 base64url characters (256 bits) unless set by the environment.
    public let token: String

    public init(token: String) { self.token = token }

    /// The token from `MODALLAB_OWNER_TOKEN`, else `<data>/owner-token` (created with mode 0600).
    /// - Throws: when the data folder can't be created or written.
    public static func load(dataDirectory: String, explicit: String? = nil) throws -> OwnerAccess {
        if let explicit, !explicit.isEmpty { return OwnerAccess(token: explicit) }
        if let env = ProcessInfo.processInfo.environment["MODALLAB_OWNER_TOKEN"], !env.isEmpty {
            return OwnerAccess(token: env)
        }
        let path = dataDirectory + "/owner-token"
        if let data = FileManager.default.contents(atPath: path),
            let t = String(data: data, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines), !t.isEmpty
        {
            return OwnerAccess(token: t)
        }
        try FileManager.default.createDirectory(atPath: dataDirectory, withIntermediateDirectories: true)
        let token = RandomID.make(bytes: 32)
        _ = FileManager.default.createFile(
            atPath: path, contents: Data((token + "\n").utf8), attributes: [.posixPermissions: 0o600])
        return OwnerAccess(token: token)
    }

    /// Whether the request carries the owner token (bearer header, cookie, or `?token=`),
    /// compared in constant time.
    public func isOwner(_ request: HTTPRequest) -> Bool {
        if let auth = request.headers["authorization"], let presented = Self.bearerToken(auth),
            constantTimeEqual(presented, token)
        {
            return true
        }
        if let c = request.cookie(OwnerAccess.cookieName), constantTimeEqual(c, token) { return true }
        if let q = request.query("token"), constantTimeEqual(q, token) { return true }
        return false
    }

    /// The token of an `Authorization` field value with the `Bearer` scheme (RFC 6750 §2.1; the
    /// scheme name is case-insensitive, RFC 9110 §11.1), without surrounding spaces and tabs;
    /// nil for another scheme or no token.
    static func bearerToken(_ value: String) -> Substring? {
        let u = value.utf8
        var i = u.startIndex
        for c in "bearer".utf8 {
            guard i < u.endIndex, u[i] | 0x20 == c else { return nil }
            i = u.index(after: i)
        }
        guard i < u.endIndex, u[i] == 0x20 else { return nil }
        var end = u.endIndex
        while i < end, u[i] == 0x20 || u[i] == 0x09 { i = u.index(after: i) }
        while end > i, u[u.index(before: end)] == 0x20 || u[u.index(before: end)] == 0x09 { end = u.index(before: end) }
        return i < end ? value[i..<end] : nil
    }

    /// The `Set-Cookie` value that keeps the owner signed in.
    public var cookie: String {
        "\(OwnerAccess.cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict; Max-Age=31536000"
    }
}
