import Dispatch
import EventSchema
import Foundation
import InteractionLog
import JSON
import ModalLabServer
import Platform
import Presentation
import Prototype

/// A usability study's figures (issue 16): summaries (all sessions, and whole sessions by
/// device) and heat maps with task paths of 1,000,000 events, with the process's peak memory
/// after 250,000 and after 1,000,000 events (constant memory: it should barely move); and the
/// replay of a 500-step session through the engine.
///
/// Prints `study.summary events=… s=…`, `study.summary_by_device …`, `study.heatmaps …`,
/// `study.peak_rss …` and `study.replay steps=500 median_ms=… p90_ms=…`.
func studyBenchmark() throws {
    // MODALLAB_BENCH_STUDY_LOGS keeps the generated logs there, and reuses them (for profiling).
    let kept = ProcessInfo.processInfo.environment["MODALLAB_BENCH_STUDY_LOGS"]
    let root = kept ?? NSTemporaryDirectory() + "modallab-bench-study-\(UUID().uuidString.prefix(8))"
    defer { if kept == nil { try? FileManager.default.removeItem(atPath: root) } }
    if kept == nil || !FileManager.default.fileExists(atPath: root + "/large/logs") {
        try fill(root + "/small/logs", events: 250_000)
        try fill(root + "/large/logs", events: 1_000_000)
    }
    for (label, dir) in [("250k", root + "/small/logs"), ("1M", root + "/large/logs")] {
        let reader = LogReader(directory: dir)
        let (all, w1, c1) = try timed { try reader.summary() }
        let (ipad, w2, c2) = try timed {
            var f = LogFilter(prototype: "mail")
            f.device = "ipad-pro-11"
            return try reader.summary(filter: f)
        }
        let (aggregates, w3, c3) = try timed {
            try reader.studyAggregates(filter: LogFilter(prototype: "mail"), StudyAggregates())
        }
        print(
            String(
                format: "study.summary %@ events=%d sessions=%d tasks=%d wall_s=%.2f cpu_s=%.2f", label, all.events,
                all.sessions.count, all.tasks.count, w1, c1))
        print(
            String(
                format: "study.summary_by_device %@ sessions=%d wall_s=%.2f cpu_s=%.2f", label, ipad.sessions.count,
                w2, c2))
        print(
            String(
                format: "study.heatmaps %@ maps=%d task_paths=%d wall_s=%.2f cpu_s=%.2f", label,
                aggregates.heatmaps.count, aggregates.paths.count, w3, c3))
        print("study.peak_rss after \(label): \(peakRSS())")
    }
    try replayBenchmark(steps: 500, runs: 30)
}

/// The process's peak resident memory so far, in MB.
private func peakRSS() -> String { String(format: "%.1f MB", Double(Sys.peakResidentBytes()) / 1e6) }

/// Runs `body`, returning its result with the wall and CPU seconds it took.
private func timed<T>(_ body: () throws -> T) rethrows -> (T, wall: Double, cpu: Double) {
    let w0 = Date()
    let c0 = Sys.processCPUSeconds()
    let r = try body()
    return (r, Date().timeIntervalSince(w0), Sys.processCPUSeconds() - c0)
}

/// `events` events of a study: sessions of 1,000 events (60 % iPhone, 40 % iPad), each a run of
/// tasks with taps and misclicks at positions, presentations and dismissals, task ends of every
/// outcome, most sessions ended.
private func fill(_ directory: String, events: Int) throws {
    let store = try LogStore(directory: directory)
    let done = DispatchSemaphore(value: 0)
    let perSession = 1000
    let t0 = Date()
    Task {
        var batch: [PendingEvent] = []
        batch.reserveCapacity(10_000)
        var i = 0
        while i < events {
            let session = i / perSession
            let k = i % perSession
            let device = session % 5 < 3 ? "iphone-16" : "ipad-pro-11"
            let task = ["send-draft", "share-inbox", "open-compose"][(k / 50) % 3]
            var f = EventFields(
                type: .tap, prototype: "mail", prototypeVersion: "bench", session: "s\(session)", device: device,
                orientation: session % 4 == 0 ? "landscape" : "portrait", screen: "inbox")
            switch k {
            case 0: f.type = .sessionStart
            case perSession - 1: f.type = session % 5 == 4 ? .misclick : .sessionEnd
            default:
                f.task = task
                switch k % 50 {
                case 1:
                    f.type = .taskStart
                    f.target = task
                case 49:
                    f.type = .taskEnd
                    f.target = task
                    f.outcome = ["direct", "indirect", "gaveUp", "timedOut"][(k / 50 + session) % 4]
                    f.durationMs = 1000 + (k * 37 + session * 11) % 20_000
                case 10, 30:
                    f.type = .present
                    f.modal = "compose"
                case 20, 40:
                    f.type = .dismiss
                    f.modal = "compose"
                    f.how = "button"
                    f.durationMs = 800 + k
                case 11, 31:
                    f.type = .screenEnter
                    f.modal = "compose"
                    f.screen = "compose"
                default:
                    f.type = k % 7 == 0 ? .misclick : .tap
                    f.target = f.type == .tap ? "button-\(k % 13)" : nil
                    f.x = Double((k * 31 + session) % 390) + 0.5
                    f.y = Double((k * 17 + session * 3) % 840)
                    if k % 50 > 10 && k % 50 < 20 { f.modal = "compose" }
                }
            }
            var e = PendingEvent(f)
            e.tMs = k * 250
            batch.append(e)
            i += 1
            if batch.count == 10_000 || i == events {
                _ = try? await store.append(batch)
                batch.removeAll(keepingCapacity: true)
            }
        }
        done.signal()
    }
    done.wait()
    store.close()
    print(
        String(
            format: "study.fill events=%d in %.1f s (%.0f events/s)", events, Date().timeIntervalSince(t0),
            Double(events) / Date().timeIntervalSince(t0)))
}

/// A 500-step session of the Mail prototype replayed through the engine (each step: the logged
/// action body parsed and decoded, then applied), timed `runs` times.
private func replayBenchmark(steps: Int, runs: Int) throws {
    let p = try loadMail()
    let engine = PresentationEngine(prototype: p)
    let env = Environment(device: DeviceCatalogue.device("iphone-16")!, orientation: .portrait)
    // The engine benchmark's Mail loop: every step valid in the state the one before leaves.
    let loop = script(iPad: false)
    var actions: [(seq: Int, tMs: Int, body: String)] = []
    for i in 0..<steps {
        actions.append((i + 2, i * 1000, JSONWriter().string(loop[i % loop.count].json)))
    }
    var times: [Double] = []
    var refused = 0
    for _ in 0..<runs {
        let t0 = DispatchTime.now().uptimeNanoseconds
        let (_, replayed) = try SessionReplay.run(engine, environment: env, actions: actions)
        times.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
        refused = replayed.filter { $0.refusedBy != nil }.count
    }
    times.sort()
    print(
        String(
            format: "study.replay steps=%d (refused %d) median_ms=%.2f p90_ms=%.2f", steps, refused,
            times[times.count / 2], times[min(times.count - 1, times.count * 9 / 10)]))
}
