import HTTPServer
import JSON
import Prototype

/// RFC 9457 problem details as `application/problem+json`, with extension members.
///
/// `type` is a URI reference: refusals use `/rules#<rule id>`, others `about:blank`.
/// Handlers throw it; the router answers with its ``response`` (or, in page groups, with an
/// HTML error page: ``ErrorPages``).
public struct Problem: HTTPResponseError, Sendable {
    public var status: HTTPStatus
    public var title: String
    /// What went wrong, for people; at most ``maxDetailBytes`` of UTF-8, cut with `…` past that
    /// (a detail quotes what the request named, and a request may name a megabyte).
    public var detail: String? {
        didSet { if let detail, detail.utf8.count > Self.maxDetailBytes { self.detail = Self.bounded(detail) } }
    }
    /// The most UTF-8 bytes of a ``detail`` (about fifty lines of text).
    public static let maxDetailBytes = 4096
    public var type: String
    /// Extension members (RFC 9457 §3.2), in order: `path`, `rule`, `state`, …; a string member
    /// is bounded as ``detail`` is (a path quotes the member names a request sent).
    public var extensions: JSONObject {
        didSet { if Self.needsBounds(extensions) { extensions = Self.bounded(extensions) } }
    }
    public var headers: HTTPHeaders
    /// The detail in Simplified Chinese too, for an HTML error page in the reader's language
    /// (`nil`: the detail is English only; the JSON problem is always English).
    public var localizedDetail: LocalizedText?

    public init(
        _ status: HTTPStatus, title: String, detail: String? = nil, type: String = "about:blank",
        extensions: JSONObject = [:], headers: HTTPHeaders = [:]
    ) {
        self.status = status
        self.title = title
        self.detail = detail.map(Self.bounded)
        self.type = type
        self.extensions = Self.needsBounds(extensions) ? Self.bounded(extensions) : extensions
        self.headers = headers
    }

    /// `text` when it has at most ``maxDetailBytes`` of UTF-8; else its longest run of whole
    /// characters from the start that fits with `…` after it.
    static func bounded(_ text: String) -> String {
        guard text.utf8.count > maxDetailBytes else { return text }
        var kept = 0
        var end = text.startIndex
        for index in text.indices {
            let next = text.index(after: index)
            let size = text.utf8.distance(from: index, to: next)
            if kept + size > maxDetailBytes - 3 { break }
            kept += size
            end = next
        }
        return text[..<end] + "…"
    }

    /// Whether a string member of `members` is longer than ``maxDetailBytes``.
    static func needsBounds(_ members: JSONObject) -> Bool {
        members.contains { if case .string(let text) = $0.value { text.utf8.count > maxDetailBytes } else { false } }
    }

    /// `members` with each string member cut as ``detail`` is.
    static func bounded(_ members: JSONObject) -> JSONObject {
        var out = JSONObject()
        for (key, value) in members {
            if case .string(let text) = value { out[key] = .string(bounded(text)) } else { out[key] = value }
        }
        return out
    }

    /// 400 for a request body that is not what the route expects, naming the JSON path.
    public static func badRequest(_ detail: String, path: String?) -> Problem {
        var ext = JSONObject()
        if let path { ext["path"] = .string(path) }
        return Problem(.badRequest, title: "Bad request", detail: detail, extensions: ext)
    }

    /// 503 when the interaction log can't be written: nothing that depends on it is acknowledged.
    public static func logUnavailable(_ what: String, _ error: any Error) -> Problem {
        Problem(.serviceUnavailable, title: "Log unavailable", detail: "\(what): \(error)")
    }

    /// 404 for an unknown resource.
    public static func notFound(_ detail: String) -> Problem { Problem(.notFound, title: "Not found", detail: detail) }

    /// The response.
    public var response: HTTPResponse {
        var o = JSONObject()
        o["type"] = .string(type)
        o["title"] = .string(title)
        o["status"] = .number(Double(status.code))
        if let detail { o["detail"] = .string(detail) }
        for (k, v) in extensions { o[k] = v }
        var h = headers
        h.add(name: "Content-Type", value: "application/problem+json")
        h.add(name: "Cache-Control", value: "no-store")
        return HTTPResponse(status: status, headers: h, body: .bytes(JSONWriter().bytes(.object(o))))
    }
}

extension HTTPResponse {
    /// A JSON response of `value` (`application/json; charset=utf-8`).
    static func json(_ value: JSONValue, status: HTTPStatus = .ok, headers: HTTPHeaders = [:]) -> HTTPResponse {
        var h = headers
        h.add(name: "Content-Type", value: "application/json; charset=utf-8")
        h.add(name: "Cache-Control", value: "no-store")
        return HTTPResponse(status: status, headers: h, body: .bytes(JSONWriter().bytes(value)))
    }
}

/// Reads a request's JSON body, turning syntax and shape errors into 400 problems with the path.
enum RequestBody {
    /// Whether a `Content-Type` value names JSON: `application/json` or an `application/…+json`
    /// type (RFC 6839 §3.1), in any case (RFC 9110 §8.3.1: type and subtype are
    /// case-insensitive), with any parameters.
    static func isJSON(mediaType value: String) -> Bool {
        // On the bytes, without a lowercased copy: this runs for every action (callgrind: the
        // copy and a generic reversed compare were ~3,500 instructions of each).
        var value = value
        return value.withUTF8 { bytes in
            var end = bytes.firstIndex(of: UInt8(ascii: ";")) ?? bytes.count
            var start = 0
            while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
            while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
            let type = UnsafeBufferPointer(rebasing: bytes[start..<end])
            let json: StaticString = "application/json"
            if type.count == json.utf8CodeUnitCount { return HTTPHeaders.bytes(type, haveLowercasePrefix: json) }
            return type.count >= "application/+json".utf8.count
                && HTTPHeaders.bytes(type, haveLowercasePrefix: "application/")
                && HTTPHeaders.bytes(UnsafeBufferPointer(rebasing: type.suffix(5)), haveLowercasePrefix: "+json")
        }
    }

    /// The request's body as JSON. It must be labelled `application/json` (or a `+json` type):
    /// 415 for a missing or other `Content-Type` — a page of another origin can send a body
    /// without a preflight only as `text/plain`, form data or without a type (a `no-cors`
    /// fetch of a Blob), so this refuses those whatever the origin check let through —; 400 for
    /// an empty body or bad JSON, with the path `$`.
    static func json(_ request: HTTPRequest) throws(Problem) -> JSONReader {
        guard let ct = request.headers["content-type"], isJSON(mediaType: ct) else {
            let got = request.headers["content-type"].map { "got \($0)" } ?? "the request has no Content-Type"
            throw Problem(
                .unsupportedMediaType, title: "Unsupported media type",
                detail: "send the body as application/json (Content-Type: application/json); \(got)")
        }
        if request.body.isEmpty { throw Problem.badRequest("the request needs a JSON body", path: "$") }
        do {
            return JSONReader(try JSONParser.parse(request.body))
        } catch {
            throw Problem.badRequest("the body is not valid JSON: \(error)", path: error.path.description)
        }
    }
}

extension JSONShapeError {
    /// This error as a 400 problem.
    var problem: Problem { Problem.badRequest(message, path: path.description) }
}

extension EnvironmentError {
    /// This error as a 400 problem naming the member's JSON path in a body whose environment
    /// members are those of `object` (`$.window.width`).
    func problem(in object: JSONPath) -> Problem { Problem.badRequest(message, path: path(in: object).description) }

    /// This error as a 400 problem naming the query parameter (`window`).
    var queryProblem: Problem { Problem.badRequest(message, path: parameter) }
}
