import Foundation
import Platform
import TestSupport
import Testing

/// `modallab serve` started at a low soft descriptor limit (macOS's default is 256) still
/// serves the owner while others hold more idle connections than that limit: the server raises
/// its limit towards what its connection cap needs, so accepting never fails and the longest
/// idle connection is closed to make room, as at the cap.
@Suite struct DescriptorLimitTests {
    @Test func theOwnerIsServedPastTheSoftDescriptorLimitItStartedWith() async throws {
        let binary = try #require(
            modallabExecutable(), "no modallab executable; run `swift build --product modallab`")
        // This process holds the idle connections: it needs the descriptors too.
        if Sys.descriptorLimit.current < 4_096 { Sys.setDescriptorLimit(min(Sys.descriptorLimit.maximum, 4_096)) }
        try #require(Sys.descriptorLimit.maximum >= 1_024, "a hard descriptor limit of at least 1,024")
        let data = try TemporaryDirectory("descriptor-limit")
        defer { data.remove() }
        // The shell lowers the soft limit, then becomes the server.
        let server = try ServerProcess(
            "/bin/sh",
            ["-c", "ulimit -Sn 256 && exec \"$0\" \"$@\"", binary, "serve", "--port", "0", "--data", data.path],
            directory: repositoryRoot)
        do {
            let url = try await server.ownerURL(within: 30)
            let port = try #require(URLComponents(string: url)?.port, "no port in \(url)")
            let token = try #require(URLComponents(string: url)?.queryItems?.first { $0.name == "token" }?.value)
            // 400 idle connections from one address (within its limit of 512): more than the
            // 256 descriptors the server started with.
            let (idle, answered) = try await blocking { () throws -> ([TestClient], Int) in
                let idle = try (0..<400).map { _ in try TestClient(port: port) }
                // Each is accepted: a request on the last one is answered.
                idle.last!.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                return (idle, try idle.last!.readResponse().status)
            }
            #expect(answered == 200, "the 400th idle connection was accepted and answered")
            let owner = AppClient(transport: .socket, port: port, token: token)
            let list = try await owner.request("GET", "/api/prototypes")
            #expect(list.status == 200, "\(list.status) \(list.text.prefix(200)); stderr: \(server.errors)")
            for c in idle { c.close() }
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }
}
