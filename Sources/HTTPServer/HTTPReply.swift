/// A responder's answer: now, later from a task, or later through a completion callback.
public enum HTTPReply: Sendable {
    /// Delivers a response that was not ready when the request was handed over. Call it exactly
    /// once, from any thread; later calls, and calls after the connection closed, are ignored
    /// (they don't reach `finish` either).
    public typealias Completion = @Sendable (HTTPResponse) -> Void

    /// The response is ready.
    case response(HTTPResponse)
    /// Run this in a task; its response is written when it returns.
    case deferred(@Sendable () async -> HTTPResponse)
    /// `start` is called at once on the connection's event loop (its serial queue); it starts
    /// work elsewhere (a Dispatch queue, a completion-handler API) and calls the ``Completion``
    /// when the response is ready. No task is created, so the only thread hops are the ones the
    /// work itself makes: the cheapest way to wait for, say, a group-committed log write.
    /// `finish` (the router's middleware) runs on the event loop after that hop, not on the
    /// completing thread.
    case callback(
        start: @Sendable (_ complete: @escaping Completion) -> Void,
        finish: @Sendable (HTTPResponse) -> HTTPResponse = { $0 })
}
