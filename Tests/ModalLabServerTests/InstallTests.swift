import Foundation
import JSON
import Testing

@testable import ModalLabServer

/// `Scripts/install` and the layout it makes: the binary in `PREFIX/bin`, its resources in
/// `PREFIX/share/modallab`, started from `/` (no repository around it) and serving from there.
@Suite struct InstallTests {
    /// A temporary folder, removed by the caller.
    static func temporaryFolder(_ label: String) throws -> String {
        let dir = NSTemporaryDirectory() + "modallab-\(label)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func installedBinaryServesItsOwnResourcesFromAnyFolder() async throws {
        let binary = try #require(
            BrowserTests.modallabExecutable(), "no modallab executable; run `swift build --product modallab`")
        let tmp = try Self.temporaryFolder("install")
        defer { try? FileManager.default.removeItem(atPath: tmp) }
        let prefix = tmp + "/prefix"
        let install = try await BrowserTests.run(
            repositoryRoot + "/Scripts/install", ["--binary", binary, prefix])
        #expect(install.status == 0, "Scripts/install failed: \(install.output)")
        let fm = FileManager.default
        #expect(fm.isExecutableFile(atPath: prefix + "/bin/modallab"))
        for d in ["Templates/pages", "Templates/prototypes", "Public", "Schema"] {
            #expect(fm.fileExists(atPath: prefix + "/share/modallab/" + d), "missing share/modallab/\(d)")
        }
        // A file only the installed copy has: served only if the resources come from the prefix.
        let marker = "installed-\(UUID().uuidString)"
        try marker.write(toFile: prefix + "/share/modallab/Public/marker.txt", atomically: true, encoding: .utf8)

        let server = try ServerProcess(
            prefix + "/bin/modallab", ["serve", "--port", "0", "--data", tmp + "/data"], directory: "/")
        do {
            try await Self.checkServing(server, marker: marker, data: tmp + "/data")
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
        #expect(server.process.terminationStatus == 0, "serve exits 0 on SIGTERM")
    }

    /// What the installed server must answer: health, the marker only the prefix has, a page, the schema.
    static func checkServing(_ server: ServerProcess, marker: String, data: String) async throws {
        let url = try await server.ownerURL(within: 30)
        let port = try #require(URLComponents(string: url)?.port, "no port in the first line: \(url)")
        let token = try #require(
            URLComponents(string: url)?.queryItems?.first { $0.name == "token" }?.value, "no token in \(url)")
        let client = AppClient(transport: .socket, port: port, token: token)
        #expect(try await client.request("GET", "/healthz", auth: false).status == 200)
        let served = try await client.request("GET", "/public/marker.txt", auth: false)
        #expect(served.status == 200 && served.text == marker, "resources not from the prefix: \(served.status)")
        let page = try await client.request("GET", "/p/mail")
        #expect(page.status == 200 && page.text.contains("<html"), "player page: \(page.status)")
        let schema = try await client.request("GET", "/schema/prototype.json", auth: false)
        #expect(schema.status == 200 && schema.json?["title"] != nil)
        #expect(
            FileManager.default.fileExists(atPath: data + "/owner-token"), "the owner token goes to <data>/owner-token")
    }

    @Test func versionIsPrintedOnce() {
        for args in [["--version"], ["version"]] {
            var out: [String] = []
            #expect(MainCommand.run(args, stdout: { out.append($0) }, stderr: { _ in }) == 0)
            #expect(out == ["modallab \(ModalLabVersion.current) (prototype format modallab/1)"])
        }
        #expect(ModalLabVersion.current.split(separator: ".").count == 3)
    }
}

/// A `modallab serve` child process: its first stdout line (the owner URL) awaited with a
/// deadline, standard error kept for failure messages, stopped with SIGTERM. Nothing here blocks
/// a thread of the cooperative pool (the in-process servers of other suites need them).
final class ServerProcess: @unchecked Sendable {
    let process = Process()
    private let stdout = Pipe()
    private let errorLog: String
    private let lock = NSLock()
    private var buffer: [UInt8] = []
    private var firstLine: Result<String, Error>?
    private var waiter: CheckedContinuation<String, Error>?
    private let exited = DispatchSemaphore(value: 0)

    /// Starts `executable` with `arguments` in `directory`, without `MODALLAB_ROOT`.
    init(_ executable: String, _ arguments: [String], directory: String) throws {
        errorLog = NSTemporaryDirectory() + "modallab-serve-\(UUID().uuidString).log"
        _ = FileManager.default.createFile(atPath: errorLog, contents: nil)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var env = ProcessInfo.processInfo.environment
        env["MODALLAB_ROOT"] = nil
        env["MODALLAB_OWNER_TOKEN"] = nil
        process.environment = env
        process.standardOutput = stdout
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorLog))
        stdout.fileHandleForReading.readabilityHandler = { [weak self] h in
            let data = h.availableData
            if data.isEmpty { h.readabilityHandler = nil }
            guard let self else { return }
            self.lock.lock()
            self.buffer += data
            if let nl = self.buffer.firstIndex(of: 0x0A) {
                self.finish(.success(String(decoding: self.buffer[..<nl], as: UTF8.self)))
            } else if data.isEmpty {
                self.finish(.failure(ClientError("modallab serve closed its output; stderr: \(self.errors)")))
            }
            self.lock.unlock()
        }
        process.terminationHandler = { [weak self] _ in self?.exited.signal() }
        try process.run()
    }

    /// Records the first line's outcome once and hands it to a waiting caller. Holds `lock`.
    private func finish(_ r: Result<String, Error>) {
        guard firstLine == nil else { return }
        firstLine = r
        if let w = waiter {
            waiter = nil
            w.resume(with: r)
        }
    }

    /// Standard error so far.
    var errors: String { (try? String(contentsOfFile: errorLog, encoding: .utf8)) ?? "" }

    /// The first line of standard output, awaited at most `seconds`.
    func ownerURL(within seconds: Double) async throws -> String {
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [weak self] in
            guard let self else { return }
            self.lock.withLock {
                self.finish(
                    .failure(
                        ClientError("no owner URL from modallab serve within \(seconds) s; stderr: \(self.errors)")))
            }
        }
        return try await withCheckedThrowingContinuation { c in
            lock.withLock {
                if let r = firstLine { c.resume(with: r) } else { waiter = c }
            }
        }
    }

    /// SIGTERM; waits for the exit on a Dispatch thread, not the caller's.
    func stop() async {
        if process.isRunning { process.terminate() }
        let exited = self.exited
        await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                _ = exited.wait(timeout: .now() + 10)
                c.resume()
            }
        }
        try? FileManager.default.removeItem(atPath: errorLog)
    }
}
