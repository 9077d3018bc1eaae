/// A frame in ordinary memory, XRGB8888 (0x00RRGGBB per pixel, rows packed without padding).
///
/// Scenes render here; displays copy (and convert) from here. Scanout memory is never read: it is uncached on
/// real boards.
public struct FrameBuffer: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public var pixels: [UInt32]

    public init(width: Int, height: Int, fill: UInt32 = 0) {
        precondition(width > 0 && height > 0, "a frame needs a positive size")
        self.width = width
        self.height = height
        self.pixels = Array(repeating: fill, count: width * height)
    }

    public subscript(x: Int, y: Int) -> UInt32 {
        get { pixels[y * width + x] }
        set { pixels[y * width + x] = newValue }
    }

    /// Sets every pixel to `color`.
    public mutating func clear(to color: UInt32) {
        pixels.withUnsafeMutableBufferPointer { buf in buf.update(repeating: color) }
    }

    /// A 64-bit FNV-1a hash of the pixels: replays compare frames by it.
    public var contentHash: UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        pixels.withUnsafeBufferPointer { buf in
            for p in buf {
                h = (h ^ UInt64(p & 0x00ff_ffff)) &* 0x0000_0100_0000_01b3
            }
        }
        return h
    }
}

/// A rectangle of pixels: x, y of its top-left corner, width and height.
public struct PixelRect: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
    public var isEmpty: Bool { width <= 0 || height <= 0 }
}
