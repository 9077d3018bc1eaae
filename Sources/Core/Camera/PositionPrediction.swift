/// Where the user is drawn between GPS fixes: display smoothing, not navigation.
///
/// A receiver reports once a second, so a map that shows only the fixes jumps a few metres once a second. Between
/// fixes the drawn position is carried on from the last one at its speed, along its course turning at the rate the
/// courses of the last two fixes turned (an arc, so a bend is followed), but never further than
/// `horizonSeconds` past the fix: after that it holds, and a fix that stops coming looks as stale as it did before.
/// When the next fix lands, the difference between what was drawn and the new fix's own prediction is eased out
/// over `easeSeconds` (3t² − 2t³, so the motion neither jumps back nor starts with a jerk) instead of in one frame;
/// a difference along the road over up to `longestEaseSeconds`, so the drawn speed changes by at most half.
/// A prediction that ran ahead of a rider who slowed is not pulled back along the course while the rider still
/// moves: the drawn position waits there until the new fix's prediction catches up (going backwards would look
/// like a jump back, only slower); across the course, and for a rider who stopped, the difference eases out.
///
/// Only the picture uses it: the fix itself, the trip, the recorded track and route progress keep the real fixes.
/// It reads no clock: the frame times the pipeline passes drive it, so a replay draws the same at any speed.
public struct PositionPrediction: Sendable {
    /// The longest the position is carried on past a fix (a 1 Hz receiver's next fix, and a late one).
    public static let horizonSeconds = 1.5
    /// How long a new fix's difference from what was drawn takes to ease out, at least.
    public static let easeSeconds = 0.5
    /// The longest an easing along the course takes: one along the road is stretched so it changes the drawn
    /// speed by at most half the rider's speed (3t² − 2t³ is at most 1.5 × the mean rate), up to this long.
    public static let longestEaseSeconds = 1.0
    /// Slower than this (the parked threshold) the position is not carried on: parked stays parked.
    public static let minimumSpeedMetresPerSecond = 0.5
    /// A turn faster than this between two fixes is taken as this (a course flipping on noise at low speed).
    public static let maximumTurnRateDegreesPerSecond = 40.0
    /// Two fixes further apart than this give no turn rate (a gap in the fixes says nothing about the bend).
    public static let turnRateGapSeconds = 2.5
    /// A new fix further than this from what was drawn is shown at once: no prediction could have got there (a
    /// fix after a long gap), and a fast slide across the map would only pretend it had.
    public static let snapMetres = 40.0

    /// What the drawn position is carried on from: the last fix (or the standstill anchor), and how it moved.
    public struct Base: Equatable, Sendable {
        public var coordinate: GeoCoordinate
        /// The fix's time (the anchor's fix time while standing still).
        public var time: Timestamp
        /// Speed over ground in m/s; nil (or slower than the minimum) holds the position.
        public var speedMetresPerSecond: Double?
        /// Course over ground; nil holds the position.
        public var course: Angle?

        public init(
            coordinate: GeoCoordinate, time: Timestamp, speedMetresPerSecond: Double? = nil, course: Angle? = nil
        ) {
            self.coordinate = coordinate
            self.time = time
            self.speedMetresPerSecond = speedMetresPerSecond
            self.course = course
        }

        /// The speed the position is carried on at: nil when held.
        var carriedSpeed: Double? {
            guard let v = speedMetresPerSecond, v.isFinite, v >= PositionPrediction.minimumSpeedMetresPerSecond,
                course != nil
            else { return nil }
            // A rogue receiver's 1e300 m/s moves the picture by at most the snap distance a frame.
            return min(v, 100)
        }
    }

    private var base: Base?
    /// Degrees a second the course turns while carried on (from the last two fixes' courses).
    private var turnRateDegreesPerSecond = 0.0
    /// What is eased out: east and north metres added to the prediction at `correctionStart`.
    private var correction = (east: 0.0, north: 0.0)
    private var correctionStart: Timestamp?
    private var correctionSeconds = PositionPrediction.easeSeconds
    /// How far along the base's course (metres, from the base) the drawn position has got and is not taken back
    /// from while the base is carried on; nil when the new fix was not behind what was drawn.
    private var alongFloorMetres: Double?

    public init() {}

