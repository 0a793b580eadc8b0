import Foundation

/// Server-Sent Events subscribers of one kind, each an `AsyncStream` of `Element` with a
/// `topic` (what it follows: a session id, or nothing) and the share link it was opened
/// through (`nil` for the owner), at most `limit` per link: a stream holds a connection for as
/// long as its page is open, so these are a share link's lasting connections. The one place
/// that counts, feeds and ends such streams (``ReloadBroadcaster``, ``SessionWatchers``).
final class Subscriptions<Element: Sendable>: @unchecked Sendable {
    private struct Subscriber {
        let topic: String?
        let share: String?
        let continuation: AsyncStream<Element>.Continuation
    }

    private let lock = NSLock()
    private var subscribers: [UUID: Subscriber] = [:]
    private var perShare: [String: Int] = [:]
    private var perTopic: [String: Int] = [:]
    private let buffer: Int

    /// Subscriptions whose streams keep at most `buffer` elements a slow reader hasn't taken
    /// (the newest).
    init(buffer: Int) { self.buffer = buffer }

    /// A new stream following `topic`, until cancelled or ended, and at the latest `until` (a
    /// share link's expiry: a stream its link opened ends when the link does, as when it is
    /// revoked); `nil` when `share` already holds `limit` streams (the owner's are not counted).
    func subscribe(topic: String? = nil, share: String?, limit: Int, until: Date? = nil) -> (
        UUID, AsyncStream<Element>
    )? {
        let id = UUID()
        let (stream, continuation) = AsyncStream<Element>.makeStream(bufferingPolicy: .bufferingNewest(buffer))
        let added: Bool = lock.withLock {
            if let share {
                guard perShare[share, default: 0] < limit else { return false }
                perShare[share, default: 0] += 1
            }
            if let topic { perTopic[topic, default: 0] += 1 }
            subscribers[id] = Subscriber(topic: topic, share: share, continuation: continuation)
            return true
        }
        guard added else { return nil }
        continuation.onTermination = { [weak self] _ in self?.unsubscribe(id) }
        if let until {
            DispatchQueue.global().asyncAfter(wallDeadline: .now() + max(0, until.timeIntervalSinceNow)) {
                [weak self] in
                self?.finish(id)
            }
        }
        return (id, stream)
    }

    /// Forgets stream `id` (its response ended).
    func unsubscribe(_ id: UUID) {
        lock.withLock {
            guard let s = subscribers.removeValue(forKey: id) else { return }
            if let share = s.share { perShare[share] = perShare[share].flatMap { $0 > 1 ? $0 - 1 : nil } }
            if let topic = s.topic { perTopic[topic] = perTopic[topic].flatMap { $0 > 1 ? $0 - 1 : nil } }
        }
    }

    /// Hands `element` to every stream following `topic` (`nil`: every stream); a dictionary
    /// look-up when none does. `element` is built only when some stream follows `topic`: an
    /// action's state copied into an element nobody reads cost about 170 instructions an action
    /// (callgrind).
    func yield(_ element: @autoclosure () -> Element, topic: String? = nil) {
        let targets: [Subscriber] = lock.withLock {
            guard let topic else { return Array(subscribers.values) }
            guard perTopic[topic] != nil else { return [] }
            return subscribers.values.filter { $0.topic == topic }
        }
        guard !targets.isEmpty else { return }
        let element = element()
        for s in targets { s.continuation.yield(element) }
    }

    /// Ends the streams following `topic`, those opened through `share`, or (both `nil`)
    /// every stream; returns how many.
    @discardableResult
    func finish(topic: String? = nil, share: String? = nil) -> Int {
        let ending = lock.withLock {
            subscribers.values.filter {
                (topic == nil || $0.topic == topic) && (share == nil || $0.share == share)
            }
        }
        for s in ending { s.continuation.finish() }
        return ending.count
    }

    /// Ends stream `id`, if it is still open.
    func finish(_ id: UUID) {
        lock.withLock { subscribers[id] }?.continuation.finish()
    }

    /// How many streams are open.
    var count: Int { lock.withLock { subscribers.count } }
}
