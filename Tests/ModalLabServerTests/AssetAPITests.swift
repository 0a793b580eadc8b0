import Foundation
import JSON
import TestSupport
import Testing

@testable import ModalLabServer

/// Small real images made in the test: a PNG (stored deflate, CRC-32 and Adler-32 computed), the
/// head of a JPEG up to its frame header, a lossless WebP's header, SVG text.
enum TestImages {
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0..<8 { c = (c & 1) != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return c ^ 0xFFFF_FFFF
    }

    static func be32(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(UInt32(data.count)) + body + be32(crc32(body))
    }

    /// A `width` × `height` PNG of one colour (8-bit RGB), decodable by any browser.
    static func png(width: Int, height: Int, rgb: (UInt8, UInt8, UInt8) = (0x20, 0x80, 0xF0)) -> [UInt8] {
        var raw: [UInt8] = []
        for _ in 0..<height {
            raw.append(0)
            for _ in 0..<width { raw += [rgb.0, rgb.1, rgb.2] }
        }
        // zlib with stored blocks of at most 65535 bytes.
        var z: [UInt8] = [0x78, 0x01]
        var i = 0
        repeat {
            let n = min(65535, raw.count - i)
            let last: UInt8 = i + n >= raw.count ? 1 : 0
            z += [last, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
            z += raw[i..<(i + n)]
            i += n
        } while i < raw.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in raw {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        z += be32(b << 16 | a)
        let ihdr = be32(UInt32(width)) + be32(UInt32(height)) + [8, 2, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr) + chunk("IDAT", z)
            + chunk("IEND", [])
    }

    /// A JPEG's head: SOI, an APP0 (JFIF) segment, and a baseline frame header `width` × `height`.
    static func jpeg(width: Int, height: Int) -> [UInt8] {
        [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
            + [
                0xFF, 0xC0, 0x00, 0x11, 0x08, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8),
                UInt8(width & 0xFF), 3,
            ]
            + [1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1] + [0xFF, 0xD9]
    }

    /// A lossless WebP's header, `width` × `height`.
    static func webp(width: Int, height: Int) -> [UInt8] {
        let bits = UInt32(width - 1) | UInt32(height - 1) << 14
        let vp8l: [UInt8] =
            [
                0x2F, UInt8(bits & 0xFF), UInt8(bits >> 8 & 0xFF), UInt8(bits >> 16 & 0xFF), UInt8(bits >> 24), 0, 0, 0,
                0, 0,
            ]
        let payload = Array("WEBP".utf8) + Array("VP8L".utf8) + [UInt8(vp8l.count), 0, 0, 0] + vp8l
        let size = UInt32(payload.count)
        return Array("RIFF".utf8) + [UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), 0, 0] + payload
    }
}

/// `PUT`, `GET`, `DELETE /api/prototypes/{id}/assets/{name}` and the list, over real sockets:
/// each status, the three refusals of issue 26 ("a file renamed to .png that isn't one, an SVG
/// with script, and an asset over the limit are refused with clear errors and nothing stored",
/// checked on disk), and who may read and write.
@Suite struct AssetAPITests {
    /// A request with a binary body, as bytes on the wire (`Connection: close`).
    static func raw(
        _ method: String, _ path: String, body: [UInt8]? = nil, port: Int, auth: Bool = true,
        headers: [String: String] = [:]
    ) -> [UInt8] {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        if auth { head += "Authorization: Bearer \(TestApp.ownerToken)\r\n" }
        for (k, v) in headers.sorted(by: { $0.key < $1.key }) { head += "\(k): \(v)\r\n" }
        if let body { head += "Content-Type: application/octet-stream\r\nContent-Length: \(body.count)\r\n" }
        return Array((head + "\r\n").utf8) + (body ?? [])
    }

