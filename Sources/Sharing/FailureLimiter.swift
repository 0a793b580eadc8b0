import Foundation

/// Counts failed share-link attempts per client address and says when to answer 429
/// (SPEC §8: repeated failures from one address get 429).
///
/// A sliding window: more than `limit` failures within `window` seconds blocks the address until
/// the oldest failure leaves the window.
public final class FailureLimiter: @unchecked Sendable {
    public let limit: Int
    public let window: Double
    private let lock = NSLock()
    private var failures: [String: [Date]] = [:]
    /// The clock (tests move it).
    public var now: @Sendable () -> Date = { Date() }

    public init(limit: Int = 10, window: Double = 60) {
        self.limit = limit
        self.window = window
    }

    /// Records a failure from `address`.
    public func fail(_ address: String) {
        let t = now()
        lock.withLock {
            var list = failures[address, default: []].filter { t.timeIntervalSince($0) < window }
            list.append(t)
            failures[address] = list
            if failures.count > 10_000 {
                failures = failures.filter { !$0.value.isEmpty && t.timeIntervalSince($0.value.last!) < window }
            }
        }
    }

    /// Seconds until `address` may try again, or `nil` when it is not blocked.
    public func retryAfter(_ address: String) -> Int? {
        let t = now()
        return lock.withLock {
            let list = failures[address, default: []].filter { t.timeIntervalSince($0) < window }
            failures[address] = list
            guard list.count >= limit, let oldest = list.first else { return nil }
            return max(1, Int((window - t.timeIntervalSince(oldest)).rounded(.up)))
        }
    }
}
