/// Refuses state-changing requests that a browser sends on behalf of a page of another origin
/// (cross-site request forgery), as Go's `net/http.CrossOriginProtection` does, with an origin
/// check against the server's own origins in the manner of Jupyter's.
///
/// `GET`, `HEAD` and `OPTIONS` always pass (they must change nothing). Any other method passes
/// when:
/// - it carries `Authorization: Bearer …`: a browser never adds that on its own, and a page of
///   another origin can add it only through CORS, which nothing here grants; or
/// - its `Origin` is trusted (and its `Sec-Fetch-Site`, if any, is `same-origin` or `none`):
///   one added with ``addTrustedOrigin(_:)`` (the server's own
///   `http://host:port`, a public origin behind a proxy), or `http://` or `https://` followed
///   by the request's `Host` when that names a loopback host (`localhost`, `*.localhost`,
///   `127.0.0.0/8`, `[::1]`): a browser that sends such a pair addressed this very server by
///   that name, and a page elsewhere can't make it send another `Host`. A DNS-rebinding page
///   (`Host: attacker.example` resolving to 127.0.0.1) is not trusted; or
/// - it has no `Origin` and `Sec-Fetch-Site` is `same-origin` or `none` (a user's own action);
/// - it has neither `Origin` nor `Sec-Fetch-Site`: not a browser's cross-origin request (curl,
///   scripts, old browsers on a same-origin form).
///
/// Anything else (`Origin: http://127.0.0.1:9999` on a server at 8080 — the same *site*, so
/// `SameSite` cookies don't stop it —, `Origin: null`, `Sec-Fetch-Site: same-site` or
/// `cross-site`, even beside a trusted `Origin`) is refused with a 403 problem naming what it
/// saw; a request with two `Origin` fields, which no browser sends (RFC 6454 §7.3), with a 400.
/// (Unlike Go's, the trusted origins are this server's own, whose pages a browser calls
/// `same-origin`; so `Sec-Fetch-Site: cross-site` is refused whatever the `Origin`.)
///
/// Sources: Go's `net/http` `CrossOriginProtection` (Go 1.25); the Fetch standard's
/// `Sec-Fetch-Site` (W3C Fetch Metadata Request Headers); RFC 6454 (origins) and RFC 6761 §6.3
/// (`localhost` names are loopback); Jupyter Server's host check against DNS rebinding.
public final class CrossOriginProtection: HTTPMiddleware, @unchecked Sendable {
    private let trusted = ReadMostly<Set<String>>([])

    /// A protection that trusts no origin but loopback `Host` names until origins are added.
    public init() {}

    /// Trusts `origin` (`scheme://host[:port]`, as a browser's `Origin` field writes it; the
    /// scheme's default port and a trailing `/` may be given, they are dropped). Safe to call
    /// while requests are served: say, once the server knows its port.
    /// - Throws: ``HTTPError`` (400) for anything that is not an `http`/`https` origin without
    ///   a path, query or fragment.
    public func addTrustedOrigin(_ origin: String) throws {
        guard let normalized = Self.normalized(origin) else {
            throw HTTPError(
                .badRequest,
                detail: "\"\(origin)\" is not an origin: expected http://host[:port] or https://host[:port]")
        }
        trusted.write { _ = $0.insert(normalized) }
    }

    /// The trusted origins, normalized, in no particular order.
    public var trustedOrigins: [String] { trusted.read { Array($0) } }

    /// Refuses a state-changing request from another origin (see the type's documentation).
    public func willHandle(_ request: inout HTTPRequest) throws -> HTTPResponse? {
        if request.method == .get || request.method == .head || request.method == .options { return nil }
        if request.hasBearerAuthorization { return nil }
        // RFC 6454 §7.3: a user agent sends at most one `Origin`. Two are not a browser's, and
        // judging by either one alone would let the other through.
        // Counted only when there is one (a browser's POST): no array of values per request.
        let origin = request.headers["origin"]
        if origin != nil, case let count = request.headers.occurrences(of: "origin"), count > 1 {
            throw HTTPError(
                .badRequest, title: "Repeated Origin",
                detail:
                    "\(request.method) with \(count) Origin fields; a request has at most one (RFC 6454, section 7.3)"
            )
        }
        // A browser's own word that the page is of another origin stands whatever `Origin` says
        // (the trusted origins are this server's own, whose pages a browser calls same-origin).
        if let site = request.headers["sec-fetch-site"] {
            let value = site.lowercased()
            if value != "same-origin" && value != "none" {
                throw HTTPError(
                    .forbidden, title: "Cross-origin request refused",
                    detail:
                        "\(request.method) sent with Sec-Fetch-Site: \(site): state-changing requests must come from this server's own pages (or send Authorization: Bearer)"
                )
            }
        }
        if let origin {
            if isTrusted(origin: origin, host: request.headers["host"]) { return nil }
            throw HTTPError(
                .forbidden, title: "Cross-origin request refused",
                detail:
                    "\(request.method) from the page at Origin \(origin), which is not this server's origin: state-changing requests must come from this server's own pages (or send Authorization: Bearer)"
            )
        }
        return nil
    }

