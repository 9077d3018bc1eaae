/// A straight label's halo and text drawn once, upright, into two coverage planes, so a label turned with the map
/// is one bilinear blit a frame instead of a turned blit per glyph and per halo.
///
/// The planes hold the union of the glyphs' masks as successive blends would leave it (`a + b − a·b`), so drawing
/// the image gives what drawing every halo and then every glyph gives, to within rounding. Glyphs sit at whole
/// pixels along the run, as upright text does; the image itself lands anywhere, sub-pixel, turned or not.
public struct LabelImage: Sendable, Equatable {
    /// Columns and rows, including a one-pixel empty border (bilinear samples need no edge tests).
    public let width: Int
    public let height: Int
    /// Pixels from the run's origin (on its baseline) to column 0, positive to the right.
    public let left: Int
    /// Pixels from the baseline up to row 0.
    public let top: Int
    /// Halo and text coverage of each pixel, interleaved: `[halo, text]` per pixel, row-major.
    public let coverage: [UInt8]

    /// The halo and text of `run`, each glyph at its pen to a fraction of a pixel (its mask shifted bilinearly
    /// by the pen's fraction, once, when the image is made), as a glyph-by-glyph turned drawing places it.
    public init(_ run: GlyphRun) {
        var x0 = Int.max
        var y0 = Int.max
        var x1 = Int.min
        var y1 = Int.min
        var placed: [(x: Int, y: Int, fx: Double, fy: Double, glyph: PositionedGlyph)] = []
        placed.reserveCapacity(run.glyphs.count)
        for g in run.glyphs {
            // Pens come from the shaper and are small; one that is not a number is left out, never a trap.
            guard let px = Int(checkedRounding: g.x.rounded(.down)), let py = Int(checkedRounding: g.y.rounded(.down))
            else { continue }
            placed.append((px, py, g.x - Double(px), g.y - Double(py), g))
            // A shifted mask reaches one pixel further right and down.
            for mask in [g.bitmap, g.halo ?? .empty] where !mask.isEmpty {
                x0 = min(x0, px + mask.left)
                y0 = min(y0, py - mask.top)
                x1 = max(x1, px + mask.left + mask.width + 1)
                y1 = max(y1, py - mask.top + mask.height + 1)
            }
        }
        guard x0 < x1, y0 < y1 else {
            self.init(width: 0, height: 0, left: 0, top: 0, coverage: [])
            return
        }
        let w = x1 - x0 + 2
        let h = y1 - y0 + 2
        var planes = [UInt8](repeating: 0, count: w * h * 2)
        func add(_ mask: GlyphBitmap, _ p: (x: Int, y: Int, fx: Double, fy: Double, glyph: PositionedGlyph), plane: Int)
        {
            let ox = p.x + mask.left - x0 + 1
            let oy = p.y - mask.top - y0 + 1
            // Pixel (dx, dy) of the shifted mask mixes mask pixels (dx − 1 ... dx, dy − 1 ... dy).
            let (wx, wy) = (p.fx, p.fy)
            for dy in 0...mask.height {
                for dx in 0...mask.width {
                    let c00 = Double(mask.coverage(x: dx - 1, y: dy - 1))
                    let c10 = Double(mask.coverage(x: dx, y: dy - 1))
                    let c01 = Double(mask.coverage(x: dx - 1, y: dy))
                    let c11 = Double(mask.coverage(x: dx, y: dy))
                    let top = c00 * wx + c10 * (1 - wx)
                    let bottom = c01 * wx + c11 * (1 - wx)
                    let b = Int((top * wy + bottom * (1 - wy)).rounded())
                    guard b > 0 else { continue }
                    let i = ((oy + dy) * w + ox + dx) * 2 + plane
                    let a = Int(planes[i])
                    planes[i] = UInt8(min(255, a + b - (a * b + 127) / 255))
                }
            }
        }
        for p in placed {
            if let halo = p.glyph.halo { add(halo, p, plane: 0) }
            add(p.glyph.bitmap, p, plane: 1)
        }
        self.init(width: w, height: h, left: x0 - 1, top: -(y0 - 1), coverage: planes)
    }

    init(width: Int, height: Int, left: Int, top: Int, coverage: [UInt8]) {
        self.width = width
        self.height = height
        self.left = left
        self.top = top
        self.coverage = coverage
    }

    public var isEmpty: Bool { width < 3 || height < 3 }

    /// Bytes this image holds, for the cache's budget.
    public var byteCount: Int { coverage.count + MemoryLayout<LabelImage>.stride }
}

/// The label images of recent frames, by font and text, bounded by count and bytes: the same few dozen names are
/// drawn frame after frame while the map turns under them.
public final class LabelImageCache {
    private var entries: LRUCache<String, LabelImage>
    /// Images made since this cache was created (a miss each), and images found.
    public private(set) var made = 0
    public private(set) var hits = 0

    /// At most `capacity` images and `maxBytes` bytes (the newest image is kept even when it alone is larger).
    public init(capacity: Int = 160, maxBytes: Int = 1 << 20) {
        entries = LRUCache(capacity: capacity, maxCost: maxBytes)
    }

    public var count: Int { entries.count }
    public var byteCount: Int { entries.totalCost }

    /// What names the image of `text` in `font`, here and in the turned stamps made from it (`TurnedLabelCache`).
    static func name(of text: String, in font: LabelFont) -> String { "\(font.cacheKey)|\(text)" }

    /// The image of `text` in `font`, made on first use; nil for the outline font (it has no glyph masks).
    public func image(_ text: String, font: LabelFont) -> LabelImage? {
        guard let shaped = font.shaped else { return nil }
        let key = Self.name(of: text, in: font)
        if let hit = entries.get(key) {
            hits += 1
            return hit
        }
        let image = LabelImage(shaped.run(text))
        made += 1
        entries.set(key, image, cost: image.byteCount)
        return image
    }
}
