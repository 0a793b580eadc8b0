import Dispatch
import Foundation
import Platform

/// An HTTP/1.1 server (RFC 9112) on non-blocking sockets driven by Dispatch sources: each
/// connection has a read source (and a write source while a response waits for room) on one of
/// a few serial queues, its event loop; the first loop's queue also accepts. The same code runs
/// on Linux and macOS.
///
/// ```swift
/// let router = Router()
/// router.get("/healthz") { _ in .text("ok") }
/// let server = HTTPServer(configuration: ServerConfiguration(), responder: router)
/// let port = try server.start()
/// // … later, e.g. on SIGTERM:
/// server.shutdown(gracePeriod: 5) { exit(0) }
/// ```
///
/// Connections are spread over ``ServerConfiguration/eventLoops`` serial queues; a synchronous
/// handler runs inline on its connection's queue, an asynchronous one in a task. Starting the
/// server ignores `SIGPIPE` for the process (a vanished peer must give `EPIPE`, not kill it).
public final class HTTPServer: @unchecked Sendable {
    /// The limits and address this server was made with. Connections read its fields directly
    /// (`server.configuration.maxHeaderBytes`), never a copy of the whole value, which would
    /// retain its strings and log closure on every request.
    public let configuration: ServerConfiguration
    let responder: any HTTPResponder
    let loops: [EventLoop]
    /// `Server: name\r\n`, or nothing.
    let serverHeader: [UInt8]
    /// The listening socket; set by start(), used on loops[0]'s queue.
    private let listener = Locked<Listener?>(nil)

    private struct Counters {
        var open = 0
        var rejecting = 0
        /// Connections the loops were asked to close to make room at the cap, not yet closed
        /// (each accepted above ``ServerConfiguration/maxConnections`` asks for one).
        var reclaiming = 0
        var accepted = 0
        var refusals: [Int: Int] = [:]
        var shuttingDown = false
        var completions: [@Sendable () -> Void] = []
        var finished = false
        /// Open connections by client address (``HTTPRequest/remoteHost``); an address leaves
        /// the table when its last connection closes.
        var addresses: [String: AddressSlots] = [:]
    }

    /// One address's connections: how many it holds within
    /// ``ServerConfiguration/maxConnectionsPerAddress``, and its over-limit ones, oldest first.
    private struct AddressSlots {
        var within = 0
        var overLimit: [Connection] = []
        /// What the address table keeps for these slots: `nil` once none is taken.
        var kept: AddressSlots? { within + overLimit.count > 0 ? self : nil }
    }
    private let counters = Locked(Counters())
    private let startedFlag = Locked(false)

    /// A server that answers with `responder`; nothing happens until ``start()``.
    public init(configuration: ServerConfiguration, responder: any HTTPResponder) {
        var configuration = configuration
        if configuration.fitsDescriptorLimit {
            configuration.maxConnections = Self.fitDescriptorLimit(to: configuration.maxConnections)
        }
        self.configuration = configuration
        self.responder = responder
        loops = (0..<max(1, configuration.eventLoops)).map { EventLoop(index: $0) }
        serverHeader = configuration.serverName.isEmpty ? [] : Array("Server: \(configuration.serverName)\r\n".utf8)
    }

    /// Whether the caller runs on an event loop of any server (its connections' threads): code
    /// that may wait (reading the log, a file, a lock held across I/O) asserts it does not.
    public static var isOnEventLoop: Bool { EventLoop.currentIndex != nil }

    /// The number of client connections open now (idle keep-alive ones included; connections
    /// being refused with 503 excluded).
    public var openConnections: Int { counters.withLock { $0.open } }

    /// The number of connections accepted since start.
    public var acceptedConnections: Int { counters.withLock { $0.accepted } }

    /// The number of connections open now from `host` (an address without its port, as
    /// ``HTTPRequest/remoteHost`` writes it), over-limit ones included.
    public func openConnections(from host: String) -> Int {
        counters.withLock { counters in
            counters.addresses[host].map { $0.within + $0.overLimit.count } ?? 0
        }
    }

