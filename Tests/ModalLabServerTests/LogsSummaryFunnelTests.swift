import Foundation
import JSON
import TestSupport
import Testing

@testable import ModalLabServer

/// `modallab logs summary` reads the expected paths from the prototypes `serve` serves, so its
/// funnels equal the API's (`GET /api/logs/summary.json`).
@Suite(.serialized) struct LogsSummaryFunnelTests {
    /// Each task's `funnel` of a summary's JSON, by task id.
    static func funnels(_ summary: JSONValue) -> [String: JSONValue] {
        var out: [String: JSONValue] = [:]
        for t in summary["tasks"]?.arrayValue ?? [] {
            if let id = t["task"]?.stringValue { out[id] = t["funnel"] ?? .null }
        }
        return out
    }

    /// With `--prototypes` (the folder the study was served from): the participants' funnels,
    /// as JSON and as the text's funnel lines; an option of `summary` only; a path that is
    /// neither a folder nor a JSON file is a usage error.
    @Test func theCommandLinesFunnelsAreTheAPIs() async throws {
        let (s, dir, _, _, _) = try await StudyTests.participantStudy()
        defer { dir.remove() }
        let api = try #require(try await s.client.request("GET", "/api/logs/summary.json?prototype=mail").json)
        let binary = try #require(modallabExecutable(), "build the modallab product first")
        let r = try await runCommand(
            [
                binary, "logs", "summary", "--data", s.data, "--prototypes", dir.path, "--prototype", "mail",
                "--format", "json",
            ])
        #expect(r.status == 0, "\(r.stderr)")
        let cli = try JSONParser.parse(Array(r.stdout.utf8))
        let expected = Self.funnels(api)
        #expect(expected.values.contains { $0 != .null }, "the study's tasks have no funnel: nothing compared")
        #expect(Self.funnels(cli) == expected)
        // The text says each funnel along its path.
        let text = try await runCommand([binary, "logs", "summary", "--data", s.data, "--prototypes", dir.path])
        #expect(text.status == 0, "\(text.stderr)")
        let sendDraft = try #require(api["tasks"]?.arrayValue?.first { $0["task"] == "send-draft" }?["funnel"])
        let reached = sendDraft["steps"]?.arrayValue?.compactMap { $0["reached"]?.intValue } ?? []
        #expect(reached.count == 3)
        #expect(text.stdout.contains("funnel: \(reached[0]) started → compose \(reached[1])"), "\(text.stdout)")
        // Only the summary takes it; a wrong path says so.
        let export = try await runCommand([binary, "logs", "export", "--data", s.data, "--prototypes", dir.path])
        #expect(export.status == 2 && export.stderr.contains("--prototypes is an option of `logs summary`"))
        let wrong = try await runCommand(
            [binary, "logs", "summary", "--data", s.data, "--prototypes", dir.path + "/nowhere"])
        #expect(wrong.status == 2 && wrong.stderr.contains("--prototypes"), "\(wrong.stderr)")
    }

    /// Without `--prototypes`, as `serve` without it: the bundled examples and `<data>/prototypes`
    /// (the bundled mail prototype's tasks have expected paths).
    @Test func byDefaultTheServedPrototypesGiveTheFunnels() async throws {
        let s = try TestApp(socket: true)
        let sid = try await s.session("mail", device: "iphone-16")
        for a in [StudyTests.start("send-draft"), StudyTests.tap("compose"), StudyTests.tap("send")] {
            #expect(try await s.act(sid, a).status == 200)
        }
        let api = try #require(
            try await s.client.request("GET", "/api/logs/summary.json?prototype=mail&audience=all").json)
        let binary = try #require(modallabExecutable(), "build the modallab product first")
        let r = try await runCommand(
            [
                binary, "logs", "summary", "--data", s.data, "--prototype", "mail", "--audience", "all", "--format",
                "json",
            ])
        #expect(r.status == 0, "\(r.stderr)")
        let cli = try JSONParser.parse(Array(r.stdout.utf8))
        #expect(Self.funnels(api)["send-draft"] != .null && Self.funnels(api)["send-draft"] != nil)
        #expect(Self.funnels(cli) == Self.funnels(api))
    }
}
