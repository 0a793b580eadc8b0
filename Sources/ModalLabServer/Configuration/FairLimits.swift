/// What one client or one share link may use of the server, so that none starves the rest:
/// on by default, set with `serve` flags, listed in docs/security.md.
///
/// The owner is never limited by these (their requests are served beyond every one of them);
/// a share link's viewers are counted by their link and by their client address
/// (`HTTPRequest.remoteHost`). Past a limit the answer is a `429` problem with
/// `Retry-After`. Behind a reverse proxy every client has the proxy's address, so the
/// per-address limits count all of them together; raise those there, and let the proxy limit
/// each client (nginx's `limit_conn`, `limit_req`).
///
/// The defaults are ours (no guideline sets them): far above what a person in a browser does —
/// a player sends an action per tap and a batch of client events every 2 s — and far below
/// what fills a disk or a table.
public struct FairLimits: Sendable, Equatable {
    /// Connections one client address may hold open (`--max-connections-per-address`; 0: no
    /// limit). Past it: 429, except for the owner's requests, served on up to 16 more
    /// connections of that address (`ServerConfiguration.maxConnectionsPerAddress`).
    public var connectionsPerAddress = 512
    /// Live viewing sessions one share link may hold (`--max-sessions-per-share`).
    public var sessionsPerShare = 200
    /// Event streams (`GET /api/stream`) one share link may hold open
    /// (`--max-streams-per-share`): the connections a link holds for long, one per open player.
    public var streamsPerShare = 200
    /// Live viewing sessions share links' viewers at one client address may hold
    /// (`--max-sessions-per-address`).
    public var sessionsPerAddress = 200
    /// Log events a share link's viewers may write a second, sustained (`--events-per-share`):
    /// an action or a session start counts 1, a batch of client events its number of events,
    /// a comment 1. Bursts of ``burstSeconds`` seconds' worth pass at once.
    public var eventsPerSecondPerShare: Double = 20
    /// Log events a second from one client address through share links (`--events-per-address`),
    /// with bursts as ``eventsPerSecondPerShare``.
    public var eventsPerSecondPerAddress: Double = 40
    /// Seconds a viewing session may go without a request before it ends, logged as
    /// `session_end` with `how: "timeout"` (`--session-timeout`). The owner's sessions too: an
    /// open player whose viewer went away should not count as one still watching.
    public var sessionIdleTimeout: Double = 1800
    /// Requests a minute from one client address that name a session they can't have
    /// (`--session-misses-per-address`): one the server doesn't know, one that ended, or one the
    /// credentials may not see, on any route taking a session id; past it `429` instead of
    /// `404`. A player names only its own session, so a person never comes near it; a client
    /// guessing ids or replaying with a junk cookie does.
    public var sessionMissesPerAddress = 120

    /// A burst is this many seconds' worth of events at the sustained rate: a share link may
    /// log 1,000 events at once (a full client batch), then 20 a second.
    public static let burstSeconds: Double = 50

    /// The defaults above.
    public init() {}
}
