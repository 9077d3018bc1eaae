import Core

/// The fbdev fallback (`/dev/fb0`) for boards whose display has no KMS driver: one buffer written in place,
/// only where the frame changed, converted and rotated like the DRM display.
public final class FbdevDisplay: Display {
    public let width: Int
    public let height: Int
    public var name: String {
        "fbdev \(path) (\(screen.id)) \(screen.width)x\(screen.height) "
            + "\(format == .xrgb8888 ? "XR24" : "RG16") rotate \(rotation.rawValue)"
    }
    public let path: String
    public let format: PixelFormat
    public let rotation: PanelRotation
    /// Pixels written to the framebuffer so far.
    public private(set) var copiedPixels = 0

    private let fd: Int32
    private let screen: FbdevScreen
    private let memory: UnsafeMutableRawPointer
    private let visible: UnsafeMutableRawPointer
    /// Whether a frame was copied out yet: until then the framebuffer holds none of ours.
    private var hasShownAFrame = false
    private var scratch = ScanoutCopy.Scratch()
    private let console: VirtualTerminal?
    private var closed = false

    /// Opens `path` (default /dev/fb0) and switches the VT to graphics so the console leaves the screen alone.
    public init(path: String = "/dev/fb0", rotation: PanelRotation = .none) throws {
        let fd = try FbdevSys.open(path)
        do {
            let s = try FbdevSys.screen(fd, path: path)
            switch (s.bitsPerPixel, s.redOffset, s.greenOffset, s.blueOffset, s.greenLength) {
            case (32, 16, 8, 0, _): format = .xrgb8888
            case (16, 11, 5, 0, 6): format = .rgb565
            default:
                throw DrmError.unsupported(
                    "\(path) uses \(s.bitsPerPixel) bits per pixel with red at bit \(s.redOffset); "
                        + "only XRGB8888 and RGB565 are supported")
            }
            memory = try FbdevSys.map(fd, length: s.memoryLength, path: path)
            screen = s
        } catch {
            FbdevSys.close(fd)
            throw error
        }
        self.fd = fd
        self.path = path
        self.rotation = rotation
        let logical = rotation.logicalSize(panelWidth: screen.width, panelHeight: screen.height)
        width = logical.width
        height = logical.height
        visible = memory + screen.yOffset * screen.lineLength + screen.xOffset * screen.bitsPerPixel / 8
        console = VirtualTerminal.enterGraphics()
    }

    deinit { close() }

    /// Writes what `changed` says changed since the last frame straight into the visible framebuffer (all of
    /// the first frame). No frame is kept to compare with: the caller knows what it drew.
    public func present(_ frame: ComposedFrame, changed: FrameChange) throws {
        guard !closed else { throw DrmError.unsupported("the display on \(path) is closed") }
        guard frame.width == width, frame.height == height else {
            throw DisplayError.sizeMismatch(expected: (width, height), got: (frame.width, frame.height))
        }
        let change = hasShownAFrame ? changed : .unknown
        hasShownAFrame = true
        guard let rect = change.rect(width: width, height: height) else { return }
        ScanoutCopy.copy(
            frame, rect: rect, rotation: rotation, format: format, to: visible, pitch: screen.lineLength,
            scratch: &scratch)
        copiedPixels += rect.width * rect.height
    }

    /// None: each frame is copied out before `present` returns.
    public var framesHeld: Int { 0 }

    /// fbdev writes in place: a frame is on the screen when `present` returns.
    public var eventDescriptor: Int32? { nil }
    public func handleEvents() throws -> Int { 0 }
    public func finishPendingFrames() throws {}
    public var counters: String? { nil }

    /// Unmaps the framebuffer and gives the screen back to the console. Safe to call twice.
    public func close() {
        guard !closed else { return }
        closed = true
        FbdevSys.unmap(memory, length: screen.memoryLength)
        FbdevSys.close(fd)
        console?.restore()
    }
}

extension FbdevDisplay {
    /// One line about an fbdev device ("/dev/fb0: bochs-drmdrmfb 1280x800 32 bpp, 5120 bytes per row"), or why
    /// it cannot be read; for `probe`. Does not touch the screen.
    public static func describe(path: String = "/dev/fb0") -> String {
        do {
            let fd = try FbdevSys.open(path)
            defer { FbdevSys.close(fd) }
            let s = try FbdevSys.screen(fd, path: path)
            return "\(path): \(s.id) \(s.width)x\(s.height) \(s.bitsPerPixel) bpp, \(s.lineLength) bytes per row"
        } catch {
            return "\(path): \(error)"
        }
    }
}
