/// A pixel layout a display can scan out.
public enum PixelFormat: String, Hashable, Sendable {
    /// 32 bits per pixel, 0x00RRGGBB (DRM_FORMAT_XRGB8888).
    case xrgb8888
    /// 16 bits per pixel, 5-6-5 (DRM_FORMAT_RGB565); converted from XRGB8888 in the final copy.
    case rgb565
}

/// Where frames go: a DRM/KMS screen, an fbdev device, image files or memory.
///
/// Frames are always drawn in ordinary memory at the display's logical size (`ComposedFrame`: a plain
/// `FrameBuffer`, or the map's kept pixels with layers over them); the display composes, converts and rotates them
/// into whatever it scans out as it copies them. A display owns its event descriptor and its
/// close, so nothing needs to know which kind it is.
public protocol Display: AnyObject {
    /// The logical size frames must have (after any panel rotation).
    var width: Int { get }
    var height: Int { get }
    /// A short description for logs ("bochs-drm Virtual-1 1280x800 XRGB8888").
    var name: String { get }
    /// Shows `frame`, of which only the pixels `changed` says may differ from the frame presented before it.
    /// Throws when the frame cannot be shown; the message says what failed.
    func present(_ frame: ComposedFrame, changed: FrameChange) throws
    /// How many of the frames presented the display may still hold after `present` returns (to compare the next
    /// with, or while a page flip is pending): a scene draws the next frame into a buffer no display holds, or it
    /// would copy all its pixels first (copy on write).
    var framesHeld: Int { get }
    /// A descriptor that becomes readable when the display has events to handle (DRM page-flip completions);
    /// nil when frames are shown as soon as `present` returns.
    var eventDescriptor: Int32? { get }
    /// Handles the events behind `eventDescriptor`; returns how many presented frames reached the screen.
    func handleEvents() throws -> Int
    /// Waits (bounded) until every presented frame is on the screen.
    func finishPendingFrames() throws
    /// One line of counters for logs and the display tests ("frames 9 shown 9 flips 9 pixels …"), nil if none.
    var counters: String? { get }
    /// The panel's size as the screen itself reports it (a DRM connector's EDID), nil when it does not: text is
    /// sized from it.
    var reportedSizeMillimetres: (width: Int, height: Int)? { get }
    /// Gives the screen back (CRTC, console) and frees what the display holds. Safe to call twice.
    func close()
}

extension Display {
    /// Shows `frame`, a plain one, of which only the pixels `changed` says may differ.
    public func present(_ frame: FrameBuffer, changed: FrameChange) throws {
        try present(ComposedFrame(frame), changed: changed)
    }

    /// Shows `frame` without saying what changed: any pixel may have.
    public func present(_ frame: FrameBuffer) throws { try present(frame, changed: .unknown) }

    /// Most displays cannot say how large they are.
    public var reportedSizeMillimetres: (width: Int, height: Int)? { nil }
}

/// Keeps the last presented frame in memory: for tests and for headless runs that only hash frames.
public final class MemoryDisplay: Display {
    public let width: Int
    public let height: Int
    public var name: String { "memory \(width)x\(height)" }
    /// The last frame shown, nil before the first.
    public private(set) var lastFrame: FrameBuffer?
    /// How many frames were presented.
    public private(set) var presentedCount = 0
    /// Whether `close()` was called.
    public private(set) var isClosed = false

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public func present(_ frame: ComposedFrame, changed: FrameChange) throws {
        guard frame.width == width, frame.height == height else {
            throw DisplayError.sizeMismatch(expected: (width, height), got: (frame.width, frame.height))
        }
        lastFrame = frame.flattened()
        presentedCount += 1
    }

    /// It keeps the last frame.
    public var framesHeld: Int { 1 }

    /// Frames are "shown" as soon as they are presented: no events.
    public var eventDescriptor: Int32? { nil }
    public func handleEvents() throws -> Int { 0 }
    public func finishPendingFrames() throws {}
    public var counters: String? { "frames \(presentedCount)" }
    public func close() { isClosed = true }
}

/// Why a display refused a frame.
public enum DisplayError: Error, CustomStringConvertible {
    case sizeMismatch(expected: (Int, Int), got: (Int, Int))

    public var description: String {
        switch self {
        case .sizeMismatch(let e, let g):
            return "frame is \(g.0)x\(g.1) but the display is \(e.0)x\(e.1)"
        }
    }
}
