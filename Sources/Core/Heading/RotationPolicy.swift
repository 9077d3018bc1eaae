/// What turns the map right now (the HUD names it).
public enum RotationDriver: String, Hashable, Sendable {
    /// Nothing: north-up.
    case none
    case compass
    case gpsCourse = "gps-course"
    /// Held still (standing still, or the source that drove it is gone).
    case frozen
}

/// The map's orientation for one frame: the camera mode, the bearing up the screen and what drives it.
public struct MapOrientation: Hashable, Sendable {
    /// The camera's mode (north-up keeps the user centred, the others put the user below centre).
    public var mode: OrientationMode
    /// The compass direction pointing up the screen.
    public var bearing: Angle
    public var driver: RotationDriver
}

/// Turns the user's preference and the heading estimate into the map's rotation, which follows its target as
/// `MapRotation` does: still while the heading dithers, prompt in turns (the arrow, drawn at heading − bearing,
/// still follows every sample, so nothing is hidden).
public struct RotationPolicy: Sendable {
    public var preference: OrientationMode
    /// "Lock north-up": overrides the preference (for example while panning, or by user setting).
    public var lockNorthUp: Bool
    /// The map re-rotates only when its target moved further than this, degrees (`MapRotation` says when it does).
    public var deadBandDegrees: Double {
        get { rotation.deadBandDegrees }
        set { rotation.deadBandDegrees = newValue }
    }
    /// Follows the target's bearing: still while it dithers, prompt in turns.
    private var rotation: MapRotation
    /// In auto and heading-up, a compass heading less accurate than this does not rotate the map.
    public var maximumCompassAccuracyDegrees: Double
    public private(set) var orientation = MapOrientation(mode: .northUp, bearing: .north, driver: .none)

    public init(
        preference: OrientationMode = .auto, lockNorthUp: Bool = false, deadBandDegrees: Double = 1.0,
        maximumCompassAccuracyDegrees: Double = 20
    ) {
        self.preference = preference
        self.lockNorthUp = lockNorthUp
        self.rotation = MapRotation(deadBandDegrees: deadBandDegrees)
        self.maximumCompassAccuracyDegrees = maximumCompassAccuracyDegrees
    }

    /// Updates and returns the rotation for an estimate judged on its own (no staleness, no lost compass).
    @discardableResult
    public mutating func update(with estimate: HeadingEstimate) -> MapOrientation {
        update(
            with: HeadingVerdict(
                estimate: estimate, now: nil, compassLost: false,
                maximumMapTurningAccuracyDegrees: maximumCompassAccuracyDegrees))
    }

    /// Updates and returns the rotation for the heading as `verdict` judged it (the one answer the arrow and the
    /// HUD use too).
    @discardableResult
    public mutating func update(with verdict: HeadingVerdict) -> MapOrientation {
        if lockNorthUp || preference == .northUp {
            orientation = MapOrientation(mode: .northUp, bearing: .north, driver: .none)
            return orientation
        }
        let estimate = verdict.estimate
        let h = verdict.heading
        let trustedCompass = h?.source == .compass && verdict.turnsMap
        var target: (mode: OrientationMode, bearing: Angle, driver: RotationDriver)?
        switch preference {
        case .northUp:
            break
        case .headingUp:
            if h != nil, verdict.isHeld {
                target = (.headingUp, orientation.bearing, .frozen)
            } else if let h, h.source == .gpsCourse || trustedCompass {
                target = (.headingUp, h.direction, h.source == .gpsCourse ? .gpsCourse : .compass)
            }
        case .courseUp:
            if let c = estimate.course, h?.source == .gpsCourse {
                target = (.courseUp, c, .gpsCourse)
            } else if orientation.mode == .courseUp {
                target = (.courseUp, orientation.bearing, .frozen)
            }
        case .auto:
            if let h, h.source == .gpsCourse {
                target = (.courseUp, h.direction, .gpsCourse)
            } else if let h, h.source == .frozen {
                target = (
                    orientation.mode == .northUp ? .headingUp : orientation.mode,
                    orientation.mode == .northUp ? h.direction : orientation.bearing, .frozen
                )
            } else if let h, trustedCompass {
                target = (.headingUp, h.direction, .compass)
            }
        }
        guard let target else {
            orientation = MapOrientation(mode: .northUp, bearing: .north, driver: .none)
            return orientation
        }
        // Coming from north-up the map turns at once; otherwise as `MapRotation` follows the target.
        if orientation.mode == .northUp {
            rotation.reset(to: target.bearing)
        } else {
            rotation.follow(target.bearing, at: estimate.time)
        }
        orientation = MapOrientation(mode: target.mode, bearing: rotation.bearing, driver: target.driver)
        return orientation
    }
}
