/// The calibration of a unit that can only turn about the vertical (bolted to a car or a handlebar): a least-squares
/// ellipse `Ax² + By² + 2Cxy + 2Dx + 2Ey = 1` fitted to the readings' horizontal components while the vehicle turns
/// through a full circle, giving the horizontal hard-iron offset and a 2×2 soft-iron correction.
///
/// "Horizontal" is the plane square to `down`: the accelerometer's mean over the circle when the unit has one, else
/// body z (the level assumption the heading estimator makes without one). A flat circle cannot observe the vertical
/// hard iron: every reading has the same vertical component, Earth's and the offset's together. The fit sets it from
/// WMM's inclination at the calibration place when that is known (so the corrected field dips as Earth's does there,
/// which the disturbance check and tilt compensation both rely on; the error is then the vertical soft iron's share,
/// a few µT, rather than the whole offset, often 20–50 µT); without a place it stays zero and the dip check is off.
public enum LevelFit {
    /// The unvalidated outcome of a fit: the calibration, its quality figures and what validation needs besides.
    public struct Outcome: Sendable {
        public var calibration: MagnetometerCalibration
        /// Residual and axis ratio of the horizontal ellipse; coverage is the share of the circle.
        public var quality: CalibrationQuality
        public var readings: CalibrationReadings
        /// The readings' RMS distance from their own best plane, in percent of the circle's RMS radius: a few
        /// percent for a flat circle, tens for a unit tilted while it turned.
        public var outOfPlanePercent: Double
        /// The corrected circle's radius: the horizontal field times the fit's overall scale, µT.
        public var horizontalRadiusMicrotesla: Double
        /// WMM's horizontal intensity at the calibration place, µT, when it was given.
        public var modelHorizontalMicrotesla: Double?
        /// The furthest the unit turned right, and left, without turning back (degrees, from the readings' order).
        public var turnedRightDegrees: Double
        public var turnedLeftDegrees: Double
    }

    /// Sectors of the circle for coverage (15° each); a sector counts from two readings, as on the sphere.
    public static let sectors = 24

    /// Fits and validates; throws `CalibrationError` with the reason and what to do when the readings are poor.
    ///
    /// - Parameters:
    ///   - down: the unit's down in the body frame while it turned (normalised here).
    ///   - modelField: WMM's field at the calibration place, for the vertical offset and the disturbance check.
    public static func calibrate(
        _ samples: [Vector3], down: Vector3 = TiltCompensation.levelDown,
        requirements: EllipsoidFit.Requirements = .level,
        modelField: MagneticField? = nil
    ) throws -> MagnetometerCalibration {
        let readings = CalibrationReadings(samples)
        let spreadRequirements = requirements.forLevelFit(
            horizontalMicrotesla: modelField.map { $0.horizontalNanotesla / 1000 })
        if let problem = readings.problem(
            requirements: spreadRequirements, fit: .level(verticalFromModel: modelField != nil))
        {
            throw problem
        }
        let outOfPlane = outOfPlanePercent(samples)
        guard outOfPlane <= requirements.maximumOutOfPlanePercent else {
            throw CalibrationError.tiltedWhileTurning(
                outOfPlanePercent: outOfPlane, allowed: requirements.maximumOutOfPlanePercent)
        }
        guard let outcome = fit(samples, down: down, modelField: modelField) else {
            throw CalibrationError.notAnEllipse
        }
        return try validate(outcome, requirements: requirements)
    }

