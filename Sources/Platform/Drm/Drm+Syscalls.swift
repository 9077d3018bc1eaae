// Every call into libdrm (and the POSIX calls on DRM fds) lives in this file; the rest of the DRM code sees Swift
// values and `DrmError`s. libdrm's xf86drmMode functions return a negative errno, the core ones return -1 and set
// errno: `drmCheck` accepts both.
import CDrm

#if canImport(Glibc)
    import Glibc
#endif

/// The kernel's mode record, opaque outside this file.
struct DrmRawMode: Sendable {
    var info: drmModeModeInfo
    /// An all-zero record, for modes made up in tests.
    static let empty = DrmRawMode(info: drmModeModeInfo())
}

/// Throws `DrmError.call` when a libdrm result is negative; returns it otherwise.
@discardableResult
func drmCheck(_ what: @autoclosure () -> String, _ result: Int32) throws -> Int32 {
    guard result < 0 else { return result }
    let code = result == -1 ? errno : -result
    throw DrmError.call(what(), errno: code)
}

enum DrmSys {
    /// Primary node paths of every DRM device (`/dev/dri/cardN`), in the kernel's order.
    /// The corresponding C function is `drmGetDevices2`.
    static func primaryNodes() -> [String] {
        let count = drmGetDevices2(0, nil, 0)
        guard count > 0 else { return [] }
        var devices = [drmDevicePtr?](repeating: nil, count: Int(count))
        let got = drmGetDevices2(0, &devices, count)
        guard got > 0 else { return [] }
        defer { drmFreeDevices(&devices, got) }
        var paths: [String] = []
        for device in devices.prefix(Int(got)) {
            guard let device, device.pointee.available_nodes & (1 << DRM_NODE_PRIMARY) != 0,
                let node = device.pointee.nodes[Int(DRM_NODE_PRIMARY)]
            else { continue }
            paths.append(String(cString: node))
        }
        // By card number, so card2 comes before card10.
        func number(_ path: String) -> Int { Int(String(path.reversed().prefix(while: \.isNumber).reversed())) ?? 0 }
        return paths.sorted { (number($0), $0) < (number($1), $1) }
    }

    /// Opens a DRM node read-write. The corresponding C function is `open`.
    static func open(_ path: String) throws -> Int32 {
        let fd = Glibc.open(path, O_RDWR | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            let code = errno
            if code == EACCES || code == EPERM { throw DrmError.permissionDenied(path: path) }
            if code == ENOENT || code == ENODEV || code == ENXIO {
                throw DrmError.noDevice("no DRM device at \(path) (\(errnoTextAndName(code)))")
            }
            throw DrmError.call("opening \(path)", errno: code)
        }
        return fd
    }

    static func close(_ fd: Int32) { _ = Glibc.close(fd) }

    /// The kernel driver's name ("bochs-drm", "virtio_gpu", "vc4"). The corresponding C function is `drmGetVersion`.
    static func driverName(_ fd: Int32) -> String {
        guard let version = drmGetVersion(fd) else { return "unknown" }
        defer { drmFreeVersion(version) }
        return version.pointee.name.map { String(cString: $0) } ?? "unknown"
    }

    /// A device capability, nil when the query fails. The corresponding C function is `drmGetCap`.
    static func capability(_ fd: Int32, _ cap: Int32) -> UInt64? {
        var value: UInt64 = 0
        return drmGetCap(fd, UInt64(cap), &value) == 0 ? value : nil
    }

    /// Asks for a client capability; false when refused. The corresponding C function is `drmSetClientCap`.
    static func setClientCap(_ fd: Int32, _ cap: Int32, _ value: UInt64) -> Bool {
        drmSetClientCap(fd, UInt64(cap), value) == 0
    }

    static func isMaster(_ fd: Int32) -> Bool { drmIsMaster(fd) != 0 }

    /// Becomes DRM master; throws `masterHeld` when another process has it. The C function is `drmSetMaster`.
    static func becomeMaster(_ fd: Int32, path: String) throws {
        if drmSetMaster(fd) != 0 {
            let code = errno
            if code == EBUSY || code == EACCES || code == EPERM || code == EINVAL {
                throw DrmError.masterHeld(path: path)
            }
            throw DrmError.call("becoming DRM master on \(path)", errno: code)
        }
    }

