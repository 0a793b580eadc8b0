import Foundation
import TestSupport

/// A `modallab serve` child process: its first stdout line (the owner URL) awaited with a
/// deadline, standard error kept for failure messages, stopped with SIGTERM. Nothing here blocks
/// a thread of the cooperative pool (the in-process servers of other suites need them).
final class ServerProcess: @unchecked Sendable {
    let process = Process()
    private let stdout = Pipe()
    /// Holds its standard error (a file: a pipe nobody reads could fill and block it).
    private let logFolder: TemporaryDirectory
    private let errorLog: String
    private let lock = NSLock()
    private var buffer: [UInt8] = []
    private var firstLine: Result<String, Error>?
    private var waiter: CheckedContinuation<String, Error>?
    private let exited = DispatchSemaphore(value: 0)

    /// Starts `executable` with `arguments` in `directory`, without `MODALLAB_ROOT`.
    init(_ executable: String, _ arguments: [String], directory: String) throws {
        logFolder = try TemporaryDirectory("serve")
        errorLog = logFolder.file("stderr.log")
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
        logFolder.remove()
    }
}
