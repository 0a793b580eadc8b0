/// The monotonic time sessions are measured by: a session's milliseconds since its start (its
/// events' `t_ms`, a study task's time limit), when it last had a request, and the idle sweep's
/// cutoff. The system's continuous clock unless the configuration names another
/// (``AppConfiguration/clock``): a test moves its own clock on instead of waiting for time to
/// pass.
public struct SessionClock: Sendable {
    /// The current instant.
    public var now: @Sendable () -> ContinuousClock.Instant

    /// A clock that reads the time from `now`.
    public init(now: @escaping @Sendable () -> ContinuousClock.Instant) { self.now = now }

    /// The system's continuous clock (it goes on while the machine sleeps).
    public static let continuous = SessionClock { ContinuousClock.now }
}
