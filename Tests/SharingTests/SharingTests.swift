import Foundation
import Platform
import TestSupport
import Testing

@testable import Sharing

@Suite struct SHA256Tests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
    ])
    func fipsVectors(message: String, digest: String) {
        #expect(SHA256.hex(message) == digest)
    }

    @Test func millionAs() {
        #expect(
            SHA256.hash([UInt8](repeating: 0x61, count: 1_000_000)).map { String(format: "%02x", $0) }.joined()
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }
}

@Suite struct ShareStoreTests {
    @Test func tokensResolveAndOnlyTheHashIsStored() throws {
        let dir = try TemporaryDirectory("shares")
        defer { dir.remove() }
        let file = dir.file("shares.json")
        let store = try ShareStore(file: file)
        let issued = try store.create(prototype: "mail", role: .comment, label: "Review")
        let parts = issued.token.split(separator: ".")
        #expect(parts.count == 2)
        #expect(parts[0] == Substring(issued.link.id))
        #expect(parts[1].count == 43, "256 bits in base64url")
        #expect(store.resolve(token: issued.token)?.prototype == "mail")
        #expect(store.resolve(token: issued.link.id + ".wrong") == nil)
        #expect(store.resolve(token: "nonsense") == nil)
        let onDisk = try String(contentsOfFile: file, encoding: .utf8)
        #expect(!onDisk.contains(String(parts[1])))
        #expect(onDisk.contains(SHA256.hex(String(parts[1]))))
        // Reopened, the link still works.
        #expect(try ShareStore(file: file).resolve(token: issued.token)?.role == .comment)
    }

    @Test func revocationAndExpiryTakeEffectAtOnce() throws {
        let dir = try TemporaryDirectory("shares")
        defer { dir.remove() }
        let store = try ShareStore(file: dir.file("shares.json"))
        let a = try store.create(prototype: "mail", role: .view, expiresIn: 60)
        let b = try store.create(prototype: "mail", role: .view, expiresIn: 60)
        #expect(store.revoke(id: a.link.id).found)
        #expect(store.resolve(token: a.token) == nil)
        #expect(store.resolve(token: b.token) != nil)
        let start = Date()
        store.now = { start.addingTimeInterval(61) }
        #expect(store.resolve(token: b.token) == nil)
        #expect(store.revoke(id: "missing").found == false)
    }

    /// A revocation that can't be written (here the file's place is taken by a folder, which
    /// no rename may replace, not even root's) still takes effect, says why it wasn't saved,
    /// and is written with the next change that can be.
    @Test func aRevocationThatCantBeSavedStillTakesEffect() throws {
        let dir = try TemporaryDirectory("shares")
        defer { dir.remove() }
        let file = dir.file("shares.json")
        let store = try ShareStore(file: file)
        let a = try store.create(prototype: "mail", role: .view)
        try FileManager.default.removeItem(atPath: file)
        try FileManager.default.createDirectory(atPath: file + "/blocked", withIntermediateDirectories: true)
        let revocation = store.revoke(id: a.link.id)
        #expect(revocation.found)
        #expect(revocation.saveError != nil)
        #expect(store.resolve(token: a.token) == nil)
        #expect(!store.isActive(id: a.link.id))
        #expect(store.hasUnsavedChanges)
        // Creating a link can't be saved either, so it is refused (and not kept).
        #expect(throws: ShareError.self) { try store.create(prototype: "mail", role: .view) }
        #expect(store.all.count == 1)
        // Once the folder is writable again, the next change saves the revocation too.
        try FileManager.default.removeItem(atPath: file)
        #expect(store.revoke(id: a.link.id).saveError == nil)
        #expect(!store.hasUnsavedChanges)
        #expect(try ShareStore(file: file).resolve(token: a.token) == nil)
        #expect(try ShareStore(file: file).link(id: a.link.id)?.revokedAt != nil)
    }

    @Test func linkJSONAndStoredFormKeepTheirMembersInOrder() throws {
        let dir = try TemporaryDirectory("shares")
        defer { dir.remove() }
        let file = dir.file("shares.json")
        let store = try ShareStore(file: file)
        let t = Date(timeIntervalSince1970: 1_764_416_422.125)
        store.now = { t }
        let issued = try store.create(prototype: "mail", role: .view, expiresIn: 60, label: "L")
        let id = issued.link.id
        #expect(
            "\(issued.link.json(now: t))"
                == #"{"id":"\#(id)","prototype":"mail","role":"view","label":"L","createdAt":"2025-11-29T11:40:22.125Z","#
                + #""expiresAt":"2025-11-29T11:41:22.125Z","revokedAt":null,"active":true}"#)
        let hash = SHA256.hex(String(issued.token.split(separator: ".")[1]))
        let members = [
            #""id": "\#(id)""#, #""prototype": "mail""#, #""role": "view""#, #""label": "L""#,
            #""createdAt": "2025-11-29T11:40:22.125Z""#, #""expiresAt": "2025-11-29T11:41:22.125Z""#,
            #""revokedAt": null"#, #""secretHash": "\#(hash)""#,
        ]
        let expected = "{\n  \"shares\": [\n    {\n      " + members.joined(separator: ",\n      ") + "\n    }\n  ]\n}"
        #expect(try String(contentsOfFile: file, encoding: .utf8) == expected)
        #expect(try ShareStore(file: file).link(id: id) == issued.link)
    }