    static func dropMaster(_ fd: Int32) { _ = drmDropMaster(fd) }

    /// Reads the card's CRTCs, connectors and planes. The corresponding C functions are `drmModeGetResources`,
    /// `drmModeGetConnector`, `drmModeGetEncoder` and `drmModeGetPlane`.
    static func cardInfo(_ fd: Int32, path: String) -> DrmCardInfo {
        let dumb = (capability(fd, DRM_CAP_DUMB_BUFFER) ?? 0) != 0
        // Without this the primary planes are hidden and their format lists unreachable.
        _ = setClientCap(fd, DRM_CLIENT_CAP_UNIVERSAL_PLANES, 1)
        guard let res = drmModeGetResources(fd) else {
            return DrmCardInfo(
                path: path, driver: driverName(fd), hasDumbBuffers: dumb, crtcIDs: [], connectors: [], planes: [])
        }
        defer { drmModeFreeResources(res) }
        let crtcs = Array(UnsafeBufferPointer(start: res.pointee.crtcs, count: Int(res.pointee.count_crtcs)))
        let connectorIDs = Array(
            UnsafeBufferPointer(start: res.pointee.connectors, count: Int(res.pointee.count_connectors)))
        let connectors = connectorIDs.compactMap { connector(fd, $0) }
        return DrmCardInfo(
            path: path, driver: driverName(fd), hasDumbBuffers: dumb, crtcIDs: crtcs, connectors: connectors,
            planes: planes(fd))
    }

    private static func connector(_ fd: Int32, _ id: UInt32) -> DrmConnector? {
        guard let c = drmModeGetConnector(fd, id) else { return nil }
        defer { drmModeFreeConnector(c) }
        let typeName = drmModeGetConnectorTypeName(c.pointee.connector_type).map { String(cString: $0) } ?? "Unknown"
        let modes = UnsafeBufferPointer(start: c.pointee.modes, count: Int(c.pointee.count_modes)).map { m in
            DrmMode(
                width: Int(m.hdisplay), height: Int(m.vdisplay), refreshHz: Int(m.vrefresh),
                isPreferred: m.type & UInt32(DRM_MODE_TYPE_PREFERRED) != 0,
                isInterlaced: m.flags & UInt32(DRM_MODE_FLAG_INTERLACE) != 0, raw: DrmRawMode(info: m))
        }
        var possible: UInt32 = 0
        for encoderID in UnsafeBufferPointer(start: c.pointee.encoders, count: Int(c.pointee.count_encoders)) {
            if let e = drmModeGetEncoder(fd, encoderID) {
                possible |= e.pointee.possible_crtcs
                drmModeFreeEncoder(e)
            }
        }
        var current: UInt32?
        if c.pointee.encoder_id != 0, let e = drmModeGetEncoder(fd, c.pointee.encoder_id) {
            current = e.pointee.crtc_id == 0 ? nil : e.pointee.crtc_id
            drmModeFreeEncoder(e)
        }
        let connected: Bool?
        switch c.pointee.connection {
        case DRM_MODE_CONNECTED: connected = true
        case DRM_MODE_DISCONNECTED: connected = false
        default: connected = nil
        }
        return DrmConnector(
            id: id, name: "\(typeName)-\(c.pointee.connector_type_id)", isConnected: connected, modes: modes,
            currentCrtcID: current, possibleCrtcs: possible, widthMillimetres: Int(c.pointee.mmWidth),
            heightMillimetres: Int(c.pointee.mmHeight))
    }

    private static func planes(_ fd: Int32) -> [DrmPlane] {
        guard let res = drmModeGetPlaneResources(fd) else { return [] }
        defer { drmModeFreePlaneResources(res) }
        var result: [DrmPlane] = []
        for id in UnsafeBufferPointer(start: res.pointee.planes, count: Int(res.pointee.count_planes)) {
            guard let p = drmModeGetPlane(fd, id) else { continue }
            let formats = Array(UnsafeBufferPointer(start: p.pointee.formats, count: Int(p.pointee.count_formats)))
            let possible = p.pointee.possible_crtcs
            drmModeFreePlane(p)
            result.append(DrmPlane(id: id, kind: planeKind(fd, id), possibleCrtcs: possible, formats: formats))
        }
        return result
    }

