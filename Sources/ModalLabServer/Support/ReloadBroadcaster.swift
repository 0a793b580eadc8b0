import Foundation

/// Fans prototype-change notices out to Server-Sent Events subscribers (`GET /api/stream`),
/// and ends the streams of a share link when it is revoked.
final class ReloadBroadcaster: Sendable {
    private let streams = Subscriptions<String>(buffer: 16)

    /// A stream of changed prototype ids ("*" for everything), until it is cancelled or
    /// ``close(share:)`` ends the streams of `share` (the link it was opened through), or
    /// `until` comes (the link's expiry); nil when `share` already holds `limit` streams.
    func subscribe(share: String? = nil, limit: Int = .max, until: Date? = nil) -> (UUID, AsyncStream<String>)? {
        streams.subscribe(share: share, limit: limit, until: until)
    }

    /// Forgets stream `id`.
    func unsubscribe(_ id: UUID) { streams.unsubscribe(id) }

    /// Tells every subscriber that `prototype` changed.
    func broadcast(_ prototype: String) { streams.yield(prototype) }

    /// Ends the streams opened through share link `share` (it was revoked): their responses
    /// end at once. Returns how many there were.
    @discardableResult
    func close(share: String) -> Int { streams.finish(share: share) }

    /// Ends every stream (shutdown).
    func closeAll() { streams.finish() }

    /// How many streams are open.
    var count: Int { streams.count }
}
