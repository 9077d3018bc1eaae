/// How the map is turned on screen: what the user asks for and what a frame draws.
///
/// `auto` is only ever asked for: `RotationPolicy` resolves it each frame to one of the other three, so a
/// `MapOrientation` never holds it.
public enum OrientationMode: String, Hashable, Sendable, CaseIterable {
    /// North at the top; the map never rotates.
    case northUp = "north-up"
    /// The compass heading at the top.
    case headingUp = "heading-up"
    /// The GPS course over ground at the top.
    case courseUp = "course-up"
    /// Course-up while GPS course drives the heading, heading-up while a trustworthy compass does, north-up when
    /// neither is known.
    case auto

    /// The upper-case label the HUD shows.
    public var hudLabel: String {
        switch self {
        case .northUp: return "NORTH UP"
        case .headingUp: return "HEADING UP"
        case .courseUp: return "COURSE UP"
        case .auto: return "AUTO"
        }
    }
}
