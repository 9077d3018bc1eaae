/// How the map is turned on screen.
public enum OrientationMode: String, Hashable, Sendable, CaseIterable {
    /// North at the top; the map never rotates.
    case northUp = "north-up"
    /// The compass heading at the top.
    case headingUp = "heading-up"
    /// The GPS course over ground at the top.
    case courseUp = "course-up"

    /// The upper-case label the HUD shows.
    public var hudLabel: String {
        switch self {
        case .northUp: return "NORTH UP"
        case .headingUp: return "HEADING UP"
        case .courseUp: return "COURSE UP"
        }
    }
}