    /// Whether a request's `Origin` value is trusted, given its `Host`.
    func isTrusted(origin: String, host: String?) -> Bool {
        let seen = origin.lowercased()
        if trusted.read({ $0.contains(seen) }) { return true }
        guard let host = host?.lowercased(), Self.isLoopback(host: host) else { return false }
        return seen == "http://" + host || seen == "https://" + host
    }

    /// Whether a `Host` value (`name[:port]`, lowercase) names a loopback host.
    static func isLoopback(host: String) -> Bool {
        var name = Substring(host)
        if name.hasPrefix("[") {
            guard let close = name.firstIndex(of: "]") else { return false }
            return name[name.index(after: name.startIndex)..<close] == "::1"
        }
        if let colon = name.lastIndex(of: ":") { name = name[..<colon] }
        if name == "localhost" || name.hasSuffix(".localhost") { return true }
        let octets = name.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127"
            && octets.allSatisfy { !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isASCIIDigit) && Int($0)! <= 255 }
    }

    /// `origin` as browsers serialize it (RFC 6454 §6.2): lowercase, no default port, no slash;
    /// nil when it is not an `http`/`https` origin without a path, query or fragment.
    public static func normalized(_ origin: String) -> String? {
        var text = origin.lowercased()
        if text.hasSuffix("/") { text.removeLast() }
        let scheme: String
        if text.hasPrefix("http://") {
            scheme = "http"
        } else if text.hasPrefix("https://") {
            scheme = "https"
        } else {
            return nil
        }
        let authority = text.dropFirst(scheme.count + 3)
        guard !authority.isEmpty, !authority.contains(where: { "/?#@ ".contains($0) }) else { return nil }
        let defaultPort = scheme == "http" ? ":80" : ":443"
        if authority.hasSuffix(defaultPort) {
            return scheme + "://" + authority.dropLast(defaultPort.count)
        }
        return scheme + "://" + authority
    }
}

extension HTTPRequest {
    /// Whether `Authorization` uses the Bearer scheme (RFC 6750 §2.1; the scheme name is
    /// case-insensitive, RFC 9110 §11.1), with or without a token after it.
    public var hasBearerAuthorization: Bool {
        // Compared in the header's bytes: asked of every state-changing request, more than once.
        headers.value(of: "authorization", hasPrefix: Self.bearerScheme)
    }

    /// The Bearer scheme's name and the space after it, in lowercase.
    private static let bearerScheme: StaticString = "bearer "

    /// The token of `Authorization: Bearer <token>`, without surrounding spaces and tabs; nil
    /// for another scheme, no field, or no token.
    public var bearerToken: Substring? {
        withBearerToken { token in token.map { Substring(String(decoding: $0, as: UTF8.self)) } }
    }

    /// Calls `body` with the bytes of ``bearerToken``, in place (nil for another scheme, no
    /// field, or no token), so that a token can be checked without a `String` of it: one, for a
    /// token over 15 bytes, is an allocation on every request that sends it.
    public func withBearerToken<R>(_ body: (UnsafeBufferPointer<UInt8>?) throws -> R) rethrows -> R {
        try headers.withValue(of: "authorization") { value in
            // The scheme on the bytes at hand, as ``hasBearerAuthorization`` checks it (its
            // own lookup of the field would be a second one).
            guard let value, HTTPHeaders.bytes(value, haveLowercasePrefix: Self.bearerScheme) else {
                return try body(nil)
            }
            // After `Bearer ` (7 bytes), without the spaces and tabs around the token.
            var start = Self.bearerScheme.utf8CodeUnitCount
            var end = value.count
            while start < end, value[start] == 0x20 || value[start] == 0x09 { start += 1 }
            while end > start, value[end - 1] == 0x20 || value[end - 1] == 0x09 { end -= 1 }
            return try body(start < end ? UnsafeBufferPointer(rebasing: value[start..<end]) : nil)
        }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
