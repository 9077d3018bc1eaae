/// Drives a `NavigationPipeline` from recorded events exactly as a live run does (its `NavState` runs the heading
/// estimator on the raw samples), and ticks frames by event time, never by a wall clock, so the same events give
/// the same frames at any speed. The demo's PNG frames and `replay` both play through it.
public final class ReplayDriver {
    public let pipeline: NavigationPipeline
    /// Events applied so far, by kind ("mag", "fix", …).
    public private(set) var counts: [String: Int] = [:]

    /// `pipeline` carries the heading configuration (calibration, mount) the replay uses.
    public init(pipeline: NavigationPipeline) { self.pipeline = pipeline }

    /// Takes one event into account.
    public func apply(_ event: SensorEvent) {
        counts[ReplayDriver.kind(of: event), default: 0] += 1
        pipeline.apply(event)
    }

    /// How long after an event frames keep ticking when nothing else happens: long enough for every "stale" and
    /// "lost" state to show (a fix is stale after 30 s, a phone navigator's after 2 min), after which the idle
    /// frames are skipped up to the next event. So the frames, and whatever a caller keeps per frame, depend on
    /// the events in a recording, not on the time between them: one sample 104 days late is 1,200 frames at
    /// 10 fps, not 90 million.
    public static let longestIdleSeconds = 120.0

    /// Feeds `events` in order and calls `frame` every `interval` seconds of event time (after every event up to
    /// that time is applied), and once more after the last event. Returns the number of frames. Over a gap longer
    /// than `longestIdleSeconds` the frames stop and start again at the next event.
    @discardableResult
    public func play<S: Sequence>(_ events: S, interval: Double, frame: (Timestamp) throws -> Void) rethrows -> Int
    where S.Element == SensorEvent {
        var next: Timestamp?
        var count = 0
        var last: Timestamp?
        // A non-positive or non-finite interval would never advance: one frame per event instead.
        let step = interval.isFinite && interval > 0 ? interval : Self.longestIdleSeconds
        for event in events {
            if next == nil { next = event.time.adding(seconds: step) }
            while let n = next, event.time > n {
                if let l = last, n.seconds(since: l) > Self.longestIdleSeconds {
                    next = event.time.adding(seconds: step)
                    break
                }
                try frame(n)
                count += 1
                next = n.adding(seconds: step)
            }
            apply(event)
            last = event.time
        }
        guard let end = last else { return 0 }
        try frame(end)
        return count + 1
    }

    /// The trace row for the frame the pipeline shows next (call once per frame: it advances the map rotation
    /// exactly as drawing a frame does).
    public func traceRow(at time: Timestamp, input: SceneInput) -> TraceRow {
        let state = pipeline.state
        let estimate = state.headingEstimate
        let heading = input.heading
        var magnetic: Double?
        var trueHeading: Double?
        if let h = heading {
            switch h.reference {
            case .trueNorth:
                trueHeading = h.direction.degrees
                magnetic = estimate.declinationDegrees.map { h.direction.rotated(by: -$0).degrees }
            case .magneticNorth:
                magnetic = h.direction.degrees
            }
        }
        let bearing = input.camera.bearing
        return TraceRow(
            time: time, position: state.position, speedMetresPerSecond: state.speedMetresPerSecond,
            courseDegrees: state.course?.degrees, magneticHeadingDegrees: magnetic, trueHeadingDegrees: trueHeading,
            accuracyDegrees: heading?.accuracyDegrees,
            source: heading.map { _ in estimate.heading?.source.rawValue ?? "compass" },
            flags: estimate.flags.description,
            mapRotationDegrees: bearing.degrees > 180 ? 360 - bearing.degrees : -bearing.degrees,
            arrowDegrees: heading.map { bearing.signedDifference(to: $0.direction) })
    }

    static func kind(of event: SensorEvent) -> String {
        switch event {
        case .magnetometer: return "mag"
        case .accelerometer: return "acc"
        case .gyroscope: return "gyr"
        case .gpsFix: return "fix"
        case .gpsSky: return "sky"
        case .compassHeading: return "hdg"
        case .sourceStatus: return "src"
        case .rideAction: return "act"
        }
    }
}
