/// A picture of RGB565 pixels (`RGB565`), row by row: the map's mosaic, at half the memory of a `FrameBuffer`.
/// Pixels go in and come out as XRGB8888.
public struct RGB565Image: Sendable {
    public let width: Int
    public let height: Int
    public var pixels: [UInt16]

    /// A picture filled with `fill` (XRGB8888, the nearest RGB565).
    public init(width: Int, height: Int, fill: UInt32 = 0) {
        precondition(width > 0 && height > 0, "a picture needs a positive size")
        self.width = width
        self.height = height
        pixels = Array(repeating: RGB565.nearest(fill), count: width * height)
    }

    /// The pixel at (`x`, `y`), widened to XRGB8888.
    public subscript(x: Int, y: Int) -> UInt32 { RGB565.expand(pixels[y * width + x]) }

    /// Sets every pixel to `color` (XRGB8888, the nearest RGB565).
    public mutating func clear(to color: UInt32) {
        let packed = RGB565.nearest(color)
        pixels.withUnsafeMutableBufferPointer { $0.update(repeating: packed) }
    }
}
