import Foundation

/// Counts failed share-link attempts per client address and says when to answer 429: each
/// address may fail ``limit`` times at once and regains one attempt every ``window`` /
/// ``limit`` seconds (``limit`` attempts per ``window``, as a token bucket: ``RateLimiter``).
///
/// Recording a failure and asking about an address cost O(1) however many addresses have
/// failed: a client sending a junk share cookie with every request costs each request one
/// dictionary lookup, not a scan of anything.
public final class FailureLimiter: @unchecked Sendable {
    /// Failures an address may have in a row before it is refused.
    public let limit: Int
    /// Seconds in which ``limit`` attempts are regained.
    public let window: Double
    private let buckets: RateLimiter

    /// The clock, in seconds, monotonic (tests move it).
    public var now: @Sendable () -> Double {
        get { buckets.now }
        set { buckets.now = newValue }
    }

    /// `limit` failures (at least 1) per `window` seconds.
    public init(limit: Int = 10, window: Double = 60) {
        self.limit = max(1, limit)
        self.window = window
        buckets = RateLimiter(rate: Double(max(1, limit)) / window, burst: Double(max(1, limit)))
    }

    /// Records a failure from `address`.
    public func fail(_ address: String) { buckets.spend(address) }

    /// Seconds until `address` may try again, or `nil` when it is not blocked.
    public func retryAfter(_ address: String) -> Int? { buckets.wait(address) }
}
