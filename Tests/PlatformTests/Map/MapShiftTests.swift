import Platform
import Testing

@testable import Core

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

/// The labels lie on the kept composite and shift with it: a frame must be what drawing the same labels over a
/// whole resample gives, bit for bit, and each label must stay inside the pixels it says it can touch.
@Suite("Map labels shifted by whole pixels")
struct LabelShiftTests {
    static func layer() throws -> OfflineMapLayer {
        try OfflineMap.layer(
            path: MapFixtures.path("helsinki.mbtiles"), style: .day, fonts: try FontSet.load(), waitForTiles: true,
            shaper: try WorldTextShaper())
    }

    /// Riding heading-up with the map turning now and then (so labels are turned, upright and along curves).
    static func camera(_ i: Int, width: Int = 400, height: Int = 240) -> Camera {
        Camera(
            mode: .headingUp,
            center: GeoCoordinate(latitude: 60.1699 + Double(i) * 1.8e-6, longitude: 24.9384 + Double(i) * 2.9e-6),
            zoom: 16.5, mapBearing: Angle(i < 30 ? 37 : 52), width: width, height: height
        ).snappedToScreenPixels()
    }

    @Test("Frames of a ride with labels equal the same frames with the map and labels drawn whole")
    func shiftedLabelsMatchWholeFrames() throws {
        let shifted = try Self.layer()
        let whole = try Self.layer()
        let a = Canvas(width: 400, height: 240)
        let b = Canvas(width: 400, height: 240)
        var redrawn = 0
        var placed = 0
        for i in 0..<60 {
            let before = shifted.redrawnLabels
            shifted.draw(on: a, camera: Self.camera(i), reserved: [])
            // The same history of placements (the placer keeps last frame's labels), nothing kept of the pixels.
            whole.redrawWholeNextFrame()
            whole.draw(on: b, camera: Self.camera(i), reserved: [])
            #expect(shifted.lastLabels == whole.lastLabels, "frame \(i)")
            // The map under them differs by its lattice's rounding (a few 65536ths of a pixel: a unit or two in a
            // channel, as above); a label left behind, drawn twice or missing differs by far more.
            var worst: UInt32 = 0
            for (p, q) in zip(a.frame.pixels, b.frame.pixels) where p != q {
                for s: UInt32 in [0, 8, 16] {
                    let (x, y) = ((p >> s) & 0xff, (q >> s) & 0xff)
                    worst = max(worst, x > y ? x - y : y - x)
                }
            }
            #expect(worst <= 2, "frame \(i): a channel differs by \(worst)")
            if i > 0 && i != 30 {
                redrawn += shifted.redrawnLabels - before
                placed += shifted.lastLabels.count
            }
        }
        #expect(placed > 0)
        // Most labels lie still on the map from one frame to the next; only those at the edges, or changed, are
        // drawn again.
        #expect(redrawn * 2 < placed, "\(redrawn) of \(placed) labels drawn again")
    }

    @Test("Each label draws only inside the pixels its overlay item names")
    func labelsStayInsideTheirBounds() throws {
        let layer = try Self.layer()
        let canvas = Canvas(width: 400, height: 240)
        var checked = 0
        for i in [0, 10, 35] {
            layer.draw(on: canvas, camera: Self.camera(i), reserved: [])
            let typography = layer.labelTypography(for: .assumed(width: 400, height: 240))
            for label in layer.lastLabels {
                let font = typography.fonts.font(label.kind)
                let item = layer.overlayItem(label, font: font, haloPixels: typography.haloPixels)
                let blank = Canvas(width: 400, height: 240, background: Color(r: 1, g: 2, b: 3))
                layer.draw(label, font: font, haloPixels: typography.haloPixels, on: blank)
                for y in 0..<240 {
                    for x in 0..<400 where blank.frame[x, y] != 0x01_0203 {
                        let inside = item.bounds.map {
                            x >= $0.x && x < $0.x + $0.width && y >= $0.y && y < $0.y + $0.height
                        }
                        #expect(
                            inside == true, "\(label.text) drew (\(x), \(y)) outside \(String(describing: item.bounds))"
                        )
                    }
                }
                checked += 1
            }
        }
        #expect(checked > 10)
    }
}