    /// The position to draw at `time` for the current `base` (nil before the first fix: nothing is drawn).
    /// A base that differs from the last one (a new fix, the standstill anchor taken or let go) starts an easing
    /// from what was drawn at `time` towards the new base's prediction.
    public mutating func position(base new: Base?, at time: Timestamp) -> GeoCoordinate? {
        guard let new else {
            self = PositionPrediction()
            return nil
        }
        if let old = base, old != new {
            let drawn = predicted(at: time)
            turnRateDegreesPerSecond = Self.turnRate(from: old, to: new)
            base = new
            correction = (0, 0)
            correctionStart = nil
            alongFloorMetres = nil
            if let drawn {
                let target = predicted(at: time) ?? new.coordinate
                let (east, north) = Self.offsetMetres(from: target, to: drawn)
                if (east * east + north * north).squareRoot() < Self.snapMetres {
                    correction = (east, north)
                    correctionStart = time
                    correctionSeconds = Self.easeSeconds
                    if let speed = new.carriedSpeed, let course = new.course {
                        let (e, n) = Self.offsetMetres(from: new.coordinate, to: drawn)
                        alongFloorMetres = e * sin(course.radians) + n * cos(course.radians)
                        // A few metres along the road eased out in half a second would nearly stop the marker (or
                        // double its speed): stretched so the drawn speed stays within half the rider's.
                        let along = abs(east * sin(course.radians) + north * cos(course.radians))
                        correctionSeconds = min(max(Self.easeSeconds, 3 * along / speed), Self.longestEaseSeconds)
                    }
                }
            }
        } else if base == nil {
            base = new
            turnRateDegreesPerSecond = 0
        }
        let shown = predicted(at: time)
        // Frames come in time order: what one frame showed along the course, the next does not take back.
        if let floor = alongFloorMetres, let shown, let course = new.course {
            let (e, n) = Self.offsetMetres(from: new.coordinate, to: shown)
            alongFloorMetres = max(floor, e * sin(course.radians) + n * cos(course.radians))
        }
        return shown
    }

    /// The base carried on to `time`, plus what is left of the correction.
    private func predicted(at time: Timestamp) -> GeoCoordinate? {
        guard let base else { return nil }
        var (east, north) = (0.0, 0.0)
        if let speed = base.carriedSpeed, let course = base.course {
            let dt = min(max(time.seconds(since: base.time), 0), Self.horizonSeconds)
            (east, north) = Self.arc(
                speed: speed, courseDegrees: course.degrees, turnDegreesPerSecond: turnRateDegreesPerSecond,
                seconds: dt)
        }
        if let start = correctionStart {
            let t = time.seconds(since: start) / correctionSeconds
            let left = 1 - CameraTransition.smoothstep(t.isFinite ? t : 1)
            east += correction.east * left
            north += correction.north * left
        }
        if let floor = alongFloorMetres, base.carriedSpeed != nil, let course = base.course {
            // Not back along the course: what the easing would take back waits for the prediction to catch up.
            let (ue, un) = (sin(course.radians), cos(course.radians))
            let along = east * ue + north * un
            if along < floor {
                east += (floor - along) * ue
                north += (floor - along) * un
            }
        }
        return Self.moved(base.coordinate, east: east, north: north)
    }

    /// East and north metres travelled in `seconds` at `speed` along a course that starts at `courseDegrees` and
    /// turns at `turnDegreesPerSecond` (an arc; a straight line when it does not turn).
    static func arc(speed: Double, courseDegrees: Double, turnDegreesPerSecond: Double, seconds: Double)
        -> (east: Double, north: Double)
    {
        let c0 = courseDegrees * .pi / 180
        let w = turnDegreesPerSecond * .pi / 180
        if abs(w * seconds) < 1e-6 {
            return (speed * seconds * sin(c0), speed * seconds * cos(c0))
        }
        let c1 = c0 + w * seconds
        return (speed / w * (cos(c0) - cos(c1)), speed / w * (sin(c1) - sin(c0)))
    }

    /// How fast the course turned from `old` to `new`, clamped; 0 when either was not moving, or they are too far
    /// apart in time.
    static func turnRate(from old: Base, to new: Base) -> Double {
        guard old.carriedSpeed != nil, new.carriedSpeed != nil, let a = old.course, let b = new.course else {
            return 0
        }
        let dt = new.time.seconds(since: old.time)
        guard dt > 0, dt <= turnRateGapSeconds else { return 0 }
        let rate = a.signedDifference(to: b) / dt
        guard rate.isFinite else { return 0 }
        return min(max(rate, -maximumTurnRateDegreesPerSecond), maximumTurnRateDegreesPerSecond)
    }

    /// `c` moved by `east` and `north` metres (flat Earth: metres, not kilometres, are ever moved).
    static func moved(_ c: GeoCoordinate, east: Double, north: Double) -> GeoCoordinate {
        guard east != 0 || north != 0 else { return c }
        let r = GreatCircle.meanEarthRadius
        let latitude = c.latitude + north / r * 180 / .pi
        let cosine = max(cos(c.latitude * .pi / 180), 1e-6)
        var longitude = c.longitude + east / (r * cosine) * 180 / .pi
        if longitude > 180 { longitude -= 360 }
        if longitude < -180 { longitude += 360 }
        return GeoCoordinate(latitude: min(max(latitude, -90), 90), longitude: longitude)
    }

    /// East and north metres from `a` to `b` (flat Earth, for points metres apart).
    static func offsetMetres(from a: GeoCoordinate, to b: GeoCoordinate) -> (east: Double, north: Double) {
        let r = GreatCircle.meanEarthRadius
        var dLon = b.longitude - a.longitude
        if dLon > 180 { dLon -= 360 }
        if dLon < -180 { dLon += 360 }
        let north = (b.latitude - a.latitude) * .pi / 180 * r
        let east = dLon * .pi / 180 * r * cos(a.latitude * .pi / 180)
        return (east, north)
    }
}
