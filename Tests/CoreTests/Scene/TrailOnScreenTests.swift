import Testing

@testable import Core

/// A frame projects its trail once (`TrailLayer.onScreen`) for the labels' keep-out line, the settled layer and
/// the live segment: its settled part must be what projecting the trail less its last point gives.
@Suite("Trail on screen")
struct TrailOnScreenTests {
    @Test("The settled part is the trail less its last point, projected")
    func settledIsTheTrailLessItsLastPoint() {
        let camera = Camera(
            mode: .headingUp, center: GeoCoordinate(latitude: 60.17, longitude: 24.94), zoom: 16.5,
            mapBearing: Angle(37), width: 320, height: 240
        ).snappedToScreenPixels()
        var generator = SystemRandomNumberGenerator()
        var lastDropped = 0
        for _ in 0..<400 {
            // Steps from a tenth of a pixel to a few pixels (about 0.85 m a pixel here), so points closer than a
            // pixel to the one before are left out, the last one among them.
            var trail = [GeoCoordinate(latitude: 60.17, longitude: 24.94)]
            for _ in 0..<Int.random(in: 0...12, using: &generator) {
                let step = Double.random(in: 0.1...4, using: &generator) * 0.85 / 111_000
                let last = trail[trail.count - 1]
                trail.append(
                    GeoCoordinate(
                        latitude: last.latitude + step * Double.random(in: -1...1, using: &generator),
                        longitude: last.longitude + 2 * step * Double.random(in: -1...1, using: &generator)))
            }
            let whole = TrailLayer.onScreen(camera: camera, trail: trail)
            let lessLast = TrailLayer.onScreen(camera: camera, trail: Array(trail.dropLast()))
            if trail.count >= 3 {
                #expect(Array(whole.settled) == lessLast.points, "\(trail.count) points")
                if whole.settledCount == whole.points.count { lastDropped += 1 }
            }
            #expect(whole.points.count <= trail.count)
        }
        // Trails whose last point lay within a pixel of the one before were among them.
        #expect(lastDropped > 10, "\(lastDropped)")
    }
}
