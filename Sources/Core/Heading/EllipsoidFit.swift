/// Least-squares fit of a general quadric `Ax² + By² + Cz² + 2Dxy + 2Exz + 2Fyz + 2Gx + 2Hy + 2Iz = 1` to raw
/// magnetometer readings, giving the hard-iron centre and a soft-iron matrix that maps the ellipsoid to a sphere.
public enum EllipsoidFit {
    /// The unvalidated outcome of a fit: the calibration and its quality figures.
    public struct Outcome: Sendable {
        public var calibration: MagnetometerCalibration
        public var quality: CalibrationQuality
        /// The raw readings' own figures (unit, spread), checked before the fit's.
        public var readings: CalibrationReadings
    }

    /// What a fit must reach to be accepted (a level fit has its own defaults: `Requirements.level`).
    public struct Requirements: Hashable, Sendable {
        public var minimumSamples = 150
        public var minimumCoverage = 0.55
        public var maximumResidualPercent = 3.0
        public var maximumConditionNumber = 2.0e4
        public var maximumAxisRatio = 2.5
        /// Earth's field is 22–67 µT; Android rejects magnitudes outside 10–100 µT. A level fit checks its
        /// horizontal radius against this instead (Earth's horizontal field is 0–42 µT).
        public var plausibleFieldMicrotesla: ClosedRange<Double> = 10...100
        /// The typical |reading| of a sensor that reports microtesla: Earth's field plus a hard iron that may
        /// nearly cancel it or reach a sensor's full range (about 800 µT for the HMC5883L, 4900 µT for the AK8963).
        public var plausibleReadingMicrotesla: ClosedRange<Double> = 5...5000
        /// Below this widest change along one axis the device has hardly turned: a fit through such readings is
        /// meaningless. Tumbling changes the field by twice Earth's total field (44 µT or more anywhere).
        public var minimumSpreadMicrotesla = 20.0
        /// Level fits only: how far the readings may leave their plane, in percent of the circle's radius.
        public var maximumOutOfPlanePercent = 30.0
        /// Level fits only: the full circle each way. A turn's centripetal acceleration leans the accelerometer's
        /// "down" (and a bike's lean tilts the unit) towards one side; circling both ways cancels it in the mean.
        /// One way only, a car circling at 2 m/s reads 5° RMS off afterwards; both ways, 0.4° (LevelFitTests).
        public var minimumTurnEachWayDegrees = 300.0
        public init() {}

        /// The defaults of a level (2D) fit. A flat circle changes the field by twice the horizontal intensity,
        /// 12 µT or more wherever a compass is of use (H ≥ 6 µT; with WMM's H known the fit asks for H), and has fewer distinct readings than a tumble
        /// (a 15 µT circle is only about 120 readings 0.8 µT apart); five unknowns need far fewer than nine. The
        /// residual allows for the pitch and roll of a vehicle on a real road, which swing the strong vertical field
        /// into the horizontal plane (1° at a dip of 73° is 6 % of Helsinki's horizontal field; ±3° of swing gives
        /// a 13 % residual) and average out over the circle.
        public static var level: Requirements {
            var r = Requirements()
            r.minimumSamples = 60
            r.minimumCoverage = 0.9
            r.maximumResidualPercent = 15
            r.maximumConditionNumber = 1.0e4
            r.plausibleFieldMicrotesla = 3...60
            r.minimumSpreadMicrotesla = 12
            return r
        }
    }

    /// Fits and validates; throws `CalibrationError` with the reason and what to do when the fit is poor.
    public static func calibrate(
        _ samples: [Vector3], requirements: Requirements = Requirements(), expectedFieldMicrotesla: Double? = nil
    ) throws -> MagnetometerCalibration {
        // The readings' own problems first: a fit through too few, barely-turned or mis-scaled readings fails for
        // a reason that would send the user after the wrong problem.
        if let problem = CalibrationReadings(samples).problem(requirements: requirements, fit: .ellipsoid) {
            throw problem
        }
        guard let outcome = fit(samples) else { throw CalibrationError.notAnEllipsoid }
        var calibration = try validate(outcome, requirements: requirements)
        calibration.expectedFieldMicrotesla = expectedFieldMicrotesla
        return calibration
    }

    /// Checks a fit against `requirements`, the most fundamental problem first (the readings' unit, number and
    /// spread; then how well they pin down the ellipsoid; then the fitted field, distortion and residual); returns
    /// its calibration or throws why it is not good enough.
    public static func validate(_ outcome: Outcome, requirements: Requirements = Requirements()) throws
        -> MagnetometerCalibration
    {
        let q = outcome.quality
        if let problem = outcome.readings.problem(requirements: requirements, fit: .ellipsoid) { throw problem }
        guard q.conditionNumber <= requirements.maximumConditionNumber else {
            throw CalibrationError.illConditioned(conditionNumber: q.conditionNumber)
        }
        guard q.coverage >= requirements.minimumCoverage else {
            throw CalibrationError.poorCoverage(q.coverage, needed: requirements.minimumCoverage)
        }
        guard requirements.plausibleFieldMicrotesla.contains(outcome.calibration.fieldRadiusMicrotesla) else {
            throw CalibrationError.implausibleField(microtesla: outcome.calibration.fieldRadiusMicrotesla)
        }
        guard q.axisRatio <= requirements.maximumAxisRatio else {
            throw CalibrationError.tooDistorted(axisRatio: q.axisRatio)
        }
        guard q.residualPercent <= requirements.maximumResidualPercent else {
            throw CalibrationError.residualTooLarge(
                percent: q.residualPercent, allowed: requirements.maximumResidualPercent)
        }
        return outcome.calibration
    }

