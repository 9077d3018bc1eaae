// `swift run -c release Benchmarks [NAME...]`: runs the named benchmarks, or all of them but `onlyWhenNamed`.
let benchmarks: [(name: String, run: () -> Void)] = [
    ("heading", runHeadingBenchmark),
    ("composite", runCompositeBenchmark),
    ("composite-count", runCompositeInstructionCount),
    ("composite-tiles", runCompositeTileShapes),
    ("system", runSystemBenchmark),
    ("scanout", runScanoutBenchmark),
    ("map", runMapBenchmark),
    ("text", runTextBenchmark),
    ("labels", runLabelBenchmark),
    ("route", runRouteBenchmark),
    ("route-layer", routeFrameBenchmark),
    ("targets", runTargetsBenchmark),
    ("first-frame", runFirstFrameBenchmark),
    ("composite-flat", runCompositeFlatShare),
    ("hud", runHUDBenchmark),
    ("hud-count", runHUDInstructionCount),
    ("hud-count-fresh", runHUDFreshInstructionCount),
    ("memory", runMemoryBenchmark),
    ("frame", runFrameBenchmark),
    ("frame-count", runFrameInstructionCount),
    ("frame-count-turn", runTurnFrameInstructionCount),
    ("camera-steps", runCameraSteps),
]
// For callgrind, or slow and only for a question already answered in docs/benchmarks.md.
let onlyWhenNamed: Set = [
    "composite-count", "composite-tiles", "hud-count", "hud-count-fresh", "composite-flat", "frame-count",
    "frame-count-turn", "camera-steps",
]
let wanted = Array(CommandLine.arguments.dropFirst())
let unknown = wanted.filter { w in !benchmarks.contains { $0.name == w } }
if !unknown.isEmpty {
    print(
        "unknown benchmark(s): \(unknown.joined(separator: ", ")); known: \(benchmarks.map(\.name).joined(separator: ", "))"
    )
} else {
    for b in benchmarks
    where wanted.contains(b.name)
        || (wanted.isEmpty && !onlyWhenNamed.contains(b.name))
    { b.run() }
}
