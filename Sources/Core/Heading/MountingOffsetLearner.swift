/// Learns the angle between where the device points and where the vehicle goes (a handlebar mount turned a
/// little, a phone clamp askew) while riding straight at speed: each fix gives one sample, course − the
/// device's heading from the field, and the offset is a robust mean of the recent samples.
///
/// Robust, because a passing car bends the field for a second or two by up to the gates' tolerances, and a mean
/// learns that bend: samples within `edgeSeconds` of a reading the field's strength or dip rejected are dropped
/// (a car's field rises and falls around the readings it fails); once learned, a sample further from the offset
/// than `gateSigmas` times the samples' own spread (at least `minimumGateDegrees`) is left out; and the offset is
/// the mean of the samples near their median. A run of `relearnSamples` rejected samples that agree among
/// themselves is a mount that was turned (a persistent step): they become the new samples.
public struct MountingOffsetLearner: Sendable {
    public struct Settings: Hashable, Sendable {
        /// Only fixes at least this fast teach (m/s).
        public var minimumSpeed = 3.0
        /// Only while the course changes slower than this (°/s): riding straight.
        public var maximumTurnRate = 2.0
        /// Only while the speed changes slower than this (m/s²), over the last `steadySeconds` (the readings a
        /// sample pools), against fixes at least `minimumSpanSeconds` old.
        public var maximumAcceleration = 0.3
        public var steadySeconds = 2.0
        public var minimumSpanSeconds = 0.8
        /// The offset is applied once this many samples were accepted, or once `minimumSamples` show an offset
        /// beyond `significanceSigmas` standard deviations of their mean (a mount visibly askew is applied sooner
        /// than a straight one is confirmed).
        public var samplesNeeded = 12
        public var minimumSamples = 4
        public var significanceSigmas = 3.0
        /// The least spread a few samples are believed to have (°): a 1 Hz course at 6 m/s scatters by 0.8°
        /// (0.08 m/s of velocity noise), the field's heading by a little more; four samples' own spread says less.
        public var minimumSampleSigmaDegrees = 1.0
        /// How many of the latest accepted samples the offset is the mean of.
        public var window = 40
        /// Samples this close in time to a reading whose strength or dip was rejected are dropped (s): the edges of
        /// a passing car's field pass the gates but still bend the heading.
        public var edgeSeconds = 1.0
        /// Once learned, a sample further from the offset than this many of the samples' spread (1 σ, from their
        /// median absolute deviation), and than `minimumGateDegrees`, is an outlier.
        public var gateSigmas = 3.0
        public var minimumGateDegrees = 2.0
        /// This many rejected samples in a row that agree among themselves mean the mount was turned.
        public var relearnSamples = 8
        public init() {}
    }

    /// What became of one sample.
    public enum Outcome: Sendable, Hashable {
        /// Not straight, not fast, or no heading to compare: no sample.
        case notRidingStraight
        /// Held until it is clear no disturbance is near it.
        case pending
        case accepted
        /// Too far from the learned offset.
        case rejected
        /// A run of rejected samples replaced the old ones: the mount was turned.
        case relearned
        /// Dropped for a disturbance near it in time.
        case dropped
    }

    public var settings: Settings
    /// The accepted samples (degrees, each unwrapped to within 180° of the offset), oldest first.
    var samples: [Double] = []
    /// Consecutive samples rejected since the last accepted one (degrees, unwrapped like `samples`).
    var rejectedRun: [Double] = []
    /// Samples waiting `edgeSeconds` for a disturbance to show up near them.
    var pending: [(time: Timestamp, degrees: Double)] = []
    var lastDisturbance: Timestamp?
    /// The fixes of the last few seconds (course °, speed m/s), for riding straight at steady speed.
    var recentFixes: [(time: Timestamp, course: Double, speed: Double)] = []
    /// The learned offset (°) and the spread of the samples it comes from (1 σ, °).
    public private(set) var offsetDegrees: Double?
    public private(set) var sampleSigmaDegrees = 0.0
    /// The robust mean of the samples (°), applied or not yet.
    var sampleMean = 0.0
    /// A configured offset counts as this many samples until the ride's own replace it.
    var prior: Double?

    public init(settings: Settings = Settings(), initialOffsetDegrees: Double? = nil) {
        self.settings = settings
        if let o = initialOffsetDegrees, o.isFinite {
            let a = Angle.north.signedDifference(to: Angle(o))
            prior = a
            offsetDegrees = a
        }
    }

    /// Whether the ride's own samples set the offset (not only a configured one).
    public var learned: Bool { offsetDegrees != nil && prior == nil }

    /// Accepted samples so far (a configured offset counts as none).
    public var sampleCount: Int { samples.count }

    /// One standard deviation of the offset (°): the samples' spread over the square root of their number, or
    /// nil when no samples were taken (then the heading is the device's own, or the configured offset's).
    public var uncertaintyDegrees: Double? {
        guard !samples.isEmpty else { return nil }
        let sigma = max(sampleSigmaDegrees, 0.5) / Double(samples.count).squareRoot()
        guard !learned else { return sigma }
        // Still learning: what the samples say and is not applied yet is error too.
        let missing = sampleMean - (prior ?? 0)
        return (sigma * sigma + missing * missing).squareRoot()
    }

