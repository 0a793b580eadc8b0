import Dispatch
import Foundation
import HTTPServer
import Platform

// A small server over the HTTPServer module, for the HTTP benchmark (Benchmarks/http/run.sh)
// and for tests that need a separate process (descriptor exhaustion).
//
//   http-testserver [--port N] [--root DIR] [--nofile N] [--max-connections N] [--host H]
//                   [--event-loops N]     (default: ServerConfiguration's, 1)
//
// Prints "port N" on the first line of stdout once listening. SIGTERM or SIGINT shut it down
// gracefully (2 s grace period), then it exits 0.

func printError(_ message: String) {
    let line = Array((message + "\n").utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

// Block the shutdown signals before any thread exists, so every thread inherits the mask and a
// signal is only ever taken by the wait below (see there).
Sys.blockTerminationSignals()

var configuration = ServerConfiguration()
configuration.port = 0
var root = "."
var arguments = CommandLine.arguments.dropFirst()
while let flag = arguments.popFirst() {
    let value = arguments.popFirst() ?? ""
    switch flag {
    case "--port": configuration.port = Int(value) ?? 0
    case "--host": configuration.host = value
    case "--root": root = value
    case "--max-connections": configuration.maxConnections = Int(value) ?? configuration.maxConnections
    case "--max-connections-per-address":
        configuration.maxConnectionsPerAddress = Int(value) ?? configuration.maxConnectionsPerAddress
    case "--event-loops": configuration.eventLoops = Int(value) ?? configuration.eventLoops
    case "--nofile":
        if let limit = UInt64(value), !Sys.setDescriptorLimit(limit) { perror("setrlimit") }
        // This limit is meant: the server keeps it, and runs out of descriptors at it.
        configuration.fitsDescriptorLimit = false
    default:
        printError("unknown flag \(flag)")
        exit(2)
    }
}
configuration.log = { message in printError(message) }

let router = Router()
let metrics = Metrics()
router.use(metrics)
router.get("/healthz") { _ in .text("ok\n") }
router.get("/metrics") { _ in metrics.response() }
router.get("/public/*", StaticFiles(root: root).handler)
router.post("/echo") { request in HTTPResponse(status: .ok, body: .bytes(request.body)) }
router.get("/slow") { _ async in
    try? await Task.sleep(nanoseconds: 200_000_000)
    return .text("slow\n")
}

let server = HTTPServer(configuration: configuration, responder: router)
metrics.track(server)
do {
    let port = try server.start()
    let line = Array("port \(port)\n".utf8)
    _ = line.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
} catch {
    printError("\(error)")
    exit(1)
}

// SIGTERM/SIGINT were blocked at the top, so one that arrives early stays pending until this
// thread takes it: none can be lost between printing the port and being ready for it. The main
// thread waits for it itself, as `modallab serve` does (nothing else needs the main thread: the
// server runs on its own queues); a Foundation `Thread` behind `dispatchMain()` never got it.
Sys.waitForTerminationSignal()
let stopped = DispatchSemaphore(value: 0)
server.shutdown(gracePeriod: 2) { stopped.signal() }
stopped.wait()
exit(0)
