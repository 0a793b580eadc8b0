import Foundation
import JSON
import TestSupport
import Testing

@testable import ModalLabServer

/// `serve --prototypes FILE.json`: that one file is served, reloaded when it changes, and a
/// `PUT` can replace only its prototype (in that file).
@Suite struct SingleFileTests {
    static func prototype(id: String, name: String) -> String {
        #"{"format": "modallab/1", "id": "\#(id)", "name": "\#(name)", "start": "home", "screens": [{"id": "home", "title": "Home"}]}"#
    }

    /// Polls `GET /api/prototypes` until `ok` holds for its list, for at most `seconds`.
    func waitForList(_ client: AppClient, within seconds: Double, _ ok: ([JSONValue]) -> Bool) async throws
        -> [JSONValue]
    {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let list = try await client.request("GET", "/api/prototypes").json?.arrayValue ?? []
            if ok(list) || Date() > deadline { return list }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
    }

    @Test func servesOneFileAndReloadsIt() async throws {
        let dir = try TemporaryDirectory("one-file")
        defer { dir.remove() }
        let file = dir.path + "/trip.json"
        try Self.prototype(id: "trip", name: "Trip").write(toFile: file, atomically: true, encoding: .utf8)
        // A sibling the server must not show: only the named file is served.
        try Self.prototype(id: "other", name: "Other").write(
            toFile: dir.path + "/other.json", atomically: true, encoding: .utf8)

        let s = try TestApp(socket: true, prototypes: file)
        #expect(s.app.library.locations == [file])
        var list = try await waitForList(s.client, within: 0) { _ in true }
        #expect(list.compactMap { $0["id"]?.stringValue } == ["trip"])
        #expect(try await s.client.request("GET", "/p/trip").status == 200)
        #expect(try await s.client.request("GET", "/p/mail").status == 404, "the bundled examples are not served")

        // Edited on disk: reloaded.
        try Self.prototype(id: "trip", name: "Trip Planner").write(toFile: file, atomically: true, encoding: .utf8)
        list = try await waitForList(s.client, within: 10) { $0.first?["name"]?.stringValue == "Trip Planner" }
        #expect(list.first?["name"]?.stringValue == "Trip Planner")

        // PUT of its own id rewrites that file; any other id is refused and writes nothing.
        let put = try await s.client.request(
            "PUT", "/api/prototypes/trip", body: Self.prototype(id: "trip", name: "Trip by PUT"))
        #expect(put.status == 200, "\(put.status) \(put.text)")
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("Trip by PUT"))
        #expect(s.app.library.get("trip")?.file == file)
        let other = try await s.client.request(
            "PUT", "/api/prototypes/second", body: Self.prototype(id: "second", name: "Second"))
        #expect(other.status >= 400 && other.text.contains("one file"), "\(other.status) \(other.text)")
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/second.json"))
        #expect(s.app.library.all.map(\.id) == ["trip"])
    }

    @Test func aPathThatIsNeitherAFolderNorAJSONFileIsAnError() throws {
        let dir = try TemporaryDirectory("not-json")
        defer { dir.remove() }
        let text = dir.path + "/notes.txt"
        try "not a prototype".write(toFile: text, atomically: true, encoding: .utf8)
        for path in [text, dir.path + "/missing.json", dir.path + "/missing"] {
            #expect(
                ServeCommand.run(["--port", "0", "--data", dir.path + "/data", "--prototypes", path]) == 2, "\(path)")
            #expect(throws: PrototypeSourceError.self) { try PrototypeSource.at(path) }
        }
        #expect(try PrototypeSource.at(dir.path) == .folder(dir.path))
        #expect(throws: PrototypeSourceError.self) {
            var c = AppConfiguration()
            c.dataDirectory = dir.path + "/data"
            c.prototypesDirectory = text
            _ = try ModalLabApp(configuration: c)
        }
    }
}
