/// Whether the display draws its day or its night style.
public enum Lighting: String, Hashable, Sendable, CaseIterable {
    case day, night
}

/// What the rider asked for: follow the sun, or hold day or night.
public enum LightingMode: String, Hashable, Sendable, CaseIterable {
    case auto, day, night

    /// The next mode of the day/night/auto key: auto → day → night → auto.
    public var next: LightingMode {
        switch self {
        case .auto: return .day
        case .day: return .night
        case .night: return .auto
        }
    }
}

/// Switches between day and night by the sun's elevation, with hysteresis so dusk does not flicker, and a manual
/// override.
///
/// Navit switches at −5°; civil twilight ends at −6°. With the defaults the display turns to night when the sun
/// sinks below −5.5° and back to day when it climbs above −4.5°: the sun moves about 0.25° a minute at mid
/// latitudes, so the band holds for a few minutes against the noise of a position that wanders.
public struct DayNightSwitch: Hashable, Sendable {
    /// The elevation the switch is centred on, in degrees.
    public var thresholdDegrees: Double
    /// The width of the band between the two switching elevations, in degrees.
    public var hysteresisDegrees: Double
    /// Auto, or a held choice.
    public var mode: LightingMode
    /// What auto mode would show now (kept while the mode is held, so releasing it does not jump).
    public private(set) var automatic: Lighting

    public init(
        thresholdDegrees: Double = -5, hysteresisDegrees: Double = 1, mode: LightingMode = .auto,
        initial: Lighting = .day
    ) {
        self.thresholdDegrees = thresholdDegrees
        self.hysteresisDegrees = max(0, hysteresisDegrees)
        self.mode = mode
        self.automatic = initial
    }

    /// What the display shows: the held choice, or the sun's.
    public var lighting: Lighting {
        switch mode {
        case .auto: return automatic
        case .day: return .day
        case .night: return .night
        }
    }

    /// Feeds one sun elevation in degrees (apparent, refraction included); a non-finite value is ignored.
    /// Returns what the display shows afterwards.
    @discardableResult
    public mutating func update(sunElevationDegrees elevation: Double) -> Lighting {
        guard elevation.isFinite else { return lighting }
        switch automatic {
        case .day where elevation < thresholdDegrees - hysteresisDegrees / 2: automatic = .night
        case .night where elevation > thresholdDegrees + hysteresisDegrees / 2: automatic = .day
        default: break
        }
        return lighting
    }

    /// Feeds the time and the place of a fix: computes the sun's elevation there and then.
    @discardableResult
    public mutating func update(utcSeconds: Double, coordinate: GeoCoordinate, elevationMetres: Double = 0)
        -> Lighting
    {
        let observer = SolarPosition.Observer(coordinate: coordinate, elevationMetres: elevationMetres)
        guard let sun = SolarPosition.at(utcSeconds: utcSeconds, observer: observer) else { return lighting }
        return update(sunElevationDegrees: sun.elevationDegrees)
    }
}
