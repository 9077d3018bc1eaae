import Testing

@testable import Core

/// The mosaic draws only what changed in a window over the part of the grid a frame samples; whatever the sequence
/// of grids and footprints, the footprint's pixels must equal those of a mosaic built from nothing for the last one.
struct TileMosaicTests {
    private static let t = 16

    /// A bitmap whose every pixel says which tile it is and where in it, in colours RGB565 holds exactly (the
    /// mosaic keeps that), so a tile copied in reads back as drawn.
    private static func bitmap(_ x: Int, _ y: Int) -> TileBitmap {
        var pixels: [UInt32] = []
        for py in 0..<t {
            for px in 0..<t {
                let tile = (x &* 31 &+ y &* 7) & 0xff
                pixels.append(RGB565.expand(UInt16(truncatingIfNeeded: tile << 8 | (py * t + px) & 0xff)))
            }
        }
        return TileBitmap(size: t, pixels: pixels)
    }

    /// The cells for a grid: every tile present except those in `missing`; `parent` tiles show a scaled parent.
    private static func cells(
        xs: ClosedRange<Int>, ys: ClosedRange<Int>, bitmaps: inout [TileID: TileBitmap], missing: Set<TileID> = [],
        parent: Set<TileID> = []
    ) -> [TileCompositor.Cell?] {
        var out: [TileCompositor.Cell?] = []
        for y in ys {
            for x in xs {
                let id = TileID(z: 5, x: x, y: y)
                if missing.contains(id) {
                    out.append(nil)
                    continue
                }
                if parent.contains(id) {
                    let p = TileID(z: 4, x: x >> 1, y: y >> 1)
                    let b = bitmaps[p] ?? bitmap(100 + p.x, 100 + p.y)
                    bitmaps[p] = b
                    out.append(
                        .init(
                            bitmap: b, scale: 0.5, offsetX: Double(x & 1) * Double(t) / 2,
                            offsetY: Double(y & 1) * Double(t) / 2))
                    continue
                }
                let b = bitmaps[id] ?? bitmap(x, y)
                bitmaps[id] = b
                out.append(.init(bitmap: b, scale: 1, offsetX: 0, offsetY: 0))
            }
        }
        return out
    }

    private static func footprint(_ x: ClosedRange<Int>, _ y: ClosedRange<Int>) -> TileMosaic.Footprint {
        .init(
            minX: Double(x.lowerBound), minY: Double(y.lowerBound), maxX: Double(x.upperBound),
            maxY: Double(y.upperBound))
    }

    /// The whole grid's pixels.
    private static func all(_ xs: ClosedRange<Int>, _ ys: ClosedRange<Int>) -> TileMosaic.Footprint {
        footprint(xs.lowerBound * t...(xs.upperBound * t + t - 1), ys.lowerBound * t...(ys.upperBound * t + t - 1))
    }

    private static func update(
        _ m: TileMosaic, _ xs: ClosedRange<Int>, _ ys: ClosedRange<Int>, _ cells: [TileCompositor.Cell?],
        _ footprint: TileMosaic.Footprint
    ) {
        m.update(
            xs: xs, ys: ys, zoom: 5, tileSize: t, cells: cells, placeholder: 0x00aa_aaaa, placeholderLine: 0x0055_5555,
            footprint: footprint)
    }

    /// The footprint's pixels as the mosaic holds them (nil where the window does not hold one).
    private static func sampled(_ m: TileMosaic, _ f: TileMosaic.Footprint) -> [UInt32?] {
        (Int(f.minY)...Int(f.maxY)).flatMap { y in (Int(f.minX)...Int(f.maxX)).map { x in m.pixel(x: x, y: y) } }
    }

