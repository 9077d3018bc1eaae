import Core
import Platform

/// `demo` and `replay` on a screen: the session `configuration` through the live display path, `rideSink` first
/// (its "ride not saved" shown on the HUD, as in `run`), with the bench's keys and touches acting on top of the
/// recording's own (the session then stays up at its end until Ctrl-C), and `--stats`'s figures printed when it
/// stops.
func runOnScreen(
    _ configuration: SessionConfiguration, sink: DisplaySink, rideSink: RideSink, input: RideOptions, stats: Bool
) throws -> SessionResult {
    var configuration = configuration
    configuration.sinks.insert(rideSink, at: 0)
    rideSink.showNotice = { [unowned sink] in sink.show(notice: $0, while: $1) }
    if let source = try input.source(showing: sink) {
        configuration.sources.append(source)
        configuration.endsWithInput = false
    }
    let cpuStart = ProcessClock.cpuNanoseconds()
    let session = try Session(configuration)
    let result = try session.run()
    if stats {
        sink.missedTicks = session.missedFrameTicks
        print(
            sink.report(
                wallSeconds: result.seconds, cpuSeconds: Double(ProcessClock.cpuNanoseconds() - cpuStart) / 1e9))
    }
    return result
}
