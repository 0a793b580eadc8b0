import Foundation
import HTTPServer
import JSON
import Presentation
import Prototype
import TestSupport
import Testing

@testable import ModalLabServer

/// Random Unicode through the whole pipeline, 100,000 cases: a small prototype whose every text
/// (titles, messages, labels, placeholders, values, segments, list rows, actions, activities,
/// and now and then member names and ids) is random Unicode — control characters, lone
/// combining marks, direction overrides, zero-width characters, emoji sequences, CJK, RTL
/// scripts, noncharacters, huge words — is encoded, sometimes corrupted byte by byte, decoded
/// and linted (`Linter.lint(file:)`, what `PUT`, reload and `modallab lint` run), driven through
/// the engine (typing random text, presenting its modals, choosing their buttons), and drawn
/// as the server draws a frame (``ModalLabApp/frameResponse``). No case may crash or take more
/// than ``bound`` seconds of CPU.
///
/// A failure names its seed; `TextFuzz().run(seed:into:)` replays that case alone. Time is
/// the case's CPU time (its thread's), not wall time, so a machine busy with other work does
/// not fail it.
@Suite struct TextFuzzTests {
    static let cases = 100_000
    /// The most CPU time one case may take (a debug build takes a few milliseconds).
    static let bound = 0.25

    @Test func randomUnicodeThroughDecodeLintEngineAndRender() async throws {
        let fuzz = try TextFuzz()
        let workers = max(1, min(2, ProcessInfo.processInfo.activeProcessorCount))
        let start = Date()
        let reports = await TextFuzz.onWorkers(workers) { w in
            var report = TextFuzz.Report()
            var seed = UInt64(w)
            while seed < UInt64(Self.cases) {
                fuzz.run(seed: seed, into: &report)
                seed += UInt64(workers)
            }
            return report
        }
        let total = reports.reduce(into: TextFuzz.Report()) { $0.merge($1) }
        let seconds = Date().timeIntervalSince(start)
        func s(_ x: Double) -> String { String(Int(x.rounded())) }
        print(
            "TextFuzzTests: \(total.cases) cases in \(s(seconds)) s (\(s(total.totalTime)) s of CPU: lint \(s(total.lintTime)) s, "
                + "frames \(s(total.drawTime)) s); \(total.decoded) decoded, \(total.frames) frames; slowest case "
                + "\(Int(total.slowest.seconds * 1000)) ms of CPU (seed \(total.slowest.seed))")
        #expect(total.cases == Self.cases)
        #expect(total.failures.isEmpty, "\(total.failures.prefix(5))")
        #expect(
            total.slowest.seconds < Self.bound,
            "seed \(total.slowest.seed) took \(total.slowest.seconds) s of CPU")
        // The generator reaches every stage: most prototypes decode and most cases draw frames.
        #expect(total.decoded > Self.cases / 2)
        #expect(total.frames > Self.cases / 2)
    }

    @Test func theGeneratorMakesEveryKindOfCharacter() {
        var g = RandomText(seed: 1)
        var text = ""
        for _ in 0..<2000 { text += g.text() }
        let values = Set(text.unicodeScalars.map(\.value))
        #expect(values.contains { $0 < 0x20 && $0 != 0x0A })  // C0
        #expect(values.contains { (0x80...0x9F).contains($0) })  // C1
        #expect(values.contains { (0x202A...0x202E).contains($0) })  // overrides
        #expect(values.contains(0x200D))  // ZWJ
        #expect(values.contains { (0x300...0x36F).contains($0) })  // combining marks
        #expect(values.contains { (0x4E00...0x9FFF).contains($0) })  // CJK
        #expect(values.contains { (0x1F600...0x1F64F).contains($0) })  // emoji
        #expect(values.contains { $0 == 0xFFFF || $0 == 0xFFFE || (0xFDD0...0xFDEF).contains($0) })  // noncharacters
        #expect(values.contains { (0x0590...0x06FF).contains($0) })  // Hebrew, Arabic
    }
}

