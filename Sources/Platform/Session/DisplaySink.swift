import Core

/// The navigation pipeline on a screen, as `run`, `demo` and `replay --display` show it: events go into the
/// pipeline as they come; at each frame tick a frame is drawn only when something visible changed, and the tick
/// slows while parked. The display's own descriptor (DRM page flips) is watched for the latency figure.
public final class DisplaySink: EventSink {
    public let display: any Display
    /// The display when it follows VT switches, cast once: a cast at every frame tick was a conformance lookup
    /// in the runtime's cache each time.
    private let consoleSwitching: (any ConsoleSwitching)?
    public private(set) var pipeline: NavigationPipeline
    private let makePipeline: () -> NavigationPipeline
    /// Frames per second while moving, and while parked (when nothing changes, no frame is drawn at all).
    public let movingFPS: Double
    public let parkedFPS: Double
    public private(set) var stats = FrameStats()
    /// Called after a frame whose HUD put its buttons elsewhere (`Scene.touchControls`): the touch input's places.
    public var onTouchControls: (([RideInput.Control]) -> Void)?
    private var shownTouchControls: [RideInput.Control] = []
    /// Called on SIGHUP (`run` re-reads the calibration).
    public var onReload: ((NavigationPipeline) -> Void)?
    /// The loop time of the newest sample applied since the last frame, for the latency figure.
    private var newestUnshownSample: Timestamp?
    /// The sample time of the frame waiting for the display to show it.
    private var sampleTimeOfPendingFrame: Timestamp?
    /// Reads the clock for frame times (the loop's clock live; tests pass their own).
    private let clock: () -> Timestamp
    /// The event time a frame drawn at a loop time shows, for the fix's age on the HUD: the loop time itself
    /// live (events carry the same monotonic clock), the recording's time in a replay.
    private let eventTime: (Timestamp) -> Timestamp
    /// The loop time an event was due at, for the latency figure, when events may reach the sink later than
    /// that (a recording read at the frame ticks); nil: the loop time they arrive at.
    private let dueTime: ((Timestamp) -> Timestamp)?

    /// `makePipeline` builds the pipeline, again for each pass of a looping replay.
    public init(
        display: any Display, movingFPS: Double, parkedFPS: Double, clock: @escaping () -> Timestamp,
        eventTime: @escaping (Timestamp) -> Timestamp = { $0 }, dueTime: ((Timestamp) -> Timestamp)? = nil,
        makePipeline: @escaping () -> NavigationPipeline
    ) {
        self.eventTime = eventTime
        self.dueTime = dueTime
        self.display = display
        consoleSwitching = display as? any ConsoleSwitching
        self.movingFPS = movingFPS
        self.parkedFPS = parkedFPS
        self.clock = clock
        self.makePipeline = makePipeline
        pipeline = makePipeline()
        keepFramesApart()
    }

    /// The scene draws into a buffer the display does not hold (a display may keep what it last showed).
    private func keepFramesApart() {
        pipeline.scene.framesHeldByDisplay = display.framesHeld
    }

    public var name: String { "display" }
    /// Parked, the loop slows down, unless the map is still filling in (its tiles show as they land).
    public var framePeriodSeconds: Double? {
        1 / (pipeline.isParked && (pipeline.scene.map?.isComplete ?? true) ? parkedFPS : movingFPS)
    }
    public var fileDescriptors: [Int32] { display.eventDescriptor.map { [$0] } ?? [] }

    public func consume(_ events: [SensorEvent], now: Timestamp) throws {
        for e in events { pipeline.apply(e) }
        // Events come in time order: the last is the newest.
        let arrived = dueTime.flatMap { due in events.last.map { min(now, due($0.time)) } } ?? now
        newestUnshownSample = max(newestUnshownSample ?? arrived, arrived)
    }

    public func frame(now: Timestamp) throws {
        // Another VT is in front: nothing is drawn until the screen is ours again (ConsoleSwitching).
        if let consoleSwitching, !consoleSwitching.isOnScreen {
            stats.recordSkipped()
            return
        }
        let start = clock()
        guard let frame = pipeline.composeFrameIfChanged(at: eventTime(now)) else {
            stats.recordSkipped()
            return
        }
        // What the scene changed since the frame it drew before, which this display was given.
        try display.present(frame, changed: pipeline.scene.takeChange())
        if pipeline.scene.touchControls != shownTouchControls {
            shownTouchControls = pipeline.scene.touchControls
            onTouchControls?(shownTouchControls)
        }
        let end = clock()
        stats.recordDrawn(seconds: end.seconds(since: start))
        if display.eventDescriptor != nil {
            sampleTimeOfPendingFrame = newestUnshownSample
        } else if let sample = newestUnshownSample {
            // No event to wait for: the frame is on its way when present returns.
            stats.recordLatency(seconds: end.seconds(since: sample))
        }
        newestUnshownSample = nil
    }

    /// Missed frame ticks, for the report (the loop counts them).
    public var missedTicks: UInt64 {
        get { stats.missedTicks }
        set { stats.missedTicks = newValue }
    }

    public func handleReadable(_ fd: Int32, now: Timestamp) throws {
        guard try display.handleEvents() > 0, let sample = sampleTimeOfPendingFrame else { return }
        stats.recordLatency(seconds: clock().seconds(since: sample))
        sampleTimeOfPendingFrame = nil
    }

    public func restart(now: Timestamp) throws {
        let notices = pipeline.notices
        pipeline = makePipeline()
        keepFramesApart()
        pipeline.notices = notices
    }

    public func reload() { onReload?(pipeline) }

    /// The HUD says what stopped ("RECORDING STOPPED"); navigation goes on.
    public func sinkFailed(_ name: String, error: any Error) {
        show(notice: "\(name.uppercased()) STOPPED", while: true)
    }

    /// Shows `notice` on the HUD while `shown`, and takes it away after.
    public func show(notice: String, while shown: Bool) {
        pipeline.notices.removeAll { $0 == notice }
        if shown { pipeline.notices.append(notice) }
    }

    /// The `--stats` report for a run that took `wallSeconds` and `cpuSeconds`.
    public func report(wallSeconds: Double, cpuSeconds: Double) -> String {
        stats.report(wallSeconds: wallSeconds, cpuSeconds: cpuSeconds, residentBytes: ProcessClock.residentBytes())
    }
}
