import Core

/// A keyboard or touch screen made in the kernel through /dev/uinput: what the tests (and a test bed) press to
/// drive the real evdev path end to end.
public final class VirtualInputDevice {
    private let dev: OpaquePointer
    private let uidev: OpaquePointer

    /// True when this kernel offers uinput to this process (the node exists and can be opened for writing).
    public static var isAvailable: Bool { system_uinputAvailable() }

    /// Creates a device named `name` with `keys`, and with `touchAxes` a multitouch screen of that axis range.
    public init(name: String, keys: [KeyCode], touchAxes: (x: Int32, y: Int32)? = nil) throws {
        (dev, uidev) = try uinput_create(name: name, keys: keys.map(\.rawValue), touchAxes: touchAxes)
    }

    deinit { uinput_destroy(dev, uidev) }

    /// The event node the kernel made for it (/dev/input/eventN), when known.
    public var devicePath: String? { uinput_devnode(uidev) }

    /// Sends one raw event.
    public func send(type: UInt16, code: UInt16, value: Int32) throws {
        try uinput_write(uidev, type: type, code: code, value: value)
    }

    /// Presses and releases `key`, each followed by a report.
    public func tap(_ key: KeyCode) throws {
        for value: Int32 in [1, 0] {
            try send(type: EvdevEvent.keyType, code: key.rawValue, value: value)
            try send(type: EvdevEvent.synType, code: EvdevEvent.synReport, value: 0)
        }
    }
}
