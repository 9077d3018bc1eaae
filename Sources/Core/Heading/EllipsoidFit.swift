import Foundation

/// Least-squares fit of a general quadric `Ax² + By² + Cz² + 2Dxy + 2Exz + 2Fyz + 2Gx + 2Hy + 2Iz = 1` to raw
/// magnetometer readings, giving the hard-iron centre and a soft-iron matrix that maps the ellipsoid to a sphere.
public enum EllipsoidFit {
    /// The unvalidated outcome of a fit: the calibration and its quality figures.
    public struct Outcome: Sendable {
        public var calibration: MagnetometerCalibration
        public var quality: CalibrationQuality
    }

    /// What a fit must reach to be accepted.
    public struct Requirements: Hashable, Sendable {
        public var minimumSamples = 150
        public var minimumCoverage = 0.55
        public var maximumResidualPercent = 3.0
        public var maximumConditionNumber = 2.0e4
        public var maximumAxisRatio = 2.5
        /// Earth's field is 22–67 µT; Android rejects magnitudes outside 10–100 µT.
        public var plausibleFieldMicrotesla: ClosedRange<Double> = 10...100
        public init() {}
    }

    /// Fits and validates; throws `CalibrationError` with the reason and what to do when the fit is poor.
    public static func calibrate(
        _ samples: [Vector3], requirements: Requirements = Requirements(), expectedFieldMicrotesla: Double? = nil
    ) throws -> MagnetometerCalibration {
        guard samples.count >= requirements.minimumSamples else {
            throw CalibrationError.tooFewSamples(samples.count, needed: requirements.minimumSamples)
        }
        guard let outcome = fit(samples) else { throw CalibrationError.notAnEllipsoid }
        var calibration = try validate(outcome, requirements: requirements)
        calibration.expectedFieldMicrotesla = expectedFieldMicrotesla
        return calibration
    }

    /// Checks a fit against `requirements`; returns its calibration or throws why it is not good enough.
    public static func validate(_ outcome: Outcome, requirements: Requirements = Requirements()) throws -> MagnetometerCalibration {
        let q = outcome.quality
        guard q.sampleCount >= requirements.minimumSamples else {
            throw CalibrationError.tooFewSamples(q.sampleCount, needed: requirements.minimumSamples)
        }
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
            throw CalibrationError.residualTooLarge(percent: q.residualPercent, allowed: requirements.maximumResidualPercent)
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
            let row = [u.x * u.x, u.y * u.y, u.z * u.z, 2 * u.x * u.y, 2 * u.x * u.z, 2 * u.y * u.z, 2 * u.x, 2 * u.y, 2 * u.z]
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
        let calibration = MagnetometerCalibration(hardIronMicrotesla: centre, softIron: soft, fieldRadiusMicrotesla: radius)
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
        return Outcome(calibration: calibrated, quality: quality)
    }
}

/// Why a calibration was refused, with what to do about it.
public enum CalibrationError: Error, Hashable, Sendable, CustomStringConvertible {
    case tooFewSamples(Int, needed: Int)
    case notAnEllipsoid
    case illConditioned(conditionNumber: Double)
    case poorCoverage(Double, needed: Double)
    case implausibleField(microtesla: Double)
    case tooDistorted(axisRatio: Double)
    case residualTooLarge(percent: Double, allowed: Double)

    public var description: String {
        switch self {
        case .tooFewSamples(let n, let needed):
            return "only \(n) distinct samples (need \(needed)): keep turning the device slowly"
        case .notAnEllipsoid:
            return "the readings do not lie on an ellipsoid: move away from metal and magnets and start again"
        case .illConditioned(let k):
            return "the readings pin down too few directions (condition \(Int(k.rounded()))): tilt the device "
                + "nose up/down and side to side as well as turning it"
        case .poorCoverage(let c, let needed):
            return "only \(Int((c * 100).rounded())) % of directions covered (need \(Int((needed * 100).rounded())) %): "
                + "turn through a full circle and tilt through all sides"
        case .implausibleField(let f):
            return "fitted field strength \(formatFixed(f, digits: 1)) µT is not Earth's (10–100 µT): check the "
                + "sensor's scale (microtesla) and keep away from magnets"
        case .tooDistorted(let r):
            return "the readings are stretched \(formatFixed(r, digits: 2))× along one axis: mount the sensor "
                + "further from steel or speakers"
        case .residualTooLarge(let p, let allowed):
            return "fit residual \(formatFixed(p, digits: 2)) % exceeds \(formatFixed(allowed, digits: 1)) %: the "
                + "field changed while calibrating (a magnet or moving metal nearby); start again"
        }
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
                if d > bestDot { bestDot = d; best = i }
            }
            counts[best] += 1
        }
        return counts
    }

    static func fraction(of unitVectors: [Vector3]) -> Double {
        Double(counts(of: unitVectors).filter { $0 >= 2 }.count) / Double(cells.count)
    }
}
