import Foundation
import JSON
import TestSupport
import Testing

@testable import ModalLabServer

/// A session with a participant id shows it: in the insights' sessions table (its own column)
/// and on its line of `modallab logs summary`; a session without one shows none.
@Suite(.serialized) struct ParticipantIdShownTests {
    @Test func theInsightsSessionsAndTheSummarysLinesNameTheParticipant() async throws {
        let (s, dir, sessions, _, owner) = try await StudyTests.participantStudy()
        defer { dir.remove() }
        for lang in ["en", "zh-Hans"] {
            let page = try await s.client.request("GET", "/p/mail/insights?audience=all&lang=\(lang)")
            #expect(page.status == 200)
            for (i, sid) in sessions.enumerated() {
                let row = try #require(Self.row(page.text, sid), "no row of \(sid)")
                #expect(row.contains(#"<td data-cell="pid"><code>P\#(i + 1)</code></td>"#), "\(row)")
            }
            let ownerRow = try #require(Self.row(page.text, owner))
            #expect(ownerRow.contains(#"<td data-cell="pid"></td>"#), "\(ownerRow)")
        }
        let binary = try #require(modallabExecutable(), "build the modallab product first")
        let text = try await runCommand(
            [binary, "logs", "summary", "--data", s.data, "--prototypes", dir.path, "--audience", "all"])
        #expect(text.status == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        for (i, sid) in sessions.enumerated() {
            let line = try #require(lines.first { $0.hasPrefix("  \(sid) (") }, "\(text.stdout)")
            #expect(line.contains(", pid P\(i + 1)): "), "\(line)")
        }
        let ownerLine = try #require(lines.first { $0.hasPrefix("  \(owner) (") }, "\(text.stdout)")
        #expect(!ownerLine.contains("pid "), "\(ownerLine)")
    }

    /// The `<tr data-session="sid">` … `</tr>` of the insights' sessions table.
    static func row(_ html: String, _ sid: String) -> String? {
        guard let start = html.range(of: #"<tr data-session="\#(sid)">"#) else { return nil }
        guard let end = html[start.upperBound...].range(of: "</tr>") else { return nil }
        return String(html[start.lowerBound..<end.upperBound])
    }
}
