/// The HUD's panels kept as layers between frames: a panel is drawn again only when what it shows changes, and
/// composited over the map otherwise.
///
/// A panel's antialiased corners and glyph edges, the marker and the map's credit line blend over a moving map,
/// so a layer must hold how much of the map shows through as well as its colour. Both come from the panel drawn
/// over black and over white: every step that draws it (the rasteriser's fills, the text stack's glyph masks)
/// blends `d' = d·(1 − a) + c·a` per channel, a straight line in the pixel underneath, so the whole panel is
/// `d' = d·k + L`, with `L` what it gave over black and `k` the difference over white and black (out of 255).
/// Compositing that per channel gives the frame drawing it directly gives, within a unit or two of rounding per
/// channel, whatever drew the panel. The two are drawn at once, the one over white in the canvas's twin
/// (`DrawingTwin`), so a panel's drawing must use the canvas's methods alone.
struct HUDLayerCache {
    /// Which panel a layer holds.
    enum Slot: Hashable {
        case heading, headingDigits, speed, speedDigits, scale, street, route, trip
        case notice(Int)
        case northPointer
        /// The user's marker (`UserMarkerLayer`), drawn under the HUD from a cache of its own.
        case marker
        /// The map's credit line (`OfflineMapLayer.prepareCredit`), from the map layer's own cache.
        case credit
    }

    /// Everything a panel's drawing reads, so a layer whose key differs is drawn again and a panel cannot show
    /// something stale. Typed rather than `AnyHashable`: the live loop compares every slot's key every frame, and
    /// boxing each piece cost a few allocations and dynamic `==` calls a slot.
    enum Key: Equatable {
        /// The heading or speed panel less its digits: its rows under the digits.
        case panel(SceneTheme, rows: [HUDRow], Rect)
        case headingDigits(SceneTheme, heading: String, cardinal: String?, accuracy: String?, Rect)
        case speedDigits(SceneTheme, speed: String, stale: Bool, unit: String, unitBelow: Bool, Rect)
        case scale(SceneTheme, Rect, barPixels: Double, label: String)
        case notice(SceneTheme, String, Rect)
        /// The route or the trip panel alone.
        case ride(SceneTheme, HUDLayer.RideColumn)
        case street(SceneTheme, Rect, String, sizePixels: Double)
        case northPointer(SceneTheme, Point, radius: Double, bearing: Angle)
        case marker(SceneTheme, UserMarkerLayer.Look)
        case credit(OfflineMapLayer.CreditLook)
    }

    /// One panel's layer: the pixels of `rect` in the frame.
    struct Layer {
        /// What the panel showed when drawn; a different key draws it again.
        var key: Key
        var rect: PixelRect
        /// Per pixel, the panel over black (its colour, already weighted by its opacity) and how much of the
        /// pixel underneath shows through per channel, out of 255; kept as spans along its rows.
        var pixels: HUDLayerPixels
    }

    private var layers: [Slot: Layer] = [:]
    /// Per slot, the layers it showed before its current one, most recent first. Looks come back: a heading
    /// that dithers between two degrees, the marker's arrow between two half degrees, an accuracy between two
    /// values. Taking such a layer back costs a comparison of keys instead of drawing the panel and encoding it.
    private var earlier: [Slot: [Layer]] = [:]
    /// How many earlier layers each slot keeps.
    let earlierPerSlot: Int
    /// The slots in the order they are composited.
    private var order: [Slot] = []
    /// Panels drawn again and panels reused since the cache was made (for the benchmarks and tests); a layer
    /// taken back from the earlier ones counts as reused.
    private(set) var redrawn = 0
    private(set) var reused = 0
    /// Where `composite` draws other pixels than at the last `takeChange()` (`noteChange`).
    private var changed: PixelRect?

    /// `earlierPerSlot` earlier layers are kept per slot for looks that come back (0 keeps only the current).
    init(earlierPerSlot: Int = 0) {
        self.earlierPerSlot = max(0, earlierPerSlot)
    }

    /// The bytes the layers' pixels hold, the earlier ones included.
    var bytes: Int {
        layers.values.reduce(0) { $0 + $1.pixels.bytes }
            + earlier.values.reduce(0) { total, kept in kept.reduce(total) { $0 + $1.pixels.bytes } }
    }

    /// Forgets every layer (the next frame draws each panel afresh).
    mutating func removeAll() {
        for layer in layers.values { noteChange(layer.rect) }
        layers = [:]
        earlier = [:]
        order = []
    }

    /// Makes sure `slot` holds the panel showing `key` in `rect`, drawing it with `draw` on `canvas` if not. Must
    /// run before the frame is drawn: it uses the canvas's pixels as scratch space.
    mutating func prepare(_ slot: Slot, key: Key, rect: Rect, on canvas: Canvas, draw: (Canvas) -> Void) {
        guard let bounds = Self.pixelBounds(rect, width: canvas.width, height: canvas.height) else {
            if let gone = layers.removeValue(forKey: slot) { noteChange(gone.rect) }
            return
        }
        let current = layers[slot]
        if let current, current.key == key, current.rect == bounds {
            reused += 1
            return
        }
        // Another look or place: its old and new places show other pixels.
        if let current { noteChange(current.rect) }
        noteChange(bounds)
        var kept = earlier[slot] ?? []
        if let index = kept.firstIndex(where: { $0.key == key && $0.rect == bounds }) {
            reused += 1
            layers[slot] = kept.remove(at: index)
        } else {
            redrawn += 1
            layers[slot] = Layer(key: key, rect: bounds, pixels: Self.layerPixels(in: bounds, on: canvas, draw: draw))
        }
        if let current, earlierPerSlot > 0 {
            kept.insert(current, at: 0)
            if kept.count > earlierPerSlot { kept.removeLast(kept.count - earlierPerSlot) }
        }
        earlier[slot] = kept.isEmpty ? nil : kept
    }

