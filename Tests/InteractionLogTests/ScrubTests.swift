import EventSchema
import Foundation
import JSON
import TestSupport
import Testing

@testable import InteractionLog

/// `modallab logs scrub`: typed values out of a log written before they were kept out.
@Suite struct ScrubTests {
    /// An edit as an old server logged it: its action held the text typed.
    func oldEdit(_ session: String, target: String, field: Int? = nil, text: String, ts: Int64) -> PendingEvent {
        var p = pending(.edit, session: session, ts: ts, target: target)
        var action = JSONObject()
        action["type"] = "edit"
        action["target"] = .string(target)
        if let field { action["field"] = .int(field) }
        action["value"] = .string(text)
        p.fields.action = JSONWriter().string(.object(action))
        return p
    }

    /// Every typed value goes (a field's, an alert field's, over two days and parts); every
    /// event stays, with its id, seq and the rest of its line; a part without typed values is
    /// not rewritten; a second run finds nothing; the store opens the result.
    @Test func removesEveryTypedValueAndKeepsEverythingElse() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let secrets = ["Alex Kim", "alex@example.org", "hunter2 \"quoted\" ✓"]
        let nextDay = sampleTs + LogTimestamp.microsecondsPerDay
        do {
            let store = try LogStore(directory: dir.logs, partMaxBytes: 600)
            var tap = pending(.tap, session: "s1", ts: sampleTs + 10, target: "send")
            tap.fields.action = #"{"type":"tap","target":"send"}"#
            _ = try await store.append([
                pending(.sessionStart, session: "s1", ts: sampleTs),
                oldEdit("s1", target: "to", text: secrets[0], ts: sampleTs + 1),
                oldEdit("s1", target: "subject", text: secrets[1], ts: sampleTs + 2), tap,
                oldEdit("s1", target: "login", field: 1, text: secrets[2], ts: nextDay),
                oldEdit("s1", target: "to", text: "", ts: nextDay + 1),
            ])
            _ = try await store.append([pending(.sessionStart, session: "s2", ts: nextDay + 5)])
            store.close()
        }
        let before = try LogReader(directory: dir.logs).events()
        let partsBefore = partFiles(dir.logs)
        #expect(partsBefore.count >= 3, "\(partsBefore)")
        let report = try LogScrub.run(directory: dir.logs)
        #expect(report.values == 4 && report.lines == before.count && report.parts == partsBefore.count)
        #expect(report.rewritten >= 2 && report.rewritten < report.parts, "a part without edits is left alone")
        #expect(partFiles(dir.logs) == partsBefore, "no file added or left behind")
        let after = try LogReader(directory: dir.logs).events()
        #expect(after.map(\.eventID) == before.map(\.eventID) && after.map(\.seq) == before.map(\.seq))
        for (a, b) in zip(after, before) {
            #expect(a.type == b.type && a.ts == b.ts && a.target == b.target && a.session == b.session)
            if a.type != .edit { #expect(a.action == b.action) }
        }
        let edits = after.filter { $0.type == .edit }.map { try? JSONParser.parse($0.action ?? "") }
        #expect(edits[0] == .object(JSONObject([("type", "edit"), ("target", "to"), ("length", 8), ("empty", false)])))
        #expect(edits[2]?["field"] == 1 && edits[2]?["length"] == .int(secrets[2].count))
        #expect(edits[3]?["empty"] == true && edits[3]?["length"] == 0)
        var all: [UInt8] = []
        for part in partFiles(dir.logs) { all += readFile(dir.logs + "/" + part) }
        for secret in secrets {
            let bytes = Array(secret.utf8)
            let escaped = Array(JSONWriter.quoted(secret).utf8.dropFirst().dropLast())
            #expect(!all.indices.contains { i in all[i...].starts(with: bytes) || all[i...].starts(with: escaped) })
        }
        #expect(try LogScrub.run(directory: dir.logs).values == 0)
        let store = try LogStore(directory: dir.logs)
        #expect(store.openReport.invalidLines == 0 && store.openReport.events == before.count)
        store.close()
    }

    /// A temporary file a crash left behind is not a part (readers skip it) and the next run
    /// removes it; a torn last line is kept as it is, for the store's recovery.
    @Test func aCrashesLeftoversAreRemovedAndATornTailIsKept() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        do {
            let store = try LogStore(directory: dir.logs)
            _ = try await store.append([oldEdit("s1", target: "to", text: "Secret Name", ts: sampleTs)])
            store.close()
        }
        let part = dir.logs + "/" + partFiles(dir.logs)[0]
        try Data("half a line".utf8).write(to: URL(fileURLWithPath: part + ".scrub"))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: part))
        handle.seekToEndOfFile()
        handle.write(Data(#"{"schema":1,"event_id":"torn"#.utf8))
        try handle.close()
        #expect(try LogReader(directory: dir.logs).events().count == 1)
        let report = try LogScrub.run(directory: dir.logs)
        #expect(report.values == 1 && report.rewritten == 1)
        #expect(!FileManager.default.fileExists(atPath: part + ".scrub"))
        let text = String(decoding: readFile(part), as: UTF8.self)
        #expect(!text.contains("Secret Name") && text.hasSuffix(#"{"schema":1,"event_id":"torn"#))
    }

    /// It refuses while a server (a store) has the log open, and changes nothing.
    @Test func refusesWhileTheLogIsOpen() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let store = try LogStore(directory: dir.logs)
        _ = try await store.append([oldEdit("s1", target: "to", text: "Secret Name", ts: sampleTs)])
        #expect(throws: LogStoreError.self) { try LogScrub.run(directory: dir.logs) }
        #expect(try store.events().first?.action?.contains("Secret Name") == true)
        store.close()
    }
}
