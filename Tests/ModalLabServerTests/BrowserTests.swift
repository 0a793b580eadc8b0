import Foundation
import Testing

/// Runs the real-browser suite, `Tests/Browser/test_player.py` (Python, Selenium, headless
/// Chromium), against the `modallab` executable that `swift test` built beside this test bundle.
///
/// It fails, naming what to install, when python3, selenium, Chromium or ChromeDriver is
/// missing; `MODALLAB_SKIP_BROWSER=1` skips it instead (for machines without a browser).
@Suite struct BrowserTests {
    static let skip = ProcessInfo.processInfo.environment["MODALLAB_SKIP_BROWSER"] == "1"

    @Test(.enabled(if: !skip, "MODALLAB_SKIP_BROWSER=1: the browser tests are skipped"))
    func playerInHeadlessChromium() async throws {
        let script = repositoryRoot + "/Tests/Browser/test_player.py"
        guard let python = Self.executable(named: "python3") else {
            Issue.record(
                "The browser tests need python3 on PATH (apt-get install python3), or set MODALLAB_SKIP_BROWSER=1.")
            return
        }
        let check = try await Self.run(python, [script, "--check"])
        if check.status == 3 {
            Issue.record(
                """
                The browser tests need software this machine lacks (or set MODALLAB_SKIP_BROWSER=1):
                \(check.output)
                """)
            return
        }
        guard check.status == 0 else {
            Issue.record("python3 \(script) --check exited with \(check.status):\n\(check.output)")
            return
        }
        guard let binary = Self.modallabExecutable() else {
            Issue.record(
                "No modallab executable beside the test bundle or in .build/debug; run `swift build --product modallab`."
            )
            return
        }
        var env = ProcessInfo.processInfo.environment
        env["MODALLAB_BIN"] = binary
        env["PYTHONUNBUFFERED"] = "1"
        let result = try await Self.run(python, [script], environment: env)
        if result.status != 0 {
            // ChromeDriver's native stack frames ("#3 0x55… <unknown>") say nothing; drop them.
            let readable = result.output.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("#") || !$0.contains("<unknown>") }
                .joined(separator: "\n")
            Issue.record("The browser tests failed (exit \(result.status)):\n\(readable)")
        } else {
            print("BrowserTests: \(result.output.split(separator: "\n").suffix(3).joined(separator: " "))")
        }
    }

    /// An executable on `PATH`.
    static func executable(named name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// The `modallab` built with this test bundle (`swift test` builds every product), else
    /// the debug build of the repository. `MODALLAB_BIN` overrides both.
    static func modallabExecutable() -> String? {
        var candidates: [String] = []
        if let explicit = ProcessInfo.processInfo.environment["MODALLAB_BIN"] { candidates.append(explicit) }
        let bundleDirectory = Bundle.main.bundleURL
        candidates.append(bundleDirectory.appendingPathComponent("modallab").path)
        candidates.append(bundleDirectory.deletingLastPathComponent().appendingPathComponent("modallab").path)
        if let first = CommandLine.arguments.first {
            candidates.append(
                URL(fileURLWithPath: first).deletingLastPathComponent().appendingPathComponent("modallab").path)
        }
        candidates.append(repositoryRoot + "/.build/debug/modallab")
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs a process to completion without holding a thread of the cooperative pool (the
    /// in-process servers of other suites need those); stdout and stderr go through a
    /// temporary file, so a chatty child never blocks on a full pipe.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) async throws
        -> (status: Int32, output: String)
    {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent(
            "modallab-browser-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: log) }
        let handle = try FileHandle(forWritingTo: log)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = arguments
        p.currentDirectoryURL = URL(fileURLWithPath: repositoryRoot)
        if let environment { p.environment = environment }
        p.standardOutput = handle
        p.standardError = handle
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            p.terminationHandler = { process in continuation.resume(returning: process.terminationStatus) }
            do {
                try p.run()
            } catch {
                p.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        try handle.close()
        let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return (status, output)
    }
}
