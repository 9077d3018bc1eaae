/// What the HUD tells about the ride so far: distance, moving time, average and top speed, altitude.
///
/// Distance counts only while moving (a parked receiver's wander is not a ride) and only between fixes that
/// follow closely (after a long dropout the straight line between two fixes is counted, but not its time).
public struct TripStatistics: Hashable, Sendable {
    public struct Configuration: Hashable, Sendable {
        /// Below this speed, in m/s, the rider is standing (Navit uses 5 km/h ≈ 1.4 m/s).
        public var movingSpeedMetresPerSecond = 1.0
        /// A gap between fixes longer than this, in seconds, does not count as moving time.
        public var maxGapSeconds = 10.0
        /// Speeds above this, in m/s, are receiver glitches and are ignored (90 m/s = 324 km/h).
        public var maxPlausibleSpeedMetresPerSecond = 90.0
        /// Altitude changes smaller than this, in metres, do not count towards the climb (GPS altitude noise).
        public var climbHysteresisMetres = 5.0
        public init() {}
    }

    public var configuration: Configuration
    /// Metres ridden.
    public private(set) var distanceMetres = 0.0
    /// Seconds spent moving.
    public private(set) var movingSeconds = 0.0
    /// Seconds from the first fix to the last.
    public private(set) var elapsedSeconds = 0.0
    /// The top reported speed, in m/s.
    public private(set) var maxSpeedMetresPerSecond = 0.0
    /// The latest altitude, and the lowest and highest seen, in metres above sea level.
    public private(set) var altitudeMetres: Double?
    public private(set) var minAltitudeMetres: Double?
    public private(set) var maxAltitudeMetres: Double?
    /// Total climb in metres (sum of rises larger than the hysteresis).
    public private(set) var climbMetres = 0.0

    private var first: Timestamp?
    /// Elapsed seconds carried over from before a restart.
    private var elapsedBefore = 0.0
    private var lastTime: Timestamp?
    private var lastCoordinate: GeoCoordinate?
    private var lastSpeed: Double?
    private var distanceAcrossGapsMetres = 0.0
    private var climbBase: Double?

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// Distance over moving time in m/s (the straight lines across GPS gaps left out of both); nil before any
    /// moving time.
    public var averageMovingSpeedMetresPerSecond: Double? {
        movingSeconds > 0 ? (distanceMetres - distanceAcrossGapsMetres) / movingSeconds : nil
    }

    /// Adds one fix (fixes without a 2D or 3D position are ignored).
    public mutating func add(_ fix: GPSFix) {
        guard fix.mode >= .twoD, let c = fix.coordinate, c.isValid else { return }
        let c0 = configuration
        first = first ?? fix.time
        if let first { elapsedSeconds = max(elapsedSeconds, elapsedBefore + fix.time.seconds(since: first)) }
        var reported: Double?
        if let speed = fix.speedMetresPerSecond, speed.isFinite, speed >= 0,
            speed <= c0.maxPlausibleSpeedMetresPerSecond
        {
            maxSpeedMetresPerSecond = max(maxSpeedMetresPerSecond, speed)
            reported = speed
        }
        if let alt = fix.altitudeMetres, alt.isFinite, fix.mode == .threeD { addAltitude(alt) }
        let previousSpeed = lastSpeed
        defer { (lastTime, lastCoordinate, lastSpeed) = (fix.time, c, reported) }
        guard let lastTime, let lastCoordinate else { return }
        let dt = fix.time.seconds(since: lastTime)
        guard dt > 0 else { return }
        let step = GreatCircle.distance(from: lastCoordinate, to: c)
        // Moving when either end of the step was (pulling away, coming to a stop); without reported speeds, as
        // measured between the fixes.
        let speed = max(reported ?? step / dt, previousSpeed ?? 0)
        guard speed >= c0.movingSpeedMetresPerSecond, step / dt <= c0.maxPlausibleSpeedMetresPerSecond else { return }
        distanceMetres += step
        if dt <= c0.maxGapSeconds { movingSeconds += dt } else { distanceAcrossGapsMetres += step }
    }

    private mutating func addAltitude(_ alt: Double) {
        altitudeMetres = alt
        minAltitudeMetres = min(minAltitudeMetres ?? alt, alt)
        maxAltitudeMetres = max(maxAltitudeMetres ?? alt, alt)
        guard let base = climbBase else {
            climbBase = alt
            return
        }
        // The climb counts a rise once it clears the hysteresis; a fall just lowers the base.
        if alt - base >= configuration.climbHysteresisMetres {
            climbMetres += alt - base
            climbBase = alt
        } else if alt < base {
            climbBase = alt
        }
    }

    /// The totals kept across a restart (`TripStatistics+Text`).
    struct Totals {
        var distance = 0.0
        var gapDistance = 0.0
        var moving = 0.0
        var elapsed = 0.0
        var maxSpeed = 0.0
        var climb = 0.0
        var minAltitude: Double?
        var maxAltitude: Double?
    }

    var distanceAcrossGaps: Double { distanceAcrossGapsMetres }

    /// Continues from saved totals; the elapsed time goes on from the next fix.
    mutating func restore(_ t: Totals) {
        distanceMetres = t.distance
        distanceAcrossGapsMetres = t.gapDistance
        movingSeconds = t.moving
        elapsedBefore = t.elapsed
        elapsedSeconds = t.elapsed
        maxSpeedMetresPerSecond = t.maxSpeed
        climbMetres = t.climb
        minAltitudeMetres = t.minAltitude
        maxAltitudeMetres = t.maxAltitude
    }

    /// Starts a new trip (the reset key or a new day).
    public mutating func reset() { self = TripStatistics(configuration: configuration) }
}
