#if canImport(Glibc)
    import Glibc
#endif

/// Why the DRM or fbdev display could not be opened or used; each message says what failed and what to do.
public enum DrmError: Error, CustomStringConvertible, Equatable {
    /// A system or libdrm call failed with `errno`.
    case call(String, errno: Int32)
    /// The device node could not be opened for lack of permission.
    case permissionDenied(path: String)
    /// Another process is DRM master on the card.
    case masterHeld(path: String)
    /// No usable device; the text says what was looked for.
    case noDevice(String)
    /// The device cannot do what was asked; the text says what and what it offers instead.
    case unsupported(String)
    /// A flip event did not arrive in time.
    case flipTimedOut(path: String)

    public var description: String {
        switch self {
        case .call(let what, let code):
            return "\(what) failed: \(errnoTextAndName(code))"
        case .permissionDenied(let path):
            return "permission denied opening \(path): add the user to the 'video' group "
                + "(sudo usermod -aG video $USER) and log in again, or run as root"
        case .masterHeld(let path):
            return "another program (a desktop session or another navdisplay) holds DRM master on \(path): "
                + "stop it or switch to a text console first"
        case .noDevice(let what):
            return what
        case .unsupported(let what):
            return what
        case .flipTimedOut(let path):
            return "page flip on \(path) did not complete within a second: the driver sent no flip event"
        }
    }
}

/// `strerror` text plus the symbolic code, e.g. "Device or resource busy (EBUSY)".
func errnoTextAndName(_ code: Int32) -> String {
    let names: [Int32: String] = [
        EPERM: "EPERM", ENOENT: "ENOENT", EINTR: "EINTR", EIO: "EIO", EBADF: "EBADF", EAGAIN: "EAGAIN",
        ENOMEM: "ENOMEM", EACCES: "EACCES", EBUSY: "EBUSY", ENODEV: "ENODEV", EINVAL: "EINVAL", ENOSPC: "ENOSPC",
        ENOSYS: "ENOSYS", EOPNOTSUPP: "EOPNOTSUPP", ENOTTY: "ENOTTY", ENXIO: "ENXIO",
    ]
    let text = errnoText(code)
    return names[code].map { "\(text) (\($0))" } ?? "\(text) (errno \(code))"
}

extension DrmError {
    // errno values the display code branches on, so it need not import Glibc.
    static let einval = EINVAL
    static let enosys = ENOSYS
    static let eopnotsupp = EOPNOTSUPP
}
