import Foundation
import HTTPServer
import InteractionLog
import JSON
import Platform
import TestSupport
import Testing

@testable import ModalLabServer

/// Audience before work: a request naming a session is judged from memory (the live sessions,
/// the log's index of starts, the share links) before any of the log is read; only credentials
/// that may have the session cost a read (a replay, a rebuild after a restart, off the event
/// loops). Misses are 404s counted per client address, 429 past
/// ``FairLimits/sessionMissesPerAddress``. Over real sockets; the log's reads are counted by
/// ``LogStoreStatistics/reads``.
@Suite struct SessionAudienceTests {
    /// A cookie of the share cookie's name (`modallab_share_PORT`) that names no link.
    static func junk(_ c: AppClient) -> [String: String] { ["Cookie": "modallab_share_\(c.port)=junk"] }

    /// Opens the link at `url` as a browser does; returns the cookie header the server set.
    static func open(_ c: AppClient, _ url: String) async throws -> [String: String] {
        let opened = try await c.request("GET", String(url[url.range(of: "/s/")!.lowerBound...]), auth: false)
        let cookie = String(try #require(opened.header("Set-Cookie"), "\(opened.status)").split(separator: ";")[0])
        return ["Cookie": cookie]
    }

    /// Makes a share link of `role` to `prototype`; returns its id and its cookie header.
    static func link(_ c: AppClient, _ prototype: String, _ role: String) async throws -> (
        id: String, cookie: [String: String], url: String
    ) {
        // A participant link plays Mail's `send-draft`.
        let body: JSONValue =
            role == "participant"
            ? ["prototype": .string(prototype), "role": .string(role), "tasks": ["send-draft"]]
            : ["prototype": .string(prototype), "role": .string(role)]
        let made = try await c.json("POST", "/api/shares", body)
        let url = try #require(made.json?["url"]?.stringValue, "\(made.status) \(made.text)")
        // Opened as a browser opens it: its cookie is the one the server sets.
        return (try #require(made.json?["id"]?.stringValue), try await open(c, url), url)
    }

    /// A request with `cookie` and no owner token, from `source` when given (another client address).
    static func request(
        _ c: AppClient, _ method: String, _ path: String, cookie: [String: String], body: String? = nil,
        source: String? = nil
    ) async throws -> TestResponse {
        guard let source else { return try await c.request(method, path, body: body, headers: cookie, auth: false) }
        let raw = c.raw(method, path, body: body, headers: cookie, auth: false)
        let port = c.port
        return try await blocking { try TestClient.exchange(raw, port: port, from: source) }
    }

    /// A junk cookie, a revoked link's, a report link of another prototype and a view link of
    /// the session's own prototype, each with the id of a session the log holds, on every route
    /// taking a session id: 401 or 404, and the log is not read at all. A report link of the
    /// session's prototype reads it (the counter counts).
    @Test func credentialsThatCantSeeASessionReadNoLog() async throws {
        let s = try TestApp(socket: true)
        let c = s.client
        let sid = try await s.session("mail", device: "iphone-16")
        #expect(try await s.act(sid, ["type": "tap", "target": "compose"]).status == 200)
        let revoked = try await Self.link(c, "mail", "report")
        let revoke = try await c.request("DELETE", "/api/shares/\(revoked.id)")
        #expect(revoke.status == 200 || revoke.status == 204, "\(revoke.status) \(revoke.text)")
        let others = [
            Self.junk(c), revoked.cookie, try await Self.link(c, "photos", "report").cookie,
            try await Self.link(c, "mail", "view").cookie,
        ]
        let reads = s.app.log.statistics.reads
        for cookie in others {
            for (method, path) in [
                ("GET", "/api/sessions/\(sid)/replay"), ("GET", "/api/sessions/\(sid)/replay?frames=0&from=1"),
                ("GET", "/api/sessions/\(sid)/watch"), ("GET", "/p/mail/sessions/\(sid)"),
                ("GET", "/p/mail/sessions/\(sid)/watch"), ("GET", "/api/sessions/\(sid)"),
                ("POST", "/api/sessions/\(sid)/actions"), ("POST", "/api/sessions/\(sid)/events"),
                ("DELETE", "/api/sessions/\(sid)"),
            ] {
                let body =
                    method == "POST" ? (path.hasSuffix("actions") ? #"{"type": "home"}"# : #"{"events": []}"#) : nil
                let r = try await Self.request(c, method, path, cookie: cookie, body: body)
                #expect(r.status == 401 || r.status == 404, "\(cookie) \(method) \(path): \(r.status) \(r.text)")
            }
        }
        #expect(s.app.log.statistics.reads == reads, "the log was read for credentials that can't see the session")
        let report = try await Self.link(c, "mail", "report")
        let replay = try await Self.request(c, "GET", "/api/sessions/\(sid)/replay?frames=0", cookie: report.cookie)
        #expect(replay.status == 200, "\(replay.text.prefix(300))")
        #expect(s.app.log.statistics.reads > reads)
    }

    /// After a restart the server holds no session: one that can be restored still is, for its
    /// own link and the owner; another link of the same prototype naming it, and any id the log
    /// doesn't hold, get 404 without a read of the log.
    @Test func aRestorableSessionStillRestoresAndOthersReadNoLog() async throws {
        let data = try TemporaryDirectory("audience")
        defer { data.remove() }
        let owned: String
        let linked: String
        let mine: String
        let theirs: String
        do {
            let s = try TestApp(socket: true, data: data)
            owned = try await s.session("mail", device: "iphone-16")
            #expect(try await s.act(owned, ["type": "tap", "target": "compose"]).status == 200)
            let link = try await Self.link(s.client, "mail", "view")
            (mine, theirs) = (link.url, try await Self.link(s.client, "mail", "view").url)
            let started = try await Self.request(
                s.client, "POST", "/api/sessions", cookie: link.cookie, body: #"{"prototype": "mail"}"#)
            linked = try #require(started.json?["session"]?.stringValue, "\(started.status) \(started.text)")
        }
        let again = try TestApp(socket: true, data: data)
        let c = again.client
        // A link's cookie is named by the server's port: the links are opened again, as after a
        // restart on another port a browser would.
        let myCookie = try await Self.open(c, mine)
        let theirCookie = try await Self.open(c, theirs)
        let reads = again.app.log.statistics.reads
        for (method, path, body) in [
            ("GET", "/api/sessions/\(linked)", nil), ("POST", "/api/sessions/\(linked)/actions", #"{"type": "home"}"#),
            ("GET", "/api/sessions/\(owned)", nil), ("GET", "/api/sessions/no-such-session", nil),
        ] {
            let r = try await Self.request(c, method, path, cookie: theirCookie, body: body)
            #expect(r.status == 404, "another link's \(method) \(path): \(r.status) \(r.text)")
        }
        #expect(try await c.request("GET", "/api/sessions/no-such-session").status == 404)
        #expect(again.app.log.statistics.reads == reads, "the log was read for a session the request can't have")
        // Its own link, and the owner, get theirs back, rebuilt from the log.
        let back = try await Self.request(
            c, "POST", "/api/sessions/\(linked)/actions", cookie: myCookie, body: #"{"type": "home"}"#)
        #expect(back.status == 200 || back.status == 409, "\(back.status) \(back.text)")
        let ownerBack = try await c.request("GET", "/api/sessions/\(owned)")
        #expect(ownerBack.status == 200 && ownerBack.json?["state"] != nil, "\(ownerBack.text)")
        #expect(again.app.log.statistics.reads > reads)
    }

    /// A flood of misses from one address: 404s up to its limit, then 429 with `Retry-After`
    /// (a junk cookie's replay too), while its own session is still served, another address's
    /// misses are still 404s, and the owner is never counted.
    @Test(
        .enabled(
            if: TestClient.canBind("127.0.0.2"),
            "needs a second loopback address (macOS: sudo ifconfig lo0 alias 127.0.0.2)"))
    func aFloodOfMissesFromOneAddressGets429WhileAnotherIsServed() async throws {
        let s = try TestApp(socket: true) { $0.limits.sessionMissesPerAddress = 5 }
        // The limiter's clock stands still: however slow the machine, nothing refills.
        s.app.sessionMisses.now = { 0 }
        let c = s.client
        let view = try await Self.link(c, "mail", "view")
        let started = try await Self.request(
            c, "POST", "/api/sessions", cookie: view.cookie, body: #"{"prototype": "mail"}"#)
        let sid = try #require(started.json?["session"]?.stringValue, "\(started.status) \(started.text)")
        for i in 0..<5 {
            #expect(try await Self.request(c, "GET", "/api/sessions/guess-\(i)", cookie: view.cookie).status == 404)
        }
        let over = try await Self.request(c, "GET", "/api/sessions/guess-5", cookie: view.cookie)
        #expect(over.status == 429, "\(over.text)")
        #expect(over.json?["limit"] == "sessionMissesPerAddress")
        #expect(over.header("Retry-After").flatMap(Int.init).map { $0 >= 1 } == true, "\(over.headers)")
        let junk = try await Self.request(
            c, "GET", "/api/sessions/\(sid)/replay", cookie: Self.junk(c))
        #expect(junk.status == 429, "\(junk.text)")
        // What the address may have is still served; the owner is not counted.
        #expect(try await Self.request(c, "GET", "/api/sessions/\(sid)", cookie: view.cookie).status == 200)
        #expect(try await c.request("GET", "/api/sessions/guess-6").status == 404)
        // Another address: its own count.
        let other = try await Self.request(c, "GET", "/api/sessions/guess-7", cookie: view.cookie, source: "127.0.0.2")
        #expect(other.status == 404, "\(other.text)")
        let served = try await Self.request(c, "GET", "/api/sessions/\(sid)", cookie: view.cookie, source: "127.0.0.2")
        #expect(served.status == 200, "\(served.text)")
    }

    /// A hostile client on every route taking a session id, with every kind of credentials that
    /// can't have the session (none, junk cookies of several shapes, a revoked link, a report
    /// link of another prototype, another view link of the session's prototype, a participant
    /// link naming another participant's session, a comment link) and ids of every shape
    /// (another link's real session, unknown ones, percent-encoded control characters and
    /// invalid UTF-8, raw bytes, path tricks, 6,000 characters): each answer is a 400, 401 or 404
    /// that doesn't echo a huge id, the log is never read, and the server answers on throughout.
    @Test func aHostileClientLearnsNothingAndCostsNoRead() async throws {
        // Misses are not limited here: every answer is the one a first miss gets.
        let s = try TestApp(socket: true) { $0.limits.sessionMissesPerAddress = 1_000_000 }
        let c = s.client
        let participant = try await Self.link(c, "mail", "participant")
        let started = try await Self.request(
            c, "POST", "/api/sessions", cookie: participant.cookie, body: #"{"prototype": "mail"}"#)
        let theirs = try #require(started.json?["session"]?.stringValue, "\(started.status) \(started.text)")
        let owned = try await s.session("mail", device: "iphone-16")
        let revoked = try await Self.link(c, "mail", "report")
        _ = try await c.request("DELETE", "/api/shares/\(revoked.id)")
        let cookies: [[String: String]] = [
            [:], Self.junk(c),
            [
                "Cookie":
                    "modallab_share_\(c.port)=\(String(repeating: "a", count: 60)).\(String(repeating: "b", count: 120))"
            ],
            ["Cookie": "modallab_share_\(c.port)=\(participant.cookie["Cookie"]!.split(separator: "=")[1]).x"],
            ["Cookie": "modallab_share_\(c.port)=; modallab_share_\(c.port)=junk"],
            revoked.cookie, try await Self.link(c, "photos", "report").cookie,
            try await Self.link(c, "mail", "view").cookie, try await Self.link(c, "mail", "participant").cookie,
            try await Self.link(c, "mail", "comment").cookie,
        ]
        let huge = String(repeating: "Z", count: 6000)
        let ids = [
            theirs, owned, "no-such-session", "%00", "%0D%0ASet-Cookie:%20x=1", "%FF%FE", "..%2F..%2Flogs",
            "%E2%80%AE", ".", "%2e%2e", "\u{1F600}", huge, "'%3E%3Cscript%3E",
        ]
        let reads = s.app.log.statistics.reads
        for cookie in cookies {
            for sid in ids where !(sid == theirs && cookie == participant.cookie) {
                for (method, path) in [
                    ("GET", "/api/sessions/\(sid)"), ("DELETE", "/api/sessions/\(sid)"),
                    ("POST", "/api/sessions/\(sid)/actions"), ("POST", "/api/sessions/\(sid)/events"),
                    ("GET", "/api/sessions/\(sid)/replay?frames=0"), ("GET", "/api/sessions/\(sid)/watch"),
                    ("GET", "/p/mail/sessions/\(sid)"), ("GET", "/p/mail/sessions/\(sid)/watch"),
                    ("GET", "/p/photos/sessions/\(sid)"),
                ] {
                    let body =
                        method == "POST" ? (path.hasSuffix("actions") ? #"{"type": "home"}"# : #"{"events": []}"#) : nil
                    let r = try await Self.request(c, method, path, cookie: cookie, body: body)
                    let what = "\(cookie) \(method) \(path.prefix(80)): \(r.status) \(r.text.prefix(200))"
                    #expect([400, 401, 404].contains(r.status), "\(what)")
                    #expect(!r.text.contains(huge), "the whole id came back: \(what)")
                }
            }
        }
        // Raw bytes in the target: a control character, invalid UTF-8.
        for raw in [[UInt8(0x01)], [0xFF, 0xFE], [0x7F], [0xC0, 0xAF]] {
            var bytes =
                Array("GET /api/sessions/".utf8) + raw + Array("/replay HTTP/1.1\r\nHost: 127.0.0.1:\(c.port)\r\n".utf8)
            bytes += Array("Cookie: modallab_share_\(c.port)=junk\r\nConnection: close\r\n\r\n".utf8)
            let port = c.port
            let r = try await blocking { [bytes] in try TestClient.exchange(bytes, port: port) }
            #expect([400, 404].contains(r.status), "\(raw): \(r.status) \(r.text.prefix(200))")
        }
        #expect(s.app.log.statistics.reads == reads, "the log was read for credentials that can't see the session")
        #expect(try await c.request("GET", "/healthz").status == 200)
        // The participant's own session is still its own.
        let own = try await Self.request(c, "GET", "/api/sessions/\(theirs)", cookie: participant.cookie)
        #expect(own.status == 200, "\(own.text.prefix(200))")
    }

    /// After a restart, requests that come at once for a session the server rebuilds share one
    /// rebuild: those that come while it reads the log wait for it (``SessionRebuilds``) instead
    /// of each reading the log again, and each gets the session. The log's reads are held until
    /// every request is either reading or waiting.
    @Test func simultaneousRequestsForASessionToRebuildShareOneRead() async throws {
        let data = try TemporaryDirectory("rebuilds")
        defer { data.remove() }
        let sid: String
        do {
            let s = try TestApp(socket: true, data: data)
            sid = try await s.session("mail", device: "iphone-16")
            #expect(try await s.act(sid, ["type": "tap", "target": "compose"]).status == 200)
        }
        let again = try TestApp(socket: true, data: data)
        let c = again.client
        let reads = Locked(0)
        let held = DispatchGroup()
        held.enter()
        again.app.log.setReadCheck {
            reads.withLock { $0 += 1 }
            held.wait()
        }
        let n = 6
        let answers = Task { try await c.simultaneously((0..<n).map { _ in c.raw("GET", "/api/sessions/\(sid)") }) }
        let app = again.app
        let arrived = try await blocking {
            pollUntil { reads.current + max(0, app.rebuilds.waiters(sid) - 1) >= n }
        }
        held.leave()
        #expect(arrived, "reads \(reads.current), waiting \(app.rebuilds.waiters(sid))")
        for r in try await answers.value { #expect(r.status == 200, "\(r.status) \(r.text.prefix(200))") }
        #expect(reads.current == 1, "\(reads.current) reads of the log for one session's rebuild")
    }
}
