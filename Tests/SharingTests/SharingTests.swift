import Foundation
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
    func tempFile() -> String { NSTemporaryDirectory() + "shares-\(UUID().uuidString)/shares.json" }

    @Test func tokensResolveAndOnlyTheHashIsStored() throws {
        let file = tempFile()
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
        let store = try ShareStore(file: tempFile())
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
        let file = tempFile()
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
        let file = tempFile()
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
        let failures = Atomicish()
        DispatchQueue.concurrentPerform(iterations: 2000) { i in
            let text = RFC3339.format(t.addingTimeInterval(Double(i)))
            if RFC3339.parse(text) != t.addingTimeInterval(Double(i)) { failures.add() }
        }
        #expect(failures.count == 0)
        #expect(RFC3339.format(t) == "2025-11-29T11:40:22.125Z")
        #expect(RFC3339.parse("2025-11-29T11:40:22Z") == Date(timeIntervalSince1970: 1_764_416_422))
        #expect(RFC3339.parse("yesterday") == nil)
    }

    @Test func lifetimeIsBounded() throws {
        let store = try ShareStore(file: tempFile())
        #expect(throws: ShareError.self) { try store.create(prototype: "p", role: .view, expiresIn: 91 * 86_400) }
        #expect(throws: ShareError.self) { try store.create(prototype: "p", role: .view, expiresIn: 0) }
        let d = try store.create(prototype: "p", role: .view)
        #expect(abs(d.link.expiresAt.timeIntervalSince(d.link.createdAt) - 7 * 86_400) < 1)
    }
}

@Suite struct FailureLimiterTests {
    @Test func blocksAfterTheLimitAndRecovers() {
        let l = FailureLimiter(limit: 3, window: 10)
        let t0 = Date()
        l.now = { t0 }
        for _ in 0..<2 { l.fail("1.2.3.4") }
        #expect(l.retryAfter("1.2.3.4") == nil)
        l.fail("1.2.3.4")
        #expect(l.retryAfter("1.2.3.4") == 10)
        #expect(l.retryAfter("5.6.7.8") == nil)
        l.now = { t0.addingTimeInterval(10.5) }
        #expect(l.retryAfter("1.2.3.4") == nil)
    }
}

@Suite struct CommentStoreTests {
    @Test func commentsPersistAndSkipATornTail() throws {
        let dir = NSTemporaryDirectory() + "comments-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let file = dir + "/comments.ndjson"
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
        let dir = NSTemporaryDirectory() + "comments-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/comments.ndjson"
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
        let dir = NSTemporaryDirectory() + "comments-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let file = dir + "/comments.ndjson"
        try Data("{\"id\": \"half-writ".utf8).write(to: URL(fileURLWithPath: file))
        let s = CommentStore(file: file)
        try s.add(
            Comment(
                id: "c2", prototype: "mail", share: nil, screen: nil, modal: nil, x: 1, y: 2, text: "kept", device: nil,
                createdAt: Date()))
        #expect(CommentStore(file: file).list(prototype: "mail").map(\.id) == ["c2"])
    }
}

/// A counter behind a lock, for concurrent test bodies.
final class Atomicish: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func add() { lock.withLock { value += 1 } }
    var count: Int { lock.withLock { value } }
}
