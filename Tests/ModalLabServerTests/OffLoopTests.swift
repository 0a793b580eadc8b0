import Foundation
import JSON
import Platform
import Prototype
import TestSupport
import Testing

@testable import ModalLabServer

/// Heavy work runs off the HTTP event loops: while a large prototype is validated, linted and
/// saved by a `PUT`, the same server — with one event loop — goes on answering `/healthz`.
@Suite struct OffLoopTests {
    @Test func aSlowPutDoesNotStallHealthzOnTheSameServer() async throws {
        let s = try TestApp(socket: true) { $0.eventLoops = 1 }
        let c = s.client
        // The document at the byte limit: valid, and a second to check in a debug build.
        let example = try #require(PrototypeLimits.standard.examples().first { $0.name == "bytes" })
        var doc = try #require(example.document.objectValue)
        doc["id"] = "large"
        let put = c.raw("PUT", "/api/prototypes/large", body: JSONWriter().string(.object(doc)))
        let health = c.raw("GET", "/healthz", auth: false)
        let port = c.port
        let (status, seconds, answered) = try await blocking { () throws -> (Int, Double, Int) in
            let done = Locked<(status: Int?, seconds: Double)>((nil, 0))
            let started = Date()
            let putter = Thread {
                let r = try? TestClient.exchange(put, port: port, timeout: 60)
                done.withLock { $0 = (r?.status ?? 0, Date().timeIntervalSince(started)) }
            }
            putter.start()
            // /healthz, one connection after another, until the PUT is answered.
            var answered = 0
            while done.current.status == nil && Date().timeIntervalSince(started) < 60 {
                if (try? TestClient.exchange(health, port: port, timeout: 5))?.status == 200 { answered += 1 }
            }
            return (done.current.status ?? 0, done.current.seconds, answered)
        }
        #expect(status == 201)
        #expect(seconds > 0.1, "the PUT was too quick (\(seconds) s) to show anything")
        // On the loop, the PUT held it: no /healthz could be answered until it was done.
        #expect(answered >= 50, "/healthz answered \(answered) times during a PUT of \(seconds) s")
    }
}
