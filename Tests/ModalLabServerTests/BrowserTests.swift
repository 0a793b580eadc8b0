import Foundation
import TestSupport
import Testing

/// The real-browser suite, `Tests/Browser/test_player.py` (Python, Selenium, headless Chromium),
/// against the `modallab` executable that `swift test` built beside this test bundle: one test
/// per scenario of the file (`FormTests.test_full_screen_transitions`, …), each passing or
/// failing with its own traceback.
///
/// The file runs once — one server and one browser for every scenario — and writes each
/// scenario's outcome to a JSON report; the scenarios read it. On a machine without python3,
/// selenium, Chromium or ChromeDriver the suite is skipped, saying what to install
/// (``ExternalTool/browser``), or fails where `MODALLAB_REQUIRE_TOOLS=1`.
@Suite(.requires(.browser)) struct BrowserTests {
    static let script = repositoryRoot + "/Tests/Browser/test_player.py"

    /// The scenarios of the Python file: `Class.test_name` for each `def test_…` of a class
    /// deriving from `PlayerTestCase`, in file order (read from the source, so listing them
    /// needs no Python).
    static let scenarios: [String] = {
        guard let text = try? String(contentsOfFile: script, encoding: .utf8) else {
            return ["test_player.py is missing"]
        }
        var out: [String] = []
        var current: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("class ") {
                let name = line.dropFirst(6).prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                current = line.contains("(PlayerTestCase)") ? String(name) : nil
            } else if let c = current, line.hasPrefix("    def test_") {
                out.append(c + "." + line.dropFirst(8).prefix { $0.isLetter || $0.isNumber || $0 == "_" })
            }
        }
        return out
    }()

    @Test(arguments: scenarios)
    func scenario(_ name: String) async throws {
        let run = await BrowserRun.shared.result()
        if let problem = run.problem {
            Issue.record("\(name) did not run: \(problem)")
            return
        }
        switch run.outcomes[name] {
        case nil:
            Issue.record("\(name) is not in the report of test_player.py; its output:\n\(run.output)")
        case let o? where o.status == "failed":
            Issue.record("\(name) failed:\n\(o.details)")
        case let o? where o.status == "skipped":
            Issue.record("\(name) was skipped (\(o.details)); no browser scenario may skip")
        default:
            break
        }
    }

    /// The report names exactly the scenarios listed here (a class that doesn't derive from
    /// `PlayerTestCase` would run unseen by these tests).
    @Test func everyScenarioIsReportedByName() async throws {
        let run = await BrowserRun.shared.result()
        try #require(run.problem == nil, "\(run.problem ?? "")")
        #expect(Set(run.outcomes.keys) == Set(Self.scenarios), "the report's scenarios: \(run.outcomes.keys.sorted())")
    }
}

/// One run of the browser suite, shared by every scenario.
actor BrowserRun {
    static let shared = BrowserRun()

    /// A scenario's outcome in the report: `passed`, `failed` (with its traceback) or `skipped`.
    struct Outcome: Decodable {
        var status: String
        var details: String = ""

        enum CodingKeys: CodingKey { case status, details }
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            status = try c.decode(String.self, forKey: .status)
            details = try c.decodeIfPresent(String.self, forKey: .details) ?? ""
        }
    }

    /// What a run found: each scenario's outcome, or why none ran.
    struct Result: Sendable {
        var outcomes: [String: Outcome] = [:]
        var problem: String?
        var output = ""
    }

    private var task: Task<Result, Never>?

    /// The suite's result, running it the first time it is asked for.
    func result() async -> Result {
        if let task { return await task.value }
        let t = Task { await BrowserRun.run() }
        task = t
        return await t.value
    }

    /// Runs the suite; the suite's trait (``ExternalTool/browser``) has checked that python3,
    /// selenium, Chromium and ChromeDriver are there.
    static func run() async -> Result {
        guard let python = ExternalTool.python3 else { return Result(problem: "no python3 on PATH") }
        let script = BrowserTests.script
        guard let binary = modallabExecutable() else {
            return Result(
                problem:
                    "no modallab executable beside the test bundle or in .build/debug; run `swift build --product modallab`"
            )
        }
        let folder: TemporaryDirectory
        do { folder = try TemporaryDirectory("browser") } catch { return Result(problem: "\(error)") }
        defer { folder.remove() }
        let report = folder.file("report.json")
        var env = ProcessInfo.processInfo.environment
        env["MODALLAB_BIN"] = binary
        env["PYTHONUNBUFFERED"] = "1"
        let result: CommandResult
        do {
            result = try await runCommand(
                [python, script, "--report", report], environment: env, directory: repositoryRoot, timeout: 1800)
        } catch {
            return Result(problem: "python3 \(script) could not run: \(error)")
        }
        // ChromeDriver's native stack frames ("#3 0x55… <unknown>") say nothing; drop them.
        let output = result.output.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("#") || !$0.contains("<unknown>") }
            .joined(separator: "\n")
        guard let data = FileManager.default.contents(atPath: report),
            var outcomes = try? JSONDecoder().decode([String: Outcome].self, from: data)
        else {
            return Result(problem: "test_player.py wrote no report (exit \(result.status)):\n\(output)", output: output)
        }
        // A failed set-up (no server, no browser) fails every scenario with its traceback.
        if let setUp = outcomes.removeValue(forKey: "setUpModule") {
            return Result(problem: "the suite's set-up failed:\n\(setUp.details)", output: output)
        }
        return Result(outcomes: outcomes, output: String(output.suffix(20_000)))
    }
}
