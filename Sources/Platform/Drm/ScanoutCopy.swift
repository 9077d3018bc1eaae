import Core

/// How the panel is mounted: the logical frame is turned clockwise by this much onto the scanout buffer.
///
/// At 90 and 270 the logical frame is the panel turned on its side (a 1280x800 panel gives 800x1280 frames).
/// We rotate in the final copy ourselves: many drivers cannot rotate by 90°.
public enum PanelRotation: Int, CaseIterable, Sendable {
    case none = 0
    case clockwise90 = 90
    case upsideDown = 180
    case clockwise270 = 270

    /// Parses "0", "90", "180" or "270".
    public init?(degrees text: String) {
        guard let value = Int(text), let rotation = PanelRotation(rawValue: value) else { return nil }
        self = rotation
    }

    /// Whether width and height swap between the panel and the logical frame.
    public var swapsAxes: Bool { self == .clockwise90 || self == .clockwise270 }

    /// The logical frame size for a panel of `width` x `height`.
    public func logicalSize(panelWidth: Int, panelHeight: Int) -> (width: Int, height: Int) {
        swapsAxes ? (panelHeight, panelWidth) : (panelWidth, panelHeight)
    }

    /// The panel rectangle covered by a logical rectangle of a `logicalWidth` x `logicalHeight` frame.
    public func panelRect(_ r: PixelRect, logicalWidth w: Int, logicalHeight h: Int) -> PixelRect {
        switch self {
        case .none: return r
        case .clockwise90: return PixelRect(x: h - r.y - r.height, y: r.x, width: r.height, height: r.width)
        case .upsideDown:
            return PixelRect(x: w - r.x - r.width, y: h - r.y - r.height, width: r.width, height: r.height)
        case .clockwise270: return PixelRect(x: r.y, y: w - r.x - r.width, width: r.height, height: r.width)
        }
    }
}

/// The final copy from a frame in ordinary memory into scanout memory: rotation and format conversion in one
/// pass, writing each destination row front to back (scanout memory is write-combined; it is never read).
public enum ScanoutCopy {
    /// Where a composed frame is composed before it is written out, kept by a display from one frame to the next:
    /// a band of rows (about 64 KB, so it stays in cache between its composing and its copy), or on a turned panel
    /// the whole frame.
    public struct Scratch {
        var band: [UInt32] = []
        var frame: FrameBuffer?
        public init() {}
    }

    /// The pixels of a band: 16,384 (64 KB), as rows of the frame's width.
    static let bandPixels = 16_384

    /// Copies the logical rectangle `rect` of the composed `frame` into `destination`, as `copy` does a plain
    /// frame's: on an unturned panel a band of rows at a time, each composed into `scratch` and then written out,
    /// so the frame is read and written once; on a turned panel composed whole into `scratch` first.
    public static func copy(
        _ frame: ComposedFrame, rect: PixelRect, rotation: PanelRotation, format: PixelFormat,
        to destination: UnsafeMutableRawPointer, pitch: Int, scratch: inout Scratch
    ) {
        if let plain = frame.plainFrame {
            copy(plain, rect: rect, rotation: rotation, format: format, to: destination, pitch: pitch)
            return
        }
        guard rotation == .none else {
            var whole = scratch.frame ?? FrameBuffer(width: frame.width, height: frame.height)
            scratch.frame = nil  // the only reference while it is drawn into: no copy on write
            frame.flatten(into: &whole)
            copy(whole, rect: rect, rotation: rotation, format: format, to: destination, pitch: pitch)
            scratch.frame = whole
            return
        }
        let w = frame.width
        guard let cut = rect.intersection(PixelRect(x: 0, y: 0, width: w, height: frame.height)) else { return }
        let bandRows = max(1, bandPixels / w)
        let bytesPerPixel = DrmFourCC.bitsPerPixel(format) / 8
        if scratch.band.count != bandRows * w { scratch.band = [UInt32](repeating: 0, count: bandRows * w) }
        scratch.band.withUnsafeMutableBufferPointer { band in
            var y0 = cut.y
            while y0 < cut.y + cut.height {
                let y1 = min(y0 + bandRows, cut.y + cut.height)
                let part = PixelRect(x: cut.x, y: y0, width: cut.width, height: y1 - y0)
                if frame.hasLayers(in: y0..<y1) {
                    frame.compose(part, into: band.baseAddress!, firstRow: y0)
                    for y in y0..<y1 {
                        copyRow(
                            from: band.baseAddress! + (y - y0) * w, step: 1, to: destination + y * pitch,
                            columns: cut.x..<(cut.x + cut.width), format: format)
                    }
                } else {
                    // Rows no layer touches are the base's: copied out straight from it.
                    frame.withBaseRuns(in: part) { y, columns, source in
                        copyRow(
                            from: source, step: 1, to: destination + y * pitch + columns.lowerBound * bytesPerPixel,
                            columns: 0..<columns.count, format: format)
                    }
                }
                y0 = y1
            }
        }
    }