/// Random text: mostly words, with every troublesome kind of character mixed in.
struct RandomText {
    var rng: SplitMix64
    init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    mutating func int(_ r: ClosedRange<Int>) -> Int { Int.random(in: r, using: &rng) }
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < p }
    mutating func pick<T>(_ xs: [T]) -> T { xs[int(0...(xs.count - 1))] }

    static let words = [
        "Delete", "photo", "Cancel", "OK", "Sign In", "e.g.", "You must", "tap", "“Delete”", "iCloud", "删除", "取消",
        "キャンセル", "שלום", "مرحبا", "Wi-Fi", "—", "…", "{{title}}", "</div>", "<script>", "&amp;", "\"", "'", "\\",
    ]
    /// Ranges of scalars, each a kind of trouble.
    static let kinds: [ClosedRange<UInt32>] = [
        0x00...0x1F, 0x7F...0x9F,  // C0, DEL, C1
        0x300...0x36F, 0x20D0...0x20FF,  // combining marks
        0x200B...0x200F, 0x2060...0x2064, 0xFEFF...0xFEFF, 0xAD...0xAD,  // zero-width, soft hyphen
        0x202A...0x202E, 0x2066...0x2069, 0x61C...0x61C,  // bidirectional controls
        0x1F600...0x1F64F, 0x1F300...0x1F5FF, 0x1F3FB...0x1F3FF, 0x1F1E6...0x1F1FF, 0xFE0F...0xFE0F,  // emoji
        0x4E00...0x9FFF, 0x3040...0x30FF, 0xAC00...0xD7A3, 0x3000...0x303F, 0xFF01...0xFF60,  // CJK
        0x0590...0x05FF, 0x0600...0x06FF,  // Hebrew, Arabic
        0xFDD0...0xFDEF, 0xFFFE...0xFFFF, 0x10FFFE...0x10FFFF, 0xE000...0xF8FF,  // noncharacters, private use
        0x2028...0x2029, 0x85...0x85, 0x2000...0x200A, 0xA0...0xA0, 0x1680...0x1680,  // breaks, spaces
        0x0000...0x10FFFF,  // anything
    ]

    mutating func scalar() -> Unicode.Scalar {
        let r = pick(Self.kinds)
        while true {
            if let s = Unicode.Scalar(UInt32.random(in: r, using: &rng)) { return s }
        }
    }

    /// A text of up to a few dozen pieces; now and then a huge word.
    mutating func text() -> String {
        var s = ""
        if chance(0.005) {
            // A word of a few thousand scalars without a space.
            let c = Character(scalar())
            return String(repeating: chance(0.5) ? "W" : c, count: int(1000...4000))
        }
        for _ in 0..<int(0...12) {
            switch int(0...9) {
            case 0...3: s += pick(Self.words)
            case 4: s += " "
            case 5: s += pick(["\n", "\r\n", "\t", "\u{2028}", "\r"])
            case 6: s += pick(["👨‍👩‍👧", "🇫🇷", "👍🏽", "🏳️‍🌈", "\u{202E}abc\u{202C}", "a\u{301}\u{302}"])
            default: s.unicodeScalars.append(scalar())
            }
        }
        return s
    }
}

/// The fuzz pipeline: one application (its templates and frame cache) shared by all cases.
final class TextFuzz: @unchecked Sendable {
    /// The application over a fresh data folder (in process, no socket).
    let server: TestApp
    var app: ModalLabApp { server.app }

    init() throws { server = try TestApp() }

    /// What the cases did and what went wrong.
    struct Report: Sendable {
        var cases = 0
        var decoded = 0
        var frames = 0
        var failures: [String] = []
        var slowest: (seconds: Double, seed: UInt64) = (0, 0)
        /// CPU seconds in all, in decoding and linting, and in drawing frames.
        var totalTime = 0.0
        var lintTime = 0.0
        var drawTime = 0.0

        mutating func merge(_ o: Report) {
            cases += o.cases
            decoded += o.decoded
            lintTime += o.lintTime
            totalTime += o.totalTime
            drawTime += o.drawTime
            frames += o.frames
            failures += o.failures.prefix(max(0, 10 - failures.count))
            if o.slowest.seconds > slowest.seconds { slowest = o.slowest }
        }
    }

