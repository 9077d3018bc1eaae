/// Why a calibration was refused, with what to do about it.
///
/// The fits check the most fundamental problem first (readings not in microtesla, too few of them, the device
/// barely turned, a level circle that was tumbled), so the reason never sends the user after a symptom: a fit
/// through barely-turned readings has a meaningless radius, and "check the sensor's scale" would be wrong advice.
public enum CalibrationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The readings' typical magnitude is no field a magnetometer reports in microtesla (gauss or nanotesla?).
    case notMicrotesla(typicalMicrotesla: Double)
    case tooFewSamples(Int, needed: Int)
    /// The readings moved by less than `needed` µT along every axis: the device hardly turned.
    case barelyTurned(spreadMicrotesla: Double, needed: Double, fit: CalibrationFit)
    /// A level fit's readings leave their plane by this share of the circle's radius: the unit was tilted.
    case tiltedWhileTurning(outOfPlanePercent: Double, allowed: Double)
    case notAnEllipsoid
    /// A level fit's readings do not lie on an ellipse (a line, a hyperbola).
    case notAnEllipse
    case illConditioned(conditionNumber: Double)
    /// A level fit through too short an arc to pin down the ellipse.
    case arcTooShort(conditionNumber: Double)
    case poorCoverage(Double, needed: Double)
    /// A level fit's share of the circle covered.
    case poorCircleCoverage(Double, needed: Double)
    /// A level fit whose circle went one way only (degrees the unit turned right and left).
    case turnedOneWayOnly(rightDegrees: Double, leftDegrees: Double, needed: Double)
    case implausibleField(microtesla: Double)
    /// A level fit's horizontal radius is not Earth's horizontal field.
    case implausibleHorizontalField(microtesla: Double, plausible: ClosedRange<Double>)
    case tooDistorted(axisRatio: Double)
    case residualTooLarge(percent: Double, allowed: Double)

    /// True for the reasons found in the readings themselves, before any fit: a fit's figures would only
    /// contradict them, so they are not shown with the refusal.
    public var isFoundBeforeTheFit: Bool {
        switch self {
        case .notMicrotesla, .tooFewSamples, .barelyTurned, .tiltedWhileTurning: return true
        default: return false
        }
    }

    public var description: String {
        switch self {
        case .notMicrotesla(let m):
            return
                "the readings are about \(formatFixed(m, digits: m < 10 ? 2 : 0)) µT, which no magnetometer in Earth's field "
                + "reads (22–67 µT plus the hard iron): check the sensor's scale (gauss or nanotesla instead of microtesla?)"
        case .tooFewSamples(let n, let needed):
            return "only \(n) distinct samples (need \(needed)): keep turning the device slowly"
        case .barelyTurned(let spread, let needed, let fit):
            let what =
                fit == .ellipsoid
                ? "turn the device slowly through a full circle, tilting it nose up, nose down and to both sides"
                : "turn the vehicle (or the device, held level) slowly through a full circle"
            return
                "the field changed by only \(formatFixed(spread, digits: 1)) µT (need \(formatFixed(needed, digits: 0)) µT; "
                + "a full turn changes it by more): \(what)"
        case .tiltedWhileTurning(let p, let allowed):
            return
                "the readings leave the plane of the circle by \(formatFixed(p, digits: 0)) % of its radius (allowed "
                + "\(formatFixed(allowed, digits: 0)) %): the unit was tilted, so calibrate without --level, turning and tilting it "
                + "through every direction for the full 3D fit"
        case .notAnEllipsoid:
            return "the readings do not lie on an ellipsoid: move away from metal and magnets and start again"
        case .notAnEllipse:
            return
                "the readings do not lie on an ellipse: move away from metal and magnets and turn a full, steady circle"
        case .illConditioned(let k):
            return "the readings pin down too few directions (condition \(formatFixed(k, digits: 0))): tilt the device "
                + "nose up/down and side to side as well as turning it (a unit fixed to a vehicle: --level, riding a slow circle)"
        case .arcTooShort(let k):
            return
                "the readings pin down too little of the circle (condition \(formatFixed(k, digits: 0))): keep turning through "
                + "a full circle"
        case .poorCoverage(let c, let needed):
            return
                "only \(formatFixed(c * 100, digits: 0)) % of directions covered (need \(formatFixed(needed * 100, digits: 0)) %): "
                + "turn through a full circle and tilt through all sides (a unit fixed to a vehicle: --level)"
        case .poorCircleCoverage(let c, let needed):
            return
                "only \(formatFixed(c * 100, digits: 0)) % of the circle covered (need \(formatFixed(needed * 100, digits: 0)) %): "
                + "keep turning until the ring is full"
        case .turnedOneWayOnly(let right, let left, let needed):
            return
                "the unit turned \(formatFixed(right, digits: 0))° right and \(formatFixed(left, digits: 0))° left (need "
                + "\(formatFixed(needed, digits: 0))° each way): circle the other way too, since a turn leans the unit and its "
                + "accelerometer towards one side and circling both ways cancels it"
        case .implausibleField(let f):
            return "fitted field strength \(formatFixed(f, digits: 1)) µT is not Earth's (10–100 µT): check the "
                + "sensor's scale (microtesla) and keep away from magnets"
        case .implausibleHorizontalField(let f, let range):
            return "fitted horizontal field \(formatFixed(f, digits: 1)) µT is not Earth's "
                + "(\(formatFixed(range.lowerBound, digits: 0))–\(formatFixed(range.upperBound, digits: 0)) µT): check the "
                + "sensor's scale (microtesla) and keep away from magnets"
        case .tooDistorted(let r):
            return "the readings are stretched \(formatFixed(r, digits: 2))× along one axis: mount the sensor "
                + "further from steel or speakers"
        case .residualTooLarge(let p, let allowed):
            return "fit residual \(formatFixed(p, digits: 2)) % exceeds \(formatFixed(allowed, digits: 1)) %: the "
                + "field changed while calibrating (a magnet or moving metal nearby); start again"
        }
    }
}
