import Platform

/// The listening socket, registered with the first event loop.
final class Listener: PollerClient, @unchecked Sendable {
    let fd: Int32
    /// Strong: a server the application dropped without shutting down keeps serving rather
    /// than crashing (the cycle ends when ``HTTPServer/shutdown(gracePeriod:completion:)``
    /// closes the listener).
    let server: HTTPServer
    let loop: EventLoop
    var backoffSeconds: Double = 0
    private var paused = false
    private var closed = false

    init(fd: Int32, server: HTTPServer, loop: EventLoop) {
        self.fd = fd
        self.server = server
        self.loop = loop
    }

    func handle(_ event: Poller.Event) {
        guard !closed, !paused else { return }
        server.acceptAvailable(self)
    }

    /// Stops watching the listener for a while (the loop's own timer, which needs no descriptor).
    func pause(_ error: Int32) {
        backoffSeconds = backoffSeconds == 0 ? 0.005 : min(backoffSeconds * 2, 1)
        server.configuration.log?(
            "accept: \(Sys.errorText(error)) (errno \(error)); retrying in \(Int(backoffSeconds * 1000)) ms")
        paused = true
        loop.setInterest(self, read: false, write: false)
        loop.schedule(after: backoffSeconds) { [self] in
            guard !closed else { return }
            paused = false
            loop.setInterest(self, read: true, write: false)
            server.acceptAvailable(self)
        }
    }

    func close() {
        guard !closed else { return }
        closed = true
        loop.remove(self)
        Sys.close(fd)
    }
}
