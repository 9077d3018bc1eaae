/// The map's rotation as it follows a heading or course: it turns only when the target has moved more than a
/// small dead band away, so the map is steady while the arrow follows every sample.
public struct MapRotation: Hashable, Sendable {
    /// A popular phone navigator re-rotates only past 1°.
    public var deadBandDegrees: Double
    public private(set) var bearing: Angle

    public init(deadBandDegrees: Double = 1.0, bearing: Angle = .north) {
        self.deadBandDegrees = deadBandDegrees
        self.bearing = bearing
    }

    /// Moves towards `target` if it is outside the dead band; a nil target (no heading) keeps the last bearing.
    public mutating func follow(_ target: Angle?) {
        guard let target else { return }
        if abs(bearing.signedDifference(to: target)) > deadBandDegrees { bearing = target }
    }
}
