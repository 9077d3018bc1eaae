/// Turns raw sensor events into what `NavState` needs: every event goes to the heading estimator (raw
/// magnetometer, accelerometer, GPS, or a compass's own reports); after each event that changes the estimate,
/// its heading follows as a compass report. Live runs, replays and the demo share it.
public struct HeadingFeed: Sendable {
    public private(set) var estimator: HeadingEstimator
    /// Events seen so far, by kind ("mag", "fix", …).
    public private(set) var counts: [String: Int] = [:]

    public init(configuration: HeadingConfiguration) { estimator = HeadingEstimator(configuration: configuration) }

    /// What `event` means for `NavState`: the event itself (raw samples are ignored there; a compass's own report
    /// is replaced by the fused one), followed by the estimator's heading when the event changed it.
    public mutating func navigationEvents(for event: SensorEvent) -> [SensorEvent] {
        counts[ReplayDriver.kind(of: event), default: 0] += 1
        estimator.apply(event)
        switch event {
        case .compassHeading(let t, _): return [.compassHeading(t, estimator.estimate.report)]
        case .magnetometer(let s): return [.compassHeading(s.time, estimator.estimate.report)]
        case .gpsFix(let f): return [event, .compassHeading(f.time, estimator.estimate.report)]
        case .sourceStatus(let t, _): return [event, .compassHeading(t, estimator.estimate.report)]
        case .accelerometer, .gyroscope, .gpsSky: return [event]
        }
    }

    /// A whole event stream as `NavState` sees it (for feeds that apply events themselves, such as the demo's
    /// display loop).
    public static func navigationEvents(_ events: [SensorEvent], configuration: HeadingConfiguration) -> [SensorEvent] {
        var feed = HeadingFeed(configuration: configuration)
        var out: [SensorEvent] = []
        out.reserveCapacity(events.count * 2)
        for e in events { out += feed.navigationEvents(for: e) }
        return out
    }
}

/// Drives a `NavigationPipeline` from sensor events the way a live run does (through a `HeadingFeed`), and ticks
/// frames by event time, never by a wall clock, so the same events give the same frames at any speed.
public final class ReplayDriver {
    public let pipeline: NavigationPipeline
    public private(set) var feed: HeadingFeed
    public var estimator: HeadingEstimator { feed.estimator }
    public var counts: [String: Int] { feed.counts }

    public init(pipeline: NavigationPipeline, heading configuration: HeadingConfiguration) {
        self.pipeline = pipeline
        feed = HeadingFeed(configuration: configuration)
    }

    /// Takes one event into account.
    public func apply(_ event: SensorEvent) {
        for e in feed.navigationEvents(for: event) { pipeline.apply(e) }
    }

    /// Feeds `events` in order and calls `frame` every `interval` seconds of event time (after every event up to
    /// that time is applied), and once more after the last event. Returns the number of frames.
    @discardableResult
    public func play<S: Sequence>(_ events: S, interval: Double, frame: (Timestamp) throws -> Void) rethrows -> Int
    where S.Element == SensorEvent {
        var next: Timestamp?
        var count = 0
        var last: Timestamp?
        for event in events {
            if next == nil { next = event.time.adding(seconds: interval) }
            while let n = next, event.time > n {
                try frame(n)
                count += 1
                next = n.adding(seconds: interval)
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
        let estimate = estimator.estimate
        let heading = input.heading
        var magnetic: Double?, trueHeading: Double?
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
            accuracyDegrees: heading?.accuracyDegrees, source: heading.map { _ in estimate.heading?.source.rawValue ?? "compass" },
            flags: estimate.flags.description, mapRotationDegrees: bearing.degrees > 180 ? 360 - bearing.degrees : -bearing.degrees,
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
        }
    }
}
