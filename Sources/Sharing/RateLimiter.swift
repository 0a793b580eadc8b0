import Foundation

/// Token buckets by key — a client address, a share link: each key may spend up to ``burst``
/// tokens at once and regains ``rate`` tokens a second, up to ``burst`` again. What a request
/// costs is the caller's choice (one failed attempt; the number of events a batch would log).
///
/// Every operation costs O(1), whatever the number of keys: there is no sweep. A key's bucket
/// left alone for ``refillSeconds`` (the time an empty bucket takes to fill) is full, which is
/// what a key without a bucket means, so buckets live in two generations that rotate every
/// ``refillSeconds``: a bucket untouched for a whole generation is dropped with it, at no cost
/// to the answer. At most ``maxKeys`` buckets are kept per generation; past that the older
/// generation goes early, which can only forgive (give a fresh bucket), never refuse.
public final class RateLimiter: @unchecked Sendable {
    /// Tokens regained per second.
    public let rate: Double
    /// The most tokens a key holds, and so the most it can spend at once.
    public let burst: Double
    /// Buckets kept per generation (a bound on memory).
    public let maxKeys: Int
    /// Seconds an empty bucket takes to fill: ``burst`` / ``rate``.
    public var refillSeconds: Double { burst / rate }
    /// The clock, in seconds, monotonic (tests move it).
    public var now: @Sendable () -> Double = { ProcessInfo.processInfo.systemUptime }

    private struct Bucket {
        var tokens: Double
        var at: Double
    }
    private let lock = NSLock()
    private var current: [String: Bucket] = [:]
    private var previous: [String: Bucket] = [:]
    private var rotatedAt: Double?

    /// Buckets of `burst` tokens (at least 1) refilled at `rate` tokens a second (more than 0).
    public init(rate: Double, burst: Double, maxKeys: Int = 100_000) {
        precondition(rate > 0 && burst >= 1, "a rate above 0 and a burst of at least 1")
        self.rate = rate
        self.burst = burst
        self.maxKeys = max(1, maxKeys)
    }

    /// Takes `cost` tokens from `key`'s bucket. Returns `nil` when they were taken, else the
    /// whole seconds (at least 1) until the bucket will hold them, and takes nothing: a client
    /// that waits that long is served (`Retry-After`). A cost above ``burst`` counts as
    /// ``burst``: it takes a full bucket.
    @discardableResult
    public func take(_ key: String, cost: Double = 1) -> Int? {
        let t = now()
        let cost = min(cost, burst)
        return lock.withLock {
            var bucket = self.bucket(key, at: t)
            defer { store(bucket, key) }
            if bucket.tokens >= cost {
                bucket.tokens -= cost
                return nil
            }
            return Self.seconds((cost - bucket.tokens) / rate)
        }
    }

    /// Takes `cost` tokens whatever the bucket holds (down to empty): for costs already
    /// incurred, such as a failed attempt.
    public func spend(_ key: String, cost: Double = 1) {
        let t = now()
        lock.withLock {
            var bucket = self.bucket(key, at: t)
            bucket.tokens = max(0, bucket.tokens - cost)
            store(bucket, key)
        }
    }

    /// The whole seconds until `key`'s bucket holds `cost` tokens (at most ``burst``), or
    /// `nil` when it does now. Takes nothing.
    public func wait(_ key: String, cost: Double = 1) -> Int? {
        let t = now()
        let cost = min(cost, burst)
        return lock.withLock {
            let bucket = self.bucket(key, at: t)
            return bucket.tokens >= cost ? nil : Self.seconds((cost - bucket.tokens) / rate)
        }
    }

    /// Buckets held now, in both generations (for tests and metrics).
    public var count: Int { lock.withLock { current.count + previous.count } }

    private static func seconds(_ s: Double) -> Int { max(1, Int(s.rounded(.up))) }

    /// `key`'s bucket refilled to `t` (a full one when it has none), rotating the generations
    /// first when one is due. Call with the lock held.
    private func bucket(_ key: String, at t: Double) -> Bucket {
        rotate(at: t)
        guard let b = current[key] ?? previous[key] else { return Bucket(tokens: burst, at: t) }
        let elapsed = max(0, t - b.at)
        return Bucket(tokens: min(burst, b.tokens + elapsed * rate), at: t)
    }

    private func store(_ bucket: Bucket, _ key: String) {
        if current[key] == nil, current.count >= maxKeys {
            previous = current
            current = [:]
            rotatedAt = bucket.at
        }
        current[key] = bucket
    }

    /// Every ``refillSeconds``: the older generation, untouched for at least that long and so
    /// full, goes; the current one becomes the older.
    private func rotate(at t: Double) {
        guard let last = rotatedAt else {
            rotatedAt = t
            return
        }
        let elapsed = t - last
        guard elapsed >= refillSeconds else { return }
        previous = elapsed >= 2 * refillSeconds ? [:] : current
        current = [:]
        rotatedAt = t
    }
}
