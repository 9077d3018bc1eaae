import Core
import Glibc

/// The fixed-rate loop: one thread, one epoll. Sensor sources apply events as their descriptors become readable;
/// the frame timer (absolute CLOCK_MONOTONIC deadlines) draws a frame only when something visible changed; the DRM
/// descriptor completes page flips; SIGINT/SIGTERM stop the loop cleanly and SIGHUP asks for a reload.
public final class DisplayLoop {
    public let loop: EventLoop
    public let pipeline: NavigationPipeline
    public let display: any Display
    let timer: PeriodicTimer
    let signals: SignalWatcher
    /// Frames per second while moving, and while parked (when nothing changes, no frame is drawn at all).
    let movingFPS: Double
    let parkedFPS: Double
    public private(set) var stats = FrameStats()
    /// Monotonic nanoseconds of the newest sample applied since the last frame, for the latency figure.
    private var newestUnshownSample: Int64?
    /// The sample time of the frame waiting for its page flip.
    private var sampleTimeOfPendingFlip: Int64?
    private var flipsSeen = 0
    /// Called once per timer tick before drawing (the scripted and replay feeds apply due events here).
    public var beforeFrame: ((Int64) throws -> Void)?
    /// Called on SIGHUP.
    public var onReload: (() -> Void)?
    public private(set) var stopSignal: Int32?

    public init(pipeline: NavigationPipeline, display: any Display, movingFPS: Double, parkedFPS: Double) throws {
        self.pipeline = pipeline
        self.display = display
        self.movingFPS = movingFPS
        self.parkedFPS = parkedFPS
        loop = try EventLoop()
        timer = try PeriodicTimer(periodSeconds: 1 / movingFPS)
        signals = try SignalWatcher(signals: [SIGINT, SIGTERM, SIGHUP])
        try loop.watch(timer.fileDescriptor) { [unowned self] in try self.tick() }
        try loop.watch(signals.fileDescriptor) { [unowned self] in self.handleSignals() }
        if let drm = display as? DrmDisplay {
            try loop.watch(drm.fileDescriptor) { [unowned self] in try self.flipCompleted(drm) }
        }
    }

    /// Applies events from a source, remembering the newest sample's monotonic time for the latency figure.
    public func apply(_ events: [SensorEvent], sampledAt monotonicNanoseconds: Int64) {
        guard !events.isEmpty else { return }
        for e in events { pipeline.apply(e) }
        newestUnshownSample = max(newestUnshownSample ?? monotonicNanoseconds, monotonicNanoseconds)
    }

    /// Runs until a termination signal or `stop()`.
    public func run() throws { try loop.run() }

    public func stop() { loop.stop() }

    private func tick() throws {
        guard timer.acknowledge() else { return }
        try beforeFrame?(ProcessClock.now())
        let start = ProcessClock.now()
        guard let frame = pipeline.renderFrameIfChanged() else {
            stats.recordSkipped()
            try adjustRate()
            return
        }
        try display.present(frame)
        let end = ProcessClock.now()
        stats.recordDrawn(seconds: Double(end - start) / 1e9)
        if display is DrmDisplay {
            sampleTimeOfPendingFlip = newestUnshownSample
        } else if let sample = newestUnshownSample {
            // No flip event to wait for: the frame is on its way when present returns.
            stats.recordLatency(seconds: Double(end - sample) / 1e9)
        }
        newestUnshownSample = nil
        stats.missedTicks = timer.missedTicks
        try adjustRate()
    }

    private func flipCompleted(_ drm: DrmDisplay) throws {
        try drm.handleEvents()
        guard drm.completedFlips != flipsSeen else { return }
        flipsSeen = drm.completedFlips
        if let sample = sampleTimeOfPendingFlip {
            stats.recordLatency(seconds: Double(ProcessClock.now() - sample) / 1e9)
            sampleTimeOfPendingFlip = nil
        }
    }

    /// Parked: tick slowly (frames are skipped anyway unless something changes); moving: the full rate.
    private func adjustRate() throws {
        try timer.setPeriod(seconds: 1 / (pipeline.isParked ? parkedFPS : movingFPS))
    }

    private func handleSignals() {
        for s in signals.pending() {
            if s == SIGHUP {
                onReload?()
            } else {
                stopSignal = s
                loop.stop()
            }
        }
    }

    /// The `--stats` report for a run that took `wallSeconds` and `cpuSeconds`.
    public func report(wallSeconds: Double, cpuSeconds: Double) -> String {
        stats.report(wallSeconds: wallSeconds, cpuSeconds: cpuSeconds, residentBytes: ProcessClock.residentBytes())
    }
}
