// In-process benchmarks: `swift run -c release modallab-bench [name...]`.
// Each benchmark registers itself in `benchmarks` below and prints one line per measurement.

import Foundation

let benchmarks: [(name: String, run: () throws -> Void)] = [
    ("mustache", mustacheBenchmark),
    ("lint", lintBenchmark),
    ("limits", limitsBenchmark),
    ("text", textBenchmark),
    ("engine", engineBenchmark),
    ("log", logBenchmark),
    ("study", studyBenchmark),
]

let selected = CommandLine.arguments.dropFirst()
// `modallab-bench document N`: the generated prototype of N modals the lint benchmark reads,
// written to standard output (Benchmarks/editor times changes to it over HTTP).
if selected.first == "document" {
    let count = selected.dropFirst().first.flatMap { Int($0) } ?? 1000
    FileHandle.standardOutput.write(Data(lintBenchmarkDocument(modals: count)))
    exit(0)
}
for b in benchmarks where selected.isEmpty || selected.contains(b.name) {
    try b.run()
}
