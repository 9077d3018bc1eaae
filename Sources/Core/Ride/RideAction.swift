/// What a rider can ask for with a key, a button or a touch.
public enum RideAction: Hashable, Sendable, CustomStringConvertible {
    /// North-up → heading-up → course-up → auto → north-up.
    case cycleOrientation
    /// North-up, held until pressed again (the cycle key does nothing meanwhile).
    case lockNorthUp
    case zoomIn
    case zoomOut
    /// Follow the rider again after a pan.
    case recentre
    /// Auto → day → night → auto.
    case cycleLighting
    /// Remember the current position as a waypoint.
    case markPoint
    /// Start or stop writing the ride.
    case toggleRecording
    /// Move the map by a drag, in screen pixels (touch only).
    case pan(dxPixels: Double, dyPixels: Double)
    /// Zoom by a pinch, in zoom levels (positive closer; touch only).
    case zoomBy(levels: Double)

    /// The actions a key can be bound to, by their name in the configuration file.
    public static let bindable: [RideAction] = [
        .cycleOrientation, .lockNorthUp, .zoomIn, .zoomOut, .recentre, .cycleLighting, .markPoint, .toggleRecording,
    ]

    /// The configuration-file name ("zoom-in"); nil for the touch-only actions, which carry amounts.
    public var name: String? {
        switch self {
        case .cycleOrientation: return "cycle-orientation"
        case .lockNorthUp: return "lock-north-up"
        case .zoomIn: return "zoom-in"
        case .zoomOut: return "zoom-out"
        case .recentre: return "recentre"
        case .cycleLighting: return "day-night"
        case .markPoint: return "mark-point"
        case .toggleRecording: return "record"
        case .pan, .zoomBy: return nil
        }
    }

    /// The bindable action called `name`.
    public init?(name: String) {
        guard let a = Self.bindable.first(where: { $0.name == name }) else { return nil }
        self = a
    }

    public var description: String {
        switch self {
        case .pan(let dx, let dy): return "pan(\(formatFixed(dx, digits: 1)), \(formatFixed(dy, digits: 1)))"
        case .zoomBy(let levels): return "zoom-by(\(formatFixed(levels, digits: 2)))"
        default: return name ?? ""
        }
    }
}

extension OrientationMode {
    /// The next mode of the cycle key: north-up → heading-up → course-up → auto → north-up.
    public var nextInCycle: OrientationMode {
        switch self {
        case .northUp: return .headingUp
        case .headingUp: return .courseUp
        case .courseUp: return .auto
        case .auto: return .northUp
        }
    }
}
