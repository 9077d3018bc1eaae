import Core
import Testing

/// A refusal is explained in words even when its figures are nonsense: one magnetometer sample of −1e20 made the
/// condition number and coverage NaN or huge, and the message's `Int(x.rounded())` trapped (issue #16, class 6).
@Suite("Calibration refusal messages")
struct CalibrationErrorTextTests {
    @Test(arguments: [Double.nan, .infinity, -.infinity, 1e300, -1e20])
    func aRefusalWithAnyFigureIsStillAMessage(_ v: Double) {
        let refusals: [CalibrationError] = [
            .tiltedWhileTurning(outOfPlanePercent: v, allowed: v),
            .illConditioned(conditionNumber: v),
            .arcTooShort(conditionNumber: v),
            .poorCoverage(v, needed: v),
            .poorCircleCoverage(v, needed: v),
            .turnedOneWayOnly(rightDegrees: v, leftDegrees: v, needed: v),
        ]
        for refusal in refusals {
            #expect(!refusal.description.isEmpty)
        }
    }
}
