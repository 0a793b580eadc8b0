import Foundation
import TestSupport
import Testing

@testable import HTTPServer

/// `/public/` over real sockets: types, validators, 304, ranges, and containment.
@Suite struct StaticFilesTests {
    /// A temporary tree: root/{index.html, app.js, style.css, data.json, big.bin, sub/x.svg, .hidden},
    /// a secret beside the root, and symlinks out of (and inside) the root.
    static func makeTree() throws -> (root: String, cleanup: () -> Void) {
        let folder = try TemporaryDirectory("static-files")
        let base = folder.path
        let root = base + "/public"
        let fm = FileManager.default
        try fm.createDirectory(atPath: root + "/sub", withIntermediateDirectories: true)
        try "<h1>hi</h1>".write(toFile: root + "/index.html", atomically: true, encoding: .utf8)
        try "export const x = 1;".write(toFile: root + "/app.js", atomically: true, encoding: .utf8)
        try "body{}".write(toFile: root + "/style.css", atomically: true, encoding: .utf8)
        try "{}".write(toFile: root + "/data.json", atomically: true, encoding: .utf8)
        try "<svg/>".write(toFile: root + "/sub/x.svg", atomically: true, encoding: .utf8)
        try "a b".write(toFile: root + "/with space.txt", atomically: true, encoding: .utf8)
        try "hidden".write(toFile: root + "/.hidden", atomically: true, encoding: .utf8)
        try "SECRET".write(toFile: base + "/secret.txt", atomically: true, encoding: .utf8)
        try Self.bigFile.write(to: URL(fileURLWithPath: root + "/big.bin"))
        try fm.createSymbolicLink(atPath: root + "/escape.txt", withDestinationPath: base + "/secret.txt")
        try fm.createSymbolicLink(atPath: root + "/escape-dir", withDestinationPath: base)
        try fm.createSymbolicLink(atPath: root + "/alias.css", withDestinationPath: root + "/style.css")
        return (root, { folder.remove() })
    }

    /// 1 MiB of a known pattern, computed once (a debug build is slow at per-byte closures).
    static let bigBytes: [UInt8] = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    static let bigFile = Data(bigBytes)

    static func router(root: String, revalidateInterval: Double = 1) -> Router {
        var files = StaticFiles(root: root)
        files.revalidateInterval = revalidateInterval
        let router = Router()
        router.get("/public/*", files.handler)
        return router
    }

    @Test func servesFilesWithTypesAndValidators() async throws {
        let (root, cleanup) = try Self.makeTree()
        defer { cleanup() }
        try await withTestServer(router: Self.router(root: root)) { (server) throws in
            let client = try server.client()
            for (path, type, body) in [
                ("index.html", "text/html; charset=utf-8", "<h1>hi</h1>"),
                ("app.js", "text/javascript; charset=utf-8", "export const x = 1;"),
                ("style.css", "text/css; charset=utf-8", "body{}"),
                ("data.json", "application/json; charset=utf-8", "{}"),
                ("sub/x.svg", "image/svg+xml; charset=utf-8", "<svg/>"),
                ("with%20space.txt", "text/plain; charset=utf-8", "a b"),
                ("alias.css", "text/css; charset=utf-8", "body{}"),
            ] {
                client.send(get("/public/" + path))
                let response = try client.readResponse()
                #expect(response.status == 200, "\(path)")
                #expect(response.header("content-type") == type)
                #expect(response.text == body)
                #expect(response.header("etag")?.hasPrefix("\"") == true)
                #expect(response.header("last-modified").flatMap(HTTPDate.parse) != nil)
                #expect(response.header("accept-ranges") == "bytes")
                #expect(response.header("cache-control") == "no-cache")
                #expect(response.header("x-content-type-options") == "nosniff")
            }
            client.send("HEAD /public/index.html HTTP/1.1\r\nHost: t\r\n\r\n")
            let head = try client.readResponse(head: true)
            #expect(head.header("content-length") == "11")
            // A large file goes out with sendfile.
            client.send(get("/public/big.bin"))
            let big = try client.readResponse()
            #expect(big.body.count == 1 << 20)
            #expect(big.body == Self.bigBytes)
            #expect(big.header("content-type") == "application/octet-stream")
        }
    }

