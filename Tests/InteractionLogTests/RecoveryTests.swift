import EventSchema
import Foundation
import JSON
import Platform
import TestSupport
import Testing

@testable import InteractionLog

@Suite struct RecoveryTests {
    /// A log with three events on 2026-11-29; returns the part's path.
    func seed(_ dir: TemporaryDirectory) async throws -> String {
        let store = try LogStore(directory: dir.logs)
        _ = try await store.append([
            pending(.sessionStart, ts: sampleTs), pending(.tap, ts: sampleTs + 1), pending(.tap, ts: sampleTs + 2),
        ])
        store.close()
        return dir.logs + "/date=2026-11-29/part-000000.ndjson"
    }

    func appendRaw(_ path: String, _ bytes: [UInt8]) throws {
        let h = try #require(FileHandle(forWritingAtPath: path))
        h.seekToEndOfFile()
        h.write(Data(bytes))
        h.closeFile()
    }

    @Test func aTornLastLineIsCutAndReported() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let path = try await seed(dir)
        let clean = readFile(path)
        let torn = Array(#"{"schema":1,"event_id":"9c1f","seq":4,"ts":"2026-11-29T11:4"#.utf8)
        try appendRaw(path, torn)

        let store = try LogStore(directory: dir.logs)
        #expect(store.recovery == [RecoveryNote(file: path, droppedBytes: torn.count, droppedLines: 1)])
        #expect(
            store.recovery[0].description == "recovered log: dropped \(torn.count) bytes of a torn line in \(path)")
        #expect(readFile(path) == clean)
        let r = try await store.append([pending(.tap, ts: sampleTs + 3)])
        #expect(r.events[0].seq == 4)
        let all = lines(readFile(path))
        #expect(all.count == 4)
        for line in all { _ = try LogEvent(ndjsonLine: line) }
        store.close()

        let again = try LogStore(directory: dir.logs)
        #expect(again.recovery.isEmpty)
        again.close()
    }

    @Test func completeTrailingLinesThatAreNotJSONAndZerosAreCut() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let path = try await seed(dir)
        let clean = readFile(path)
        // A line with its newline that is not JSON, then the zeros a file system can leave.
        let junk = Array(#"{"schema":1,"event_id":"x","seq":4,"#.utf8) + [0x0A] + [UInt8](repeating: 0, count: 4096)
        try appendRaw(path, junk)
        let store = try LogStore(directory: dir.logs)
        #expect(store.recovery == [RecoveryNote(file: path, droppedBytes: junk.count, droppedLines: 2)])
        #expect(readFile(path) == clean)
        store.close()
    }

    @Test func invalidLinesInTheMiddleAreKeptAndSkipped() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let path = try await seed(dir)
        try appendRaw(path, Array("not json\n".utf8))
        do {
            // A valid line after the bad one: the bad one is no longer the tail.
            let store = try LogStore(directory: dir.logs)
            #expect(store.recovery.count == 1)
            store.close()
        }
        try appendRaw(path, Array("not json\n".utf8))
        let good = LogEvent(eventID: "late", seq: 9, ts: sampleTs + 9, EventFields(type: .tap, session: "s1"))
            .ndjsonLine
        try appendRaw(path, good)
        let size = readFile(path).count
        let store = try LogStore(directory: dir.logs)
        #expect(store.recovery.isEmpty)
        #expect(readFile(path).count == size)
        #expect(store.openReport.invalidLines == 1 && store.openReport.events == 4)
        #expect(try store.events().map(\.seq) == [1, 2, 3, 9])
        let r = try await store.append([pending(.tap, ts: sampleTs + 10)])
        #expect(r.events[0].seq == 10)
        var csv: [UInt8] = []
        try store.export(format: .csv) { csv += $0 }
        #expect(try parseCSV(csv).count == 1 + 5)
        store.close()
    }

    @Test func everyPartsTailIsChecked() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let store = try LogStore(directory: dir.logs, partMaxBytes: 600)
        for i in 0..<6 { _ = try await store.append([pending(.tap, ts: sampleTs + Int64(i))]) }
        store.close()
        let parts = partFiles(dir.logs)
        #expect(parts.count >= 3)
        let first = dir.logs + "/" + parts[0]
        try appendRaw(first, Array("{\"schema\":1".utf8))
        let wholeGarbage = dir.logs + "/date=2026-11-28/part-000000.ndjson"
        try FileManager.default.createDirectory(
            atPath: dir.logs + "/date=2026-11-28", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: wholeGarbage, contents: Data([0, 0, 0, 0x7B]))
        let reopened = try LogStore(directory: dir.logs, partMaxBytes: 600)
        #expect(
            reopened.recovery == [
                RecoveryNote(file: wholeGarbage, droppedBytes: 4, droppedLines: 1),
                RecoveryNote(file: first, droppedBytes: 11, droppedLines: 1),
            ])
        #expect(readFile(wholeGarbage).isEmpty)
        #expect(try reopened.events().count == 6)
        reopened.close()
    }

    @Test func readersIgnoreAnUnterminatedTailWithoutTouchingIt() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let path = try await seed(dir)
        try appendRaw(path, Array(#"{"schema":1,"ev"#.utf8))
        let size = readFile(path).count
        let reader = LogReader(directory: dir.logs)
        #expect(try reader.events().count == 3)
        var out: [UInt8] = []
        try reader.export(format: .ndjson) { out += $0 }
        #expect(lines(out).count == 3)
        #expect(readFile(path).count == size)
    }
}

