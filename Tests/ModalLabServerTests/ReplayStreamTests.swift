import Foundation
import JSON
import Presentation
import Prototype
import Testing

@testable import ModalLabServer

/// Replays in bounded memory: streamed as NDJSON, each step sending its change, each answer
/// bounded (docs/studies.md).
@Suite struct ReplayStreamTests {
    /// The attack of the issue, smaller: a view link types 900 KB into a field, then sends 200
    /// refused taps. Before, every step repeated the whole frame (the typed text in it): 200
    /// × 900 KB. Now the frame goes once, and a refused tap's step carries its action only.
    @Test func refusedTapsAfterALargeEditSendOnlyTheirActions() async throws {
        let s = try TestApp()
        let made = try await s.client.json("POST", "/api/shares", ["prototype": "mail", "role": "view"])
        let url = try #require(made.json?["url"]?.stringValue)
        let cookie = ["Cookie": "modallab_share_0=\(url[url.range(of: "/s/")!.upperBound...])"]
        let started = try await s.client.request(
            "POST", "/api/sessions", body: #"{"prototype": "mail"}"#, headers: cookie, auth: false)
        let sid = try #require(started.json?["session"]?.stringValue, "\(started.text)")
        func act(_ body: String) async throws -> Int {
            try await s.client.request("POST", "/api/sessions/\(sid)/actions", body: body, headers: cookie, auth: false)
                .status
        }
        #expect(try await act(#"{"type": "tap", "target": "compose"}"#) == 200)
        let typed = String(repeating: "x", count: 900_000)
        #expect(try await act(#"{"type": "edit", "target": "to", "value": "\#(typed)"}"#) == 200)
        let taps = 200
        for _ in 0..<taps { #expect(try await act(#"{"type": "tap", "target": "delete-all"}"#) == 409) }

        let replay = try await s.client.request("GET", "/api/sessions/\(sid)/replay")
        #expect(replay.status == 200)
        #expect(
            replay.headers.first { $0.0.lowercased() == "content-type" }?.1.hasPrefix("application/x-ndjson") == true)
        let lines = StudyTests.replayLines(replay.text)
        let steps = lines.compactMap { $0["step"] }
        #expect(steps.count == 2 + taps)
        #expect(steps.map { $0["i"]?.intValue } == (1...(2 + taps)).map { $0 })
        // The edit's step draws the typed text as the log keeps it, by its length (never the
        // text); the refused taps after it draw nothing new.
        #expect(steps[1]["html"]?.stringValue?.contains(TypedText.placeholder(length: typed.count)) == true)
        #expect(steps[1]["html"]?.stringValue?.contains("xxxx") == false)
        for step in steps.dropFirst(2) {
            #expect(step["refused"]?.stringValue != nil)
            #expect(step["html"] == nil && step["state"] == nil)
        }
        // The typed text crosses the wire twice: in the edit's action and in its frame.
        #expect(replay.body.count < 2 * typed.utf8.count + 200_000, "\(replay.body.count) bytes")
        #expect(lines.last?["end"]?["steps"]?.intValue == 2 + taps)
        #expect(lines.first?["replay"]?["from"]?.intValue == 0)
    }

    /// An answer stops at `bytes` (after a whole step) with `more`, and `?from=` goes on from
    /// there: the answers together have every step once, each state as the whole replay has it;
    /// `from` past the session's steps and numbers out of range are 400s naming the parameter.
    @Test func anAnswerStopsAtItsSizeAndGoesOnFromThere() async throws {
        let s = try TestApp()
        let sid = try await s.session("mail", device: "iphone-16")
        for target in ["compose", "cancel", "compose", "cancel", "compose", "cancel", "share-button", "compose"] {
            _ = try await s.act(sid, ["type": "tap", "target": .string(target)])
        }
        let whole = try await s.client.request("GET", "/api/sessions/\(sid)/replay")
        let wholeSteps = StudyTests.replayLines(whole.text, "step")
        #expect(wholeSteps.count == 8)
        var from = 0
        var answers = 0
        var seen: [Int] = []
        while true {
            let r = try await s.client.request("GET", "/api/sessions/\(sid)/replay?from=\(from)&bytes=1024")
            #expect(r.status == 200)
            answers += 1
            let lines = StudyTests.replayLines(r.text)
            #expect(lines.first?["replay"]?["from"]?.intValue == from)
            // Every answer starts with a whole frame: the state after step `from`.
            #expect(lines.first?["replay"]?["start"]?["html"]?.stringValue != nil)
            seen += lines.compactMap { $0["step"]?["i"]?.intValue }
            if let more = lines.last?["more"] {
                from = try #require(more["from"]?.intValue)
                #expect(more["detail"]?.stringValue?.contains("from=\(from)") == true)
            } else {
                #expect(lines.last?["end"]?["steps"]?.intValue == 8)
                break
            }
            #expect(answers < 20)
        }
        #expect(answers > 1)
        #expect(seen == Array(1...8))
        let last = try await s.client.request("GET", "/api/sessions/\(sid)/replay?from=8")
        #expect(StudyTests.replayLines(last.text).count == 2)
        for bad in ["from=9", "from=-1", "from=x", "bytes=10", "bytes=999999999"] {
            let r = try await s.client.request("GET", "/api/sessions/\(sid)/replay?\(bad)")
            #expect(r.status == 400, "\(bad): \(r.status)")
            #expect(r.json?["path"]?.stringValue == String(bad.prefix { $0 != "=" }), "\(bad)")
        }
    }

    /// A watcher is sent a frame only when what is drawn changed: typing into a field changes
    /// the frame, a refused tap sends nothing, a state that draws the same sends its state alone.
    @Test func aWatcherGetsAFrameOnlyWhenItChanges() throws {
        var frames = WatchFrames()
        let app = try TestApp()
        let p = try #require(app.app.library.get("mail")?.prototype)
        let engine = app.app.engines.engine(for: p, options: app.app.engineOptions)
        let env = Environment(device: try #require(DeviceCatalogue.device("iphone-16")), orientation: .portrait)
        var state = engine.start(environment: env).state
        var rendered = 0
        func data() throws -> String {
            try frames.data(p, state) { (s) throws(Problem) -> [UInt8] in
                rendered += 1
                return try app.app.pages.deviceFrame(p, s)
            }
        }
        #expect(try data().contains(#""html":"#))
        #expect(try !data().contains(#""html":"#))
        state = try engine.apply(.tap(target: "compose", choice: nil, x: nil, y: nil), to: state, atMs: 10).state
        #expect(try data().contains(#""html":"#))
        state.lastTransitionMs = 99
        #expect(try !data().contains(#""html":"#))
        #expect(rendered == 2)
    }
}
