import CEvdev
import CLinux
import Core
import Glibc

/// Why an input device could not be opened or read.
///
/// Not a `SystemCallError`: `EvdevInput` catches this type alone to drop one device and keep the rest (any other
/// error stops input), libevdev reports a negative errno rather than errno, and its text ("read input events: No
/// such device") is the reason in the journal's "input … removed: …" line.
public struct InputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was being done ("open /dev/input/event3").
    public var operation: String
    public var errno: Int32
    public init(_ operation: String, errno: Int32) {
        self.operation = operation
        self.errno = errno
    }
    public var description: String { "\(operation): \(String(cString: strerror(errno)))" }
}

// Every call into libevdev, uinput, inotify and the input epoll is in this file. libevdev returns a negative
// errno; POSIX calls return -1 and set errno. `evdevCheck` and `posixCheck` are the two helpers, never mixed.

/// libevdev's convention: a negative errno on failure.
@discardableResult
func evdevCheck(_ status: Int32, _ operation: @autoclosure () -> String) throws -> Int32 {
    guard status >= 0 else { throw InputError(operation(), errno: -status) }
    return status
}

/// POSIX's convention: -1 and errno, with EINTR retried.
@discardableResult
func posixCheck(_ operation: @autoclosure () -> String, _ body: () -> Int32) throws -> Int32 {
    let r = retryingEINTR(body)
    guard r >= 0 else {
        let code = errno  // read before `operation()` builds its text
        throw InputError(operation(), errno: code)
    }
    return r
}

/// Opens an input node for non-blocking reads. The corresponding C function is `open`.
func system_openInput(_ path: String) throws -> Int32 {
    try posixCheck("open \(path)") { open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
}

func system_closeInput(_ fd: Int32) { _ = close(fd) }

/// A libevdev handle on an open descriptor, its clock set to CLOCK_MONOTONIC so event times match the rest of the
/// project's timestamps. The corresponding C functions are `libevdev_new_from_fd` and `libevdev_set_clock_id`.
func evdev_open(fd: Int32, path: String) throws -> OpaquePointer {
    var dev: OpaquePointer?
    try evdevCheck(libevdev_new_from_fd(fd, &dev), "read the capabilities of \(path)")
    guard let dev else { throw InputError("read the capabilities of \(path)", errno: ENOMEM) }
    _ = libevdev_set_clock_id(dev, CLOCK_MONOTONIC)
    return dev
}

func evdev_free(_ dev: OpaquePointer) { libevdev_free(dev) }

func evdev_name(_ dev: OpaquePointer) -> String {
    libevdev_get_name(dev).map { String(cString: $0) } ?? ""
}

func evdev_hasEvent(_ dev: OpaquePointer, type: UInt32, code: UInt32) -> Bool {
    libevdev_has_event_code(dev, type, code) == 1
}

func evdev_hasProperty(_ dev: OpaquePointer, _ property: UInt32) -> Bool {
    libevdev_has_property(dev, property) == 1
}

/// The range of an absolute axis, if the device has it. The corresponding C function is `libevdev_get_abs_info`.
func evdev_axis(_ dev: OpaquePointer, _ code: UInt32) -> AxisRange? {
    guard let info = libevdev_get_abs_info(dev, code) else { return nil }
    return AxisRange(minimum: info.pointee.minimum, maximum: info.pointee.maximum)
}

/// The outcome of one `libevdev_next_event`.
enum EvdevRead {
    case event(EvdevEvent)
    /// The kernel dropped events; the events that follow resynchronise (`LIBEVDEV_READ_STATUS_SYNC`).
    case sync(EvdevEvent)
    /// Nothing more to read now.
    case empty
}

/// The corresponding C function is `libevdev_next_event`. ENODEV (the device was unplugged) is thrown.
func evdev_next(_ dev: OpaquePointer, syncing: Bool) throws -> EvdevRead {
    var ev = input_event()
    let flags = syncing ? LIBEVDEV_READ_FLAG_SYNC.rawValue : LIBEVDEV_READ_FLAG_NORMAL.rawValue
    let status = libevdev_next_event(dev, flags, &ev)
    if status == -EAGAIN { return .empty }
    try evdevCheck(status, "read input events")
    let nanos = Int64(ev.time.tv_sec) * 1_000_000_000 + Int64(ev.time.tv_usec) * 1_000
    let event = EvdevEvent(time: Timestamp(nanoseconds: nanos), type: ev.type, code: ev.code, value: ev.value)
    return status == LIBEVDEV_READ_STATUS_SYNC.rawValue ? .sync(event) : .event(event)
}

// MARK: - inotify and epoll

/// A non-blocking inotify descriptor watching `directory` for nodes appearing, vanishing or changing
/// permissions. The corresponding C functions are `inotify_init1` and `inotify_add_watch`.
func system_watchDirectory(_ directory: String) throws -> Int32 {
    let fd = try posixCheck("inotify_init1") { inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC)) }
    let mask = UInt32(IN_CREATE) | UInt32(IN_DELETE) | UInt32(IN_ATTRIB) | UInt32(IN_MOVED_TO)
    do {
        try posixCheck("watch \(directory)") { inotify_add_watch(fd, directory, mask) }
    } catch {
        _ = close(fd)
        throw error
    }
    return fd
}

