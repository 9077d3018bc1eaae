/// The HUD's panels kept as layers between frames: a panel is drawn again only when what it shows changes, and
/// composited over the map otherwise.
///
/// A panel is translucent over a moving map, so a layer must hold how much of the map shows through as well as
/// its colour. Both come from drawing the panel twice, once over black and once over white: every step that
/// draws it (the rasteriser's fills, the text stack's glyph masks) blends `d' = d·(1 − a) + c·a` per channel,
/// a straight line in the pixel underneath, so the whole panel is `d' = d·k + L`, with `L` what it gave over
/// black and `k` the difference over white and black (out of 255). Compositing that per channel gives the frame
/// drawing it directly gives, within a unit or two of rounding per channel, whatever drew the panel.
struct HUDLayerCache {
    /// Which panel a layer holds.
    enum Slot: Hashable {
        case heading, headingDigits, speed, speedDigits, scale, street, route, trip
        case notice(Int)
    }

    /// One panel's layer: the pixels of `rect` in the frame.
    struct Layer {
        /// What the panel showed when drawn; a different key draws it again.
        var key: AnyHashable
        var rect: PixelRect
        /// Per pixel, the panel over black (its colour, already weighted by its opacity) and how much of the
        /// pixel underneath shows through per channel, out of 255; kept as spans along its rows.
        var pixels: HUDLayerPixels
    }

    private var layers: [Slot: Layer] = [:]
    /// The slots in the order they are composited.
    private var order: [Slot] = []
    /// Panels drawn again and panels reused since the cache was made (for the benchmarks and tests).
    private(set) var redrawn = 0
    private(set) var reused = 0

    /// The bytes the layers' pixels hold.
    var bytes: Int { layers.values.reduce(0) { $0 + $1.pixels.bytes } }

    /// Forgets every layer (the next frame draws each panel afresh).
    mutating func removeAll() {
        layers = [:]
        order = []
    }

    /// Makes sure `slot` holds the panel showing `key` in `rect`, drawing it with `draw` on `canvas` if not. Must
    /// run before the frame is drawn: it uses the canvas's pixels as scratch space.
    mutating func prepare(
        _ slot: Slot, key: AnyHashable, rect: Rect, on canvas: Canvas, draw: (Canvas) -> Void
    ) {
        guard let bounds = Self.pixelBounds(rect, width: canvas.width, height: canvas.height) else {
            layers[slot] = nil
            return
        }
        if let layer = layers[slot], layer.key == key, layer.rect == bounds {
            reused += 1
            return
        }
        redrawn += 1
        let black = Self.drawn(draw, over: 0x000000, in: bounds, on: canvas)
        let white = Self.drawn(draw, over: 0xffffff, in: bounds, on: canvas)
        var transmission = white
        for i in 0..<white.count {
            let (b, w) = (black[i], white[i])
            var k: UInt32 = 0
            for shift: UInt32 in [0, 8, 16] {
                let bc = (b >> shift) & 0xff
                let wc = (w >> shift) & 0xff
                k |= (wc > bc ? wc - bc : 0) << shift
            }
            transmission[i] = k
        }
        let pixels = HUDLayerPixels(colour: black, transmission: transmission, width: bounds.width)
        layers[slot] = Layer(key: key, rect: bounds, pixels: pixels)
    }

    /// Keeps the layers of `slots`, composited in that order (a panel's digits after the panel), and drops the
    /// rest (panels no longer shown).
    mutating func keep(only slots: [Slot]) {
        for slot in layers.keys where !slots.contains(slot) { layers[slot] = nil }
        order = slots
    }

    /// Composites every layer over `frame`, in the order `keep(only:)` gave.
    func composite(into frame: inout FrameBuffer) {
        for slot in order {
            if let layer = layers[slot] { Self.composite(layer, into: &frame) }
        }
    }

    /// The pixels `rect` touches, with a pixel of margin for anti-aliasing, inside the screen; nil when none.
    static func pixelBounds(_ rect: Rect, width: Int, height: Int) -> PixelRect? {
        let values = [rect.x, rect.y, rect.maxX, rect.maxY]
        guard values.allSatisfy({ $0.isFinite && abs($0) < 1e6 }) else { return nil }
        let x0 = max(0, Int(rect.x.rounded(.down)) - 1)
        let y0 = max(0, Int(rect.y.rounded(.down)) - 1)
        let x1 = min(width, Int(rect.maxX.rounded(.up)) + 1)
        let y1 = min(height, Int(rect.maxY.rounded(.up)) + 1)
        guard x0 < x1, y0 < y1 else { return nil }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// What `draw` leaves in `bounds` of the canvas when that area starts as `background`.
    private static func drawn(
        _ draw: (Canvas) -> Void, over background: UInt32, in bounds: PixelRect, on canvas: Canvas
    ) -> [UInt32] {
        let w = canvas.width
        canvas.frame.pixels.withUnsafeMutableBufferPointer { p in
            for y in bounds.y..<(bounds.y + bounds.height) {
                (p.baseAddress! + y * w + bounds.x).update(repeating: background, count: bounds.width)
            }
        }
        draw(canvas)
        var out: [UInt32] = []
        out.reserveCapacity(bounds.width * bounds.height)
        for y in bounds.y..<(bounds.y + bounds.height) {
            out.append(contentsOf: canvas.frame.pixels[(y * w + bounds.x)..<(y * w + bounds.x + bounds.width)])
        }
        return out
    }

    /// `d' = d·k/255 + L` per channel over the layer's rectangle (`HUDLayerPixels`).
    private static func composite(_ layer: Layer, into frame: inout FrameBuffer) {
        layer.pixels.composite(into: &frame, x: layer.rect.x, y: layer.rect.y)
    }

    /// `d·k/255 + c` per channel, rounded as the blends that made the layer round (`(x + 127) / 255`).
    @inline(__always)
    static func blend(_ d: UInt32, _ k: UInt32, _ c: UInt32) -> UInt32 {
        let grey = k & 0xff
        guard k == grey &* 0x01_0101 else {
            // Channels that let through different amounts (rounding, or a coloured translucent step).
            let red = (((d >> 16) & 0xff) * ((k >> 16) & 0xff) + 127) / 255
            let green = (((d >> 8) & 0xff) * ((k >> 8) & 0xff) + 127) / 255
            let blue = ((d & 0xff) * (k & 0xff) + 127) / 255
            return (red << 16 | green << 8 | blue) &+ c
        }
        // One amount for all three: red and blue in two 16-bit lanes of one multiply, green in another; the
        // rounded division by 255 of each lane is ((x + 128) + ((x + 128) >> 8)) >> 8, exactly (x + 127) / 255.
        var rb = (d & 0x00ff_00ff) &* grey &+ 0x0080_0080
        rb = ((rb &+ ((rb >> 8) & 0x00ff_00ff)) >> 8) & 0x00ff_00ff
        var g = ((d >> 8) & 0xff) &* grey &+ 0x80
        g = ((g &+ (g >> 8)) >> 8) & 0xff
        // Over black the panel gave c, over white c + k: the sum of each lane stays within 255.
        return (rb | g << 8) &+ c
    }
}