    /// CPU time of the calling thread, in seconds.
    static func threadCPUTime() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    /// Runs `body(w)` for w in 0..<n, each on a thread of its own, and waits for all without
    /// holding a thread of Swift's cooperative pool (the in-process servers of other suites
    /// need those).
    static func onWorkers<T: Sendable>(_ n: Int, _ body: @escaping @Sendable (Int) -> T) async -> [T] {
        await withTaskGroup(of: T.self) { group in
            for w in 0..<n {
                group.addTask {
                    await withCheckedContinuation { (c: CheckedContinuation<T, Never>) in
                        let t = Thread { c.resume(returning: body(w)) }
                        t.stackSize = 8 << 20
                        t.start()
                    }
                }
            }
            var out: [T] = []
            for await r in group { out.append(r) }
            return out
        }
    }

    /// One case: a prototype from `seed`, through every stage, into `report`.
    func run(seed: UInt64, into report: inout Report) {
        let start = Self.threadCPUTime()
        var g = RandomText(seed: seed &* 0x9E37_79B9_7F4A_7C15 &+ 1)
        let (doc, modals, field) = Self.prototype(&g)
        var bytes = JSONWriter().bytes(doc)
        if g.chance(0.03) {
            // A corrupted byte or two: invalid UTF-8, broken syntax.
            for _ in 0..<g.int(1...3) where !bytes.isEmpty {
                bytes[g.int(0...(bytes.count - 1))] = UInt8(truncatingIfNeeded: g.int(0...255))
            }
        }
        report.cases += 1
        let t0 = Self.threadCPUTime()
        let lint = Linter().lint(file: bytes)
        report.lintTime += Self.threadCPUTime() - t0
        if seed % 16 == 0 {
            // What `modallab lint` prints, as text and as JSON.
            if let bad = lint.textLines(file: "fuzz.json").first(where: { line in
                line.unicodeScalars.contains { TextScalars.isControl($0.value) || TextScalars.isBidiControl($0.value) }
            }) {
                report.failures.append("seed \(seed): a lint line with an invisible character: \(bad.debugDescription)")
            }
            _ = JSONWriter().bytes(.array(lint.json(file: "fuzz.json")))
        }
        if let p = lint.prototype {
            report.decoded += 1
            drive(p, modals: modals, field: field, &g, &report, seed: seed)
        }
        let seconds = Self.threadCPUTime() - start
        report.totalTime += seconds
        if seconds > report.slowest.seconds { report.slowest = (seconds, seed) }
    }

    /// Starts a session's state, types random text, presents a modal, chooses one of its
    /// buttons, and draws the frame after each step.
    func drive(
        _ p: Prototype, modals: [String], field: String, _ g: inout RandomText, _ report: inout Report, seed: UInt64
    ) {
        let engine = PresentationEngine(prototype: p)
        let device = DeviceCatalogue.device(p.devices[0]) ?? DeviceCatalogue.all[0]
        var state = engine.start(
            environment: Environment(device: device, orientation: g.chance(0.3) ? .landscape : .portrait)
        ).state
        var now = 0
        func step(_ a: EngineAction) {
            now += 1000
            if let o = try? engine.apply(a, to: state, atMs: now) { state = o.state }
        }
        func draw() {
            let t0 = TextFuzz.threadCPUTime()
            defer { report.drawTime += TextFuzz.threadCPUTime() - t0 }
            do {
                let r = try app.pages.frameResponse(prototype: p, state: state) { $0.append(UInt8(ascii: "{")) }
                guard case .bytes(let body) = r.body, body.first == UInt8(ascii: "{"), body.last == UInt8(ascii: "}")
                else {
                    report.failures.append("seed \(seed): a frame that is not a JSON object")
                    return
                }
                if seed % 101 == 0, (try? JSONParser.parse(body))?["html"]?.stringValue == nil {
                    report.failures.append("seed \(seed): a frame whose JSON does not parse")
                }
                report.frames += 1
            } catch {
                report.failures.append("seed \(seed): \(error)")
            }
        }
        step(.edit(target: field, value: .string(g.text())))
        guard let modal = modals.first else { return draw() }
        step(.tap(target: "open-\(modal)", choice: nil, x: nil, y: nil))
        draw()
        if let top = state.top, let m = p.modal(top.modal), m.style.isSystem, g.chance(0.2) {
            let n = max(m.actions.count, m.customActivities.count, 1)
            step(.tap(target: m.id, choice: .index(g.int(0...(n - 1))), x: nil, y: nil))
            draw()
        }
    }

