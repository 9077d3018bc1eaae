import Foundation

/// Whether the vehicle is backing up. GPS speed has no sign, and a course is the direction of travel either way, so
/// only the accelerometer can tell: pulling away from a stop, the vehicle's forward specific force rises going
/// forwards and falls going backwards. The answer holds until the next stop; before any pull-away it is "forwards".
struct TravelDirection: Sendable {
    /// Below this speed (m/s) the vehicle counts as stopped; the first fix above it after a stop is a pull-away.
    static let stoppedSpeed = 0.3

    private(set) var reversing = false
    /// The mean forward force over the stretch between stopped fixes (the mount's pitch and the slope).
    private var restForward: Double?
    /// Forward force since the last fix.
    private var interval = (sum: 0.0, count: 0)
    private var last: (time: Timestamp, speed: Double)?

    /// One accelerometer reading's forward specific force (m/s², vehicle frame).
    mutating func add(forwardForce force: Double) {
        guard force.isFinite else { return }
        interval.sum += force
        interval.count += 1
    }

    /// A fix with a speed (m/s).
    mutating func fix(speed: Double, at t: Timestamp) {
        defer {
            last = (t, speed)
            interval = (0, 0)
        }
        let mean = interval.count > 0 ? interval.sum / Double(interval.count) : nil
        guard let last, case let dt = t.seconds(since: last.time), dt > 0, dt < 3 else { return }
        if speed < Self.stoppedSpeed {
            if last.speed < Self.stoppedSpeed, let mean { restForward = mean }
            reversing = false
            return
        }
        // Pulling away: the mean acceleration over the interval was about (speed − 0) / dt, forwards or backwards.
        guard last.speed < Self.stoppedSpeed, let mean, let rest = restForward else { return }
        let expected = (speed - last.speed) / dt
        let measured = mean - rest
        if measured < -0.5 * expected { reversing = true } else if measured > 0.5 * expected { reversing = false }
    }
}
