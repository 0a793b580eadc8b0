import Foundation
import Platform

/// How a program run by ``runCommand(_:environment:directory:timeout:)`` ended.
public struct CommandResult: Sendable {
    /// The exit status (127 when `env` could not find the program; the signal's number when
    /// a signal ended it, as when the timeout did).
    public var status: Int32
    /// Everything it wrote to standard output, as UTF-8.
    public var stdout: String
    /// Everything it wrote to standard error, as UTF-8 (with a last line saying so when the
    /// timeout ended it).
    public var stderr: String

    /// Standard output, then standard error: what a failure message shows.
    public var output: String { stdout.isEmpty ? stderr : stderr.isEmpty ? stdout : stdout + "\n" + stderr }
}

/// Runs `arguments` (the program first: a path, or a name found on `PATH` by `/usr/bin/env`)
/// to its end and returns its status and output. Both outputs are read as they come, so a chatty
/// program never blocks on a full pipe. The one way the tests run another program: Python
/// checks (DuckDB, h11, the browser suites), `modallab` itself, `Scripts/install`.
///
/// - Parameters:
///   - environment: the program's whole environment (nil: this process's).
///   - directory: its working folder (nil: this process's).
///   - timeout: seconds after which it is terminated (SIGTERM), if still running.
/// - Throws: what `Process.run()` throws when `/usr/bin/env` can't be started.
public func runCommand(
    _ arguments: [String], environment: [String: String]? = nil, directory: String? = nil, timeout: Double = 120
) throws -> CommandResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    if let environment { process.environment = environment }
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let timedOut = Locked(false)
    let running = Locked<Process?>(process)
    DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
        running.withLock { p in
            guard let p, p.isRunning else { return }
            timedOut.withLock { $0 = true }
            p.terminate()
        }
    }
    // Standard error is read on another thread, so a child that fills one pipe never blocks.
    let errData = Locked(Data())
    let errDone = DispatchSemaphore(value: 0)
    let reader = Thread {
        let data = err.fileHandleForReading.readDataToEndOfFile()
        errData.withLock { $0 = data }
        errDone.signal()
    }
    reader.start()
    let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    running.withLock { $0 = nil }
    errDone.wait()
    var stderr = String(decoding: errData.current, as: UTF8.self)
    if timedOut.current { stderr += "\n(terminated after \(timeout) s)" }
    return CommandResult(status: process.terminationStatus, stdout: stdout, stderr: stderr)
}

/// ``runCommand(_:environment:directory:timeout:)`` from async code: the program is waited for
/// on a thread of its own, never on Swift's cooperative pool (which the in-process servers of
/// the suites running beside it need).
public func runCommand(
    _ arguments: [String], environment: [String: String]? = nil, directory: String? = nil, timeout: Double = 120
) async throws -> CommandResult {
    try await blocking {
        try runCommand(arguments, environment: environment, directory: directory, timeout: timeout)
    }
}

/// The executable product `name` that `swift build` (and `swift test`, which builds every
/// product) put beside the test bundle, else in the repository's `.build/debug`; nil when it
/// was not built.
public func builtProduct(named name: String) -> String? {
    var candidates: [String] = []
    if let executable = Sys.executablePath {
        // Linux runs the `.xctest` file itself; macOS runs xctest on a bundle a few folders down.
        var directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
        for _ in 0..<4 {
            candidates.append(directory.appendingPathComponent(name).path)
            directory = directory.deletingLastPathComponent()
        }
    }
    candidates.append(Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent(name).path)
    candidates.append(repositoryRoot + "/.build/debug/" + name)
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
}