    /// What the prototype's asset folder holds, temporary files included.
    static func onDisk(_ s: TestApp, _ id: String = "mail") -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: s.data + "/prototypes/assets/" + id)) ?? []).sorted()
    }

    @Test func uploadListServeReplaceAndDelete() async throws {
        let s = try TestApp(socket: true)
        let c = s.client
        let port = c.port
        let png = TestImages.png(width: 6, height: 4)
        let put = try await c.exchange(
            Self.raw("PUT", "/api/prototypes/mail/assets/home@3x.png", body: png, port: port))
        #expect(put.status == 201, "\(put.text)")
        #expect(put.header("Location") == "/api/prototypes/mail/assets/home@3x.png")
        let etag = try #require(put.header("ETag"))
        #expect(
            put.json?["width"] == .number(6) && put.json?["height"] == .number(4) && put.json?["type"] == "image/png")
        #expect(Self.onDisk(s) == ["home@3x.png"])
        // Served as static files are: its bytes, its type, the same strong ETag, 304.
        let get = try await c.exchange(Self.raw("GET", "/api/prototypes/mail/assets/home@3x.png", port: port))
        #expect(get.status == 200 && get.body == png)
        #expect(get.header("Content-Type") == "image/png" && get.header("ETag") == etag)
        #expect(get.header("X-Content-Type-Options") == "nosniff")
        #expect(!etag.hasPrefix("W/"), "a strong validator")
        let again = try await c.exchange(
            Self.raw("GET", "/api/prototypes/mail/assets/home@3x.png", port: port, headers: ["If-None-Match": etag]))
        #expect(again.status == 304 && again.body.isEmpty)
        // The list: name, type, size, ETag, pixel size, and the limits.
        let jpeg = TestImages.jpeg(width: 640, height: 480)
        let webp = TestImages.webp(width: 30, height: 20)
        #expect(
            try await c.exchange(Self.raw("PUT", "/api/prototypes/mail/assets/photo.JPG", body: jpeg, port: port))
                .status == 201)
        #expect(
            try await c.exchange(Self.raw("PUT", "/api/prototypes/mail/assets/art.webp", body: webp, port: port)).status
                == 201)
        let list = try await c.request("GET", "/api/prototypes/mail/assets")
        let items = try #require(list.json?["assets"]?.arrayValue)
        #expect(items.map { $0["name"]?.stringValue ?? "" } == ["art.webp", "home@3x.png", "photo.JPG"])
        #expect(items[1]["etag"]?.stringValue == etag && items[1]["size"] == .number(Double(png.count)))
        #expect(
            items[2]["width"] == .number(640) && items[2]["height"] == .number(480) && items[2]["type"] == "image/jpeg")
        #expect(
            items[0]["width"] == .number(30) && items[0]["height"] == .number(20) && items[0]["type"] == "image/webp")
        #expect(list.json?["limits"]?["maxFileBytes"] == .number(Double(AssetStore.standardMaxFileBytes)))
        // Replaced: 200 and a new ETag; the old one no longer matches.
        let other = TestImages.png(width: 6, height: 5)
        let replaced = try await c.exchange(
            Self.raw("PUT", "/api/prototypes/mail/assets/home@3x.png", body: other, port: port))
        #expect(replaced.status == 200 && replaced.header("ETag") != etag, "\(replaced.text)")
        let stale = try await c.exchange(
            Self.raw("GET", "/api/prototypes/mail/assets/home@3x.png", port: port, headers: ["If-None-Match": etag]))
        #expect(stale.status == 200 && stale.body == other)
        // Deleted: 204, then 404 for the asset and for a second delete.
        #expect(
            try await c.exchange(Self.raw("DELETE", "/api/prototypes/mail/assets/home@3x.png", port: port)).status
                == 204)
        #expect(
            try await c.exchange(Self.raw("GET", "/api/prototypes/mail/assets/home@3x.png", port: port)).status == 404)
        #expect(
            try await c.exchange(Self.raw("DELETE", "/api/prototypes/mail/assets/home@3x.png", port: port)).status
                == 404)
        #expect(Self.onDisk(s) == ["art.webp", "photo.JPG"])
    }

    @Test func whatIsNotTheImageItClaimsIsRefusedAndNothingIsStored() async throws {
        let s = try TestApp(socket: true)
        let c = s.client
        let port = c.port
        func put(_ name: String, _ body: [UInt8]) async throws -> TestResponse {
            try await c.exchange(Self.raw("PUT", "/api/prototypes/mail/assets/\(name)", body: body, port: port))
        }
        // A file renamed to .png that isn't one: 415 saying what it is.
        let text = try await put("frame.png", Array("just some notes\n".utf8))
        #expect(text.status == 415 && text.header("Content-Type") == "application/problem+json", "\(text.text)")
        #expect(
            text.json?["detail"]?.stringValue?.contains("frame.png is named as a PNG image but its bytes are text")
                == true)
        #expect(text.header("Accept")?.contains("image/webp") == true)
        let renamed = try await put("frame.png", TestImages.jpeg(width: 10, height: 10))
        #expect(renamed.status == 415)
        #expect(
            renamed.json?["detail"]?.stringValue?.contains(
                "its bytes are a JPEG image; upload it under a name ending in .jpg") == true)
        let pdf = try await put("frame.png", Array("%PDF-1.7\n".utf8))
        #expect(pdf.json?["detail"]?.stringValue?.contains("a PDF document") == true)
        let broken = try await put("frame.png", Array(TestImages.png(width: 2, height: 2).prefix(20)))
        #expect(broken.status == 415 && broken.json?["detail"]?.stringValue?.contains("no IHDR chunk") == true)
        let html = try await put("frame.svg", Array("<html><script>alert(1)</script></html>".utf8))
        #expect(html.status == 415 && html.json?["detail"]?.stringValue?.contains("not <svg>") == true, "\(html.text)")
        // An SVG that could run script: 422, whatever hides it.
        for svg in [
            #"<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>"#,
            #"<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>"#,
            #"<svg xmlns="http://www.w3.org/2000/svg"><a href="java&#x09;script:alert(1)"><rect/></a></svg>"#,
            #"<svg xmlns="http://www.w3.org/2000/svg"><a href="&#106;avascript:alert(1)"><rect/></a></svg>"#,
            #"<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><body xmlns="http://www.w3.org/1999/xhtml"/></foreignObject></svg>"#,
            #"<!DOCTYPE svg [<!ENTITY x "y">]><svg xmlns="http://www.w3.org/2000/svg">&x;</svg>"#,
            #"<svg xmlns="http://www.w3.org/2000/svg"><rect ONCLICK = "alert(1)"/></svg>"#,
        ] {
            let r = try await put("icon.svg", Array(svg.utf8))
            #expect(r.status == 422, "\(svg): \(r.status) \(r.text)")
            #expect(r.json?["detail"]?.stringValue?.hasPrefix("icon.svg is refused: it ") == true, "\(r.text)")
        }
        // An asset over the limit: 413 before a byte of it is stored.
        let big = [UInt8](repeating: 0, count: AssetStore.standardMaxFileBytes + 1)
        let over = try await put("huge.png", TestImages.png(width: 1, height: 1) + big)
        #expect(over.status == 413, "\(over.text)")
        #expect(Self.onDisk(s).isEmpty, "nothing stored, no temporary file left: \(Self.onDisk(s))")
        // A clean SVG is taken, and served so that it can't run anything if opened on its own.
        let clean =
            ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#08f"/></svg>"##
        #expect(try await put("icon.svg", Array(clean.utf8)).status == 201)
        let served = try await c.exchange(Self.raw("GET", "/api/prototypes/mail/assets/icon.svg", port: port))
        #expect(served.status == 200 && served.header("Content-Type")?.hasPrefix("image/svg+xml") == true)
        #expect(served.header("Content-Security-Policy") == "sandbox; default-src 'none'; style-src 'unsafe-inline'")
        #expect(served.header("X-Content-Type-Options") == "nosniff")
    }

    @Test func namesAndAudiences() async throws {
        let s = try TestApp(socket: true)
        let c = s.client
        let port = c.port
        let png = TestImages.png(width: 2, height: 2)
        // Names: no dot-files, no separators, an image extension.
        for name in [".hidden.png", "a%2Fb.png", "notes.txt", "x", "%2E%2E%2Fx.png"] {
            let r = try await c.exchange(Self.raw("PUT", "/api/prototypes/mail/assets/\(name)", body: png, port: port))
            #expect(r.status == 400 || r.status == 404, "\(name): \(r.status) \(r.text)")
        }
        #expect(
            try await c.exchange(Self.raw("PUT", "/api/prototypes/nothing/assets/a.png", body: png, port: port)).status
                == 404)
        #expect(
            try await c.exchange(Self.raw("PUT", "/api/prototypes/mail/assets/a.png", body: png, port: port)).status
                == 201)
        // Only the owner writes; a share link of the prototype reads, one of another doesn't.
        #expect(
            try await c.exchange(
                Self.raw("PUT", "/api/prototypes/mail/assets/b.png", body: png, port: port, auth: false)
            )
            .status == 401)
        #expect(
            try await c.exchange(Self.raw("GET", "/api/prototypes/mail/assets/a.png", port: port, auth: false)).status
                == 401)
        func link(_ prototype: String, role: String = "view") async throws -> String {
            let created = try await c.json(
                "POST", "/api/shares", ["prototype": .string(prototype), "role": .string(role)])
            let url = try #require(created.json?["url"]?.stringValue, "\(created.text)")
            let opened = try await c.request("GET", String(url[url.range(of: "/s/")!.lowerBound...]), auth: false)
            return String(try #require(opened.header("Set-Cookie")).split(separator: ";")[0])
        }
        let mine = try await link("mail")
        let theirs = try await link("photos")
        let read = try await c.exchange(
            Self.raw("GET", "/api/prototypes/mail/assets/a.png", port: port, auth: false, headers: ["Cookie": mine]))
        #expect(read.status == 200 && read.body == png)
        let list = try await c.exchange(
            Self.raw("GET", "/api/prototypes/mail/assets", port: port, auth: false, headers: ["Cookie": mine]))
        #expect(list.status == 200)
        let other = try await c.exchange(
            Self.raw("GET", "/api/prototypes/mail/assets/a.png", port: port, auth: false, headers: ["Cookie": theirs]))
        #expect(other.status == 404)
        // A report link's replays, heat maps and watch pages draw the pictures: it reads them
        // too, of its own prototype only.
        let report = try await link("mail", role: "report")
        let reported = try await c.exchange(
            Self.raw("GET", "/api/prototypes/mail/assets/a.png", port: port, auth: false, headers: ["Cookie": report]))
        #expect(reported.status == 200 && reported.body == png, "\(reported.status)")
        let otherReport = try await link("photos", role: "report")
        let elsewhere = try await c.exchange(
            Self.raw(
                "GET", "/api/prototypes/mail/assets/a.png", port: port, auth: false, headers: ["Cookie": otherReport]))
        #expect(elsewhere.status == 404)
        let write = try await c.exchange(
            Self.raw(
                "PUT", "/api/prototypes/mail/assets/c.png", body: png, port: port, auth: false,
                headers: ["Cookie": mine]))
        #expect(write.status == 401 || write.status == 403, "\(write.status)")
        #expect(Self.onDisk(s) == ["a.png"])
    }

    /// The limits `serve` takes (`--max-asset-bytes`, `--max-prototype-asset-bytes`,
    /// `--max-assets-per-prototype`) reach the store: the list gives them, and over real sockets an
    /// upload past each is a 413 naming the limit, with nothing stored.
    @Test func theLimitsAreServesOptions() async throws {
        let a = try Arguments(
            ["--max-asset-bytes", "2000", "--max-prototype-asset-bytes", "3000", "--max-assets-per-prototype", "3"],
            options: Set(ServeCommand.assetOptions.map(\.name)), flags: [], usage: ServeCommand.usage)
        var c = AppConfiguration()
        #expect(ServeCommand.readAssetLimits(a, into: &c) == nil)
        #expect(c.maxAssetBytes == 2000 && c.maxPrototypeAssetBytes == 3000 && c.maxAssetsPerPrototype == 3)
        for (option, bad) in [
            ("--max-asset-bytes", "0"), ("--max-prototype-asset-bytes", "1e6"), ("--max-assets-per-prototype", "-2"),
        ] {
            #expect(ServeCommand.run([option, bad]) == 2, "\(option) \(bad)")
        }
        let s = try TestApp(socket: true) {
            $0.maxAssetBytes = c.maxAssetBytes
            $0.maxPrototypeAssetBytes = c.maxPrototypeAssetBytes
            $0.maxAssetsPerPrototype = c.maxAssetsPerPrototype
        }
        let client = s.client
        let port = client.port
        func put(_ name: String, _ body: [UInt8]) async throws -> TestResponse {
            try await client.exchange(Self.raw("PUT", "/api/prototypes/mail/assets/\(name)", body: body, port: port))
        }
        let list = try await client.request("GET", "/api/prototypes/mail/assets")
        #expect(
            list.json?["limits"]
                == ["maxFileBytes": .number(2000), "maxPrototypeBytes": .number(3000), "maxFiles": .number(3)])
        let big = TestImages.png(width: 30, height: 30)  // 2,796 bytes
        #expect(big.count > 2000 && big.count < 3000)
        let overFile = try await put("big.png", big)
        #expect(overFile.status == 413, "\(overFile.text)")
        #expect(overFile.header("Content-Type") == "application/problem+json")
        let small = TestImages.png(width: 20, height: 20)  // 1,296 bytes
        #expect(try await put("a.png", small).status == 201)
        #expect(try await put("b.png", small).status == 201)
        let overPrototype = try await put("c.png", small)
        #expect(
            overPrototype.status == 413 && overPrototype.json?["limit"] == "maxPrototypeBytes", "\(overPrototype.text)")
        let tiny = TestImages.png(width: 1, height: 1)
        #expect(try await put("c.png", tiny).status == 201)
        let overCount = try await put("d.png", tiny)
        #expect(overCount.status == 413 && overCount.json?["limit"] == "maxFiles", "\(overCount.text)")
        #expect(Self.onDisk(s) == ["a.png", "b.png", "c.png"])
    }

    /// The per-prototype limits (bytes and files), on a store with small ones; and a crash's
    /// temporary file is gone at the next start.
    @Test func thePrototypesLimitsAndTemporaryFiles() throws {
        let dir = try TemporaryDirectory("asset-store")
        defer { dir.remove() }
        let store = AssetStore(root: dir.path + "/assets", maxFileBytes: 1000, maxPrototypeBytes: 1500, maxFiles: 3)
        let a = TestImages.png(width: 12, height: 12)
        #expect(a.count > 400 && a.count < 700)
        #expect(try store.write("p", "a.png", a) == false)
        #expect(try store.write("p", "a.png", a) == true, "a replacement doesn't count itself")
        #expect(try store.write("p", "b.png", a) == false)
        #expect(throws: AssetStore.WriteRefusal.self) { try store.write("p", "c.png", a) }
        #expect(store.list("p").map(\.name) == ["a.png", "b.png"])
        let tiny = TestImages.png(width: 1, height: 1)
        #expect(try store.write("p", "c.png", tiny) == false)
        #expect(throws: AssetStore.WriteRefusal.self) { try store.write("p", "d.png", tiny) }
        _ = FileManager.default.createFile(
            atPath: store.folder("p") + "/" + InterruptedWrites.temporaryPrefix + "-upload-crashed",
            contents: Data([1, 2, 3]))
        InterruptedWrites.removeTemporaryFiles(
            in: InterruptedWrites.folders(data: dir.path, prototypes: dir.path, perPrototype: [store.root]))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: store.folder("p")).sorted() == [
                "a.png", "b.png", "c.png",
            ])
    }
}
