import Foundation
import JSON
import TestSupport
import Testing

@testable import ModalLabServer

/// Format errors and their hints in Simplified Chinese: `modallab lint --lang zh-Hans`, and
/// `?lang=zh-Hans` on the prototype API. The prototype's own text stays as written.
@Suite struct FormatLanguageTests {
    /// A Speed button in a misspelt bar (`navBar`), a popover pointing at it, a title that is a
    /// number, and a segmented value given as a title.
    static let faulty = #"""
        {"format": "modallab/1", "id": "speeds", "start": "home", "screens": [{"id": "home", "title": "播放",
          "navBar": {"trailing": [{"id": "speed-button", "title": "Speed", "action": {"present": "speed"}}]},
          "content": [{"type": "segmented", "id": "rate", "segments": ["Slow", "Fast"], "value": "Fast"}]}],
         "modals": [{"id": "speed", "style": "popover", "source": "speed-button", "title": 3}]}
        """#

    static let expectedChinese = [
        #"$.screens[0].content[0].value: error: 应为所选分段从 0 开始的索引（整数）；实际为 "Fast"（分段 "Fast" 的索引为 1） [format]"#,
        #"$.screens[0].navBar: error: 未知成员 "navBar"（是否要写 "navigationBar"？） [format.unknown-key]"#,
        #"$.modals[0].source: warning: "source" 没有指向任何控件："speed-button"——它位于 $.screens[0].navBar（是否要写 "navigationBar"？），那里未被读取：请先修正那里 [format.reference]"#,
        #"$.modals[0].title: error: 应为字符串，实际为 3 [format]"#,
    ]

    @Test func lintSpeaksChineseAboutTheFormat() throws {
        let dir = try InstallTests.temporaryFolder("format-zh")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.faulty.write(toFile: dir + "/speeds.json", atomically: true, encoding: .utf8)
        var out: [String] = []
        let status = LintCommand.run(
            [dir + "/speeds.json", "--lang", "zh-Hans"], stdout: { out.append($0) }, stderr: { out.append($0) })
        #expect(status == 1)
        #expect(out == Self.expectedChinese.map { dir + "/speeds.json: " + $0 }, "\(out)")
        // English by default.
        out = []
        _ = LintCommand.run([dir + "/speeds.json"], stdout: { out.append($0) }, stderr: { out.append($0) })
        #expect(
            out.contains {
                $0.hasSuffix(#"unknown member "navBar" (did you mean "navigationBar"?) [format.unknown-key]"#)
            })
    }

    @Test func theAPIAnswersInTheLanguageAsked() async throws {
        let dir = try InstallTests.temporaryFolder("format-zh-api")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.faulty.write(toFile: dir + "/speeds.json", atomically: true, encoding: .utf8)
        let s = try TestApp(prototypes: dir)
        func lines(_ r: TestResponse) -> [String] {
            (r.json?["diagnostics"]?.arrayValue ?? []).map {
                "\($0["path"]?.stringValue ?? ""): \($0["severity"]?.stringValue ?? ""): \($0["message"]?.stringValue ?? "") [\($0["rule"]?.stringValue ?? "")]"
            }
        }
        let zh = try await s.client.request("GET", "/api/prototypes/speeds/lint?lang=zh-Hans")
        #expect(zh.status == 200)
        #expect(lines(zh) == Self.expectedChinese, "\(zh.text)")
        let en = try await s.client.request("GET", "/api/prototypes/speeds/lint")
        #expect(lines(en).contains { $0.contains(#"unknown member "navBar""#) }, "\(en.text)")
        let detail = try await s.client.request("GET", "/api/prototypes/speeds?lang=zh-Hans")
        #expect(lines(detail) == Self.expectedChinese)
        // A PUT refused with its errors says them in Chinese too, and names the id it disagrees with.
        let put = try await s.client.request(
            "PUT", "/api/prototypes/other?lang=zh-Hans",
            body: Self.faulty.replacingOccurrences(of: "navBar", with: "navigationBar")
                .replacingOccurrences(of: #""value": "Fast""#, with: #""value": 1"#)
                .replacingOccurrences(of: #""title": 3"#, with: #""title": "Speed""#))
        #expect(put.status == 422, "\(put.text)")
        #expect(
            (put.json?["diagnostics"]?.arrayValue ?? []).contains {
                $0["message"]?.stringValue == #"文档的 id "speeds" 与网址中的 "other" 不同"#
            }, "\(put.text)")
    }
}
