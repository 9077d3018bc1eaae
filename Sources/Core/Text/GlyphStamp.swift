/// Upright shaped text drawn once as the blends it makes on a frame of one size, and replayed frame after frame:
/// the same pixels, bit for bit, as drawing the runs again, without shaping the text or walking every glyph's
/// mask (its empty pixels, its clipping). For text that stays put and rarely changes while the picture under it
/// moves: the map's credit line.
///
/// The pixels under the text change every frame, so what is kept is the blends, not their result: each pixel the
/// text touches keeps its blends in drawing order (opacity and colour), and a replay applies them to whatever the
/// pixel holds then, rounded as `FrameBuffer.draw(_:at:_:halo:rotationDegrees:)` rounds them.
public struct GlyphStamp: Sendable {
    /// One run to stamp: drawn upright with its baseline starting at `origin`, its halos (when `halo` is given
    /// and the run has them) first, then its glyphs.
    public struct Text: Sendable {
        public var run: GlyphRun
        public var origin: Point
        public var color: Color
        public var halo: Color?
        public init(_ run: GlyphRun, at origin: Point, _ color: Color, halo: Color? = nil) {
            self.run = run
            self.origin = origin
            self.color = color
            self.halo = halo
        }
    }

    /// The frame size the blends were recorded for (a replay onto another size draws nothing).
    public let width: Int
    public let height: Int
    /// The colours the blends use (a blend names one by its index).
    private let colors: [Color]
    /// Pixel by pixel: a pixel's index, its number of blends, then the blends (`opacity | colour index << 8`,
    /// opacity 1...255 with the colour's own alpha in it), for each pixel touched in turn.
    private let stream: [UInt32]

    /// The blends `texts` make, in turn, on a `width`×`height` frame.
    public init(width: Int, height: Int, texts: [Text]) {
        self.width = width
        self.height = height
        var colors: [Color] = []
        // In drawing order: pixel index and blend.
        var recorded: [(pixel: Int, blend: UInt32)] = []
        func add(_ mask: GlyphBitmap, pen: Point, _ color: Color) {
            guard !mask.isEmpty, color.a > 0 else { return }
            let slot: Int
            if let known = colors.firstIndex(of: color) {
                slot = known
            } else {
                colors.append(color)
                slot = colors.count - 1
            }
            let alpha = UInt32(color.a)
            FrameBuffer.forEachUprightPixel(of: mask, pen: pen, width: width, height: height) { i, coverage in
                let a = (UInt32(coverage) * alpha + 127) / 255
                if a > 0 { recorded.append((i, a | UInt32(slot) << 8)) }
            }
        }
        for text in texts {
            // The pens the frame's upright drawing takes (cosine 1, sine 0).
            if let halo = text.halo {
                for g in text.run.glyphs {
                    if let mask = g.halo { add(mask, pen: FrameBuffer.pen(of: g, text.origin, 1, 0), halo) }
                }
            }
            for g in text.run.glyphs { add(g.bitmap, pen: FrameBuffer.pen(of: g, text.origin, 1, 0), text.color) }
        }
        self.colors = colors
        stream = Self.pixelByPixel(recorded)
    }

    /// The blends grouped by pixel, drawing order kept within each; blends before an opaque one are dropped (it
    /// replaces the pixel whatever they left).
    private static func pixelByPixel(_ recorded: [(pixel: Int, blend: UInt32)]) -> [UInt32] {
        let order = recorded.indices.sorted { (recorded[$0].pixel, $0) < (recorded[$1].pixel, $1) }
        var out: [UInt32] = []
        out.reserveCapacity(3 * order.count)
        var k = 0
        while k < order.count {
            let pixel = recorded[order[k]].pixel
            var end = k
            while end < order.count, recorded[order[end]].pixel == pixel { end += 1 }
            var start = k
            for j in k..<end where recorded[order[j]].blend & 0xff >= 255 { start = j }
            out.append(UInt32(pixel))
            out.append(UInt32(end - start))
            for j in start..<end { out.append(recorded[order[j]].blend) }
            k = end
        }
        return out
    }

    /// Whether the stamp draws nothing.
    public var isEmpty: Bool { stream.isEmpty }

    /// Bytes the stamp holds.
    public var byteCount: Int { stream.count * 4 + colors.count * MemoryLayout<Color>.stride }

    /// Applies the recorded blends to `frame` (nothing when its size is not the stamp's).
    public func draw(into frame: inout FrameBuffer) {
        guard frame.width == width, frame.height == height, !stream.isEmpty else { return }
        // Each colour as `over` takes it: red and blue in one word, green in another.
        let lanes = colors.map { (rb: UInt32($0.r) << 16 | UInt32($0.b), g: UInt32($0.g)) }
        lanes.withUnsafeBufferPointer { lane in
            stream.withUnsafeBufferPointer { s in
                frame.pixels.withUnsafeMutableBufferPointer { px in
                    var i = 0
                    while i + 1 < s.count {
                        let pixel = Int(s[i])
                        let end = i + 2 + Int(s[i + 1])
                        var d = px[pixel]
                        for j in (i + 2)..<end {
                            let blend = s[j]
                            let c = lane[Int(blend >> 8)]
                            d = FrameBuffer.over(d, c.rb, c.g, blend & 0xff)
                        }
                        px[pixel] = d
                        i = end
                    }
                }
            }
        }
    }
}
