import Testing

@testable import Core

/// What lies on a shifted composite (the map's labels) must come out as drawing every item over a whole resample
/// would give, whatever appears, goes, moves or changes order, while the items that stayed are not drawn again.
@Suite("Composite overlay")
struct CompositeOverlayTests {
    /// A translucent rectangle: a second blend over itself shows, so an item drawn twice or left unerased is seen.
    struct Box {
        var name: String
        var rect: PixelRect
        var color: UInt32
        /// Whether its pixels follow from its place (else it is drawn again every frame).
        var placed = true
    }

    static func blend(_ d: UInt32, _ c: UInt32) -> UInt32 {
        var out: UInt32 = 0
        for s: UInt32 in [0, 8, 16] { out |= ((((d >> s) & 0xff) * 3 + ((c >> s) & 0xff)) / 4) << s }
        return out
    }

    static func draw(_ boxes: [Box], _ indices: [Int], into frame: inout FrameBuffer) {
        for i in indices {
            let r = boxes[i].rect
            let (x0, x1) = (max(0, r.x), min(frame.width, r.x + r.width))
            let (y0, y1) = (max(0, r.y), min(frame.height, r.y + r.height))
            guard x0 < x1, y0 < y1 else { continue }
            for y in y0..<y1 {
                for x in x0..<x1 {
                    frame[x, y] = blend(frame[x, y], boxes[i].color)
                }
            }
        }
    }

    /// A box's name as the number the overlay's identities take: the name's bytes in base 257, one number per
    /// name for names of up to seven bytes (the test's are).
    static func number(_ name: String) -> Int {
        precondition(name.utf8.count <= 7)
        return name.utf8.reduce(0) { $0 * 257 + Int($1) + 1 }
    }

    static func overlay(_ boxes: [Box]) -> CompositeOverlay {
        let items = boxes.map { b in
            CompositeOverlay.Item(
                bounds: b.rect,
                identity: b.placed
                    ? CompositeOverlay.Identity(name: number(b.name), x: b.rect.x * 256, y: b.rect.y * 256) : nil)
        }
        return CompositeOverlay(items: items) { indices, frame in draw(boxes, indices, into: &frame) }
    }

    /// The boxes of step `i` with the frame at `at` whole pixels from the first: most fixed to the map (they move
    /// on screen against the frame), one fixed to the screen, one that comes and goes, one never placed, and two
    /// that overlap and swap their order.
    static func boxes(step i: Int, at: (columns: Int, rows: Int)) -> [Box] {
        func onMap(_ name: String, _ x: Int, _ y: Int, _ w: Int, _ h: Int, _ c: UInt32) -> Box {
            Box(name: name, rect: PixelRect(x: x - at.columns, y: y - at.rows, width: w, height: h), color: c)
        }
        var boxes = [
            onMap("a", 10, 8, 30, 6, 0xff_0000), onMap("b", 50, 30, 20, 12, 0x00_ff00),
            onMap("edge", 90, 50, 25, 20, 0x00_00ff),
            Box(name: "fixed", rect: PixelRect(x: 5, y: 40, width: 18, height: 9), color: 0xff_ff00),
        ]
        if i % 3 != 1 { boxes.append(onMap("blinks", 30, 20, 14, 14, 0xff_00ff)) }
        var loose = onMap("loose", 60, 10, 12, 8, 0x80_8080)
        loose.placed = false
        boxes.append(loose)
        let pair = [onMap("under", 20, 45, 20, 10, 0x10_2030), onMap("over", 30, 48, 20, 10, 0xe0_d0c0)]
        boxes += i >= 5 ? pair.reversed() : pair
        return boxes
    }

    /// How many pixels of `frame` differ from drawing every one of `boxes` over a whole resample of `src`
    /// through `lattice` moved by `at` (the background the tests use).
    static func pixelsOff(
        _ frame: FrameBuffer, _ boxes: [Box], over src: FrameBuffer, lattice: FixedAffineMap,
        at: (columns: Int, rows: Int)
    ) -> Int {
        var expected = ShiftableCompositeTests.wholeResample(
            src, lattice, at: at, width: frame.width, height: frame.height, background: 0x0012_3456)
        draw(boxes, Array(boxes.indices), into: &expected)
        return zip(frame.pixels, expected.pixels).filter { $0 != $1 }.count
    }