    /// A small prototype with random text in its texts, the ids of its modals, and the id of a
    /// text field on the app screen. Small, so that 100,000 cases stay quick: one app screen
    /// with a button for each modal, a text field and one other control of a random kind, and
    /// one modal (now and then two) of a random style; the kinds vary from case to case.
    static func prototype(_ g: inout RandomText) -> (JSONValue, [String], String) {
        func t() -> JSONValue { .string(g.text()) }
        let styles = ["alert", "actionSheet", "activity", "pageSheet", "popover", "fullScreen", "formSheet"]
        let devices = DeviceCatalogue.all.map(\.id)
        let modals = (0..<(g.chance(0.1) ? 2 : 1)).map { i in (id: "m\(i)", style: g.pick(styles)) }
        var content: [JSONValue] = modals.map { m in
            ["id": .string("open-\(m.id)"), "title": t(), "action": ["present": .string(m.id)]]
        }
        content.append(["type": "textField", "id": "field", "label": t(), "placeholder": t(), "userContent": true])
        let others: [JSONValue] = [
            ["type": "textArea", "id": "notes", "label": t(), "value": t()],
            ["type": "toggle", "id": "switch", "label": t()],
            ["type": "segmented", "id": "choice", "segments": [t(), t()]],
            ["type": "text", "id": "body", "text": t()],
            [
                "type": "list", "id": "rows",
                "items": [["id": "row", "title": t(), "subtitle": t(), "action": ["present": .string(modals[0].id)]]],
            ],
            ["type": "image", "id": "picture", "label": t()],
            ["id": "plain", "title": t(), "accessibilityLabel": t()],
        ]
        content.append(g.pick(others))
        var home: JSONObject = ["id": "home", "content": .array(content)]
        if g.chance(0.5) { home["title"] = t() }
        if g.chance(0.3) { home["navigationBar"] = ["trailing": [["id": "more", "title": t()]]] }
        if g.chance(0.03) { home[g.text()] = t() }  // a random member name
        var list: [JSONValue] = []
        for m in modals {
            var o: JSONObject = ["id": .string(m.id), "style": .string(m.style)]
            if m.style != "activity" { o["title"] = t() }
            switch m.style {
            case "alert", "actionSheet":
                o["message"] = t()
                o["actions"] = .array(
                    (0..<g.int(1...3)).map { k in
                        ["title": t(), "role": .string(k == 0 ? "cancel" : g.pick(["default", "destructive"]))]
                    })
                if m.style == "alert" && g.chance(0.2) { o["textFields"] = [["placeholder": t()]] }
                if m.style == "actionSheet" { o["source"] = .string("open-\(m.id)") }
            case "activity":
                o["source"] = .string("open-\(m.id)")
                o["customActivities"] = [["id": .string("\(m.id)-a"), "title": t(), "systemImage": "star"]]
            default:
                if m.style == "popover" { o["source"] = .string("open-\(m.id)") }
                o["navigationBar"] = ["leading": [["id": .string("\(m.id)-close"), "title": t(), "action": "dismiss"]]]
                if g.chance(0.3) {
                    o["content"] = [
                        ["id": .string("\(m.id)-next"), "title": t(), "action": ["push": .string("\(m.id)-s")]]
                    ]
                    o["screens"] = [["id": .string("\(m.id)-s"), "title": t()]]
                }
            }
            list.append(.object(o))
        }
        var doc: JSONObject = [
            "format": "modallab/1", "id": .string(g.chance(0.02) ? g.text() : "fuzz"), "start": "home",
            "devices": [.string(g.pick(devices))], "screens": [.object(home)], "modals": .array(list),
        ]
        if g.chance(0.3) { doc["name"] = t() }
        if g.chance(0.05) { doc["lint"] = ["productNames": [t()], "disable": [t()]] }
        return (.object(doc), modals.map(\.id), "field")
    }
}
