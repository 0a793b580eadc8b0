import Dispatch
import Platform

/// The listening socket and its Dispatch read source, on the first event loop's queue.
final class Listener: @unchecked Sendable {
    let fd: Int32
    /// Strong: a server the application dropped without shutting down keeps serving rather
    /// than crashing (the cycle ends when ``HTTPServer/shutdown(gracePeriod:completion:)``
    /// closes the listener).
    let server: HTTPServer
    let loop: EventLoop
    var backoffSeconds: Double = 0
    private var source: PausableSource?
    private var closed = false

    init(fd: Int32, server: HTTPServer, loop: EventLoop) {
        self.fd = fd
        self.server = server
        self.loop = loop
    }

    /// Starts accepting, with a read source on the loop's queue. Its handlers hold the listener
    /// (and so the server) until it is cancelled; the descriptor is closed only in the cancel
    /// handler, once Dispatch no longer watches it.
    func start() {
        loop.execute { [self] in
            source = PausableSource(
                DispatchSource.makeReadSource(fileDescriptor: fd, queue: loop.queue),
                handler: { [self] in
                    guard !closed, source?.isPaused == false else { return }
                    server.acceptAvailable(self)
                }, cancelled: { [fd] in Sys.close(fd) })
        }
    }

    /// Stops accepting for a while after `error` (EMFILE and the like: the listener stays
    /// readable, so accepting again at once would spin), with doubling delays up to 1 s. The
    /// delay is a Dispatch timer, which needs no descriptor.
    func pause(_ error: Int32) {
        backoffSeconds = backoffSeconds == 0 ? 0.005 : min(backoffSeconds * 2, 1)
        server.configuration.log?(
            "accept: \(Sys.errorText(error)) (errno \(error)); retrying in \(Int(backoffSeconds * 1000)) ms")
        source?.pause()
        loop.schedule(after: backoffSeconds) { [self] in
            guard !closed, source?.isPaused == true else { return }
            source?.resume()
            server.acceptAvailable(self)
        }
    }

    /// Stops accepting for good; on the loop's queue.
    func close() {
        guard !closed else { return }
        closed = true
        source?.cancel()
    }
}
