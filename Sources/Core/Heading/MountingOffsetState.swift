/// The mounting offset (vehicle heading − device heading, °) as a state of a heading filter: its estimate, its
/// variance and its covariance with the filter's heading error, updated by the same Kalman algebra as the
/// heading. The orientation filter holds one (`OrientationFilter.offset`) beside its heading variance; the
/// compass-only path holds one with no heading state beside it (the covariance stays 0).
///
/// Measurements, with the heading error h and the offset o as the two states:
/// - the field (or any device-heading measurement) measures h: `headingMeasured` keeps the covariance;
/// - a GPS course measures h + o: `courseConsidered` corrects h and keeps o as a "consider" state (its
///   uncertainty weighs the course, its value is not moved), because a course while turning or changing speed
///   carries the receiver's lag and the tilt's bend, which would otherwise go into o;
/// - a course taken while riding straight at steady speed, less the field's heading at the same moment (a
///   sample, `MountingOffsetSampler`), measures o: `sample` moves o and, through the covariance, h.
///
/// The prior says a mount is fitted straight (`priorSigmaDegrees`). A mount that is not shows as a persistent
/// step: samples beyond the innovation gate that agree among themselves (4 to 8 in a row) re-start the state from
/// their robust mean. The same gate keeps a sample a passing car bent out of the estimate.
public struct MountingOffsetState: Sendable {
    public struct Parameters: Sendable, Hashable {
        /// How straight a mount is believed to be before the ride says otherwise (1 σ, °).
        public var priorSigmaDegrees = 0.2
        /// How fast the mount may creep while riding (°/√s of moving time): a clamp settling under the road's
        /// vibration. It sets the estimate's memory: with samples of σ_s ≈ 1.4° once a second, about
        /// σ_s / (q·√1 s) ≈ 50 samples. Parked or without GPS nothing creeps, and the variance stays.
        public var randomWalkDegreesPerRootSecond = 0.03
        /// One sample's noise beyond the course's own error (1 σ, °): the field's heading over two seconds (the
        /// road's vibration, a tilt not yet learned).
        public var fieldSampleSigmaDegrees = 1.0
        /// A sample whose innovation is beyond this many of its standard deviations, and beyond
        /// `minimumGateDegrees`, is an outlier.
        public var gateSigmas = 3.0
        public var minimumGateDegrees = 2.0
        /// Outliers in a row whose spread is within `relearnSpreadFactor` of a sample's noise are a mount that was
        /// turned (or never straight), and the state re-starts from them, once they are as many as the samples the
        /// estimate rests on, and at least `minimumRelearnSamples`, at most `relearnSamples`: an estimate a few
        /// samples made (or only the prior) gives way to a few, one many confirmed needs a longer run than a car
        /// passing makes.
        public var minimumRelearnSamples = 4
        public var relearnSamples = 8
        public var relearnSpreadFactor = 1.5
        public init() {}
    }

    /// What became of one sample.
    public enum Outcome: Sendable, Hashable {
        case accepted
        /// An outlier: too far from the estimate for its variance.
        case rejected
        /// A run of agreeing outliers re-started the estimate: the mount was turned.
        case relearned
        /// Not finite, or no variance to weigh it by.
        case unusable
    }

    public let parameters: Parameters
    /// The estimate (°, within ±180°).
    public private(set) var degrees: Double
    /// Its variance (°²).
    public private(set) var variance: Double
    /// The covariance of the heading error with the offset error (°²); 0 without a heading state beside it.
    public internal(set) var headingCovariance = 0.0
    /// Samples accepted since the start or the last re-start.
    public private(set) var sampleCount = 0
    /// The last moving course, for the time the mount had to creep.
    var lastRideTime: Timestamp?
    /// The latest consecutive outliers (°, unwrapped to within 180° of the estimate) and their noise (°²).
    var outliers: [(degrees: Double, variance: Double)] = []

    /// Starts at `initialDegrees` (a mount learned on an earlier ride, believed as well as the prior), or straight.
    public init(parameters: Parameters = Parameters(), initialDegrees: Double? = nil) {
        self.parameters = parameters
        let o = initialDegrees.flatMap { $0.isFinite ? Angle.north.signedDifference(to: Angle($0)) : nil }
        degrees = o ?? 0
        variance = parameters.priorSigmaDegrees * parameters.priorSigmaDegrees
    }

    /// One standard deviation of the estimate (°), a possible step included.
    public var sigmaDegrees: Double { weighingVariance.squareRoot() }

    /// The variance a course is weighed with and the accuracy counts (°²): the estimate's, plus, while outliers
    /// are waiting to show whether the mount was turned, the step they show (the old estimate may be wrong by
    /// that much, and a course must not pull the heading by it meanwhile).
    public var weighingVariance: Double {
        guard !outliers.isEmpty else { return variance }
        let step = outliers.map(\.degrees).reduce(0, +) / Double(outliers.count) - degrees
        return variance + step * step
    }

