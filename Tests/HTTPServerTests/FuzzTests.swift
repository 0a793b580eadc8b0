import Foundation
import TestSupport
import Testing

@testable import HTTPServer

enum FuzzCorpus {
    static let seeds: [String] = [
        "GET / HTTP/1.1\r\nHost: a\r\n\r\n",
        "GET /hello?x=1&y=%20 HTTP/1.1\r\nHost: example.com:80\r\nAccept: */*\r\nCookie: a=b\r\n\r\n",
        "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nhello",
        "POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n5;a=b\r\nhello\r\n0\r\nT: 1\r\n\r\n",
        "HEAD /hello HTTP/1.0\r\nConnection: keep-alive\r\n\r\n",
        "PUT /x HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\nhi",
        "GET http://h/p HTTP/1.1\r\nHost: h\r\n\r\nGET /again HTTP/1.1\r\nHost: h\r\n\r\n",
        "OPTIONS * HTTP/1.1\r\nHost: t\r\n\r\n",
    ]
    static let interesting: [UInt8] = Array("\r\n :;,\t\0\u{7f}%/?#\"\\-0123456789aAfF".utf8) + [0x80, 0xFF, 0xC0]

    static func mutate(_ input: [UInt8], _ rng: inout SplitMix64) -> [UInt8] {
        var bytes = input
        let rounds = Int.random(in: 1...4, using: &rng)
        for _ in 0..<rounds {
            guard !bytes.isEmpty else { break }
            let i = Int.random(in: 0..<bytes.count, using: &rng)
            switch Int.random(in: 0..<8, using: &rng) {
            case 0: bytes[i] = UInt8.random(in: 0...255, using: &rng)
            case 1: bytes[i] = interesting.randomElement(using: &rng)!
            case 2: bytes.insert(interesting.randomElement(using: &rng)!, at: i)
            case 3: bytes.remove(at: i)
            case 4: bytes = Array(bytes[0..<i])
            case 5:
                let j = Int.random(in: i..<bytes.count, using: &rng)
                bytes.insert(contentsOf: bytes[i...j], at: j)
            case 6:
                bytes.insert(
                    contentsOf: Array(String(repeating: "9", count: Int.random(in: 1...30, using: &rng)).utf8), at: i)
            default: bytes.insert(contentsOf: Array("\r\nX-F: v\r\n".utf8), at: i)
            }
        }
        return bytes
    }

