import Dispatch
import JSON
import Presentation
import Prototype

/// `limits.<name>`: decode + validate + lint (`Linter.lint(file:)`, from bytes) of each valid
/// document at a prototype limit (``PrototypeLimits/examples()``), and of documents just past
/// the byte, depth and count limits (refused before decoding). Prints the median and the fastest of 9 runs.
func limitsBenchmark() throws {
    let linter = Linter()
    /// The median and the fastest of 9 runs, in ms (the fastest is the least disturbed by
    /// other work on a shared machine).
    func measure(_ body: () -> Void) -> (median: Double, min: Double) {
        var times: [Double] = []
        for _ in 0..<9 {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        times.sort()
        return (times[times.count / 2], times[0])
    }
    func shown(_ ms: Double) -> String { String(Double(Int(ms * 100)) / 100) }
    var reference: Double?
    func run(_ name: String, _ bytes: [UInt8]) {
        var diagnostics = 0
        var errors = 0
        let t = measure {
            let report = linter.lint(file: bytes)
            diagnostics = report.diagnostics.count
            errors = report.diagnostics.filter { $0.severity == .error }.count
        }
        if reference == nil { reference = t.min }
        let ratio = shown(t.min / (reference ?? t.min))
        print(
            "limits.\(name) median_ms=\(shown(t.median)) min_ms=\(shown(t.min)) ratio=\(ratio) bytes=\(bytes.count) diagnostics=\(diagnostics) errors=\(errors)"
        )
    }
    let limits = PrototypeLimits.standard
    // The 1,000-modal lint benchmark's document first: the others' times are also given as a
    // ratio to it, which stays meaningful on a machine busy with other work.
    run("reference_1000_modals", lintBenchmarkDocument(modals: 1000))
    for (name, doc) in limits.examples() { run(name, JSONWriter().bytes(doc)) }
    // Past the limits: a body one byte over, a document nested past the depth, 2 MiB of modals.
    run("over_bytes", [UInt8](repeating: 0x20, count: limits.bytes + 1))
    var deep: JSONValue = 1
    for _ in 0..<200 { deep = [deep] }
    run("over_depth", JSONWriter().bytes(["format": "modallab/1", "id": "x", "start": "home", "screens": deep]))
    let alerts = (0..<20_000).map { i -> JSONValue in ["id": .string("m\(i)"), "style": "alert", "title": "Hi?"] }
    run(
        "over_modals",
        JSONWriter().bytes([
            "format": "modallab/1", "id": "x", "start": "home", "screens": [["id": "home"]], "modals": .array(alerts),
        ]))
}
