/// Picks the map zoom from the speed, so the screen shows about the next `lookAheadSeconds` of travel between
/// the arrow and the top edge.
///
/// The goal moves only when the speed asks for more than `hysteresisLevels` of change (a speed wavering around
/// one value does not breathe the map), the zoom follows the goal at most `maxLevelsPerSecond`, always within
/// the map's zoom range, and a zoom the rider chose holds for `manualHoldSeconds` before the automatic one
/// takes over again, smoothly from where the rider left it.
public struct AutoZoom: Hashable, Sendable {
    public struct Configuration: Hashable, Sendable {
        /// Seconds of travel to show ahead (the issue asks for 30–60).
        public var lookAheadSeconds = 45.0
        /// The distance ahead shown even when standing or crawling, in metres.
        public var minimumAheadMetres = 150.0
        /// The zoom range the map holds (fractional zoom levels).
        public var minZoom = 10.0
        public var maxZoom = 17.0
        /// Changes of the goal smaller than this (in zoom levels) are ignored.
        public var hysteresisLevels = 0.3
        /// The fastest the zoom changes, in zoom levels per second.
        public var maxLevelsPerSecond = 0.5
        /// How long a manual zoom suspends the automatic one, in seconds.
        public var manualHoldSeconds = 30.0
        public init() {}
    }

    public var configuration: Configuration
    /// The zoom to draw now.
    public private(set) var zoom: Double
    /// Where the zoom is heading.
    public private(set) var goal: Double
    private var manualUntil: Timestamp?
    private var lastTime: Timestamp?

    public init(configuration: Configuration = Configuration(), initialZoom: Double = 16) {
        self.configuration = configuration
        let z = min(max(initialZoom, configuration.minZoom), configuration.maxZoom)
        self.zoom = z
        self.goal = z
    }

    /// True while a manual zoom holds.
    public func isSuspended(at time: Timestamp) -> Bool { manualUntil.map { time < $0 } ?? false }

    /// The zoom at which `aheadPixels` of screen show `speed · lookAheadSeconds` metres at `latitude`.
    public func targetZoom(speedMetresPerSecond speed: Double, latitude: Double, aheadPixels: Double) -> Double {
        let c = configuration
        let ahead = max(c.minimumAheadMetres, (speed.isFinite ? max(speed, 0) : 0) * c.lookAheadSeconds)
        let metresPerPixel = ahead / max(aheadPixels, 1)
        let lat = latitude.isFinite ? min(max(latitude, -85), 85) : 0
        let equatorMetresPerPixelAtZoom0 = 2 * .pi * WebMercator.earthRadius * cos(lat * .pi / 180) / 256
        let z = log2(equatorMetresPerPixelAtZoom0 / metresPerPixel)
        return min(max(z, c.minZoom), c.maxZoom)
    }

    /// Takes one speed (nil when unknown: the goal stays) and advances the zoom to `time`.
    ///
    /// - Parameter aheadPixels: the screen distance from the arrow to the top edge (it differs by mode and panel).
    @discardableResult
    public mutating func update(
        speedMetresPerSecond speed: Double?, latitude: Double, aheadPixels: Double, time: Timestamp
    ) -> Double {
        let dt = lastTime.map { max(0, time.seconds(since: $0)) } ?? 0
        lastTime = time
        if let until = manualUntil, time >= until { manualUntil = nil }
        if manualUntil == nil, let speed, speed.isFinite {
            let target = targetZoom(speedMetresPerSecond: speed, latitude: latitude, aheadPixels: aheadPixels)
            if abs(target - goal) > configuration.hysteresisLevels { goal = target }
        }
        let step = configuration.maxLevelsPerSecond * dt
        zoom += min(max(goal - zoom, -step), step)
        return zoom
    }

    /// The rider zoomed: jump there (within the map's range) and hold it for `manualHoldSeconds`.
    public mutating func manualZoom(to level: Double, time: Timestamp) {
        guard level.isFinite else { return }
        let z = min(max(level, configuration.minZoom), configuration.maxZoom)
        zoom = z
        goal = z
        manualUntil = time.adding(seconds: configuration.manualHoldSeconds)
        lastTime = time
    }
}
