/// What is drawn over a `ShiftableComposite`'s map in its kept frame (the map's labels), so that a frame which
/// only shifts the map shifts what lies on it too, and only the items that changed, or that touch what came into
/// view, are drawn again.
///
/// Each item says which pixels its drawing can touch and, when its pixels depend only on where it is to a whole
/// step, who it is and where: an item of this frame with the same identity as one of the last frame, moved by the
/// same whole pixels as the map, draws the very pixels the kept frame already shows there.
struct CompositeOverlay {
    /// Who an item is, apart from where (its text, font, colours and angle), and where, in 256ths of a pixel:
    /// two items draw the same pixels, moved, when their names are equal and their places differ by the move.
    /// The name is a number the overlay's owner gives each distinct look and never gives another (labels:
    /// `OfflineMapLayer.LabelNumbers`), so the composite hashes and compares integers every frame, not texts.
    struct Identity: Hashable {
        var name: Int
        var x: Int
        var y: Int

        /// The identity of the same item drawn `columns`, `rows` whole pixels up and to the left (where a shift
        /// by them takes its pixels).
        func moved(columns: Int, rows: Int) -> Identity {
            Identity(name: name, x: x &- 256 &* columns, y: y &- 256 &* rows)
        }
    }

    struct Item: Equatable {
        /// Every pixel its drawing can touch (nil: none).
        var bounds: PixelRect?
        /// Nil for an item whose pixels are not a function of a whole-step place (it is drawn again every frame).
        var identity: Identity?

        /// An item that draws nothing.
        static var none: Item { Item(bounds: nil, identity: nil) }

        /// The same item drawn `d` whole pixels further on (`d`'s coordinates are whole numbers).
        func moved(by d: Point) -> Item {
            let (dx, dy) = (Int(d.x), Int(d.y))
            return Item(
                bounds: bounds?.offsetBy(dx, dy), identity: identity?.moved(columns: -dx, rows: -dy))
        }
    }

    /// In drawing order.
    var items: [Item]
    /// Draws the items at these indices (ascending) into the frame, as a fresh frame would draw them.
    var draw: (_ indices: [Int], _ frame: inout FrameBuffer) -> Void

    /// An overlay of nothing.
    static var none: CompositeOverlay { CompositeOverlay(items: []) { _, _ in } }
}

extension PixelRect {
    /// The pixels both rectangles hold; nil when none.
    public func intersection(_ other: PixelRect) -> PixelRect? {
        let x0 = max(x, other.x)
        let y0 = max(y, other.y)
        let x1 = min(x + width, other.x + other.width)
        let y1 = min(y + height, other.y + other.height)
        guard x0 < x1, y0 < y1 else { return nil }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The smallest rectangle holding both.
    public func union(_ other: PixelRect) -> PixelRect {
        let x0 = min(x, other.x)
        let y0 = min(y, other.y)
        let x1 = max(x + width, other.x + other.width)
        let y1 = max(y + height, other.y + other.height)
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Moved by `dx`, `dy`.
    func offsetBy(_ dx: Int, _ dy: Int) -> PixelRect { PixelRect(x: x + dx, y: y + dy, width: width, height: height) }

    /// The whole pixels around points `xs`, `ys`, `margin` more each way; nil for no points, or points that are
    /// not finite or lie too far off to be drawn (nothing of them is then on any frame).
    static func around(xs: [Double], ys: [Double], margin: Double) -> PixelRect? {
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return nil }
        let limit = Double(1 << 24)
        guard [minX, maxX, minY, maxY].allSatisfy({ $0.isFinite && abs($0) < limit }) else { return nil }
        let x0 = Int((minX - margin).rounded(.down))
        let y0 = Int((minY - margin).rounded(.down))
        let x1 = Int((maxX + margin).rounded(.up)) + 1
        let y1 = Int((maxY + margin).rounded(.up)) + 1
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
