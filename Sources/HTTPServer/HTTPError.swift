/// An error that carries the response it answers with. A ``Router`` answers any thrown error
/// that conforms — from a handler, a route group's request context or a middleware — with its
/// ``response``, so handlers throw their errors instead of catching them. Any other error
/// becomes a 500 whose detail does not reveal it.
///
/// ``HTTPError`` is the module's own; an application conforms its own error types (say, a
/// problem document with extension members).
public protocol HTTPResponseError: Error {
    /// The complete response: status, header fields and body.
    var response: HTTPResponse { get }
}

/// An error a handler or middleware throws to answer with a problem document (RFC 9457).
public struct HTTPError: HTTPResponseError, Sendable, CustomStringConvertible {
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
