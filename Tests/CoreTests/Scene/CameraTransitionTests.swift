import Core
import Testing

/// Mode and zoom changes ease over `CameraTransition.durationSeconds` of frame time (a manual clock: the frame
/// times are chosen here) instead of jumping ~105 px and 74° between two frames.
@Suite("Camera transitions")
struct CameraTransitionTests {
    static let here = GeoCoordinate(latitude: 60.16952, longitude: 24.94130)

    static func camera(_ mode: OrientationMode, bearing: Double, zoom: Double = 16) -> Camera {
        Camera(mode: mode, center: here, zoom: zoom, mapBearing: Angle(bearing), width: 800, height: 480)
    }

    /// The largest turn (degrees), anchor move (pixels) and zoom change between neighbouring cameras.
    static func largestSteps(_ cameras: [Camera]) -> (degrees: Double, pixels: Double, zoom: Double) {
        var worst = (degrees: 0.0, pixels: 0.0, zoom: 0.0)
        for (a, b) in zip(cameras, cameras.dropFirst()) {
            var d = (b.bearing.degrees - a.bearing.degrees).truncatingRemainder(dividingBy: 360)
            if d > 180 { d -= 360 }
            if d < -180 { d += 360 }
            worst.degrees = max(worst.degrees, abs(d))
            worst.pixels = max(worst.pixels, (b.anchor - a.anchor).length)
            worst.zoom = max(worst.zoom, abs(b.zoom - a.zoom))
        }
        return worst
    }

    @Test func aModeSwitchEasesInsteadOfJumping() {
        var transition = CameraTransition()
        var shown: [Camera] = []
        // 30 frames a second: north-up for a second, then heading-up at 74°.
        for i in 0..<60 {
            let t = Timestamp(seconds: Double(i) / 30)
            let target = i < 30 ? Self.camera(.northUp, bearing: 74) : Self.camera(.headingUp, bearing: 74)
            shown.append(transition.camera(for: target, at: t))
        }
        let steps = Self.largestSteps(shown)
        // 74° and 106 px over 12 frames, eased (the fastest frame moves 1.5 × the mean): ≤ 10° and ≤ 15 px.
        #expect(steps.degrees <= 10, "\(steps)")
        #expect(steps.pixels <= 15, "\(steps)")
        // It does move, and it arrives: 0.4 s after the switch the camera is the target.
        #expect(shown[31].bearing.degrees > 0 && shown[31].bearing.degrees < 74)
        #expect(shown[30 + 12] == Self.camera(.headingUp, bearing: 74))
        #expect(shown[59] == Self.camera(.headingUp, bearing: 74))
        #expect(!transition.isRunning)
    }

    @Test func aZoomChangeEases() {
        var transition = CameraTransition()
        var shown: [Camera] = []
        for i in 0..<40 {
            let target = Self.camera(.headingUp, bearing: 37, zoom: i < 10 ? 15 : 17)
            shown.append(transition.camera(for: target, at: Timestamp(seconds: Double(i) / 30)))
        }
        #expect(Self.largestSteps(shown).zoom <= 0.3, "\(Self.largestSteps(shown))")
        #expect(shown[39].zoom == 17)
    }

    @Test func ordinaryHeadingChangesPassStraightThrough() {
        var transition = CameraTransition()
        for i in 0..<50 {
            // A rider turning 3° a frame: the map follows at once, no easing lag.
            let target = Self.camera(.headingUp, bearing: Double(i) * 3)
            #expect(transition.camera(for: target, at: Timestamp(seconds: Double(i) / 10)) == target)
        }
    }

    @Test func aSwitchTurnsTheShortWayAndFollowsAMovingTarget() {
        var transition = CameraTransition()
        var shown: [Camera] = []
        for i in 0..<40 {
            // North-up, then heading-up at 335° while the heading keeps turning half a degree a frame.
            let target =
                i < 10 ? Self.camera(.northUp, bearing: 0) : Self.camera(.headingUp, bearing: 330 + Double(i) / 2)
            shown.append(transition.camera(for: target, at: Timestamp(seconds: Double(i) / 30)))
        }
        // Through 345°, never the long way round through 180°.
        for c in shown { #expect(c.bearing.degrees <= 1e-9 || c.bearing.degrees >= 300, "\(c.bearing.degrees)") }
        #expect(Self.largestSteps(shown).degrees <= 10)
        #expect(shown[39] == Self.camera(.headingUp, bearing: 349.5))
    }

    @Test func framesFurtherApartThanATransitionShowTheNewFramingAtOnce() {
        // PNG frames every 10 s of a ride (`replay --out --fps 0.1`): each frame's heading is far from the last,
        // and each must show its own framing, not the one before it (the arrow sat 86° off "up" in heading-up).
        var transition = CameraTransition()
        for (i, bearing) in [0.0, 75, 346, 167, 200].enumerated() {
            let target = Self.camera(.headingUp, bearing: bearing)
            #expect(transition.camera(for: target, at: Timestamp(seconds: Double(i) * 10)) == target)
        }
        #expect(!transition.isRunning)
    }

    @Test func oneShotFramesAndTimeGoingBackAreSafe() {
        var transition = CameraTransition()
        let target = Self.camera(.headingUp, bearing: 74)
        #expect(transition.camera(for: target, at: Timestamp(seconds: 5)) == target)
        _ = transition.camera(for: Self.camera(.northUp, bearing: 74), at: Timestamp(seconds: 6))
        // A replay jumping back shows the framing the transition started from, never NaN.
        let back = transition.camera(for: target, at: Timestamp(seconds: 1))
        #expect(back.bearing.degrees.isFinite && back.anchor.x.isFinite && back.anchor.y.isFinite)
    }

    /// Through the pipeline, on GPS fixes with a course: switching north-up to course-up eases on screen.
    @Test func thePipelineEasesAModeSwitch() throws {
        let scene = Scene(width: 800, height: 480, fonts: try FontSet.load())
        let pipeline = NavigationPipeline(scene: scene, orientation: .northUp, zoom: 16, fallbackCenter: Self.here)
        var shown: [Camera] = []
        for i in 0..<90 {
            let t = Timestamp(seconds: Double(i) / 30)
            if i % 30 == 0 {
                pipeline.apply(
                    .gpsFix(
                        GPSFix(
                            time: t, mode: .threeD, coordinate: Self.here, speedMetresPerSecond: 6, courseDegrees: 74,
                            horizontalErrorMetres: 4, courseErrorDegrees: 3)))
            }
            if i == 45 {
                // The rider's orientation key, twice: north-up → heading-up → course-up.
                pipeline.apply(.rideAction(t, .cycleOrientation))
                pipeline.apply(.rideAction(t, .cycleOrientation))
            }
            shown.append(pipeline.nextSceneInput(at: t).camera)
        }
        let first = try #require(shown.first)
        let last = try #require(shown.last)
        // The switch happened: bearing and anchor changed by the full amount, but never in one frame.
        #expect(abs(last.bearing.degrees - 74) < 1e-6 && abs(first.bearing.degrees) < 1e-6)
        #expect((last.anchor - first.anchor).length > 100)
        let steps = Self.largestSteps(shown)
        #expect(steps.degrees <= 10 && steps.pixels <= 15, "\(steps)")
    }
}
