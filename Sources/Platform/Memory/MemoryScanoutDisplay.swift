import Core

/// A headless screen (`--display memory`): the same present path as the fbdev display — the scanout copy of what
/// the frame changed, with the panel's rotation and pixel format — into a scanout buffer in ordinary memory
/// instead of a device's.
///
/// For benchmarks and for runs without a screen that should cost what a screen costs: nothing is skipped that a
/// board would do, and nothing (files, hashes) is added that a board would not.
public final class MemoryScanoutDisplay: Display {
    public let width: Int
    public let height: Int
    public let format: PixelFormat
    public let rotation: PanelRotation
    /// The scanout buffer's width and height (the panel's, before rotation) and bytes per row.
    public let panelWidth: Int
    public let panelHeight: Int
    public let pitch: Int
    public var name: String {
        "memory \(panelWidth)x\(panelHeight) \(format == .xrgb8888 ? "XR24" : "RG16") rotate \(rotation.rawValue)"
    }
    /// Frames presented, frames that changed something, and pixels written to the scanout buffer so far.
    public private(set) var presentedFrames = 0
    public private(set) var copiedFrames = 0
    public private(set) var copiedPixels = 0

    private let memory: UnsafeMutableRawPointer
    private var scratch = ScanoutCopy.Scratch()
    private var closed = false

    /// The largest panel side accepted, so a mistyped `--mode` is an error, not a huge allocation.
    public static let maximumSide = 8192

    /// A panel of `panelWidth`×`panelHeight` pixels scanning out `format`, mounted turned by `rotation`.
    public init(
        panelWidth: Int, panelHeight: Int, format: PixelFormat = .xrgb8888, rotation: PanelRotation = .none
    ) throws {
        guard (1...Self.maximumSide).contains(panelWidth), (1...Self.maximumSide).contains(panelHeight) else {
            throw MemoryDisplayError.badSize(width: panelWidth, height: panelHeight)
        }
        self.panelWidth = panelWidth
        self.panelHeight = panelHeight
        self.format = format
        self.rotation = rotation
        let logical = rotation.logicalSize(panelWidth: panelWidth, panelHeight: panelHeight)
        width = logical.width
        height = logical.height
        // Rows padded to 64 bytes, as DRM's dumb buffers are; zeroed, so the buffer is resident like a screen's.
        let bytesPerPixel = DrmFourCC.bitsPerPixel(format) / 8
        pitch = (panelWidth * bytesPerPixel + 63) / 64 * 64
        memory = .allocate(byteCount: pitch * panelHeight, alignment: 64)
        memory.initializeMemory(as: UInt8.self, repeating: 0, count: pitch * panelHeight)
    }

    deinit { memory.deallocate() }

    /// Writes what `changed` says changed since the last frame into the scanout buffer (all of the first
    /// frame), as `FbdevDisplay.present` does.
    public func present(_ frame: ComposedFrame, changed: FrameChange) throws {
        guard !closed else { throw MemoryDisplayError.closed }
        guard frame.width == width, frame.height == height else {
            throw DisplayError.sizeMismatch(expected: (width, height), got: (frame.width, frame.height))
        }
        presentedFrames += 1
        let change = presentedFrames == 1 ? .unknown : changed
        guard let rect = change.rect(width: width, height: height) else { return }
        ScanoutCopy.copy(
            frame, rect: rect, rotation: rotation, format: format, to: memory, pitch: pitch, scratch: &scratch)
        copiedFrames += 1
        copiedPixels += rect.width * rect.height
    }

    /// None: each frame is copied out before `present` returns.
    public var framesHeld: Int { 0 }

    /// The scanout pixel at panel position (`x`, `y`) as XRGB8888 (RGB565 expanded), nil outside the panel; for
    /// tests.
    public func scanoutPixel(x: Int, y: Int) -> UInt32? {
        guard (0..<panelWidth).contains(x), (0..<panelHeight).contains(y) else { return nil }
        switch format {
        case .xrgb8888:
            return memory.load(fromByteOffset: y * pitch + 4 * x, as: UInt32.self)
        case .rgb565:
            return RGB565.expand(memory.load(fromByteOffset: y * pitch + 2 * x, as: UInt16.self))
        }
    }

    /// Frames are on the "screen" when `present` returns.
    public var eventDescriptor: Int32? { nil }
    public func handleEvents() throws -> Int { 0 }
    public func finishPendingFrames() throws {}
    public var counters: String? {
        "frames \(presentedFrames) copied \(copiedFrames) pixels \(copiedPixels)"
    }

    /// Stops taking frames (the buffer is freed with the display). Safe to call twice.
    public func close() { closed = true }
}

/// Why a memory display could not be made or used.
public enum MemoryDisplayError: Error, CustomStringConvertible, Equatable {
    case badSize(width: Int, height: Int)
    case closed

    public var description: String {
        switch self {
        case .badSize(let w, let h):
            return "a memory display of \(w)x\(h): each side must be 1 to \(MemoryScanoutDisplay.maximumSide) pixels"
        case .closed: return "the memory display is closed"
        }
    }
}
