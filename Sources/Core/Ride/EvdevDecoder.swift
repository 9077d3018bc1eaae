/// Puts one device's raw events together into keys and touch frames, report by report.
///
/// Keys: value 1 pressed, 0 released, 2 autorepeat. Touch: multitouch protocol B (slots with tracking ids,
/// as the Raspberry Pi panel's ft5406/edt-ft5x06 and most capacitive panels send), or a single-touch panel's
/// ABS_X/ABS_Y with BTN_TOUCH. After SYN_DROPPED (the kernel's buffer overflowed) everything up to the next
/// report is dropped and the fingers are forgotten, as the kernel's documentation asks.
public struct EvdevDecoder: Sendable {
    /// The device's axis ranges, to turn positions into screen fractions.
    public var xRange: AxisRange
    public var yRange: AxisRange
    /// The most slots a device may claim (a bad report cannot grow memory).
    public static let maximumSlots = 16

    private struct Slot: Sendable {
        var id: Int32 = -1
        var x: Int32 = 0
        var y: Int32 = 0
    }

    private var slots = [Slot](repeating: Slot(), count: 1)
    private var slot = 0
    private var usesSlots = false
    private var singleTouchDown = false
    private var singleX: Int32 = 0
    private var singleY: Int32 = 0
    private var touchChanged = false
    private var dropping = false
    private var pendingKeys: [KeyEvent] = []
    private var lastFrameEmpty = true

    public init(xRange: AxisRange, yRange: AxisRange) {
        self.xRange = xRange
        self.yRange = yRange
    }

    /// Feeds one raw event; returns what a completed report produced (nothing until SYN_REPORT).
    public mutating func feed(_ e: EvdevEvent) -> [InputEvent] {
        if e.type == EvdevEvent.synType {
            if e.code == EvdevEvent.synDropped {
                dropping = true
                return []
            }
            guard e.code == EvdevEvent.synReport else { return [] }
            if dropping {
                // Resynchronised: forget every finger; the next reports say who is down now.
                dropping = false
                pendingKeys.removeAll()
                for i in slots.indices { slots[i].id = -1 }
                singleTouchDown = false
                touchChanged = !lastFrameEmpty
            }
            return flush(at: e.time)
        }
        guard !dropping else { return [] }
        switch e.type {
        case EvdevEvent.keyType:
            if e.code == EvdevEvent.btnTouch {
                singleTouchDown = e.value != 0
                touchChanged = true
            } else if let state = Self.keyState(e.value) {
                pendingKeys.append(KeyEvent(time: e.time, code: KeyCode(e.code), state: state))
            }
        case EvdevEvent.absType:
            absolute(e)
        default:
            break
        }
        return []
    }

    private static func keyState(_ value: Int32) -> KeyEvent.State? {
        switch value {
        case 0: return .released
        case 1: return .pressed
        case 2: return .repeated
        default: return nil
        }
    }

    private mutating func absolute(_ e: EvdevEvent) {
        switch e.code {
        case EvdevEvent.absMTSlot:
            usesSlots = true
            guard e.value >= 0, e.value < Int32(Self.maximumSlots) else {
                slot = -1
                return
            }
            slot = Int(e.value)
            while slots.count <= slot { slots.append(Slot()) }
        case EvdevEvent.absMTTrackingID:
            usesSlots = true
            guard slot >= 0 else { return }
            slots[slot].id = e.value
            touchChanged = true
        case EvdevEvent.absMTPositionX:
            guard slot >= 0 else { return }
            slots[slot].x = e.value
            touchChanged = true
        case EvdevEvent.absMTPositionY:
            guard slot >= 0 else { return }
            slots[slot].y = e.value
            touchChanged = true
        case EvdevEvent.absX:
            singleX = e.value
            touchChanged = true
        case EvdevEvent.absY:
            singleY = e.value
            touchChanged = true
        default:
            break
        }
    }

    private mutating func flush(at time: Timestamp) -> [InputEvent] {
        var out = pendingKeys.map(InputEvent.key)
        pendingKeys.removeAll()
        guard touchChanged else { return out }
        touchChanged = false
        var contacts: [TouchFrame.Contact] = []
        if usesSlots {
            for s in slots where s.id >= 0 {
                contacts.append(TouchFrame.Contact(id: s.id, x: xRange.fraction(s.x), y: yRange.fraction(s.y)))
            }
        } else if singleTouchDown {
            contacts.append(TouchFrame.Contact(id: 0, x: xRange.fraction(singleX), y: yRange.fraction(singleY)))
        }
        // ABS_X/ABS_Y beside the slots only repeat the first finger; a frame that changes nothing is not sent.
        if contacts.isEmpty, lastFrameEmpty { return out }
        lastFrameEmpty = contacts.isEmpty
        out.append(.touch(TouchFrame(time: time, contacts: contacts)))
        return out
    }
}
