/// The last frame's labels reused while the map only slides under the screen by whole pixels.
///
/// On a camera snapped to whole pixels (`Camera.snappedToScreenPixels`) most frames show the map of the frame
/// before moved by a pixel or two, at the same rotation and zoom. Placing the labels again for such a frame finds
/// almost always the same names in the same places on the map (the placer keeps last frame's places), yet it was
/// a tenth of the live loop's CPU. So a full placement is kept with what it was made for, and a frame whose map is
/// that one slid by at most `shiftLimitPixels` each way, with the same screen-fixed obstacles, takes its labels
/// moved by the slide. What may differ from a fresh placement, and why it is allowed:
/// - a name coming into view at the screen's edge shows up to `shiftLimitPixels` later, and one leaving may hang
///   over the edge as far (a kept name may already hang over the edge in a fresh placement);
/// - a place freed by a line that moved away (the trail's head follows the rider) is taken up to the next full
///   placement, about a second later;
/// - nothing else: a slid name that would touch the HUD, the marker or the credit (`reserved`, fixed to the
///   screen), or a part of a line labels keep off (the route, the trail) that did not slide with the map, makes
///   the frame place afresh.
struct SlidLabelPlacement {
    /// How far, in whole screen pixels along each axis, the map may slide from the full placement before the
    /// labels are placed again: about a second at 5 m/s at the default zoom, a third of a label's cap height.
    static let shiftLimitPixels = 6.0
    /// How close to a whole pixel the slide must be (the snapped camera's slides are whole pixels up to rounding
    /// in world coordinates of about 1e-6 px).
    static let wholePixelTolerance = 1e-3

    /// What the full placement was made for.
    let camera: Camera
    let candidateTiles: [TileID]
    let physics: ScreenPhysics
    let reserved: [Rect]
    let keepOff: [LabelKeepOutLine]
    /// What it placed, in its camera's screen pixels.
    let labels: [PlacedLabel]
    /// The composite's overlay items of `labels` (`OfflineMapLayer.overlayItem`) and what else they were made
    /// from, once a frame drew them: a slid frame's items are these moved by the slide, since every pixel of a
    /// label's drawing moves with its origin when that moves by whole pixels (its pens are rounded, and its
    /// stamp's place quantised, the same way wherever it is).
    var items: (look: ItemLook, items: [CompositeOverlay.Item])?

    /// What a label's overlay item depends on besides the label: its colours and halo.
    struct ItemLook: Equatable {
        var style: MapStyle
        var haloPixels: Double
    }

    /// The labels for a frame of `camera` with these obstacles, and the whole pixels they slid by, when they are
    /// this placement's slid within the limit; nil when the frame must place its labels afresh.
    func labels(
        camera new: Camera, candidateTiles tiles: [TileID], physics p: ScreenPhysics, reserved r: [Rect],
        keepOff lines: [LabelKeepOutLine]
    ) -> (labels: [PlacedLabel], slide: Point)? {
        guard new.zoom == camera.zoom, new.bearing == camera.bearing, new.width == camera.width,
            new.height == camera.height, new.anchor == camera.anchor, tiles == candidateTiles, p == physics,
            r == reserved, let slide = Self.wholePixelSlide(from: camera, to: new)
        else { return nil }
        let moved = labels.map { $0.moved(by: slide) }
        // A name that slid onto the HUD, the marker or the credit would be drawn under them: place afresh.
        for label in moved {
            for box in label.boxes where r.contains(where: box.intersects) { return nil }
        }
        guard Self.clear(moved, of: lines, keptClearOf: keepOff, slid: slide) else { return nil }
        return (moved, slide)
    }

    /// How far a point fixed on the map moves on screen from `old` to `new` (same zoom, rotation and anchor):
    /// nil unless it is whole pixels, none of them past the limit.
    static func wholePixelSlide(from old: Camera, to new: Camera) -> Point? {
        let onMap = WebMercator.worldPixel(old.center, zoom: old.zoom)
        let d = new.screenPoint(ofWorldPixel: onMap) - old.anchor
        let whole = Point(x: d.x.rounded(), y: d.y.rounded())
        guard abs(d.x - whole.x) <= wholePixelTolerance, abs(d.y - whole.y) <= wholePixelTolerance,
            abs(whole.x) <= shiftLimitPixels, abs(whole.y) <= shiftLimitPixels
        else { return nil }
        return whole
    }

    /// True when no box of `labels` touches a part of `lines` other than what `old` (the lines the full placement
    /// kept clear of) became by sliding with the map: only those parts are tested, since most of a long trail is
    /// the same trail slid. Lines of another number or width are not compared: the frame places afresh.
    static func clear(
        _ labels: [PlacedLabel], of lines: [LabelKeepOutLine], keptClearOf old: [LabelKeepOutLine], slid slide: Point
    ) -> Bool {
        guard lines.count == old.count else { return false }
        for (line, before) in zip(lines, old) {
            guard line.halfWidthPixels == before.halfWidthPixels else { return false }
            let known = Set(segments(of: before.points).map { Segment($0 + slide, $1 + slide) })
            for (a, b) in segments(of: line.points) where !known.contains(Segment(a, b)) {
                let part = LabelKeepOutLine(points: [a, b], halfWidthPixels: line.halfWidthPixels)
                for label in labels where label.boxes.contains(where: part.touches) { return false }
            }
        }
        return true
    }

    /// A line's segments in order; one point is a segment of no length (a dot).
    private static func segments(of points: [Point]) -> [(Point, Point)] {
        points.count == 1 ? [(points[0], points[0])] : Array(zip(points, points.dropFirst()))
    }

    /// A segment's ends to a 64th of a pixel, so the same segment slid by whole pixels is found again despite the
    /// rounding of its projection (a segment missed by rounding is only tested, never skipped).
    private struct Segment: Hashable {
        var x0, y0, x1, y1: Int
        init(_ a: Point, _ b: Point) {
            func sixtyFourths(_ v: Double) -> Int { Int(exactly: (v * 64).rounded()) ?? Int.min }
            (x0, y0, x1, y1) = (sixtyFourths(a.x), sixtyFourths(a.y), sixtyFourths(b.x), sixtyFourths(b.y))
        }
    }
}

extension PlacedLabel {
    /// The same label `d` pixels further on screen.
    func moved(by d: Point) -> PlacedLabel {
        var out = self
        out.origin = origin + d
        out.boxes = boxes.map { Rect(x: $0.x + d.x, y: $0.y + d.y, width: $0.width, height: $0.height) }
        out.glyphs = glyphs.map { LabelGlyph(index: $0.index, pen: $0.pen + d, rotationDegrees: $0.rotationDegrees) }
        return out
    }
}
