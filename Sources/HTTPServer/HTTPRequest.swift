/// A parsed HTTP/1.x request (RFC 9112 §3) with its whole body.
///
/// The server builds one per request after the head and body have been read; routers and
/// middleware may change any property. An application can build one for in-process tests with
/// ``init(method:target:headers:body:)``.
public struct HTTPRequest: Sendable {
    /// The request method, e.g. `.get`.
    public var method: HTTPMethod
    /// The protocol version from the request line (1.0 or 1.1).
    public var version: HTTPVersion
    /// The percent-decoded path of the target, without the query: `/p/a b` for `/p/a%20b?x=1`.
    /// For an absolute-form target (`http://host/p`) the path part (`/p`); for `*`, `"*"`.
    public var path: String
    /// The header fields as received; lookup by name is case-insensitive.
    public var headers: HTTPHeaders
    /// The body, already de-chunked; empty when the request had none. Its size is bounded by the
    /// route's limit (``ServerConfiguration/maxBodyBytes`` by default).
    public var body: [UInt8]
    /// Path parameters filled by the ``Router``: `parameters["id"]` is `"42"` for pattern
    /// `/p/{id}` and path `/p/42`; a trailing `*` puts the rest of the path (no leading slash)
    /// under `"*"`.
    public var parameters: RouteParameters
    /// The pattern of the route that matched, e.g. `/p/{id}`; nil before routing or when none did.
    /// Metrics and access logs use it as a label of bounded cardinality.
    public var routePattern: String?
    /// The peer's address, `"127.0.0.1:51234"` or `"[::1]:51234"`.
    public var remoteAddress: String

    /// The peer's address without its port, `"127.0.0.1"` or `"[::1]"`: the client address
    /// that per-address limits count by (``ServerConfiguration/maxConnectionsPerAddress``).
    public var remoteHost: String { Self.host(of: remoteAddress) }

    /// Whether `host` (a `Host` field's value) has only the characters RFC 3986 §3.2.2 allows a
    /// `uri-host [":" port]`: what the server's parser admits in a request's `Host` (a request
    /// with any other is a 400 before it is routed).
    public static func isValidHost(_ host: String) -> Bool {
        var host = host
        return host.withUTF8 { RequestHeadParser.isValidHost($0) }
    }

    /// `"203.0.113.7:51234"` → `"203.0.113.7"`, `"[::1]:51234"` → `"[::1]"`; an address without
    /// a port is returned whole.
    static func host(of address: String) -> String {
        // By UTF-8 code unit (the colons and brackets are ASCII): a search by `Character` breaks
        // the address into grapheme clusters, thousands of instructions on every request that asks.
        let utf8 = address.utf8
        guard let colon = utf8.lastIndex(of: UInt8(ascii: ":")), utf8.last != UInt8(ascii: "]") else {
            return address
        }
        if utf8.first == UInt8(ascii: "[") || !utf8[..<colon].contains(UInt8(ascii: ":")) {
            return String(address[..<colon])
        }
        return address
    }

    var targetSource: [UInt8]
    var targetRange: Range<Int>
    /// The query part of the target (after `?`), in `targetSource`.
    var queryRange: Range<Int>?
    var matchedRoute: Router.Route?

    /// The request-target exactly as sent on the request line (RFC 9112 §3.2), e.g. `/p/a%20b?x=1`.
    public var rawTarget: String {
        get { String(decoding: targetSource[targetRange], as: UTF8.self) }
        set {
            targetSource = Array(newValue.utf8)
            targetRange = 0..<targetSource.count
            queryRange = RequestTarget.parse(targetSource)?.query
        }
    }