    /// Keeps the layers of `slots`, composited in that order (a panel's digits after the panel), and drops the
    /// rest (panels no longer shown) with their earlier layers.
    mutating func keep(only slots: [Slot]) {
        for slot in layers.keys where !slots.contains(slot) {
            if let gone = layers.removeValue(forKey: slot) { noteChange(gone.rect) }
        }
        for slot in earlier.keys where !slots.contains(slot) { earlier[slot] = nil }
        // Layers that lie on each other show other pixels in another order.
        if slots != order {
            for layer in layers.values { noteChange(layer.rect) }
        }
        order = slots
    }

    /// Where `composite` may draw other pixels than it did when this was last called: the old and new places of
    /// each layer that changed its look or place, came or went, and every place when the order changed. Nil when
    /// nothing changed.
    mutating func takeChange() -> PixelRect? {
        defer { changed = nil }
        return changed
    }

    private mutating func noteChange(_ rect: PixelRect) {
        changed = changed.map { $0.union(rect) } ?? rect
    }

    /// Composites every layer over `frame`, in the order `keep(only:)` gave.
    func composite(into frame: inout FrameBuffer) {
        for slot in order {
            if let layer = layers[slot] { Self.composite(layer, into: &frame) }
        }
    }

    /// The layers as a composed frame's, in the order `composite` draws them.
    var composedLayers: [ComposedFrame.Layer] {
        order.compactMap { slot in layers[slot].map { .spans($0.pixels, x: $0.rect.x, y: $0.rect.y) } }
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

    /// What `draw` leaves in `bounds` of the canvas as a layer: drawn once, over black in the canvas (scratch
    /// space) and over white in a twin of `bounds` (`Canvas.twin`), each pixel of both from the same coverage and
    /// the same blend, and the two kept as colour and transmission.
    static func layerPixels(in bounds: PixelRect, on canvas: Canvas, draw: (Canvas) -> Void) -> HUDLayerPixels {
        var white = [UInt32](repeating: 0xffffff, count: bounds.width * bounds.height)
        let black = white.withUnsafeMutableBufferPointer { twin in
            canvas.twin = DrawingTwin(pixels: twin.baseAddress!, rect: bounds)
            defer { canvas.twin = nil }
            return drawn(draw, over: 0x000000, in: bounds, on: canvas)
        }
        return HUDLayerPixels(
            colour: black, transmission: transmission(black: black, white: white), width: bounds.width)
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

    /// Per pixel and channel, how much more a panel gave over white than over black (none where it gave less):
    /// how much of the pixel underneath shows through, out of 255.
    static func transmission(black: [UInt32], white: [UInt32]) -> [UInt32] {
        precondition(black.count == white.count)
        let count = black.count
        // Four pixels at a time as sixteen bytes: max(w, b) − b is w − b where w > b and 0 elsewhere, per channel;
        // the top byte is not a channel. A last group of four overlaps the one before it (the same result twice).
        func four(_ b: UnsafePointer<UInt32>, _ w: UnsafePointer<UInt32>) -> SIMD4<UInt32> {
            let b16 = UnsafeRawPointer(b).loadUnaligned(as: SIMD16<UInt8>.self)
            let w16 = UnsafeRawPointer(w).loadUnaligned(as: SIMD16<UInt8>.self)
            let k16 = pointwiseMax(w16, b16) &- b16
            return unsafeBitCast(k16, to: SIMD4<UInt32>.self) & 0x00ff_ffff
        }
        return [UInt32](unsafeUninitializedCapacity: count) { out, initialized in
            black.withUnsafeBufferPointer { b in
                white.withUnsafeBufferPointer { w in
                    guard count >= 4, let b = b.baseAddress, let w = w.baseAddress, let o = out.baseAddress else {
                        for i in 0..<count {
                            let k16 = pointwiseMax(Self.bytes(w[i]), Self.bytes(b[i])) &- Self.bytes(b[i])
                            out[i] = unsafeBitCast(k16, to: UInt32.self) & 0x00ff_ffff
                        }
                        return
                    }
                    var i = 0
                    while i &+ 4 <= count {
                        UnsafeMutableRawPointer(o + i).storeBytes(of: four(b + i, w + i), as: SIMD4<UInt32>.self)
                        i &+= 4
                    }
                    if i < count {
                        UnsafeMutableRawPointer(o + count - 4).storeBytes(
                            of: four(b + count - 4, w + count - 4), as: SIMD4<UInt32>.self)
                    }
                }
            }
            initialized = count
        }
    }

    @inline(__always)
    private static func bytes(_ pixel: UInt32) -> SIMD4<UInt8> { unsafeBitCast(pixel, to: SIMD4<UInt8>.self) }

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
