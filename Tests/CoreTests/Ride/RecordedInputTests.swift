import Core
import Foundation
import Testing

@Suite("Recorded evdev streams to ride actions")
struct RecordedInputTests {
    static func load(_ name: String) throws -> EvemuRecording {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)")
        return try EvemuRecording(parsing: try String(contentsOf: url, encoding: .utf8))
    }

    static func actions(_ recording: EvemuRecording, keyMap: KeyMap = .standard) -> [RideAction] {
        var input = RideInput(keyMap: keyMap, screenWidth: 800, screenHeight: 480)
        return recording.inputEvents().flatMap { input.actions(for: $0) }
    }

    @Test func aKeyboardsKeysArriveAsPressRepeatAndRelease() throws {
        let r = try Self.load("Logitech K400 Plus.evemu")
        #expect(r.name == "Logitech K400 Plus")
        let keys = r.inputEvents().compactMap { e -> KeyEvent? in
            if case .key(let k) = e { return k }
            return nil
        }
        #expect(
            keys.map(\.code.description) == [
                "KEY_ENTER", "KEY_LEFTCTRL", "KEY_LEFTCTRL", "KEY_LEFTCTRL", "KEY_LEFTCTRL", "KEY_C",
            ])
        #expect(keys.map(\.state) == [.released, .pressed, .repeated, .repeated, .repeated, .pressed])
        #expect(keys[5].time == Timestamp(nanoseconds: 11_576_222_000))
    }

    @Test func withTheStandardMapItsCKeyRecentres() throws {
        #expect(Self.actions(try Self.load("Logitech K400 Plus.evemu")) == [.recentre])
    }

    @Test func aHeldZoomKeyRepeatsButAHeldMarkKeyDoesNot() throws {
        let r = try Self.load("Logitech K400 Plus.evemu")
        var zoom = KeyMap()
        zoom.bind(KeyCode(name: "KEY_LEFTCTRL")!, to: .zoomIn)
        #expect(Self.actions(r, keyMap: zoom) == [.zoomIn, .zoomIn, .zoomIn, .zoomIn])
        var mark = KeyMap()
        mark.bind(KeyCode(name: "KEY_LEFTCTRL")!, to: .markPoint)
        #expect(Self.actions(r, keyMap: mark) == [.markPoint])
    }

    @Test func twoFingersPutDownAndLiftedOnAPanelZoomOut() throws {
        let r = try Self.load("EP0430M09.2-fingers-touch-release.evemu")
        let frames = r.inputEvents().compactMap { e -> TouchFrame? in
            if case .touch(let f) = e { return f }
            return nil
        }
        #expect(frames.first?.contacts.map(\.id) == [1, 2])
        #expect(frames.last?.contacts.isEmpty == true)
        #expect(Self.actions(r) == [.zoomOut])
    }

    @Test func aOneFingerDragPansByTheDistanceTheFingerMoved() throws {
        let r = try Self.load("EP0430M09.1-finger-drag.evemu")
        let actions = Self.actions(r)
        var dx = 0.0
        var dy = 0.0
        for case .pan(let x, let y) in actions {
            dx += x
            dy += y
        }
        #expect(actions.count > 40)
        #expect(actions.allSatisfy { if case .pan = $0 { return true } else { return false } })
        // The finger went from (605, 136) to (672, 508) on 1279×767 axes, shown on an 800×480 screen.
        #expect(abs(dx - 67.0 / 1279 * 800) < 0.01)
        #expect(abs(dy - 372.0 / 767 * 480) < 0.01)
    }

    @Test func twoFingersMovingTogetherBarelyZoom() throws {
        let actions = Self.actions(try Self.load("EP0430M09.2-finger-scroll.evemu"))
        var levels = 0.0
        for case .zoomBy(let l) in actions { levels += l }
        #expect(!actions.isEmpty)
        #expect(abs(levels) < 0.1)
    }

    @Test func aTapOnAControlDoesItsAction() {
        var input = RideInput(
            screenWidth: 800, screenHeight: 480,
            controls: [RideInput.Control(frame: Rect(x: 700, y: 0, width: 100, height: 80), action: .cycleLighting)])
        let down = TouchFrame(time: Timestamp(seconds: 1), contacts: [.init(id: 7, x: 0.95, y: 0.05)])
        let up = TouchFrame(time: Timestamp(seconds: 1.1), contacts: [])
        #expect(input.actions(for: .touch(down)).isEmpty)
        #expect(input.actions(for: .touch(up)) == [.cycleLighting])
        // The same tap away from every control does nothing.
        let elsewhere = TouchFrame(time: Timestamp(seconds: 2), contacts: [.init(id: 8, x: 0.5, y: 0.5)])
        _ = input.actions(for: .touch(elsewhere))
        #expect(input.actions(for: .touch(TouchFrame(time: Timestamp(seconds: 2.1), contacts: []))).isEmpty)
    }

    @Test func aDroppedBufferForgetsTheFingersUntilTheNextReport() {
        var d = EvdevDecoder(xRange: AxisRange(minimum: 0, maximum: 100), yRange: AxisRange(minimum: 0, maximum: 100))
        func e(_ type: UInt16, _ code: UInt16, _ value: Int32) -> EvdevEvent {
            EvdevEvent(time: Timestamp(seconds: 1), type: type, code: code, value: value)
        }
        _ = d.feed(e(EvdevEvent.absType, EvdevEvent.absMTTrackingID, 5))
        _ = d.feed(e(EvdevEvent.absType, EvdevEvent.absMTPositionX, 50))
        #expect(d.feed(e(0, EvdevEvent.synReport, 0)).count == 1)
        #expect(d.feed(e(0, EvdevEvent.synDropped, 0)).isEmpty)
        // Events between SYN_DROPPED and the next report are thrown away…
        #expect(d.feed(e(EvdevEvent.keyType, 30, 1)).isEmpty)
        // …and the report after it says that no finger is known to be down.
        #expect(
            d.feed(e(0, EvdevEvent.synReport, 0)) == [.touch(TouchFrame(time: Timestamp(seconds: 1), contacts: []))])
    }

    @Test func aSlotPastTheLimitIsIgnoredNotGrown() {
        var d = EvdevDecoder(xRange: AxisRange(minimum: 0, maximum: 100), yRange: AxisRange(minimum: 0, maximum: 100))
        let t = Timestamp(seconds: 0)
        _ = d.feed(EvdevEvent(time: t, type: EvdevEvent.absType, code: EvdevEvent.absMTSlot, value: 1_000_000))
        _ = d.feed(EvdevEvent(time: t, type: EvdevEvent.absType, code: EvdevEvent.absMTTrackingID, value: 3))
        #expect(d.feed(EvdevEvent(time: t, type: 0, code: 0, value: 0)).isEmpty)
    }

    @Test(arguments: [
        "EP0430M09.2-fingers-touch-release.evemu", "EP0430M09.1-finger-drag.evemu", "Logitech K400 Plus.evemu",
    ])
    func aRecordingWrittenInEvemusFormatReadsBackTheSame(_ name: String) throws {
        let r = try Self.load(name)
        let back = try EvemuRecording(parsing: r.text)
        #expect(back == r)
        #expect(back.inputEvents() == r.inputEvents())
    }

    @Test(arguments: ["E: 0.1 0001", "E: nan 0001 001e 1", "A: 35 zero 1279"])
    func aBrokenEvemuLineIsAnErrorWithItsLineNumber(_ line: String) {
        #expect(throws: EvemuError.self) { try EvemuRecording(parsing: "N: x\n" + line) }
        do {
            _ = try EvemuRecording(parsing: "N: x\n" + line)
        } catch {
            #expect(error.line == 2)
        }
    }
}
