import Core

/// One dumb buffer: kernel memory of the mode's size, mapped into ours and registered as a framebuffer.
final class DumbBuffer {
    let handle: UInt32
    let framebufferID: UInt32
    /// Bytes per row as the driver laid it out (often more than width × bytes per pixel).
    let pitch: Int
    let size: Int
    let memory: UnsafeMutableRawPointer
    /// Where this buffer may differ from the newest frame copied out (`DrmDisplay`'s `newest`), in logical
    /// pixels; nil when it holds that frame. (Before the first copy there is no newest frame, and the first copy
    /// into each buffer writes it whole.)
    var outdated: PixelRect?

    init(fd: Int32, width: Int, height: Int, format: PixelFormat) throws {
        let made = try DrmSys.createDumbBuffer(
            fd, width: width, height: height, bitsPerPixel: DrmFourCC.bitsPerPixel(format))
        do {
            framebufferID = try DrmSys.addFramebuffer(
                fd, width: width, height: height, fourcc: DrmFourCC.code(for: format), handle: made.handle,
                pitch: made.pitch)
        } catch {
            DrmSys.destroyDumbBuffer(fd, handle: made.handle, memory: made.memory, size: made.size)
            throw error
        }
        handle = made.handle
        pitch = made.pitch
        size = made.size
        memory = made.memory
    }

    /// Marks the buffer as not holding `newest` within `rect` as well.
    func fallsBehind(_ rect: PixelRect?) {
        guard let rect else { return }
        outdated = outdated.map { $0.union(rect) } ?? rect
    }

    /// Unregisters, unmaps and frees the buffer.
    func free(_ fd: Int32) {
        DrmSys.removeFramebuffer(fd, framebufferID)
        DrmSys.destroyDumbBuffer(fd, handle: handle, memory: memory, size: size)
    }
}
