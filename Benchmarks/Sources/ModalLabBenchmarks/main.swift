// In-process benchmarks: `swift run -c release modallab-bench [name...]`.
// Each benchmark registers itself in `benchmarks` below and prints one line per measurement.

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
for b in benchmarks where selected.isEmpty || selected.contains(b.name) {
    try b.run()
}
