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
