/// The map's bearing as it follows a heading or course: still while the heading only dithers, prompt in turns.
///
/// The arrow follows every sample (it is drawn at heading − bearing), so the map can hold still without hiding
/// anything. Each turn of the map is a whole resample of the frame, and at arm's length a jump of the picture's
/// corners (1.5° moves them 10 pixels on an 800×480 screen). A GPS course dithers by a degree or two from fix to
/// fix on a straight road: turning to each fix past the 1° dead band turned the map back and forth (on the bundled
/// ride at 20 frames a second, 40 of its 207 turns undid the one before within 5 s).
///
/// So a heading past the dead band turns the map at once only in a turn: when it is more than `turnDegrees` away,
/// or when the map last turned the same way less than `turnContinuesSeconds` ago (a turn under way is followed
/// degree by degree). Closer than that, the map turns only once the heading's average away from the bearing
/// (exponential, time constant `averageSeconds`, counted from the map's last turn) is past the dead band too, and
/// then by that average: a fix's dither averages out, a bend of the road does not.
public struct MapRotation: Hashable, Sendable {
    /// Closer than this the map never turns (a popular phone navigator re-rotates only past 1°).
    public var deadBandDegrees: Double
    /// Further than this the heading is turning, and the map follows it at once.
    public var turnDegrees: Double
    /// After the map turned, a heading past the dead band the same way within this time is the turn going on.
    public var turnContinuesSeconds: Double
    /// The time constant of the average that decides a smaller turn.
    public var averageSeconds: Double
    public private(set) var bearing: Angle
    /// The heading's exponential average away from `bearing` (degrees, clockwise positive), since the map last turned.
    private var averageOffset = 0.0
    /// The time of the last heading followed.
    private var lastTime: Timestamp?
    /// When the map last turned, and which way.
    private var lastTurn: Turn?

    private struct Turn: Hashable, Sendable {
        var time: Timestamp
        var clockwise: Bool
    }

    public init(
        deadBandDegrees: Double = 1.0, turnDegrees: Double = 3.0, turnContinuesSeconds: Double = 0.5,
        averageSeconds: Double = 2.0, bearing: Angle = .north
    ) {
        self.deadBandDegrees = deadBandDegrees
        self.turnDegrees = turnDegrees
        self.turnContinuesSeconds = turnContinuesSeconds
        self.averageSeconds = averageSeconds
        self.bearing = bearing
    }

    /// Follows `target`, the heading at `time`. A nil target (no heading) keeps the bearing. Without a time (a
    /// bare estimate in a test) there is no average to judge by, and every heading past the dead band turns the map
    /// at once. The first time, or one earlier than the last (a replay started again), starts the average afresh.
    public mutating func follow(_ target: Angle?, at time: Timestamp? = nil) {
        guard let target else { return }
        let offset = bearing.signedDifference(to: target)
        guard let time else {
            if abs(offset) > deadBandDegrees { turn(to: target, at: nil) }
            return
        }
        if let lastTime, time >= lastTime {
            let elapsed = time.seconds(since: lastTime)
            averageOffset += (offset - averageOffset) * (1 - exp(-elapsed / averageSeconds))
        } else {
            averageOffset = 0
            lastTurn = nil
        }
        lastTime = time
        guard abs(offset) > deadBandDegrees else { return }
        let turnGoesOn = lastTurn.map {
            $0.clockwise == (offset > 0) && time.seconds(since: $0.time) <= turnContinuesSeconds
        }
        if abs(offset) > turnDegrees || turnGoesOn == true {
            turn(to: target, at: time)
        } else if abs(averageOffset) > deadBandDegrees {
            turn(to: bearing.rotated(by: averageOffset), at: time)
        }
    }

    /// Starts again from `bearing` with no history (the map came from north-up, or was set by hand).
    public mutating func reset(to bearing: Angle) {
        self = MapRotation(
            deadBandDegrees: deadBandDegrees, turnDegrees: turnDegrees, turnContinuesSeconds: turnContinuesSeconds,
            averageSeconds: averageSeconds, bearing: bearing)
    }

    private mutating func turn(to newBearing: Angle, at time: Timestamp?) {
        let turned = bearing.signedDifference(to: newBearing)
        bearing = newBearing
        averageOffset = 0
        lastTurn = time.map { Turn(time: $0, clockwise: turned > 0) }
    }
}
