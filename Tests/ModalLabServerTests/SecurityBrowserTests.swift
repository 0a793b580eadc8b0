import Foundation
import TestSupport
import Testing

/// Runs `Tests/Browser/test_security.py` (Python, Selenium, headless Chromium) against the
/// `modallab` executable that `swift test` built: a page on another port of 127.0.0.1 tries to
/// act as the owner, the owner token leaves the address bar, the Content-Security-Policy holds
/// on the player and the board, and a revoked link's stream closes in the browser.
///
/// Skipped, naming what to install, when python3, selenium, Chromium or ChromeDriver is missing
/// (``ExternalTool/browser``); where `MODALLAB_REQUIRE_TOOLS=1`, that fails instead.
@Suite(.requires(.browser)) struct SecurityBrowserTests {
    @Test func ownerAccessAndRevocationInHeadlessChromium() async throws {
        let script = repositoryRoot + "/Tests/Browser/test_security.py"
        let python = try #require(ExternalTool.python3, "no python3 on PATH")
        let binary = try #require(
            modallabExecutable(),
            "No modallab executable beside the test bundle or in .build/debug; run `swift build --product modallab`.")
        var env = ProcessInfo.processInfo.environment
        env["MODALLAB_BIN"] = binary
        env["PYTHONUNBUFFERED"] = "1"
        let result = try await runCommand(
            [python, script, "-v"], environment: env, directory: repositoryRoot, timeout: 1800)
        #expect(result.status == 0, "The security browser tests failed (exit \(result.status)):\n\(result.output)")
    }
}
