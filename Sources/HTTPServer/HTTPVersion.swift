/// The protocol version of a request (RFC 9112 §2.3). Only 1.0 and 1.1 are served; others get 505.
public struct HTTPVersion: Sendable, Hashable, CustomStringConvertible {
    /// The major version (1).
    public var major: Int
    /// The minor version (0 or 1).
    public var minor: Int

    /// A version number pair.
    public init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }

    /// HTTP/1.0 (RFC 1945): closes after each response unless the client asks for keep-alive.
    public static let http1_0 = HTTPVersion(major: 1, minor: 0)
    /// HTTP/1.1 (RFC 9112): persistent connections by default.
    public static let http1_1 = HTTPVersion(major: 1, minor: 1)

    /// `"HTTP/1.1"`.
    public var description: String { "HTTP/\(major).\(minor)" }
}
