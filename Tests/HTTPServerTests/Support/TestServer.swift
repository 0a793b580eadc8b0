import Foundation
import HTTPServer
import Platform
import TestSupport

/// Raises this process's descriptor limit to its hard limit, once: the slowloris test alone
/// holds 600 sockets while other tests run beside it, more than a default soft limit of 1024
/// leaves room for.
let raiseDescriptorLimit: Void = {
    let limit = Sys.descriptorLimit
    if limit.current < limit.maximum { Sys.setDescriptorLimit(min(limit.maximum, 1 << 16)) }
}()

/// A server on 127.0.0.1 and a free port, for one test.
final class TestServer: Sendable {
    let server: HTTPServer
    let port: Int

    init(router: Router, configure: (inout ServerConfiguration) -> Void = { _ in }) throws {
        _ = raiseDescriptorLimit
        var configuration = ServerConfiguration()
        configuration.port = 0
        configure(&configuration)
        server = HTTPServer(configuration: configuration, responder: router)
        port = try server.start()
    }

    func client() throws -> TestClient { try TestClient(port: port) }

    /// One request on a fresh connection.
    func request(_ raw: String) throws -> TestResponse {
        let client = try client()
        client.send(raw)
        return try client.readResponse()
    }

    func stop() async { await server.shutdown(gracePeriod: 1) }

    /// Polls `condition` until it holds or `timeout` seconds pass.
    static func eventually(timeout: Double = testDeadline, _ condition: () -> Bool) -> Bool {
        pollUntil(timeout: timeout, condition)
    }
}

/// A router with routes the protocol tests share.
func makeTestRouter() -> Router {
    let router = Router()
    router.get("/hello") { _ in .text("hello") }
    router.post("/echo") { request in
        HTTPResponse(status: .ok, headers: ["Content-Type": "application/octet-stream"], body: .bytes(request.body))
    }
    router.post("/small", maxBodyBytes: 10) { request in .text("\(request.body.count)") }
    router.post("/big", maxBodyBytes: 4 << 20) { request in .text("\(request.body.count)") }
    router.get("/delay/{ms}") { request async in
        let ms = UInt64(request.parameters["ms"] ?? "0") ?? 0
        try? await Task.sleep(nanoseconds: ms * 1_000_000)
        return .text("slept \(ms)")
    }
    router.get("/path") { request in .text(request.path + "|" + (request.query("q") ?? "-")) }
    router.get("/large/{n}") { request in
        let n = Int(request.parameters["n"] ?? "0") ?? 0
        return HTTPResponse(body: .bytes([UInt8](repeating: UInt8(ascii: "x"), count: n)))
    }
    return router
}

/// `GET path` with Host, as one string.
func get(_ path: String, _ extra: String = "") -> String {
    "GET \(path) HTTP/1.1\r\nHost: t\r\n\(extra)\r\n"
}

/// Starts a server, runs `body` with it on a thread of its own, then shuts the server down.
func withTestServer(
    router: Router, configure: @escaping (inout ServerConfiguration) -> Void = { _ in },
    _ body: @escaping @Sendable (TestServer) throws -> Void
) async throws {
    let server = try TestServer(router: router, configure: configure)
    do {
        try await blocking { try body(server) }
    } catch {
        await server.stop()
        throw error
    }
    await server.stop()
}
