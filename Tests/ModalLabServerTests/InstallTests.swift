import Foundation
import JSON
import TestSupport
import Testing

@testable import ModalLabServer

/// `Scripts/install` and the layout it makes: the binary in `PREFIX/bin`, its resources in
/// `PREFIX/share/modallab`, started from `/` (no repository around it) and serving from there.
@Suite struct InstallTests {
    @Test func installedBinaryServesItsOwnResourcesFromAnyFolder() async throws {
        let binary = try #require(
            modallabExecutable(), "no modallab executable; run `swift build --product modallab`")
        let tmp = try TemporaryDirectory("install")
        defer { tmp.remove() }
        let prefix = tmp.path + "/prefix"
        let install = try await runCommand([repositoryRoot + "/Scripts/install", "--binary", binary, prefix])
        #expect(install.status == 0, "Scripts/install failed: \(install.output)")
        let fm = FileManager.default
        #expect(fm.isExecutableFile(atPath: prefix + "/bin/modallab"))
        for d in ["Templates/pages", "Templates/prototypes", "Public", "Schema"] {
            #expect(fm.fileExists(atPath: prefix + "/share/modallab/" + d), "missing share/modallab/\(d)")
        }
        // A file only the installed copy has: served only if the resources come from the prefix.
        let marker = "installed-\(UUID().uuidString)"
        try marker.write(toFile: prefix + "/share/modallab/Public/marker.txt", atomically: true, encoding: .utf8)

        let server = try ServerProcess(
            prefix + "/bin/modallab", ["serve", "--port", "0", "--data", tmp.path + "/data"], directory: "/")
        do {
            try await Self.checkServing(server, marker: marker, data: tmp.path + "/data")
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
        #expect(server.process.terminationStatus == 0, "serve exits 0 on SIGTERM")
    }

    /// What the installed server must answer: health, the marker only the prefix has, a page, the schema.
    static func checkServing(_ server: ServerProcess, marker: String, data: String) async throws {
        let url = try await server.ownerURL(within: 30)
        let port = try #require(URLComponents(string: url)?.port, "no port in the first line: \(url)")
        let token = try #require(
            URLComponents(string: url)?.queryItems?.first { $0.name == "token" }?.value, "no token in \(url)")
        let client = AppClient(transport: .socket, port: port, token: token)
        #expect(try await client.request("GET", "/healthz", auth: false).status == 200)
        let served = try await client.request("GET", "/public/marker.txt", auth: false)
        #expect(served.status == 200 && served.text == marker, "resources not from the prefix: \(served.status)")
        let page = try await client.request("GET", "/p/mail")
        #expect(page.status == 200 && page.text.contains("<html"), "player page: \(page.status)")
        let schema = try await client.request("GET", "/schema/prototype.json", auth: false)
        #expect(schema.status == 200 && schema.json?["title"] != nil)
        #expect(
            FileManager.default.fileExists(atPath: data + "/owner-token"), "the owner token goes to <data>/owner-token")
    }

    @Test func versionIsPrintedOnce() {
        for args in [["--version"], ["version"]] {
            var out: [String] = []
            #expect(MainCommand.run(args, stdout: { out.append($0) }, stderr: { _ in }) == 0)
            #expect(out == ["modallab \(ModalLabVersion.current) (prototype format modallab/1)"])
        }
        #expect(ModalLabVersion.current.split(separator: ".").count == 3)
    }
}