    @Test func timestampsFormatAndParseFromManyThreads() {
        let t = Date(timeIntervalSince1970: 1_764_416_422.125)
        let failures = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 2000) { i in
            let text = RFC3339.format(t.addingTimeInterval(Double(i)))
            if RFC3339.parse(text) != t.addingTimeInterval(Double(i)) { failures.withLock { $0 += 1 } }
        }
        #expect(failures.current == 0)
        #expect(RFC3339.format(t) == "2025-11-29T11:40:22.125Z")
        #expect(RFC3339.parse("2025-11-29T11:40:22Z") == Date(timeIntervalSince1970: 1_764_416_422))
        #expect(RFC3339.parse("yesterday") == nil)
    }

    @Test func lifetimeIsBounded() throws {
        let dir = try TemporaryDirectory("shares")
        defer { dir.remove() }
        let store = try ShareStore(file: dir.file("shares.json"))
        #expect(throws: ShareError.self) { try store.create(prototype: "p", role: .view, expiresIn: 91 * 86_400) }
        #expect(throws: ShareError.self) { try store.create(prototype: "p", role: .view, expiresIn: 0) }
        let d = try store.create(prototype: "p", role: .view)
        #expect(abs(d.link.expiresAt.timeIntervalSince(d.link.createdAt) - 7 * 86_400) < 1)
    }
}

@Suite struct FailureLimiterTests {
    @Test func blocksAfterTheLimitAndRecovers() {
        let l = FailureLimiter(limit: 3, window: 10)
        let t = TestClock(1000)
        l.now = { t.now }
        for _ in 0..<2 { l.fail("1.2.3.4") }
        #expect(l.retryAfter("1.2.3.4") == nil)
        l.fail("1.2.3.4")
        // Three a 10 s: one attempt comes back every 3⅓ s.
        #expect(l.retryAfter("1.2.3.4") == 4)
        #expect(l.retryAfter("5.6.7.8") == nil)
        t += 3.4
        #expect(l.retryAfter("1.2.3.4") == nil)
        l.fail("1.2.3.4")
        #expect(l.retryAfter("1.2.3.4") != nil)
        t += 10
        for _ in 0..<3 {
            #expect(l.retryAfter("1.2.3.4") == nil)
            l.fail("1.2.3.4")
        }
        #expect(l.retryAfter("1.2.3.4") != nil)
    }
}

extension FailureLimiterTests {
    /// Failure counting costs O(1) per request: with 20,000 addresses on record, 20,000 more
    /// failures from one client (a junk share cookie on every request) take milliseconds. A
    /// table swept on every failure, or a list per address filtered on every request, takes
    /// seconds here (and once took a server from 30k to 575 requests a second).
    @Test func failureCountingCostsConstantTimePerRequest() {
        let l = FailureLimiter()
        for i in 0..<20_000 { l.fail("10.0.\(i / 256).\(i % 256)") }
        let start = ProcessInfo.processInfo.systemUptime
        for _ in 0..<20_000 {
            l.fail("203.0.113.7")
            _ = l.retryAfter("203.0.113.7")
        }
        let seconds = ProcessInfo.processInfo.systemUptime - start
        #expect(seconds < 2, "40,000 operations took \(seconds) s")
        #expect(l.retryAfter("203.0.113.7") != nil)
    }
}

/// A clock the test moves (`t += 5`), read by the limiters' `now`.
final class TestClock: @unchecked Sendable {
    var now: Double
    init(_ start: Double) { now = start }
    static func += (clock: TestClock, seconds: Double) { clock.now += seconds }
}

@Suite struct RateLimiterTests {
    @Test func aBucketSpendsItsBurstThenRefillsAtItsRate() {
        let l = RateLimiter(rate: 10, burst: 100)
        let t = TestClock(50)
        l.now = { t.now }
        #expect(l.take("a", cost: 60) == nil)
        #expect(l.take("a", cost: 60) == 2, "40 left; 20 more take 2 s")
        #expect(l.take("a", cost: 40) == nil, "a refused take took nothing")
        #expect(l.take("a") == 1)
        #expect(l.take("b", cost: 100) == nil, "keys are apart")
        #expect(l.take("c", cost: 500) == nil && l.take("c") == 1, "more than a burst takes a full bucket")
        t += 0.5
        #expect(l.take("a", cost: 5) == nil)
        #expect(l.wait("a") == 1 && l.wait("a", cost: 0) == nil)
        t += 1_000
        #expect(l.take("a", cost: 100) == nil, "full again, never more than the burst")
        #expect(l.take("a") == 1)
    }

