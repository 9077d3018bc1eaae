extension OrientationFilter {
    /// The filter's model parameters. Each is a physical property of the sensors or of the disturbances, not a
    /// fitted knob; docs/heading.md says where each default comes from.
    public struct Parameters: Sendable, Hashable {
        /// The mounting offset's model (its prior, random walk, sample noise and gate).
        public var mountingOffset = MountingOffsetState.Parameters()
        // MARK: Gyroscope
        /// Random walk of the heading while only the gyroscope carries it (°/√s): its noise plus the bias drift
        /// the bias estimate cannot follow. Together with `magnetometerNoiseDegreesRootSecond` it sets how fast
        /// the magnetometer pulls the heading: time constant ≈ magnetometer noise / this = 15 s by default.
        public var headingRandomWalkDegreesPerRootSecond = 0.04
        /// Relative scale-factor uncertainty of the gyroscope: a turn of 360° may be off by this share of it.
        public var gyroscopeScaleUncertainty = 0.003
        /// How fast the heading the gyroscope alone carries through vigorous motion really drifts (°/s): scale
        /// and axis-misalignment errors that no bias estimate removes. Only the reported accuracy grows with it
        /// (BROAD's handheld trials: 13° in 60 s carried); the gate and the gains use the variance.
        public var carriedDriftDegreesPerSecond = 0.15
        /// Uncertainty of the bias about "down" before any rest has been seen (°/s).
        public var initialBiasUncertaintyDegreesPerSecond = 0.3
        /// The bias uncertainty a long rest brings it down to (°/s).
        public var restedBiasUncertaintyDegreesPerSecond = 0.01
        /// Time constant with which the bias follows the rate at rest (s).
        public var restBiasTimeConstantSeconds = 2.0
        /// Bias estimates are kept within this magnitude (°/s): a MEMS gyroscope's specified offset range.
        public var maximumBiasDegreesPerSecond = 3.0
        /// Gyroscope readings further apart than this are not integrated across (s).
        public var maximumGapSeconds = 0.25
        public var rest = RestDetector.Parameters()

        // MARK: Accelerometer
        /// Time constant of the low-pass the tilt follows (s): accelerations shorter than this average out
        /// (VQF uses 3 s).
        public var accelerometerTimeConstantSeconds = 3.0
        /// Standard gravity (m/s²).
        public var gravityMetresPerSecondSquared = 9.80665
        /// A reading whose magnitude differs from gravity by more than this many g is a shock (a tap, a
        /// pothole), not gravity: it is left out of the low-pass. Smaller accelerations (a turn, braking, a hand
        /// waving) go in and average out; rejecting them (tried: 0.1–1 g) starves the tilt during long motion.
        public var gravityTolerance = 3.0

        // MARK: Magnetometer
        /// Heading noise of the magnetometer, as a density (° · √s): a one-second average is this good.
        public var magnetometerNoiseDegreesRootSecond = 0.6
        /// Heading error the magnetometer carries that averaging does not remove (calibration residue, tilt
        /// error, the room's own field), 1 σ in degrees, calibrated and uncalibrated.
        public var magnetometerSystematicDegrees = 1.5
        public var uncalibratedSystematicDegrees = 4.0
        /// The field's strength may differ from its reference by this share before it counts as disturbed.
        public var fieldNormTolerance = 0.06
        /// The field's dip may differ from its reference by this much before it counts as disturbed (°).
        public var fieldDipToleranceDegrees = 4.0
        /// The field's direction may differ from the gyroscope-predicted one by this much, or by
        /// `innovationGateSigmas` times the heading's uncertainty when that is larger (°).
        public var innovationGateDegrees = 10.0
        public var innovationGateSigmas = 3.0
        /// Time constant of the reference strength and dip, taken from accepted readings (s).
        public var referenceTimeConstantSeconds = 30.0
        /// A rejected field that stays steady (strength within 2 %, dip within 2°) this long becomes the new
        /// reference: the room, not a passing magnet (s). VQF waits 20 s.
        public var newFieldSeconds = 20.0
        /// A field that agrees in strength and dip but not in direction for this long means the gyroscope has
        /// drifted, not the field: the heading is taken from the magnetometer again (s).
        public var driftRecoverySeconds = 10.0
        /// The first readings that set the reference; they are accepted unchecked (s).
        public var primingSeconds = 1.0

        // MARK: GPS course
        /// Below this speed a course is not a direction of travel (m/s): a receiver's course at a standstill is
        /// noise, whatever error it claims. Above it no switch: the course's error (gpsd's, else the speed's
        /// error over the speed) weighs it, so a course at 1.5 m/s (±3° at 0.08 m/s of velocity noise) already
        /// corrects a heading bent by the pull-away's unmeasured acceleration.
        public var courseMinimumSpeedMetresPerSecond = 1.0

        public init() {}
    }
}
