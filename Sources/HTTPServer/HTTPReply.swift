/// A responder's answer: now, or later from a task.
public enum HTTPReply: Sendable {
    /// The response is ready.
    case response(HTTPResponse)
    /// Run this in a task; its response is written when it returns.
    case deferred(@Sendable () async -> HTTPResponse)
}