    /// Offers one fix with the device's heading (vehicle frame, declination applied, no offset) at the same
    /// time, or nil when there is none to compare it with. Returns what became of the sample.
    ///
    /// A sample needs straight riding at steady speed over the last `steadySeconds`, measured against fixes at
    /// least `minimumSpanSeconds` back (a 5 Hz course differenced over a fifth of a second is mostly noise):
    /// speeding up or braking tilts the accelerometer's "down" and bends the field's heading, and until a fix
    /// has measured the change of speed the readings since the last one were tilted by what it left unremoved.
    @discardableResult
    public mutating func observe(fix: GPSFix, compass: Angle?) -> Outcome {
        commit(before: fix.time.adding(seconds: -settings.edgeSeconds))
        guard let course = fix.courseDegrees, let speed = fix.speedMetresPerSecond, let c = Angle(degrees: course),
            speed.isFinite
        else {
            recentFixes.removeAll()
            return .notRidingStraight
        }
        recentFixes.removeAll { fix.time.seconds(since: $0.time) > settings.steadySeconds + 1 || $0.time > fix.time }
        let history = recentFixes
        recentFixes.append((fix.time, course, speed))
        let older = history.filter { fix.time.seconds(since: $0.time) >= settings.minimumSpanSeconds }
        guard speed >= settings.minimumSpeed, let compass, !older.isEmpty,
            older.contains(where: { fix.time.seconds(since: $0.time) >= settings.steadySeconds - 0.1 })
        else { return .notRidingStraight }
        for f in older {
            let dt = fix.time.seconds(since: f.time)
            let rate = abs(Angle(f.course).signedDifference(to: c)) / dt
            guard rate <= settings.maximumTurnRate, abs(speed - f.speed) / dt <= settings.maximumAcceleration
            else { return .notRidingStraight }
        }
        if let d = lastDisturbance, abs(fix.time.seconds(since: d)) <= settings.edgeSeconds { return .dropped }
        pending.append((fix.time, compass.signedDifference(to: c)))
        // Fixes out of time order never commit: a few seconds' worth is the most kept.
        if pending.count > 16 { pending.removeFirst(pending.count - 16) }
        return .pending
    }

    /// Tells the learner a field reading was rejected for its strength or dip at `t`: samples near it are dropped.
    public mutating func disturbance(at t: Timestamp) {
        lastDisturbance = t
        pending.removeAll { abs($0.time.seconds(since: t)) <= settings.edgeSeconds }
    }

    /// Adds the pending samples older than `t` (no disturbance came near them).
    mutating func commit(before t: Timestamp) {
        while let first = pending.first, first.time <= t {
            pending.removeFirst()
            add(sampleDegrees: first.degrees)
        }
    }

    /// Adds one sample (course − device heading, °) and returns what became of it.
    @discardableResult
    public mutating func add(sampleDegrees s: Double) -> Outcome {
        guard s.isFinite else { return .notRidingStraight }
        let centre = offsetDegrees ?? (samples.isEmpty ? s : sampleMean)
        let x = centre + Angle(centre).signedDifference(to: Angle(s))
        guard learned else {
            samples.append(x)
            update()
            return .accepted
        }
        let gate = max(settings.minimumGateDegrees, settings.gateSigmas * sampleSigmaDegrees)
        if abs(x - centre) <= gate {
            samples.append(x)
            if samples.count > settings.window { samples.removeFirst(samples.count - settings.window) }
            rejectedRun.removeAll()
            update()
            return .accepted
        }
        rejectedRun.append(x)
        if rejectedRun.count > settings.relearnSamples { rejectedRun.removeFirst() }
        guard rejectedRun.count >= settings.relearnSamples else { return .rejected }
        // The latest run of rejected samples, about as tight as samples are (half as spread again as the learned
        // ones, or the least believed spread): the mount was turned. Scattered ones are disturbances.
        let usual = max(sampleSigmaDegrees, settings.minimumSampleSigmaDegrees)
        guard Self.robustMean(rejectedRun).sigma <= 1.5 * usual else { return .rejected }
        samples = rejectedRun
        rejectedRun.removeAll()
        update()
        return .relearned
    }

    mutating func update() {
        let r = Self.robustMean(samples)
        sampleSigmaDegrees = r.sigma
        sampleMean = r.mean
        let n = Double(samples.count)
        let significant =
            samples.count >= settings.minimumSamples
            && abs(r.mean - (prior ?? 0)) > settings.significanceSigmas
                * max(r.sigma, settings.minimumSampleSigmaDegrees) / n.squareRoot()
        if samples.count >= settings.samplesNeeded || significant || (offsetDegrees != nil && prior == nil) {
            offsetDegrees = Angle.north.signedDifference(to: Angle(r.mean))
            prior = nil
        }
    }

    /// The mean of the values within 2.5 σ of their median, σ being 1.4826 × their median absolute deviation
    /// (a normal distribution's σ), and that σ.
    static func robustMean(_ values: [Double]) -> (mean: Double, sigma: Double) {
        guard !values.isEmpty else { return (0, 0) }
        let m = median(values)
        let sigma = 1.4826 * median(values.map { abs($0 - m) })
        let limit = max(2.5 * sigma, 0.5)
        let kept = values.filter { abs($0 - m) <= limit }
        let mean = kept.isEmpty ? m : kept.reduce(0, +) / Double(kept.count)
        return (mean, sigma)
    }

    static func median(_ values: [Double]) -> Double {
        let s = values.sorted()
        let n = s.count
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2
    }
}
