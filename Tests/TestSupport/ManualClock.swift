import Platform

/// A clock that stands still until the test moves it on: what a server under test measures
/// time by (idle timeouts, study tasks' time limits) when the test must not wait for that time
/// to pass. It reads as the moment it was made, plus every ``advance(by:)`` since.
public final class ManualClock: Sendable {
    private let instant: Locked<ContinuousClock.Instant>

    /// A clock that reads `start` (now, unless given) until it is moved on.
    public init(start: ContinuousClock.Instant = .now) { instant = Locked(start) }

    /// What the clock reads.
    public var now: ContinuousClock.Instant { instant.current }

    /// Moves the clock on by `duration`.
    public func advance(by duration: Duration) { instant.withLock { $0 = $0.advanced(by: duration) } }
}
