/// A response status (RFC 9110 §15): a three-digit code and its reason phrase.
public struct HTTPStatus: Sendable, Hashable, CustomStringConvertible {
    /// The status code, 100...999.
    public var code: Int
    /// The reason phrase sent on the status line; clients ignore it (RFC 9112 §4).
    public var reasonPhrase: String

    /// A status with a code and reason phrase. Without a phrase, the RFC 9110 one is used when known.
    public init(code: Int, reasonPhrase: String? = nil) {
        self.code = code
        self.reasonPhrase = reasonPhrase ?? HTTPStatus.standardPhrase(code)
    }

    /// `"404 Not Found"`.
    public var description: String { "\(code) \(reasonPhrase)" }

    /// 1xx and 204 and 304 responses never carry content (RFC 9110 §6.4.1).
    public var allowsBody: Bool { !(code < 200 || code == 204 || code == 304) }

    /// Statuses are equal when their codes are; the reason phrase does not matter.
    public static func == (lhs: HTTPStatus, rhs: HTTPStatus) -> Bool { lhs.code == rhs.code }
    /// Hashes the code only, consistent with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }

    /// 100 Continue (RFC 9110 §15.2.1).
    public static let `continue` = HTTPStatus(code: 100)
    /// 200 OK (RFC 9110 §15.3.1).
    public static let ok = HTTPStatus(code: 200)
    /// 201 Created (RFC 9110 §15.3.2).
    public static let created = HTTPStatus(code: 201)
    /// 202 Accepted (RFC 9110 §15.3.3).
    public static let accepted = HTTPStatus(code: 202)
    /// 204 No Content (RFC 9110 §15.3.5).
    public static let noContent = HTTPStatus(code: 204)
    /// 206 Partial Content (RFC 9110 §15.3.7).
    public static let partialContent = HTTPStatus(code: 206)
    /// 301 Moved Permanently (RFC 9110 §15.4.2).
    public static let movedPermanently = HTTPStatus(code: 301)
    /// 302 Found (RFC 9110 §15.4.3).
    public static let found = HTTPStatus(code: 302)
    /// 303 See Other (RFC 9110 §15.4.4).
    public static let seeOther = HTTPStatus(code: 303)
    /// 304 Not Modified (RFC 9110 §15.4.5).
    public static let notModified = HTTPStatus(code: 304)
    /// 307 Temporary Redirect (RFC 9110 §15.4.8).
    public static let temporaryRedirect = HTTPStatus(code: 307)
    /// 308 Permanent Redirect (RFC 9110 §15.4.9).
    public static let permanentRedirect = HTTPStatus(code: 308)
    /// 400 Bad Request (RFC 9110 §15.5.1).
    public static let badRequest = HTTPStatus(code: 400)
    /// 401 Unauthorized (RFC 9110 §15.5.2).
    public static let unauthorized = HTTPStatus(code: 401)
    /// 403 Forbidden (RFC 9110 §15.5.4).
    public static let forbidden = HTTPStatus(code: 403)
    /// 404 Not Found (RFC 9110 §15.5.5).
    public static let notFound = HTTPStatus(code: 404)
    /// 405 Method Not Allowed (RFC 9110 §15.5.6).
    public static let methodNotAllowed = HTTPStatus(code: 405)
    /// 406 Not Acceptable (RFC 9110 §15.5.7).
    public static let notAcceptable = HTTPStatus(code: 406)
    /// 408 Request Timeout (RFC 9110 §15.5.9).
    public static let requestTimeout = HTTPStatus(code: 408)
    /// 409 Conflict (RFC 9110 §15.5.10).
    public static let conflict = HTTPStatus(code: 409)
    /// 410 Gone (RFC 9110 §15.5.11).
    public static let gone = HTTPStatus(code: 410)
    /// 411 Length Required (RFC 9110 §15.5.12).
    public static let lengthRequired = HTTPStatus(code: 411)
    /// 412 Precondition Failed (RFC 9110 §15.5.13).
    public static let preconditionFailed = HTTPStatus(code: 412)
    /// 413 Content Too Large (RFC 9110 §15.5.14).
    public static let payloadTooLarge = HTTPStatus(code: 413)
    /// 414 URI Too Long (RFC 9110 §15.5.15).
    public static let uriTooLong = HTTPStatus(code: 414)
    /// 415 Unsupported Media Type (RFC 9110 §15.5.16).
    public static let unsupportedMediaType = HTTPStatus(code: 415)
    /// 416 Range Not Satisfiable (RFC 9110 §15.5.17).
    public static let rangeNotSatisfiable = HTTPStatus(code: 416)
    /// 417 Expectation Failed (RFC 9110 §15.5.18).
    public static let expectationFailed = HTTPStatus(code: 417)
    /// 422 Unprocessable Content (RFC 9110 §15.5.21).
    public static let unprocessableContent = HTTPStatus(code: 422)
    /// 428 Precondition Required (RFC 6585 §3): the request must be conditional.
    public static let preconditionRequired = HTTPStatus(code: 428)
    /// 429 Too Many Requests (RFC 6585 §4).
    public static let tooManyRequests = HTTPStatus(code: 429)
    /// 431 Request Header Fields Too Large (RFC 6585 §5).
    public static let requestHeaderFieldsTooLarge = HTTPStatus(code: 431)
    /// 500 Internal Server Error (RFC 9110 §15.6.1).
    public static let internalServerError = HTTPStatus(code: 500)
    /// 501 Not Implemented (RFC 9110 §15.6.2).
    public static let notImplemented = HTTPStatus(code: 501)
    /// 502 Bad Gateway (RFC 9110 §15.6.3).
    public static let badGateway = HTTPStatus(code: 502)
    /// 503 Service Unavailable (RFC 9110 §15.6.4).
    public static let serviceUnavailable = HTTPStatus(code: 503)
    /// 504 Gateway Timeout (RFC 9110 §15.6.5).
    public static let gatewayTimeout = HTTPStatus(code: 504)
    /// 505 HTTP Version Not Supported (RFC 9110 §15.6.6).
    public static let httpVersionNotSupported = HTTPStatus(code: 505)

    /// The reason phrase RFC 9110 §15 gives a code, or "Status" for unknown codes.
    public static func standardPhrase(_ code: Int) -> String {
        switch code {
        case 100: "Continue"
        case 101: "Switching Protocols"
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 203: "Non-Authoritative Information"
        case 204: "No Content"
        case 205: "Reset Content"
        case 206: "Partial Content"
        case 300: "Multiple Choices"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 402: "Payment Required"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 406: "Not Acceptable"
        case 407: "Proxy Authentication Required"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 410: "Gone"
        case 411: "Length Required"
        case 412: "Precondition Failed"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 415: "Unsupported Media Type"
        case 416: "Range Not Satisfiable"
        case 417: "Expectation Failed"
        case 421: "Misdirected Request"
        case 422: "Unprocessable Content"
        case 426: "Upgrade Required"
        case 428: "Precondition Required"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        case 505: "HTTP Version Not Supported"
        default: "Status"
        }
    }
}
