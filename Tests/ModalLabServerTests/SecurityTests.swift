import Foundation
import JSON
import TestSupport
import Testing

@testable import ModalLabServer

/// What a share link and a page of another origin can't do, and what a revocation does — over
/// real sockets, as an attacker or a browser would send it.
@Suite(.serialized) struct SecurityTests {
    static let token = "owner-test-token"

    /// Trades the owner token at `/`; returns the `Set-Cookie` value and the `name=value` pair.
    func signIn(_ c: AppClient) async throws -> (setCookie: String, pair: String) {
        let visit = try await c.request("GET", "/?token=\(Self.token)", auth: false)
        let setCookie = try #require(visit.header("Set-Cookie"), "\(visit.status) \(visit.text)")
        return (setCookie, String(setCookie.split(separator: ";")[0]))
    }

    /// Creates a share link to `mail` and opens it; returns its id, token and cookie pair.
    func share(_ c: AppClient, role: String = "view") async throws -> (id: String, token: String, cookie: String) {
        let created = try await c.json("POST", "/api/shares", ["prototype": "mail", "role": .string(role)])
        let url = try #require(created.json?["url"]?.stringValue, "\(created.status) \(created.text)")
        let path = String(url[url.range(of: "/s/")!.lowerBound...])
        let opened = try await c.request("GET", path, auth: false)
        let cookie = String(try #require(opened.header("Set-Cookie")).split(separator: ";")[0])
        #expect(cookie.hasPrefix("modallab_share_\(c.port)="), "named by the port, as the owner's")
        return (try #require(created.json?["id"]?.stringValue), String(path.dropFirst(3)), cookie)
    }

    /// A problem quotes what the request named, up to a bound: a megabyte-long prototype id
    /// or device is a 4xx of a few kilobytes, in JSON and in an HTML error page alike.
    @Test func aProblemDoesNotEchoAMegabyte() async throws {
        let s = try TestApp()
        let long = String(repeating: "a", count: 1_000_000)
        for body in [#"{"prototype": "\#(long)"}"#, #"{"prototype": "mail", "device": "\#(long)"}"#] {
            let r = try await s.client.request("POST", "/api/sessions", body: body)
            #expect((400..<500).contains(r.status), "\(r.status)")
            #expect(r.body.count < 8_000, "\(r.status): \(r.body.count) bytes")
            #expect(r.json?["detail"]?.stringValue?.hasSuffix("…") == true)
        }
        // A megabyte-long member name: the path that names it is bounded too.
        let key = try await s.client.request("POST", "/api/sessions", body: #"{"prototype": "mail", "\#(long)": 1}"#)
        #expect(key.status == 400 && key.body.count < 12_000, "\(key.status): \(key.body.count) bytes")
        let page = try await s.client.request("GET", "/p/" + String(repeating: "b", count: 6_000))
        #expect((400..<500).contains(page.status) && page.body.count < 40_000, "\(page.status): \(page.body.count)")
        #expect(Problem.bounded(String(repeating: "é", count: 5_000)).utf8.count <= Problem.maxDetailBytes)
        #expect(Problem.bounded("short") == "short")
    }

    /// A body that is not JSON is a 400 whose `path` says where: the repeated member, the
    /// element with the broken value.
    @Test func aSyntaxErrorNamesItsPath() async throws {
        let s = try TestApp()
        let twice = try await s.client.request(
            "POST", "/api/sessions", body: #"{"prototype": "mail", "prototype": "notes"}"#)
        #expect(twice.status == 400 && twice.json?["path"]?.stringValue == "$.prototype", "\(twice.text)")
        #expect(twice.json?["detail"]?.stringValue?.contains("line 1, column 23") == true, "\(twice.text)")
        let sid = try await s.session("mail", device: "iphone-16")
        let broken = try await s.client.request(
            "POST", "/api/sessions/\(sid)/events", body: #"{"events": [{"type": "misclick"}, {"type": misclick}]}"#)
        #expect(broken.status == 400 && broken.json?["path"]?.stringValue == "$.events[1].type", "\(broken.text)")
    }

    // MARK: The owner token

    /// A link's label is a line (at most 200 characters, as the share manager's field takes),
    /// and a participant link lists each task once.
    @Test func aLinksLabelAndTasksAreBounded() async throws {
        let s = try TestApp()
        let long = try await s.client.json(
            "POST", "/api/shares",
            ["prototype": "mail", "role": "view", "label": .string(String(repeating: "l", count: 201))])
        #expect(long.status == 400 && long.json?["path"]?.stringValue == "$.label", "\(long.text)")
        let fits = try await s.client.json(
            "POST", "/api/shares",
            ["prototype": "mail", "role": "view", "label": .string(String(repeating: "l", count: 200))])
        #expect(fits.status == 201, "\(fits.text)")
        let twice = try await s.client.json(
            "POST", "/api/shares",
            ["prototype": "mail", "role": "participant", "tasks": ["send-draft", "share-inbox", "send-draft"]])
        #expect(twice.status == 400 && twice.json?["path"]?.stringValue == "$.tasks[2]", "\(twice.text)")
    }

    /// A share link's address is built on the request's `Host` only when that is a host and
    /// port; an empty or malformed one gives the bound address instead (`http:///s/…` was made).
    @Test func aShareLinksAddressIsBuiltOnAHostOrTheBoundAddress() async throws {
        for good in [
            "127.0.0.1:8080", "localhost", "modallab.local:80", "[::1]:8080", "192.168.1.5:18555", "my_box:80",
        ] {
            #expect(ShareController.linkHost(good) == good)
        }
        for bad in [
            nil, "", ":8080", "a b", "evil.example/x", "evil.example:99999", "evil.example:80x", "[::1", "[:x]", ".",
            "h\u{0}st", "é.example", "@x",
        ] {
            #expect(ShareController.linkHost(bad) == nil, "\(bad ?? "nil")")
        }
        let s = try TestApp(socket: true)
        let made = try await s.client.json("POST", "/api/shares", ["prototype": "mail", "role": "view"])
        let url = try #require(made.json?["url"]?.stringValue)
        #expect(url.hasPrefix("http://127.0.0.1:\(s.client.port)/s/"), "\(url)")
        // An empty Host: the bound address and port (the server listens on a port chosen for it).
        let raw = try TestClient(port: s.client.port)
        let body = #"{"prototype": "mail", "role": "view"}"#
        raw.send(
            "POST /api/shares HTTP/1.1\r\nHost: \r\nAuthorization: Bearer \(TestApp.ownerToken)\r\n"
                + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
        let answer = try await blocking { try raw.readResponse() }
        let fallback = try #require(answer.json?["url"]?.stringValue, "\(answer.status) \(answer.text)")
        #expect(fallback.hasPrefix("http://127.0.0.1:\(s.client.port)/s/"), "\(fallback)")
    }

    /// `serve` warns about an owner token someone chose that is short, or that a Bearer field
    /// or the printed address can't carry; the token it makes draws no warning.
    @Test func aWeakOwnerTokenIsWarnedAbout() throws {
        #expect(OwnerAccess.weakTokenWarning("a")?.contains("1 characters") == true)
        #expect(OwnerAccess.weakTokenWarning("has space and is long enough to pass")?.contains("U+20") == true)
        #expect(OwnerAccess.weakTokenWarning("tab\there-and-long-enough-too")?.contains("U+9") == true)
        #expect(OwnerAccess.weakTokenWarning("ümlaut-and-long-enough-to-pass")?.contains("U+FC") == true)
        #expect(OwnerAccess.weakTokenWarning("hash#ends-the-address-so-warn")?.contains("U+23") == true)
        #expect(OwnerAccess.weakTokenWarning("plus+is-a-space-in-a-query-x")?.contains("U+2B") == true)
        #expect(OwnerAccess.weakTokenWarning(String(repeating: "x", count: 22)) == nil)
        #expect(OwnerAccess.weakTokenWarning("Az09-._~Az09-._~Az09-._~") == nil)
        let dir = try TemporaryDirectory("weak-token")
        defer { dir.remove() }
        let made = try OwnerAccess.load(dataDirectory: dir.path, explicit: nil)
        if ProcessInfo.processInfo.environment["MODALLAB_OWNER_TOKEN"] == nil {
            #expect(OwnerAccess.weakTokenWarning(made.token) == nil, "\(made.token)")
        }
    }

    /// The owner's 8 MiB prototype upload is not read from anyone else: a request without
    /// credentials is answered 401 on its head alone — before any byte of its body, and instead
    /// of `100 Continue` — and the connection closes; the owner's own upload goes through.
    @Test func aLargeBodyOnlyTheOwnerMaySendIsRefusedBeforeItIsRead() async throws {
        let s = try TestApp(socket: true)
        let port = s.client.port
        let size = 8 << 20
        for expect in ["", "Expect: 100-continue\r\n"] {
            let stranger = try TestClient(port: port)
            stranger.send(
                "PUT /api/prototypes/x HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                    + "Content-Length: \(size)\r\n\(expect)\r\n")
            let refused = try await blocking { try stranger.readResponse() }
            #expect(refused.status == 401, "\(refused.status) \(refused.text)")
            #expect(refused.header("connection") == "close")
            #expect(try await blocking { stranger.waitForClose() })
        }
        let chunked = try TestClient(port: port)
        chunked.send(
            "PUT /api/prototypes/x HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n")
        #expect(try await blocking { try chunked.readResponse() }.status == 401)
        let tiny = #"{"format": "modallab/1", "id": "tiny", "start": "home", "screens": [{"id": "home"}]}"#
        #expect(try await s.client.request("PUT", "/api/prototypes/tiny", body: tiny).status == 201)
    }

    @Test func theTokenIsTradedAtTheRootAndNowhereElse() async throws {
        let s = try TestApp(socket: true)
        let c = s.client
        // Elsewhere `?token=` counts for nothing: the same 401 as no credentials at all.
        for path in [
            "/api/logs.csv", "/api/logs.ndjson", "/api/prototypes", "/api/shares", "/metrics", "/p/mail",
            "/p/mail/insights", "/api/logs/summary.json",
        ] {
            #expect(try await c.request("GET", path + "?token=\(Self.token)", auth: false).status == 401, "\(path)")
        }
        #expect(
            try await c.request(
                "POST", "/api/shares?token=\(Self.token)", body: #"{"prototype": "mail"}"#, auth: false
            ).status == 401)
        // At `/` it is traded for a session: 303 to `/` without the token, never cached.
        let visit = try await c.request("GET", "/?token=\(Self.token)", auth: false)
        #expect(visit.status == 303)
        #expect(visit.header("Location") == "/")
        #expect(visit.header("Cache-Control") == "no-store")
        let setCookie = try #require(visit.header("Set-Cookie"))
        #expect(!setCookie.contains(Self.token), "the cookie is not the token")
        #expect(setCookie.hasPrefix("modallab_owner_\(c.port)="))
        #expect(setCookie.contains("HttpOnly") && setCookie.contains("SameSite=Strict") && setCookie.contains("Path=/"))
        let pair = String(setCookie.split(separator: ";")[0])
        #expect(pair.count > "modallab_owner_\(c.port)=".count + 40, "256 random bits")
        // The session opens the owner's pages and API; the token as a cookie opens nothing.
        let gallery = try await c.request("GET", "/", headers: ["Cookie": pair], auth: false)
        #expect(gallery.status == 200 && gallery.text.contains("Mail"))
        #expect(try await c.request("GET", "/api/logs.csv", headers: ["Cookie": pair], auth: false).status == 200)
        let tokenCookie = ["Cookie": "modallab_owner_\(c.port)=\(Self.token)"]
        #expect(try await c.request("GET", "/api/logs.csv", headers: tokenCookie, auth: false).status == 401)
        #expect(try await c.request("GET", "/", headers: tokenCookie, auth: false).status == 401)
        // Scripts keep their bearer header everywhere.
        #expect(try await c.request("GET", "/api/logs.csv").status == 200)
        // A wrong token at `/` is refused with a page, and sets nothing.
        let wrong = try await c.request("GET", "/?token=wrong", auth: false)
        #expect(wrong.status == 401 && wrong.header("Set-Cookie") == nil)
        #expect(wrong.header("Content-Type")?.hasPrefix("text/html") == true)
    }

    /// Two servers on one host (browsers send a host's cookies to all its ports) each have a
    /// cookie of their own, and one's session opens nothing on the other.
    @Test func twoServersOnOneHostKeepTheirOwnSessions() async throws {
        let a = try TestApp(socket: true)
        let b = try TestApp(socket: true)
        let (_, pairA) = try await signIn(a.client)
        let (_, pairB) = try await signIn(b.client)
        #expect(
            pairA.hasPrefix("modallab_owner_\(a.client.port)=") && pairB.hasPrefix("modallab_owner_\(b.client.port)="))
        let both = ["Cookie": pairA + "; " + pairB]
        #expect(try await a.client.request("GET", "/api/prototypes", headers: both, auth: false).status == 200)
        #expect(try await b.client.request("GET", "/api/prototypes", headers: both, auth: false).status == 200)
        let aOnB = pairA.replacingOccurrences(of: "_\(a.client.port)=", with: "_\(b.client.port)=")
        #expect(
            try await b.client.request("GET", "/api/prototypes", headers: ["Cookie": aOnB], auth: false).status == 401)
    }

    // MARK: Other origins

    /// A page on another port of 127.0.0.1 is the same site, so SameSite=Strict sends it the
    /// owner's cookie; what it sends is refused by its Origin, and an unlabelled body by its
    /// type. Nothing is created.
    @Test func pagesOfOtherOriginsCantActAsTheOwner() async throws {
        let s = try TestApp(socket: true)
        let c = s.client
        let (_, pair) = try await signIn(c)
        let own = "http://127.0.0.1:\(c.port)"
        let other = "http://127.0.0.1:\(c.port == 65535 ? 1 : c.port + 1)"
        let bodies = [
            ("/api/shares", #"{"prototype": "mail", "role": "comment"}"#),
            ("/api/comments", #"{"prototype": "mail", "x": 1, "y": 2, "text": "pwned"}"#),
            ("/api/sessions", #"{"prototype": "mail"}"#),
            ("/api/prototypes", #"{"id": "pwned", "name": "Pwned"}"#),
        ]
        for (path, body) in bodies {
            // `fetch(url, {mode: "no-cors", method: "POST", credentials: "include", body: new Blob([…])})`.
            let blob = try await c.request(
                "POST", path, body: body, headers: ["Cookie": pair, "Origin": other], auth: false, contentType: nil)
            #expect(blob.status == 403, "\(path)")
            #expect(blob.text.contains(other), "the refusal names the origin it saw")
            let plain = try await c.request(
                "POST", path, body: body, headers: ["Cookie": pair, "Origin": other], auth: false,
                contentType: "text/plain")
            #expect(plain.status == 403)
            // A browser that sends only Sec-Fetch-Site.
            let sameSite = try await c.request(
                "POST", path, body: body, headers: ["Cookie": pair, "Sec-Fetch-Site": "same-site"], auth: false)
            #expect(sameSite.status == 403)
            // Even from its own origin, a body that isn't labelled JSON is refused.
            for type in [nil, "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"] {
                let r = try await c.request(
                    "POST", path, body: body, headers: ["Cookie": pair, "Origin": own], auth: false, contentType: type)
                #expect(r.status == 415, "\(path) \(type ?? "no type")")
            }
        }
        #expect(try await c.request("GET", "/api/shares").json == [])
        #expect(try await c.request("GET", "/api/comments?prototype=mail").json == [])
        #expect(s.app.sessions.count == 0)
        #expect(s.app.library.get("pwned") == nil)

        // What the server's own pages send works, by either loopback name it answers to.
        for (path, body) in bodies {
            let r = try await c.request(
                "POST", path, body: body, headers: ["Cookie": pair, "Origin": own], auth: false)
            #expect(r.status == 201, "\(path): \(r.text)")
        }
        let local = try await c.request(
            "POST", "/api/sessions", body: #"{"prototype": "mail"}"#,
            headers: ["Cookie": pair, "Host": "localhost:\(c.port)", "Origin": "http://localhost:\(c.port)"],
            auth: false)
        #expect(local.status == 201)
        // DNS rebinding: the attacker's name resolves to 127.0.0.1; Host and Origin agree, but
        // the name isn't ours (and the cookie, whatever it holds, is refused with it).
        let rebound = try await c.request(
            "POST", "/api/sessions", body: #"{"prototype": "mail"}"#,
            headers: [
                "Cookie": pair, "Host": "attacker.example:\(c.port)", "Origin": "http://attacker.example:\(c.port)",
            ],
            auth: false)
        #expect(rebound.status == 403)
        // PUT and DELETE are checked too.
        let id = try #require(try await c.request("GET", "/api/shares").json?.arrayValue?.first?["id"]?.stringValue)
        let delete = try await c.request(
            "DELETE", "/api/shares/\(id)", headers: ["Cookie": pair, "Origin": other], auth: false)
        #expect(delete.status == 403)
        #expect(s.app.shares.isActive(id: id))
        let put = try await c.request(
            "PUT", "/api/prototypes/tiny",
            body: #"{"format": "modallab/1", "id": "tiny", "start": "home", "screens": [{"id": "home"}]}"#,
            headers: ["Cookie": pair, "Sec-Fetch-Site": "cross-site"], auth: false)
        #expect(put.status == 403)
        // Scripts — no Origin, or a bearer token — are not browsers' cross-origin requests.
        #expect(try await c.json("POST", "/api/sessions", ["prototype": "mail"]).status == 201)
        #expect(
            try await c.request("POST", "/api/sessions", body: #"{"prototype": "mail"}"#, headers: ["Origin": other])
                .status == 201)
    }

    /// Behind a TLS proxy: `--origin` is trusted, makes cookies `Secure` and names share links.
    @Test func aProxysOriginIsTrusted() async throws {
        let s = try TestApp { $0.origins = ["https://ModalLab.example.org/"] }
        let c = s.client
        let proxied = ["Host": "modallab.example.org", "Origin": "https://modallab.example.org"]
        let created = try await c.request(
            "POST", "/api/shares", body: #"{"prototype": "mail"}"#, headers: proxied, auth: true)
        #expect(created.status == 201)
        #expect(created.json?["url"]?.stringValue?.hasPrefix("https://modallab.example.org/s/") == true)
        let visit = try await c.request("GET", "/?token=\(Self.token)", headers: proxied, auth: false)
        #expect(visit.header("Set-Cookie")?.hasSuffix("; Secure") == true)
        let pair = String(try #require(visit.header("Set-Cookie")).split(separator: ";")[0])
        let other = ["Host": "modallab.example.org", "Origin": "https://other.example.org", "Cookie": pair]
        #expect(
            try await c.request("POST", "/api/sessions", body: #"{"prototype": "mail"}"#, headers: other, auth: false)
                .status == 403)
        #expect(throws: AppError.self) {
            _ = try TestApp { $0.origins = ["https://example.org/path"] }
        }
    }

    @Test func pagesCarryAContentSecurityPolicy() async throws {
        let s = try TestApp()
        let c = s.client
        for path in ["/", "/p/mail", "/p/mail/board", "/rules", "/p/nope"] {
            let csp = try #require(try await c.request("GET", path).header("Content-Security-Policy"), "\(path)")
            #expect(csp.contains("default-src 'self'") && csp.contains("script-src 'self'"))
            #expect(csp.contains("frame-ancestors 'self'") && csp.contains("style-src-elem 'self'"))
            #expect(!csp.contains("script-src 'self' 'unsafe"))
        }
        #expect(try await c.request("GET", "/api/prototypes").header("Content-Security-Policy") == nil)
    }

    // MARK: Revocation

    /// A revoke ends the link's streams and sessions at once; the owner's are untouched.
    @Test func aRevokeClosesTheLinksStreamsAndEndsItsSessions() async throws {
        let s = try TestApp(socket: true)
        let c = s.client
        let link = try await share(c)
        let viewer = ["Cookie": link.cookie]
        let started = try await c.request(
            "POST", "/api/sessions", body: #"{"prototype": "mail"}"#, headers: viewer, auth: false)
        let sid = try #require(started.json?["session"]?.stringValue, "\(started.status) \(started.text)")
        let mine = try await s.session("mail", device: "iphone-16")
        // Two streams: the link's and the owner's.
        let linkStream = try TestClient(port: c.port)
        linkStream.send(
            "GET /api/stream?prototype=mail HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: \(link.cookie)\r\n\r\n")
        let ownerStream = try TestClient(port: c.port)
        ownerStream.send("GET /api/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(Self.token)\r\n\r\n")
        for stream in [linkStream, ownerStream] {
            let head = try await blocking { try stream.readUntil(":\n\n") }
            #expect(head.hasPrefix("HTTP/1.1 200"))
        }

        #expect(try await c.request("DELETE", "/api/shares/\(link.id)").status == 204)
        // The link's stream ends (its last chunk) at once…
        _ = try await blocking { try linkStream.readUntil("0\r\n\r\n") }
        // …the owner's stays open: it still hears of a change.
        let tiny = #"{"format": "modallab/1", "id": "tiny", "start": "home", "screens": [{"id": "home"}]}"#
        #expect(try await c.request("PUT", "/api/prototypes/tiny", body: tiny).status == 201)
        #expect(try await blocking { try ownerStream.readUntil("data: tiny\n") }.contains("event: reload"))
        // The link's session is over: gone for the owner too, its end logged as a revocation.
        #expect(try await s.act(sid, ["type": "tap", "target": "compose"]).status == 404)
        #expect(
            try await c.request(
                "POST", "/api/sessions/\(sid)/actions", body: #"{"type": "home"}"#, headers: viewer, auth: false
            ).status == 401)
        let log = try await c.request("GET", "/api/logs.ndjson?session=\(sid)").text
        let events = log.split(separator: "\n").compactMap { try? JSONParser.parse(String($0)) }
        #expect(events.last?["type"] == "session_end")
        #expect(events.last?["how"] == "revoked")
        // The link opens nothing more; the owner's session goes on.
        #expect(try await c.request("GET", "/p/mail", headers: viewer, auth: false).status == 401)
        #expect(try await c.request("GET", "/api/stream?prototype=mail", headers: viewer, auth: false).status == 401)
        #expect(try await s.act(mine, ["type": "tap", "target": "compose"]).status == 200)
    }

    /// A revoke that can't be written (the store's file can't be replaced: here a folder took
    /// its place, which no rename may overwrite — as a read-only or full data folder refuses
    /// the write, but for root too) still denies the link, and says it wasn't saved.
    @Test func aRevokeThatCantBeSavedStillDeniesTheLink() async throws {
        let s = try TestApp(socket: true)
        let c = s.client
        let link = try await share(c)
        let viewer = ["Cookie": link.cookie]
        #expect(try await c.request("GET", "/p/mail", headers: viewer, auth: false).status == 200)
        let file = s.data + "/shares.json"
        try FileManager.default.removeItem(atPath: file)
        try FileManager.default.createDirectory(atPath: file + "/in-the-way", withIntermediateDirectories: true)

        let revoked = try await c.request("DELETE", "/api/shares/\(link.id)")
        #expect(revoked.status == 200)
        #expect(revoked.json?["revoked"] == true)
        #expect(revoked.json?["saved"] == false)
        #expect(revoked.json?["warning"]?.stringValue?.contains("could not be saved") == true)
        #expect(try await c.request("GET", "/p/mail", headers: viewer, auth: false).status == 401)
        #expect(try await c.request("GET", "/s/\(link.token)", auth: false).status == 404)
        #expect(try await c.request("GET", "/api/shares").json?.arrayValue?.first?["active"] == false)
        // Once the file can be written, repeating the revoke saves it.
        try FileManager.default.removeItem(atPath: file)
        #expect(try await c.request("DELETE", "/api/shares/\(link.id)").status == 204)
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("\"revokedAt\": \"20"))
    }

    /// The data folder the server makes is its user's alone: it holds the owner token and what
    /// participants did. Other users on the machine can't list or read it.
    @Test func theDataFolderItMakesIsPrivate() throws {
        let s = try TestApp()
        var info = stat()
        #expect(stat(s.data, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o700, "mode \(String(info.st_mode & 0o777, radix: 8))")
        #expect(FileManager.default.fileExists(atPath: s.data + "/logs"))
    }
}