    /// A file of `sendFileMinBytes` or more, up to `maxCachedFileBytes`, is cached open, not in
    /// memory, and sent with sendfile(2) behind its head: whole, as a range, for HEAD, again from
    /// the cache, on one keep-alive connection with small files between (the head, sent as more
    /// to follow, does not wait for anything but its file); an edit shows after the interval.
    @Test func midSizedFilesAreCachedOpenAndSentWithSendfile() async throws {
        let (root, cleanup) = try Self.makeTree()
        defer { cleanup() }
        let mid = Array(Self.bigBytes[..<20_000])
        try Data(mid).write(to: URL(fileURLWithPath: root + "/mid.bin"))
        var files = StaticFiles(root: root)
        files.revalidateInterval = 0.3
        let router = Router()
        router.get("/public/*", files.handler)
        let cache = files.cache
        try await withTestServer(router: router) { (server) throws in
            let client = try server.client()
            for _ in 0..<3 {
                client.send(get("/public/mid.bin"))
                let response = try client.readResponse()
                #expect(response.status == 200)
                #expect(response.header("content-length") == "20000")
                #expect(response.body == mid)
                client.send(get("/public/app.js"))
                #expect(try client.readResponse().text == "export const x = 1;")
            }
            let held = cache.held
            #expect(held.openFiles == 1)
            #expect(held.bytes == "export const x = 1;".utf8.count)
            client.send(get("/public/mid.bin", "Range: bytes=19990-\r\n"))
            let range = try client.readResponse()
            #expect(range.status == 206)
            #expect(range.header("content-range") == "bytes 19990-19999/20000")
            #expect(range.body[...] == mid[19990...])
            client.send("HEAD /public/mid.bin HTTP/1.1\r\nHost: t\r\n\r\n")
            let head = try client.readResponse(head: true)
            #expect(head.header("content-length") == "20000")
            #expect(head.body.isEmpty)
            client.send(get("/public/style.css"))
            #expect(try client.readResponse().text == "body{}")
            // Replaced (a new file renamed over it, as editors save): shown after the interval.
            let edited = Array(Self.bigBytes[1000..<31_000])
            try Data(edited).write(to: URL(fileURLWithPath: root + "/mid.bin"), options: .atomic)
            #expect(TestServer.eventually { (try? server.request(get("/public/mid.bin")))?.body == edited })
            #expect(cache.held.openFiles == 1)
        }
    }

