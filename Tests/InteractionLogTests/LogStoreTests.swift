import EventSchema
import Foundation
import JSON
import Platform
import TestSupport
import Testing

@testable import InteractionLog

@Suite struct LogStoreTests {
    @Test func appendWritesTheSpecLayoutWithEveryKey() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let store = try LogStore(directory: dir.logs)
        #expect(store.recovery.isEmpty)
        let result = try await store.append([
            pending(.sessionStart, ts: sampleTs),
            pending(.present, ts: sampleTs + 1000, modal: "compose", props: JSONObject([("note", "café, \"ok\"\n")])),
            pending(.misclick, id: "client-1", ts: sampleTs + 2000, target: "Tab → ✓"),
        ])
        #expect(result.accepted == 3 && result.duplicates == 0)
        #expect(result.events.map(\.seq) == [1, 2, 3])
        #expect(result.events.map(\.tMs) == [0, 1, 2])
        #expect(result.events[2].eventID == "client-1")
        let generated = result.events[0].eventID
        #expect(generated.count == 36 && generated == generated.lowercased() && UUID(uuidString: generated) != nil)

        #expect(partFiles(dir.logs) == ["date=2026-11-29/part-000000.ndjson"])
        let file = readFile(dir.logs + "/date=2026-11-29/part-000000.ndjson")
        let fileLines = lines(file)
        #expect(fileLines.count == 3)
        #expect(fileLines == result.events.map { Array($0.ndjsonLine.dropLast()) })
        for line in fileLines {
            let object = try #require(try JSONParser.parse(line).objectValue)
            #expect(object.keys == LogColumns.names)
        }
        #expect(try store.events() == result.events)
        store.close()
    }

    @Test func dayPartitionFollowsTheUTCDayOfTs() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let store = try LogStore(directory: dir.logs)
        let midnight = LogTimestamp.parse("2026-11-30")!
        _ = try await store.append([
            pending(.tap, ts: midnight - 1), pending(.tap, ts: midnight), pending(.tap, ts: sampleTs),
        ])
        #expect(
            partFiles(dir.logs) == ["date=2026-11-29/part-000000.ndjson", "date=2026-11-30/part-000000.ndjson"])
        #expect(lines(readFile(dir.logs + "/date=2026-11-29/part-000000.ndjson")).count == 2)
        // Days in order, then parts: the 11-29 events come first.
        #expect(try store.events().map(\.ts) == [midnight - 1, sampleTs, midnight])
        #expect(try store.events().map(\.seq) == [1, 3, 2])
    }

    @Test func rollsOverToNewPartsAtTheSizeLimitAndContinuesAfterReopen() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let limit = 2000
        var store: LogStore? = try LogStore(directory: dir.logs, partMaxBytes: limit)
        var seqs: [Int] = []
        for i in 0..<20 {
            let r = try await store!.append([pending(.tap, ts: sampleTs + Int64(i), target: "t\(i)")])
            seqs += r.events.map(\.seq)
        }
        let lineLength = pending(.tap).ndjsonLength
        let files = partFiles(dir.logs)
        #expect(files.count == (20 + (limit / lineLength) - 1) / (limit / lineLength))
        for (i, f) in files.enumerated() {
            #expect(f == "date=2026-11-29/" + String(format: "part-%06d.ndjson", i))
            let size = readFile(dir.logs + "/" + f).count
            #expect(size <= limit)
            if i < files.count - 1 { #expect(size + lineLength > limit) }
        }
        store!.close()
        store = nil
        store = try LogStore(directory: dir.logs, partMaxBytes: limit)
        let more = try await store!.append([pending(.tap, ts: sampleTs + 100)])
        seqs += more.events.map(\.seq)
        #expect(seqs == Array(1...21))
        let after = partFiles(dir.logs)
        #expect(after.count == files.count || after.count == files.count + 1)
        #expect(try store!.events().map(\.seq) == Array(1...21))
        // A line longer than the limit gets a part of its own.
        let text = JSONValue.string(String(repeating: "x", count: 3000))
        let big = try await store!.append([pending(.comment, ts: sampleTs + 200, props: JSONObject([("text", text)]))])
        #expect(big.accepted == 1)
        let last = try #require(partFiles(dir.logs).last)
        #expect(lines(readFile(dir.logs + "/" + last)).count == 1)
        store!.close()
    }

    @Test func oneBatchCanSpanSeveralPartsAndDays() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let store = try LogStore(directory: dir.logs, partMaxBytes: 1500)
        let nextDay = LogTimestamp.parse("2026-11-30T00:00:01Z")!
        let batch = (0..<12).map { i in pending(.tap, ts: i % 4 == 3 ? nextDay + Int64(i) : sampleTs + Int64(i)) }
        let r = try await store.append(batch)
        #expect(r.accepted == 12)
        let files = partFiles(dir.logs)
        #expect(files.count > 3)
        var total = 0
        for f in files {
            let bytes = readFile(dir.logs + "/" + f)
            #expect(bytes.count <= 1500 && bytes.last == 0x0A)
            total += lines(bytes).count
        }
        #expect(total == 12)
        // One sync per part file touched, all in one batch.
        #expect(store.statistics.batches == 1 && store.statistics.fsyncs == files.count)
        // Exports see every part, each up to its durable length.
        #expect(try store.events().count == 12)
        #expect(Set(try store.events().map(\.eventID)) == Set(r.events.map(\.eventID)))
        store.close()
    }

    @Test func seqIsPerSessionAndContinuesAfterReopen() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        do {
            let store = try LogStore(directory: dir.logs)
            let r = try await store.append([
                pending(.sessionStart, session: "a", ts: sampleTs), pending(.sessionStart, session: "b", ts: sampleTs),
                pending(.tap, session: "a", ts: sampleTs + 5_000), pending(.shareOpen, session: nil),
            ])
            #expect(r.events.map(\.seq) == [1, 1, 2, 1])
            store.close()
        }
        let store = try LogStore(directory: dir.logs)
        #expect(store.openReport.events == 4 && store.openReport.sessions == 3)
        let r = try await store.append([
            pending(.tap, session: "a", ts: sampleTs + 7_000), pending(.tap, session: "b"),
            pending(.shareOpen, session: nil), pending(.tap, session: "c"),
        ])
        #expect(r.events.map(\.seq) == [3, 2, 2, 1])
        // t_ms from the session_start found in the log on reopen.
        #expect(r.events[0].tMs == 7)
        #expect(r.events[3].tMs == nil)
        store.close()
    }

    /// The log's memory counts each share link's acknowledged session starts (a session's
    /// first `session_start` only), as written and after a reopen, without reading a file: what
    /// a participant link's task order counts its participants by.
    @Test func countsEachLinksSessionStartsAlsoAfterReopen() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        func start(_ session: String, share: String?) -> PendingEvent {
            var p = pending(.sessionStart, session: session, ts: sampleTs)
            p.fields.share = share
            return p
        }
        do {
            let store = try LogStore(directory: dir.logs)
            _ = try await store.append([
                start("a", share: "L1"), start("b", share: "L1"), start("c", share: "L2"), start("d", share: nil),
                start("a", share: "L1"),  // a second session_start of a: not a new session
                pending(.tap, session: "e"),
            ])
            #expect(store.loggedStarts(share: "L1") == 2 && store.loggedStarts(share: "L2") == 1)
            #expect(store.loggedStarts(share: "L3") == 0)
            store.close()
        }
        let store = try LogStore(directory: dir.logs)
        #expect(store.loggedStarts(share: "L1") == 2 && store.loggedStarts(share: "L2") == 1)
        _ = try await store.append([start("f", share: "L2")])
        #expect(store.loggedStarts(share: "L2") == 2)
        store.close()
    }

    @Test func retriedClientEventIDsAreDuplicatesPerSessionAlsoAfterReopen() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let batch = [pending(.misclick, id: "c1"), pending(.scroll, id: "c2"), pending(.misclick, id: "c1")]
        do {
            let store = try LogStore(directory: dir.logs)
            let first = try await store.append(batch)
            #expect(first.accepted == 2 && first.duplicates == 1)
            let retry = try await store.append(batch)
            #expect(retry.accepted == 0 && retry.duplicates == 3 && retry.events.isEmpty)
            let otherSession = try await store.append([pending(.misclick, session: "s2", id: "c1")])
            #expect(otherSession.accepted == 1)
            #expect(store.statistics.duplicates == 4)
            store.close()
        }
        let store = try LogStore(directory: dir.logs)
        let retry = try await store.append(batch + [pending(.misclick, id: "c3")])
        #expect(retry.accepted == 1 && retry.duplicates == 3)
        #expect(retry.events.map(\.eventID) == ["c3"])
        #expect(retry.events.map(\.seq) == [3])
        #expect(try store.events(filter: LogFilter(session: "s1")).map(\.eventID) == ["c1", "c2", "c3"])
        store.close()
    }

    @Test func filtersByTypePrototypeSessionShareAndTime() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let store = try LogStore(directory: dir.logs)
        let day2 = LogTimestamp.parse("2026-11-30T08:00:00Z")!
        var e = pending(.tap, session: "s2", ts: day2, prototype: "maps")
        e.share = "link-1"
        _ = try await store.append([
            pending(.tap, ts: sampleTs), pending(.present, ts: sampleTs + 1, modal: "compose"),
            pending(.misclick, ts: sampleTs + 2), e,
        ])
        func ids(_ f: LogFilter) throws -> [Int64] { try store.events(filter: f).map(\.ts) }
        #expect(try ids(LogFilter(types: [.tap])) == [sampleTs, day2])
        #expect(try ids(LogFilter(types: [.tap, .misclick])) == [sampleTs, sampleTs + 2, day2])
        #expect(try ids(LogFilter(prototype: "maps")) == [day2])
        #expect(try ids(LogFilter(session: "s1")) == [sampleTs, sampleTs + 1, sampleTs + 2])
        #expect(try ids(LogFilter(share: "link-1")) == [day2])
        #expect(try ids(LogFilter(from: sampleTs + 1)) == [sampleTs + 1, sampleTs + 2, day2])
        #expect(try ids(LogFilter(to: sampleTs + 2)) == [sampleTs, sampleTs + 1])
        #expect(try ids(LogFilter(from: LogTimestamp.parse("2026-11-30"))) == [day2])
        #expect(try ids(LogFilter(session: "s1", types: [.misclick], to: day2)) == [sampleTs + 2])
        #expect(try ids(LogFilter(prototype: "nope")) == [])
        store.close()
    }

    @Test func rejectsInvalidEventsAndAppendsAfterClose() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let store = try LogStore(directory: dir.logs)
        await #expect(throws: LogStoreError.self) { try await store.append([pending(.tap, id: "")]) }
        let long = String(repeating: "x", count: 129)
        do {
            _ = try await store.append([pending(.tap), pending(.tap, id: long)])
            Issue.record("expected invalidEvent")
        } catch {
            guard case .invalidEvent(let index, _) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(index == 1)
        }
        #expect(try store.events().isEmpty)
        let empty = try await store.append([])
        #expect(empty == AppendResult(accepted: 0, duplicates: 0, events: []))
        store.close()
        store.close()
        await #expect(throws: LogStoreError.closed) { try await store.append([pending(.tap)]) }
        #expect(try store.events().isEmpty)
    }

    @Test func oneWriterPerDirectory() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let store = try LogStore(directory: dir.logs)
        #expect(throws: LogStoreError.locked(path: dir.logs + "/.lock")) { try LogStore(directory: dir.logs) }
        store.close()
        let again = try LogStore(directory: dir.logs)
        again.close()
    }

    @Test func aFailedWriteAcknowledgesNothingAndTheStoreStaysUsable() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let store = try LogStore(directory: dir.logs)
        _ = try await store.append([pending(.tap, ts: sampleTs)])
        let path = dir.logs + "/date=2026-11-29/part-000000.ndjson"
        let before = readFile(path)
        store.setFaultHook { $0 == .write ? ENOSPC : nil }
        await #expect(throws: LogStoreError.diskFull(path: path)) {
            try await store.append([pending(.misclick, id: "c1", ts: sampleTs + 1)])
        }
        #expect(readFile(path) == before)
        // A sync failure after the bytes were written: they are cut off again.
        store.setFaultHook { $0 == .sync ? EIO : nil }
        await #expect(throws: LogStoreError.io(operation: Sys.syncDataCall, path: path, errno: EIO)) {
            try await store.append([pending(.misclick, id: "c1", ts: sampleTs + 1)])
        }
        #expect(readFile(path) == before)
        store.setFaultHook(nil)
        let retry = try await store.append([pending(.misclick, id: "c1", ts: sampleTs + 1)])
        #expect(retry.accepted == 1 && retry.duplicates == 0)
        #expect(retry.events[0].seq == 2)
        #expect(try store.events().map(\.seq) == [1, 2])
        #expect(store.statistics.failedBatches == 2)
        store.close()
    }

    /// A new day's folder and part file are made durable (their directories synced) by the
    /// first commit that succeeds in them, even when the first attempt failed.
    @Test func aFailedFirstCommitLeavesTheDirectorySyncsForTheNext() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let store = try LogStore(directory: dir.logs)
        store.setFaultHook { $0 == .sync ? EIO : nil }
        await #expect(throws: LogStoreError.self) { try await store.append([pending(.tap, ts: sampleTs)]) }
        #expect(store.statistics.directorySyncs == 0)
        store.setFaultHook(nil)
        _ = try await store.append([pending(.tap, ts: sampleTs + 1)])
        // The part file's entry in the day folder, and the day folder's entry in the root.
        #expect(store.statistics.directorySyncs == 2)
        _ = try await store.append([pending(.tap, ts: sampleTs + 2)])
        #expect(store.statistics.directorySyncs == 2)
        store.close()
    }

    @Test func completionHandlerVariant() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let store = try LogStore(directory: dir.logs)
        let group = DispatchGroup()
        let results = Locked<[Int]>([])
        let seqByCall = Locked<[Int: [Int]]>([:])
        for i in 0..<10 {
            group.enter()
            store.append([pending(.tap, session: "s\(i % 3)")]) { result in
                if case .success(let r) = result {
                    results.withLock { $0 += r.events.map(\.seq) }
                    seqByCall.withLock { $0[i] = r.events.map(\.seq) }
                }
                group.leave()
            }
        }
        #expect(group.wait(timeout: .now() + 10) == .success)
        #expect(results.current.count == 10)
        // Appends from one thread commit in call order: call i is the (i / 3 + 1)th of session s(i % 3).
        #expect(seqByCall.current == Dictionary(uniqueKeysWithValues: (0..<10).map { ($0, [$0 / 3 + 1]) }))
        #expect(results.current.sorted() == [1, 1, 1, 2, 2, 2, 3, 3, 3, 4])
        store.flush()
        #expect(try store.events().count == 10)
        store.close()
    }
}

extension PendingEvent {
    /// Bytes of this event's line once logged with a UUID id and a 2026 timestamp.
    var ndjsonLength: Int {
        LogEvent(self, eventID: eventID ?? UUID().uuidString.lowercased(), seq: 1, ts: ts ?? sampleTs).ndjsonLine
            .count
    }
}
