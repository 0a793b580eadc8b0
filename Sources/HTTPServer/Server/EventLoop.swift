import Dispatch
import Platform

/// One serial Dispatch queue and the connections that live on it. Every Dispatch source of a
/// connection (read, write) and of the listener delivers its events on its loop's queue, and
/// everything a connection owns is touched only there, so connections need no locks; other
/// threads hand work over with ``execute(_:)``.
final class EventLoop: @unchecked Sendable {
    let queue: DispatchQueue
    /// Its place among the server's loops.
    let index: Int
    /// Read buffer shared by this loop's connections (used only inside one read handler), so an
    /// idle connection holds no large buffer of its own.
    let scratch: UnsafeMutableRawBufferPointer
    static let scratchSize = 64 * 1024

    // What follows is touched only on `queue`, one access at a time (no property of the loop is
    // passed `inout` to code that reaches the loop again), so it goes without Swift's dynamic
    // exclusivity checks (`@exclusivity(unchecked)`: ~80 instructions each, on every request).

    @exclusivity(unchecked) private(set) var connections: [Connection] = []
    /// The cached `Date` value, refreshed by the tick when the second changes (RFC 9110 §6.6.1
    /// asks for one-second accuracy).
    @exclusivity(unchecked) private(set) var date: [UInt8]
    private var dateSecond = 0
    /// The tick: refreshes `date` and enforces the connections' timeouts. One timer per loop, not
    /// one per connection; a Dispatch timer needs no descriptor of its own, so it keeps running
    /// while the process is out of descriptors. Touched only on `queue`.
    private var tick: DispatchSourceTimer?
    static let tickInterval = DispatchTimeInterval.milliseconds(250)

