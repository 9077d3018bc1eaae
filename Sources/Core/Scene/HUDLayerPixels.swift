/// A HUD layer's pixels kept compactly: the colour and transmission of every pixel of its rectangle (8 bytes a
/// pixel, the form `HUDLayerCache` measures them in), as spans along each row, compositing to the same frame bit
/// for bit.
///
/// A panel is mostly a translucent fill of one colour, with antialiased corners and glyph edges, and pixels it
/// does not touch (outside its rounded corners, around a panel's digits). So a row is kept as spans: pixels that
/// let everything through are left out; a run of one colour and one transmission is kept once; the rest, a few
/// pixels at each edge, one by one, with the transmission in one byte where the three channels let the same
/// amount through (a grey panel or glyph, almost always) and in four where they do not (rounding of a coloured
/// step: the channels differ by a unit).
struct HUDLayerPixels {
    /// How a span's pixels are kept.
    enum Kind: UInt8 {
        /// Every pixel the same colour and transmission: `k` and `c` of the span.
        case uniform
        /// One by one, three channels letting the same amount through: `greys[k...]` and `colours[c...]`.
        case greys
        /// One by one: `transmissions[k...]` and `colours[c...]`.
        case mixed
        /// One by one, nothing showing through (the text on an opaque panel): `colours[c...]` as they are.
        case opaque
    }

    /// Pixels `x..<x + count` of row `y` of the layer's rectangle.
    struct Span {
        var y: UInt32
        var x: UInt32
        var count: UInt32
        var kind: Kind
        /// The transmission (uniform), or where the pixels' transmissions start (greys, mixed); 0 for opaque.
        var k: UInt32
        /// The colour (uniform) or where the pixels' colours start in `colours`.
        var c: UInt32
    }

    /// A pixel that lets all of the frame through and adds nothing (the layer does not touch it).
    static let clear: UInt32 = 0x00ff_ffff
    /// Runs of one colour at least this long are a span of their own: shorter ones cost less one by one than
    /// the span they would need, and the one after them.
    static let shortestUniformRun = 8
    /// Runs of one opaque colour (a panel's fill between its glyphs) are a span of their own only from this long:
    /// shorter ones are copied with the glyphs' pixels around them. A span costs its lookups and stores whatever
    /// its length, and a row of a panel's text was a dozen spans a frame; copied, it is one.
    static let shortestOpaqueUniformRun = 64
    /// Opaque pixels kept one by one among translucent ones are a span of their own (copied, not blended) from
    /// this many on.
    static let shortestOpaqueRun = 8
    /// Runs of untouched pixels at least this long end a span; shorter ones are kept in it (they composite to
    /// the frame's own pixel), as a new span would cost more.
    static let shortestGap = 5

    /// The layer's rectangle: every span lies in it.
    let width: Int
    let height: Int
    private(set) var spans: [Span] = []
    private(set) var colours: [UInt32] = []
    private(set) var greys: [UInt8] = []
    private(set) var transmissions: [UInt32] = []

    /// The pixels of a `width`-wide rectangle, row by row: `colour` over black (0x00RRGGBB, weighted by its
    /// opacity) and `transmission`, per channel how much of the pixel underneath shows through out of 255.
    init(colour: [UInt32], transmission: [UInt32], width: Int) {
        precondition(colour.count == transmission.count && width > 0 && colour.count % width == 0)
        self.width = width
        height = colour.count / width
        // Through buffer pointers: every pixel of a layer drawn again passes here (the marker, the heading's
        // digits and the north pointer through a turn), and the array slices' bounds checks were half the work.
        colour.withUnsafeBufferPointer { colour in
            transmission.withUnsafeBufferPointer { transmission in
                for y in 0..<height {
                    let row = (y * width)..<((y + 1) * width)
                    encodeRow(
                        y, colour: UnsafeBufferPointer(rebasing: colour[row]),
                        transmission: UnsafeBufferPointer(rebasing: transmission[row]))
                }
            }
        }
    }

    /// The bytes these pixels hold (their arrays' elements, not the arrays' spare capacity).
    var bytes: Int {
        spans.count * MemoryLayout<Span>.stride + colours.count * 4 + greys.count + transmissions.count * 4
    }