    @Test func conditionalRequests() async throws {
        let (root, cleanup) = try Self.makeTree()
        defer { cleanup() }
        // Revalidate on every request so the edit below shows at once.
        try await withTestServer(router: Self.router(root: root, revalidateInterval: 0)) { (server) throws in
            let first = try server.request(get("/public/app.js"))
            let etag = try #require(first.header("etag"))
            let lastModified = try #require(first.header("last-modified"))
            let notModified = try server.request(get("/public/app.js", "If-None-Match: \"nope\", \(etag)\r\n"))
            #expect(notModified.status == 304)
            #expect(notModified.header("etag") == etag)
            #expect(notModified.body.isEmpty)
            #expect(try server.request(get("/public/app.js", "If-None-Match: W/\(etag)\r\n")).status == 304)
            #expect(try server.request(get("/public/app.js", "If-None-Match: *\r\n")).status == 304)
            #expect(try server.request(get("/public/app.js", "If-None-Match: \"other\"\r\n")).status == 200)
            #expect(try server.request(get("/public/app.js", "If-Modified-Since: \(lastModified)\r\n")).status == 304)
            #expect(
                try server.request(get("/public/app.js", "If-Modified-Since: Sun, 06 Nov 1994 08:49:37 GMT\r\n")).status
                    == 200)
            // If-None-Match wins over If-Modified-Since.
            #expect(
                try server.request(
                    get("/public/app.js", "If-None-Match: \"other\"\r\nIf-Modified-Since: \(lastModified)\r\n")
                ).status
                    == 200)
            // An edit changes the validators at once. Same size and inode: only the modification
            // time tells, set explicitly rather than hoped to tick.
            try "export const x = 2;".write(toFile: root + "/app.js", atomically: false, encoding: .utf8)
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSince1970: 1_000_000_000)], ofItemAtPath: root + "/app.js")
            let edited = try server.request(get("/public/app.js", "If-None-Match: \(etag)\r\n"))
            #expect(edited.status == 200)
            #expect(edited.text == "export const x = 2;")
        }
    }

    @Test func editsShowWithinTheRevalidateInterval() async throws {
        let (root, cleanup) = try Self.makeTree()
        defer { cleanup() }
        try await withTestServer(router: Self.router(root: root, revalidateInterval: 0.3)) { (server) throws in
            #expect(try server.request(get("/public/style.css")).text == "body{}")
            try "body{color:red}".write(toFile: root + "/style.css", atomically: true, encoding: .utf8)
            #expect(
                TestServer.eventually {
                    (try? server.request(get("/public/style.css")))?.text == "body{color:red}"
                })
            // A file that disappears is gone after the interval too.
            try FileManager.default.removeItem(atPath: root + "/style.css")
            #expect(
                TestServer.eventually { (try? server.request(get("/public/style.css")))?.status == 404 })
        }
    }

    @Test func editsWaitForTheRevalidateInterval() async throws {
        let (root, cleanup) = try Self.makeTree()
        defer { cleanup() }
        try await withTestServer(router: Self.router(root: root, revalidateInterval: 3600)) { (server) throws in
            #expect(try server.request(get("/public/style.css")).text == "body{}")
            // Within the interval the cached copy is served without a look at the disk.
            try "body{color:red}".write(toFile: root + "/style.css", atomically: false, encoding: .utf8)
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSince1970: 1_000_000_000)], ofItemAtPath: root + "/style.css")
            #expect(try server.request(get("/public/style.css")).text == "body{}")
            try FileManager.default.removeItem(atPath: root + "/style.css")
            #expect(try server.request(get("/public/style.css")).text == "body{}")
            // A file never served is looked up at once.
            #expect(try server.request(get("/public/data.json")).text == "{}")
        }
    }

    @Test func byteRanges() async throws {
        let (root, cleanup) = try Self.makeTree()
        defer { cleanup() }
        try await withTestServer(router: Self.router(root: root)) { (server) throws in
            let text = "export const x = 1;"  // 19 bytes
            let cases: [(String, Int, String?, String?)] = [
                ("bytes=0-5", 206, "bytes 0-5/19", "export"),
                ("bytes=7-", 206, "bytes 7-18/19", "const x = 1;"),
                ("bytes=-2", 206, "bytes 17-18/19", "1;"),
                ("bytes=10-1000", 206, "bytes 10-18/19", "st x = 1;"),
                ("bytes=-100", 206, "bytes 0-18/19", text),
                ("bytes=19-", 416, "bytes */19", nil),
                ("bytes=-0", 416, "bytes */19", nil),
                ("bytes=5-2", 200, nil, text),
                ("bytes=0-1,3-4", 200, nil, text),
                ("items=0-1", 200, nil, text),
                ("bytes=a-b", 200, nil, text),
            ]
            for (range, status, contentRange, body) in cases {
                let response = try server.request(get("/public/app.js", "Range: \(range)\r\n"))
                #expect(response.status == status, "\(range)")
                #expect(response.header("content-range") == contentRange, "\(range)")
                if let body { #expect(response.text == body, "\(range)") }
            }
            let big = try server.request(get("/public/big.bin", "Range: bytes=1000-1999\r\n"))
            #expect(big.status == 206)
            #expect(big.body[...] == Self.bigBytes[1000..<2000])
            let etag = try #require(try server.request(get("/public/app.js")).header("etag"))
            #expect(
                try server.request(get("/public/app.js", "Range: bytes=0-1\r\nIf-Range: \(etag)\r\n")).status == 206)
            #expect(
                try server.request(get("/public/app.js", "Range: bytes=0-1\r\nIf-Range: \"old\"\r\n")).status == 200)
        }
    }

    @Test(arguments: [
        "/public/../secret.txt",
        "/public/%2e%2e/secret.txt",
        "/public/%2E%2E%2Fsecret.txt",
        "/public/%252e%252e/secret.txt",
        "/public/%252e%252e%252fsecret.txt",
        "/public/..%2fsecret.txt",
        "/public/..%5csecret.txt",
        "/public/..\\secret.txt",
        "/public/sub/../../secret.txt",
        "/public/./index.html",
        "/public/index.html%00.txt",
        "/public/escape.txt",
        "/public/escape-dir/secret.txt",
        "/public/.hidden",
        "/public/sub",
        "/public/",
        "/public/nothing.txt",
        "/public/%c0%ae%c0%ae/secret.txt",
        "/public/sub/%2e%2e/%2e%2e/secret.txt",
        "/public/index.html/",
        "/public/app.js%2F",
    ])
    func nothingLeavesTheRoot(target: String) async throws {
        let (root, cleanup) = try Self.makeTree()
        defer { cleanup() }
        try await withTestServer(router: Self.router(root: root)) { (server) throws in
            let response = try server.request(get(target))
            // 400 is also safe for targets that do not decode; everything else must be 404.
            #expect(response.status == 404 || response.status == 400, "\(target) → \(response.status) \(response.text)")
            #expect(!response.text.contains("SECRET"))
            #expect(!response.text.contains("hidden"))
        }
    }
}
