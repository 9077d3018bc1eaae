import Core
import Platform
import Testing

/// A map layer drawing a ride frame after frame shifts its last composite when the snapped camera only moved;
/// each such frame must look like the same frame drawn by a layer that never saw the ones before.
@Suite("Map frames shifted by whole pixels")
struct MapShiftTests {
    /// The bundled map's centre, riding north-east at about 5 m/s at 20 frames a second, heading-up at 37°.
    static func camera(_ i: Int) -> Camera {
        Camera(
            mode: .headingUp,
            center: GeoCoordinate(latitude: 60.1699 + Double(i) * 1.8e-6, longitude: 24.9384 + Double(i) * 2.9e-6),
            zoom: 16.5, mapBearing: Angle(37), width: 400, height: 240
        ).snappedToScreenPixels()
    }

    /// The bundled map without its labels: the placer keeps labels it placed before (so that they do not flicker),
    /// so a layer that saw earlier frames may rightly set them otherwise than a fresh one.
    static func layer() throws -> OfflineMapLayer {
        let layer = try OfflineMap.layer(
            path: MapFixtures.path("helsinki.mbtiles"), style: .day, fonts: try FontSet.load(), waitForTiles: true)
        layer.drawsLabels = false
        return layer
    }

    @Test("Frames of a ride drawn in turn match the same frames drawn afresh, and most pixels are shifted")
    func shiftedFramesMatchFreshOnes() throws {
        let riding = try Self.layer()
        let canvas = Canvas(width: 400, height: 240)
        var resampled = 0
        for i in 0..<41 {
            let before = riding.resampledPixels
            riding.draw(on: canvas, camera: Self.camera(i), reserved: [])
            resampled += i == 0 ? 0 : riding.resampledPixels - before
            guard i % 20 == 0 else { continue }
            let fresh = Canvas(width: 400, height: 240)
            try Self.layer().draw(on: fresh, camera: Self.camera(i), reserved: [])
            // The shifted lattice and a fresh one differ by rounding (a few 65536ths of a pixel), never by a place.
            var worst: UInt32 = 0
            var off = 0
            for (p, q) in zip(canvas.frame.pixels, fresh.frame.pixels) where p != q {
                off += 1
                for s: UInt32 in [0, 8, 16] {
                    let (a, b) = ((p >> s) & 0xff, (q >> s) & 0xff)
                    worst = max(worst, a > b ? a - b : b - a)
                }
            }
            #expect(worst <= 2, "frame \(i): a channel differs by \(worst)")
            #expect(off < 400 * 240 / 100, "frame \(i): \(off) pixels differ")
        }
        // 40 frames moved by a few tenths of a pixel each: a row or column now and then, not whole frames.
        #expect(resampled < 40 * 400 * 240 / 10, "\(resampled) pixels resampled")
    }
}
