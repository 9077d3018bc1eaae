/// What the estimator currently knows, for NavState, the HUD and the camera.
public struct HeadingEstimate: Hashable, Sendable {
    /// The heading to draw (true north when declination is known, else magnetic and flagged), or nil for unknown.
    public var heading: Heading?
    public var flags: HeadingFlags = []
    /// Declination in use (degrees east), nil while the position is unknown.
    public var declinationDegrees: Double?
    /// WMM's field at the last refresh.
    public var field: MagneticField?
    /// The filtered compass heading, magnetic, before declination and mounting offset (nil when not trusted).
    public var compassMagnetic: Angle?
    /// The latest GPS course while it is fresh and fast enough to mean something.
    public var course: Angle?
    /// The mounting offset applied to the compass, degrees.
    public var mountingOffsetDegrees: Double?
    /// How much sideways force a turn makes on this vehicle, once learned: about 1 for a car, 0 for a bike.
    public var sidewaysForceGain: Double?
    /// Standstill: the position to hold while it lasts.
    public var standstillAnchor: GeoCoordinate?
    /// When the estimate last changed.
    public var time: Timestamp?

    public init() {}

    /// The heading in the form a compass source reports it (for the HUD, or to record).
    public var report: HeadingReport {
        guard let h = heading else { return HeadingReport(accuracyDegrees: -1) }
        switch h.reference {
        case .trueNorth:
            return HeadingReport(
                magneticDegrees: declinationDegrees.map { h.direction.rotated(by: -$0).degrees },
                trueDegrees: h.direction.degrees,
                accuracyDegrees: h.accuracyDegrees)
        case .magneticNorth:
            return HeadingReport(magneticDegrees: h.direction.degrees, accuracyDegrees: h.accuracyDegrees)
        }
    }
}
