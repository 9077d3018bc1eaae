import Testing

@testable import Core

/// The mosaic draws only the cells that changed; whatever the sequence of grids, its image must equal a mosaic
/// built from nothing for the last one.
struct TileMosaicTests {
    private static let t = 16

    /// A bitmap whose every pixel says which tile it is and where in it.
    private static func bitmap(_ x: Int, _ y: Int) -> TileBitmap {
        var pixels: [UInt32] = []
        for py in 0..<t {
            for px in 0..<t { pixels.append(UInt32((x & 0xff) << 16 | (y & 0xff) << 8 | (py * t + px) & 0xff)) }
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

    private static func fresh(_ xs: ClosedRange<Int>, _ ys: ClosedRange<Int>, _ cells: [TileCompositor.Cell?])
        -> FrameBuffer
    {
        let m = TileMosaic()
        m.update(
            xs: xs, ys: ys, zoom: 5, tileSize: t, cells: cells, placeholder: 0x00aa_aaaa, placeholderLine: 0x0055_5555)
        return m.image
    }

    /// The top-left part of `image` the size of `like`: the visible grid (the image may be larger, never smaller).
    private static func visible(_ image: FrameBuffer, _ like: FrameBuffer) -> [UInt32] {
        guard image.width >= like.width, image.height >= like.height else { return [] }
        return (0..<like.height).flatMap { y in (0..<like.width).map { x in image[x, y] } }
    }

    @Test func incrementalUpdatesMatchAMosaicBuiltFromNothing() {
        var bitmaps: [TileID: TileBitmap] = [:]
        let m = TileMosaic()
        let steps: [(xs: ClosedRange<Int>, ys: ClosedRange<Int>, missing: Set<TileID>, parent: Set<TileID>)] = [
            (3...6, 2...4, [TileID(z: 5, x: 4, y: 3)], [TileID(z: 5, x: 5, y: 3)]),
            (3...6, 2...4, [], [TileID(z: 5, x: 5, y: 3)]),  // a tile landed
            (4...7, 2...4, [], []),  // moved one column right, the parent replaced
            (3...6, 3...5, [TileID(z: 5, x: 6, y: 5)], []),  // one left and one down
            (1...4, 1...3, [], []),  // two up-left: only one column and row stay
            (10...13, 1...3, [], []),  // jumped: nothing stays
            (10...14, 0...3, [], [TileID(z: 5, x: 14, y: 0)]),  // the grid grew
            (11...13, 1...2, [], []),  // and shrank
        ]
        for s in steps {
            let cells = Self.cells(xs: s.xs, ys: s.ys, bitmaps: &bitmaps, missing: s.missing, parent: s.parent)
            m.update(
                xs: s.xs, ys: s.ys, zoom: 5, tileSize: Self.t, cells: cells, placeholder: 0x00aa_aaaa,
                placeholderLine: 0x0055_5555)
            let expected = Self.fresh(s.xs, s.ys, cells)
            #expect(Self.visible(m.image, expected) == expected.pixels, "after the grid \(s.xs) × \(s.ys)")
        }
    }

    @Test func aTileLandingRedrawsOnlyItsCellAndAShiftOnlyTheNewColumn() {
        var bitmaps: [TileID: TileBitmap] = [:]
        let m = TileMosaic()
        let gap = TileID(z: 5, x: 4, y: 3)
        func step(_ xs: ClosedRange<Int>, _ missing: Set<TileID>) {
            let cells = Self.cells(xs: xs, ys: 2...4, bitmaps: &bitmaps, missing: missing)
            m.update(
                xs: xs, ys: 2...4, zoom: 5, tileSize: Self.t, cells: cells, placeholder: 0x00aa_aaaa,
                placeholderLine: 0x0055_5555)
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
}
