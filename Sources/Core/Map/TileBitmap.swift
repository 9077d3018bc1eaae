/// A rendered tile's pixels in memory that does not move, so the compositor can read many tiles through plain
/// pointers in its per-pixel loop (no array bounds or reference counting per pixel).
// Unchecked Sendable: a worker writes the pixels before the bitmap is published into the cache under its lock;
// after that every reader only reads, and the storage is freed in `deinit`, when no reader holds it.
public final class TileBitmap: @unchecked Sendable {
    public let size: Int
    let storage: UnsafeMutableBufferPointer<UInt32>

    /// Copies `pixels` (size × size, XRGB8888).
    public init(size: Int, pixels: [UInt32]) {
        precondition(pixels.count == size * size, "a tile bitmap is square")
        self.size = size
        storage = .allocate(capacity: pixels.count)
        _ = storage.initialize(from: pixels)
    }

    deinit { storage.deallocate() }

    /// The pixels as an array (for tests and PNG output).
    public var pixels: [UInt32] { Array(storage) }
}
