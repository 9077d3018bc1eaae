/// How the heading moves between two GPS fixes while the course drives it.
public enum CourseInterpolation: String, Hashable, Sendable {
    /// By the turn the compass saw since the fix (falls back to `courseRate` while the compass is not trusted).
    case compassTurn
    /// At the turn rate of the last two fixes, for up to 1.5 s.
    case courseRate
    /// Not at all: the last course is held.
    case hold
}