    /// A moving course at `t`: the time ridden since the last one (at most a second: a gap is a stop) lets the
    /// mount creep.
    mutating func ride(at t: Timestamp) {
        defer { lastRideTime = t }
        guard let last = lastRideTime, case let dt = t.seconds(since: last), dt > 0 else { return }
        let q = parameters.randomWalkDegreesPerRootSecond
        variance += q * q * min(dt, 1)
    }

    /// The heading was forgotten or set afresh from one measurement: it no longer shares an error with the offset.
    mutating func decorrelate() { headingCovariance = 0 }

    /// A measurement of the heading alone (noise R, the heading's variance P before it) was applied with the
    /// gain P / (P + R). The offset is a consider state here too: only samples move it, so a field and a course
    /// taken while turning (the receiver's lag) or changing speed (the tilt's bend) cannot teach it between them.
    /// Call before P is updated.
    mutating func headingMeasured(headingVariance p: Double, noise r: Double) {
        let s = p + r
        guard s > 0, s.isFinite else { return }
        headingCovariance *= 1 - p / s
    }

    /// A course measures heading + offset: returns the gain for the heading (the offset only weighs the course)
    /// and updates the covariance, given the heading's prior variance `p` and the course's noise `r`.
    mutating func courseConsidered(headingVariance p: Double, noise r: Double) -> Double {
        let c = headingCovariance
        let s = p + 2 * c + weighingVariance + r
        guard s > 0, s.isFinite else { return 0 }
        let k = (p + c) / s
        headingCovariance = c - k * (c + variance)
        return k
    }

    /// One sample of the offset (course − the field's device heading, °) with its noise `r` (°²). Returns what
    /// became of it and the correction it makes to the heading (°, through the covariance), updating the
    /// heading's variance `p`.
    public mutating func sample(
        _ s: Double, noise r: Double, headingVariance p: inout Double
    ) -> (outcome: Outcome, headingCorrection: Double) {
        guard s.isFinite, r.isFinite, r > 0 else { return (.unusable, 0) }
        let innovation = Angle(degrees).signedDifference(to: Angle(s))
        let total = variance + r
        let gate = max(parameters.minimumGateDegrees, parameters.gateSigmas * total.squareRoot())
        guard abs(innovation) <= gate else { return (outlier(degrees + innovation, noise: r), 0) }
        outliers.removeAll()
        let c = headingCovariance
        let correction = p.isFinite ? c / total * innovation : 0
        if p.isFinite { p = max(0, p - c * c / total) }
        degrees = Self.wrapped(degrees + variance / total * innovation)
        headingCovariance = c * (1 - variance / total)
        variance -= variance * variance / total
        sampleCount += 1
        return (.accepted, correction)
    }

    /// Keeps an outlier; a run of them that agree among themselves re-starts the estimate from their mean.
    mutating func outlier(_ x: Double, noise r: Double) -> Outcome {
        outliers.append((x, r))
        let n = min(parameters.relearnSamples, max(parameters.minimumRelearnSamples, sampleCount))
        if outliers.count > parameters.relearnSamples {
            outliers.removeFirst(outliers.count - parameters.relearnSamples)
        }
        guard outliers.count >= n else { return .rejected }
        let run = outliers.suffix(n)
        // Robustly: the mean of the run's values near their median, and their spread from the median absolute
        // deviation, so one car-bent sample in the run neither blocks nor bends the re-start.
        let (mean, spread) = Self.robustMean(run.map(\.degrees))
        let noise = (run.map(\.variance).reduce(0, +) / Double(n)).squareRoot()
        guard spread <= parameters.relearnSpreadFactor * noise else { return .rejected }
        degrees = Self.wrapped(mean)
        variance = noise * noise / Double(n)
        headingCovariance = 0
        sampleCount = n
        outliers.removeAll()
        return .relearned
    }

    /// The mean of the values within 2.5 σ of their median, σ being 1.4826 × their median absolute deviation
    /// (a normal distribution's σ), and that σ.
    static func robustMean(_ values: [Double]) -> (mean: Double, sigma: Double) {
        guard !values.isEmpty else { return (0, 0) }
        let m = MountingOffsetSampler.median(values)
        let sigma = 1.4826 * MountingOffsetSampler.median(values.map { abs($0 - m) })
        let limit = max(2.5 * sigma, 0.5)
        let kept = values.filter { abs($0 - m) <= limit }
        let mean = kept.isEmpty ? m : kept.reduce(0, +) / Double(kept.count)
        return (mean, sigma)
    }

    static func wrapped(_ d: Double) -> Double { Angle.north.signedDifference(to: Angle(d)) }
}
