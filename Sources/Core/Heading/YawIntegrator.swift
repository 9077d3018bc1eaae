/// Integrates the gyroscope's rate about "down" into a running yaw angle, learning the rate's bias while the
/// vehicle stands still. Differences of `yaw(at:)` over a few seconds are what the heading uses; the absolute
/// value means nothing.
struct YawIntegrator: Sendable {
    /// Degrees, clockwise positive, unbounded.
    var yawDegrees = 0.0
    var lastTime: Timestamp?
    var biasDegreesPerSecond = 0.0
    /// Readings further apart than this are not integrated across (the gyroscope was gone, or read too seldom).
    var maximumGapSeconds = YawIntegrator.defaultMaximumGapSeconds
    static let defaultMaximumGapSeconds = 0.25
    /// Counts the unbroken runs of readings: a gap starts a new one, because the turn across it is unknown.
    var run = 0

    /// Adds one reading (rad/s, body frame) given the body's "down" direction.
    mutating func add(_ rate: Vector3, down: Vector3, at t: Timestamp, atRest: Bool) {
        guard rate.isFinite else { return }
        // Positive z is turning right seen from above; the rate about "down" is the heading's rate.
        let degreesPerSecond = rate.dot(down) * 180 / .pi
        if atRest { biasDegreesPerSecond += 0.01 * (degreesPerSecond - biasDegreesPerSecond) }
        if let last = lastTime, case let dt = t.seconds(since: last), dt > 0, dt <= maximumGapSeconds {
            yawDegrees += (degreesPerSecond - biasDegreesPerSecond) * dt
        } else if lastTime.map({ t.seconds(since: $0) > maximumGapSeconds }) ?? true {
            run += 1
        }
        lastTime = t
    }

    /// The running yaw when the gyroscope is live at `t`, else nil.
    func yaw(at t: Timestamp) -> YawReading? {
        guard let last = lastTime, abs(t.seconds(since: last)) <= maximumGapSeconds else { return nil }
        return YawReading(run: run, degrees: yawDegrees)
    }
}

/// The integrated yaw at one moment, tagged with the unbroken run of readings it belongs to.
struct YawReading: Hashable, Sendable {
    var run: Int
    var degrees: Double

    /// How far the gyroscope turned since `earlier` (degrees, clockwise), or nil when a gap lies between them:
    /// the turn across a gap is unknown, not zero.
    func turn(since earlier: YawReading) -> Double? {
        run == earlier.run ? degrees - earlier.degrees : nil
    }
}
