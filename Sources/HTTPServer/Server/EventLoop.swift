import Foundation
import Platform

/// Something registered with an event loop's poller: a connection or the listening socket.
protocol PollerClient: AnyObject {
    var fd: Int32 { get }
    func handle(_ event: Poller.Event)
}

/// One thread that waits for socket readiness and runs the connections registered with it.
/// Everything a connection owns is touched only on its loop's thread, so connections need no
/// locks; other threads hand work over with ``execute(_:)``.
final class EventLoop: @unchecked Sendable {
    private let poller = Poller()
    private let index: Int
    /// Read buffer shared by this loop's connections (used only inside one read handler), so an
    /// idle connection holds no large buffer of its own.
    let scratch: UnsafeMutableRawBufferPointer
    static let scratchSize = 64 * 1024

    private struct Jobs {
        var list: [@Sendable () -> Void] = []
        var wakePending = false
    }
    private let jobs = Locked(Jobs())

    private(set) var connections: [Connection] = []
    /// Registered clients by descriptor number, for dispatching readiness events.
    private var table: [(any PollerClient)?] = []
    /// One-shot timers (monotonic deadline in nanoseconds), run on the loop thread. The loop's
    /// own timers need no descriptor, so they work while the process is out of descriptors.
    private var timers: [(deadline: UInt64, job: () -> Void)] = []
    /// The cached `Date` value, refreshed by the tick (RFC 9110 §6.6.1 needs one-second accuracy).
    private(set) var date: [UInt8]
    private var dateSecond = 0
    private var running = false
    private var stopping = false
    static let tickNanoseconds: UInt64 = 250_000_000

    init(index: Int) {
        self.index = index
        scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.scratchSize, alignment: 16)
        dateSecond = HTTPDate.nowSeconds()
        date = HTTPDate.format(dateSecond)
    }

    deinit { scratch.deallocate() }

    /// Starts the loop's thread.
    func start() {
        let thread = Thread { self.run() }
        thread.name = "ModalLab.HTTPServer.loop\(index)"
        thread.start()
    }

    /// Ends the loop's thread after the jobs queued before this call.
    func stop() {
        execute { self.stopping = true }
    }

    /// Runs `job` on the loop's thread, after the jobs queued before it (FIFO).
    func execute(_ job: @escaping @Sendable () -> Void) {
        let wake = jobs.withLock { jobs -> Bool in
            jobs.list.append(job)
            defer { jobs.wakePending = true }
            return !jobs.wakePending
        }
        if wake { poller.wake() }
    }

    private func run() {
        var nextTick = Sys.now() &+ Self.tickNanoseconds
        while !stopping {
            let now = Sys.now()
            let wakeAt = timers.reduce(nextTick) { min($0, $1.deadline) }
            let timeout = now >= wakeAt ? 0 : Int32((wakeAt - now) / 1_000_000) + 1
            poller.wait(timeout: timeout) { event in
                if event.fd == poller.wakeFD {
                    poller.drainWake()
                    return
                }
                guard event.fd >= 0, Int(event.fd) < table.count, let connection = table[Int(event.fd)] else { return }
                connection.handle(event)
            }
            runJobs()
            let after = Sys.now()
            if !timers.isEmpty && timers.contains(where: { $0.deadline <= after }) {
                let due = timers.filter { $0.deadline <= after }
                timers.removeAll { $0.deadline <= after }
                for timer in due { timer.job() }
            }
            if after >= nextTick {
                tick(now: after)
                nextTick = after &+ Self.tickNanoseconds
            }
        }
        runJobs()
    }

    private func runJobs() {
        while true {
            let batch = jobs.withLock { jobs -> [@Sendable () -> Void] in
                jobs.wakePending = false
                defer { jobs.list.removeAll(keepingCapacity: true) }
                return jobs.list
            }
            if batch.isEmpty { return }
            for job in batch { job() }
        }
    }

    private func tick(now: UInt64) {
        refreshDate()
        // Iterate over a copy: a timeout may close (and so remove) a connection.
        for connection in connections { connection.checkTimeouts(now: now) }
    }

    func refreshDate() {
        let second = HTTPDate.nowSeconds()
        if second != dateSecond {
            dateSecond = second
            date = HTTPDate.format(second)
        }
    }

    /// Runs `job` on the loop thread after `seconds`; call on the loop thread.
    func schedule(after seconds: Double, _ job: @escaping () -> Void) {
        timers.append((Sys.now() &+ UInt64(max(0, seconds) * 1e9), job))
    }

    // MARK: Registration (on the loop's thread)

    /// Watches `client`'s descriptor for reading.
    func add(_ client: any PollerClient) {
        let fd = Int(client.fd)
        if fd >= table.count { table.append(contentsOf: repeatElement(nil, count: fd + 1 - table.count + 64)) }
        table[fd] = client
        poller.add(client.fd)
    }

    /// Stops watching `client`; the caller closes the descriptor afterwards.
    func remove(_ client: any PollerClient) {
        poller.remove(client.fd)
        let fd = Int(client.fd)
        if fd < table.count, table[fd] === client { table[fd] = nil }
    }

    func setInterest(_ client: any PollerClient, read: Bool, write: Bool) {
        poller.modify(client.fd, read: read, write: write)
    }

    func register(_ connection: Connection) {
        connection.loopIndex = connections.count
        connections.append(connection)
        add(connection)
    }

    /// Forgets the connection; the caller closes the descriptor afterwards.
    func unregister(_ connection: Connection) {
        remove(connection)
        let index = connection.loopIndex
        guard index >= 0, index < connections.count, connections[index] === connection else { return }
        let last = connections.removeLast()
        if index < connections.count {
            connections[index] = last
            last.loopIndex = index
        }
        connection.loopIndex = -1
    }
}
