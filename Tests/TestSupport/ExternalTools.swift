import Foundation
import Platform
import Testing

/// A program or package from outside the Swift toolchain that some tests need: a browser and its
/// WebDriver, a Python package. The tests that need one carry ``Testing/Trait/requires(_:)``:
///
/// - where it is installed, they run;
/// - where it is missing, they are skipped, by name, with what to install as the reason (so
///   `swift test` passes on a machine with only the toolchain);
/// - where it is missing and ``requiredVariable`` is `1` (as `.ci/run` sets it), they fail,
///   saying what is missing and how to install it: CI runs everything or fails.
///
/// Tools are looked for once per test run, the first time a test that needs one is about to
/// run (a `--filter` that selects none looks for none). Python packages are those of the
/// `python3` on `PATH`, the one the tests run.
public final class ExternalTool: Sendable, CustomStringConvertible {
    /// What it is, as the skip and the failure name it ("DuckDB for Python").
    public let name: String
    /// The commands that install it on Debian, as `.ci/run` runs them.
    public let install: String
    /// What the machine lacks, or nil when the tool can be used. Blocks while it looks.
    private let probe: @Sendable () -> String?
    private let found = Locked<String??>(nil)

    /// A tool called `name`, installed by `install`; `probe` says what is missing (nil: nothing).
    public init(name: String, install: String, probe: @escaping @Sendable () -> String?) {
        self.name = name
        self.install = install
        self.probe = probe
    }

    public var description: String { name }

    /// The environment variable that makes a missing tool a failure instead of a skip.
    public static let requiredVariable = "MODALLAB_REQUIRE_TOOLS"

    /// Whether ``requiredVariable`` is `1` in this process's environment.
    public static var isRequired: Bool { ProcessInfo.processInfo.environment[requiredVariable] == "1" }

    /// What the machine lacks for this tool (nil: nothing). Looks the first time; blocks.
    public var missing: String? {
        if let known = found.withLock({ $0 }) { return known }
        let result = probe()
        found.withLock { $0 = .some(result) }
        return result
    }

    /// The skip's reason: what is needed and how to install it.
    public var skipReason: String { "needs \(name): \(install)" }

    /// Whether the tests that need this tool run: true when it is there; false (skipped) when it
    /// is missing.
    /// - Throws: ``Missing`` when it is missing and ``requiredVariable`` is `1`: a failure.
    public func isUsable() async throws -> Bool {
        guard let missing = try await blocking({ self.missing }) else { return true }
        if Self.isRequired { throw Missing(tool: self, detail: missing) }
        return false
    }

    /// A tool that is missing where ``requiredVariable`` requires every tool.
    public struct Missing: Error, CustomStringConvertible {
        public var tool: ExternalTool
        public var detail: String
        public var description: String {
            "\(ExternalTool.requiredVariable)=1 and \(tool.name) is missing (\(detail)); install it: \(tool.install)"
        }
    }

    // MARK: The tools

    /// Headless Chromium, ChromeDriver and the selenium package: the browser suites
    /// (`Tests/Browser/*.py`). Found as `Tests/Browser/test_player.py --check` finds them.
    public static let browser = ExternalTool(
        name: "Chromium, ChromeDriver and selenium for Python",
        install: "apt-get install chromium chromium-driver; pip install 'selenium<4.52'"
    ) {
        guard let python = python3 else { return "no python3 on PATH" }
        let check = try? runCommand([python, repositoryRoot + "/Tests/Browser/test_player.py", "--check"])
        guard let check else { return "python3 could not be started" }
        if check.status == 0 { return nil }
        let said = check.stdout.split(separator: "\n").filter { $0.hasPrefix("missing:") }
        return said.isEmpty ? "test_player.py --check exited with \(check.status)" : said.joined(separator: "; ")
    }

    /// DuckDB's Python package: the checks that load the log and its exports in DuckDB.
    public static let duckDB = pythonPackage("duckdb", name: "DuckDB for Python")

    /// pandas: the check that loads the CSV export in pandas.
    public static let pandas = pythonPackage("pandas", name: "pandas")

    /// h11, the strict HTTP/1.1 client every response of the server must satisfy.
    public static let h11 = pythonPackage("h11", name: "h11 (a strict HTTP/1.1 client for Python)")

    /// A package the `python3` on `PATH` imports as `module`.
    static func pythonPackage(_ module: String, name: String) -> ExternalTool {
        ExternalTool(name: name, install: "pip install \(module)") {
            guard let python = python3 else { return "no python3 on PATH" }
            guard let r = try? runCommand([python, "-c", "import \(module)"]) else {
                return "python3 could not be started"
            }
            return r.status == 0 ? nil : "python3 can't import \(module)"
        }
    }

    /// The `python3` on `PATH`: where `pip install` puts packages, and what the tests run.
    public static var python3: String? { executable(named: "python3") }

    /// The executable called `name` in a folder of `PATH`.
    public static func executable(named name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test (or every test of the suite) only where `tool` is installed; elsewhere it is
    /// skipped with what to install as the reason, or fails when `MODALLAB_REQUIRE_TOOLS=1`
    /// (``ExternalTool``).
    public static func requires(_ tool: ExternalTool) -> Self {
        .enabled(Comment(rawValue: tool.skipReason)) { try await tool.isUsable() }
    }
}

/// The repository's root folder (the one with `Package.swift`).
public let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path
