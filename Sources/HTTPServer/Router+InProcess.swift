import Dispatch
import Foundation
import Platform

/// Answers requests in this process, the way the server hands them to its responder, without
/// a socket: for tests of routes, middleware and handlers (as Hummingbird's router test
/// framework does). A request goes through ``HTTPResponder/bodyLimit(for:)`` (a router stores
/// its match there) and ``HTTPResponder/respond(to:)`` on a serial queue of the client's own,
/// as on a connection's event-loop thread (so a sync handler's work doesn't hold the caller's
/// thread of Swift's cooperative pool); a deferred reply is awaited, a callback reply's
/// completion waited for and its `finish` applied on that queue, a streamed body collected
/// until its writer returns, a file body read.
///
/// What only the server does is not imitated: parsing, framing, `Date`/`Server`/`Connection`
/// fields, the 413 for an over-size body, timeouts. Test those over a socket.
public struct InProcessClient: Sendable {
    /// What answers.
    public let responder: any HTTPResponder
    /// Stands in for the event-loop thread.
    private let loop = DispatchQueue(label: "HTTPServer.InProcessClient")

    /// A client of `responder` (usually a ``Router``).
    public init(_ responder: any HTTPResponder) { self.responder = responder }

    /// The complete response to `request`. For `HEAD` the body is empty, as the server sends it.
    /// - Throws: what a streamed body's closure throws (the server would abort the connection).
    public func send(_ request: HTTPRequest) async throws -> InProcessResponse {
        let (loop, responder) = (self.loop, self.responder)
        let reply = await withCheckedContinuation { (k: CheckedContinuation<HTTPReply, Never>) in
            loop.async {
                var request = request
                _ = responder.bodyLimit(for: &request)
                k.resume(returning: responder.respond(to: request))
            }
        }
        let response: HTTPResponse
        switch reply {
        case .response(let ready): response = ready
        case .deferred(let work): response = await work()
        case .callback(let start, let finish):
            // As on a connection, only the first completion counts.
            let answered = Locked(false)
            response = await withCheckedContinuation { k in
                loop.async {
                    start { answer in
                        let first = answered.withLock { (done: inout Bool) -> Bool in
                            if done { return false }
                            done = true
                            return true
                        }
                        if first { loop.async { k.resume(returning: finish(answer)) } }
                    }
                }
            }
        }
        var body: [UInt8] = []
        switch response.body {
        case .bytes(let bytes): body = bytes
        case .stream(let produce):
            let writer = CollectingWriter()
            try await produce(writer)
            body = writer.bytes
        case .file(let descriptor, let offset, let length):
            let handle = FileHandle(fileDescriptor: descriptor.rawValue, closeOnDealloc: false)
            try handle.seek(toOffset: UInt64(offset))
            body = [UInt8](try handle.read(upToCount: length) ?? Data())
        }
        if request.method == .head { body = [] }
        return InProcessResponse(status: response.status, headers: response.headers, body: body)
    }
}

/// A response as ``InProcessClient`` collected it: status, header fields as the responder set
/// them, and the whole body.
public struct InProcessResponse: Sendable {
    /// The status.
    public var status: HTTPStatus
    /// The header fields, in order (the server would add `Date`, `Server` and the framing).
    public var headers: HTTPHeaders
    /// The body bytes (a stream's chunks joined).
    public var body: [UInt8]

    /// The body as UTF-8 text (invalid sequences repaired).
    public var text: String { String(decoding: body, as: UTF8.self) }
}

/// A body writer that keeps what is written, for ``InProcessClient``.
private final class CollectingWriter: HTTPBodyWriter, @unchecked Sendable {
    private let collected = Locked<[UInt8]>([])

    func write(_ bytes: [UInt8]) async throws { collected.withLock { $0 += bytes } }
    var isClosed: Bool { false }
    var bytes: [UInt8] { collected.withLock { $0 } }
}
