/// The device's heading from the field alone, referred to the gyroscope's own integration: what the mounting
/// offset is learned against when a gyroscope is live. The filter's heading cannot teach the offset, because the
/// course it would be compared with pulls it (by the offset it is learning), and its verdict on the field's
/// direction is taken against that same pulled heading.
///
/// Each reading whose strength and dip agree with the field's running values gives field heading − gyroscope
/// heading (°): a level that stays put while the two agree and moves only by the gyroscope's drift, whatever
/// the vehicle does. At a fix the level is the median of the last `intervalSeconds` of readings. It counts only
/// when the interval's two halves agree and when it moved from the previous interval's by no more than the
/// gyroscope may drift (`maximumDriftDegreesPerSecond`), each allowing three standard deviations of the
/// readings' noise: a passing car's field turns while the gyroscope says nothing did.
public struct FieldAgainstGyroscope: Sendable {
    public struct Parameters: Sendable, Hashable {
        /// The readings pooled at each fix (s): a 1 Hz receiver's interval.
        public var intervalSeconds = 1.0
        /// Fewer readings than this in the interval give no level.
        public var minimumReadings = 5
        /// The level is the median over this long (s) of the readings the strength and dip let through, once the
        /// latest interval passed the checks: long enough to average the heading's wobble with the road's
        /// vibration (the simulated ride's period is 1.3 s; 1 s and 3 s were measured worse).
        public var valueSeconds = 2.0
        /// How fast the gyroscope's heading may drift from the field's (°/s): a bias not learned yet
        /// (`OrientationFilter.Parameters.initialBiasUncertaintyDegreesPerSecond` is 0.3 °/s) and scale errors in
        /// small steering corrections.
        public var maximumDriftDegreesPerSecond = 1.0
        /// A reading whose strength differs from the field's running mean by more than this share, or whose dip
        /// does by more than `dipToleranceDegrees`, is a field passing by (a car): five times the strength's noise
        /// (0.3 µT in 52 µT), and twice the dip's wobble with a road's vibration.
        public var normTolerance = 0.03
        public var dipToleranceDegrees = 2.0
        /// The field's running strength and dip are the medians of `binSeconds` means over the last
        /// `fieldMemorySeconds`: a car passing fills a few bins and moves the median little, a new steady field
        /// takes over within half the memory.
        public var fieldMemorySeconds = 10.0
        public var binSeconds = 0.25
        public init() {}
    }

    public var parameters: Parameters
    /// Per reading: field − gyroscope heading with the filter's tilt (smooth: what the checks look at) and with the
    /// accelerometer's own "down" when given (unbiased: what the level is), in degrees, unwrapped.
    var readings: [(time: Timestamp, checked: Double, value: Double)] = []
    var previous: (time: Timestamp, level: Double)?
    /// The field's recent strength (µT) and dip (°): closed bins' means, and the bin being filled.
    var bins: [(time: Timestamp, norm: Double, dip: Double)] = []
    var bin: (start: Timestamp, norm: Double, dip: Double, count: Int)?
    /// The medians of `bins`, nil until a second of them.
    var reference: (norm: Double, dip: Double)?

    public init(parameters: Parameters = Parameters()) { self.parameters = parameters }

    static let maximumReadings = 1_000