    private mutating func encodeRow(
        _ y: Int, colour: UnsafeBufferPointer<UInt32>, transmission: UnsafeBufferPointer<UInt32>
    ) {
        let width = colour.count
        // Pixels from `pending` to the run being looked at are kept one by one.
        var pending: Int?
        var x = 0
        while x < width {
            let k = transmission[x]
            let c = colour[x]
            var end = x + 1
            while end < width, transmission[end] == k, colour[end] == c { end += 1 }
            let run = end - x
            if k == Self.clear && c == 0 && run >= Self.shortestGap {
                if let from = pending { addPixels(y, from..<x, colour: colour, transmission: transmission) }
                pending = nil
            } else if run >= (k == 0 ? Self.shortestOpaqueUniformRun : Self.shortestUniformRun)
                && !(k == Self.clear && c == 0)
            {
                if let from = pending { addPixels(y, from..<x, colour: colour, transmission: transmission) }
                pending = nil
                spans.append(Span(y: UInt32(y), x: UInt32(x), count: UInt32(run), kind: .uniform, k: k, c: c))
            } else if pending == nil {
                pending = x
            }
            x = end
        }
        if let from = pending { addPixels(y, from..<width, colour: colour, transmission: transmission) }
    }

    /// How pixels kept one by one are kept, from how much each lets through (`transmissions`): nothing at all,
    /// the same in its three channels, or not.
    private static func kind(ofPixelsLetting transmissions: UnsafeBufferPointer<UInt32>) -> Kind {
        if transmissions.allSatisfy({ $0 == 0 }) { return .opaque }
        return transmissions.allSatisfy { $0 == ($0 & 0xff) &* 0x01_0101 } ? .greys : .mixed
    }

    /// Keeps pixels `range` of row `y` one by one, less the untouched ones at either end.
    private mutating func addPixels(
        _ y: Int, _ range: Range<Int>, colour: UnsafeBufferPointer<UInt32>, transmission: UnsafeBufferPointer<UInt32>
    ) {
        func untouched(_ x: Int) -> Bool { transmission[x] == Self.clear && colour[x] == 0 }
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, untouched(lower) { lower += 1 }
        while upper > lower, untouched(upper - 1) { upper -= 1 }
        guard lower < upper else { return }
        // Opaque stretches long enough to pay for a span of their own are copied; what lies between them blended.
        var start = lower
        var x = lower
        while x < upper {
            guard transmission[x] == 0 else {
                x += 1
                continue
            }
            var end = x + 1
            while end < upper, transmission[end] == 0 { end += 1 }
            if end - x >= Self.shortestOpaqueRun {
                if start < x { addSpan(y, start..<x, colour: colour, transmission: transmission) }
                addSpan(y, x..<end, colour: colour, transmission: transmission)
                start = end
            }
            x = end
        }
        if start < upper { addSpan(y, start..<upper, colour: colour, transmission: transmission) }
    }

    /// Keeps pixels `range` of row `y` as one span of pixels kept one by one.
    private mutating func addSpan(
        _ y: Int, _ range: Range<Int>, colour: UnsafeBufferPointer<UInt32>, transmission: UnsafeBufferPointer<UInt32>
    ) {
        let (lower, upper) = (range.lowerBound, range.upperBound)
        let ks = UnsafeBufferPointer(rebasing: transmission[lower..<upper])
        let kind = Self.kind(ofPixelsLetting: ks)
        let k =
            switch kind {
            case .greys: greys.count
            case .mixed: transmissions.count
            case .opaque, .uniform: 0
            }
        let span = Span(
            y: UInt32(y), x: UInt32(lower), count: UInt32(upper - lower), kind: kind, k: UInt32(k),
            c: UInt32(colours.count))
        spans.append(span)
        colours.append(contentsOf: UnsafeBufferPointer(rebasing: colour[lower..<upper]))
        switch kind {
        case .greys: greys.append(contentsOf: ks.lazy.map { UInt8(truncatingIfNeeded: $0) })
        case .mixed: transmissions.append(contentsOf: ks)
        case .opaque, .uniform: break
        }
    }
}
