/// Limits, timeouts and identity of an ``HTTPServer``. Safe by default, like Go's `net/http`
/// hardened settings: every limit is on unless raised.
public struct ServerConfiguration: Sendable {
    /// The address to listen on: an IPv4 or IPv6 literal or a host name; `"0.0.0.0"` or `"::"`
    /// for every interface.
    public var host = "127.0.0.1"
    /// The TCP port; 0 picks a free port (``HTTPServer/start()`` returns it).
    public var port = 8080
    /// The most bytes of header fields (after the request line) of one request → 431
    /// (RFC 6585 §5). Also bounds a chunked body's trailer section.
    public var maxHeaderBytes = 16 * 1024
    /// The longest request-target in bytes → 414 (RFC 9110 §15.5.15).
    public var maxTargetBytes = 8 * 1024
    /// The default largest body in bytes, after de-chunking, when a route does not set its own
    /// → 413 (RFC 9110 §15.5.14).
    public var maxBodyBytes = 1 << 20
    /// Seconds a client has to send a complete request head, from its first byte (or from the
    /// connection's opening for the first request) → 408 and close.
    public var headerReadTimeout: Double = 10
    /// Seconds a body may go without a byte arriving → 408 and close.
    public var bodyReadTimeout: Double = 30
    /// Seconds a keep-alive connection may sit idle between requests before it is closed.
    public var idleTimeout: Double = 60
    /// Seconds a response may go without the client taking a byte before the connection closes.
    public var writeTimeout: Double = 60
    /// Seconds an awaited answer (a completion-handler route's) keeps the connection's read
    /// source parked; past this, the loop's next tick watches the socket again, so a client that
    /// resets the connection meanwhile is let go before the answer comes. Under it, the next
    /// request is read ahead once the answer is sent, without Dispatch's re-arm (BENCHMARKS.md).
    public var heldAnswerTimeout: Double = 1
    /// The most connections open at once. At the cap a new connection is still taken in, and
    /// the longest idle connection closes to make room for it: an idle keep-alive connection or
    /// one that has not sent a whole request head (the one waiting longest since its last
    /// answer, its opening, or the start of its head), sparing connections whose first request
    /// was exempt (``exemptFromAddressLimit``) while others can go — as nginx reuses its longest
    /// idle keep-alive connections when `worker_connections` run out. So whoever holds idle
    /// connections can't keep a newcomer (the owner) out. Only when no connection is idle (every
    /// one reads a body or is being answered) does a new connection get 503 and close, once
    /// 256 are waiting for room or for their refusal; until room is made the server holds up
    /// to that many connections beyond the cap.
    public var maxConnections = 10_000
    /// Whether the server fits the process's descriptor limit to ``maxConnections`` when it is
    /// made: raises the soft limit as far as the hard one allows, and lowers the cap to what the
    /// limit holds (``HTTPServer``'s `fitDescriptorLimit(to:)`). Off for a process that sets its
    /// limit on purpose (the test server's `--nofile`, to run out of descriptors).
    public var fitsDescriptorLimit = true
    /// The most connections one client address (``HTTPRequest/remoteHost``) may hold open, so
    /// that one client can't take every slot of ``maxConnections``. Past it a new connection
    /// gets `429 Too Many Requests` with `Retry-After` and is closed — unless
    /// ``exemptFromAddressLimit`` is set: then it is kept as an *over-limit* connection and
    /// each of its requests is answered only if exempt (429 and closed otherwise). Each address
    /// may hold ``overLimitConnectionsPerAddress`` of those; when they are all taken, the oldest
    /// that has not yet sent a whole request head is closed to make room, so a client whose
    /// requests are exempt gets in even while another on the same address (behind one proxy or
    /// NAT) holds every slot. 0 turns the limit off.
    public var maxConnectionsPerAddress = 512
    /// Over-limit connections one address may hold (see ``maxConnectionsPerAddress``).
    public var overLimitConnectionsPerAddress = 16
    /// Which requests may be served on a connection beyond ``maxConnectionsPerAddress`` (an
    /// application's administrator, say); nil: none, and connections past the limit are refused
    /// at once. Also asked once of each other connection's first request: a connection it
    /// exempts closes last when the server makes room at ``maxConnections``. Called on the event
    /// loop for every request of an over-limit connection, so it must be quick.
    public var exemptFromAddressLimit: (@Sendable (HTTPRequest) -> Bool)? = nil
    /// The `Server` header's value; empty for no `Server` header.
    public var serverName = "ModalLab"
    /// The number of event loops — serial Dispatch queues — that run connections (each
    /// connection stays on one). Dispatch runs a busy queue on one of its threads and watches the
    /// sockets from another, its manager.
    ///
    /// One by default, like nginx's built-in `worker_processes 1`: on a 2-core machine whose
    /// clients run on the same cores it matched nginx with one worker on a 1 KiB file at 64
    /// connections (BENCHMARKS.md); every loop adds a thread competing for those cores. More
    /// loops give more throughput when handlers do real work (ModalLab's actions use two).
    public var eventLoops = 1
    /// Receives rare operational messages (accept failures and back-off); nil to drop them.
    public var log: (@Sendable (String) -> Void)? = nil

    /// The defaults above.
    public init() {}
}
