import Foundation
import JSON
import Prototype
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

    /// Short patches that grow the document without end are refused at the operation that
    /// would take it past the format's limits, naming it, and the server goes on: 7,000 copies
    /// of a member into itself (which once nested the result so deep that laying it out
    /// overflowed the stack and killed the server), and fourteen copies of the whole document
    /// (each doubling it: 500 bytes of patch that once took seconds and hundreds of megabytes).
    @Test func patchesThatGrowWithoutEndAreRefusedAtTheirOperation() async throws {
        let dir = try Self.folder()
        defer { dir.remove() }
        let app = try TestApp(socket: true, prototypes: dir.path)
        let c = app.client
        let tag = try #require(try await c.request("GET", "/api/prototypes/mail").header("ETag"))
        let nest =
            #"[{"op":"add","path":"/q","value":{}}"#
            + String(repeating: #",{"op":"copy","from":"/q","path":"/q/a"}"#, count: 7_000) + "]"
        let deep = try await c.request(
            "PATCH", "/api/prototypes/mail", body: nest, headers: ["If-Match": tag], contentType: Self.patchType)
        #expect(deep.status == 422, "\(deep.text.prefix(300))")
        // The root counts 1 and /q 2, so the 31st copy makes 33 levels, past 32.
        #expect(deep.json?["index"] == 31 && deep.json?["op"] == "copy", "\(deep.text.prefix(300))")
        #expect(deep.json?["detail"]?.stringValue?.contains("past the limit of 32") == true, "\(deep.text.prefix(300))")
        let double =
            "[" + (0..<14).map { #"{"op":"copy","from":"","path":"/z\#($0)"}"# }.joined(separator: ",") + "]"
        let big = try await c.request(
            "PATCH", "/api/prototypes/mail", body: double, headers: ["If-Match": tag], contentType: Self.patchType)
        #expect(big.status == 422, "\(big.text.prefix(300))")
        let index = big.json?["index"]?.intValue ?? -1
        #expect(
            (5...9).contains(index),
            "Mail is a few kB: some copy between the 6th and the 10th passes 1 MiB; \(big.text.prefix(300))")
        #expect(
            big.json?["detail"]?.stringValue?.contains("more than 1048576 bytes") == true, "\(big.text.prefix(300))")
        let after = try String(contentsOfFile: dir.file("mail.json"), encoding: .utf8)
        #expect(PrototypeEditing.entityTag(Array(after.utf8)) == tag, "nothing was saved")
        #expect(try await c.request("GET", "/healthz").status == 200)
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

    /// `POST /api/prototypes`: a blank prototype (valid, playable, in the stable layout) and a
    /// copy of a loaded one, each 201 with `Location` and the GET body; 409 for an id taken
    /// (also by a second POST of it at the same time), 400 with the path for a bad id, a
    /// `from` that names nothing or an unknown member; 401 without the owner's token.
    @Test func postMakesANewPrototype() async throws {
        let dir = try Self.folder()
        defer { dir.remove() }
        let app = try TestApp(socket: true, prototypes: dir.path)
        let c = app.client
        let blank = try await c.json("POST", "/api/prototypes", ["id": "drafts", "name": "Drafts"])
        #expect(blank.status == 201, "\(blank.text)")
        #expect(blank.header("Location") == "/api/prototypes/drafts")
        #expect(blank.json?["playable"] == true && blank.json?["counts"]?["error"]?.intValue == 0, "\(blank.text)")
        #expect(blank.json?["definition"]?["screens"]?.arrayValue?.first?["id"] == "home")
        let tag = try #require(blank.header("ETag"))
        let onDisk = try String(contentsOfFile: dir.file("drafts.json"), encoding: .utf8)
        #expect(PrototypeEditing.entityTag(Array(onDisk.utf8)) == tag)
        #expect(onDisk.hasPrefix("{\n  \"format\": \"modallab/1\",\n  \"id\": \"drafts\",\n  \"name\": \"Drafts\",\n"))
        let got = try await c.request("GET", "/api/prototypes/drafts")
        #expect(got.status == 200 && got.header("ETag") == tag)

        let copy = try await c.json("POST", "/api/prototypes", ["id": "mail-2", "name": "Mail 2", "from": "mail"])
        #expect(copy.status == 201, "\(copy.text)")
        #expect(copy.json?["definition"]?["id"] == "mail-2" && copy.json?["name"] == "Mail 2")
        let original = try await c.request("GET", "/api/prototypes/mail")
        #expect(
            copy.json?["definition"]?["modals"]?.arrayValue?.count
                == original.json?["definition"]?["modals"]?.arrayValue?.count)
        #expect(FileManager.default.fileExists(atPath: dir.file("mail-2.json")))

        let taken = try await c.json("POST", "/api/prototypes", ["id": "mail", "name": "Mail again"])
        #expect(taken.status == 409 && taken.json?["path"] == "$.id", "\(taken.text)")
        let badID = try await c.json("POST", "/api/prototypes", ["id": "Mail Two", "name": "x"])
        #expect(badID.status == 400 && badID.json?["path"] == "$.id", "\(badID.text)")
        let noSource = try await c.json("POST", "/api/prototypes", ["id": "x", "name": "x", "from": "mial"])
        #expect(noSource.status == 400 && noSource.json?["path"] == "$.from", "\(noSource.text)")
        let unknown = try await c.json("POST", "/api/prototypes", ["id": "y", "name": "y", "colour": "red"])
        #expect(unknown.status == 400 && unknown.json?["path"] == "$.colour", "\(unknown.text)")
        let noName = try await c.json("POST", "/api/prototypes", ["id": "z"])
        #expect(noName.status == 400 && noName.json?["path"] == "$.name", "\(noName.text)")
        #expect(!FileManager.default.fileExists(atPath: dir.file("x.json")))

        // Owner only (the Origin check is SecurityTests.pagesOfOtherOriginsCantActAsTheOwner's).
        let stranger = try await c.request(
            "POST", "/api/prototypes", body: #"{"id":"s","name":"s"}"#, auth: false)
        #expect(stranger.status == 401)

        // Two creations of one id at once: exactly one is made.
        let body = #"{"id":"twice","name":"Twice"}"#
        let answers = try await c.simultaneously(
            (0..<4).map { _ in c.raw("POST", "/api/prototypes", body: body) })
        #expect(answers.filter { $0.status == 201 }.count == 1, "\(answers.map(\.status))")
        #expect(answers.filter { $0.status == 409 }.count == 3, "\(answers.map(\.status))")
    }

    /// The versions the API wrote: newest first, each with its hash (the ETag it had), size and
    /// what wrote it, a PATCH's paths; the file as it was before the first write is the oldest;
    /// each one's document by its hash; 404 for a hash not kept or a prototype not there.
    @Test func versionsListWhatTheAPIWrote() async throws {
        let dir = try Self.folder()
        defer { dir.remove() }
        let app = try TestApp(socket: true, prototypes: dir.path)
        let c = app.client
        let original = try [UInt8](Data(contentsOf: URL(fileURLWithPath: dir.file("mail.json"))))
        var tag = try #require(try await c.request("GET", "/api/prototypes/mail").header("ETag"))
        var tags = [tag]
        for name in ["Mail 1", "Mail 2"] {
            let r = try await c.request(
                "PATCH", "/api/prototypes/mail", body: #"[{"op":"replace","path":"/name","value":"\#(name)"}]"#,
                headers: ["If-Match": tag], contentType: Self.patchType)
            tag = try #require(r.header("ETag"), "\(r.text)")
            tags.append(tag)
        }
        let list = try await c.request("GET", "/api/prototypes/mail/versions")
        #expect(list.status == 200, "\(list.text)")
        let versions = try #require(list.json?["versions"]?.arrayValue)
        #expect(versions.compactMap { $0["version"]?.stringValue }.map { "\"\($0)\"" } == tags.reversed())
        #expect(versions.compactMap { $0["via"]?.stringValue } == ["patch", "patch", "before"])
        #expect(versions[0]["paths"] == ["/name"] && versions[2]["paths"] == nil)
        #expect(versions[2]["size"]?.intValue == original.count)
        #expect(list.json?["current"]?.stringValue.map { "\"\($0)\"" } == tag && list.json?["limit"]?.intValue == 100)
        let first = try #require(versions[2]["version"]?.stringValue)
        let doc = try await c.request("GET", "/api/prototypes/mail/versions/\(first)")
        #expect(doc.status == 200 && doc.body == original && doc.header("ETag") == tags[0])
        #expect(try await c.request("GET", "/api/prototypes/mail/versions/0000000000000000").status == 404)
        #expect(try await c.request("GET", "/api/prototypes/mail/versions/..%2F..%2Fx").status == 404)
        #expect(try await c.request("GET", "/api/prototypes/nothing/versions").status == 404)
    }

    /// At most `limit` versions a prototype are kept: the oldest go, with their files.
    @Test func theHistoryIsBounded() throws {
        let dir = try TemporaryDirectory("history-bound")
        defer { dir.remove() }
        let history = PrototypeHistory(directory: dir.path, limit: 3)
        let docs = (0..<5).map { Array("{\"n\": \($0)}\n".utf8) }
        for (i, d) in docs.enumerated() where i > 0 {
            try history.record("p", bytes: d, via: "patch", previous: docs[0])
        }
        let kept = history.entries("p")
        #expect(kept.map(\.version) == docs.suffix(3).map(Prototype.versionHash))
        #expect(history.bytes("p", version: Prototype.versionHash(docs[0])) == nil)
        #expect(history.bytes("p", version: Prototype.versionHash(docs[4])) == docs[4])
    }

    /// The same bytes saved again (a PUT of the file as it is) add no version; going back to an
    /// older version is a change, and is listed.
    @Test func savingTheSameBytesAgainAddsNoVersion() throws {
        let dir = try TemporaryDirectory("history-same")
        defer { dir.remove() }
        let history = PrototypeHistory(directory: dir.path)
        let a = Array("{\"n\": 1}\n".utf8)
        let b = Array("{\"n\": 2}\n".utf8)
        // The first save, of the bytes the file already had: one version, not `before` and `put`.
        try history.record("p", bytes: a, via: "put", previous: a)
        try history.record("p", bytes: a, via: "put")
        #expect(history.entries("p").map(\.version) == [Prototype.versionHash(a)])
        try history.record("p", bytes: b, via: "patch")
        try history.record("p", bytes: a, via: "put")
        #expect(history.entries("p").map(\.version) == [a, b, a].map(Prototype.versionHash))
        #expect(history.entries("p").map(\.via) == ["put", "patch", "put"])
    }
}
