// The Linux VT: while we own the screen, the VT is in KD_GRAPHICS so the text console neither draws its cursor
// nor repaints over our frames; on exit it goes back to the mode it had. Every ioctl on the VT is in this file.
//
// Switching to another VT (Ctrl-Alt-F2, `chvt 2`) is ours to allow once `handleSwitches` set VT_PROCESS mode, as
// weston's and wlroots' direct sessions do: the kernel sends the release signal and waits until we have let go
// of the screen (dropped DRM master) and said so with VT_RELDISP; coming back it sends the acquire signal and we
// acknowledge with VT_RELDISP(VT_ACKACQ) before taking the screen again.
import CLinux

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
    /// True once the VT waits for us to allow switches (VT_PROCESS mode).
    public private(set) var handlesSwitches = false

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

    /// Asks the kernel to send `releaseSignal` when someone switches to another VT and `acquireSignal` when this
    /// one comes back, and to wait for `allowRelease` / `acknowledgeAcquire` (VT_PROCESS mode). Block both
    /// signals first and take them from a signalfd: unblocked, their default action ends the process.
    /// Throws `SystemCallError` when the kernel refuses. The corresponding C function is `ioctl` with `VT_SETMODE`.
    public func handleSwitches(releaseSignal: Int32, acquireSignal: Int32) throws {
        var mode = vt_mode()
        mode.mode = CChar(VT_PROCESS)
        mode.waitv = 0
        mode.relsig = Int16(releaseSignal)
        mode.acqsig = Int16(acquireSignal)
        mode.frsig = 0
        try retryingEINTR("VT_SETMODE VT_PROCESS on \(device)") { ioctl(fd, UInt(VT_SETMODE), &mode) }
        handlesSwitches = true
    }

    /// Lets the pending switch to another VT go ahead (after the screen was given up).
    /// The corresponding C function is `ioctl` with `VT_RELDISP` 1.
    public func allowRelease() throws {
        try retryingEINTR("VT_RELDISP 1 on \(device)") { ioctl(fd, UInt(VT_RELDISP), CInt(1)) }
    }

    /// Acknowledges that this VT is in front again (before the screen is taken back).
    /// The corresponding C function is `ioctl` with `VT_RELDISP` `VT_ACKACQ`.
    public func acknowledgeAcquire() throws {
        try retryingEINTR("VT_RELDISP VT_ACKACQ on \(device)") { ioctl(fd, UInt(VT_RELDISP), CInt(VT_ACKACQ)) }
    }

    /// Puts the VT back in the mode it had (text, normally) and switching back to the kernel's (VT_AUTO); safe
    /// to call twice.
    public func restore() {
        guard !restored else { return }
        restored = true
        if handlesSwitches {
            var mode = vt_mode()
            mode.mode = CChar(VT_AUTO)
            _ = ioctl(fd, UInt(VT_SETMODE), &mode)
        }
        _ = ioctl(
            fd, VirtualTerminal.KDSETMODE,
            CInt(savedMode == VirtualTerminal.graphicsMode ? VirtualTerminal.textMode : savedMode))
        if ownsFD { close(fd) }
    }

    deinit { restore() }
}
