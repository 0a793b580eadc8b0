import Foundation

/// Fans prototype-change notices out to Server-Sent Events subscribers (`GET /api/stream`),
/// and ends the streams of a share link when it is revoked.
final class ReloadBroadcaster: @unchecked Sendable {
    private struct Subscriber {
        /// The share link the stream was opened through; nil for the owner.
        let share: String?
        let continuation: AsyncStream<String>.Continuation
    }

    private let lock = NSLock()
    private var subscribers: [UUID: Subscriber] = [:]

    /// A stream of changed prototype ids ("*" for everything), until it is cancelled or
    /// ``close(share:)`` ends the streams of `share` (the link it was opened through).
    func subscribe(share: String? = nil) -> (UUID, AsyncStream<String>) {
        let id = UUID()
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(16))
        lock.withLock { subscribers[id] = Subscriber(share: share, continuation: continuation) }
        continuation.onTermination = { [weak self] _ in self?.unsubscribe(id) }
        return (id, stream)
    }

    func unsubscribe(_ id: UUID) { _ = lock.withLock { subscribers.removeValue(forKey: id) } }

    /// Tells every subscriber that `prototype` changed.
    func broadcast(_ prototype: String) {
        for s in lock.withLock({ Array(subscribers.values) }) { s.continuation.yield(prototype) }
    }

    /// Ends the streams opened through share link `share` (it was revoked): their responses
    /// end at once. Returns how many there were.
    @discardableResult
    func close(share: String) -> Int {
        let ending = lock.withLock { subscribers.values.filter { $0.share == share } }
        for s in ending { s.continuation.finish() }
        return ending.count
    }

    /// Ends every stream (shutdown).
    func closeAll() {
        for s in lock.withLock({ Array(subscribers.values) }) { s.continuation.finish() }
    }

    /// How many streams are open.
    var count: Int { lock.withLock { subscribers.count } }
}