/// The child side of the crash test: enabled only in the child process the parent starts
/// with the environment variable set (elsewhere it is reported as skipped, never passed).
@Suite struct CrashChild {
    static let variable = "MODALLAB_LOG_CRASH_CHILD_DIR"

    @Test(.enabled(if: ProcessInfo.processInfo.environment[variable] != nil, "the crash test's child process only"))
    func appendUntilKilled() async throws {
        let dir = try #require(ProcessInfo.processInfo.environment[CrashChild.variable])
        let store = try LogStore(directory: dir, partMaxBytes: 32 << 10)
        let out = FileHandle.standardOutput
        try await withThrowingTaskGroup(of: Void.self) { group in
            for t in 0..<8 {
                group.addTask {
                    var n = 0
                    while true {
                        let id = "p\(getpid())-t\(t)-\(n)"
                        let r = try await store.append([
                            pending(.misclick, session: "crash-\(t % 3)", id: id, props: JSONObject([("n", .int(n))]))
                        ])
                        // One write(2) per line: lines from several tasks never interleave.
                        out.write(Data("ACK \(id) \(r.events[0].seq)\n".utf8))
                        n += 1
                    }
                }
            }
            try await group.waitForAll()
        }
    }
}

/// The command that re-runs this test binary as a crash child, where it can (Linux, where
/// `swift test` runs the `.xctest` executable itself).
func crashChildCommand() -> String? {
    guard let exe = Sys.executablePath, exe.hasSuffix(".xctest") else { return nil }
    return exe
}

@Suite struct CrashTests {
    @Test(.enabled(if: crashChildCommand() != nil, "needs the .xctest executable (Linux)"))
    func everyAcknowledgedEventSurvivesKillDashNine() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        for round in 0..<3 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: crashChildCommand()!)
            process.arguments = ["--testing-library", "swift-testing", "--filter", "CrashChild"]
            var env = ProcessInfo.processInfo.environment
            env[CrashChild.variable] = dir.logs
            process.environment = env
            let pipe = Pipe()
            process.standardOutput = pipe
            _ = FileManager.default.createFile(atPath: dir.path + "/child.err", contents: nil)
            process.standardError = FileHandle(forWritingAtPath: dir.path + "/child.err")
            try process.run()

            var output: [UInt8] = []
            let deadline = Date().addingTimeInterval(60)
            let wanted = 300 + round * 100
            while Date() < deadline {
                let chunk = pipe.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                output += chunk
                if output.lazy.filter({ $0 == 0x0A }).count >= wanted { break }
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            output += pipe.fileHandleForReading.readDataToEndOfFile()
            #expect(process.terminationReason == .uncaughtSignal)

            var acked: [String: Int] = [:]
            for line in String(decoding: output, as: UTF8.self).split(separator: "\n") where line.hasPrefix("ACK ") {
                let f = line.split(separator: " ")
                if f.count == 3, let seq = Int(f[2]) { acked[String(f[1])] = seq }
            }
            let childErr = String(decoding: readFile(dir.path + "/child.err").suffix(2000), as: UTF8.self)
            #expect(acked.count >= 100, "the child acknowledged only \(acked.count) events; its stderr: \(childErr)")

            let store = try LogStore(directory: dir.logs, partMaxBytes: 32 << 10)
            let logged = try store.events()
            let byID = Dictionary(logged.map { ($0.eventID, $0.seq) }, uniquingKeysWith: { a, _ in a })
            #expect(byID.count == logged.count, "an event id was logged twice")
            var missing = 0
            for (id, seq) in acked where byID[id] != seq { missing += 1 }
            #expect(missing == 0, "\(missing) acknowledged events are missing after kill -9 (round \(round))")
            var last: [String: Int] = [:]
            for e in logged {
                #expect(e.seq > last[e.session!, default: 0])
                last[e.session!] = e.seq
            }
            for note in store.recovery { print("crash round \(round): \(note)") }
            store.close()
        }
    }
}
