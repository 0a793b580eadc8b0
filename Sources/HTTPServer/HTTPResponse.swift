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

    /// `text/plain; charset=utf-8`.
    public static func text(_ text: String, status: HTTPStatus = .ok) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: .bytes(Array(text.utf8)))
    }

    /// `text/html; charset=utf-8`.
    public static func html(_ html: String, status: HTTPStatus = .ok) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: ["Content-Type": "text/html; charset=utf-8"], body: .bytes(Array(html.utf8)))
    }

    /// Already-encoded JSON bytes with `contentType` (default `application/json; charset=utf-8`).
    public static func json(
        _ bytes: [UInt8], status: HTTPStatus = .ok, contentType: String = "application/json; charset=utf-8"
    ) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": contentType], body: .bytes(bytes))
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

/// The content of a response.
public enum HTTPBody: Sendable {
    /// Bytes sent with `Content-Length`; a small body goes out in the same write as the head.
    case bytes([UInt8])
    /// Content produced while it is sent, with `Transfer-Encoding: chunked` (to HTTP/1.0 clients:
    /// unframed, and the connection closes at the end). The closure runs in a task; it is
    /// cancelled, and `write` throws, once the client disconnects. Returning ends the body.
    case stream(@Sendable (any HTTPBodyWriter) async throws -> Void)
    /// `length` bytes of an open file from `offset`, sent with sendfile(2) without copying.
    case file(FileDescriptor, offset: Int, length: Int)

    /// An empty byte body.
    public static var empty: HTTPBody { .bytes([]) }
}

/// Where a streaming body writes. Writes are sent in order; a write waits while more than
/// 64 KiB are queued for a slow client (back-pressure).
public protocol HTTPBodyWriter: Sendable {
    /// Sends `bytes` as one chunk (an empty array sends nothing).
    /// - Throws: ``HTTPBodyWriterError/closed`` once the client is gone or the server shut down.
    func write(_ bytes: [UInt8]) async throws
    /// True once the client disconnected (the connection saw EOF or a write failed) or the
    /// server closed the connection.
    var isClosed: Bool { get }
}

/// Why a ``HTTPBodyWriter`` refused a write.
public enum HTTPBodyWriterError: Error, Sendable {
    /// The client disconnected or the server closed the connection.
    case closed
}

/// An error a handler or middleware throws to answer with a problem document (RFC 9457).
/// Any other error thrown by a handler becomes a 500 whose detail does not reveal it.
public struct HTTPError: Error, Sendable, CustomStringConvertible {
    /// The response status.
    public var status: HTTPStatus
    /// Short summary; the status's reason phrase when nil.
    public var title: String?
    /// An explanation of this occurrence for the client; omitted when nil.
    public var detail: String?
    /// The problem `type` URI reference.
    public var type: String
    /// Extra members of the problem object: name and a JSON text (see ``HTTPResponse/problem(status:title:detail:type:extensions:headers:)``).
    public var extensions: [(name: String, json: String)]
    /// Extra header fields for the response, e.g. `WWW-Authenticate` with a 401.
    public var headers: HTTPHeaders

    /// An error that answers with `status` and a problem document built from the rest.
    public init(
        _ status: HTTPStatus, title: String? = nil, detail: String? = nil, type: String = "about:blank",
        extensions: [(name: String, json: String)] = [], headers: HTTPHeaders = [:]
    ) {
        self.status = status
        self.title = title
        self.detail = detail
        self.type = type
        self.extensions = extensions
        self.headers = headers
    }

    /// `"409 Conflict: detail"`.
    public var description: String { "\(status)" + (detail.map { ": \($0)" } ?? "") }

    /// The problem response for this error.
    public var response: HTTPResponse {
        .problem(status: status, title: title, detail: detail, type: type, extensions: extensions, headers: headers)
    }
}

/// JSON string quoting (RFC 8259 §7), so this module needs no JSON dependency.
public enum JSONText {
    /// `s` as a JSON string literal with quotes, escaping `"`, `\` and control characters.
    public static func quote(_ s: String) -> String {
        var out = "\""
        out.reserveCapacity(s.utf8.count + 2)
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
        return out
    }
}