    @Test(
        "Items over a shifted composite come out as drawing them all over a whole resample",
        arguments: [(degrees: 37.0, scale: 1.0), (degrees: 0.0, scale: 1.19)])
    func overlayMatchesDrawingEverything(_ c: (degrees: Double, scale: Double)) throws {
        let src = ShiftableCompositeTests.source(260)
        let (w, h) = (97, 61)
        let composite = ShiftableComposite()
        let first = ShiftableCompositeTests.map(degrees: c.degrees, scale: c.scale, columns: 0, rows: 0)
        let lattice = try #require(FixedAffineMap(first))
        let moves = [(0, 0), (1, 0), (0, 1), (-1, 0), (0, 0), (0, -1), (3, -2), (-7, 5), (12, 9), (-20, -11)]
        var at = (columns: 0, rows: 0)
        var frame = FrameBuffer(width: w, height: h)
        for (i, move) in moves.enumerated() {
            at = (at.columns + move.0, at.rows + move.1)
            let map = ShiftableCompositeTests.map(
                degrees: c.degrees, scale: c.scale, columns: at.columns, rows: at.rows)
            let boxes = Self.boxes(step: i, at: at)
            composite.draw(
                src, revision: 1, into: &frame, map: map, filter: .bilinear, background: 0x0012_3456,
                overlay: Self.overlay(boxes))
            let wrong = Self.pixelsOff(frame, boxes, over: src, lattice: lattice, at: at)
            #expect(wrong == 0, "step \(i), moved \(move): \(wrong) pixels differ")
            if i > 0 { #expect(composite.lastRedrawnItems < boxes.count || move == (12, 9), "step \(i)") }
        }
    }

    @Test("A long ride of random moves, past every edge of the kept frame, matches drawing everything afresh")
    func randomWalkMatchesDrawingEverything() throws {
        let src = ShiftableCompositeTests.source(260)
        let (w, h) = (97, 61)
        let composite = ShiftableComposite()
        let first = ShiftableCompositeTests.map(degrees: 23, scale: 1.1, columns: 0, rows: 0)
        let lattice = try #require(FixedAffineMap(first))
        var state: UInt64 = 0x9e37_79b9_7f4a_7c15
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % n
        }
        var at = (columns: 0, rows: 0)
        var frame = FrameBuffer(width: w, height: h)
        for i in 0..<120 {
            // Mostly the small steps of a ride, sometimes a jump of most of the frame.
            // The first frame is where the expected frames' lattice is made.
            let far = next(10) == 0
            let step = far ? (next(181) - 90, next(111) - 55) : (next(7) - 3, next(7) - 3)
            let move = i == 0 ? (0, 0) : step
            at = (at.columns + move.0, at.rows + move.1)
            let map = ShiftableCompositeTests.map(degrees: 23, scale: 1.1, columns: at.columns, rows: at.rows)
            let boxes = Self.boxes(step: i % 9, at: at)
            composite.draw(
                src, revision: 1, into: &frame, map: map, filter: .bilinear, background: 0x0012_3456,
                overlay: Self.overlay(boxes))
            let wrong = Self.pixelsOff(frame, boxes, over: src, lattice: lattice, at: at)
            #expect(wrong == 0, "step \(i), moved \(move): \(wrong) pixels differ")
            // What the destination held before does not matter: the next frame is drawn into scratch.
            frame.clear(to: 0x00ff_00ff)
        }
    }

    @Test("A frame that did not move draws again only what changed and what touches it")
    func stillFrameRedrawsOnlyChanges() {
        let src = ShiftableCompositeTests.source(120)
        let composite = ShiftableComposite()
        let map = ShiftableCompositeTests.map(degrees: 12, scale: 1, columns: 0, rows: 0)
        var frame = FrameBuffer(width: 80, height: 60)
        let a = Box(name: "a", rect: PixelRect(x: 5, y: 5, width: 10, height: 5), color: 0xff_0000)
        let b = Box(name: "b", rect: PixelRect(x: 40, y: 30, width: 10, height: 5), color: 0x00_ff00)
        // c touches b: drawing c again erases part of b, so b is drawn again too.
        let c = Box(name: "c", rect: PixelRect(x: 45, y: 33, width: 10, height: 5), color: 0x00_00ff)
        composite.draw(
            src, revision: 1, into: &frame, map: map, filter: .bilinear, background: 0, overlay: Self.overlay([a, b]))
        composite.draw(
            src, revision: 1, into: &frame, map: map, filter: .bilinear, background: 0, overlay: Self.overlay([a, b]))
        #expect(composite.lastRedrawnItems == 0)
        #expect(composite.lastResampledPixels == 0)
        composite.draw(
            src, revision: 1, into: &frame, map: map, filter: .bilinear, background: 0,
            overlay: Self.overlay([a, b, c]))
        #expect(composite.lastRedrawnItems == 2)
        var expected = FrameBuffer(width: 80, height: 60)
        RotatedBlit.draw(src, into: &expected, map: map, filter: .bilinear, background: 0)
        Self.draw([a, b, c], [0, 1, 2], into: &expected)
        #expect(frame == expected)
        // Gone again: its pixels are the map's once more.
        composite.draw(
            src, revision: 1, into: &frame, map: map, filter: .bilinear, background: 0, overlay: Self.overlay([a]))
        expected = FrameBuffer(width: 80, height: 60)
        RotatedBlit.draw(src, into: &expected, map: map, filter: .bilinear, background: 0)
        Self.draw([a], [0], into: &expected)
        #expect(frame == expected)
    }

    @Test("Items far off the frame, or with no pixels, are harmless")
    func wildItems() throws {
        let src = ShiftableCompositeTests.source(60)
        let composite = ShiftableComposite()
        let map = ShiftableCompositeTests.map(degrees: 0, scale: 1, columns: 0, rows: 0)
        var frame = FrameBuffer(width: 30, height: 20)
        let far = Box(name: "far", rect: PixelRect(x: 1 << 40, y: -(1 << 40), width: 10, height: 10), color: 0xffffff)
        let items = [
            CompositeOverlay.Item(bounds: far.rect, identity: .init(name: Self.number("far"), x: Int.max, y: Int.min)),
            CompositeOverlay.Item(bounds: nil, identity: nil),
        ]
        let overlay = CompositeOverlay(items: items) { _, _ in }
        for moved in 0..<3 {
            let m = ShiftableCompositeTests.map(degrees: 0, scale: 1, columns: moved, rows: 0)
            composite.draw(src, revision: 1, into: &frame, map: m, filter: .bilinear, background: 0, overlay: overlay)
        }
        let expected = ShiftableCompositeTests.wholeResample(
            src, try #require(FixedAffineMap(map)), at: (2, 0), width: 30, height: 20, background: 0)
        #expect(frame == expected)
    }
}
