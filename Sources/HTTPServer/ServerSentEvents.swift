/// Server-Sent Events (WHATWG HTML §9.2, `text/event-stream`) over a streaming body.
///
/// ```swift
/// router.get("/api/stream") { request async in
///     .eventStream(heartbeat: 15) { events in
///         for await id in changes.stream() { try await events.send(event: "reload", data: id) }
///     }
/// }
/// ```
///
/// A comment line (`:`) goes out every `heartbeat` seconds so proxies keep the stream open and
/// a vanished client is noticed even when nothing happens. When the client disconnects the
/// connection sees EOF at once, the stream's task is cancelled (ending a `for await` on an
/// `AsyncStream`), and `send` throws ``HTTPBodyWriterError/closed``.
public final class ServerSentEvents: Sendable {
    private let writer: any HTTPBodyWriter

    init(writer: any HTTPBodyWriter) { self.writer = writer }

    /// True once the client is gone or the server closed the stream.
    public var isClosed: Bool { writer.isClosed }

    /// Sends one event. `data` may hold several lines (each becomes a `data:` line); `event`
    /// and `id` lose any line breaks; `retry` is the reconnection delay in milliseconds.
    /// - Throws: ``HTTPBodyWriterError/closed`` when the client is gone.
    public func send(event: String? = nil, data: String, id: String? = nil, retry: Int? = nil) async throws {
        try await writer.write(Self.format(event: event, data: data, id: id, retry: retry))
    }

    /// Sends a comment line (`: text`), which clients ignore; an empty comment is a heartbeat.
    public func comment(_ text: String = "") async throws {
        var line = ":"
        if !text.isEmpty { line += " " + Self.singleLine(text) }
        try await writer.write(Array((line + "\n\n").utf8))
    }

    /// The wire form of an event: `event:`, `id:`, `retry:` and `data:` lines and a blank line.
    public static func format(event: String? = nil, data: String, id: String? = nil, retry: Int? = nil) -> [UInt8] {
        var text = ""
        if let event { text += "event: " + singleLine(event) + "\n" }
        if let id { text += "id: " + singleLine(id) + "\n" }
        if let retry { text += "retry: \(retry)\n" }
        let normalized = data.replacingCRLF()
        for line in normalized.split(separator: "\n", omittingEmptySubsequences: false) {
            text += "data: " + line + "\n"
        }
        text += "\n"
        return Array(text.utf8)
    }

    private static func singleLine(_ s: String) -> String {
        String(s.unicodeScalars.filter { $0 != "\n" && $0 != "\r" }.map(Character.init))
    }
}

extension String {
    fileprivate func replacingCRLF() -> String {
        var out = ""
        var previousCR = false
        for scalar in unicodeScalars {
            if scalar == "\r" {
                out.unicodeScalars.append("\n")
                previousCR = true
                continue
            }
            if scalar == "\n" && previousCR {
                previousCR = false
                continue
            }
            previousCR = false
            out.unicodeScalars.append(scalar)
        }
        return out
    }
}

extension HTTPResponse {
    /// A `text/event-stream` response (`Cache-Control: no-cache`) whose events `body` sends.
    /// - Parameters:
    ///   - heartbeat: seconds between comment lines; 0 for none.
    ///   - body: runs while the stream is open; returning (or throwing) ends the stream.
    public static func eventStream(
        heartbeat: Double = 15, headers: HTTPHeaders = [:],
        _ body: @escaping @Sendable (ServerSentEvents) async throws -> Void
    ) -> HTTPResponse {
        var headers = headers
        headers["Content-Type"] = "text/event-stream; charset=utf-8"
        headers["Cache-Control"] = "no-cache"
        headers["X-Accel-Buffering"] = "no"
        return HTTPResponse(
            status: .ok, headers: headers,
            body: .stream { writer in
                let events = ServerSentEvents(writer: writer)
                // A first comment lets clients see the stream open at once.
                try await events.comment()
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask { try await body(events) }
                    if heartbeat > 0 {
                        group.addTask {
                            while true {
                                try await Task.sleep(nanoseconds: UInt64(heartbeat * 1e9))
                                try await events.comment()
                            }
                        }
                    }
                    defer { group.cancelAll() }
                    try await group.next()
                }
            })
    }
}
