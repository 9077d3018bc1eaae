import Foundation

/// A magnet (or a piece of iron) that moves with the sensor adds the same field in the body frame whatever way
/// the sensor turns: a hard-iron offset that appeared after the calibration. The Earth's field, seen from the
/// body, turns as the sensor turns. So while the field is rejected, the tracker takes each reading minus the
/// Earth's reference field as the attitude predicts it in the body frame, and watches that residual: when it
/// stays put while the sensor turns through a good angle, it is an attached magnet, and the reading minus it is
/// the Earth's field again. A magnet passing by, or a field that changes as the sensor moves through it, makes
/// the residual wander, and nothing is compensated.
///
/// The heading that predicts the Earth's field in the body frame is the filter's own, carried by the gyroscope:
/// a heading error δ leaves a residual term δ·H that turns with the body, which the running mean averages out
/// over a turning window. The offset it finds therefore pulls the heading towards the truth (never away from
/// the filter's own estimate by more than the field says), and its spread bounds the error it leaves (spread / H
/// radians), which the filter adds to the reported accuracy.
public struct AttachedMagnetTracker: Sendable {
    public struct Parameters: Sendable, Hashable {
        /// Time constant of the residual's running mean and spread (s): long enough to average a heading error's
        /// turning term over a few turns, short enough to follow a magnet that is moved on the housing.
        public var timeConstantSeconds = 4.0
        /// The residual's RMS spread about its mean may be this large (µT) and still count as one fixed offset:
        /// the turning term of a few degrees of heading error (δ·H ≈ 1 µT per 4° at H = 16 µT) plus noise.
        public var maximumSpreadMicrotesla = 4.0
        /// The sensor must have turned through this much since tracking began (°): without turning, a fixed
        /// offset and a changed Earth's field look the same.
        public var minimumTurnDegrees = 90.0
        /// And the residual must have been tracked this long (s).
        public var minimumSeconds = 3.0
        public init() {}
    }

    public let parameters: Parameters
    /// Exponentially weighted sums over the rejected readings: weight, residual r, the residual's sensitivity u
    /// to a heading error, and their products (µT, µT², body frame).
    var weight = 0.0
    var sumR = Vector3.zero
    var sumU = Vector3.zero
    var sumRR = 0.0
    var sumUU = 0.0
    var sumUR = 0.0
    var since: Timestamp?
    var lastTime: Timestamp?
    var lastAttitude: Quaternion?
    /// The sensor's turn since tracking began, summed over readings (°).
    public private(set) var turnedDegrees = 0.0

    public init(parameters: Parameters = Parameters()) { self.parameters = parameters }

    /// The fit: residual = offset + heading error × u, by least squares over the window. The heading error
    /// (radians, true minus the filter's) is only fitted when the sensor turned enough for u to vary;
    /// otherwise it is 0 and the offset is the residual's mean.
    var fit: (offset: Vector3, headingErrorRadians: Double, spreadSquared: Double)? {
        guard weight > 0 else { return nil }
        let meanR = sumR * (1 / weight)
        let meanU = sumU * (1 / weight)
        let varU = sumUU / weight - meanU.dot(meanU)
        let cov = sumUR / weight - meanU.dot(meanR)
        // u's length is H: a variance below a tenth of H² says the sensor has not turned enough to tell a heading
        // error from an offset.
        let delta = varU > 0.1 * sumUU / weight ? cov / varU : 0
        let offset = meanR - meanU * delta
        // E|r − offset − δu|², expanded over the sums.
        let spread =
            sumRR / weight - 2 * offset.dot(meanR) - 2 * delta * sumUR / weight + offset.dot(offset)
            + 2 * delta * offset.dot(meanU) + delta * delta * sumUU / weight
        return (offset, delta, max(0, spread))
    }

    /// The RMS spread of the residual about the fit (µT); the limit until there is a fit.
    public var spreadMicrotesla: Double {
        fit.map { $0.spreadSquared.squareRoot() } ?? parameters.maximumSpreadMicrotesla
    }

    /// The offset's length (µT), for diagnostics.
    public var meanMicrotesla: Vector3? { fit?.offset }

    /// The attached magnet's field (µT, body frame) once the residual has held still while the sensor turned;
    /// nil otherwise.
    public func offset(at t: Timestamp) -> Vector3? {
        guard let f = fit, let start = since, t.seconds(since: start) >= parameters.minimumSeconds,
            turnedDegrees >= parameters.minimumTurnDegrees,
            f.spreadSquared.squareRoot() <= parameters.maximumSpreadMicrotesla
        else { return nil }
        return f.offset
    }

    /// Takes one rejected reading: `field` (µT, body frame), the filter's attitude (body → north-east-down) and
    /// the reference Earth field in that frame (µT, pointing to the frame's north).
    public mutating func add(field: Vector3, attitude q: Quaternion, earthField m: Vector3, at t: Timestamp) {
        let residual = field - q.inverseRotate(m)
        // How the body-frame Earth field moves per radian of heading error: if the true heading is the filter's
        // plus δ, the field reads q⁻¹(m turned by −δ about down) ≈ q⁻¹(m) + δ · q⁻¹(−down × m).
        let u = q.inverseRotate(Vector3(x: m.y, y: -m.x, z: 0))
        guard residual.isFinite, u.isFinite else { return }
        if let last = lastTime, t.seconds(since: last) > 1 { reset() }
        let dt = lastTime.map { max(0, min(0.25, t.seconds(since: $0))) } ?? 0
        lastTime = t
        if let p = lastAttitude {
            // The angle of the rotation from the last attitude to this one.
            let d = abs(p.w * q.w + p.x * q.x + p.y * q.y + p.z * q.z)
            turnedDegrees += 2 * acos(min(1, d)) * 180 / .pi
        }
        lastAttitude = q
        if since == nil { since = t }
        let a = weight == 0 ? 1 : min(1, dt / parameters.timeConstantSeconds)
        func blend(_ old: Double, _ new: Double) -> Double { old + (new - old) * a }
        weight = blend(weight, 1)
        sumR = sumR + (residual - sumR) * a
        sumU = sumU + (u - sumU) * a
        sumRR = blend(sumRR, residual.dot(residual))
        sumUU = blend(sumUU, u.dot(u))
        sumUR = blend(sumUR, u.dot(residual))
    }

    /// Keeps the sums consistent when the filter turns its heading by `degrees`: every residual so far was
    /// computed with the old heading, and to first order becomes r − Δ·u.
    public mutating func headingCorrected(byDegrees degrees: Double) {
        guard weight > 0 else { return }
        let d = degrees * .pi / 180
        sumRR += -2 * d * sumUR + d * d * sumUU
        sumUR -= d * sumUU
        sumR = sumR - sumU * d
    }

    /// Forgets the offset (the field is the Earth's again, or the tracking was interrupted).
    public mutating func reset() {
        weight = 0
        sumR = .zero
        sumU = .zero
        sumRR = 0
        sumUU = 0
        sumUR = 0
        since = nil
        lastTime = nil
        lastAttitude = nil
        turnedDegrees = 0
    }
}