/// Reads and discards what an inotify descriptor has queued (the reader rescans instead of parsing names).
func system_drainNotifications(_ fd: Int32) {
    var buffer = [UInt8](repeating: 0, count: 4096)
    while buffer.withUnsafeMutableBytes({ read(fd, $0.baseAddress, $0.count) }) > 0 {}
}

func system_inputEpoll() throws -> Int32 {
    try posixCheck("epoll_create1") { epoll_create1(Int32(EPOLL_CLOEXEC)) }
}

func system_inputEpollAdd(_ epoll: Int32, _ fd: Int32) throws {
    var ev = epoll_event()
    ev.events = EPOLLIN.rawValue
    ev.data.fd = fd
    try posixCheck("epoll_ctl add") { epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &ev) }
}

func system_inputEpollRemove(_ epoll: Int32, _ fd: Int32) {
    _ = epoll_ctl(epoll, EPOLL_CTL_DEL, fd, nil)
}

/// The descriptors that are ready now (never waits).
func system_inputEpollReady(_ epoll: Int32) throws -> [Int32] {
    var events = [epoll_event](repeating: epoll_event(), count: 32)
    let n = try posixCheck("epoll_wait") { epoll_wait(epoll, &events, Int32(events.count), 0) }
    return events.prefix(Int(n)).map { $0.data.fd }
}

/// The names in `directory` that start with `prefix`, sorted (the device nodes `event0`, `event1`, …).
func system_listDirectory(_ directory: String, prefix: String) -> [String] {
    guard let dir = opendir(directory) else { return [] }
    defer { closedir(dir) }
    var names: [String] = []
    while let entry = readdir(dir) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        if name.hasPrefix(prefix) { names.append(name) }
    }
    return names.sorted { a, b in
        // event2 before event10.
        (Int(a.dropFirst(prefix.count)) ?? 0, a) < (Int(b.dropFirst(prefix.count)) ?? 0, b)
    }
}

// MARK: - uinput

/// A virtual device made through /dev/uinput from a libevdev description. The corresponding C functions are
/// `libevdev_new`, `libevdev_enable_event_code` and `libevdev_uinput_create_from_device`.
func uinput_create(name: String, keys: [UInt16], touchAxes: (x: Int32, y: Int32)?) throws -> (
    OpaquePointer, OpaquePointer
) {
    guard let dev = libevdev_new() else { throw InputError("libevdev_new", errno: ENOMEM) }
    libevdev_set_name(dev, name)
    libevdev_enable_event_type(dev, UInt32(EV_KEY))
    for k in keys { libevdev_enable_event_code(dev, UInt32(EV_KEY), UInt32(k), nil) }
    if let axes = touchAxes {
        libevdev_enable_property(dev, UInt32(INPUT_PROP_DIRECT))
        libevdev_enable_event_code(dev, UInt32(EV_KEY), UInt32(BTN_TOUCH), nil)
        libevdev_enable_event_type(dev, UInt32(EV_ABS))
        func axis(_ code: Int32, _ max: Int32) {
            var info = input_absinfo(value: 0, minimum: 0, maximum: max, fuzz: 0, flat: 0, resolution: 0)
            libevdev_enable_event_code(dev, UInt32(EV_ABS), UInt32(code), &info)
        }
        axis(ABS_X, axes.x)
        axis(ABS_Y, axes.y)
        axis(ABS_MT_SLOT, 4)
        axis(ABS_MT_POSITION_X, axes.x)
        axis(ABS_MT_POSITION_Y, axes.y)
        axis(ABS_MT_TRACKING_ID, 65_535)
    }
    var uidev: OpaquePointer?
    let status = libevdev_uinput_create_from_device(dev, LIBEVDEV_UINPUT_OPEN_MANAGED.rawValue, &uidev)
    guard status >= 0, let uidev else {
        libevdev_free(dev)
        throw InputError("create a uinput device", errno: status < 0 ? -status : ENOMEM)
    }
    return (dev, uidev)
}

/// True when /dev/uinput can be opened for writing. The corresponding C function is `open`.
func system_uinputAvailable() -> Bool {
    let fd = open("/dev/uinput", O_WRONLY | O_CLOEXEC)
    guard fd >= 0 else { return false }
    _ = close(fd)
    return true
}

func uinput_devnode(_ uidev: OpaquePointer) -> String? {
    libevdev_uinput_get_devnode(uidev).map { String(cString: $0) }
}

/// The corresponding C function is `libevdev_uinput_write_event`.
func uinput_write(_ uidev: OpaquePointer, type: UInt16, code: UInt16, value: Int32) throws {
    try evdevCheck(libevdev_uinput_write_event(uidev, UInt32(type), UInt32(code), value), "write to uinput")
}

func uinput_destroy(_ dev: OpaquePointer, _ uidev: OpaquePointer) {
    libevdev_uinput_destroy(uidev)
    libevdev_free(dev)
}
