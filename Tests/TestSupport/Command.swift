import Foundation

/// How a command run by ``runCommand(_:)`` ended.
public struct CommandResult: Sendable {
    /// The exit status (127 when `env` could not find the program).
    public var status: Int32
    /// Everything it wrote to standard output, as UTF-8.
    public var stdout: String
    /// Everything it wrote to standard error, as UTF-8.
    public var stderr: String
}

/// Runs `arguments` (the program first, found on `PATH` by `/usr/bin/env`) to its end and
/// returns its status and output. Used by the tests that check exports with Python (DuckDB,
/// pandas).
///
/// - Throws: what `Process.run()` throws when `/usr/bin/env` can't be started.
public func runCommand(_ arguments: [String]) throws -> CommandResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // Standard error is read on another thread, so a child that fills one pipe never blocks.
    let errData = LockedData()
    let reader = Thread { errData.set(err.fileHandleForReading.readDataToEndOfFile()) }
    reader.start()
    let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let stderr = String(decoding: errData.wait(), as: UTF8.self)
    return CommandResult(status: process.terminationStatus, stdout: stdout, stderr: stderr)
}

/// Data handed from one thread to another once.
private final class LockedData: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var data = Data()

    func set(_ d: Data) {
        data = d
        done.signal()
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}
