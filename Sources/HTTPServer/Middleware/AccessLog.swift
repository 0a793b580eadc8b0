/// Middleware that writes one line per request:
/// `127.0.0.1:5000 "GET /p/1?device=x HTTP/1.1" 200 0.4ms route=/p/{id}`.
public struct AccessLog: HTTPMiddleware {
    private let write: @Sendable (String) -> Void

    /// - Parameter write: receives each line, without a trailing newline.
    public init(_ write: @escaping @Sendable (String) -> Void) { self.write = write }

    /// Writes the line for this request.
    public func didHandle(_ request: HTTPRequest, response: inout HTTPResponse, duration: Double) {
        let milliseconds = (duration * 10_000).rounded() / 10
        write(
            "\(request.remoteAddress) \"\(request.method) \(request.rawTarget) \(request.version)\" \(response.status.code) \(milliseconds)ms route=\(request.routePattern ?? "-")"
        )
    }
}
