/// Turned labels of recent frames, as stamps (`TurnedLabelStamp`) by image, angle and the origin's fraction of a
/// pixel, bounded by count and bytes.
///
/// The angle is kept to a hundredth of a degree and the fraction to a 256th of a pixel (what the sampler's 8-bit
/// weights resolve), so the few billionths of a pixel a label's place differs by between two frames of a camera
/// snapped to whole pixels find the same stamp.
final class TurnedLabelCache {
    struct Key: Hashable {
        var image: String
        var hundredthsOfDegree: Int
        var fractionX: Int
        var fractionY: Int
        /// A name along a curve: each glyph's index, pen from the first glyph's (in 256ths of a pixel) and angle
        /// (in hundredths of a degree); empty for a straight label.
        var glyphs: [Int] = []
    }
    private var entries: LRUCache<Key, TurnedLabelStamp>
    /// Stamps made (a miss each) and found, since the cache was made.
    private(set) var made = 0
    private(set) var hits = 0

    init(capacity: Int = 256, maxBytes: Int = 1 << 19) {
        entries = LRUCache(capacity: capacity, maxCost: maxBytes)
    }

    /// The stamp of `image` (named `name`: its font and text) turned by `rotationDegrees` with its origin at
    /// `origin`, and the whole pixel to blend it at; nil when it covers nothing or a value is not finite.
    func stamp(_ image: LabelImage, named name: String, at origin: Point, rotationDegrees: Double) -> (
        TurnedLabelStamp, (x: Int, y: Int)
    )? {
        guard let (angle, qx, qy) = Self.quantised(origin, rotationDegrees: rotationDegrees) else { return nil }
        // Whole pixel and 256ths past it (an arithmetic shift floors negative places too).
        let pixel = (x: qx >> 8, y: qy >> 8)
        let key = Key(image: name, hundredthsOfDegree: angle, fractionX: qx & 255, fractionY: qy & 255)
        if let hit = entries.get(key) {
            hits += 1
            return hit.runs.isEmpty ? nil : (hit, pixel)
        }
        let fraction = Point(x: Double(key.fractionX) / 256, y: Double(key.fractionY) / 256)
        let made = TurnedLabelStamp.make(image, fraction: fraction, Double(angle) / 100)
        self.made += 1
        entries.set(key, made, cost: made.byteCount)
        return made.runs.isEmpty ? nil : (made, pixel)
    }

    /// A curved name's glyphs as a stamp's key holds them, and where the stamp goes.
    struct CurvedLayout {
        /// For each glyph of the run: its index, its pen from the first glyph's (in 256ths of a pixel) and its
        /// angle (in hundredths of a degree), quantised as `quantised` does.
        var glyphs: [Int]
        /// The first glyph's pen in 256ths of a pixel.
        var x: Int
        var y: Int

        /// Nil when a value is not finite or too large, or no glyph is in the run.
        init?(_ placed: [LabelGlyph], glyphCount: Int) {
            var layout: [Int] = []
            layout.reserveCapacity(placed.count * 4)
            var first: (x: Int, y: Int)?
            for g in placed where g.index >= 0 && g.index < glyphCount {
                guard let (angle, qx, qy) = TurnedLabelCache.quantised(g.pen, rotationDegrees: g.rotationDegrees),
                    abs(qx) < 1 << 40, abs(qy) < 1 << 40
                else { return nil }
                let origin = first ?? (qx, qy)
                first = origin
                layout += [g.index, qx - origin.x, qy - origin.y, angle]
            }
            guard let first else { return nil }
            (glyphs, x, y) = (layout, first.x, first.y)
        }
    }

    /// The stamp of the name of `run` set glyph by glyph (`glyphs`), and the whole pixel to blend it at; nil
    /// when it covers nothing or a value is not finite.
    func curvedStamp(_ run: GlyphRun, named name: String, glyphs: [LabelGlyph]) -> (
        TurnedLabelStamp, (x: Int, y: Int)
    )? {
        guard let place = CurvedLayout(glyphs, glyphCount: run.glyphs.count) else { return nil }
        return curvedStamp(run, named: name, layout: place)
    }

    /// The same, for glyphs already laid out (`CurvedLayout` of the run's glyph count).
    func curvedStamp(_ run: GlyphRun, named name: String, layout place: CurvedLayout) -> (
        TurnedLabelStamp, (x: Int, y: Int)
    )? {
        let pixel = (x: place.x >> 8, y: place.y >> 8)
        let key = Key(
            image: name, hundredthsOfDegree: 0, fractionX: place.x & 255, fractionY: place.y & 255,
            glyphs: place.glyphs)
        if let hit = entries.get(key) {
            hits += 1
            return hit.runs.isEmpty ? nil : (hit, pixel)
        }
        // Every glyph's pen from the origin pixel, rebuilt from the 256ths the key holds.
        var parts: [TurnedLabelStamp.CurvedGlyph] = []
        for k in stride(from: 0, to: place.glyphs.count, by: 4) {
            let glyph = run.glyphs[place.glyphs[k]]
            let pen = Point(
                x: Double(key.fractionX + place.glyphs[k + 1]) / 256,
                y: Double(key.fractionY + place.glyphs[k + 2]) / 256)
            parts.append(
                .init(
                    halo: glyph.halo, bitmap: glyph.bitmap, pen: pen,
                    rotationDegrees: Double(place.glyphs[k + 3]) / 100))
        }
        let made = TurnedLabelStamp.curved(parts)
        self.made += 1
        entries.set(key, made, cost: made.byteCount)
        return made.runs.isEmpty ? nil : (made, pixel)
    }

    /// The angle in hundredths of a degree and the origin in 256ths of a pixel that a stamp is made and placed
    /// by: two labels alike in these draw the same pixels. Nil when a value is not finite or too large.
    static func quantised(_ origin: Point, rotationDegrees: Double) -> (hundredths: Int, x: Int, y: Int)? {
        guard origin.x.isFinite, origin.y.isFinite, rotationDegrees.isFinite,
            let angle = Int(checkedRounding: (rotationDegrees * 100).rounded()),
            let qx = Int(checkedRounding: (origin.x * 256).rounded()),
            let qy = Int(checkedRounding: (origin.y * 256).rounded())
        else { return nil }
        return (angle, qx, qy)
    }
}
