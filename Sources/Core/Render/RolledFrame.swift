/// A picture kept *rolled*: its pixel (x, y) sits at ((x + roll.columns) mod width, (y + roll.rows) mod height)
/// of the storage, so moving the picture by whole pixels turns the roll instead of moving every pixel.
/// `ShiftableComposite` keeps its last composite so: a frame that only moved is one copy of the picture into the
/// destination, not a shift in place and a copy.
struct RolledFrame {
    private var storage: FrameBuffer
    /// Where the picture's pixel (0, 0) sits in the storage; each in 0..<width and 0..<height.
    private(set) var roll = (columns: 0, rows: 0)

    init(width: Int, height: Int) { storage = FrameBuffer(width: width, height: height) }

    /// `frame` as it is, not rolled.
    init(plain frame: FrameBuffer) { storage = frame }

    /// The picture as a plain frame when it is not rolled (no copy: the storage itself), else nil.
    var plainFrame: FrameBuffer? { roll == (0, 0) ? storage : nil }

    var width: Int { storage.width }
    var height: Int { storage.height }

    /// Moves the picture so that its pixel (x, y) shows what pixel (x + `columns`, y + `rows`) showed. What came
    /// into view holds what the roll brought round from the other edge, for the caller to draw anew.
    mutating func roll(columns: Int, rows: Int) {
        roll.columns = Self.wrapped(roll.columns + columns, width)
        roll.rows = Self.wrapped(roll.rows + rows, height)
    }

    /// Copies the picture's pixels in `rect` into `frame` (of the same size), at the same place.
    func copy(_ rect: PixelRect, into frame: inout FrameBuffer) {
        guard frame.width == width, frame.height == height else { return }
        frame.pixels.withUnsafeMutableBufferPointer { plain in copy(rect, into: plain.baseAddress!, firstRow: 0) }
    }

    /// Copies the picture's pixels in `rect` into rows of the picture's width starting at `rows`, which holds row
    /// `firstRow` first (a band of the frame: `rect` must lie in the rows it holds).
    func copy(_ rect: PixelRect, into rows: UnsafeMutablePointer<UInt32>, firstRow: Int) {
        let w = width
        withRuns(in: rect) { y, columns, source in
            (rows + (y - firstRow) * w + columns.lowerBound).update(from: source, count: columns.count)
        }
    }

    /// Calls `body(y, columns, source)` for each run of the picture's pixels in `rect`: `source` holds pixels
    /// `columns` of row `y`, the first at `source[0]`.
    func withRuns(
        in rect: PixelRect, _ body: (_ y: Int, _ columns: Range<Int>, _ source: UnsafePointer<UInt32>) -> Void
    ) {
        let (w, h, roll) = (width, height, roll)
        storage.pixels.withUnsafeBufferPointer { rolled in
            Self.runs(in: rect, width: w, height: h, roll: roll) { p, r, count in
                let (y, x) = p.quotientAndRemainder(dividingBy: w)
                body(y, x..<(x + count), rolled.baseAddress! + r)
            }
        }
    }

    /// Takes `frame`'s pixels in `rect` (a frame of the same size) as the picture's there.
    mutating func take(_ rect: PixelRect, from frame: FrameBuffer) {
        guard frame.width == width, frame.height == height else { return }
        let (w, h, roll) = (width, height, roll)
        frame.pixels.withUnsafeBufferPointer { plain in
            storage.pixels.withUnsafeMutableBufferPointer { rolled in
                Self.runs(in: rect, width: w, height: h, roll: roll) { p, r, count in
                    (rolled.baseAddress! + r).update(from: plain.baseAddress! + p, count: count)
                }
            }
        }
    }

    /// Hands the storage to `draw` to draw the whole picture anew in, unrolled.
    mutating func redraw(_ draw: (inout FrameBuffer) -> Void) {
        roll = (0, 0)
        draw(&storage)
    }

    /// `value` mod `n`, in 0..<n.
    private static func wrapped(_ value: Int, _ n: Int) -> Int {
        let r = value % n
        return r < 0 ? r + n : r
    }

    /// Calls `body(plain, rolled, count)` for each run of the picture's pixels in `rect` (clipped to the picture):
    /// the index of the run's first pixel in plain row order, in the storage, and its length. Each row of the
    /// rectangle is one run, or two where it crosses the roll's seam.
    @inline(__always)
    private static func runs(
        in rect: PixelRect, width w: Int, height h: Int, roll: (columns: Int, rows: Int),
        _ body: (_ plain: Int, _ rolled: Int, _ count: Int) -> Void
    ) {
        let x0 = max(rect.x, 0)
        let x1 = min(rect.x + rect.width, w)
        let y0 = max(rect.y, 0)
        let y1 = min(rect.y + rect.height, h)
        guard x0 < x1, y0 < y1 else { return }
        let rolledX = wrapped(x0 + roll.columns, w)
        // The pixels before the seam, then (when the run crosses it) the rest from the storage's first column.
        let first = min(x1 - x0, w - rolledX)
        for y in y0..<y1 {
            let rolledY = wrapped(y + roll.rows, h)
            body(y * w + x0, rolledY * w + rolledX, first)
            if first < x1 - x0 { body(y * w + x0 + first, rolledY * w, x1 - x0 - first) }
        }
    }
}
