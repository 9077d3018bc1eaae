// The GPS course and the mounting offset in the orientation filter: the course measures the vehicle's heading,
// the device's heading plus the offset, and a sample taken while riding straight measures the offset alone.
extension OrientationFilter {
    /// Corrects the heading with a course (the vehicle's magnetic heading, °) of variance `varianceDegrees2`,
    /// the offset weighing it but not moved by it (`MountingOffsetState.courseConsidered`). Returns the innovation
    /// (course − heading − offset, °).
    ///
    /// The course is independent of the magnetometer, so it is weighed against the whole reported accuracy,
    /// systematic magnetometer error included: it can correct what the field cannot.
    @discardableResult
    public mutating func courseMeasurement(_ degrees: Double, varianceDegrees2: Double) -> Double? {
        guard let h = attitude?.headingDegrees, degrees.isFinite, varianceDegrees2 > 0 else { return nil }
        let innovation = Angle(h + offset.degrees).signedDifference(to: Angle(degrees))
        guard headingVariance.isFinite else {
            // No heading yet: the course minus the offset is the best there is, as uncertain as both.
            correctHeading(byDegrees: innovation)
            headingVariance = varianceDegrees2 + offset.weighingVariance
            offset.decorrelate()
            secondsWithoutHeadingMeasurement = 0
            carriedSeconds = 0
            return innovation
        }
        let prior = accuracyDegrees.map { $0 * $0 } ?? headingVariance
        let k = offset.courseConsidered(headingVariance: prior, noise: varianceDegrees2)
        correctHeading(byDegrees: k * innovation)
        headingVariance *= 1 - min(1, k)
        carriedSeconds *= 1 - min(1, k)
        secondsWithoutHeadingMeasurement = 0
        return innovation
    }

    /// One sample of the offset (course − the field's device heading, °, with its noise in °²): moves the offset
    /// and, through their covariance, the heading.
    @discardableResult
    public mutating func offsetSample(_ degrees: Double, noiseDegrees2: Double) -> MountingOffsetState.Outcome {
        var p = headingVariance
        let result = offset.sample(degrees, noise: noiseDegrees2, headingVariance: &p)
        if headingVariance.isFinite {
            headingVariance = p
            correctHeading(byDegrees: result.headingCorrection)
        }
        return result.outcome
    }

    /// Sets the offset's starting value (a mount learned on an earlier ride).
    public mutating func startOffset(atDegrees degrees: Double?) {
        offset = MountingOffsetState(parameters: parameters.mountingOffset, initialDegrees: degrees)
    }

    /// The vehicle's heading's variance (°²): the heading's and the offset's, with their covariance.
    public var vehicleHeadingVariance: Double? {
        guard let a = accuracyDegrees else { return nil }
        return max(0, a * a + 2 * offset.headingCovariance + offset.weighingVariance)
    }
}