    /// Requests the server answered itself without asking the responder, by status: malformed
    /// or over-limit requests (400, 408, 413, 414, 417, 431, 501, 505), connections refused
    /// above the cap (503) and above an address's limit (429). ``Metrics`` reports them as
    /// `http_server_refusals_total`.
    public var refusals: [Int: Int] { counters.withLock { $0.refusals } }

    func countRefusal(_ status: Int) {
        counters.withLock { $0.refusals[status, default: 0] += 1 }
    }

    var isShuttingDown: Bool { counters.withLock { $0.shuttingDown } }

    /// Binds and listens on ``ServerConfiguration/host``:``ServerConfiguration/port``, or takes
    /// `socket`, bound and listening already (``ListeningSocket/init(host:port:)``).
    /// - Returns: the bound port (the chosen one when the configured port is 0).
    /// - Throws: ``HTTPServerError`` naming the host, port and the system's errno text, e.g.
    ///   `cannot bind 127.0.0.1:8080: Address already in use (errno 98)`; also when started twice
    ///   or given a socket another server took.
    public func start(on socket: ListeningSocket? = nil) throws -> Int {
        let alreadyStarted = startedFlag.withLock { started in
            defer { started = true }
            return started
        }
        if alreadyStarted {
            throw HTTPServerError(operation: .start, host: configuration.host, port: configuration.port, code: EINVAL)
        }
        Sys.ignoreSIGPIPE()
        let (fd, port): (Int32, Int)
        if let socket {
            guard let taken = socket.take() else {
                throw HTTPServerError(operation: .start, host: configuration.host, port: socket.port, code: EINVAL)
            }
            (fd, port) = (taken, socket.port)
        } else {
            (fd, port) = try Self.listen(host: configuration.host, port: configuration.port)
        }
        for loop in loops { loop.start() }
        let listener = Listener(fd: fd, server: self, loop: loops[0])
        self.listener.withLock { $0 = listener }
        listener.start()
        return port
    }

