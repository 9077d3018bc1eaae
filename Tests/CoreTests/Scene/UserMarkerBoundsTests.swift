import Testing

@testable import Core

/// The marker's layer is drawn in `UserMarkerLayer.bounds` only (`Scene.prepareMarker`): a pixel the marker
/// touches outside them would be lost. The bounds follow the cone's wedge, not the circle it could sweep.
@Suite("User marker bounds")
struct UserMarkerBoundsTests {
    /// A look at the centre of a 420×420 canvas, as the scene would make it, then set as the test asks.
    static func look(halfDegrees: Int?, accuracy: Int, ring: Int?, stale: Bool) -> UserMarkerLayer.Look {
        let camera = Camera(
            mode: .headingUp, center: GeoCoordinate(latitude: 60.17, longitude: 24.94), zoom: 16.5,
            mapBearing: Angle(0), width: 420, height: 420)
        let input = SceneInput(
            camera: camera, mode: .headingUp,
            heading: Heading(direction: Angle(0), reference: .trueNorth, accuracyDegrees: 5, source: .compass))
        var look = UserMarkerLayer.Look(input, unit: 1)!
        look.at = Point(x: 210.4, y: 209.7)
        look.arrowHalfDegrees = halfDegrees
        look.accuracyDegrees = accuracy
        look.ringRadius = ring
        look.stale = stale
        return look
    }

    @Test("Every pixel the marker draws lies in its bounds", arguments: [1.0, 2.4])
    func everyPixelInsideTheBounds(_ unit: Double) {
        let sentinel: UInt32 = 0x12_3456
        var checked = 0
        var narrowest = Double.infinity
        for halfDegrees in [nil] + Array(stride(from: 0, to: 720, by: 31)) {
            for accuracy in [0, 6, 30, 45, 90, 360] {
                for ring in [nil, 40, 120] {
                    for stale in [false, true] where halfDegrees != nil || accuracy == 0 {
                        let look = Self.look(halfDegrees: halfDegrees, accuracy: accuracy, ring: ring, stale: stale)
                        let canvas = Canvas(width: 420, height: 420)
                        canvas.frame.pixels = [UInt32](repeating: sentinel, count: 420 * 420)
                        UserMarkerLayer().draw(look, on: canvas, theme: .day, unit: unit)
                        let b = UserMarkerLayer.bounds(look, unit: unit)
                        narrowest = min(narrowest, b.width * b.height)
                        for y in 0..<420 {
                            for x in 0..<420 where canvas.frame[x, y] != sentinel {
                                let inside =
                                    Double(x) >= b.x.rounded(.down) && Double(x) < (b.x + b.width).rounded(.up)
                                    && Double(y) >= b.y.rounded(.down) && Double(y) < (b.y + b.height).rounded(.up)
                                if !inside {
                                    Issue.record("(\(x), \(y)) outside \(b) for \(look), unit \(unit)")
                                    return
                                }
                            }
                        }
                        checked += 1
                    }
                }
            }
        }
        #expect(checked > 400)
        // A narrow cone's bounds are a fraction of the square the whole circle of the cone would need.
        let square = 2 * UserMarkerLayer.coneRadius(unit: unit) * 2 * UserMarkerLayer.coneRadius(unit: unit)
        #expect(narrowest < square / 2, "\(narrowest) of \(square)")
    }

    /// The cone is as wide as the HUD's held number (`SceneInput.shownAccuracy`), as the frame's signature takes
    /// it: an accuracy dithering about a half does not widen and narrow the cone from one drawn frame to the next.
    /// Without a held number (a frame drawn outside the pipeline) it is the accuracy itself, and a NaN is the
    /// widest cone.
    @Test("The cone takes the held accuracy")
    func coneTakesTheHeldAccuracy() {
        let camera = Camera(
            mode: .headingUp, center: GeoCoordinate(latitude: 60.17, longitude: 24.94), zoom: 16.5,
            mapBearing: Angle(0), width: 420, height: 420)
        func look(accuracy: Double, shown: Int?) -> UserMarkerLayer.Look {
            var input = SceneInput(
                camera: camera, mode: .headingUp,
                heading: Heading(
                    direction: Angle(10), reference: .trueNorth, accuracyDegrees: accuracy, source: .compass))
            input.shownAccuracy = shown
            return UserMarkerLayer.Look(input, unit: 1)!
        }
        var readout = SteadyReadout()
        let looks = [29.4, 29.6, 29.7, 29.3, 29.5].map { look(accuracy: $0, shown: readout.update($0)) }
        #expect(Set(looks.map(\.accuracyDegrees)) == [29])
        #expect(Set(looks).count == 1)
        #expect(look(accuracy: 29.6, shown: nil).accuracyDegrees == 30)
        #expect(look(accuracy: .nan, shown: nil).accuracyDegrees == 360)
    }

    /// An arrow a tenth of a degree either side of straight up is one look: 359.8° rounds to 720 half degrees,
    /// which drew the same arrow as 0 but was a look of its own, drawn again into the marker's layer, and a
    /// signature of its own, a frame drawn again.
    @Test("An arrow just short of 360° is the look of 0°")
    func arrowJustShortOfAFullTurnIsStraightUp() {
        let camera = Camera(
            mode: .headingUp, center: GeoCoordinate(latitude: 60.17, longitude: 24.94), zoom: 16.5,
            mapBearing: Angle(90), width: 420, height: 420)
        func input(_ heading: Double) -> SceneInput {
            SceneInput(
                camera: camera, mode: .headingUp,
                heading: Heading(direction: Angle(heading), reference: .trueNorth, accuracyDegrees: 5, source: .compass)
            )
        }
        func look(_ heading: Double) -> UserMarkerLayer.Look { UserMarkerLayer.Look(input(heading), unit: 1)! }
        #expect(look(89.8).arrowHalfDegrees == 0)
        #expect(look(89.8) == look(90.1))
        #expect(look(89.6).arrowHalfDegrees == 719)
        // The frame's signature takes the same angle: no frame is drawn for the same arrow.
        #expect(FrameSignature(input(89.8)) == FrameSignature(input(90.1)))
    }
}
