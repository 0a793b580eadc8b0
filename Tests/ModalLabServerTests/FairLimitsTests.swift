import EventSchema
import Foundation
import HTTPServer
import InteractionLog
import JSON
import Platform
import Presentation
import Prototype
import TestSupport
import Testing

@testable import ModalLabServer

/// No one client or share link starves the rest: events, sessions and connections are limited
/// per share link and per client address (429 with `Retry-After` past a limit) while the owner
/// is served; idle sessions end, and so do open ones on shutdown, each with its `session_end`.
@Suite struct FairLimitsTests {
    /// Creates a share link to `mail` and opens it; returns its id and its cookie pair.
    static func share(_ c: AppClient, role: String = "view") async throws -> (id: String, cookie: String) {
        let created = try await c.json("POST", "/api/shares", ["prototype": "mail", "role": .string(role)])
        let url = try #require(created.json?["url"]?.stringValue, "\(created.status) \(created.text)")
        let opened = try await c.request("GET", String(url[url.range(of: "/s/")!.lowerBound...]), auth: false)
        let cookie = String(try #require(opened.header("Set-Cookie")).split(separator: ";")[0])
        return (try #require(created.json?["id"]?.stringValue), cookie)
    }

    /// A request as a share link's viewer (its cookie, no owner token).
    static func asViewer(
        _ c: AppClient, _ cookie: String, _ method: String, _ path: String, _ body: JSONValue? = nil
    ) async throws -> TestResponse {
        try await c.request(
            method, path, body: body.map { JSONWriter().string($0) }, headers: ["Cookie": cookie], auth: false)
    }

    /// A batch of `n` client events.
    static func batch(_ n: Int) -> JSONValue {
        ["events": .array((0..<n).map { _ in ["type": "misclick", "event_id": .string(UUID().uuidString)] })]
    }

    /// The `session_end` events of `sid` in the log, as JSON.
    static func ends(_ c: AppClient, _ sid: String) async throws -> [JSONValue] {
        let log = try await c.request("GET", "/api/logs.ndjson?session=\(sid)&type=session_end").text
        return log.split(separator: "\n").compactMap { try? JSONParser.parse(String($0)) }
    }

    // MARK: Events

    /// A share link may log 1 event a second here (50 at once), an address 1.5 (75 at once).
    /// Past its link's budget a viewer gets 429 with `Retry-After` and nothing is logged; a
    /// second link at the same address has its own link budget but shares the address's; the
    /// owner, meanwhile, logs as much as it likes.
    @Test func aShareLinkOverItsEventBudgetGets429WhileTheOwnerIsServed() async throws {
        let s = try TestApp {
            $0.limits.eventsPerSecondPerShare = 1
            $0.limits.eventsPerSecondPerAddress = 1.5
        }
        // The buckets' clock stands still: however slow the machine, nothing refills.
        s.app.eventBudget.perShare.now = { 0 }
        s.app.eventBudget.perAddress.now = { 0 }
        let c = s.client
        let (_, cookie) = try await Self.share(c)
        let start = try await Self.asViewer(c, cookie, "POST", "/api/sessions", ["prototype": "mail"])
        let sid = try #require(start.json?["session"]?.stringValue, "\(start.status) \(start.text)")
        // Opening the link (its share_open) and the session start cost 2: 48 more fit, then nothing.
        #expect(try await Self.asViewer(c, cookie, "POST", "/api/sessions/\(sid)/events", Self.batch(48)).status == 200)
        let over = try await Self.asViewer(c, cookie, "POST", "/api/sessions/\(sid)/events", Self.batch(1))
        #expect(over.status == 429)
        #expect(over.json?["limit"] == "eventsPerShare")
        #expect(over.header("Retry-After").flatMap(Int.init).map { (1...2).contains($0) } == true, "\(over.headers)")
        let action = try await Self.asViewer(c, cookie, "POST", "/api/sessions/\(sid)/actions", ["type": "home"])
        #expect(action.status == 429, "an action is an event too")
        // Another link at the same address: its own link budget, the address's is nearly spent.
        let (_, other) = try await Self.share(c)
        let second = try await Self.asViewer(c, other, "POST", "/api/sessions", ["prototype": "mail"])
        let sid2 = try #require(second.json?["session"]?.stringValue, "\(second.status) \(second.text)")
        let byAddress = try await Self.asViewer(c, other, "POST", "/api/sessions/\(sid2)/events", Self.batch(30))
        #expect(byAddress.status == 429)
        #expect(byAddress.json?["limit"] == "eventsPerAddress")
        // The owner is not counted.
        let mine = try await s.session("mail", device: "iphone-16")
        for _ in 0..<5 {
            #expect(try await c.json("POST", "/api/sessions/\(mine)/events", Self.batch(1_000)).status == 200)
        }
        #expect(try await s.act(mine, ["type": "tap", "target": "compose"]).status == 200)
        // Nothing refused was logged: the viewer's session has its start and 48 misclicks.
        let logged = try await c.request("GET", "/api/logs.ndjson?session=\(sid)").text
        #expect(logged.split(separator: "\n").filter { $0.contains(#""type":"misclick""#) }.count == 48)
    }

    /// The budget bounds bytes as well as lines: every 4 KiB of a request costs one more event,
    /// a client event's place is at most 256 bytes, and a link opened in a loop logs its
    /// share_open only within its budget (it still opens).
    @Test func bytesCostEventsAndOpeningALinkIsBudgeted() async throws {
        let s = try TestApp { $0.limits.eventsPerSecondPerShare = 1 }
        s.app.eventBudget.perShare.now = { 0 }
        s.app.eventBudget.perAddress.now = { 0 }
        let c = s.client
        let created = try await c.json("POST", "/api/shares", ["prototype": "mail", "role": "view"])
        let id = try #require(created.json?["id"]?.stringValue)
        let url = try #require(created.json?["url"]?.stringValue)
        let path = String(url[url.range(of: "/s/")!.lowerBound...])
        let opened = try await c.request("GET", path, auth: false)
        let cookie = String(try #require(opened.header("Set-Cookie")).split(separator: ";")[0])
        let start = try await Self.asViewer(c, cookie, "POST", "/api/sessions", ["prototype": "mail"])
        let sid = try #require(start.json?["session"]?.stringValue, "\(start.status) \(start.text)")
        let huge: JSONValue = [
            "events": [["type": "misclick", "event_id": "big", "target": .string(String(repeating: "t", count: 1000))]]
        ]
        let place = try await Self.asViewer(c, cookie, "POST", "/api/sessions/\(sid)/events", huge)
        #expect(place.status == 400 && place.json?["path"] == "$.events[0].target", "\(place.text)")
        // 48 events' worth left: one event in a request padded to 200 KB costs 49.
        let padded = #"{"events":[{"type":"misclick","event_id":"pad"}]}"# + String(repeating: " ", count: 200_000)
        let r = try await c.request(
            "POST", "/api/sessions/\(sid)/events", body: padded, headers: ["Cookie": cookie], auth: false)
        #expect(r.status == 429, "\(r.status) \(r.text)")
        #expect(try await Self.asViewer(c, cookie, "POST", "/api/sessions/\(sid)/events", Self.batch(48)).status == 200)
        // Its budget spent, the link still opens, but logs no share_open.
        for _ in 0..<5 { #expect(try await c.request("GET", path, auth: false).status == 303) }
        let opens = try await c.request("GET", "/api/logs.ndjson?share=\(id)&type=share_open").text
        #expect(opens.split(separator: "\n").count == 1, "only the first open was logged: \(opens)")
    }

    // MARK: Sessions

    /// Share links' viewers at one address hold at most `sessionsPerAddress` sessions, across
    /// links; the owner's don't count.
    @Test func anAddressHoldsAtMostItsSessions() async throws {
        let s = try TestApp { $0.limits.sessionsPerAddress = 2 }
        let c = s.client
        let (_, a) = try await Self.share(c)
        let (_, b) = try await Self.share(c)
        #expect(try await Self.asViewer(c, a, "POST", "/api/sessions", ["prototype": "mail"]).status == 201)
        #expect(try await Self.asViewer(c, b, "POST", "/api/sessions", ["prototype": "mail"]).status == 201)
        let refused = try await Self.asViewer(c, b, "POST", "/api/sessions", ["prototype": "mail"])
        #expect(refused.status == 429)
        #expect(refused.json?["limit"] == "sessionsPerAddress")
        #expect(refused.header("Retry-After") != nil)
        for _ in 0..<3 { _ = try await s.session("mail", device: "iphone-16") }
        #expect(s.app.sessions.count == 5)
    }

    /// A session that has no request for the idle timeout ends by itself: `session_end` with
    /// `how: "timeout"`, its length to its last request (not to when the sweep found it); its
    /// actions then get 404. The app's clock is moved on: nothing waits for the timeout.
    @Test func idleSessionsTimeOutAndTheirEndIsLogged() async throws {
        let clock = ManualClock()
        let s = try TestApp(clock: clock) { $0.limits.sessionIdleTimeout = 60 }
        let idle = try await s.session("mail", device: "iphone-16")
        clock.advance(by: .seconds(5))
        // Its last request, 5 s in.
        #expect(try await s.act(idle, ["type": "tap", "target": "compose"]).status == 200)
        clock.advance(by: .seconds(59))
        await s.app.endIdleSessions()
        #expect(try await Self.ends(s.client, idle).isEmpty, "59 s without a request is not yet 60")
        #expect(s.app.sessions.get(idle) != nil)
        clock.advance(by: .seconds(2))
        await s.app.endIdleSessions()
        // The app's own sweep (every 5 s of real time) may have taken the session a moment
        // before this call did: its end is then logged a moment later.
        var ended = try await Self.ends(s.client, idle)
        let deadline = ContinuousClock.now + .seconds(testDeadline)
        while ended.isEmpty && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
            ended = try await Self.ends(s.client, idle)
        }
        let end = try #require(ended.first, "no session_end after 61 s without a request")
        #expect(ended.count == 1)
        #expect(end["how"] == "timeout")
        #expect(end["duration_ms"]?.intValue == 5000, "to its last request, not to when the sweep found it")
        #expect(end["t_ms"]?.intValue == 5000)
        #expect(try await s.act(idle, ["type": "home"]).status == 404)
    }

    /// A request keeps a session from timing out: the sweep takes out only the sessions that
    /// have had none since its cutoff, and counts them out of their link and address.
    @Test func aRequestKeepsASessionFromTimingOut() async throws {
        let clock = ManualClock()
        let s = try TestApp(clock: clock)
        let c = s.client
        let (_, cookie) = try await Self.share(c)
        var sids: [String] = []
        for _ in 0..<2 {
            let r = try await Self.asViewer(c, cookie, "POST", "/api/sessions", ["prototype": "mail"])
            sids.append(try #require(r.json?["session"]?.stringValue, "\(r.status) \(r.text)"))
        }
        clock.advance(by: .seconds(1))
        let cutoff = clock.now
        // A request of any kind on the second: an action, a batch of client events, a read.
        #expect(try await Self.asViewer(c, cookie, "GET", "/api/sessions/\(sids[1])").status == 200)
        let idle = s.app.sessions.removeIdle(since: cutoff)
        #expect(idle.map(\.id) == [sids[0]])
        #expect(s.app.sessions.get(sids[1]) != nil)
        let link = try #require(s.app.sessions.get(sids[1])?.share)
        #expect(s.app.sessions.count(share: link) == 1)
    }

    /// Stopping the server ends the sessions still open, each with `session_end` and
    /// `how: "shutdown"`, before the log closes; one the viewer ended keeps its own end.
    @Test func shutdownEndsOpenSessionsAndLogsIt() async throws {
        let s = try TestApp(socket: true)
        let open = [
            try await s.session("mail", device: "iphone-16"), try await s.session("mail", device: "ipad-pro-13"),
        ]
        let left = try await s.session("mail", device: "iphone-16")
        #expect(try await s.client.request("DELETE", "/api/sessions/\(left)").status == 204)
        #expect(try await s.act(open[0], ["type": "tap", "target": "compose"]).status == 200)
        await withCheckedContinuation { k in s.app.shutdown(gracePeriod: 1) { k.resume() } }
        #expect(s.app.sessions.count == 0)
        let store = try LogStore(directory: LogStore.directory(inData: s.data))
        defer { store.close() }
        let ends = try store.events().filter { $0.type == .sessionEnd }
        for sid in open {
            #expect(ends.filter { $0.session == sid }.map(\.how) == ["shutdown"], "\(sid)")
        }
        #expect(ends.filter { $0.session == left }.map(\.how) == [nil])
    }

    /// The same through `modallab serve` and SIGTERM, in a child process: it exits 0, and the
    /// session open then ends with `how: "shutdown"` in the log.
    @Test func sigtermEndsTheOpenSessionsOfServe() async throws {
        let binary = try #require(
            modallabExecutable(), "no modallab executable; run `swift build --product modallab`")
        let data = try TemporaryDirectory("sigterm")
        defer { data.remove() }
        let server = try ServerProcess(
            binary, ["serve", "--port", "0", "--data", data.path, "--root", repositoryRoot], directory: data.path)
        var sid = ""
        do {
            let url = try await server.ownerURL(within: 30)
            let port = try #require(URLComponents(string: url)?.port, "no port in \(url)")
            let token = try #require(URLComponents(string: url)?.queryItems?.first { $0.name == "token" }?.value)
            let client = AppClient(transport: .socket, port: port, token: token)
            let started = try await client.json("POST", "/api/sessions", ["prototype": "mail"])
            sid = try #require(started.json?["session"]?.stringValue, "\(started.status) \(started.text)")
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
        #expect(server.process.terminationStatus == 0, "serve exits 0 on SIGTERM: \(server.errors)")
        let store = try LogStore(directory: LogStore.directory(inData: data.path))
        defer { store.close() }
        let ends = try store.events().filter { $0.type == .sessionEnd && $0.session == sid }
        #expect(ends.map(\.how) == ["shutdown"])
    }

    /// A share link holds at most `streamsPerShare` event streams, the connections it keeps
    /// open for long; past it 429, while the owner opens as many as it likes. A stream that
    /// closes gives its place back.
    @Test func aShareLinkHoldsAtMostItsStreams() async throws {
        let s = try TestApp(socket: true) { $0.limits.streamsPerShare = 2 }
        let c = s.client
        let (_, cookie) = try await Self.share(c)
        let streams = try await blocking { () throws -> [TestClient] in
            try (0..<2).map { _ in
                let stream = try TestClient(port: c.port)
                stream.send("GET /api/stream?prototype=mail HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: \(cookie)\r\n\r\n")
                #expect(try stream.readUntil(":\n\n").hasPrefix("HTTP/1.1 200"))
                return stream
            }
        }
        let third = try await Self.asViewer(c, cookie, "GET", "/api/stream?prototype=mail")
        #expect(third.status == 429)
        #expect(third.json?["limit"] == "streamsPerShare" && third.header("Retry-After") != nil)
        let owners = try await blocking { () throws -> [TestClient] in
            try (0..<3).map { _ in
                let stream = try TestClient(port: c.port)
                stream.send(
                    "GET /api/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer owner-test-token\r\n\r\n")
                #expect(try stream.readUntil(":\n\n").hasPrefix("HTTP/1.1 200"))
                return stream
            }
        }
        streams[0].close()
        let reopened = try await blocking { () throws -> Bool in
            pollUntil {
                let stream = try? TestClient(port: c.port)
                stream?.send("GET /api/stream?prototype=mail HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: \(cookie)\r\n\r\n")
                return (try? stream?.readUntil("\r\n"))?.hasPrefix("HTTP/1.1 200") == true
            }
        }
        #expect(reopened, "a closed stream gives its place back")
        withExtendedLifetime((streams, owners)) {}
    }

    // MARK: Connections

    /// A client (here: share viewers) fills every connection slot of its address and every
    /// over-limit one, with connections that send nothing: its next request gets 429 with
    /// `Retry-After`, and the owner, on the same address, is still served.
    @Test func anAddressFullOfConnectionsStillServesTheOwner() async throws {
        let s = try TestApp(socket: true) { $0.limits.connectionsPerAddress = 8 }
        let c = s.client
        let (_, cookie) = try await Self.share(c)
        let server = try #require(s.app.server)
        let held = try await blocking { () throws -> [TestClient] in
            let held = try (0..<(8 + 16)).map { _ in try TestClient(port: c.port) }
            let all = pollUntil { server.openConnections(from: "127.0.0.1") >= 8 + 16 }
            #expect(all, "the server holds \(server.openConnections(from: "127.0.0.1")) connections")
            return held
        }
        // A route the viewer may reach (200 below its limits).
        let viewer = try await c.exchange(
            c.raw("GET", "/api/comments?prototype=mail", headers: ["Cookie": cookie], auth: false))
        #expect(viewer.status == 429)
        #expect(viewer.header("Retry-After") == "1")
        for _ in 0..<3 {
            #expect(try await c.request("GET", "/api/prototypes").status == 200, "the owner's token")
        }
        withExtendedLifetime(held) {}
    }

    /// Behind a proxy (`--max-connections-per-address 0`) one address can take every connection
    /// the server has: a flood that fills the cap with connections that made a request and
    /// stay open (here 110 against a cap of 100; the attack had 10,200 against 10,000) doesn't
    /// keep the owner out — their first request on a new connection is answered, the longest idle
    /// connection closing for it —, and the owner's connection outlasts the flood's.
    @Test func theOwnerIsServedRightAfterAFloodFillsTheConnectionCap() async throws {
        let s = try TestApp(socket: true) {
            $0.limits.connectionsPerAddress = 0
            $0.maxConnections = 100
        }
        let c = s.client
        let server = try #require(s.app.server)
        let flood = try await blocking { () throws -> [TestClient] in
            var flood: [TestClient] = []
            for _ in 0..<110 {
                let client = try TestClient(port: c.port)
                client.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                flood.append(client)
            }
            for client in flood { _ = try? client.readResponse() }
            #expect(pollUntil { server.openConnections == 100 }, "the server holds \(server.openConnections)")
            return flood
        }
        #expect(try await c.request("GET", "/api/prototypes").status == 200, "the owner's first request")
        // The owner's browser keeps its connection; more of the flood comes and goes.
        let (owner, more) = try await blocking { () throws -> (TestClient, [TestClient]) in
            let owner = try TestClient(port: c.port)
            owner.send(
                "GET /api/prototypes HTTP/1.1\r\nHost: 127.0.0.1:\(c.port)\r\nAuthorization: Bearer owner-test-token\r\n\r\n"
            )
            #expect(try owner.readResponse().status == 200)
            var more: [TestClient] = []
            for _ in 0..<120 {
                let client = try TestClient(port: c.port)
                client.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                _ = try? client.readResponse()
                more.append(client)
            }
            return (owner, more)
        }
        try await blocking { () throws in
            owner.send(
                "GET /api/prototypes HTTP/1.1\r\nHost: 127.0.0.1:\(c.port)\r\nAuthorization: Bearer owner-test-token\r\n\r\n"
            )
            #expect(try owner.readResponse().status == 200, "the owner's connection was spared")
        }
        #expect(server.refusals[503] == nil)
        withExtendedLifetime((flood, more)) {}
    }

    // MARK: A session's memory

    /// A session keeps at most 1 MiB of typed text: an edit past it is refused with 422
    /// naming the limit, and nothing changes.
    @Test func aSessionsTypedValuesAreBounded() async throws {
        let s = try TestApp()
        let sid = try await s.session("mail", device: "iphone-16")
        #expect(try await s.act(sid, ["type": "tap", "target": "compose"]).status == 200)
        let text = String(repeating: "x", count: 600_000)
        #expect(try await s.act(sid, ["type": "edit", "target": "to", "value": .string(text)]).status == 200)
        let over = try await s.act(sid, ["type": "edit", "target": "body", "value": .string(text)])
        #expect(over.status == 422)
        #expect(over.json?["limit"] == "valueBytes")
        let entry = try #require(s.app.sessions.get(sid)?.state.stack.first)
        #expect(entry.values["body"] == nil, "the body kept nothing")
        // Kept as placeholders: typed text never stays in the state (docs/log.md).
        #expect(entry.values["to"] == .string(TypedText.placeholder(length: text.count)), "the edit within the limit is kept")
    }

    /// Navigation paths are bounded too (a prototype's cycles could push forever).
    @Test func aSessionsNavigationPathsAreBounded() throws {
        let device = try #require(DeviceCatalogue.device("iphone-16"))
        var state = PresentationState(
            prototype: "p", environment: Environment(device: device, orientation: .portrait),
            appScreens: Array(repeating: "home", count: SessionLimits.screens))
        #expect(SessionLimits.check(state) == nil)
        state.appScreens.append("home")
        let problem = try #require(SessionLimits.check(state))
        #expect(problem.status == .unprocessableContent)
        #expect(problem.extensions["limit"] == "screens")
    }

    /// A session has at most ``SessionLimits/answers`` answers, so its replay stays bounded.
    @Test func aSessionsAnswersAreBounded() throws {
        let device = try #require(DeviceCatalogue.device("iphone-16"))
        var state = PresentationState(
            prototype: "p", environment: Environment(device: device, orientation: .portrait), appScreens: ["home"])
        state.seq = SessionLimits.answers
        #expect(SessionLimits.check(state) == nil)
        state.seq += 1
        #expect(try #require(SessionLimits.check(state)).extensions["limit"] == "answers")
    }
}