    /// Checks a fit against `requirements`, the most fundamental problem first: the readings (unit, number,
    /// spread), a unit tilted while it turned, how much of the circle pins the ellipse down, then the fitted field,
    /// distortion and residual.
    public static func validate(_ outcome: Outcome, requirements: EllipsoidFit.Requirements = .level) throws
        -> MagnetometerCalibration
    {
        let spreadRequirements = requirements.forLevelFit(horizontalMicrotesla: outcome.modelHorizontalMicrotesla)
        if let problem = outcome.readings.problem(requirements: spreadRequirements, fit: outcome.calibration.fit) {
            throw problem
        }
        guard outcome.outOfPlanePercent <= requirements.maximumOutOfPlanePercent else {
            throw CalibrationError.tiltedWhileTurning(
                outOfPlanePercent: outcome.outOfPlanePercent, allowed: requirements.maximumOutOfPlanePercent)
        }
        let q = outcome.quality
        guard q.conditionNumber <= requirements.maximumConditionNumber else {
            throw CalibrationError.arcTooShort(conditionNumber: q.conditionNumber)
        }
        guard q.coverage >= requirements.minimumCoverage else {
            throw CalibrationError.poorCircleCoverage(q.coverage, needed: requirements.minimumCoverage)
        }
        let needed = requirements.minimumTurnEachWayDegrees
        guard outcome.turnedRightDegrees >= needed && outcome.turnedLeftDegrees >= needed else {
            throw CalibrationError.turnedOneWayOnly(
                rightDegrees: outcome.turnedRightDegrees, leftDegrees: outcome.turnedLeftDegrees, needed: needed)
        }
        guard requirements.plausibleFieldMicrotesla.contains(outcome.horizontalRadiusMicrotesla) else {
            throw CalibrationError.implausibleHorizontalField(
                microtesla: outcome.horizontalRadiusMicrotesla, plausible: requirements.plausibleFieldMicrotesla)
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

    /// The body-to-level rotation: rows are level forward (body x projected square to `down`), level right, down.
    public static func levelFrame(down: Vector3) -> Matrix3? {
        let len = down.length
        guard len > 0, len.isFinite else { return nil }
        let d = down * (1 / len)
        var forward = Vector3(x: 1, y: 0, z: 0)
        forward = forward - d * d.dot(forward)
        if forward.length < 0.1 {
            // Body x points (nearly) straight down: level "forward" from body y instead.
            let y = Vector3(x: 0, y: 1, z: 0)
            forward = y - d * d.dot(y)
        }
        let e1 = forward * (1 / forward.length)
        return Matrix3(rows: e1, d.cross(e1), d)
    }

    /// The least-squares fit without acceptance checks (nil with fewer than 5 readings, a degenerate `down`, or
    /// readings that do not lie on an ellipse). The calibration screen shows these figures while readings come in.
    public static func fit(
        _ samples: [Vector3], down: Vector3 = TiltCompensation.levelDown, modelField: MagneticField? = nil
    ) -> Outcome? {
        guard samples.count >= 5, let level = levelFrame(down: down) else { return nil }
        let points = samples.map { level * $0 }
        let n = Double(points.count)
        // Centre and scale first so the normal equations stay well conditioned whatever the units.
        let mx = points.reduce(0.0) { $0 + $1.x } / n
        let my = points.reduce(0.0) { $0 + $1.y } / n
        let scale = (points.reduce(0.0) { $0 + ($1.x - mx) * ($1.x - mx) + ($1.y - my) * ($1.y - my) } / n).squareRoot()
        guard scale > 0, scale.isFinite else { return nil }
        var normal = Array(repeating: Array(repeating: 0.0, count: 5), count: 5)
        var rhs = Array(repeating: 0.0, count: 5)
        for p in points {
            let x = (p.x - mx) / scale
            let y = (p.y - my) / scale
            let row = [x * x, y * y, 2 * x * y, 2 * x, 2 * y]
            for i in 0..<5 {
                rhs[i] += row[i]
                for j in i..<5 { normal[i][j] += row[i] * row[j] }
            }
        }
        for i in 0..<5 { for j in 0..<i { normal[i][j] = normal[j][i] } }
        let (p, condition) = SymmetricEigen.solve(normal, rhs)
        let (a, b, c) = (p[0], p[1], p[2])
        let det = a * b - c * c
        guard det > 0, det.isFinite, a > 0 else { return nil }
        // Centre: the gradient of the quadratic form vanishes, M·u = −(D, E).
        let ux = -(b * p[3] - c * p[4]) / det
        let uy = -(a * p[4] - c * p[3]) / det
        let k = 1 + a * ux * ux + b * uy * uy + 2 * c * ux * uy
        guard k > 0 else { return nil }
        // Shape matrix in µT: (v − centre)ᵀ Q (v − centre) = 1 on the ellipse.
        let s2 = k * scale * scale
        let (values, vectors) = SymmetricEigen.decompose([[a / s2, c / s2], [c / s2, b / s2]])
        guard values.allSatisfy({ $0 > 0 && $0.isFinite }) else { return nil }
        let radii = values.map { 1 / $0.squareRoot() }
        let radius = (radii[0] * radii[1]).squareRoot()
        // W = radius · Q^½: |W (v − centre)| = radius on the ellipse and det W = 1.
        var w = [[0.0, 0.0], [0.0, 0.0]]
        for i in 0..<2 {
            for j in 0..<2 {
                for m in 0..<2 { w[i][j] += vectors[i][m] * radius * values[m].squareRoot() * vectors[j][m] }
            }
        }
        let centreX = mx + ux * scale
        let centreY = my + uy * scale
        let meanVertical = points.reduce(0.0) { $0 + $1.z } / n
        // The vertical offset (see the type's summary): WMM's dip scaled to the fitted horizontal radius, else zero.
        var verticalOffset = 0.0
        var fieldRadius = (radius * radius + meanVertical * meanVertical).squareRoot()
        let dip = modelField.map { $0.inclinationDegrees * .pi / 180 }
        if let dip, abs(dip) < 89 * .pi / 180 {
            verticalOffset = meanVertical - radius * tan(dip)
            fieldRadius = radius / cos(dip)
        }
        let usedModel = dip.map { abs($0) < 89 * .pi / 180 } ?? false
        // Back into the body frame: corrected = Lᵀ · blockdiag(W, 1) · (L·raw − c) = S · (raw − Lᵀc).
        let block = Matrix3(
            rows: Vector3(x: w[0][0], y: w[0][1], z: 0), Vector3(x: w[1][0], y: w[1][1], z: 0),
            Vector3(x: 0, y: 0, z: 1))
        let soft = level.transposed * block * level
        let hard = level.transposed * Vector3(x: centreX, y: centreY, z: verticalOffset)
        var sumSq = 0.0
        var counts = Array(repeating: 0, count: sectors)
        // The field's angle in the level frame, unwrapped: it turns left as the unit turns right.
        var angle: Double?
        var lowest = 0.0
        var highest = 0.0
        var right = 0.0
        var left = 0.0
        for p in points {
            let dx = p.x - centreX
            let dy = p.y - centreY
            let cx = w[0][0] * dx + w[0][1] * dy
            let cy = w[1][0] * dx + w[1][1] * dy
            let len = (cx * cx + cy * cy).squareRoot()
            sumSq += (len - radius) * (len - radius)
            if let sector = sector(x: cx, y: cy) { counts[sector] += 1 }
            guard len > 0 else { continue }
            let a = atan2(cy, cx) * 180 / .pi
            if let previous = angle {
                var step = (a - previous).truncatingRemainder(dividingBy: 360)
                if step > 180 { step -= 360 } else if step < -180 { step += 360 }
                angle = previous + step
            } else {
                angle = a
                lowest = a
                highest = a
            }
            if let now = angle {
                lowest = min(lowest, now)
                highest = max(highest, now)
                right = max(right, highest - now)
                left = max(left, now - lowest)
            }
        }
        let quality = CalibrationQuality(
            residualPercent: (sumSq / n).squareRoot() / radius * 100,
            coverage: Double(counts.filter { $0 >= 2 }.count) / Double(sectors), sampleCount: samples.count,
            conditionNumber: condition, axisRatio: (radii.max() ?? 1) / (radii.min() ?? 1))
        let calibration = MagnetometerCalibration(
            hardIronMicrotesla: hard, softIron: soft, fieldRadiusMicrotesla: fieldRadius,
            expectedFieldMicrotesla: usedModel ? modelField?.totalMicrotesla : nil, quality: quality,
            fit: .level(verticalFromModel: usedModel))
        return Outcome(
            calibration: calibration, quality: quality, readings: CalibrationReadings(samples),
            outOfPlanePercent: outOfPlanePercent(samples), horizontalRadiusMicrotesla: radius,
            modelHorizontalMicrotesla: modelField.map { $0.horizontalNanotesla / 1000 }, turnedRightDegrees: right,
            turnedLeftDegrees: left)
    }

    /// The sector (0 at level forward, counting towards level right) of a horizontal direction; nil for zero.
    public static func sector(x: Double, y: Double) -> Int? {
        guard x != 0 || y != 0, x.isFinite, y.isFinite else { return nil }
        var azimuth = atan2(y, x)
        if azimuth < 0 { azimuth += 2 * .pi }
        return min(sectors - 1, Int(azimuth / (2 * .pi) * Double(sectors)))
    }

    /// The readings' RMS distance from their best plane (the covariance's smallest eigenvalue) over their RMS
    /// distance within it, in percent. It needs no "down": a unit mounted at an angle still turns in one plane.
    public static func outOfPlanePercent(_ samples: [Vector3]) -> Double {
        guard samples.count >= 3 else { return 0 }
        let n = Double(samples.count)
        let mean = samples.reduce(Vector3.zero, +) * (1 / n)
        var cov = Array(repeating: Array(repeating: 0.0, count: 3), count: 3)
        for s in samples {
            let d = s - mean
            let v = [d.x, d.y, d.z]
            for i in 0..<3 { for j in 0..<3 { cov[i][j] += v[i] * v[j] / n } }
        }
        let values = SymmetricEigen.decompose(cov).values
        let inPlane = values[1] + values[2]
        guard inPlane > 0 else { return 0 }
        return (max(0, values[0]) / inPlane).squareRoot() * 100
    }
}

extension EllipsoidFit.Requirements {
    /// These requirements with the least spread raised to WMM's horizontal intensity `H` when it is known: a flat
    /// circle spreads the readings by 2H, and less than H is a turn of under 60°, through which a fitted ellipse is
    /// a guess (often a tiny circle through the noise, whose "implausible field" would be the wrong advice).
    func forLevelFit(horizontalMicrotesla: Double?) -> Self {
        var r = self
        if let h = horizontalMicrotesla, h.isFinite { r.minimumSpreadMicrotesla = max(r.minimumSpreadMicrotesla, h) }
        return r
    }
}
