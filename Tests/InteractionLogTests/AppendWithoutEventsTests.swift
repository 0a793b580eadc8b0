import EventSchema
import Foundation
import JSON
import TestSupport
import Testing

@testable import InteractionLog

/// An append that asks for no events back (`returningEvents: false`, what an action's
/// acknowledgement uses) writes the very lines an append that asks for them writes, durably,
/// with the same `seq`, `t_ms` and duplicate check; only the result's list is empty.
@Suite struct AppendWithoutEventsTests {
    /// `batch` appended to a new store's log (asking for its events back or not), `check` run on
    /// the store and the result, then the log's one part file's bytes once the store is closed.
    static func appended(
        _ batch: [PendingEvent], returning: Bool, _ check: (LogStore, AppendResult) async throws -> Void
    ) async throws -> [UInt8] {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let store = try LogStore(directory: dir.logs)
        try await check(store, try await append(batch, to: store, returning: returning))
        store.close()
        return readFile(dir.logs + "/date=2026-11-29/part-000000.ndjson")
    }

    static func append(_ batch: [PendingEvent], to store: LogStore, returning: Bool) async throws -> AppendResult {
        try await withCheckedThrowingContinuation { k in
            store.append(batch, returningEvents: returning) { k.resume(with: $0) }
        }
    }

    @Test func writesTheSameLinesAndReturnsNoEvents() async throws {
        let batch = [
            pending(.sessionStart, id: "start-1", ts: sampleTs),
            pending(.present, id: "present-1", ts: sampleTs + 1000, modal: "compose", props: JSONObject([("n", 1)])),
            pending(.misclick, id: "client-1", ts: sampleTs + 2000, target: "Tab → ✓"),
        ]
        var files: [[UInt8]] = []
        for returning in [true, false] {
            files.append(
                try await Self.appended(batch, returning: returning) { store, result in
                    #expect(result.accepted == 3 && result.duplicates == 0)
                    #expect(result.events.count == (returning ? 3 : 0))
                    // A retried event is still a duplicate.
                    let again = try await Self.append([batch[2]], to: store, returning: returning)
                    #expect(again.accepted == 0 && again.duplicates == 1)
                    #expect(try store.events().map(\.seq) == [1, 2, 3])
                    #expect(try store.events().map(\.tMs) == [0, 1, 2])
                })
        }
        #expect(lines(files[0]).count == 3)
        #expect(files[0] == files[1], "the same bytes on disk")
    }

    /// Events without a client id get a new one: written straight into the line when no events
    /// are asked back (no `String` for it), a lowercase version 4 UUID all the same, a different
    /// one for each event; the rest of each line is the line an append that asks for events writes.
    @Test func newIDsAreWrittenInPlaceAsUUIDs() async throws {
        let batch = (0..<40).map { i in pending(.tap, ts: sampleTs + Int64(i) * 1000, target: "t\(i)") }
        var files: [[[UInt8]]] = []
        for returning in [true, false] {
            let file = try await Self.appended(batch, returning: returning) { _, result in
                #expect(result.accepted == 40)
            }
            files.append(lines(file))
        }
        #expect(files[0].count == 40 && files[1].count == 40)
        let uuid = #/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/#
        var ids = Set<String>()
        for (with, without) in zip(files[0], files[1]) {
            let a = String(decoding: with, as: UTF8.self)
            let b = String(decoding: without, as: UTF8.self)
            let id = try #require(try JSONParser.parse(without).objectValue?["event_id"]?.stringValue)
            #expect(id.wholeMatch(of: uuid) != nil, "\(id)")
            ids.insert(id)
            let other = try #require(try JSONParser.parse(with).objectValue?["event_id"]?.stringValue)
            #expect(a.replacingOccurrences(of: other, with: id) == b)
        }
        #expect(ids.count == 40)
    }
}