    @Test func incrementalUpdatesMatchAMosaicBuiltFromNothing() {
        var bitmaps: [TileID: TileBitmap] = [:]
        let m = TileMosaic()
        typealias Step = (
            xs: ClosedRange<Int>, ys: ClosedRange<Int>, missing: Set<TileID>, parent: Set<TileID>,
            footprint: TileMosaic.Footprint
        )
        let steps: [Step] = [
            (3...6, 2...4, [TileID(z: 5, x: 4, y: 3)], [TileID(z: 5, x: 5, y: 3)], Self.all(3...6, 2...4)),
            (3...6, 2...4, [], [TileID(z: 5, x: 5, y: 3)], Self.all(3...6, 2...4)),  // a tile landed
            (3...6, 2...4, [], [], Self.footprint(60...100, 40...70)),  // the parent replaced, a smaller footprint
            (4...7, 2...4, [], [], Self.footprint(70...120, 45...75)),  // moved within the margin
            (4...7, 2...4, [], [], Self.footprint(105...127, 45...75)),  // out of the window to the right: it moves
            (3...6, 3...5, [TileID(z: 5, x: 6, y: 5)], [], Self.all(3...6, 3...5)),  // left and down, grown
            (1...4, 1...3, [], [], Self.footprint(20...70, 20...60)),  // up-left
            (10...13, 1...3, [], [], Self.all(10...13, 1...3)),  // jumped: nothing stays
            (10...14, 0...3, [], [TileID(z: 5, x: 14, y: 0)], Self.all(10...14, 0...3)),  // the grid grew
            (11...13, 1...2, [], [], Self.footprint(180...200, 20...40)),  // and shrank
        ]
        for s in steps {
            let cells = Self.cells(xs: s.xs, ys: s.ys, bitmaps: &bitmaps, missing: s.missing, parent: s.parent)
            Self.update(m, s.xs, s.ys, cells, s.footprint)
            let fresh = TileMosaic()
            Self.update(fresh, s.xs, s.ys, cells, s.footprint)
            let expected = Self.sampled(fresh, s.footprint)
            #expect(!expected.contains(nil))
            #expect(Self.sampled(m, s.footprint) == expected, "after the grid \(s.xs) × \(s.ys), \(s.footprint)")
        }
    }

    @Test func aTileLandingRedrawsOnlyItsTileAndAMoveOnlyTheNewColumn() {
        var bitmaps: [TileID: TileBitmap] = [:]
        let m = TileMosaic()
        let gap = TileID(z: 5, x: 4, y: 3)
        func step(_ xs: ClosedRange<Int>, _ missing: Set<TileID>) {
            let cells = Self.cells(xs: xs, ys: 2...4, bitmaps: &bitmaps, missing: missing)
            Self.update(m, xs, 2...4, cells, Self.all(xs, 2...4))
        }
        step(3...6, [gap])
        #expect(m.lastCellsDrawn == 12)
        step(3...6, [])
        #expect(m.lastCellsDrawn == 1)
        step(3...6, [])
        #expect(m.lastCellsDrawn == 0)
        step(4...7, [])
        #expect(m.lastCellsDrawn == 3)
    }

