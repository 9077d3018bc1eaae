// `swift run -c release Benchmarks [NAME...]`: runs the named benchmarks, or all of them (composite-count is for
// callgrind and runs only when named).
let benchmarks: [(name: String, run: () -> Void)] = [
    ("heading", runHeadingBenchmark),
    ("composite", runCompositeBenchmark),
    ("composite-count", runCompositeInstructionCount),
    ("system", runSystemBenchmark),
    ("scanout", runScanoutBenchmark),
    ("map", runMapBenchmark),
    ("text", runTextBenchmark),
    ("labels", runLabelBenchmark),
    ("route", runRouteBenchmark),
    ("route-layer", routeFrameBenchmark),
    ("targets", runTargetsBenchmark),
    ("first-frame", runFirstFrameBenchmark),
]
let wanted = Array(CommandLine.arguments.dropFirst())
let unknown = wanted.filter { w in !benchmarks.contains { $0.name == w } }
if !unknown.isEmpty {
    print(
        "unknown benchmark(s): \(unknown.joined(separator: ", ")); known: \(benchmarks.map(\.name).joined(separator: ", "))"
    )
} else {
    for b in benchmarks where wanted.contains(b.name) || (wanted.isEmpty && b.name != "composite-count") { b.run() }
}
