import EventSchema
import Foundation
import JSON
import Platform
import TestSupport
import Testing

@testable import InteractionLog

@Suite struct GroupCommitTests {
    @Test func concurrentAppendersShareSyncsAndSeqStaysStrictlyIncreasing() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let store = try LogStore(directory: dir.logs)
        let appenders = 64
        let rounds = 20
        let sessions = 8
        let acks = try await withThrowingTaskGroup(of: [LogEvent].self) { group in
            for a in 0..<appenders {
                group.addTask {
                    var mine: [LogEvent] = []
                    for r in 0..<rounds {
                        let e = pending(.tap, session: "s\(a % sessions)", id: "a\(a)-r\(r)")
                        mine += try await store.append([e]).events
                    }
                    return mine
                }
            }
            var all: [LogEvent] = []
            for try await events in group { all += events }
            return all
        }
        let stats = store.statistics
        #expect(acks.count == appenders * rounds)
        #expect(stats.appends == appenders * rounds && stats.events == appenders * rounds)
        // Group commit: far fewer syncs than appends.
        #expect(stats.fsyncs * 4 <= stats.appends, "fsyncs \(stats.fsyncs) for \(stats.appends) appends")
        #expect(stats.batches == stats.fsyncs)
        print("group commit: \(stats.appends) appends, \(stats.batches) batches, \(stats.fsyncs) fsyncs")

        let logged = try store.events()
        #expect(logged.count == appenders * rounds)
        var bySession: [String: [Int]] = [:]
        for e in logged { bySession[e.session!, default: []].append(e.seq) }
        for (session, seqs) in bySession {
            // In file order, strictly increasing, and with no gap: 1…n.
            #expect(seqs == Array(1...seqs.count), "session \(session)")
        }
        // Each acknowledgement reports what is on disk.
        let byID = Dictionary(uniqueKeysWithValues: logged.map { ($0.eventID, $0) })
        for ack in acks { #expect(byID[ack.eventID] == ack) }
        store.close()
    }

    @Test func exportsDuringAppendsSeeOnlyWholeAcknowledgedLines() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let store = try LogStore(directory: dir.logs, partMaxBytes: 16 << 10)
        let acked = Locked(0)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for a in 0..<16 {
                group.addTask {
                    for r in 0..<40 {
                        _ = try await store.append([pending(.scroll, session: "s\(a)", id: "\(a)-\(r)")])
                        acked.withLock { $0 += 1 }
                    }
                }
            }
            group.addTask {
                for _ in 0..<15 {
                    let before = acked.current
                    var bytes: [UInt8] = []
                    try store.export(format: .ndjson) { bytes += $0 }
                    let exported = lines(bytes)
                    #expect(exported.count >= before)
                    for line in exported { #expect(throws: Never.self) { try LogEvent(ndjsonLine: line) } }
                    try await Task.sleep(for: .milliseconds(5))
                }
            }
            try await group.waitForAll()
        }
        #expect(try store.events().count == 16 * 40)
        store.close()
    }
}
