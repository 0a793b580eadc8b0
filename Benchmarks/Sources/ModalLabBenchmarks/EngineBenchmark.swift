import Dispatch
import Foundation
import JSON
import Presentation
import Prototype

/// Drives the presentation engine in-process through a realistic Mail session on an iPhone 16
/// and on an iPad Pro: compose, type, swipe into the discard confirmation, delete the draft,
/// send, the delete-all alert, the share sheet, a message and its reply action sheet, back,
/// a refused tap under a sheet, and a rotation now and then — the same mix a person produces.
///
/// Prints `engine.mail actions_per_s=… median_ns=… p99_ns=…` (and `engine.mail_ipad …`).
/// `ENGINE_BENCH_ACTIONS` sets how many actions to run (default 300,000 per device).
func engineBenchmark() throws {
    let prototype = try loadMail()
    let actions = ProcessInfo.processInfo.environment["ENGINE_BENCH_ACTIONS"].flatMap { Int($0) } ?? 300_000
    for (name, device) in [("engine.mail", "iphone-16"), ("engine.mail_ipad", "ipad-pro-11")] {
        try run(name, prototype, device: device, actions: actions)
    }
}

/// The bundled Mail prototype, decoded (from the repository, or the current folder's `Templates`).
func loadMail() throws -> Prototype {
    let here = URL(fileURLWithPath: #filePath)
    let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    var url = root.appendingPathComponent("Templates/prototypes/mail.json")
    if !FileManager.default.fileExists(atPath: url.path) {
        url = URL(fileURLWithPath: "Templates/prototypes/mail.json")
    }
    let bytes = try [UInt8](Data(contentsOf: url))
    let result = try Prototype.decode(bytes)
    guard let p = result.prototype else { throw BenchmarkError("mail.json: \(result.issues)") }
    return p
}

private struct BenchmarkError: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}

func tap(_ t: String, _ choice: String? = nil) -> EngineAction {
    .tap(target: t, choice: choice.map { .title($0) }, x: 120, y: 300)
}

/// One loop of a Mail session; every step is valid in the state the previous one leaves.
func script(iPad: Bool) -> [EngineAction] {
    var a: [EngineAction] = [
        tap("compose"),
        .edit(target: "to", value: "anna@example.com"),
        .edit(target: "subject", value: "Lunch"),
        tap("delete-all"),  // refused: covered by the sheet
        .swipeDown(target: "compose"),  // dirty: the discard confirmation
        tap("discard-draft", "Delete Draft"),
        tap("compose"),
        .edit(target: "body", value: "See you at noon."),
        tap("send"),
        tap("delete-all"),
        .tapOutside(x: 10, y: 10),
        tap("confirm-delete", "Cancel"),
        tap("share-button"),
        tap("share", "Pin Message"),
        tap("m1"),
        tap("reply"),
        tap("reply-options", "Reply"),
    ]
    // A card has detents; the iPad's centred sheet does not.
    if !iPad { a.append(.detent(target: "compose", detent: "large")) }
    a += [
        .swipeDown(target: nil),  // clean: dismissed
        .back(),
        .rotate(.landscape),
        tap("compose"),
        .edit(target: "to", value: "kate@example.com"),
        tap("cancel"),  // dirty: the confirmation again
        tap("discard-draft", "Save Draft"),
        .rotate(.portrait),
    ]
    return a
}

private func run(_ name: String, _ prototype: Prototype, device: String, actions: Int) throws {
    let engine = PresentationEngine(prototype: prototype)
    let env = Environment(device: DeviceCatalogue.device(device)!)
    let start = engine.start(environment: env).state
    let loop = script(iPad: device.hasPrefix("ipad"))

    // Check the loop once: it must come back to the start with only the one refusal.
    var state = start
    var refusals = 0
    for (k, action) in loop.enumerated() {
        let o = try engine.apply(action, to: state, atMs: k * 500)
        if o.refusal != nil { refusals += 1 }
        state = o.state
    }
    guard state.stack.isEmpty, state.screen == "inbox", refusals == 1 else {
        throw BenchmarkError(
            "\(name): the loop did not return to the inbox: \(state.stack.map(\.modal)), \(refusals) refusals")
    }

    var samples: [UInt64] = []
    samples.reserveCapacity(actions)
    var events = 0
    state = start
    var now = 0
    let t0 = DispatchTime.now().uptimeNanoseconds
    var i = 0
    while i < actions {
        let action = loop[i % loop.count]
        now += 400
        let s0 = DispatchTime.now().uptimeNanoseconds
        let o = try engine.apply(action, to: state, atMs: now)
        samples.append(DispatchTime.now().uptimeNanoseconds - s0)
        state = o.state
        events += o.events.count
        i += 1
    }
    let total = DispatchTime.now().uptimeNanoseconds - t0
    samples.sort()
    let perSecond = Double(actions) / (Double(total) / 1e9)
    print(
        "\(name) actions_per_s=\(Int(perSecond)) median_ns=\(samples[samples.count / 2]) p99_ns=\(samples[samples.count * 99 / 100]) events_per_action=\((Double(events) / Double(actions) * 10).rounded() / 10)"
    )
}
