import Core

/// Keys and touches from every suitable /dev/input/event* device, behind one descriptor a session can watch.
///
/// The reader keeps an epoll descriptor of its own holding every open device and an inotify watch on the
/// directory, so the session watches one descriptor: when it is readable, `readEvents()` reads the devices that
/// have data and rescans when nodes appeared or vanished (hot-plug without udev; the kernel's devtmpfs creates
/// the nodes). A device that is unplugged is closed and reported in `changes`.
public final class EvdevInput {
    /// One device's arrival or departure, for the log.
    public struct Change: Hashable, Sendable, CustomStringConvertible {
        public var path: String
        public var name: String
        public var kinds: InputDeviceKinds
        public var added: Bool
        /// Why it went, when it went because of an error.
        public var reason: String?
        public var description: String {
            added
                ? "input \(path) \"\(name)\" (\(kinds)) added"
                : "input \(path) \"\(name)\" removed" + (reason.map { ": \($0)" } ?? "")
        }
    }

    /// Called with every decoded key and touch frame when the reader is driven by a session (tests, logging).
    public var onInput: ((InputEvent) -> Void)?
    /// Turns keys and touches into ride actions when the reader is a session's source; nil gives none.
    public var rideInput: RideInput?

    /// The directory scanned for `event*` nodes.
    public let directory: String
    /// The descriptor to watch for readability.
    public let fileDescriptor: Int32
    private let notify: Int32?
    private var devicesByFD: [Int32: EvdevDevice] = [:]
    /// Nodes that were opened and are of no use to the ride, so a rescan does not open them again.
    private var ignored: Set<String> = []
    /// Arrivals and departures since the last call to `takeChanges()`.
    private var pendingChanges: [Change] = []
    /// Errors of the reader itself (not of one device) for a session's log.
    var readFailures: [String] = []

    func takeReadFailures() -> [String] {
        defer { readFailures.removeAll() }
        return readFailures
    }

    /// The one node to use (`--input /dev/input/event3`); nil takes every suitable one.
    public let only: String?

    /// Opens every suitable device in `directory` (default /dev/input), or only the node `only` in it. A directory
    /// that does not exist yet (no input device at all on a board) is not an error: `rescan()` looks again.
    public init(directory: String = "/dev/input", only: String? = nil) throws {
        self.directory = directory
        self.only = only
        fileDescriptor = try system_inputEpoll()
        notify = try? system_watchDirectory(directory)
        if let notify {
            do {
                try system_inputEpollAdd(fileDescriptor, notify)
            } catch {
                system_closeInput(notify)
                system_closeInput(fileDescriptor)
                throw error
            }
        }
        rescan()
    }

    /// Uses only the device node at `path` (it may come and go like any other).
    public convenience init(only path: String) throws {
        let slash = path.lastIndex(of: "/") ?? path.startIndex
        let directory = slash == path.startIndex ? "/" : String(path[..<slash])
        try self.init(directory: directory, only: path)
    }

    deinit { close() }

    /// True when an inotify watch sees nodes come and go; without one (the directory did not exist at start) the
    /// owner calls `rescan()` now and then.
    public var watchesDirectory: Bool { notify != nil }

    /// The open devices: path, name and what each offers.
    public var devices: [(path: String, name: String, kinds: InputDeviceKinds)] {
        devicesByFD.values.sorted { $0.path < $1.path }.map { ($0.path, $0.name, $0.kinds) }
    }

    /// Opens devices that appeared and drops those that vanished.
    public func rescan() {
        let present = Set(
            system_listDirectory(directory, prefix: "event").map { directory + "/" + $0 }.filter {
                only == nil || $0 == only
            })
        for device in devicesByFD.values where !present.contains(device.path) {
            drop(device, reason: "node removed")
        }
        ignored.formIntersection(present)
        let open = Set(devicesByFD.values.map(\.path))
        for path in present.sorted() where !open.contains(path) && !ignored.contains(path) {
            do {
                guard let device = try EvdevDevice.open(path) else {
                    ignored.insert(path)
                    continue
                }
                try system_inputEpollAdd(fileDescriptor, device.fd)
                devicesByFD[device.fd] = device
                pendingChanges.append(Change(path: path, name: device.name, kinds: device.kinds, added: true))
            } catch {
                // Not readable (yet): udev may still be setting its permissions; the next notification retries.
                continue
            }
        }
    }

    /// Reads every device that has data (never blocks) and returns what they decode to, in device order.
    public func readEvents() throws -> [InputEvent] {
        var out: [InputEvent] = []
        var needsRescan = false
        for fd in try system_inputEpollReady(fileDescriptor) {
            if fd == notify {
                system_drainNotifications(fd)
                needsRescan = true
                continue
            }
            guard let device = devicesByFD[fd] else { continue }
            do {
                out += try device.readEvents()
            } catch let error as InputError {
                drop(device, reason: error.description)
            }
        }
        if needsRescan { rescan() }
        return out
    }

    /// The arrivals and departures since the last call.
    public func takeChanges() -> [Change] {
        defer { pendingChanges.removeAll() }
        return pendingChanges
    }

    /// Closes every device and the descriptors; safe to call twice.
    public func close() {
        guard !closed else { return }
        closed = true
        for device in devicesByFD.values { system_inputEpollRemove(fileDescriptor, device.fd) }
        devicesByFD.removeAll()
        if let notify, notify >= 0 { system_closeInput(notify) }
        if fileDescriptor >= 0 { system_closeInput(fileDescriptor) }
    }

    private var closed = false

    private func drop(_ device: EvdevDevice, reason: String) {
        system_inputEpollRemove(fileDescriptor, device.fd)
        devicesByFD[device.fd] = nil
        pendingChanges.append(
            Change(path: device.path, name: device.name, kinds: device.kinds, added: false, reason: reason))
    }
}
