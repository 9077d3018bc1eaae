/// What the display rides on: it decides whether the GPS course says where the device points.
public enum Vehicle: String, Sendable, Hashable, CaseIterable {
    /// The course over ground is where the vehicle points (up to the learned mounting offset) while moving.
    case car, bike, walk
    /// A boat's bow is not its course over ground (wind, current, leeway): the course never corrects the heading;
    /// it is shown beside it.
    case boat

    /// Whether the GPS course is a measurement of the heading while moving.
    public var courseIsHeading: Bool { self != .boat }
}
