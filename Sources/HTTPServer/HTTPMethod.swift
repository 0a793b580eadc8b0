/// A request method (RFC 9110 §9): a case-sensitive token such as `GET`.
///
/// A struct rather than an enum so an application can route extension methods
/// (`HTTPMethod("PROPFIND")`) without this module knowing them.
public struct HTTPMethod: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The method token exactly as sent, e.g. `"GET"`.
    public let rawValue: String

    /// Wraps a method token. The token is case-sensitive (RFC 9110 §9.1): `get` is not `GET`.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// A method from a literal: `let m: HTTPMethod = "PROPFIND"`.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The token, e.g. `GET`.
    public var description: String { rawValue }

    /// `GET` (RFC 9110 §9.3.1).
    public static let get = HTTPMethod("GET")
    /// `HEAD` (RFC 9110 §9.3.2).
    public static let head = HTTPMethod("HEAD")
    /// `POST` (RFC 9110 §9.3.3).
    public static let post = HTTPMethod("POST")
    /// `PUT` (RFC 9110 §9.3.4).
    public static let put = HTTPMethod("PUT")
    /// `DELETE` (RFC 9110 §9.3.5).
    public static let delete = HTTPMethod("DELETE")
    /// `OPTIONS` (RFC 9110 §9.3.7).
    public static let options = HTTPMethod("OPTIONS")
    /// `PATCH` (RFC 5789).
    public static let patch = HTTPMethod("PATCH")
    /// `TRACE` (RFC 9110 §9.3.8).
    public static let trace = HTTPMethod("TRACE")
    /// `CONNECT` (RFC 9110 §9.3.6 (answered with 501)).
    public static let connect = HTTPMethod("CONNECT")

    /// The methods of RFC 9110 §9 and RFC 5789 (PATCH). A method outside this set that no route
    /// uses is answered with 501 Not Implemented (RFC 9110 §15.6.2).
    public static let standard: [HTTPMethod] = [.get, .head, .post, .put, .delete, .options, .patch, .trace, .connect]

    /// Maps the bytes of a method token to a shared value without allocating for the common ones.
    static func from(_ bytes: UnsafeBufferPointer<UInt8>) -> HTTPMethod {
        switch bytes.count {
        case 3:
            if bytes[0] == 0x47 && bytes[1] == 0x45 && bytes[2] == 0x54 { return .get }
            if bytes[0] == 0x50 && bytes[1] == 0x55 && bytes[2] == 0x54 { return .put }
        case 4:
            if bytes.elementsEqual("POST".utf8) { return .post }
            if bytes.elementsEqual("HEAD".utf8) { return .head }
        case 6:
            if bytes.elementsEqual("DELETE".utf8) { return .delete }
        default:
            break
        }
        return HTTPMethod(String(decoding: bytes, as: UTF8.self))
    }
}
