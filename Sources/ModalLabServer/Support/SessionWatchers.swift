import Foundation
import HTTPServer

/// Fans a session's answers out to those watching it live (`GET /api/sessions/{sid}/watch`,
/// Server-Sent Events): each answer the participant got — state, diagnostics and frame — is
/// handed to every watcher of that session as it goes out, so a watcher sees the frame as soon
/// as the participant does.
final class SessionWatchers: @unchecked Sendable {
    private struct Watcher {
        let session: String
        /// The share link that watches (a `report` link), or `nil` for the owner.
        let share: String?
        let continuation: AsyncStream<[UInt8]>.Continuation
    }

    private let lock = NSLock()
    private var watchers: [UUID: Watcher] = [:]
    private var bySession: [String: Int] = [:]
    private var byShare: [String: Int] = [:]

    /// A stream of the answers of `session` (JSON bytes) for `share`'s holder (`nil`: the owner),
    /// until cancelled or ended; `nil` when `share` already holds `limit` streams (the owner's
    /// are not counted).
    func subscribe(session: String, share: String?, limit: Int) -> (UUID, AsyncStream<[UInt8]>)? {
        let id = UUID()
        let (stream, continuation) = AsyncStream<[UInt8]>.makeStream(bufferingPolicy: .bufferingNewest(32))
        let added: Bool = lock.withLock {
            if let share, byShare[share, default: 0] >= limit { return false }
            watchers[id] = Watcher(session: session, share: share, continuation: continuation)
            bySession[session, default: 0] += 1
            if let share { byShare[share, default: 0] += 1 }
            return true
        }
        guard added else { return nil }
        continuation.onTermination = { [weak self] _ in self?.unsubscribe(id) }
        return (id, stream)
    }

    func unsubscribe(_ id: UUID) {
        lock.withLock {
            guard let w = watchers.removeValue(forKey: id) else { return }
            bySession[w.session, default: 1] -= 1
            if bySession[w.session] == 0 { bySession[w.session] = nil }
            if let share = w.share {
                byShare[share, default: 1] -= 1
                if byShare[share] == 0 { byShare[share] = nil }
            }
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

    /// Ends the streams following `session` (it ended): each sends `end` and closes.
    func end(session: String) {
        finish { $0.session == session }
    }

    /// Ends the streams share link `share` holds (it was revoked).
    func close(share: String) {
        finish { $0.share == share }
    }

    /// Ends every stream (shutdown).
    func closeAll() {
        finish { _ in true }
    }

    private func finish(_ which: (Watcher) -> Bool) {
        for w in lock.withLock({ watchers.values.filter(which) }) { w.continuation.finish() }
    }
}
