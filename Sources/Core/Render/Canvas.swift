/// A frame being drawn: the pixels, a rasteriser of the same size and the shapes layers need.
///
/// Everything drawn through a canvas is anti-aliased; text can carry a halo so it stays readable on any map.
public final class Canvas {
    public var frame: FrameBuffer
    public let rasterizer: Rasterizer
    public var width: Int { frame.width }
    public var height: Int { frame.height }

    public init(width: Int, height: Int, background: Color = .white) {
        frame = FrameBuffer(width: width, height: height, fill: background.xrgb)
        rasterizer = Rasterizer(width: width, height: height)
    }

    /// Starts a new frame on an existing canvas (keeps the rasteriser's buffers).
    public func clear(to color: Color) { frame.clear(to: color.xrgb) }

    /// While set, every drawing step of the canvas also draws into the twin's pixels (`DrawingTwin`). Only the
    /// canvas's own methods do: a drawing that writes `frame` itself must not be given one.
    public var twin: DrawingTwin?

    public func fill(_ path: Path, _ color: Color) { rasterizer.fill(path, color: color, into: &frame, twin: twin) }

    /// Draws a polyline `width` pixels wide with round joins and caps.
    public func stroke(_ points: [Point], width: Double, _ color: Color, closed: Bool = false) {
        fill(Stroker.stroke(points, width: width, closed: closed), color)
    }

    public func fillCircle(center: Point, radius: Double, _ color: Color) {
        var p = Path()
        p.addCircle(center: center, radius: radius)
        fill(p, color)
    }

    /// Sets every pixel of `rect` (cut to the frame) to the opaque `color`: what `fill` gives for a rectangle on
    /// whole pixels, without the rasteriser's work per pixel. A translucent `color` is filled through `fill`.
    public func fillPixels(_ rect: PixelRect, _ color: Color) {
        guard color.a == 255 else {
            let (x0, y0) = (Double(rect.x), Double(rect.y))
            let (x1, y1) = (Double(rect.x + rect.width), Double(rect.y + rect.height))
            fill(
                Path(polygons: [[Point(x: x0, y: y0), Point(x: x1, y: y0), Point(x: x1, y: y1), Point(x: x0, y: y1)]]),
                color)
            return
        }
        guard let cut = rect.intersection(PixelRect(x: 0, y: 0, width: width, height: height)) else { return }
        let (w, value) = (width, color.xrgb)
        frame.pixels.withUnsafeMutableBufferPointer { pixels in
            for y in cut.y..<(cut.y + cut.height) {
                (pixels.baseAddress! + y * w + cut.x).update(repeating: value, count: cut.width)
            }
        }
        if let twin, let inTwin = cut.intersection(twin.rect) {
            for y in inTwin.y..<(inTwin.y + inTwin.height) {
                (twin.row(y)!.pixels + inTwin.x).update(repeating: value, count: inTwin.width)
            }
        }
    }

    /// Draws the shaped `run` with its baseline starting at `origin`, turned by `rotationDegrees`, halos first in
    /// `halo` when the run's style has them (`FrameBuffer.draw`).
    public func draw(
        _ run: GlyphRun, at origin: Point, _ color: Color, halo: Color? = nil, rotationDegrees: Double = 0
    ) {
        frame.draw(run, at: origin, color, halo: halo, rotationDegrees: rotationDegrees, twin: twin)
    }

    /// Fills a rectangle with rounded corners.
    public func fillRoundedRect(_ rect: Rect, radius: Double, _ color: Color) {
        fill(Path.roundedRect(rect, radius: radius), color)
    }

    /// Draws `text` with its baseline starting at `origin`, turned by `rotationDegrees`, with an optional halo of
    /// `haloWidth` pixels around every glyph.
    public func text(
        _ text: String, at origin: Point, layout: TextLayout, _ color: Color,
        halo: Color? = nil, haloWidth: Double = 2, rotationDegrees: Double = 0
    ) {
        let path = layout.path(text, origin: origin, rotationDegrees: rotationDegrees)
        if let halo {
            var outline = Path()
            for contour in path.contours {
                for piece in Stroker.stroke(contour, width: haloWidth * 2, closed: true).contours {
                    outline.addPolygon(piece)
                }
            }
            fill(outline, halo)
        }
        fill(path, color)
    }
}

/// An axis-aligned rectangle in pixels (fractional allowed).
public struct Rect: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public func intersects(_ o: Rect) -> Bool { x < o.maxX && o.x < maxX && y < o.maxY && o.y < maxY }
    public func insetBy(_ d: Double) -> Rect { Rect(x: x + d, y: y + d, width: width - 2 * d, height: height - 2 * d) }
    /// The rectangle with each edge moved to the nearest pixel boundary: filled, its sides cover whole pixels
    /// and leave no antialiased column or row along them.
    public var onWholePixels: Rect {
        let (x0, y0) = (x.rounded(), y.rounded())
        return Rect(x: x0, y: y0, width: maxX.rounded() - x0, height: maxY.rounded() - y0)
    }
}

extension Path {
    /// A rectangle with quarter-circle corners.
    public static func roundedRect(_ r: Rect, radius: Double) -> Path {
        let rad = max(0, min(radius, r.width / 2, r.height / 2))
        var p = Path()
        let k = 0.5523 * rad  // cubic control distance for a quarter circle
        p.move(to: Point(x: r.x + rad, y: r.y))
        p.line(to: Point(x: r.maxX - rad, y: r.y))
        p.cubic(
            to: Point(x: r.maxX, y: r.y + rad), control1: Point(x: r.maxX - rad + k, y: r.y),
            control2: Point(x: r.maxX, y: r.y + rad - k))
        p.line(to: Point(x: r.maxX, y: r.maxY - rad))
        p.cubic(
            to: Point(x: r.maxX - rad, y: r.maxY), control1: Point(x: r.maxX, y: r.maxY - rad + k),
            control2: Point(x: r.maxX - rad + k, y: r.maxY))
        p.line(to: Point(x: r.x + rad, y: r.maxY))
        p.cubic(
            to: Point(x: r.x, y: r.maxY - rad), control1: Point(x: r.x + rad - k, y: r.maxY),
            control2: Point(x: r.x, y: r.maxY - rad + k))
        p.line(to: Point(x: r.x, y: r.y + rad))
        p.cubic(
            to: Point(x: r.x + rad, y: r.y), control1: Point(x: r.x, y: r.y + rad - k),
            control2: Point(x: r.x + rad - k, y: r.y))
        p.closeSubpath()
        return p
    }
}