    private static func planeKind(_ fd: Int32, _ planeID: UInt32) -> DrmPlane.Kind {
        guard let props = drmModeObjectGetProperties(fd, planeID, UInt32(DRM_MODE_OBJECT_PLANE)) else {
            return .unknown
        }
        defer { drmModeFreeObjectProperties(props) }
        for i in 0..<Int(props.pointee.count_props) {
            guard let prop = drmModeGetProperty(fd, props.pointee.props[i]) else { continue }
            let isType = withUnsafeBytes(of: prop.pointee.name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self) == "type"
            }
            drmModeFreeProperty(prop)
            if isType {
                switch Int32(props.pointee.prop_values[i]) {
                case DRM_PLANE_TYPE_PRIMARY: return .primary
                case DRM_PLANE_TYPE_OVERLAY: return .overlay
                case DRM_PLANE_TYPE_CURSOR: return .cursor
                default: return .unknown
                }
            }
        }
        return .unknown
    }

    /// What a CRTC shows now. The corresponding C function is `drmModeGetCrtc`.
    static func crtcState(_ fd: Int32, _ crtcID: UInt32) -> DrmCrtcState? {
        guard let c = drmModeGetCrtc(fd, crtcID) else { return nil }
        defer { drmModeFreeCrtc(c) }
        return DrmCrtcState(
            crtcID: crtcID, bufferID: c.pointee.buffer_id, x: c.pointee.x, y: c.pointee.y,
            mode: c.pointee.mode_valid != 0 ? DrmRawMode(info: c.pointee.mode) : nil)
    }

    /// Points a CRTC at a framebuffer with a mode; a nil mode or zero buffer turns the CRTC off.
    /// The corresponding C function is `drmModeSetCrtc`.
    static func setCrtc(
        _ fd: Int32, crtcID: UInt32, bufferID: UInt32, x: UInt32 = 0, y: UInt32 = 0,
        connectorID: UInt32?, mode: DrmRawMode?
    ) throws {
        var connectors = connectorID.map { [$0] } ?? []
        var info = mode?.info ?? drmModeModeInfo()
        let result = connectors.withUnsafeMutableBufferPointer { ids in
            withUnsafeMutablePointer(to: &info) { infoPointer in
                drmModeSetCrtc(
                    fd, crtcID, bufferID, x, y, mode == nil ? nil : ids.baseAddress, Int32(ids.count),
                    mode == nil ? nil : infoPointer)
            }
        }
        try drmCheck("setting the mode on CRTC \(crtcID)", result)
    }

    /// A dumb buffer: its handle, the driver's pitch in bytes and its size. The corresponding C functions are
    /// `drmModeCreateDumbBuffer` and `drmModeMapDumbBuffer` followed by `mmap`.
    static func createDumbBuffer(_ fd: Int32, width: Int, height: Int, bitsPerPixel: Int) throws
        -> (handle: UInt32, pitch: Int, size: Int, memory: UnsafeMutableRawPointer)
    {
        var handle: UInt32 = 0
        var pitch: UInt32 = 0
        var size: UInt64 = 0
        try drmCheck(
            "creating a \(width)x\(height) dumb buffer",
            drmModeCreateDumbBuffer(fd, UInt32(width), UInt32(height), UInt32(bitsPerPixel), 0, &handle, &pitch, &size))
        var offset: UInt64 = 0
        do {
            try drmCheck("preparing dumb buffer \(handle) for mapping", drmModeMapDumbBuffer(fd, handle, &offset))
        } catch {
            _ = drmModeDestroyDumbBuffer(fd, handle)
            throw error
        }
        let memory = mmap(nil, Int(size), PROT_READ | PROT_WRITE, MAP_SHARED, fd, off_t(offset))
        guard let memory, memory != MAP_FAILED else {
            let code = errno
            _ = drmModeDestroyDumbBuffer(fd, handle)
            throw DrmError.call("mapping dumb buffer \(handle)", errno: code)
        }
        return (handle, Int(pitch), Int(size), memory)
    }

    /// Unmaps and frees a dumb buffer. The corresponding C functions are `munmap`, `drmModeDestroyDumbBuffer`.
    static func destroyDumbBuffer(_ fd: Int32, handle: UInt32, memory: UnsafeMutableRawPointer, size: Int) {
        _ = munmap(memory, size)
        _ = drmModeDestroyDumbBuffer(fd, handle)
    }

    /// Registers a buffer as a framebuffer in `fourcc`. The corresponding C function is `drmModeAddFB2`.
    static func addFramebuffer(_ fd: Int32, width: Int, height: Int, fourcc: UInt32, handle: UInt32, pitch: Int)
        throws -> UInt32
    {
        var handles: (UInt32, UInt32, UInt32, UInt32) = (handle, 0, 0, 0)
        var pitches: (UInt32, UInt32, UInt32, UInt32) = (UInt32(pitch), 0, 0, 0)
        var offsets: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
        var id: UInt32 = 0
        let result = withUnsafePointer(to: &handles) { h in
            withUnsafePointer(to: &pitches) { p in
                withUnsafePointer(to: &offsets) { o in
                    drmModeAddFB2(
                        fd, UInt32(width), UInt32(height), fourcc,
                        UnsafeRawPointer(h).assumingMemoryBound(to: UInt32.self),
                        UnsafeRawPointer(p).assumingMemoryBound(to: UInt32.self),
                        UnsafeRawPointer(o).assumingMemoryBound(to: UInt32.self), &id, 0)
                }
            }
        }
        try drmCheck("registering a \(width)x\(height) \(DrmFourCC.name(fourcc)) framebuffer", result)
        return id
    }

    static func removeFramebuffer(_ fd: Int32, _ id: UInt32) { _ = drmModeRmFB(fd, id) }

    /// Queues a page flip that reports completion as an event on the fd; `token` comes back in the event.
    /// The corresponding C function is `drmModePageFlip`.
    static func pageFlip(_ fd: Int32, crtcID: UInt32, bufferID: UInt32, token: UnsafeMutableRawPointer?) -> Int32 {
        let result = drmModePageFlip(fd, crtcID, bufferID, UInt32(DRM_MODE_PAGE_FLIP_EVENT), token)
        return result < 0 ? (result == -1 ? errno : -result) : 0
    }

    /// Tells the driver which rectangles of a framebuffer changed; returns 0 or an errno.
    /// The corresponding C function is `drmModeDirtyFB`.
    static func dirtyFramebuffer(_ fd: Int32, _ bufferID: UInt32, clips: [(x1: Int, y1: Int, x2: Int, y2: Int)])
        -> Int32
    {
        var rects = clips.map {
            drmModeClip(x1: UInt16($0.x1), y1: UInt16($0.y1), x2: UInt16($0.x2), y2: UInt16($0.y2))
        }
        let result = rects.withUnsafeMutableBufferPointer {
            drmModeDirtyFB(fd, bufferID, $0.baseAddress, UInt32($0.count))
        }
        return result < 0 ? (result == -1 ? errno : -result) : 0
    }

    /// Reads pending events from the fd; each completed page flip marks the `FlipToken` it was queued with.
    /// The corresponding C function is `drmHandleEvent`.
    static func handleEvents(_ fd: Int32) throws {
        var context = drmEventContext()
        context.version = 2
        context.page_flip_handler = { _, _, _, _, userData in
            guard let userData else { return }
            // The user data is a FlipToken's address; mark it completed.
            userData.assumingMemoryBound(to: FlipToken.self).pointee.completed = true
        }
        // drmHandleEvent reads the descriptor: -1 and errno when that read fails.
        let result = retryingEINTR { drmHandleEvent(fd, &context) }
        if result != 0 {
            let code = errno
            if code == EAGAIN { return }
            throw DrmError.call("reading DRM events", errno: code)
        }
    }

    /// Waits until the fd is readable or `timeoutMilliseconds` pass; true when readable.
    /// The corresponding C function is `poll`.
    static func waitReadable(_ fd: Int32, timeoutMilliseconds: Int32) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let result = retryingEINTR { poll(&entry, 1, timeoutMilliseconds) }
        return result > 0 && entry.revents & Int16(POLLIN) != 0
    }
}

/// Memory that a page flip's event writes into when the flip completes (see `DrmSys.handleEvents`).
struct FlipToken {
    var completed = false
}
