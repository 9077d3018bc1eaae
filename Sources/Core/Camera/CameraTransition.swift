/// Eases the camera when its framing jumps (the orientation mode or the zoom changes): the map's rotation, its
/// zoom and where the user sits on screen move to the new framing over `durationSeconds` instead of in one frame.
///
/// Driven by frame times, never a clock (Core reads none): a replay eases the same at any speed. Ordinary
/// motion (the map following a few degrees of heading, the user moving) passes straight through; only a step
/// larger than the thresholds starts a transition. While one runs, it eases from the framing shown when it
/// started towards the *current* target, so a heading that keeps changing during a mode switch is followed.
public struct CameraTransition: Sendable {
    /// How long a transition takes (a few hundred milliseconds: long enough to follow, short enough not to lag).
    public static let durationSeconds = 0.4
    /// Steps larger than these between one frame's target and the last start a transition.
    public static let bearingStepDegrees = 15.0
    public static let anchorStepPixels = 2.0
    /// A zoom key is a whole level; auto-zoom moves at most 0.5 levels a second (0.25 a frame even at the parked
    /// 2 fps) and a pinch follows the fingers, so those pass straight through rather than lag behind an easing.
    public static let zoomStep = 0.3

    /// The framing a transition starts from, when it started, and which of its parts jumped: only those ease,
    /// the others follow the target (auto-zoom keeps its own rate limit while a mode switch eases the turn).
    private var from: Framing?
    private var start: Timestamp?
    private var easing = Framing.Parts()
    /// Last frame's target, what was shown, and when.
    private var lastTarget: Framing?
    private var lastShown: Framing?
    private var lastTime: Timestamp?

    public init() {}

    /// True while a transition is under way (the loop should keep drawing frames).
    public var isRunning: Bool { start != nil }

    /// The camera to show at `time` for the framing `target` the pipeline wants now.
    public mutating func camera(for target: Camera, at time: Timestamp) -> Camera {
        let wanted = Framing(target)
        let previousTime = lastTime
        defer {
            lastTarget = wanted
            lastTime = time
        }
        // Frames further apart than a transition (PNG frames at 2 fps or fewer, a replay's sparse frames) could
        // show no step of it: the new framing is shown at once rather than the old one frame after frame.
        if let previousTime, time.seconds - previousTime.seconds >= Self.durationSeconds {
            from = nil
            start = nil
            lastShown = wanted
            return target
        }
        if let last = lastTarget, let shown = lastShown, case let jumped = wanted.jumps(from: last), jumped.any {
            // Ease from what is on screen now (mid-transition too), not from the last target.
            easing = start == nil ? jumped : easing.union(jumped)
            from = shown
            start = time
        }
        guard let from, let start else {
            lastShown = wanted
            return target
        }
        let t = (time.seconds - start.seconds) / Self.durationSeconds
        guard t.isFinite, t < 1 else {
            self.from = nil
            self.start = nil
            lastShown = wanted
            return target
        }
        // A frame time before the start (a replay jumping back) shows the start.
        let eased = Self.smoothstep(max(0, t))
        var shown = Framing.between(from, wanted, eased)
        if !easing.zoom { shown.zoom = wanted.zoom }
        if !easing.bearing { shown.bearingDegrees = wanted.bearingDegrees }
        if !easing.anchor { shown.anchor = wanted.anchor }
        lastShown = shown
        var camera = target
        camera.zoom = shown.zoom
        camera.bearing = Angle(shown.bearingDegrees)
        camera.anchor = shown.anchor
        return camera
    }

    /// 3t² − 2t³: starts and ends at rest, fastest in the middle (1.5 × the mean speed).
    static func smoothstep(_ t: Double) -> Double {
        let c = min(max(t, 0), 1)
        return c * c * (3 - 2 * c)
    }
}

/// The parts of a camera a transition eases.
private struct Framing: Sendable {
    var zoom: Double
    var bearingDegrees: Double
    var anchor: Point

    init(zoom: Double, bearingDegrees: Double, anchor: Point) {
        self.zoom = zoom
        self.bearingDegrees = bearingDegrees
        self.anchor = anchor
    }

    init(_ c: Camera) { self.init(zoom: c.zoom, bearingDegrees: c.bearing.degrees, anchor: c.anchor) }

    /// The signed shortest turn from `a` to `b` in degrees (−180...180).
    static func turn(from a: Double, to b: Double) -> Double {
        var d = (b - a).truncatingRemainder(dividingBy: 360)
        if d > 180 { d -= 360 }
        if d < -180 { d += 360 }
        return d
    }

    /// Which parts of a framing a transition eases.
    struct Parts: Sendable {
        var zoom = false
        var bearing = false
        var anchor = false
        var any: Bool { zoom || bearing || anchor }
        func union(_ o: Parts) -> Parts {
            Parts(zoom: zoom || o.zoom, bearing: bearing || o.bearing, anchor: anchor || o.anchor)
        }
    }

    /// The parts that stepped further than ordinary motion since `last`.
    func jumps(from last: Framing) -> Parts {
        Parts(
            zoom: abs(zoom - last.zoom) > CameraTransition.zoomStep,
            bearing: abs(Self.turn(from: last.bearingDegrees, to: bearingDegrees))
                > CameraTransition.bearingStepDegrees,
            anchor: (anchor - last.anchor).length > CameraTransition.anchorStepPixels)
    }

    /// `a` moved the fraction `k` of the way to `b`, turning the short way round.
    static func between(_ a: Framing, _ b: Framing, _ k: Double) -> Framing {
        var bearing = a.bearingDegrees + turn(from: a.bearingDegrees, to: b.bearingDegrees) * k
        bearing = bearing.truncatingRemainder(dividingBy: 360)
        if bearing < 0 { bearing += 360 }
        return Framing(
            zoom: a.zoom + (b.zoom - a.zoom) * k, bearingDegrees: bearing, anchor: a.anchor + (b.anchor - a.anchor) * k)
    }
}