    static func listen(host: String, port: Int) throws -> (Int32, Int) {
        var hints = addrinfo()
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Sys.streamSocketType
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host.isEmpty ? nil : host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            let text = String(cString: gai_strerror(status))
            throw HTTPServerError(operation: .resolve, host: host, port: port, code: status, message: text)
        }
        defer { freeaddrinfo(list) }
        let info = first.pointee
        let fd = Sys.streamSocket(family: info.ai_family)
        guard fd >= 0 else { throw HTTPServerError(operation: .socket, host: host, port: port, code: Sys.errno) }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        guard bind(fd, info.ai_addr, info.ai_addrlen) == 0 else {
            let code = Sys.errno
            Sys.close(fd)
            throw HTTPServerError(operation: .bind, host: host, port: port, code: code)
        }
        guard Sys.listen(fd, 4096) == 0 else {
            let code = Sys.errno
            Sys.close(fd)
            throw HTTPServerError(operation: .listen, host: host, port: port, code: code)
        }
        Sys.setNonBlocking(fd)
        return (fd, Sys.localPort(fd) ?? port)
    }

    // MARK: - Accepting (on loops[0]'s queue)

    private var nextLoop = 0

    /// Accepts what is pending and hands each connection to a loop (round robin).
    func acceptAvailable(_ listener: Listener) {
        defer { askForRoom() }
        var address = sockaddr_storage()
        // Bounded so the loop also serves its own connections while a flood arrives.
        for _ in 0..<256 {
            let fd = Sys.accept(listener.fd, &address)
            if fd < 0 {
                let error = Sys.errno
                switch error {
                case EINTR, ECONNABORTED, EPROTO:
                    continue
                case EAGAIN, EWOULDBLOCK:
                    listener.backoffSeconds = 0
                    return
                default:
                    // EMFILE, ENFILE, ENOBUFS, ENOMEM, or worse: pause instead of spinning on a
                    // listener that stays readable, and retry with doubling delays up to 1 s.
                    listener.pause(error)
                    return
                }
            }
            listener.backoffSeconds = 0
            Sys.setNoDelay(fd)
            let remote = Sys.describe(address)
            let loop = loops[nextLoop]
            nextLoop = (nextLoop + 1) % loops.count
            let connection = Connection(fd: fd, loop: loop, server: self, remoteAddress: remote)
            var evicted: Connection?
            var makesRoom = false
            let admission = counters.withLock { counters -> Connection.Admission? in
                counters.accepted += 1
                let admission = admit(connection, &counters, evicting: &evicted, makingRoom: &makesRoom)
                switch admission {
                case .counted, .overLimit:
                    counters.open += 1
                    return admission
                case .refused:
                    // Too many even to refuse politely: nil.
                    guard counters.rejecting + counters.reclaiming < Self.overflow else { return nil }
                    counters.rejecting += 1
                    return admission
                }
            }
            if let evicted { evicted.loop.execute { evicted.evict() } }
            if makesRoom { roomWanted.append(connection) }
            guard let admission else {
                Sys.close(fd)
                continue
            }
            connection.admission = admission
            // Above the cap the newcomer reads nothing until a connection has closed for it (or
            // none could): started by ``reclaim(_:on:asked:)``.
            if makesRoom { continue }
            let start: @Sendable () -> Void = {
                if case .refused(let status) = admission {
                    connection.startRejecting(status)
                } else {
                    connection.start()
                }
            }
            // Already on this loop's queue: no hand-over needed.
            if loop === listener.loop { start() } else { loop.execute(start) }
        }
    }

    /// Connections accepted above the cap in this turn of accepting, each wanting one closed.
    private var roomWanted: [Connection] = []

    /// Descriptors kept for what is not a client connection: the listener, the log's and the
    /// prototypes' files, the static files kept open (up to 32 per ``StaticFiles``), Dispatch's own.
    static let descriptorReserve = 256

    /// Raises the process's soft descriptor limit (`RLIMIT_NOFILE`) towards what
    /// `maxConnections` connections need (plus ``overflow`` and ``descriptorReserve``), as far as
    /// the hard limit lets it, and returns the cap the limit allows: `maxConnections`, or fewer
    /// when the limit can't be raised that far.
    ///
    /// Linux starts a process at a soft limit of 1,024 and macOS at 256, both below the default
    /// cap of 10,000 connections: at the limit accept(2) fails (`EMFILE`) before the server
    /// counts the connection, so the room it makes for a newcomer by closing its longest idle
    /// connection never comes, and whoever holds the descriptors keeps the owner out. macOS
    /// refuses a soft limit above `OPEN_MAX` (10,240) even when the hard limit is unlimited
    /// (setrlimit(2)), so that is tried second.
    static func fitDescriptorLimit(to maxConnections: Int) -> Int {
        let needed = UInt64(maxConnections + overflow + descriptorReserve)
        var limit = Sys.descriptorLimit
        guard limit.maximum > 0 else { return maxConnections }
        if limit.current < needed {
            for attempt in [min(limit.maximum, needed), min(limit.maximum, needed, 10_240)]
            where attempt > limit.current {
                if Sys.setDescriptorLimit(attempt) { break }
            }
            limit = Sys.descriptorLimit
        }
        let allowed = Int(min(limit.current, UInt64(Int.max))) - overflow - descriptorReserve
        return max(1, min(maxConnections, allowed))
    }

    /// Descriptors a server may hold beyond ``ServerConfiguration/maxConnections`` for a moment:
    /// connections being refused (503, 429) and connections accepted while others close to make
    /// room for them.
    static let overflow = 256

    /// Asks the loops to close, in all, as many idle connections as were accepted above the cap
    /// (``ServerConfiguration/maxConnections``): each loop closes its longest idle ones and hands
    /// on what it could not close.
    private func askForRoom() {
        guard !roomWanted.isEmpty else { return }
        let newcomers = roomWanted
        roomWanted = []
        let loop = loops[0]
        loop.execute { [self] in reclaim(newcomers, on: loop, asked: 0) }
    }

    /// On `loop`'s queue: closes as many of its longest idle connections as `newcomers` need
    /// (``EventLoop/closeLongestIdle(_:)``), and asks the next loop for the rest until
    /// every loop was asked. A newcomer starts reading once a connection closed for it; the
    /// newcomers no loop found room for answer 503 and close, having read nothing.
    private func reclaim(_ newcomers: [Connection], on loop: EventLoop, asked: Int) {
        // The newcomers are not on any loop yet (they start below), so none can be chosen.
        let closed = loop.closeLongestIdle(newcomers.count)
        for newcomer in newcomers.prefix(closed) { newcomer.loop.execute { newcomer.start() } }
        guard closed < newcomers.count else { return }
        // The oldest newcomers got the room; the newest wait on.
        let waiting = Array(newcomers[closed...])
        if asked + 1 < loops.count {
            let next = loops[(loop.index + 1) % loops.count]
            next.execute { [self] in reclaim(waiting, on: next, asked: asked + 1) }
            return
        }
        counters.withLock { $0.reclaiming -= waiting.count }
        for newcomer in waiting {
            newcomer.loop.execute {
                newcomer.start()
                newcomer.refuseForWantOfRoom()
            }
        }
    }

    /// Whether `connection` may open: within the server's and its address's limits, over its
    /// address's limit (its requests judged one by one, see
    /// ``ServerConfiguration/exemptFromAddressLimit``) — making room by choosing the oldest
    /// over-limit connection of the address still waiting for a request head as `evicted` —,
    /// or refused (429 above the address's limit). At ``ServerConfiguration/maxConnections`` a
    /// connection its address's limit admits is taken in all the same, with `makingRoom` set:
    /// the longest idle connection is to close for it (``ServerConfiguration/maxConnections``);
    /// it is refused with 503 only while ``overflow`` connections wait for such room or for
    /// their refusals. Called with the lock held; records the connection in its address's slots.
    private func admit(
        _ connection: Connection, _ counters: inout Counters, evicting evicted: inout Connection?,
        makingRoom: inout Bool
    ) -> Connection.Admission {
        if counters.open >= configuration.maxConnections {
            guard counters.rejecting + counters.reclaiming < Self.overflow else { return .refused(.serviceUnavailable) }
            let admission = admitByAddress(connection, &counters, evicting: &evicted)
            if case .refused = admission { return admission }
            counters.reclaiming += 1
            makingRoom = true
            return admission
        }
        return admitByAddress(connection, &counters, evicting: &evicted)
    }

    /// ``admit(_:_:evicting:makingRoom:)`` by the connection's address alone.
    private func admitByAddress(
        _ connection: Connection, _ counters: inout Counters, evicting evicted: inout Connection?
    ) -> Connection.Admission {
        let perAddress = configuration.maxConnectionsPerAddress
        guard perAddress > 0 else { return .counted }
        let host = connection.remoteHost
        var slots = counters.addresses[host] ?? AddressSlots()
        defer { counters.addresses[host] = slots.kept }
        if slots.within < perAddress {
            slots.within += 1
            return .counted
        }
        guard configuration.exemptFromAddressLimit != nil else { return .refused(.tooManyRequests) }
        if slots.overLimit.count >= configuration.overLimitConnectionsPerAddress {
            guard let oldest = slots.overLimit.firstIndex(where: { $0.overLimitState == .waiting }) else {
                return .refused(.tooManyRequests)
            }
            let victim = slots.overLimit.remove(at: oldest)
            victim.overLimitState = .evicted
            evicted = victim
        }
        connection.overLimitState = .waiting
        slots.overLimit.append(connection)
        return .overLimit
    }

    /// Whether an over-limit connection may answer a request that is (or is not) `exempt`: it
    /// may while it has not been evicted, and it then stays (an exempt one is never evicted).
    func judgeOverLimit(_ connection: Connection, exempt: Bool) -> Bool {
        counters.withLock { _ in
            guard exempt, connection.overLimitState != .evicted else { return false }
            connection.overLimitState = .exempt
            return true
        }
    }

    // MARK: - Closing

    func connectionDidClose(_ connection: Connection) {
        let completions = counters.withLock { counters -> [@Sendable () -> Void] in
            switch connection.admission {
            case .counted, .overLimit:
                counters.open -= 1
                if connection.closedToMakeRoom { counters.reclaiming -= 1 }
                let host = connection.remoteHost
                if var slots = counters.addresses[host] {
                    if connection.admission == .counted {
                        slots.within -= 1
                    } else if let i = slots.overLimit.firstIndex(where: { $0 === connection }) {
                        slots.overLimit.remove(at: i)
                    }
                    counters.addresses[host] = slots.kept
                }
            case .refused:
                counters.rejecting -= 1
            }
            return takeCompletionsIfDrained(&counters)
        }
        finish(completions)
    }

    private func takeCompletionsIfDrained(_ counters: inout Counters) -> [@Sendable () -> Void] {
        guard counters.shuttingDown, !counters.finished, counters.open == 0, counters.rejecting == 0 else { return [] }
        counters.finished = true
        defer { counters.completions = [] }
        return counters.completions
    }

    private func finish(_ completions: [@Sendable () -> Void]) {
        guard !completions.isEmpty else { return }
        for loop in loops { loop.stop() }
        DispatchQueue.global().async { for completion in completions { completion() } }
    }

    /// Stops accepting, closes idle keep-alive connections, lets requests in progress finish
    /// (their responses carry `Connection: close`), and after `gracePeriod` seconds closes
    /// whatever is still open (cancelling handler tasks and streams). Then calls `completion`
    /// once, on a global queue. Calling it again adds a completion; safe before ``start()``.
    public func shutdown(gracePeriod: Double = 5, completion: @escaping @Sendable () -> Void) {
        let completions = counters.withLock { counters -> [@Sendable () -> Void] in
            if counters.finished { return [completion] }
            counters.completions.append(completion)
            counters.shuttingDown = true
            return takeCompletionsIfDrained(&counters)
        }
        stopAccepting()
        if !completions.isEmpty {
            finish(completions)
            return
        }
        for loop in loops {
            loop.execute {
                for connection in loop.connections { connection.beginShutdown() }
                loop.schedule(after: gracePeriod) {
                    for connection in loop.connections { connection.close() }
                }
            }
        }
    }

    /// Shuts down and waits: `await server.shutdown(gracePeriod: 5)`.
    public func shutdown(gracePeriod: Double = 5) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            shutdown(gracePeriod: gracePeriod) { continuation.resume() }
        }
    }

    private func stopAccepting() {
        let listener = self.listener.withLock { listener in
            defer { listener = nil }
            return listener
        }
        guard let listener else { return }
        listener.loop.execute { listener.close() }
    }
}

/// A socket bound and listening that no server accepts on yet: one server takes it
/// (``HTTPServer/start(on:)``); untaken, it is closed when released.
///
/// A program that must not start (write files, say) when its port is taken binds first, then
/// starts a server on the socket; connections that arrive in between wait in the listen queue.
public final class ListeningSocket: @unchecked Sendable {
    /// The bound port (the chosen one when 0 was asked for).
    public let port: Int
    private let fd: Locked<Int32?>

    /// Binds and listens on `host`:`port` (0: any free port) without accepting yet.
    /// - Throws: ``HTTPServerError``, as ``HTTPServer/start(on:)`` does, e.g.
    ///   `cannot bind 127.0.0.1:8080: Address already in use (errno 98)`.
    public init(host: String, port: Int) throws {
        let (fd, bound) = try HTTPServer.listen(host: host, port: port)
        self.fd = Locked(fd)
        self.port = bound
    }

    /// The descriptor, once: nil when a server took it already.
    func take() -> Int32? {
        fd.withLock { fd in
            defer { fd = nil }
            return fd
        }
    }

    deinit {
        if let fd = take() { Sys.close(fd) }
    }
}
