/// A response to send: status, header fields and a body (RFC 9110 §6, RFC 9112 §4).
///
/// The server adds `Date`, `Server`, the framing (`Content-Length` or
/// `Transfer-Encoding: chunked`) and `Connection` when needed; any `Content-Length` or
/// `Transfer-Encoding` an application sets is replaced by the server's own framing.
public struct HTTPResponse: Sendable {
    /// The status code and reason phrase.
    public var status: HTTPStatus
    /// Header fields to send, in order.
    public var headers: HTTPHeaders
    /// The content; ignored for HEAD requests and for 1xx, 204 and 304.
    public var body: HTTPBody

    /// A response; by default `200 OK` with no fields and an empty body.
    public init(status: HTTPStatus = .ok, headers: HTTPHeaders = [:], body: HTTPBody = .bytes([])) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    // Shared header sets: a response built from one copies nothing until it is changed.
    private static let textHeaders: HTTPHeaders = ["Content-Type": "text/plain; charset=utf-8"]
    private static let htmlHeaders: HTTPHeaders = ["Content-Type": "text/html; charset=utf-8"]
    private static let jsonType = "application/json; charset=utf-8"
    private static let jsonHeaders: HTTPHeaders = ["Content-Type": jsonType]

    /// `text/plain; charset=utf-8`.
    public static func text(_ text: String, status: HTTPStatus = .ok) -> HTTPResponse {
        HTTPResponse(status: status, headers: Self.textHeaders, body: .bytes(Array(text.utf8)))
    }

    /// `text/html; charset=utf-8`.
    public static func html(_ html: String, status: HTTPStatus = .ok) -> HTTPResponse {
        HTTPResponse(status: status, headers: Self.htmlHeaders, body: .bytes(Array(html.utf8)))
    }

    /// Already-encoded JSON bytes with `contentType` (default `application/json; charset=utf-8`).
    public static func json(
        _ bytes: [UInt8], status: HTTPStatus = .ok, contentType: String = "application/json; charset=utf-8"
    ) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: contentType == jsonType ? Self.jsonHeaders : ["Content-Type": contentType],
            body: .bytes(bytes))
    }

    /// A redirect with `Location` (303 See Other by default: the browser follows with GET).
    public static func redirect(to location: String, status: HTTPStatus = .seeOther) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Location": location])
    }

    /// An RFC 9457 problem details document, `application/problem+json`:
    /// `{"type": type, "title": title, "status": code, "detail": detail}` plus `extensions`,
    /// whose values are JSON texts inserted as they are (e.g. `["rule": "\"popover.x\""]`).
    /// - Parameters:
    ///   - type: a URI reference naming the problem type; `about:blank` when the status says it all.
    ///   - detail: a human-readable explanation of this occurrence; omitted when nil.
    public static func problem(
        status: HTTPStatus, title: String? = nil, detail: String? = nil, type: String = "about:blank",
        extensions: [(name: String, json: String)] = [], headers: HTTPHeaders = [:]
    ) -> HTTPResponse {
        var json = "{\"type\":" + JSONText.quote(type)
        json += ",\"title\":" + JSONText.quote(title ?? status.reasonPhrase)
        json += ",\"status\":\(status.code)"
        if let detail { json += ",\"detail\":" + JSONText.quote(detail) }
        for (name, value) in extensions { json += "," + JSONText.quote(name) + ":" + value }
        json += "}"
        var headers = headers
        headers["Content-Type"] = "application/problem+json"
        return HTTPResponse(status: status, headers: headers, body: .bytes(Array(json.utf8)))
    }
}
