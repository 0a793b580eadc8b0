import Foundation
import JSON
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
            final class Done: @unchecked Sendable {
                let lock = NSLock()
                var status: Int?
                var seconds = 0.0
            }
            let done = Done()
            let started = Date()
            let putter = Thread {
                let r = try? TestClient.exchange(put, port: port, timeout: 60)
                done.lock.withLock {
                    done.seconds = Date().timeIntervalSince(started)
                    done.status = r?.status ?? 0
                }
            }
            putter.start()
            // /healthz, one connection after another, until the PUT is answered.
            var answered = 0
            while done.lock.withLock({ done.status == nil }) && Date().timeIntervalSince(started) < 60 {
                if (try? TestClient.exchange(health, port: port, timeout: 5))?.status == 200 { answered += 1 }
            }
            return done.lock.withLock { (done.status ?? 0, done.seconds, answered) }
        }
        #expect(status == 201)
        #expect(seconds > 0.1, "the PUT was too quick (\(seconds) s) to show anything")
        // On the loop, the PUT held it: no /healthz could be answered until it was done.
        #expect(answered >= 50, "/healthz answered \(answered) times during a PUT of \(seconds) s")
    }
}