    /// Runs `body` with the path's segments for routing (``RoutingPath``), each percent-decoded
    /// on its own from the target as sent, so an encoded slash (`%2F`) stays inside its segment
    /// (RFC 3986 §2.2, §3.3): `/a%2Fb/c` → `a/b`, `c`. Empty segments are left out. When
    /// nothing is encoded the segments are ``path``'s own bytes, read in place.
    func withRoutingPath<Result>(_ body: (RoutingPath) -> Result) -> Result {
        let decoded = targetSource.withUnsafeBufferPointer { buffer -> (bytes: [UInt8], bounds: [Range<Int>])? in
            guard let bounds = RequestTarget.pathBounds(buffer, targetRange) else { return nil }
            let raw = UnsafeBufferPointer(rebasing: buffer[bounds.path])
            // Nothing encoded: the decoded path has the same segments.
            if !raw.contains(0x25) { return nil }
            var bytes: [UInt8] = []
            var segments: [Range<Int>] = []
            for segment in raw.split(separator: UInt8(ascii: "/")) {
                let encoded = UnsafeBufferPointer(rebasing: segment)
                let start = bytes.count
                let text = PercentDecoding.path(encoded) ?? String(decoding: encoded, as: UTF8.self)
                bytes.append(contentsOf: text.utf8)
                segments.append(start..<bytes.count)
            }
            return (bytes, segments)
        }
        if let decoded {
            return decoded.bytes.withUnsafeBufferPointer {
                body(RoutingPath(path: self.path, bytes: $0, decoded: decoded.bounds))
            }
        }
        var plain = path
        plain.makeContiguousUTF8()  // nothing to do but for a bridged string (never a path the server parsed)
        return plain.utf8.withContiguousStorageIfAvailable { body(RoutingPath(path: plain, bytes: $0, decoded: nil)) }!
    }

    /// A request built in memory, for tests and internal redirects.
    /// - Parameters:
    ///   - target: origin-form target such as `/p/1?device=iphone-15`; `path` and the query are
    ///     derived from it. A target that does not parse leaves `path` equal to `target`.
    public init(
        method: HTTPMethod = .get, target: String, version: HTTPVersion = .http1_1, headers: HTTPHeaders = [:],
        body: [UInt8] = [], remoteAddress: String = "127.0.0.1:0"
    ) {
        let bytes = Array(target.utf8)
        let parsed = RequestTarget.parse(bytes)
        self.method = method
        self.version = version
        self.path = parsed?.path ?? target
        self.headers = headers
        self.body = body
        self.parameters = [:]
        self.routePattern = nil
        self.remoteAddress = remoteAddress
        self.targetSource = bytes
        self.targetRange = 0..<bytes.count
        self.queryRange = parsed?.query
    }

    init(
        method: HTTPMethod, version: HTTPVersion, path: String, headers: HTTPHeaders, targetRange: Range<Int>,
        queryRange: Range<Int>?, remoteAddress: String
    ) {
        self.method = method
        self.version = version
        self.path = path
        self.headers = headers
        self.body = []
        self.parameters = [:]
        self.routePattern = nil
        self.remoteAddress = remoteAddress
        self.targetSource = headers.bytes
        self.targetRange = targetRange
        self.queryRange = queryRange
    }

    /// The query's name/value pairs in order, form-decoded (`+` is a space, `%XX` a byte;
    /// invalid UTF-8 is repaired with U+FFFD). A pair without `=` has an empty value.
    public var queryItems: [(name: String, value: String)] {
        guard let queryRange else { return [] }
        var items: [(name: String, value: String)] = []
        for pair in targetSource[queryRange].split(separator: 0x26) where !pair.isEmpty {
            if let eq = pair.firstIndex(of: 0x3D) {
                items.append(
                    (PercentDecoding.form(pair[pair.startIndex..<eq]), PercentDecoding.form(pair[(eq + 1)...])))
            } else {
                items.append((PercentDecoding.form(pair), ""))
            }
        }
        return items
    }

    /// The first value of query parameter `name`, form-decoded; nil when absent.
    public func query(_ name: String) -> String? {
        queryItems.first { $0.name == name }?.value
    }

    /// The value of cookie `name` from the `Cookie` header fields (RFC 6265 §5.4), the first
    /// one when repeated; surrounding double quotes are removed. nil when absent.
    public func cookie(_ name: String) -> String? {
        for line in headers.values("cookie") {
            for pair in line.split(separator: ";") {
                let trimmed = pair.drop(while: { $0 == " " })
                guard let eq = trimmed.firstIndex(of: "=") else { continue }
                if trimmed[trimmed.startIndex..<eq].trimmingOWS == name {
                    var value = trimmed[trimmed.index(after: eq)...].trimmingOWS
                    if value.count >= 2 && value.hasPrefix("\"") && value.hasSuffix("\"") {
                        value = String(value.dropFirst().dropLast())
                    }
                    return value
                }
            }
        }
        return nil
    }

    /// Whether the client asked to keep the connection open after this request (RFC 9112 §9.3).
    public var wantsKeepAlive: Bool {
        if version.minor >= 1 { return !headers.containsToken("connection", "close") }
        return headers.containsToken("connection", "keep-alive")
    }
}
