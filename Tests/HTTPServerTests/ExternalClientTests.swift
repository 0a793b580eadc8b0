import Foundation
import Platform
import TestSupport
import Testing

@testable import HTTPServer

/// Checks that need another process: the strict Python h11 client (skipped without it), and a
/// server whose descriptor limit is lowered (so exhaustion cannot disturb the tests running beside it).
@Suite struct ExternalClientTests {
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    /// Skipped without h11 (``ExternalTool/h11``).
    @Test(.requires(.h11)) func strictClientH11ReadsEveryResponse() async throws {
        let python = try #require(ExternalTool.python3, "no python3 on PATH")
        let directory = try TemporaryDirectory("h11")
        defer { directory.remove() }
        try "0123456789abcdef".write(toFile: directory.file("file.txt"), atomically: true, encoding: .utf8)

        let router = makeTestRouter()
        router.get("/public/*", StaticFiles(root: directory.path).handler)
        router.get("/empty") { _ in HTTPResponse(status: .noContent) }
        router.get("/stream") { _ in
            HTTPResponse(
                body: .stream { writer in
                    for i in 0..<3 { try await writer.write(Array("chunk \(i)\n".utf8)) }
                })
        }
        let script = Self.testsDirectory.appendingPathComponent("h11_check.py").path
        try await withTestServer(router: router) { (server) throws in
            let result = try runCommand([python, script, String(server.port)], timeout: 300)
            #expect(result.status == 0, "h11_check.py failed:\n\(result.output)")
            #expect(result.output.contains("responses ok"))
        }
    }

    /// With RLIMIT_NOFILE at 48, a flood of connections makes accept(2) fail with EMFILE; the
    /// server backs off, keeps running, and serves again once descriptors are free.
    @Test func survivesDescriptorExhaustion() async throws {
        let binary = try #require(
            builtProduct(named: "http-testserver"),
            "http-testserver was not built (swift build --product http-testserver)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["--nofile", "48", "--root", "/tmp"]
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        defer {
            // Normally already done below; this is for an early exit of the test.
            if process.isRunning { process.terminate() }
        }
        let firstLine = try await blocking { () -> String in
            var line = ""
            while !line.hasSuffix("\n") {
                let byte = out.fileHandleForReading.readData(ofLength: 1)
                if byte.isEmpty { break }
                line += String(decoding: byte, as: UTF8.self)
            }
            return line
        }
        let port = try #require(Int(firstLine.dropFirst(5).trimmingCharacters(in: .whitespacesAndNewlines)))

        try await blocking {
            var clients: [TestClient] = []
            for _ in 0..<120 {
                // Connections beyond the limit wait in the listen backlog.
                let client = try TestClient(port: port)
                client.send(get("/healthz"))
                clients.append(client)
            }
            // Some were answered; the rest wait while the server backs off.
            var answered = 0
            for client in clients.prefix(20) where (try? client.readResponse(timeout: 0.5))?.status == 200 {
                answered += 1
            }
            #expect(answered > 0)
            #expect(process.isRunning)
            clients.removeAll()
            // Descriptors are free again: the server accepts and answers within its back-off.
            // The closed clients still wait in the backlog ahead of ours and are drained first,
            // at most a back-off (≤ 1 s) per ~35 free descriptors: wait patiently rather than
            // re-queue behind them.
            var served = false
            let deadline = Date(timeIntervalSinceNow: 30)
            while !served && Date() < deadline {
                if let client = try? TestClient(port: port) {
                    client.send(get("/healthz"))
                    served = (try? client.readResponse())?.status == 200
                }
            }
            #expect(served)
            #expect(process.isRunning)
        }
        // Waiting for the child (its graceful shutdown) blocks: not on the cooperative pool.
        let box = ProcessBox(process)
        let log = try await blocking { () -> String in
            box.process.terminate()
            box.process.waitUntilExit()
            return String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        }
        #expect(log.contains("Too many open files"), "the server should report EMFILE: \(log)")
    }
}

/// Hands a `Process` to the thread that waits for it.
final class ProcessBox: @unchecked Sendable {
    let process: Process
    init(_ process: Process) { self.process = process }
}
