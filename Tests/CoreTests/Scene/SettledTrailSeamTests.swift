import Testing

@testable import Core

/// The settled trail's layer and the live segment meet where the settled stroke's last quad ends
/// (`SettledTrail`): drawn apart, the two translucent strokes blend the seam's edge pixels one after the other
/// instead of as one coverage. Away from the arrow (a fast ride, a slow receiver) that seam shows; here it is held
/// to under a tenth of full scale on a line a pixel wide (16–17 a channel measured), over a dark map and a light
/// one, with the drawn position far from the last fix and within a pixel of it, and after the map has moved.
@Suite("Settled trail seam")
struct SettledTrailSeamTests {
    static let start = GeoCoordinate(latitude: 60.1700, longitude: 24.9400)

    /// A zigzag trail of 12 fixes about 10 m apart heading north-east, and the drawn position `ahead` metres on.
    static func trail(ahead: Double) -> [GeoCoordinate] {
        var points: [GeoCoordinate] = []
        for i in 0..<12 {
            let wiggle = i % 2 == 0 ? 0.00002 : -0.00002
            points.append(
                GeoCoordinate(
                    latitude: start.latitude + Double(i) * 0.00008,
                    longitude: start.longitude + Double(i) * 0.00006 + wiggle))
        }
        let last = points[points.count - 1]
        points.append(
            GeoCoordinate(latitude: last.latitude + ahead * 0.000_007, longitude: last.longitude + ahead * 0.000_005))
        return points
    }

    static func camera(shifted steps: Int) -> Camera {
        var c = Camera(
            center: GeoCoordinate(latitude: 60.1705, longitude: 24.9404), zoom: 16.5, bearing: Angle(20),
            width: 320, height: 240, anchor: Point(x: 160, y: 120))
        c.center.latitude += Double(steps) * 0.000_013
        return c.snappedToScreenPixels()
    }

    /// The largest difference of a channel, and how many pixels differ by more than 2.
    static func difference(_ a: FrameBuffer, _ b: FrameBuffer) -> (largest: Int, over2: Int) {
        var largest = 0
        var over = 0
        for (p, q) in zip(a.pixels, b.pixels) where p != q {
            var worst = 0
            for shift: UInt32 in [0, 8, 16] {
                worst = max(worst, abs(Int((p >> shift) & 0xff) - Int((q >> shift) & 0xff)))
            }
            largest = max(largest, worst)
            if worst > 2 { over += 1 }
        }
        return (largest, over)
    }

    @Test(arguments: [false, true], [12.0, 0.3])
    func theSeamIsAFewLevelsOnAPixelLine(night: Bool, ahead: Double) {
        let look: (theme: SceneTheme, map: UInt32) = night ? (.night, 0x1a1d23) : (.day, 0xe8e4dc)
        let trail = Self.trail(ahead: ahead)
        var settled = SettledTrail()
        let scratch = Canvas(width: 320, height: 240)
        var largest = 0
        var over2 = 0
        // Seven frames: the layer is drawn on the third (after two steady frames) and moved on the four after it.
        for step in 0..<7 {
            let camera = Self.camera(shifted: step)
            let plan = settled.prepare(
                trail: trail, onScreen: TrailLayer.onScreen(camera: camera, trail: trail), camera: camera,
                theme: look.theme, unit: 1, on: scratch)
            let layered = Canvas(width: 320, height: 240)
            layered.frame = FrameBuffer(width: 320, height: 240, fill: look.map)
            let direct = Canvas(width: 320, height: 240)
            direct.frame = FrameBuffer(width: 320, height: 240, fill: look.map)
            TrailLayer().draw(TrailLayer.onScreen(camera: camera, trail: trail), on: direct, theme: look.theme, unit: 1)
            if let plan {
                settled.draw(plan, on: layered, theme: look.theme, unit: 1)
            } else {
                TrailLayer().draw(
                    TrailLayer.onScreen(camera: camera, trail: trail), on: layered, theme: look.theme, unit: 1)
            }
            let d = Self.difference(layered.frame, direct.frame)
            largest = max(largest, d.largest)
            over2 = max(over2, d.over2)
        }
        #expect(settled.reused >= 4, "the layer moved with the map: \(settled.redrawn) drawn, \(settled.reused) moved")
        // With the drawn position within a pixel of the last fix, the end is the settled stroke's half-disc cap
        // against the direct stroke's whole disc: the two circles' chords fall in different places (0.2 px).
        let (most, pixels) = ahead < 1 ? (48, 24) : (24, 12)
        #expect(largest <= most, "largest \(largest)")
        #expect(over2 <= pixels, "pixels over 2: \(over2)")
    }
}
