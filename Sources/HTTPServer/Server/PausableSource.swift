import Dispatch

/// A Dispatch source and whether it is paused, so that it can be paused and resumed any number
/// of times and cancelled in any state. Dispatch counts suspensions (each `suspend()` wants its
/// `resume()`), never runs the cancel handler of a suspended source, and traps when a suspended
/// source is released: this keeps the count at 0 or 1 and resumes before it cancels. Used on the
/// queue the source delivers to.
struct PausableSource {
    let source: any DispatchSourceProtocol
    private(set) var isPaused = false

    /// Sets the handlers and activates `source`. The handlers are released once `cancelled`
    /// has run, so what they hold lives until then.
    init(_ source: any DispatchSourceProtocol, handler: @escaping () -> Void, cancelled: @escaping () -> Void) {
        self.source = source
        source.setEventHandler(handler: handler)
        source.setCancelHandler(handler: cancelled)
        source.activate()
    }

    /// What the last event reported: for a read source the bytes waiting (0 at end of file or
    /// after a hang-up), for a write source the room in the send buffer.
    var data: UInt { source.data }

    mutating func pause() {
        guard !isPaused else { return }
        isPaused = true
        source.suspend()
    }

    mutating func resume() {
        guard isPaused else { return }
        isPaused = false
        source.resume()
    }

    /// Stops events for good; the cancel handler runs next on the source's queue.
    mutating func cancel() {
        resume()
        source.cancel()
    }
}
