/// One raw kernel input event (`struct input_event`) as a plain value, so the decoding of keys and touches is
/// pure Core and runs the same on a live device, an evemu recording or a replay.
public struct EvdevEvent: Hashable, Sendable {
    /// When the kernel stamped it (monotonic, or the recording's own clock).
    public var time: Timestamp
    public var type: UInt16
    public var code: UInt16
    public var value: Int32

    public init(time: Timestamp, type: UInt16, code: UInt16, value: Int32) {
        self.time = time
        self.type = type
        self.code = code
        self.value = value
    }

    // The few constants of linux/input-event-codes.h the decoder needs (Core imports no C headers).
    public static let synType: UInt16 = 0x00
    public static let keyType: UInt16 = 0x01
    public static let absType: UInt16 = 0x03
    public static let synReport: UInt16 = 0
    public static let synDropped: UInt16 = 3
    public static let absX: UInt16 = 0x00
    public static let absY: UInt16 = 0x01
    public static let absMTSlot: UInt16 = 0x2f
    public static let absMTPositionX: UInt16 = 0x35
    public static let absMTPositionY: UInt16 = 0x36
    public static let absMTTrackingID: UInt16 = 0x39
    public static let btnTouch: UInt16 = 0x14a
}

/// The range an absolute axis reports (`struct input_absinfo`'s minimum and maximum).
public struct AxisRange: Hashable, Sendable {
    public var minimum: Int32
    public var maximum: Int32
    public init(minimum: Int32, maximum: Int32) {
        self.minimum = minimum
        self.maximum = maximum
    }

    /// `value` as a fraction of the range, 0…1 (clamped).
    public func fraction(_ value: Int32) -> Double {
        guard maximum > minimum else { return 0 }
        let f = Double(Int64(value) - Int64(minimum)) / Double(Int64(maximum) - Int64(minimum))
        return min(max(f, 0), 1)
    }
}

/// A key, button or touch as the ride sees it, after the raw events of one report are put together.
public enum InputEvent: Hashable, Sendable {
    case key(KeyEvent)
    case touch(TouchFrame)
}

public struct KeyEvent: Hashable, Sendable {
    public enum State: Hashable, Sendable { case pressed, released, repeated }
    public var time: Timestamp
    public var code: KeyCode
    public var state: State
    public init(time: Timestamp, code: KeyCode, state: State) {
        self.time = time
        self.code = code
        self.state = state
    }
}

/// Every finger on the panel at one report, in screen fractions (0…1 across and down).
public struct TouchFrame: Hashable, Sendable {
    public struct Contact: Hashable, Sendable {
        /// The kernel's tracking id: the same finger keeps it from touch-down to lift-off.
        public var id: Int32
        public var x: Double
        public var y: Double
        public init(id: Int32, x: Double, y: Double) {
            self.id = id
            self.x = x
            self.y = y
        }
    }
    public var time: Timestamp
    public var contacts: [Contact]
    public init(time: Timestamp, contacts: [Contact]) {
        self.time = time
        self.contacts = contacts
    }
}
