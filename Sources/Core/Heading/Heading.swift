/// A heading the display can trust: a direction, its reference, an accuracy in degrees and its source.
public struct Heading: Hashable, Sendable {
    public var direction: Angle
    public var reference: NorthReference
    public var accuracyDegrees: Double
    public var source: HeadingSource

    public init(direction: Angle, reference: NorthReference, accuracyDegrees: Double, source: HeadingSource) {
        self.direction = direction
        self.reference = reference
        self.accuracyDegrees = accuracyDegrees
        self.source = source
    }
}
