/// A frame as the scene leaves it for a display: the map's kept pixels and, over them in order, what the scene did
/// not draw into them (the credit line, the settled trail, the marker, the HUD's panels as span layers, and patches
/// of its canvas where it drew straight over the map).
///
/// Why: the map's kept composite (`ShiftableComposite`) is stored rolled. Unrolled into a canvas, with the layers
/// drawn over it there, and then copied out, every frame was written twice and read twice. Composed as a display
/// copies it out (`compose`, a band of rows at a time in a buffer that stays in cache), it is read once and
/// written once, into scanout memory.
///
/// A frame made of a plain `FrameBuffer` (`init(_:)`) has no layers: a test pattern, the calibration view, a
/// scene that drew everything into its canvas.
public struct ComposedFrame {
    /// What lies over the base, in the order it is drawn, and the rows it may touch (a band of rows skips the
    /// layers that cannot touch it without looking into them).
    struct Layer {
        enum Content {
            /// A span layer (`HUDLayerPixels`) with its rectangle's top-left corner at (`x`, `y`) of the frame.
            case spans(HUDLayerPixels, x: Int, y: Int)
            /// The pixels of `source` (a frame of the same size) in `rect`, as they are: where the scene drew
            /// straight onto its canvas over everything below (the trail's live segment).
            case patch(FrameBuffer, PixelRect)
        }
        let content: Content
        let rows: Range<Int>

        static func spans(_ pixels: HUDLayerPixels, x: Int, y: Int) -> Layer {
            Layer(content: .spans(pixels, x: x, y: y), rows: y..<(y + pixels.height))
        }
        static func patch(_ source: FrameBuffer, _ rect: PixelRect) -> Layer {
            Layer(content: .patch(source, rect), rows: rect.y..<(rect.y + rect.height))
        }
    }

    /// The pixels under every layer.
    let base: RolledFrame
    let layers: [Layer]

    public var width: Int { base.width }
    public var height: Int { base.height }

    /// `frame` as it is.
    public init(_ frame: FrameBuffer) {
        base = RolledFrame(plain: frame)
        layers = []
    }

    init(base: RolledFrame, layers: [Layer]) {
        self.base = base
        self.layers = layers
    }

    /// The frame as one buffer, when it is one already (nothing over an unrolled base): no copy.
    public var plainFrame: FrameBuffer? { layers.isEmpty ? base.plainFrame : nil }

    /// The frame as one buffer: `plainFrame`, or a new buffer it is composed into.
    public func flattened() -> FrameBuffer {
        if let plainFrame { return plainFrame }
        var frame = FrameBuffer(width: width, height: height)
        flatten(into: &frame)
        return frame
    }

    /// Composes the frame into `frame` (made the frame's size if it is not), all of it.
    public func flatten(into frame: inout FrameBuffer) {
        if frame.width != width || frame.height != height { frame = FrameBuffer(width: width, height: height) }
        let whole = PixelRect(x: 0, y: 0, width: width, height: height)
        frame.pixels.withUnsafeMutableBufferPointer { pixels in compose(whole, into: pixels.baseAddress!, firstRow: 0) }
    }

    /// Composes the pixels in `rect` (cut to the frame) into rows of the frame's width starting at `pixels`, which
    /// holds row `firstRow` first (a band of rows the scanout copy writes out next, or the whole frame); pixels
    /// outside `rect` are left as they are.
    public func compose(_ rect: PixelRect, into pixels: UnsafeMutablePointer<UInt32>, firstRow: Int) {
        guard let rect = rect.intersection(PixelRect(x: 0, y: 0, width: width, height: height)) else { return }
        let w = width
        let rows = rect.y..<(rect.y + rect.height)
        let columns = rect.x..<(rect.x + rect.width)
        base.copy(rect, into: pixels, firstRow: firstRow)
        for i in layers.indices where layers[i].rows.overlaps(rows) {
            switch layers[i].content {
            case .spans(let layer, let x, let y):
                layer.composite(
                    into: pixels + (rows.lowerBound - firstRow) * w, width: w, rows: rows, columns: columns, x: x, y: y)
            case .patch(let source, let patch):
                guard let cut = patch.intersection(rect) else { continue }
                source.pixels.withUnsafeBufferPointer { source in
                    for y in cut.y..<(cut.y + cut.height) {
                        (pixels + (y - firstRow) * w + cut.x).update(
                            from: source.baseAddress! + y * w + cut.x, count: cut.width)
                    }
                }
            }
        }
    }

    /// Whether any layer may touch `rows`: where none does, the frame is its base there (`withBaseRuns`).
    public func hasLayers(in rows: Range<Int>) -> Bool {
        layers.contains { $0.rows.overlaps(rows) }
    }

    /// Calls `body(y, columns, source)` for each run of the base's pixels in `rect`: `source` holds pixels
    /// `columns` of row `y`, the first at `source[0]`. A row of the rectangle is one run, or two where it crosses
    /// the roll's seam.
    public func withBaseRuns(
        in rect: PixelRect, _ body: (_ y: Int, _ columns: Range<Int>, _ source: UnsafePointer<UInt32>) -> Void
    ) {
        base.withRuns(in: rect, body)
    }
}