    static func random(_ rng: inout SplitMix64) -> [UInt8] {
        if Bool.random(using: &rng) && Int.random(in: 0..<10, using: &rng) == 0 {
            return (0..<Int.random(in: 0..<200, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
        }
        return mutate(Array(seeds.randomElement(using: &rng)!.utf8), &rng)
    }
}

/// Drives the parser the way a connection does (scan, parse, then the body), over input split
/// at random points. Returns how many requests were parsed, or the failure.
struct ParserDriver {
    var input: [UInt8] = []
    var start = 0
    var scanFrom = 0
    var requestLineEnd = -1
    var inBody: BodyFraming? = nil
    var remaining = 0
    var decoder = ChunkedDecoder()
    var body: [UInt8] = []
    var parsed = 0
    var failed: ParseFailure?

    mutating func feed(_ piece: ArraySlice<UInt8>) {
        input.append(contentsOf: piece)
        while failed == nil {
            if let framing = inBody {
                if case .length = framing {
                    let n = min(remaining, input.count - start)
                    start += n
                    remaining -= n
                    if remaining > 0 { return }
                } else {
                    let from = start
                    var decoder = self.decoder
                    let outcome = input.withUnsafeBufferPointer {
                        decoder.decode(
                            UnsafeBufferPointer(rebasing: $0[from...]), into: &body, limit: 1 << 20,
                            maxTrailerBytes: 1024)
                    }
                    self.decoder = decoder
                    switch outcome {
                    case .needMore:
                        start = input.count
                        return
                    case .failure(let failure):
                        failed = failure
                        return
                    case .done(let consumed): start += consumed
                    }
                }
                inBody = nil
                parsed += 1
                continue
            }
            if start == input.count { return }
            let from = start
            let scan = input.withUnsafeBufferPointer {
                RequestHeadParser.scan(
                    $0, start: from, scanFrom: &scanFrom, requestLineEnd: &requestLineEnd, maxTargetBytes: 1024,
                    maxHeaderBytes: 2048)
            }
            switch scan {
            case .incomplete: return
            case .failure(let failure):
                failed = failure
                return
            case .complete(let end):
                let result = input.withUnsafeBufferPointer {
                    RequestHeadParser.parse($0, start: from, end: end, maxTargetBytes: 1024)
                }
                switch result {
                case .failure(let failure):
                    failed = failure
                    return
                case .success(let head):
                    // Touch everything a handler might read.
                    let headers = HTTPHeaders(bytes: Array(input[from..<end]), fields: head.fields)
                    for field in headers { _ = field.name.count + field.value.count }
                    start = end
                    scanFrom = end
                    requestLineEnd = -1
                    switch head.framing {
                    case .none: parsed += 1
                    case .length(let n):
                        if n > 1 << 20 {
                            failed = ParseFailure(status: .payloadTooLarge, detail: "")
                            return
                        }
                        inBody = .length(n)
                        remaining = n
                    case .chunked:
                        inBody = .chunked
                        decoder = ChunkedDecoder()
                        body = []
                    }
                }
            }
        }
    }
}

@Suite struct FuzzTests {
    /// 100,000 random and mutated requests through the parser, each split at random points.
    @Test func parserSurvivesRandomAndMutatedInput() async throws {
        // CPU-bound: run it off the cooperative pool so the socket tests beside it keep their threads.
        let (parsedTotal, failures) = try await blocking { () -> (Int, [Int: Int]) in
            var rng = SplitMix64(seed: 0x5EED)
            var parsedTotal = 0
            var failures: [Int: Int] = [:]
            for _ in 0..<100_000 {
                let bytes = FuzzCorpus.random(&rng)
                var driver = ParserDriver()
                var offset = 0
                while offset < bytes.count && driver.failed == nil {
                    let n = Int.random(in: 1...max(1, bytes.count - offset), using: &rng)
                    driver.feed(bytes[offset..<min(bytes.count, offset + n)])
                    offset += n
                }
                parsedTotal += driver.parsed
                if let failure = driver.failed { failures[failure.status.code, default: 0] += 1 }
            }
            return (parsedTotal, failures)
        }
        #expect(Set(failures.keys).isSubset(of: [400, 413, 414, 417, 431, 501, 505]), "\(failures)")
        // The corpus must exercise both outcomes.
        #expect(parsedTotal > 10_000)
        #expect(failures[400, default: 0] > 10_000)
    }

    /// The same split at every point, one byte at a time, gives the same result as all at once.
    @Test func splittingNeverChangesTheOutcome() {
        for seed in FuzzCorpus.seeds {
            let bytes = Array(seed.utf8)
            var whole = ParserDriver()
            whole.feed(bytes[...])
            var bytewise = ParserDriver()
            for i in bytes.indices { bytewise.feed(bytes[i...i]) }
            #expect(whole.parsed == bytewise.parsed, "\(seed.debugDescription)")
            #expect(whole.failed == bytewise.failed)
            #expect(whole.failed == nil, "\(seed.debugDescription): \(String(describing: whole.failed))")
        }
    }

    /// A few thousand mutated requests over real sockets: each connection is answered or closed
    /// promptly (the client half-closes after sending), and the server still serves afterwards.
    @Test func serverSurvivesMutatedRequestsOverTheSocket() async throws {
        try await withTestServer(router: makeTestRouter()) { (server) throws in
            var rng = SplitMix64(seed: 0xF022)
            var hung = 0
            for i in 0..<3000 {
                let client = try server.client()
                var bytes = FuzzCorpus.random(&rng)
                if i % 3 == 0 { bytes = Array(FuzzCorpus.seeds[i % FuzzCorpus.seeds.count].utf8) + bytes }
                client.send(bytes)
                client.shutdownWrite()
                if !client.waitForClose() { hung += 1 }
            }
            #expect(hung == 0)
            #expect(TestServer.eventually { server.server.openConnections == 0 })
            #expect(try server.request(get("/hello")).status == 200)
        }
    }
}
