import Dispatch
import Foundation
import InteractionLog

/// Runs slow work (reading the whole log) on a Dispatch worker thread, so that neither the
/// HTTP event loops nor Swift's cooperative pool — which the action handlers need — stall.
func offLoop<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { k in
        DispatchQueue.global(qos: .utility).async { k.resume(with: Result { try work() }) }
    }
}

/// Log summaries by filter, reused until the log grows: a summary re-reads the whole log, so
/// repeated requests (an insights page left open, a dashboard polling) cost one read per change.
final class SummaryCache: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String: (events: Int, summary: LogSummary)] = [:]

    /// The summary for `filter`, computed by `compute` unless the log has had no events since.
    func summary(key: String, logEvents: Int, compute: () throws -> LogSummary) rethrows -> LogSummary {
        if let hit = lock.withLock({ entries[key] }), hit.events == logEvents { return hit.summary }
        let s = try compute()
        lock.withLock {
            if entries.count > 64 { entries.removeAll() }
            entries[key] = (logEvents, s)
        }
        return s
    }
}