    /// Copies the logical rectangle `rect` of `frame` into `destination` (a buffer of the panel's size with
    /// `pitch` bytes per row) in `format`, turned by `rotation`.
    public static func copy(
        _ frame: FrameBuffer, rect: PixelRect, rotation: PanelRotation, format: PixelFormat,
        to destination: UnsafeMutableRawPointer, pitch: Int
    ) {
        let w = frame.width
        let h = frame.height
        let target = rotation.panelRect(rect, logicalWidth: w, logicalHeight: h)
        guard !target.isEmpty else { return }
        // The source pixel for panel (px, py) is at base(py) + px * step.
        let step: Int
        let base: (Int) -> Int
        switch rotation {
        case .none: (step, base) = (1, { py in py * w })
        case .clockwise90: (step, base) = (-w, { py in (h - 1) * w + py })  // px = h-1-y, py = x
        case .upsideDown: (step, base) = (-1, { py in (h - 1 - py) * w + (w - 1) })  // px = w-1-x, py = h-1-y
        case .clockwise270: (step, base) = (w, { py in w - 1 - py })  // px = y, py = w-1-x
        }
        // At 90° and 270° a panel row walks down a source column. Doing a band of panel rows together reads each
        // source cache line once for all of them, while each row is still written front to back.
        let band = rotation.swapsAxes ? 8 : 1
        frame.pixels.withUnsafeBufferPointer { src in
            guard let source = src.baseAddress else { return }
            var py0 = target.y
            while py0 < target.y + target.height {
                let rows = min(band, target.y + target.height - py0)
                var x0 = target.x
                // Columns in chunks, so the band's source lines stay in cache while every row of it is written.
                while x0 < target.x + target.width {
                    let x1 = min(x0 + (band == 1 ? target.width : 16), target.x + target.width)
                    for py in py0..<(py0 + rows) {
                        copyRow(
                            from: source + base(py), step: step, to: destination + py * pitch, columns: x0..<x1,
                            format: format)
                    }
                    x0 = x1
                }
                py0 += rows
            }
        }
    }

    /// One run of panel pixels `columns` of a row; source pixel px is at `source[px * step]`.
    @inline(__always)
    private static func copyRow(
        from source: UnsafePointer<UInt32>, step: Int, to row: UnsafeMutableRawPointer, columns: Range<Int>,
        format: PixelFormat
    ) {
        switch format {
        case .xrgb8888:
            let out = row.assumingMemoryBound(to: UInt32.self)
            if step == 1 {
                (out + columns.lowerBound).update(from: source + columns.lowerBound, count: columns.count)
            } else {
                for px in columns { out[px] = source[px * step] }
            }
        case .rgb565:
            let out = row.assumingMemoryBound(to: UInt16.self)
            if step == 1 || step == -1 {
                // Plain unit-stride loops the compiler vectorises.
                let o = out + columns.lowerBound
                let s = source + columns.lowerBound * step
                if step == 1 {
                    for i in 0..<columns.count { o[i] = RGB565.pack(s[i]) }
                } else {
                    for i in 0..<columns.count { o[i] = RGB565.pack(s[-i]) }
                }
            } else {
                for px in columns { out[px] = RGB565.pack(source[px * step]) }
            }
        }
    }
}
