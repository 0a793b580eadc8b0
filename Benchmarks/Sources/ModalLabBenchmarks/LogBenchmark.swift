import Dispatch
import EventSchema
import Foundation
import InteractionLog
import JSON

/// The interaction log's speed (docs/log.md): group-commit appends under 64 concurrent appenders,
/// the open-time rebuild, and a streamed CSV export of 1,000,000 events.
func logBenchmark() throws {
    let root = NSTemporaryDirectory() + "modallab-bench-log-\(UUID().uuidString.prefix(8))"
    defer { try? FileManager.default.removeItem(atPath: root) }
    encodeBenchmark(events: 1_000_000)
    try appendBenchmark(directory: root + "/append/logs", appenders: 64, seconds: 5)
    try exportBenchmark(directory: root + "/export/logs", events: 1_000_000)
}

private func event(_ i: Int, session: Int) -> PendingEvent {
    var e = PendingEvent(
        EventFields(
            type: i % 10 == 0 ? .present : .tap, prototype: "mail", prototypeVersion: "sha256:5f2b9c",
            session: "s\(session)",
            device: "iphone-16", orientation: "portrait", sizeClass: "compact/regular", screen: "inbox",
            modal: i % 10 == 0 ? "compose" : nil, target: "button-\(i % 17)", style: "pageSheet"))
    e.x = Double(i % 393) + 0.5
    e.y = Double(i % 852)
    e.tMs = i * 37
    return e
}

/// Encoding alone: LogEvent → NDJSON line, in memory.
private func encodeBenchmark(events: Int) {
    let template = LogEvent(
        event(1, session: 1), eventID: UUID().uuidString.lowercased(), seq: 1, ts: 1_795_952_422_123_456)
    var out: [UInt8] = []
    out.reserveCapacity(1 << 20)
    var total = 0
    let t0 = Date()
    for i in 0..<events {
        var e = template
        e.seq = i
        e.ts += Int64(i)
        e.appendNDJSON(into: &out)
        if out.count > 1 << 20 {
            total += out.count
            out.removeAll(keepingCapacity: true)
        }
    }
    total += out.count
    let elapsed = Date().timeIntervalSince(t0)
    print(
        String(
            format: "log encode: %d events to NDJSON in memory: %.0f events/s, %.0f MB/s", events,
            Double(events) / elapsed, Double(total) / 1e6 / elapsed))
}

/// Closed loop: each appender appends one event, waits for its acknowledgement, repeats.
private func appendBenchmark(directory: String, appenders: Int, seconds: Double) throws {
    let store = try LogStore(directory: directory)
    let latencies = LatencyRecorder()
    let done = DispatchSemaphore(value: 0)
    let started = Date()
    Task {
        await withTaskGroup(of: Void.self) { group in
            for a in 0..<appenders {
                group.addTask {
                    var i = 0
                    while Date().timeIntervalSince(started) < seconds {
                        let t0 = DispatchTime.now().uptimeNanoseconds
                        _ = try? await store.append([event(i, session: a)])
                        latencies.add(DispatchTime.now().uptimeNanoseconds - t0)
                        i += 1
                    }
                }
            }
        }
        done.signal()
    }
    done.wait()
    let elapsed = Date().timeIntervalSince(started)
    let stats = store.statistics
    store.close()
    let (p50, p99) = latencies.percentiles()
    print(
        String(
            format:
                "log append: %d appenders × 1 event, %.1f s: %.0f events/s, %.0f fsyncs/s (%.1f events per fsync), latency p50 %.2f ms, p99 %.2f ms",
            appenders, elapsed, Double(stats.events) / elapsed, Double(stats.fsyncs) / elapsed,
            Double(stats.events) / Double(max(1, stats.fsyncs)), p50, p99))
}

private func exportBenchmark(directory: String, events: Int) throws {
    // Fill the log in large batches (each one group commit), then time the open and the export.
    do {
        let store = try LogStore(directory: directory)
        let fill = DispatchSemaphore(value: 0)
        let batch = 10_000
        let t0 = Date()
        Task {
            for start in stride(from: 0, to: events, by: batch) {
                let slice = (start..<min(events, start + batch)).map { event($0, session: $0 % 500) }
                _ = try? await store.append(slice)
            }
            fill.signal()
        }
        fill.wait()
        let elapsed = Date().timeIntervalSince(t0)
        let bytes = store.statistics.bytes
        store.close()
        print(
            String(
                format: "log fill: %d events (%.1f MB) in batches of %d: %.0f events/s",
                events, Double(bytes) / 1e6, batch, Double(events) / elapsed))
    }
    let store = try LogStore(directory: directory)
    let report = store.openReport
    print(
        String(
            format: "log open: rebuilt %d events, %d sessions from %.1f MB in %.2f s (%.0f MB/s)",
            report.events, report.sessions, Double(report.bytes) / 1e6, report.seconds,
            Double(report.bytes) / 1e6 / report.seconds))
    for format in [LogExportFormat.csv, .ndjson] {
        var out = 0
        let t0 = Date()
        try store.export(format: format) { out += $0.count }
        let elapsed = Date().timeIntervalSince(t0)
        print(
            String(
                format: "log export: %d events to %@: %.1f MB in %.2f s = %.0f MB/s (%.0f events/s)",
                events, format.rawValue, Double(out) / 1e6, elapsed, Double(out) / 1e6 / elapsed,
                Double(events) / elapsed))
    }
    let t0 = Date()
    let summary = try store.summary()
    print(
        String(
            format: "log summary: %d events, %d sessions in %.2f s", summary.events, summary.sessions.count,
            Date().timeIntervalSince(t0)))
    store.close()
}

/// Append latencies in nanoseconds, from many tasks.
private final class LatencyRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [UInt64] = []

    func add(_ ns: UInt64) {
        lock.lock()
        values.append(ns)
        lock.unlock()
    }

    /// p50 and p99 in milliseconds.
    func percentiles() -> (Double, Double) {
        lock.lock()
        let sorted = values.sorted()
        lock.unlock()
        guard !sorted.isEmpty else { return (0, 0) }
        func at(_ q: Double) -> Double { Double(sorted[min(sorted.count - 1, Int(Double(sorted.count) * q))]) / 1e6 }
        return (at(0.5), at(0.99))
    }
}
