/// A gesture on the panel, in screen pixels.
public enum TouchGesture: Hashable, Sendable {
    /// One finger down and up quickly without moving.
    case tap(Point)
    /// Two fingers down and up quickly without moving (zooms out, as map apps do).
    case twoFingerTap
    /// One finger moved by this much since the last frame.
    case drag(dx: Double, dy: Double)
    /// The dragging finger lifted.
    case dragEnded
    /// Two fingers spread (> 1) or closed (< 1) by this factor since the last frame.
    case pinch(scale: Double)
}

/// Turns touch frames into taps, drags and pinches.
///
/// A touch is a tap until it moves more than `slopPixels` or lasts longer than `tapSeconds`; then it is a
/// drag. A second finger makes it a pinch, measured by the distance between the first two fingers.
public struct TouchGestures: Sendable {
    public struct Configuration: Hashable, Sendable {
        /// The panel size in pixels the fractions of a touch frame are scaled to.
        public var screenWidth: Double
        public var screenHeight: Double
        /// How far a finger may wander and still tap, in pixels (about 2 mm on a 7" 800×480 panel).
        public var slopPixels = 12.0
        /// The longest touch that still counts as a tap, in seconds (the recorded two-finger tap on a 4.3" panel
        /// in the tests lasts 0.53 s).
        public var tapSeconds = 0.6
        public init(screenWidth: Double, screenHeight: Double) {
            self.screenWidth = screenWidth
            self.screenHeight = screenHeight
        }
    }

    private enum Phase: Sendable {
        case idle
        /// Fingers are down; nothing has been decided yet.
        case pending(start: Timestamp, origin: Point, fingers: Int, spread: Double?)
        case dragging(last: Point)
        case pinching(lastDistance: Double)
        /// The gesture is decided and done; wait for every finger to lift.
        case finished
    }

    public var configuration: Configuration
    private var phase = Phase.idle

    public init(configuration: Configuration) { self.configuration = configuration }

    /// Feeds one frame; returns the gestures it completes or continues.
    public mutating func feed(_ frame: TouchFrame) -> [TouchGesture] {
        let points = frame.contacts.map {
            Point(x: $0.x * configuration.screenWidth, y: $0.y * configuration.screenHeight)
        }
        switch phase {
        case .idle:
            guard let first = points.first else { return [] }
            let spread = points.count >= 2 ? (points[1] - points[0]).length : nil
            phase = .pending(start: frame.time, origin: first, fingers: points.count, spread: spread)
            return []
        case .pending(let start, let origin, let fingers, let spread):
            let held = frame.time.seconds(since: start)
            if points.isEmpty {
                phase = .idle
                guard held <= configuration.tapSeconds else { return [] }
                return fingers >= 2 ? [.twoFingerTap] : [.tap(origin)]
            }
            if points.count >= 2 {
                let distance = (points[1] - points[0]).length
                let slop = configuration.slopPixels
                // Two fingers that stay put may still be a two-finger tap.
                if held <= configuration.tapSeconds, (points[0] - origin).length <= slop,
                    abs(distance - (spread ?? distance)) <= slop
                {
                    phase = .pending(
                        start: start, origin: origin, fingers: max(fingers, points.count), spread: spread ?? distance)
                    return []
                }
                phase = .pinching(lastDistance: distance)
                return []
            }
            if fingers >= 2 {
                // One of two fingers lifted: a two-finger tap if the other follows soon, else nothing.
                if held > configuration.tapSeconds { phase = .finished }
                return []
            }
            let moved = points[0] - origin
            guard moved.length > configuration.slopPixels || held > configuration.tapSeconds else { return [] }
            phase = .dragging(last: points[0])
            return [.drag(dx: moved.x, dy: moved.y)]
        case .dragging(let last):
            guard let p = points.first else {
                phase = .idle
                return [.dragEnded]
            }
            if points.count >= 2 {
                phase = .pinching(lastDistance: (points[1] - points[0]).length)
                return [.dragEnded]
            }
            phase = .dragging(last: p)
            let d = p - last
            return d.x == 0 && d.y == 0 ? [] : [.drag(dx: d.x, dy: d.y)]
        case .pinching(let lastDistance):
            guard points.count >= 2 else {
                phase = points.isEmpty ? .idle : .finished
                return []
            }
            let distance = (points[1] - points[0]).length
            phase = .pinching(lastDistance: distance)
            guard lastDistance > 0, distance > 0, distance != lastDistance else { return [] }
            return [.pinch(scale: distance / lastDistance)]
        case .finished:
            if points.isEmpty { phase = .idle }
            return []
        }
    }
}
