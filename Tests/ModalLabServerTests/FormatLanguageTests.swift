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
        let dir = try TemporaryDirectory("format-zh")
        defer { dir.remove() }
        try Self.faulty.write(toFile: dir.path + "/speeds.json", atomically: true, encoding: .utf8)
        var out: [String] = []
        let status = LintCommand.run(
            [dir.path + "/speeds.json", "--lang", "zh-Hans"], stdout: { out.append($0) }, stderr: { out.append($0) })
        #expect(status == 1)
        #expect(out == Self.expectedChinese.map { dir.path + "/speeds.json: " + $0 }, "\(out)")
        // English by default.
        out = []
        _ = LintCommand.run([dir.path + "/speeds.json"], stdout: { out.append($0) }, stderr: { out.append($0) })
        #expect(
            out.contains {
                $0.hasSuffix(#"unknown member "navBar" (did you mean "navigationBar"?) [format.unknown-key]"#)
            })
    }

    @Test func theAPIAnswersInTheLanguageAsked() async throws {
        let dir = try TemporaryDirectory("format-zh-api")
        defer { dir.remove() }
        try Self.faulty.write(toFile: dir.path + "/speeds.json", atomically: true, encoding: .utf8)
        let s = try TestApp(prototypes: dir.path)
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

    /// A prototype file that is not JSON shows in the gallery with the JSON path of the member its
    /// error is in, as `modallab lint` prints it, not the document's root.
    @Test func brokenFileNamesItsPathInTheGallery() {
        let loaded = LoadedPrototype.load(
            bytes: Array("{\"format\": \"modallab/1\", \"id\": \"x\",\n \"screens\": [{\"id\": \"a\",}]}".utf8),
            file: "x.json")
        let first = loaded.diagnostics.first
        #expect(first?.rule == "format.syntax" && first?.path == "$.screens[0]", "\(loaded.diagnostics)")
        #expect(first?.message.hasPrefix("line 2, column ") == true, "\(loaded.diagnostics)")
    }

    /// A file that is not JSON at all, and a path that isn't there, are explained in the
    /// reader's language too; a trailing comma is called one.
    @Test func unusableInputSpeaksChineseToo() throws {
        let dir = try TemporaryDirectory("format-zh-json")
        defer { dir.remove() }
        try "{\"format\": \"modallab/1\",\n \"id\": \"x\",\n}".write(
            toFile: dir.path + "/broken.json", atomically: true, encoding: .utf8)
        var out: [String] = []
        func lint(_ args: [String]) -> Int32 {
            out = []
            return LintCommand.run(args, stdout: { out.append($0) }, stderr: { out.append($0) })
        }
        #expect(lint([dir.path + "/broken.json", "--lang", "zh-Hans"]) == 2)
        #expect(out.joined().contains("'}' 之前有多余的逗号"), "\(out)")
        #expect(!out.joined().contains("expected"), "\(out)")
        #expect(lint([dir.path + "/broken.json"]) == 2)
        #expect(out.joined().contains("a trailing comma before '}'"), "\(out)")
        #expect(out.joined().contains("line 2"), "the comma's line: \(out)")
        #expect(lint([dir.path + "/missing.json", "--lang", "zh-Hans"]) == 2)
        #expect(out.joined().contains("没有这个文件或文件夹"), "\(out)")
    }

    /// The player's error page for a prototype with errors says them (every one) in the page's
    /// language, and offers to reload only where a change to the file can mend the page.
    @Test func errorPagesSayTheFirstErrorInThePagesLanguage() async throws {
        let dir = try TemporaryDirectory("format-zh-page")
        defer { dir.remove() }
        try Self.faulty.write(toFile: dir.path + "/speeds.json", atomically: true, encoding: .utf8)
        try #"{"format": "modallab/1", "id": "fine", "start": "home", "screens": [{"id": "home", "title": "Home"}]}"#
            .write(toFile: dir.path + "/fine.json", atomically: true, encoding: .utf8)
        let s = try TestApp(prototypes: dir.path)
        let zh = try await s.client.request("GET", "/p/speeds?lang=zh-Hans")
        #expect(zh.status == 409)
        #expect(zh.text.contains("有 3 个错误") && zh.text.contains("应为所选分段"), "\(zh.text)")
        #expect(zh.text.contains(#"<bdi lang="zh-Hans">"#))
        #expect(zh.text.contains("/public/reload.js"), "a fixed file mends the page")
        let en = try await s.client.request("GET", "/p/speeds")
        #expect(en.text.contains("speeds.json has 3 errors."), "\(en.text)")
        let bad = try await s.client.request("GET", "/p/fine?orientation=sideways")
        #expect(bad.status == 400, "\(bad.text)")
        #expect(!bad.text.contains("/public/reload.js") && !bad.text.contains("reloads by itself"), "\(bad.text)")
    }
}
