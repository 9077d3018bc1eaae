import Core
import Testing

/// The bundled ride through the pipeline at 20 frames a second of ride time: the map moves a pixel at a time
/// between the 1 Hz fixes instead of a few metres once a second, never jumps at a fix, holds while parked, and the
/// state (what is logged, the trip, the track) keeps the real fixes.
@Suite("Smooth motion between fixes")
struct SmoothMotionTests {
    typealias F = SessionFixtures

    /// What each 20 Hz frame of the ride from `from` to `to` seconds showed: its time, the camera's centre, the
    /// state's real position and speed.
    static func frames(from: Double, to: Double, predicts: Bool = true) throws -> [(
        t: Double, center: GeoCoordinate, real: GeoCoordinate?, speed: Double?, camera: Camera
    )] {
        let ride = try F.bundledRide()
        let pipeline = try F.pipeline()()
        pipeline.predictsPosition = predicts
        let start = ride.events.first!.time.seconds
        var shown: [(t: Double, center: GeoCoordinate, real: GeoCoordinate?, speed: Double?, camera: Camera)] = []
        var next = ride.events.startIndex
        for frame in Int(from * 20)...Int(to * 20) {
            let t = F.at(start + Double(frame) / 20)
            while next < ride.events.endIndex, ride.events[next].time <= t {
                pipeline.apply(ride.events[next])
                next += 1
            }
            let input = pipeline.nextSceneInput(at: t)
            shown.append(
                (
                    Double(frame) / 20, input.camera.center, pipeline.state.position,
                    pipeline.state.speedMetresPerSecond, input.camera
                ))
        }
        return shown
    }

    static func metres(_ a: GeoCoordinate, _ b: GeoCoordinate) -> Double { GreatCircle.distance(from: a, to: b) }

    @Test func whileRidingTheMapMovesAPixelAtATimeAndNeverJumps() throws {
        // 60–95 s: riding north at about 5 m/s, fixes once a second with a few metres of noise.
        let shown = try Self.frames(from: 60, to: 95)
        let steps = zip(shown, shown.dropFirst()).map { Self.metres($0.center, $1.center) }
        // The camera sits on whole screen pixels (0.84 m at zoom 16.5 here): a frame at 6 m/s carries the drawn
        // position 0.3 m, so the map moves by a pixel every two or three frames, and every step between two
        // frames of one rotation is whole pixels along the screen's axes.
        var pixelSteps: [Point] = []
        for (a, b) in zip(shown, shown.dropFirst()) where a.camera.bearing == b.camera.bearing {
            pixelSteps.append(b.camera.screenPoint(of: a.center) - b.camera.anchor)
        }
        let notWhole = pixelSteps.filter { abs($0.x - $0.x.rounded()) > 1e-3 || abs($0.y - $0.y.rounded()) > 1e-3 }
        #expect(notWhole.isEmpty, "\(notWhole.count) steps not whole pixels: \(notWhole.prefix(3))")
        let moving = steps.filter { $0 > 0.01 }.count
        #expect(Double(moving) >= 0.25 * Double(steps.count), "\(moving) of \(steps.count) frames moved")
        // None jumps: the fixes' noise of ~2 m is eased out over half a second (at most 1.5 × 2 m / 0.5 s / 20 =
        // 0.3 m more a frame), and the snap to pixels adds at most one pixel along each axis.
        let largest = pixelSteps.map { max(abs($0.x), abs($0.y)) }.max() ?? 0
        #expect(largest <= 2.001, "largest step between frames \(largest) px")
        // Without the prediction the same frames jump once a second by the whole second's travel.
        let held = try Self.frames(from: 60, to: 95, predicts: false)
        let heldSteps = zip(held, held.dropFirst()).map { Self.metres($0.center, $1.center) }
        #expect((heldSteps.max() ?? 0) > 3, "the fixes alone jump \(heldSteps.max() ?? 0) m")
        #expect(heldSteps.filter { $0 > 0.01 }.count < steps.count / 10)
    }

    @Test func theDrawnPositionStaysCloseToTheRealFixAndTheStateKeepsTheFix() throws {
        let shown = try Self.frames(from: 60, to: 95)
        for f in shown {
            let real = try #require(f.real)
            // At most the horizon's travel ahead plus the noise being eased out.
            #expect(Self.metres(f.center, real) < 6 * PositionPrediction.horizonSeconds + 3, "\(f.t) s")
        }
        // The state's position is the fix itself: it changes only at the fixes (once a second).
        let changes = zip(shown, shown.dropFirst()).filter { $0.real != $1.real }.count
        #expect(changes <= 36, "\(changes) changes of the real position in 35 s")
    }

    @Test func parkedAtTheLightsTheMarkerHolds() throws {
        // 44–51 s: standing at the lights (speed 0, the standstill anchor holds the position).
        let shown = try Self.frames(from: 44, to: 51)
        let centers = Set(shown.map { "\($0.center)" })
        #expect(centers.count == 1, "the parked position moved: \(centers)")
    }

    @Test func parkedTheLoopSkipsFramesAsBefore() throws {
        // The same frame twice while parked is skipped: the prediction adds nothing to draw.
        let ride = try F.bundledRide()
        let pipeline = try F.pipeline()()
        let start = ride.events.first!.time.seconds
        for e in ride.events where e.time.seconds <= start + 46 { pipeline.apply(e) }
        #expect(pipeline.isParked)
        #expect(pipeline.renderFrameIfChanged(at: F.at(start + 46)) != nil)
        #expect(pipeline.renderFrameIfChanged(at: F.at(start + 46.5)) == nil)
        #expect(pipeline.renderFrameIfChanged(at: F.at(start + 46.9)) == nil)
    }
}
