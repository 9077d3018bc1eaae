// `swift run -c release Benchmarks [NAME...]`: runs the named benchmarks, or all of them.
let benchmarks: [(name: String, run: () -> Void)] = [
    ("heading", runHeadingBenchmark),
    ("composite", runCompositeBenchmark),
    ("system", runSystemBenchmark),
    ("scanout", runScanoutBenchmark),
    ("map", runMapBenchmark),
    ("text", runTextBenchmark),
]
let wanted = Array(CommandLine.arguments.dropFirst())
let unknown = wanted.filter { w in !benchmarks.contains { $0.name == w } }
if !unknown.isEmpty {
    print(
        "unknown benchmark(s): \(unknown.joined(separator: ", ")); known: \(benchmarks.map(\.name).joined(separator: ", "))"
    )
} else {
    for b in benchmarks where wanted.isEmpty || wanted.contains(b.name) { b.run() }
}
