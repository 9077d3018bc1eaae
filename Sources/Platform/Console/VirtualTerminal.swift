// The Linux VT: while we own the screen, the VT is in KD_GRAPHICS so the text console neither draws its cursor
// nor repaints over our frames; on exit it goes back to the mode it had. Every ioctl on the VT is in this file.
#if canImport(Glibc)
    import Glibc
#endif

/// The virtual terminal's text/graphics mode, switched for as long as a display is open.
public final class VirtualTerminal {
    // linux/kd.h
    private static let KDSETMODE: UInt = 0x4B3A
    private static let KDGETMODE: UInt = 0x4B3B
    static let textMode: Int32 = 0
    static let graphicsMode: Int32 = 1

    /// The VT device used ("/dev/tty0" or "stdin").
    public let device: String
    private let fd: Int32
    private let ownsFD: Bool
    private let savedMode: Int32
    private var restored = false

    private init(device: String, fd: Int32, ownsFD: Bool, savedMode: Int32) {
        self.device = device
        self.fd = fd
        self.ownsFD = ownsFD
        self.savedMode = savedMode
    }

    /// Finds the VT: standard input when it is one, else `/dev/tty0` (the foreground VT). Nil when there is none
    /// we may use (no VTs, or no permission): the display still works, the console may just draw over it.
    public static func find() -> (fd: Int32, device: String, owns: Bool, mode: Int32)? {
        var mode: Int32 = 0
        if ioctl(0, KDGETMODE, &mode) == 0 { return (0, "stdin", false, mode) }
        let fd = open("/dev/tty0", O_RDWR | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { return nil }
        if ioctl(fd, KDGETMODE, &mode) == 0 { return (fd, "/dev/tty0", true, mode) }
        close(fd)
        return nil
    }

    /// The foreground VT's mode now, "text" or "graphics", or nil without a VT; for `probe` and tests.
    public static func currentModeName() -> String? {
        guard let vt = find() else { return nil }
        if vt.owns { close(vt.fd) }
        return vt.mode == graphicsMode ? "graphics" : vt.mode == textMode ? "text" : "mode \(vt.mode)"
    }

    /// Switches the VT to graphics mode; nil when there is no usable VT.
    public static func enterGraphics() -> VirtualTerminal? {
        guard let vt = find() else { return nil }
        guard ioctl(vt.fd, KDSETMODE, CInt(graphicsMode)) == 0 else {
            if vt.owns { close(vt.fd) }
            return nil
        }
        return VirtualTerminal(device: vt.device, fd: vt.fd, ownsFD: vt.owns, savedMode: vt.mode)
    }

    /// Puts the VT back in the mode it had (text, normally); safe to call twice.
    public func restore() {
        guard !restored else { return }
        restored = true
        _ = ioctl(
            fd, VirtualTerminal.KDSETMODE,
            CInt(savedMode == VirtualTerminal.graphicsMode ? VirtualTerminal.textMode : savedMode))
        if ownsFD { close(fd) }
    }

    deinit { restore() }
}
