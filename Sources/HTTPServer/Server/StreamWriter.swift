import Platform

/// The ``HTTPBodyWriter`` of a streaming response on one connection.
final class StreamWriter: HTTPBodyWriter, @unchecked Sendable {
    private let connection: Connection
    private let closed = Locked(false)

    init(connection: Connection) { self.connection = connection }

    var isClosed: Bool { closed.withLock { $0 } }

    func markClosed() { closed.withLock { $0 = true } }

    func write(_ bytes: [UInt8]) async throws {
        if isClosed || Task.isCancelled { throw HTTPBodyWriterError.closed }
        if bytes.isEmpty { return }
        let connection = self.connection
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            connection.loop.execute { connection.streamWrite(bytes, from: self, continuation: continuation) }
        }
    }
}
