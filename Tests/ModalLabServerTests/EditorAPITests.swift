import Foundation
import JSON
import TestSupport
import Testing

@testable import ModalLabServer

/// Changing a prototype over the API, over real sockets: GET with its ETag, PATCH (RFC 6902)
/// with If-Match and every status it answers, and the stable layout of the file written.
@Suite struct EditorAPITests {
    static let patchType = "application/json-patch+json"

    /// A folder holding a copy of the bundled Mail, served as the writable folder.
    static func folder(_ label: String = #function) throws -> TemporaryDirectory {
        let dir = try TemporaryDirectory("editor-" + label)
        try FileManager.default.copyItem(
            atPath: repositoryRoot + "/Templates/prototypes/mail.json", toPath: dir.file("mail.json"))
        return dir
    }

    @Test func getGivesAnETagAndPatchNeedsIt() async throws {
        let dir = try Self.folder()
        defer { dir.remove() }
        let app = try TestApp(socket: true, prototypes: dir.path)
        let c = app.client
        let got = try await c.request("GET", "/api/prototypes/mail")
        #expect(got.status == 200)
        let tag = try #require(got.header("ETag"))
        #expect(tag.hasPrefix("\"") && got.json?["etag"]?.stringValue == tag)
        #expect(got.json?["definition"]?["id"] == "mail")
        let again = try await c.request("GET", "/api/prototypes/mail", headers: ["If-None-Match": tag])
        #expect(again.status == 304 && again.header("ETag") == tag)

        let op = #"[{"op":"replace","path":"/name","value":"Mail, edited"}]"#
        let noMatch = try await c.request("PATCH", "/api/prototypes/mail", body: op, contentType: Self.patchType)
        #expect(noMatch.status == 428, "\(noMatch.text)")
        let wrongType = try await c.request("PATCH", "/api/prototypes/mail", body: op, headers: ["If-Match": tag])
        #expect(wrongType.status == 415)
        let stale = try await c.request(
            "PATCH", "/api/prototypes/mail", body: op, headers: ["If-Match": "\"0000000000000000\""],
            contentType: Self.patchType)
        #expect(stale.status == 412 && stale.header("ETag") == tag)
        let missing = try await c.request(
            "PATCH", "/api/prototypes/mail", body: #"[{"op":"remove","path":"/nothing"}]"#, headers: ["If-Match": tag],
            contentType: Self.patchType)
        #expect(missing.status == 422 && missing.json?["index"] == 0 && missing.json?["path"] == "/nothing")
        let broken = try await c.request(
            "PATCH", "/api/prototypes/mail", body: #"[{"op":"add","path":"/colour","value":1}]"#,
            headers: ["If-Match": tag], contentType: Self.patchType)
        #expect(broken.status == 422, "\(broken.text)")
        let d = broken.json?["diagnostics"]?.arrayValue?.first
        #expect(d?["path"] == "$.colour" && d?["pointer"] == "/colour", "\(broken.text)")
        let before = try String(contentsOfFile: dir.file("mail.json"), encoding: .utf8)
        #expect(PrototypeEditing.entityTag(Array(before.utf8)) == tag, "nothing was saved")

        let ok = try await c.request(
            "PATCH", "/api/prototypes/mail", body: op, headers: ["If-Match": tag], contentType: Self.patchType)
        #expect(ok.status == 200, "\(ok.text)")
        let newTag = try #require(ok.header("ETag"))
        #expect(newTag != tag && ok.json?["etag"]?.stringValue == newTag)
        #expect(ok.json?["definition"]?["name"] == "Mail, edited" && ok.json?["name"] == "Mail, edited")
        let after = try String(contentsOfFile: dir.file("mail.json"), encoding: .utf8)
        #expect(PrototypeEditing.entityTag(Array(after.utf8)) == newTag)

        // Once in the stable layout, a change of one field changes one line of the file.
        let op2 = #"[{"op":"replace","path":"/name","value":"Mail, again"}]"#
        let ok2 = try await c.request(
            "PATCH", "/api/prototypes/mail", body: op2, headers: ["If-Match": newTag], contentType: Self.patchType)
        #expect(ok2.status == 200)
        let last = try String(contentsOfFile: dir.file("mail.json"), encoding: .utf8)
        let a = after.split(separator: "\n", omittingEmptySubsequences: false)
        let b = last.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(a.count == b.count && zip(a, b).filter { $0 != $1 }.count == 1)
        #expect(last.contains("\n  \"name\": \"Mail, again\",\n"))
    }

    @Test func ofTwoPatchesWithOneETagExactlyOneWins() async throws {
        let dir = try Self.folder()
        defer { dir.remove() }
        let app = try TestApp(socket: true, prototypes: dir.path)
        let c = app.client
        let tag = try #require(try await c.request("GET", "/api/prototypes/mail").header("ETag"))
        let requests = (0..<4).map { i in
            c.raw(
                "PATCH", "/api/prototypes/mail", body: #"[{"op":"replace","path":"/name","value":"Mail \#(i)"}]"#,
                headers: ["If-Match": tag, "Origin": "http://127.0.0.1:\(c.port)"], contentType: Self.patchType)
        }
        let answers = try await c.simultaneously(requests)
        #expect(answers.filter { $0.status == 200 }.count == 1, "\(answers.map(\.status))")
        #expect(answers.filter { $0.status == 412 }.count == 3, "\(answers.map(\.status))")
    }

    /// A patch's findings are in the requester's language, as GET's are: a rule finding of the
    /// saved result, and the format errors of a refused one.
    @Test func patchAnswersInTheLanguageAsked() async throws {
        let dir = try Self.folder()
        defer { dir.remove() }
        let app = try TestApp(socket: true, prototypes: dir.path)
        let c = app.client
        let tag = try #require(try await c.request("GET", "/api/prototypes/mail").header("ETag"))
        let broken = try await c.request(
            "PATCH", "/api/prototypes/mail?lang=zh-Hans", body: #"[{"op":"add","path":"/colour","value":1}]"#,
            headers: ["If-Match": tag], contentType: Self.patchType)
        #expect(broken.status == 422, "\(broken.text)")
        #expect(
            broken.json?["diagnostics"]?.arrayValue?.first?["message"]?.stringValue?.contains("未知成员") == true,
            "\(broken.text)")

        // Detents listed largest first: a warning (sheet.detents-order), saved.
        let disorder = #"[{"op":"replace","path":"/modals/0/detents","value":["large","medium"]}]"#
        let ok = try await c.request(
            "PATCH", "/api/prototypes/mail?lang=zh-Hans", body: disorder, headers: ["If-Match": tag],
            contentType: Self.patchType)
        #expect(ok.status == 200, "\(ok.text)")
        func finding(_ r: TestResponse) -> JSONValue? {
            r.json?["diagnostics"]?.arrayValue?.first { $0["rule"] == "sheet.detents-order" }
        }
        let chinese = try #require(finding(ok), "\(ok.text)")
        #expect(chinese["pointer"] == "/modals/0/detents" && chinese["path"] == "$.modals[0].detents")
        let zh = try await c.request("GET", "/api/prototypes/mail?lang=zh-Hans")
        let en = try await c.request("GET", "/api/prototypes/mail")
        #expect(chinese["message"] == finding(zh)?["message"], "\(ok.text)")
        #expect(chinese["message"] != finding(en)?["message"], "\(en.text)")
    }
}
