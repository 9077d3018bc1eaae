import Core

/// The one replay engine, for `replay` and `demo` (which is a replay of the bundled ride): a recording's events and
/// the pipeline they drive, as a session configuration on a screen or by event time.
public struct Playback {
    public var events: [SensorEvent]
    /// Builds the pipeline (again for each pass of a looping replay).
    public var makePipeline: () -> NavigationPipeline

    public init(events: [SensorEvent], makePipeline: @escaping () -> NavigationPipeline) {
        self.events = events
        self.makePipeline = makePipeline
    }

    /// On a screen through the live display path (frames only when something visible changed, page-flip events)
    /// at `speed` recording seconds per wall second (nil: all at once), `repeats` for `--loop`.
    public func onScreen(_ display: any Display, speed: Double?, fps: Double, repeats: Bool)
        -> (configuration: SessionConfiguration, sink: DisplaySink)
    {
        // Read just before each frame tick, however fast the replay: no wake-up between frames.
        let source = RecordingSource(events: events, speed: speed, readAtFrameTicks: true)
        let sink = DisplaySink(
            display: display, movingFPS: fps, parkedFPS: 2, clock: MonotonicClock.now,
            eventTime: { source.recordingTime(atLoopTime: $0) },
            dueTime: { source.loopTime(ofRecordingTime: $0) }, makePipeline: makePipeline)
        var configuration = SessionConfiguration(clock: .system, sources: [source], sinks: [sink])
        configuration.repeatsInput = repeats
        return (configuration, sink)
    }

    /// By event time: a frame tick every `intervalSeconds` of recording time and one at the end, whatever the
    /// pace (`pacing` recording seconds per wall second; nil: as fast as possible).
    public func byEventTime(
        intervalSeconds: Double, display: (any Display)?, pacing: Double?, handlesSignals: Bool,
        traceRow: ((TraceRow) throws -> Void)? = nil
    ) -> (configuration: SessionConfiguration, sink: ReplayFrameSink) {
        let sink = ReplayFrameSink(
            intervalSeconds: intervalSeconds, display: display, traceRow: traceRow, makePipeline: makePipeline)
        let start = events.first?.time ?? Timestamp(nanoseconds: 0)
        var configuration = SessionConfiguration(
            clock: .eventTime(start: start, pacing: pacing), sources: [RecordingSource(events: events, speed: 1)],
            sinks: [sink])
        configuration.handlesSignals = handlesSignals
        return (configuration, sink)
    }
}
