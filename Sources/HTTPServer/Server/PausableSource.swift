import Dispatch

/// A Dispatch source that can be paused (by the connection: back-pressure, end of file) and
/// parked (by its loop, see ``EventLoop/park(_:)``) independently, any number of times, and
/// cancelled in any state. Dispatch counts suspensions (each `suspend()` wants its `resume()`),
/// never runs the cancel handler of a suspended source, and traps when a suspended source is
/// released: this suspends it once while either reason holds and resumes before it cancels.
/// Used on the queue the source delivers to.
struct PausableSource {
    /// Held as a class reference (every Dispatch source is one, on Linux and Darwin alike): a
    /// copy of the struct, made whenever the connection calls the source through its optional
    /// property, is then one retain, where the protocol's own existential is copied through its
    /// value witnesses (callgrind, `/healthz`: about 2.5 copies a request).
    let source: any DispatchSourceProtocol & AnyObject
    private(set) var isPaused = false
    private var isParked = false

    /// Sets the handlers and activates `source`. The handlers are released once `cancelled`
    /// has run, so what they hold lives until then.
    ///
    /// `registered` runs once Dispatch has tried to watch the descriptor, before any event,
    /// whether or not it could: on Linux a peer's hang-up (`EPOLLHUP`) makes Dispatch drop the
    /// descriptor from its epoll set, and a source made for it afterwards is registered with an
    /// `EPOLL_CTL_MOD` that fails silently, so that source never fires (its registration handler
    /// still runs). A source made for a descriptor that may already have been hung up on must
    /// look at the descriptor itself in `registered`.
    init(
        _ source: any DispatchSourceProtocol, handler: @escaping () -> Void, registered: (() -> Void)? = nil,
        cancelled: @escaping () -> Void
    ) {
        self.source = source as AnyObject as! any DispatchSourceProtocol & AnyObject
        source.setEventHandler(handler: handler)
        if let registered { source.setRegistrationHandler(handler: registered) }
        source.setCancelHandler(handler: cancelled)
        source.activate()
    }

    /// What the last event reported: for a read source the bytes waiting (0 at end of file or
    /// after a hang-up), for a write source the room in the send buffer.
    var data: UInt { source.data }

    private var suspended: Bool { isPaused || isParked }

    private mutating func set(paused: Bool? = nil, parked: Bool? = nil) {
        let before = suspended
        if let paused { isPaused = paused }
        if let parked { isParked = parked }
        if suspended != before {
            if suspended { source.suspend() } else { source.resume() }
        }
    }

    mutating func pause() { set(paused: true) }
    mutating func resume() { set(paused: false) }
    mutating func park() { set(parked: true) }
    mutating func unpark() { set(parked: false) }

    /// Stops events for good; the cancel handler runs next on the source's queue.
    mutating func cancel() {
        set(paused: false, parked: false)
        source.cancel()
    }
}
