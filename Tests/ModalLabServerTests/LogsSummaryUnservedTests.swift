import Foundation
import JSON
import TestSupport
import Testing

@testable import ModalLabServer

/// `modallab logs summary` without the folder a study was served from: the funnels of its
/// prototype are `null`, and stderr says which prototype wasn't found and to pass `--prototypes`.
@Suite struct LogsSummaryUnservedTests {
    @Test func aPrototypeNotServedIsNamedOnStderr() async throws {
        let dir = try ToggleStepTests.folder()
        defer { dir.remove() }
        let s = try TestApp(socket: true, prototypes: dir.path)
        let sid = try await s.session("items", device: "iphone-16")
        for a: JSONValue in [
            ["type": "taskStart", "task": "add-item"], ["type": "tap", "target": "add-item"],
            ["type": "focus", "target": "item-name"], ["type": "tap", "target": "save-add"],
        ] {
            #expect(try await s.act(sid, a).status == 200)
        }
        let binary = try #require(modallabExecutable(), "build the modallab product first")
        // Not served by default (the bundled examples and <data>/prototypes): a warning, no funnel.
        let bare = try await runCommand(
            [binary, "logs", "summary", "--data", s.data, "--audience", "all", "--format", "json"])
        #expect(bare.status == 0, "\(bare.stderr)")
        #expect(bare.stderr.contains("warning") && bare.stderr.contains(#""items""#), "\(bare.stderr)")
        #expect(bare.stderr.contains("--prototypes DIR"), "\(bare.stderr)")
        let json = try JSONParser.parse(Array(bare.stdout.utf8))
        let task = try #require(json["tasks"]?.arrayValue?.first { $0["task"] == "add-item" })
        #expect(task["funnel"] == .null, "\(task)")
        // With the folder: the funnel, and no warning.
        let served = try await runCommand(
            [
                binary, "logs", "summary", "--data", s.data, "--audience", "all", "--prototypes", dir.path,
                "--format", "json",
            ])
        #expect(served.status == 0 && !served.stderr.contains("warning"), "\(served.stderr)")
        let withFunnel = try JSONParser.parse(Array(served.stdout.utf8))
        let t = try #require(withFunnel["tasks"]?.arrayValue?.first { $0["task"] == "add-item" })
        #expect(t["funnel"] != .null && t["funnel"] != nil, "\(t)")
    }
}
