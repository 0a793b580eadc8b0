import Foundation
import HTTPServer
import JSON
import TestSupport

@testable import ModalLabServer

/// The app under test, as Vapor's `Application.testable()` makes one: a ``ModalLabApp`` over a
/// temporary data folder, with the bundled resources and a known owner token, and a client that
/// sends that token — in process (through the app's router, no socket) unless `socket` is true,
/// then served on a free port of 127.0.0.1 (port 0). When the last reference goes, the app shuts
/// down (each open session logs its end) and its data folder is removed.
///
/// A test that restarts the server (a new app over the same data, as after a crash) makes the
/// folder itself and hands it to each app as `data`: the caller removes it. A test that needs
/// time to pass (an idle timeout, a task's time limit) gives the app a ``ManualClock`` as
/// `clock` and moves it on.
final class TestApp {
    /// The owner token the client sends.
    static let ownerToken = "owner-test-token"

    let app: ModalLabApp
    let client: AppClient
    /// The data folder's path (the log is in `data + "/logs"`).
    let data: String
    /// The data folder when this app made it (removed with the app).
    private let ownData: TemporaryDirectory?

    /// - Parameters:
    ///   - socket: serve on a free port and talk over real sockets (else in process).
    ///   - prototypes: `--prototypes`: a folder or a file (else the bundled examples).
    ///   - data: a data folder the caller keeps (else a new one, removed with the app).
    ///   - clock: what sessions are timed by (else the system's continuous clock).
    ///   - configure: changes to the configuration (limits, event loops, …).
    init(
        socket: Bool = false, prototypes: String? = nil, data: TemporaryDirectory? = nil, clock: ManualClock? = nil,
        configure: (inout AppConfiguration) -> Void = { _ in }
    ) throws {
        ownData = data == nil ? try TemporaryDirectory("app") : nil
        var c = AppConfiguration()
        c.port = 0
        // Its own data folder is one the app makes (inside the temporary folder), as `serve` does.
        c.dataDirectory = data?.path ?? ownData!.file("data")
        c.ownerToken = Self.ownerToken
        c.resourceRoot = repositoryRoot
        c.prototypesDirectory = prototypes
        if let clock { c.clock = SessionClock { clock.now } }
        configure(&c)
        self.data = c.dataDirectory
        do {
            app = try ModalLabApp(configuration: c)
        } catch {
            ownData?.remove()
            throw error
        }
        if socket {
            client = AppClient(transport: .socket, port: try app.start(), token: Self.ownerToken)
        } else {
            client = AppClient(transport: .inProcess(InProcessClient(app.router)), port: 0, token: Self.ownerToken)
        }
    }

    deinit {
        let sem = DispatchSemaphore(value: 0)
        app.shutdown(gracePeriod: 1) { sem.signal() }
        sem.wait()
        ownData?.remove()
    }

    /// Starts a session; returns its id.
    func session(_ prototype: String, device: String, orientation: String = "portrait") async throws -> String {
        let r = try await client.json(
            "POST", "/api/sessions",
            ["prototype": .string(prototype), "device": .string(device), "orientation": .string(orientation)])
        guard r.status == 201, let sid = r.json?["session"]?.stringValue else {
            throw ClientError("session: \(r.status) \(r.text)")
        }
        return sid
    }

    /// Sends `action` to session `sid`.
    func act(_ sid: String, _ action: JSONValue) async throws -> TestResponse {
        try await client.json("POST", "/api/sessions/\(sid)/actions", action)
    }
}

/// The `modallab` executable `swift test` built with the tests (``builtProduct(named:)``);
/// `MODALLAB_BIN` overrides it.
func modallabExecutable() -> String? {
    if let explicit = ProcessInfo.processInfo.environment["MODALLAB_BIN"],
        FileManager.default.isExecutableFile(atPath: explicit)
    {
        return explicit
    }
    return builtProduct(named: "modallab")
}
