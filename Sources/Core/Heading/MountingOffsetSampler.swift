/// The measurement gate of the mounting offset (`MountingOffsetState`): which fixes give a sample of it, course
/// − the device's heading from the field, while riding straight at speed.
///
/// Gated, because a passing car bends the field for a second or two by up to the gates' tolerances: a sample
/// waits `edgeSeconds` and is dropped when a reading the field's strength or dip rejected comes that near it in
/// time (a car's field rises and falls around the readings it fails). What passes is handed to the filter's
/// offset state (`ready`), whose innovation gate and re-start on a persistent step do the rest.
public struct MountingOffsetSampler: Sendable {
    public struct Settings: Hashable, Sendable {
        /// Only fixes at least this fast teach (m/s).
        public var minimumSpeed = 3.0
        /// Only while the course changes slower than this (°/s): riding straight.
        public var maximumTurnRate = 2.0
        /// Only while the speed changes slower than this (m/s²), over the last `steadySeconds` (the readings a
        /// sample pools), against fixes at least `minimumSpanSeconds` old.
        public var maximumAcceleration = 0.3
        public var steadySeconds = 2.0
        public var minimumSpanSeconds = 0.8
        /// Samples this close in time to a reading whose strength or dip was rejected are dropped (s): the edges of
        /// a passing car's field pass the gates but still bend the heading.
        public var edgeSeconds = 1.0
        public init() {}
    }

    /// What became of one sample.
    public enum Outcome: Sendable, Hashable {
        /// Not straight, not fast, or no heading to compare: no sample.
        case notRidingStraight
        /// Held until it is clear no disturbance is near it.
        case pending
        /// Dropped for a disturbance near it in time.
        case dropped
    }

    public var settings: Settings
    /// Samples waiting `edgeSeconds` for a disturbance to show up near them.
    var pending: [(time: Timestamp, degrees: Double, noise: Double)] = []
    var lastDisturbance: Timestamp?
    /// The fixes of the last few seconds (course °, speed m/s), for riding straight at steady speed.
    var recentFixes: [(time: Timestamp, course: Double, speed: Double)] = []
    /// Samples (course − device heading, °) no disturbance came near, with their noise (°²), oldest first: for
    /// the offset state, which takes them with `takeReady()`.
    public private(set) var ready: [(degrees: Double, noise: Double)] = []

    public init(settings: Settings = Settings()) { self.settings = settings }

    /// The samples ready for the offset state, oldest first; they are handed over once.
    public mutating func takeReady() -> [(degrees: Double, noise: Double)] {
        defer { ready.removeAll() }
        return ready
    }

    /// Offers one fix with the device's heading (vehicle frame, declination applied, no offset) at the same
    /// time, or nil when there is none to compare it with. Returns what became of the sample.
    ///
    /// A sample needs straight riding at steady speed over the last `steadySeconds`, measured against fixes at
    /// least `minimumSpanSeconds` back (a 5 Hz course differenced over a fifth of a second is mostly noise):
    /// speeding up or braking tilts the accelerometer's "down" and bends the field's heading, and until a fix
    /// has measured the change of speed the readings since the last one were tilted by what it left unremoved.
    @discardableResult
    public mutating func observe(fix: GPSFix, compass: Angle?, noiseDegrees2: Double = 1) -> Outcome {
        commit(before: fix.time.adding(seconds: -settings.edgeSeconds))
        guard let course = fix.courseDegrees, let speed = fix.speedMetresPerSecond, let c = Angle(degrees: course),
            speed.isFinite
        else {
            recentFixes.removeAll()
            return .notRidingStraight
        }
        recentFixes.removeAll { fix.time.seconds(since: $0.time) > settings.steadySeconds + 1 || $0.time > fix.time }
        let history = recentFixes
        recentFixes.append((fix.time, course, speed))
        let older = history.filter { fix.time.seconds(since: $0.time) >= settings.minimumSpanSeconds }
        guard speed >= settings.minimumSpeed, let compass, !older.isEmpty,
            older.contains(where: { fix.time.seconds(since: $0.time) >= settings.steadySeconds - 0.1 })
        else { return .notRidingStraight }
        for f in older {
            let dt = fix.time.seconds(since: f.time)
            let rate = abs(Angle(f.course).signedDifference(to: c)) / dt
            guard rate <= settings.maximumTurnRate, abs(speed - f.speed) / dt <= settings.maximumAcceleration
            else { return .notRidingStraight }
        }
        if let d = lastDisturbance, abs(fix.time.seconds(since: d)) <= settings.edgeSeconds { return .dropped }
        pending.append((fix.time, compass.signedDifference(to: c), noiseDegrees2))
        // Fixes out of time order never commit: a few seconds' worth is the most kept.
        if pending.count > 16 { pending.removeFirst(pending.count - 16) }
        return .pending
    }

    /// Tells the sampler a field reading was rejected for its strength or dip at `t`: samples near it are dropped.
    public mutating func disturbance(at t: Timestamp) {
        lastDisturbance = t
        pending.removeAll { abs($0.time.seconds(since: t)) <= settings.edgeSeconds }
    }

    /// Hands the pending samples older than `t` (no disturbance came near them) to `ready`.
    mutating func commit(before t: Timestamp) {
        while let first = pending.first, first.time <= t {
            pending.removeFirst()
            guard first.degrees.isFinite, first.noise.isFinite, first.noise > 0 else { continue }
            ready.append((first.degrees, first.noise))
        }
        // Nobody taking them must not pile them up.
        if ready.count > 16 { ready.removeFirst(ready.count - 16) }
    }

    /// The median of `values` (0 for none).
    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let s = values.sorted()
        let n = s.count
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2
    }
}
