import Foundation
import HTTPServer

/// Fans a session's answers out to those watching it live (`GET /api/sessions/{sid}/watch`,
/// Server-Sent Events): each answer the participant got — state, diagnostics and frame — is
/// handed to every watcher of that session as it goes out, so a watcher sees the frame as soon
/// as the participant does.
final class SessionWatchers: Sendable {
    private let streams = Subscriptions<[UInt8]>(buffer: 32)

    /// A stream of the answers of `session` (JSON bytes) for `share`'s holder (`nil`: the owner),
    /// until cancelled or ended; `nil` when `share` already holds `limit` streams (the owner's
    /// are not counted).
    func subscribe(session: String, share: String?, limit: Int) -> (UUID, AsyncStream<[UInt8]>)? {
        streams.subscribe(topic: session, share: share, limit: limit)
    }

    /// Forgets stream `id`.
    func unsubscribe(_ id: UUID) { streams.unsubscribe(id) }

    /// Hands `answer` (a 200 answer of an action: its JSON body) to the watchers of `session`;
    /// costs a dictionary look-up when nobody watches.
    func publish(session: String, answer: HTTPResponse) {
        guard case .bytes(let body) = answer.body, answer.status == .ok else { return }
        streams.yield(body, topic: session)
    }

    /// Ends the streams following `session` (it ended): each sends `end` and closes.
    func end(session: String) { streams.finish(topic: session) }

    /// Ends the streams share link `share` holds (it was revoked).
    func close(share: String) { streams.finish(share: share) }

    /// Ends every stream (shutdown).
    func closeAll() { streams.finish() }
}
