/// A heading as a compass source reports it, in the way a phone's compass API hands it out: either value may be
/// missing, and an accuracy that is missing, NaN or negative means the source does not know how good it is.
public struct HeadingReport: Hashable, Sendable {
    /// Degrees clockwise from magnetic north; nil, NaN or negative when invalid.
    public var magneticDegrees: Double?
    /// Degrees clockwise from true north; nil, NaN or negative when invalid. Exactly 0 is a valid north.
    public var trueDegrees: Double?
    /// Estimated error in degrees; nil, NaN, infinite or negative when unknown or invalid.
    public var accuracyDegrees: Double?

    public init(magneticDegrees: Double? = nil, trueDegrees: Double? = nil, accuracyDegrees: Double? = nil) {
        self.magneticDegrees = magneticDegrees
        self.trueDegrees = trueDegrees
        self.accuracyDegrees = accuracyDegrees
    }

    /// The heading to show, or nil when there is none to trust: a valid true heading wins over magnetic, and an
    /// unknown or invalid accuracy means no heading at all (the display then draws a dot, not an arrow).
    public var usableHeading: Heading? {
        guard let accuracy = accuracyDegrees, accuracy.isFinite, accuracy >= 0 else { return nil }
        if let t = HeadingReport.validDirection(trueDegrees) {
            return Heading(direction: t, reference: .trueNorth, accuracyDegrees: accuracy, source: .compass)
        }
        if let m = HeadingReport.validDirection(magneticDegrees) {
            return Heading(direction: m, reference: .magneticNorth, accuracyDegrees: accuracy, source: .compass)
        }
        return nil
    }

    /// A direction is valid when it is finite and in [0, 360]; negative is the "invalid" sentinel, not a bearing.
    static func validDirection(_ degrees: Double?) -> Angle? {
        guard let d = degrees, d.isFinite, d >= 0, d <= 360 else { return nil }
        return Angle(d)
    }
}

/// Which north a heading is measured from.
public enum NorthReference: String, Hashable, Sendable {
    case trueNorth = "true"
    case magneticNorth = "magnetic"
}

/// What produced a heading.
public enum HeadingSource: String, Hashable, Sendable {
    /// The magnetometer (calibrated, tilt-compensated), or an external compass.
    case compass
    /// GPS course over ground while moving.
    case gpsCourse = "gps-course"
    /// Held at its last good value while standing still.
    case frozen
}
