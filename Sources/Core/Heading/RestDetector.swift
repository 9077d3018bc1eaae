/// Tells when the sensor lies still: the gyroscope and the accelerometer both stay close to their recent means
/// for `minimumSeconds`. At rest the gyroscope reads its own bias, which the orientation filter then learns
/// (VQF's rest detection, Laidig & Seel 2023, works the same way).
public struct RestDetector: Sendable {
    public struct Parameters: Sendable, Hashable {
        /// Deviation of the rate from its recent mean, and the mean itself, that still counts as still (°/s);
        /// a bias larger than this is not learned at rest.
        public var gyroscopeDegreesPerSecond = 2.0
        /// Deviation of the specific force from its recent mean that still counts as still (m/s²).
        public var accelerometerMetresPerSecondSquared = 0.5
        /// How long both must hold before the sensor counts as resting (s).
        public var minimumSeconds = 1.5
        /// Time constant of the recent means (s).
        public var meanSeconds = 0.5
        public init() {}
    }

    public let parameters: Parameters
    /// The recent mean of the rate (rad/s): at rest, the gyroscope's bias.
    public private(set) var meanRate: Vector3?
    var meanForce: Vector3?
    var lastForce: Vector3?
    var stillSince: Timestamp?
    public private(set) var isResting = false

    public init(parameters: Parameters = Parameters()) { self.parameters = parameters }

    /// Takes a specific-force reading (m/s², body frame) into account.
    public mutating func addForce(_ f: Vector3) { lastForce = f }

    /// Takes a rate reading (rad/s, body frame) into account; `dt` is the time since the previous one.
    public mutating func addRate(_ w: Vector3, dt: Double, at t: Timestamp) {
        let a = min(1, dt / parameters.meanSeconds)
        let mean = meanRate.map { $0 + (w - $0) * a } ?? w
        meanRate = mean
        var still = (w - mean).length * 180 / .pi < parameters.gyroscopeDegreesPerSecond
        still = still && mean.length * 180 / .pi < parameters.gyroscopeDegreesPerSecond
        if let f = lastForce {
            let fm = meanForce.map { $0 + (f - $0) * a } ?? f
            meanForce = fm
            still = still && (f - fm).length < parameters.accelerometerMetresPerSecondSquared
        } else {
            still = false
        }
        if still {
            let since = stillSince ?? t
            stillSince = since
            isResting = t.seconds(since: since) >= parameters.minimumSeconds
        } else {
            stillSince = nil
            isResting = false
        }
    }
}