    /// Buckets left alone long enough to be full are dropped as the generations rotate, so
    /// the table holds only keys active in the last two refill periods; the answers are the
    /// same as if every bucket were kept.
    @Test func idleBucketsAreDroppedWithoutChangingAnswers() {
        let l = RateLimiter(rate: 1, burst: 10)
        let t = TestClock(0)
        l.now = { t.now }
        for i in 0..<1_000 { l.take("k\(i)", cost: 10) }
        #expect(l.count == 1_000)
        t += 10
        #expect(l.take("fresh") == nil)
        t += 10
        #expect(l.take("fresh") == nil)
        #expect(l.count <= 2, "the 1,000 idle buckets were full, and are gone")
        #expect(l.take("k0", cost: 10) == nil)
        // A bucket in use survives the rotations and keeps its debt.
        l.take("busy", cost: 10)
        for _ in 0..<5 {
            t += 6
            #expect(l.take("busy", cost: 6) == nil)
        }
        #expect(l.take("busy", cost: 6) == 6)
    }

    /// Past `maxKeys` the older generation goes early: memory stays bounded under a flood of
    /// keys, at the price of forgiving some.
    @Test func aFloodOfKeysIsBounded() {
        let l = RateLimiter(rate: 1, burst: 5, maxKeys: 100)
        l.now = { 0 }
        for i in 0..<10_000 { l.take("flood\(i)", cost: 5) }
        #expect(l.count <= 200)
    }
}

@Suite struct CommentStoreTests {
    @Test func commentsPersistAndSkipATornTail() throws {
        let dir = try TemporaryDirectory("comments")
        defer { dir.remove() }
        let file = dir.file("comments.ndjson")
        let s = CommentStore(file: file)
        try s.add(
            Comment(
                id: "c1", prototype: "mail", share: "abc", screen: "inbox", modal: nil, x: 10, y: 20,
                text: "Why two buttons?", device: "iphone-16", createdAt: Date()))
        let h = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
        h.seekToEndOfFile()
        h.write(Data("{\"id\": \"torn".utf8))
        try h.close()
        let reopened = CommentStore(file: file)
        #expect(reopened.list(prototype: "mail").map(\.text) == ["Why two buttons?"])
        #expect(reopened.list(prototype: "photos").isEmpty)
    }
}

@Suite struct CommentAnchorStoreTests {
    @Test func anchorOrientationAndEnvironmentSurviveAReopen() throws {
        let dir = try TemporaryDirectory("comments")
        defer { dir.remove() }
        let file = dir.file("comments.ndjson")
        let made = Date(timeIntervalSince1970: 1_750_000_000)
        let c = Comment(
            id: "c1", prototype: "mail", share: nil, screen: "inbox", modal: nil, x: 300, y: 410, text: "Here",
            device: "iphone-16", orientation: "portrait", environment: ["multitasking": "full", "textSize": 3],
            anchor: CommentAnchor(element: "delete-all", kind: .control, dx: 0.25, dy: 0.5), createdAt: made)
        try CommentStore(file: file).add(c)
        // A line from before anchors sits beside it.
        let h = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
        h.seekToEndOfFile()
        h.write(
            Data(
                #"{"id":"old","prototype":"mail","screen":"inbox","modal":null,"x":1,"y":2,"text":"old","device":null,"createdAt":"2025-01-01T00:00:00Z"}"#
                    .utf8 + [0x0A]))
        try h.close()
        let read = CommentStore(file: file).list(prototype: "mail")
        #expect(read.first == c)
        #expect(read.last?.id == "old" && read.last?.anchor == nil && read.last?.environment.count == 0)
    }
}

@Suite struct CommentDurabilityTests {
    @Test func aTornTailIsCutSoTheNextCommentStartsOnItsOwnLine() throws {
        let dir = try TemporaryDirectory("comments")
        defer { dir.remove() }
        let file = dir.file("comments.ndjson")
        try Data("{\"id\": \"half-writ".utf8).write(to: URL(fileURLWithPath: file))
        let s = CommentStore(file: file)
        try s.add(
            Comment(
                id: "c2", prototype: "mail", share: nil, screen: nil, modal: nil, x: 1, y: 2, text: "kept", device: nil,
                createdAt: Date()))
        #expect(CommentStore(file: file).list(prototype: "mail").map(\.id) == ["c2"])
    }
}
