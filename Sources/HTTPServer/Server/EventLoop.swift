import Dispatch

/// One serial queue and the connections that live on it. Everything a connection owns is
/// touched only on its loop's queue, so connections need no locks.
final class EventLoop: @unchecked Sendable {
    let queue: DispatchQueue
    /// Read buffer shared by this loop's connections (used only inside one read handler), so an
    /// idle connection holds no large buffer of its own.
    let scratch: UnsafeMutableRawBufferPointer
    static let scratchSize = 64 * 1024

    private(set) var connections: [Connection] = []
    /// The cached `Date` value, refreshed by the timer (RFC 9110 §6.6.1 needs one-second accuracy).
    private(set) var date: [UInt8]
    private var dateSecond = 0
    private var timer: DispatchSourceTimer?

    init(index: Int) {
        queue = DispatchQueue(label: "ModalLab.HTTPServer.loop\(index)")
        scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.scratchSize, alignment: 16)
        dateSecond = HTTPDate.nowSeconds()
        date = HTTPDate.format(dateSecond)
    }

    deinit { scratch.deallocate() }

    /// Starts the quarter-second tick that refreshes the date and enforces timeouts.
    func start() {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + .milliseconds(250), repeating: .milliseconds(250), leeway: .milliseconds(50))
        timer.setEventHandler { [unowned self] in self.tick() }
        timer.resume()
        self.timer = timer
    }

    func stop() {
        timer?.cancel()
        timer = nil
    }

    private func tick() {
        refreshDate()
        let now = Sys.now()
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

    func add(_ connection: Connection) {
        connection.loopIndex = connections.count
        connections.append(connection)
    }

    func remove(_ connection: Connection) {
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
