import CEvdev
import Core

/// What an input device offers the ride.
public struct InputDeviceKinds: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Keys a key map can bind: keyboards, keypads, consumer-control remotes, GPIO buttons.
    public static let keys = InputDeviceKinds(rawValue: 1)
    /// A touch screen (direct touch, not a touchpad).
    public static let touch = InputDeviceKinds(rawValue: 2)

    public var description: String {
        [contains(.keys) ? "keys" : nil, contains(.touch) ? "touch" : nil].compactMap { $0 }.joined(separator: "+")
    }
}

/// One open /dev/input/event* node with its libevdev handle and its own decoder.
final class EvdevDevice {
    let path: String
    let name: String
    let kinds: InputDeviceKinds
    let fd: Int32
    private let dev: OpaquePointer
    private var decoder: EvdevDecoder
    private var syncing = false

    /// Opens `path` and reads what it can do; nil (and closed again) when it has nothing for the ride, such as
    /// a mouse, a touchpad, a lid switch or a sensor.
    static func open(_ path: String) throws -> EvdevDevice? {
        let fd = try system_openInput(path)
        let dev: OpaquePointer
        do {
            dev = try evdev_open(fd: fd, path: path)
        } catch {
            system_closeInput(fd)
            throw error
        }
        let kinds = classify(dev)
        guard !kinds.isEmpty else {
            evdev_free(dev)
            system_closeInput(fd)
            return nil
        }
        return EvdevDevice(path: path, fd: fd, dev: dev, kinds: kinds)
    }

    private init(path: String, fd: Int32, dev: OpaquePointer, kinds: InputDeviceKinds) {
        self.path = path
        self.fd = fd
        self.dev = dev
        self.kinds = kinds
        self.name = evdev_name(dev)
        let fallback = AxisRange(minimum: 0, maximum: 1)
        let x = evdev_axis(dev, UInt32(ABS_MT_POSITION_X)) ?? evdev_axis(dev, UInt32(ABS_X)) ?? fallback
        let y = evdev_axis(dev, UInt32(ABS_MT_POSITION_Y)) ?? evdev_axis(dev, UInt32(ABS_Y)) ?? fallback
        self.decoder = EvdevDecoder(xRange: x, yRange: y)
    }

    deinit {
        evdev_free(dev)
        system_closeInput(fd)
    }

    /// Keys when it has a key the standard map or a key map could bind (not only mouse buttons); touch when it
    /// reports absolute positions with a touch and is a direct-touch device (a screen, not a touchpad).
    static func classify(_ dev: OpaquePointer) -> InputDeviceKinds {
        var kinds: InputDeviceKinds = []
        let mouseButtons: Set<UInt16> = [0x110, 0x111, 0x112, UInt16(BTN_TOUCH)]
        for code in KeyCode.named.map(\.rawValue) where !mouseButtons.contains(code) {
            if evdev_hasEvent(dev, type: UInt32(EV_KEY), code: UInt32(code)) {
                kinds.insert(.keys)
                break
            }
        }
        let multitouch = evdev_hasEvent(dev, type: UInt32(EV_ABS), code: UInt32(ABS_MT_POSITION_X))
        let singleTouch =
            evdev_hasEvent(dev, type: UInt32(EV_ABS), code: UInt32(ABS_X))
            && evdev_hasEvent(dev, type: UInt32(EV_KEY), code: UInt32(BTN_TOUCH))
        let pointer = evdev_hasProperty(dev, UInt32(INPUT_PROP_POINTER))
        if multitouch || singleTouch, !pointer { kinds.insert(.touch) }
        return kinds
    }

    /// Reads everything queued and decodes it. Throws when the device is gone (ENODEV) or broken.
    func readEvents() throws -> [InputEvent] {
        var out: [InputEvent] = []
        // Bounded, so a device that floods cannot hold the loop: what is left is read on the next wake-up.
        for _ in 0..<4_096 {
            switch try evdev_next(dev, syncing: syncing) {
            case .empty:
                if !syncing { return out }
                syncing = false
            case .sync(let e):
                // SYN_DROPPED: the decoder forgets its fingers; libevdev's resynchronising events follow.
                syncing = true
                out += decoder.feed(e)
            case .event(let e):
                out += decoder.feed(e)
            }
        }
        return out
    }
}
