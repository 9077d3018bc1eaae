/// Where the gyro-driven heading stands, decided by one transition function from what the orientation filter
/// reports. A board without a gyroscope never enters this machine (its heading is the compass-only path).
public enum GyroHeadingState: String, Sendable, Hashable {
    /// No heading: no tilt or field yet, the gyroscope stopped, or the uncertainty grew past the limit.
    case unknown
    /// The heading was just taken from the field; its accuracy is still wide.
    case converging
    /// The field (and the GPS course, when moving) corrects the gyroscope's heading.
    case tracking
    /// The field is disturbed: the gyroscope alone carries the heading, its accuracy growing.
    case holding
    /// The sensor lies still: the gyroscope's bias is being learned; the field still corrects the heading.
    case resting

    /// What the transition looks at: a plain summary of the filter after the latest event.
    public struct Inputs: Sendable, Hashable {
        /// The filter's heading accuracy (°), nil when it has no heading.
        public var accuracyDegrees: Double?
        /// Whether a gyroscope reading arrived recently.
        public var gyroscopeLive: Bool
        /// Seconds since the heading was (re)taken from the field; nil if never.
        public var secondsSinceInitialised: Double?
        /// Seconds since the last magnetometer reading judged disturbed; nil if none yet.
        public var secondsSinceDisturbed: Double?
        public var resting: Bool

        public init(
            accuracyDegrees: Double?, gyroscopeLive: Bool, secondsSinceInitialised: Double?,
            secondsSinceDisturbed: Double?, resting: Bool
        ) {
            self.accuracyDegrees = accuracyDegrees
            self.gyroscopeLive = gyroscopeLive
            self.secondsSinceInitialised = secondsSinceInitialised
            self.secondsSinceDisturbed = secondsSinceDisturbed
            self.resting = resting
        }
    }

    /// Model parameters of the transitions.
    public struct Limits: Sendable, Hashable {
        /// A heading less accurate than this is unknown (°).
        public var maximumAccuracyDegrees = 45.0
        /// How long after (re)initialisation the heading counts as converging (s).
        public var convergingSeconds = 2.0
        /// How long after the last disturbed reading the machine stays in `holding` (s): a field flickering
        /// at the threshold does not flip the state every sample.
        public var holdAfterDisturbanceSeconds = 0.3
        public init() {}
    }

    /// The one transition function: the next state from this one and the inputs.
    public func next(_ inputs: Inputs, limits: Limits = Limits()) -> GyroHeadingState {
        guard inputs.gyroscopeLive, let accuracy = inputs.accuracyDegrees, accuracy <= limits.maximumAccuracyDegrees
        else { return .unknown }
        if let d = inputs.secondsSinceDisturbed,
            d < limits.holdAfterDisturbanceSeconds
                || (self == .holding && d < 2 * limits.holdAfterDisturbanceSeconds)
        {
            return .holding
        }
        if let s = inputs.secondsSinceInitialised, s < limits.convergingSeconds { return .converging }
        return inputs.resting ? .resting : .tracking
    }
}
