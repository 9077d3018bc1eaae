/// Whether the vehicle is backing up. GPS speed has no sign, and a course is the direction of travel either way, so
/// two things tell:
/// - **pulling away from a stop**: the forward specific force, less the force measured at rest (the mount's pitch
///   and the slope), adds up to the speed gained: positive going forwards, negative going backwards;
/// - **the course flipping**: a vehicle cannot turn half round in a few seconds while hardly moving, so a course
///   180° ± 45° from the last one at 1 m/s or more, within 5 s, means it changed direction (also when no fix
///   caught it stopped). Slower courses are too noisy to compare.
/// Before any of these it is "forwards".
struct TravelDirection: Sendable {
    /// Below this speed (m/s) the vehicle counts as stopped.
    static let stoppedSpeed = 0.3
    /// The direction is decided at the first fix after a stop at least this fast (m/s).
    static let decidingSpeed = 1.0

    private(set) var reversing = false
    /// Since the stop began: the mean forward force of each interval between two stopped fixes, and all readings.
    private var stop: (restMeans: [Double], sum: Double, count: Int, since: Timestamp)?
    /// Forward force since the last fix.
    private var interval = (sum: 0.0, count: 0)
    private var last: (time: Timestamp, speed: Double)?
    /// The last course at 1 m/s or more, and the direction then.
    private var moving: (time: Timestamp, course: Double, reversing: Bool)?

    /// One accelerometer reading's forward specific force (m/s², vehicle frame).
    mutating func add(forwardForce force: Double) {
        guard force.isFinite else { return }
        interval.sum += force
        interval.count += 1
        if stop != nil {
            stop?.sum += force
            stop?.count += 1
        }
    }

    /// A fix with a speed (m/s) and its course (degrees, nil without one).
    mutating func fix(speed: Double, course: Double?, at t: Timestamp) {
        let intervalMean = interval.count > 0 ? interval.sum / Double(interval.count) : nil
        defer {
            last = (t, speed)
            interval = (0, 0)
            if speed >= 1, let course, course.isFinite {
                if let m = moving, case let age = t.seconds(since: m.time), age > 0, age < 5,
                    abs(Angle(m.course).signedDifference(to: Angle(course))) > 135
                {
                    reversing = !m.reversing
                }
                moving = (t, course, reversing)
            }
        }
        guard speed.isFinite, let last, case let dt = t.seconds(since: last.time), dt > 0 else { return }
        if speed < Self.stoppedSpeed {
            if stop == nil {
                stop = ([], 0, 0, t)
                reversing = false
            } else if last.speed < Self.stoppedSpeed, dt < 3, let mean = intervalMean {
                stop?.restMeans.append(mean)
            }
            return
        }
        guard let s = stop else { return }
        let elapsed = t.seconds(since: s.since)
        guard speed >= Self.decidingSpeed || elapsed > 20 else { return }
        stop = nil
        // The force at rest: the median of the stop's still intervals (a creeping start spoils the last few).
        guard !s.restMeans.isEmpty, s.count > 0, elapsed < 20 else { return }
        let rest = s.restMeans.sorted()[s.restMeans.count / 2]
        let gained = (s.sum / Double(s.count) - rest) * elapsed
        if gained < -0.5 * speed { reversing = true } else if gained > 0.5 * speed { reversing = false }
    }
}