    /// Riding across the grid: the window moves every few frames, and tiles land late (missing, or a parent
    /// standing in), in view and out of it. Each frame the mosaic draws must be the one a mosaic that never saw the
    /// frames before draws; the kept frame follows the window's moves, and resamples only where a tile landed in
    /// view. North-up at half a source pixel a screen pixel, every lattice is exact in 16.16 and the frames must
    /// be equal bit for bit; turned by 37°, the lattice kept from an earlier frame differs from a fresh one by its
    /// steps' rounding, a unit or two in a channel.
    @Test(arguments: [(bearing: 0.0, zoom: 2.0), (bearing: 37.0, zoom: 1.0)])
    func framesMatchFreshOnesWhileTheWindowMovesAndTilesLand(_ view: (bearing: Double, zoom: Double)) {
        var bitmaps: [TileID: TileBitmap] = [:]
        let m = TileMosaic()
        let (w, h) = (60, 40)
        // Source pixels (the zoom-5 grid of 16-pixel tiles) a world pixel at the camera's zoom: 1 at zoom 1.
        let k = pow(2, 1 - view.zoom)
        func camera(_ i: Int) -> Camera {
            let world = Point(x: 150 + Double(i) * 2.2, y: 150 + Double(i) * 1.7) * (1 / k)
            return Camera(
                mode: .headingUp, center: WebMercator.coordinate(ofWorldPixel: world, zoom: view.zoom),
                zoom: view.zoom, mapBearing: Angle(view.bearing), width: w, height: h
            ).snappedToScreenPixels()
        }
        // Which tiles have not landed yet at step `i`: a third missing, a third shown by their parent, each for
        // a while of its own.
        func late(_ i: Int, _ xs: ClosedRange<Int>, _ ys: ClosedRange<Int>) -> (Set<TileID>, Set<TileID>) {
            var missing: Set<TileID> = []
            var parent: Set<TileID> = []
            for y in ys {
                for x in xs where i < (x * 7 + y * 3) % 23 + (x + y) % 5 * 9 {
                    let id = TileID(z: 5, x: x, y: y)
                    if (x + y) % 3 == 0 { missing.insert(id) } else if (x + y) % 3 == 1 { parent.insert(id) }
                }
            }
            return (missing, parent)
        }
        var (whole, moves, landed) = (0, 0, 0)
        var lastOrigin = (m.originX, m.originY)
        var lastLate: Set<TileID> = []
        for i in 0..<70 {
            let cam = camera(i)
            let footprint = TileMosaic.footprint(camera: cam, zoom: 5, tileSize: Self.t)
            let xs =
                Int(
                    (footprint.minX / Double(Self.t)).rounded(.down))...Int(
                    (footprint.maxX / Double(Self.t)).rounded(.down))
            let ys =
                Int(
                    (footprint.minY / Double(Self.t)).rounded(.down))...Int(
                    (footprint.maxY / Double(Self.t)).rounded(.down))
            let (missing, parent) = late(i, xs, ys)
            let cells = Self.cells(xs: xs, ys: ys, bitmaps: &bitmaps, missing: missing, parent: parent)
            Self.update(m, xs, ys, cells, footprint)
            var frame = FrameBuffer(width: w, height: h)
            m.draw(into: &frame, camera: cam, zoom: 5, tileSize: Self.t, background: 0x0033_3333)
            let fresh = TileMosaic()
            Self.update(fresh, xs, ys, cells, footprint)
            var expected = FrameBuffer(width: w, height: h)
            fresh.draw(into: &expected, camera: cam, zoom: 5, tileSize: Self.t, background: 0x0033_3333)
            // A tile left stale, or drawn where it is not, differs by far more than the lattice's rounding.
            var (worst, off): (UInt32, Int) = (0, 0)
            for (p, q) in zip(frame.pixels, expected.pixels) where p != q {
                off += 1
                for shift: UInt32 in [0, 8, 16] {
                    let (a, b) = ((p >> shift) & 0xff, (q >> shift) & 0xff)
                    worst = max(worst, a > b ? a - b : b - a)
                }
            }
            if view.bearing == 0 {
                #expect(off == 0, "frame \(i): \(off) pixels differ, by up to \(worst)")
            } else {
                #expect(worst <= 2, "frame \(i): \(off) pixels differ, by up to \(worst)")
            }
            if m.lastResampledPixels == w * h { whole += 1 }
            if (m.originX, m.originY) != lastOrigin { moves += 1 }
            let nowLate = missing.union(parent)
            landed += lastLate.subtracting(nowLate).count
            (lastOrigin, lastLate) = ((m.originX, m.originY), nowLate)
        }
        #expect(moves >= 3, "the window moved \(moves) times")
        #expect(landed >= 10, "\(landed) tiles landed")
        // The first frame; the window's moves and the tiles landing are followed without a whole resample.
        #expect(whole == 1, "\(whole) frames resampled whole")
    }

    @Test func theWindowHoldsTheFootprintAndItsMarginNotTheWholeGrid() {
        var bitmaps: [TileID: TileBitmap] = [:]
        let m = TileMosaic()
        let cells = Self.cells(xs: 0...19, ys: 0...19, bitmaps: &bitmaps)
        Self.update(m, 0...19, 0...19, cells, Self.footprint(100...140, 150...170))
        #expect(m.image.width == 41 + 2 * TileMosaic.margin)
        #expect(m.image.height == 21 + 2 * TileMosaic.margin)
        // Only the tiles reaching into the window are drawn.
        #expect(m.lastCellsDrawn <= 8 * 7)
        #expect(m.pixel(x: 120, y: 160) == bitmaps[TileID(z: 5, x: 7, y: 10)]?.pixels[0 * Self.t + 8])
    }

    @Test(arguments: [1e4, 1e12, Double.infinity, Double.nan])
    func aFootprintFarLargerThanTheGridGetsAWindowTheGridsSize(_ reach: Double) {
        // The whole world at zoom 0 on a huge screen, or a broken camera: the grid bounds the memory.
        var bitmaps: [TileID: TileBitmap] = [:]
        let m = TileMosaic()
        let cells = Self.cells(xs: 0...1, ys: 0...1, bitmaps: &bitmaps)
        Self.update(m, 0...1, 0...1, cells, .init(minX: -reach, minY: -reach, maxX: reach, maxY: reach))
        #expect(m.image.width <= 2 * Self.t + 2 * TileMosaic.margin)
        #expect(m.image.height <= 2 * Self.t + 2 * TileMosaic.margin)
    }
}
