import Core

/// A recording's frames by event time, as `replay` (without a screen) and the demo's PNG frames make them: every
/// frame tick gives one trace row and, with a display, one drawn frame (never skipped, so the frames are the same
/// at any pace). The frames' hash says "the same frames" in one number.
public final class ReplayFrameSink: EventSink {
    /// Seconds of recording time between frames.
    public let intervalSeconds: Double
    public let display: (any Display)?
    public private(set) var driver: ReplayDriver
    private let makePipeline: () -> NavigationPipeline
    /// Each row as it is made (the `--trace` file); the rows are kept too, for the summary.
    private let traceRow: ((TraceRow) throws -> Void)?
    public private(set) var rows: [TraceRow] = []
    public private(set) var frameHash = FrameHash()
    /// Frame ticks so far.
    public private(set) var frames = 0

    public init(
        intervalSeconds: Double, display: (any Display)?, traceRow: ((TraceRow) throws -> Void)? = nil,
        makePipeline: @escaping () -> NavigationPipeline
    ) {
        self.intervalSeconds = intervalSeconds
        self.display = display
        self.traceRow = traceRow
        self.makePipeline = makePipeline
        driver = ReplayDriver(pipeline: makePipeline())
    }

    public var name: String { "frames" }
    public var framePeriodSeconds: Double? { intervalSeconds }
    /// Events applied so far, by kind ("mag", "fix", …).
    public var counts: [String: Int] { driver.counts }

    public func consume(_ events: [SensorEvent], now: Timestamp) throws {
        for e in events { driver.apply(e) }
    }

    public func frame(now: Timestamp) throws {
        let input = driver.pipeline.nextSceneInput(at: now)
        let row = driver.traceRow(at: now, input: input)
        rows.append(row)
        try traceRow?(row)
        if let display {
            let frame = driver.pipeline.scene.render(input)
            frameHash.add(frame.contentHash)
            try display.present(frame, changed: driver.pipeline.scene.takeChange())
        }
        frames += 1
    }

    public func restart(now: Timestamp) throws { driver = ReplayDriver(pipeline: makePipeline()) }
}
