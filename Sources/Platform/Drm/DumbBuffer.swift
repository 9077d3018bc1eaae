import Core

/// One dumb buffer: kernel memory of the mode's size, mapped into ours and registered as a framebuffer.
final class DumbBuffer {
    let handle: UInt32
    let framebufferID: UInt32
    /// Bytes per row as the driver laid it out (often more than width × bytes per pixel).
    let pitch: Int
    let size: Int
    let memory: UnsafeMutableRawPointer
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

    /// Unregisters, unmaps and frees the buffer.
    func free(_ fd: Int32) {
        DrmSys.removeFramebuffer(fd, framebufferID)
        DrmSys.destroyDumbBuffer(fd, handle: handle, memory: memory, size: size)
    }
}