    /// Adds one calibrated reading (µT, body frame) seen through the filter's attitude, whose heading less
    /// `correctionSumDegrees` is the gyroscope's own, with the heading the field implies (magnetic °; the
    /// filter's tilt gives it when nil). Returns false when its strength or dip says a field passed by (the
    /// reading is then left out).
    @discardableResult
    public mutating func add(
        field b: Vector3, attitude q: Quaternion, correctionSumDegrees: Double, fieldHeadingDegrees: Double?,
        at t: Timestamp
    ) -> Bool {
        let e = q.rotate(b)
        let norm = e.length
        let horizontal = (e.x * e.x + e.y * e.y).squareRoot()
        guard norm > 1e-6, horizontal > 0.05 * norm, correctionSumDegrees.isFinite else { return true }
        let dip = asin(max(-1, min(1, e.z / norm))) * 180 / .pi
        let p = parameters
        addToBins(norm: norm, dip: dip, at: t)
        guard let f = reference else { return true }
        guard abs(norm - f.norm) <= p.normTolerance * f.norm, abs(dip - f.dip) <= p.dipToleranceDegrees else {
            return false
        }
        // The heading the field implies is the filter's less the field's bearing in its frame; the gyroscope's own
        // is the filter's less every correction: their difference is this. The filter's tilt is smooth but lags a
        // gyroscope drift it has not learned (a degree of tilt is 3.5° of heading at a dip of 74°); the
        // accelerometer's own "down" is unbiased but wobbles with the road, so it gives the value and the filter's
        // the checks.
        let filterHeading = q.headingDegrees ?? 0
        let gyroscopeHeading = filterHeading - correctionSumDegrees
        let checked = filterHeading - atan2(e.y, e.x) * 180 / .pi - gyroscopeHeading
        let given = fieldHeadingDegrees.flatMap { $0.isFinite ? $0 : nil }
        let value = (given ?? filterHeading - atan2(e.y, e.x) * 180 / .pi) - gyroscopeHeading
        guard checked.isFinite, value.isFinite else { return true }
        // Unwrapped against the latest reading, so a level near ±180° does not split.
        func unwrapped(_ d: Double, near last: Double?) -> Double {
            last.map { $0 + Angle($0).signedDifference(to: Angle(d)) } ?? d
        }
        readings.append(
            (t, unwrapped(checked, near: readings.last?.checked), unwrapped(value, near: readings.last?.value)))
        let oldest = t.adding(seconds: -max(p.intervalSeconds, p.valueSeconds))
        if let i = readings.firstIndex(where: { $0.time > oldest }), i > 0 { readings.removeFirst(i) }
        // Readings out of time order must not pile up: a second at 500 Hz is the most kept.
        if readings.count > Self.maximumReadings { readings.removeFirst(readings.count - Self.maximumReadings) }
        return true
    }

    /// Adds a reading's strength and dip to the running bins, and updates the reference when a bin closes.
    mutating func addToBins(norm: Double, dip: Double, at t: Timestamp) {
        let p = parameters
        if var b = bin, case let age = t.seconds(since: b.start), age >= 0, age < p.binSeconds {
            b.norm += norm
            b.dip += dip
            b.count += 1
            bin = b
            return
        }
        if let b = bin, b.count > 0 {
            bins.append((b.start, b.norm / Double(b.count), b.dip / Double(b.count)))
            let oldest = t.adding(seconds: -p.fieldMemorySeconds)
            bins.removeAll { $0.time < oldest || $0.time > t }
            if Double(bins.count) * p.binSeconds >= 1 {
                reference = (
                    MountingOffsetSampler.median(bins.map(\.norm)), MountingOffsetSampler.median(bins.map(\.dip))
                )
            } else {
                reference = nil
            }
        }
        bin = (t, norm, dip, 1)
    }

    mutating func failed() -> Double? {
        previous = nil
        return nil
    }

    /// The level over the last interval before `t` (°, field − gyroscope), or nil when there are too few readings
    /// or they show the field turning against the gyroscope.
    public mutating func level(at t: Timestamp) -> Double? {
        let oldest = t.adding(seconds: -parameters.intervalSeconds)
        let recent = readings.filter { $0.time > oldest && $0.time <= t }
        guard recent.count >= parameters.minimumReadings else { return failed() }
        let checked = recent.map(\.checked)
        let level = MountingOffsetSampler.median(checked)
        // The readings' noise from successive differences (a turn's trend leaves them alone): each is √2 σ.
        let steps = zip(checked.dropFirst(), checked).map { abs($0 - $1) }
        let noise = max(0.1, 1.4826 * MountingOffsetSampler.median(steps) / 2.squareRoot())
        // The median of n readings of σ scatters by about 1.25 σ / √n.
        let levelSigma = 1.25 * noise / Double(checked.count).squareRoot()
        let half = checked.count / 2
        let first = MountingOffsetSampler.median(Array(checked[..<half]))
        let second = MountingOffsetSampler.median(Array(checked[half...]))
        let span = recent[recent.count - 1].time.seconds(since: recent[0].time)
        let drift = parameters.maximumDriftDegreesPerSecond
        // Each median's scatter is √2 levelSigma for half the readings; a difference of two, 2 levelSigma.
        guard abs(second - first) <= drift * span / 2 + 3 * 2 * levelSigma else { return failed() }
        if let p = previous, case let dt = t.seconds(since: p.time), dt > 0, dt <= 1.5 * parameters.intervalSeconds,
            abs(Angle(p.level).signedDifference(to: Angle(level))) > drift * dt + 3 * 2.squareRoot() * levelSigma
        {
            // It moved against the previous interval: it may be the start of a clean stretch, so it stays to
            // compare the next with.
            previous = (t, level)
            return nil
        }
        previous = (t, level)
        let valueStart = t.adding(seconds: -parameters.valueSeconds)
        return MountingOffsetSampler.median(readings.filter { $0.time > valueStart && $0.time <= t }.map(\.value))
    }
}
