import Foundation

/// Fans prototype-change notices out to Server-Sent Events subscribers (`GET /api/stream`).
final class ReloadBroadcaster: @unchecked Sendable {
    private let lock = NSLock()
    private var subscribers: [UUID: AsyncStream<String>.Continuation] = [:]

    /// A stream of changed prototype ids ("*" for everything), until it is cancelled.
    func subscribe() -> (UUID, AsyncStream<String>) {
        let id = UUID()
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(16))
        lock.withLock { subscribers[id] = continuation }
        continuation.onTermination = { [weak self] _ in self?.unsubscribe(id) }
        return (id, stream)
    }

    func unsubscribe(_ id: UUID) { _ = lock.withLock { subscribers.removeValue(forKey: id) } }

    /// Tells every subscriber that `prototype` changed.
    func broadcast(_ prototype: String) {
        for c in lock.withLock({ Array(subscribers.values) }) { c.yield(prototype) }
    }

    /// Ends every stream (shutdown).
    func closeAll() {
        for c in lock.withLock({ Array(subscribers.values) }) { c.finish() }
    }

    var count: Int { lock.withLock { subscribers.count } }
}
