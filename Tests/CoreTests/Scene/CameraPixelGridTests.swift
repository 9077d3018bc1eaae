import Testing

@testable import Core

/// Snapped cameras put the map on whole screen pixels: two of one zoom, bearing and anchor differ by a whole
/// number of pixels along the screen's axes, and no snap moves the map by more than half a pixel each way.
@Suite("Camera on whole screen pixels")
struct CameraPixelGridTests {
    static func camera(_ lat: Double, _ lon: Double, bearing: Double, zoom: Double = 16.5) -> Camera {
        Camera(
            mode: .headingUp, center: GeoCoordinate(latitude: lat, longitude: lon), zoom: zoom,
            mapBearing: Angle(bearing), width: 800, height: 480)
    }

    /// Where `other`'s centre falls on `camera`'s screen, relative to `camera`'s anchor.
    static func offset(_ other: Camera, on camera: Camera) -> Point {
        camera.screenPoint(of: other.center) - camera.anchor
    }

    @Test(
        "Two snapped cameras are whole screen pixels apart, and a snap moves the map by half a pixel at most",
        arguments: [0.0, 37.0, 90.0, 181.3, 299.99])
    func wholePixelsApart(_ bearing: Double) {
        var previous: Camera?
        // A ride north-east in steps of a few tenths of a pixel.
        for i in 0..<40 {
            let c = Self.camera(60.1699 + Double(i) * 1.7e-6, 24.9384 + Double(i) * 2.9e-6, bearing: bearing)
            let s = c.snappedToScreenPixels()
            let moved = Self.offset(s, on: c)
            #expect(abs(moved.x) <= 0.5 + 1e-6 && abs(moved.y) <= 0.5 + 1e-6, "snap moved \(moved)")
            #expect(s.zoom == c.zoom && s.bearing == c.bearing && s.anchor == c.anchor)
            if let previous {
                let d = Self.offset(s, on: previous)
                #expect(abs(d.x - d.x.rounded()) < 1e-4 && abs(d.y - d.y.rounded()) < 1e-4, "\(d) at step \(i)")
            }
            previous = s
        }
    }

    @Test("Snapping a snapped camera leaves it where it is")
    func idempotent() {
        let s = Self.camera(60.17, 24.94, bearing: 33).snappedToScreenPixels()
        let again = s.snappedToScreenPixels()
        let d = Self.offset(again, on: s)
        #expect(abs(d.x) < 1e-4 && abs(d.y) < 1e-4)
    }

    @Test(
        "A centre or zoom that is not finite is kept as it is",
        arguments: [(Double.nan, 24.9, 16.5), (60.1, .infinity, 16.5), (60.1, 24.9, .nan), (60.1, 24.9, 1e300)])
    func notFinite(_ c: (Double, Double, Double)) {
        let camera = Self.camera(c.0, c.1, bearing: 10, zoom: c.2)
        let s = camera.snappedToScreenPixels()
        #expect(s.center.latitude.isNaN == camera.center.latitude.isNaN)
        #expect(s.zoom.isNaN == camera.zoom.isNaN)
    }
}
