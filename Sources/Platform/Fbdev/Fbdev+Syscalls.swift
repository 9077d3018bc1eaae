// Every system call on an fbdev device lives in this file. The two screeninfo structs of linux/fb.h are read as
// bytes at their fixed offsets (the layout is kernel ABI), so no C shim is needed.
#if canImport(Glibc)
    import Glibc
#endif

/// What an fbdev device reports about its visible screen.
struct FbdevScreen {
    var width: Int
    var height: Int
    var bitsPerPixel: Int
    var redOffset: Int
    var greenOffset: Int
    var blueOffset: Int
    var greenLength: Int
    var xOffset: Int
    var yOffset: Int
    var lineLength: Int
    var memoryLength: Int
    var id: String
}

enum FbdevSys {
    private static let FBIOGET_VSCREENINFO: UInt = 0x4600
    private static let FBIOGET_FSCREENINFO: UInt = 0x4602

    /// Opens the device. The corresponding C function is `open`.
    static func open(_ path: String) throws -> Int32 {
        let fd = Glibc.open(path, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            if code == EACCES || code == EPERM { throw DrmError.permissionDenied(path: path) }
            if code == ENOENT || code == ENODEV || code == ENXIO {
                throw DrmError.noDevice("no framebuffer device at \(path) (\(errnoTextAndName(code)))")
            }
            throw DrmError.call("opening \(path)", errno: code)
        }
        return fd
    }

    static func close(_ fd: Int32) { _ = Glibc.close(fd) }

    /// Reads the variable and fixed screen info. The corresponding C function is `ioctl` (FBIOGET_*SCREENINFO).
    static func screen(_ fd: Int32, path: String) throws -> FbdevScreen {
        var variable = [UInt8](repeating: 0, count: 160)
        var fixed = [UInt8](repeating: 0, count: 80)
        guard variable.withUnsafeMutableBytes({ ioctl(fd, FBIOGET_VSCREENINFO, $0.baseAddress!) }) == 0 else {
            throw DrmError.call("reading the screen info of \(path)", errno: errno)
        }
        guard fixed.withUnsafeMutableBytes({ ioctl(fd, FBIOGET_FSCREENINFO, $0.baseAddress!) }) == 0 else {
            throw DrmError.call("reading the fixed screen info of \(path)", errno: errno)
        }
        func u32(_ bytes: [UInt8], _ at: Int) -> Int {
            Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24
        }
        // struct fb_var_screeninfo: xres 0, yres 4, xoffset 16, yoffset 20, bits_per_pixel 24, red 32 (offset,
        // length, msb_right), green 44, blue 56. struct fb_fix_screeninfo: id[16] 0, smem_len 24, line_length 48.
        return FbdevScreen(
            width: u32(variable, 0), height: u32(variable, 4), bitsPerPixel: u32(variable, 24),
            redOffset: u32(variable, 32), greenOffset: u32(variable, 44), blueOffset: u32(variable, 56),
            greenLength: u32(variable, 48), xOffset: u32(variable, 16), yOffset: u32(variable, 20),
            lineLength: u32(fixed, 48), memoryLength: u32(fixed, 24),
            id: String(decoding: fixed.prefix(16).prefix(while: { $0 != 0 }), as: UTF8.self))
    }

    /// Maps the framebuffer memory. The corresponding C function is `mmap`.
    static func map(_ fd: Int32, length: Int, path: String) throws -> UnsafeMutableRawPointer {
        let memory = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0)
        guard let memory, memory != MAP_FAILED else {
            throw DrmError.call("mapping \(path)", errno: errno)
        }
        return memory
    }

    static func unmap(_ memory: UnsafeMutableRawPointer, length: Int) { _ = munmap(memory, length) }
}