    /// The least-squares fit without acceptance checks (nil when there are fewer than 9 samples or the quadric
    /// is not an ellipsoid). The calibration UI shows these figures while samples come in.
    public static func fit(_ samples: [Vector3]) -> Outcome? {
        guard samples.count >= 9 else { return nil }
        // Centre and scale first so the normal equations stay well conditioned whatever the units.
        let n = Double(samples.count)
        let mean = samples.reduce(Vector3.zero, +) * (1 / n)
        let scale = (samples.reduce(0.0) { $0 + ($1 - mean).dot($1 - mean) } / n).squareRoot()
        guard scale > 0, scale.isFinite else { return nil }
        var normal = Array(repeating: Array(repeating: 0.0, count: 9), count: 9)
        var rhs = Array(repeating: 0.0, count: 9)
        for s in samples {
            let u = (s - mean) * (1 / scale)
            let row = [
                u.x * u.x, u.y * u.y, u.z * u.z, 2 * u.x * u.y, 2 * u.x * u.z, 2 * u.y * u.z, 2 * u.x, 2 * u.y, 2 * u.z,
            ]
            for i in 0..<9 {
                rhs[i] += row[i]
                for j in i..<9 { normal[i][j] += row[i] * row[j] }
            }
        }
        for i in 0..<9 { for j in 0..<i { normal[i][j] = normal[j][i] } }
        let (p, condition) = SymmetricEigen.solve(normal, rhs)
        let m = [[p[0], p[3], p[4]], [p[3], p[1], p[5]], [p[4], p[5], p[2]]]
        guard let mInv = Matrix3(rowMajor: m.flatMap { $0 })?.inverse else { return nil }
        let centreU = (mInv * Vector3(x: p[6], y: p[7], z: p[8])) * -1
        let mc = Matrix3(rowMajor: m.flatMap { $0 })! * centreU
        let k = 1 + centreU.dot(mc)
        guard k > 0 else { return nil }
        // Shape matrix in original units: (x − c)ᵀ Q (x − c) = 1.
        let q = m.map { $0.map { $0 / (k * scale * scale) } }
        let (values, vectors) = SymmetricEigen.decompose(q)
        guard values.allSatisfy({ $0 > 0 && $0.isFinite }) else { return nil }
        let radii = values.map { 1 / $0.squareRoot() }
        let radius = pow(radii[0] * radii[1] * radii[2], 1.0 / 3)
        // W = radius · Q^½, so |W (x − c)| = radius on the ellipsoid and det W = 1.
        var w = Array(repeating: 0.0, count: 9)
        for i in 0..<3 {
            for j in 0..<3 {
                var sum = 0.0
                for k in 0..<3 { sum += vectors[i][k] * radius * values[k].squareRoot() * vectors[j][k] }
                w[i * 3 + j] = sum
            }
        }
        guard let soft = Matrix3(rowMajor: w) else { return nil }
        let centre = mean + centreU * scale
        let calibration = MagnetometerCalibration(
            hardIronMicrotesla: centre, softIron: soft, fieldRadiusMicrotesla: radius)
        var sumSq = 0.0
        var directions: [Vector3] = []
        directions.reserveCapacity(samples.count)
        for s in samples {
            let c = calibration.apply(s)
            let len = c.length
            sumSq += (len - radius) * (len - radius)
            if len > 0 { directions.append(c * (1 / len)) }
        }
        let quality = CalibrationQuality(
            residualPercent: (sumSq / n).squareRoot() / radius * 100,
            coverage: DirectionCoverage.fraction(of: directions), sampleCount: samples.count,
            conditionNumber: condition, axisRatio: (radii.max() ?? 1) / (radii.min() ?? 1))
        var calibrated = calibration
        calibrated.quality = quality
        return Outcome(calibration: calibrated, quality: quality, readings: CalibrationReadings(samples))
    }
}

/// Coverage of directions: the share of 42 evenly spread directions (a Fibonacci sphere) that have at least two
/// unit vectors within their cell.
enum DirectionCoverage {
    static let cells: [Vector3] = {
        let count = 42
        let golden = Double.pi * (3 - 5.0.squareRoot())
        return (0..<count).map { i in
            let z = 1 - (Double(i) + 0.5) * 2 / Double(count)
            let r = (1 - z * z).squareRoot()
            let a = golden * Double(i)
            return Vector3(x: r * cos(a), y: r * sin(a), z: z)
        }
    }()

    static func counts(of unitVectors: [Vector3]) -> [Int] {
        var counts = Array(repeating: 0, count: cells.count)
        for v in unitVectors {
            var best = 0
            var bestDot = -2.0
            for (i, c) in cells.enumerated() {
                let d = c.dot(v)
                if d > bestDot {
                    bestDot = d
                    best = i
                }
            }
            counts[best] += 1
        }
        return counts
    }

    static func fraction(of unitVectors: [Vector3]) -> Double {
        Double(counts(of: unitVectors).filter { $0 >= 2 }.count) / Double(cells.count)
    }
}
