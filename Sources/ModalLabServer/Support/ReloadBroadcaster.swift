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
    private var perShare: [String: Int] = [:]

    /// A stream of changed prototype ids ("*" for everything), until it is cancelled or
    /// ``close(share:)`` ends the streams of `share` (the link it was opened through); nil
    /// when `share` already holds `limit` streams (a stream holds a connection for as long as
    /// its page is open: these are a share link's lasting connections).
    func subscribe(share: String? = nil, limit: Int = .max) -> (UUID, AsyncStream<String>)? {
        let id = UUID()
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(16))
        let added = lock.withLock {
            if let share {
                guard perShare[share, default: 0] < limit else { return false }
                perShare[share, default: 0] += 1
            }
            subscribers[id] = Subscriber(share: share, continuation: continuation)
            return true
        }
        guard added else { return nil }
        continuation.onTermination = { [weak self] _ in self?.unsubscribe(id) }
        return (id, stream)
    }

    func unsubscribe(_ id: UUID) {
        lock.withLock {
            guard let share = subscribers.removeValue(forKey: id)?.share else { return }
            perShare[share] = perShare[share].flatMap { $0 > 1 ? $0 - 1 : nil }
        }
    }

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
