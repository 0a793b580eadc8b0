import Platform

/// Why ``HTTPServer/start()`` failed.
public struct HTTPServerError: Error, Sendable, CustomStringConvertible {
    /// The step that failed.
    public enum Operation: String, Sendable {
        case resolve, socket, bind, listen, start
    }
    /// The step that failed.
    public var operation: Operation
    /// The configured host.
    public var host: String
    /// The configured port.
    public var port: Int
    /// errno (or the getaddrinfo status for `.resolve`).
    public var code: Int32
    /// The system's text for `code`.
    public var message: String

    /// An error; `message` defaults to the system's text for `code`.
    public init(operation: Operation, host: String, port: Int, code: Int32, message: String? = nil) {
        self.operation = operation
        self.host = host
        self.port = port
        self.code = code
        self.message = message ?? (operation == .start ? "the server was already started" : Sys.errorText(code))
    }

    /// `cannot bind 127.0.0.1:8080: Address already in use (errno 98)`.
    public var description: String {
        let address = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        return "cannot \(operation.rawValue) \(address): \(message) (errno \(code))"
    }
}
