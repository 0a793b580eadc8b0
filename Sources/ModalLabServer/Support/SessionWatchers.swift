import Foundation
import HTTPServer

/// Fans a session's answers out to those watching it live (`GET /api/sessions/{sid}/watch`,
/// Server-Sent Events): each answer the participant got — state, diagnostics and frame — is
/// handed to every watcher of that session as it goes out, so a watcher sees the frame as soon
/// as the participant does.
final class SessionWatchers: @unchecked Sendable {
    private struct Watcher {
        let session: String
        let continuation: AsyncStream<[UInt8]>.Continuation
    }

    private let lock = NSLock()
    private var watchers: [UUID: Watcher] = [:]
    private var bySession: [String: Int] = [:]

    /// A stream of the answers of `session` (JSON bytes), until cancelled.
    func subscribe(session: String) -> (UUID, AsyncStream<[UInt8]>) {
        let id = UUID()
        let (stream, continuation) = AsyncStream<[UInt8]>.makeStream(bufferingPolicy: .bufferingNewest(32))
        lock.withLock {
            watchers[id] = Watcher(session: session, continuation: continuation)
            bySession[session, default: 0] += 1
        }
        continuation.onTermination = { [weak self] _ in self?.unsubscribe(id) }
        return (id, stream)
    }

    func unsubscribe(_ id: UUID) {
        lock.withLock {
            guard let w = watchers.removeValue(forKey: id) else { return }
            bySession[w.session, default: 1] -= 1
            if bySession[w.session] == 0 { bySession[w.session] = nil }
        }
    }

    /// Hands `answer` (a 200 answer of an action: its JSON body) to the watchers of `session`;
    /// costs a dictionary look-up when nobody watches.
    func publish(session: String, answer: HTTPResponse) {
        let targets: [Watcher] = lock.withLock {
            guard bySession[session] != nil else { return [] }
            return watchers.values.filter { $0.session == session }
        }
        guard !targets.isEmpty, case .bytes(let body) = answer.body, answer.status == .ok else { return }
        for w in targets { w.continuation.yield(body) }
    }

    /// Ends every stream (shutdown).
    func closeAll() {
        for w in lock.withLock({ Array(watchers.values) }) { w.continuation.finish() }
    }
}