    init(index: Int) {
        self.index = index
        queue = DispatchQueue(label: "ModalLab.HTTPServer.loop\(index)")
        queue.setSpecific(key: Self.indexKey, value: index)
        scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.scratchSize, alignment: 16)
        dateSecond = HTTPDate.nowSeconds()
        date = HTTPDate.format(dateSecond)
    }

    deinit {
        scratch.deallocate()
        headBuffer.deallocate()
    }

    private static let indexKey = DispatchSpecificKey<Int>()

    /// The index of the loop whose queue runs the caller; nil anywhere else. (A serial queue
    /// runs on whichever of Dispatch's threads is free, so a thread says nothing about a loop.)
    static var currentIndex: Int? { DispatchQueue.getSpecific(key: indexKey) }

    /// Traps in a debug build when the caller is not on this loop's queue: what a connection
    /// owns is touched only there (Dispatch's `dispatchPrecondition`, checked in debug builds only).
    @inline(__always)
    func assertOnLoop() { dispatchPrecondition(condition: .onQueue(queue)) }

    /// Starts the tick. (Made here, not in `init`: Dispatch traps when a source that was never
    /// activated is released, as a server that never started would release it.)
    func start() {
        execute {
            let tick = DispatchSource.makeTimerSource(queue: self.queue)
            tick.schedule(deadline: .now() + Self.tickInterval, repeating: Self.tickInterval, leeway: .milliseconds(50))
            tick.setEventHandler { [weak self] in self?.onTick() }
            tick.activate()
            self.tick = tick
        }
    }

    /// Stops the tick, after the jobs queued before this call.
    func stop() {
        execute {
            self.tick?.cancel()
            self.tick = nil
        }
    }

    /// Runs `job` on the loop's queue, after the jobs queued before it (FIFO).
    func execute(_ job: @escaping @Sendable () -> Void) { queue.async(execute: job) }

    /// Runs `job` on the loop's queue after `seconds`.
    func schedule(after seconds: Double, _ job: @escaping @Sendable () -> Void) {
        queue.asyncAfter(deadline: .now() + max(0, seconds), execute: job)
    }

    private func onTick() {
        refreshDate()
        // Iterate over a copy: a timeout may close (and so remove) a connection.
        let now = Sys.now()
        for connection in connections { connection.checkTimeouts(now: now) }
    }

    func refreshDate() {
        let second = HTTPDate.nowSeconds()
        if second != dateSecond {
            dateSecond = second
            date = HTTPDate.format(second)
        }
    }

    // MARK: The head buffer (on the loop's queue)

    /// Where a response's head (and a small body behind it) is encoded before it is sent, kept
    /// between responses so that sending one allocates nothing; what a write leaves unsent is
    /// copied out of it (``Connection``'s queue of pieces), so a response never needs it after.
    @exclusivity(unchecked) private var headBuffer = UnsafeMutableRawBufferPointer.allocate(
        byteCount: 16 * 1024, alignment: 16)

    /// The head buffer, at least `count` bytes long (grown when a head is larger than any before;
    /// a head's size is the application's fields', usually under 1 KiB). Valid until the next call.
    func headSpace(_ count: Int) -> UnsafeMutableRawPointer {
        if count > headBuffer.count {
            headBuffer.deallocate()
            headBuffer = UnsafeMutableRawBufferPointer.allocate(
                byteCount: max(count, 2 * headBuffer.count), alignment: 16)
        }
        return headBuffer.baseAddress!
    }

    // MARK: Connections (on the loop's queue)

    /// Connections whose read source is parked until the jobs queued now have run, and the
    /// batch being unparked (two arrays, so a connection can park again while its batch is
    /// unparked).
    @exclusivity(unchecked) private var parked: [Connection] = []
    @exclusivity(unchecked) private var unparking: [Connection] = []
    /// How many times a parked connection's read found input before its source went back to
    /// Dispatch (``Connection/unpark()``); read on the loop's queue (tests).
    @exclusivity(unchecked) var readsAhead = 0

    /// Parks `connection`'s read source until the loop has run the jobs queued now (other
    /// connections' events among them), then re-arms all parked sources together. On Linux,
    /// Dispatch re-arms a read source on its manager thread after each event, and wakes that
    /// thread for it when its queue was empty; re-armed one by one, every request costs a
    /// wake-up. A source suspended in its own handler is not re-armed until resumed.
    /// ``Connection/unpark()`` reads once before it re-arms; a connection that found its next
    /// request then parks again, into the next batch.
    func park(_ connection: Connection) {
        parked.append(connection)
        if parked.count == 1 { queue.async(execute: unparkJob) }
    }

    /// ``unparkAll()`` as a block made once: Dispatch copies the block it is given, and a
    /// closure written at the call would be copied to the heap (an allocation) for every
    /// batch; a block already on the heap is only retained. Weak: the block is the loop's own.
    private lazy var unparkJob: @Sendable @convention(block) () -> Void = { [weak self] in self?.unparkAll() }

    /// Whether the batch being unparked holds other connections, or some have parked for the
    /// next one: the loop has more to do right away (``Connection/unpark()``).
    var isBusy: Bool { unparking.count > 1 || !parked.isEmpty }

    private func unparkAll() {
        swap(&parked, &unparking)
        for connection in unparking { connection.unpark() }
        unparking.removeAll(keepingCapacity: true)
    }

    /// Closes up to `count` of this loop's connections that wait for a request — idle
    /// keep-alive connections, and connections that have not sent a whole request head — the
    /// longest waiting first, exempt ones (``Connection/isExempt``) only when no other waits;
    /// returns how many it closed. What the server does at
    /// ``ServerConfiguration/maxConnections``, as nginx reuses its longest idle keep-alive
    /// connections when it runs out (`ngx_drain_connections`, src/core/ngx_connection.c).
    func closeLongestIdle(_ count: Int) -> Int {
        guard count > 0 else { return 0 }
        var waiting: [(exempt: Bool, since: UInt64, connection: Connection)] = []
        for connection in connections {
            guard let since = connection.waitingSince else { continue }
            waiting.append((connection.isExempt, since, connection))
        }
        let chosen: [Connection]
        if count == 1 {
            let first = waiting.min { ($0.exempt ? 1 : 0, $0.since) < ($1.exempt ? 1 : 0, $1.since) }
            chosen = first.map { [$0.connection] } ?? []
        } else {
            waiting.sort { ($0.exempt ? 1 : 0, $0.since) < ($1.exempt ? 1 : 0, $1.since) }
            chosen = waiting.prefix(count).map(\.connection)
        }
        for connection in chosen { connection.closeToMakeRoom() }
        return chosen.count
    }

    func register(_ connection: Connection) {
        connection.loopIndex = connections.count
        connections.append(connection)
    }

    /// Forgets the connection (it is closing).
    func unregister(_ connection: Connection) {
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
