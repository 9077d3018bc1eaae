import Core
import Foundation
import Platform
import Testing

@Suite("evdev input reader", .serialized)
struct EvdevInputTests {
    static func scratchDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("evdev-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func aBoardWithoutInputDevicesHasNoneAndReadsNothing() throws {
        let dir = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = try EvdevInput(directory: dir.path)
        #expect(input.devices.isEmpty)
        #expect(input.fileDescriptor >= 0)
        #expect(try input.readEvents().isEmpty)
        input.close()
        input.close()
    }

    @Test func aNodeThatIsNotAnInputDeviceIsSkippedWhenItAppears() throws {
        let dir = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = try EvdevInput(directory: dir.path)
        // A plain file named like a device node: opening works, asking it for evdev capabilities fails (ENOTTY).
        try Data("not a device".utf8).write(to: dir.appendingPathComponent("event0"))
        // The inotify watch has queued the creation, so this read rescans.
        #expect(try input.readEvents().isEmpty)
        #expect(input.devices.isEmpty)
        #expect(input.takeChanges().isEmpty)
    }

    @Test func aMissingDirectoryIsNoErrorUntilItHasDevices() throws {
        let input = try EvdevInput(directory: "/nonexistent/input")
        #expect(input.devices.isEmpty)
        input.rescan()
        #expect(try input.readEvents().isEmpty)
    }

    /// The whole path on a real kernel: a uinput keyboard, the reader's rescan through inotify, libevdev, the
    /// decoder and the key map.
    @Test(.enabled(if: VirtualInputDevice.isAvailable, "needs /dev/uinput (CONFIG_INPUT_UINPUT; modprobe uinput)"))
    func aKeyPressedThroughUinputArrivesAsItsAction() throws {
        let input = try EvdevInput()
        _ = try input.readEvents()
        _ = input.takeChanges()
        var keyboard: VirtualInputDevice? = try VirtualInputDevice(
            name: "navdisplay test keypad", keys: [KeyCode(name: "KEY_VOLUMEUP")!, KeyCode(name: "KEY_M")!])
        let node = try #require(keyboard?.devicePath)
        // The node appeared: the inotify watch makes the next read rescan and open it.
        _ = try input.readEvents()
        let added = input.takeChanges()
        #expect(added.contains { $0.path == node && $0.added && $0.kinds.contains(.keys) })

        try keyboard?.tap(KeyCode(name: "KEY_VOLUMEUP")!)
        try keyboard?.tap(KeyCode(name: "KEY_M")!)
        var ride = RideInput(screenWidth: 800, screenHeight: 480)
        let actions = try input.readEvents().flatMap { ride.actions(for: $0) }
        #expect(actions == [.zoomIn, .markPoint])

        // Unplugged: the node goes, the reader closes the device and says so.
        keyboard = nil
        _ = try input.readEvents()
        #expect(input.takeChanges().contains { $0.path == node && !$0.added })
        #expect(!input.devices.contains { $0.path == node })
    }

    @Test(.enabled(if: VirtualInputDevice.isAvailable, "needs /dev/uinput (CONFIG_INPUT_UINPUT; modprobe uinput)"))
    func aTapOnAUinputTouchScreenDoesTheControlsAction() throws {
        let screen = try VirtualInputDevice(name: "navdisplay test touch", keys: [], touchAxes: (x: 1279, y: 767))
        let node = try #require(screen.devicePath)
        let input = try EvdevInput()
        #expect(input.devices.contains { $0.path == node && $0.kinds == .touch })
        func send(_ type: UInt16, _ code: UInt16, _ value: Int32) throws {
            try screen.send(type: type, code: code, value: value)
        }
        // One finger down at the top right corner and up again, as a panel reports it.
        try send(EvdevEvent.absType, EvdevEvent.absMTSlot, 0)
        try send(EvdevEvent.absType, EvdevEvent.absMTTrackingID, 42)
        try send(EvdevEvent.absType, EvdevEvent.absMTPositionX, 1_200)
        try send(EvdevEvent.absType, EvdevEvent.absMTPositionY, 40)
        try send(EvdevEvent.keyType, EvdevEvent.btnTouch, 1)
        try send(EvdevEvent.synType, EvdevEvent.synReport, 0)
        try send(EvdevEvent.absType, EvdevEvent.absMTTrackingID, -1)
        try send(EvdevEvent.keyType, EvdevEvent.btnTouch, 0)
        try send(EvdevEvent.synType, EvdevEvent.synReport, 0)
        var ride = RideInput(
            screenWidth: 800, screenHeight: 480,
            controls: [RideInput.Control(frame: Rect(x: 700, y: 0, width: 100, height: 80), action: .cycleLighting)])
        let actions = try input.readEvents().flatMap { ride.actions(for: $0) }
        #expect(actions == [.cycleLighting])
        _ = input.takeChanges()
        withExtendedLifetime(screen) {}
    }
}

// As a session's source (in the same serialized suite: a reader opens every device, the other tests' too).
extension EvdevInputTests {
    @Test func asASourceItOffersItsOneDescriptorAndPollsOnlyWithoutAWatch() throws {
        let dir = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let watched = try EvdevInput(directory: dir.path)
        let source: any EventSource = watched
        #expect(source.name == "input")
        #expect(source.fileDescriptors == [watched.fileDescriptor])
        #expect(source.pollIntervalSeconds == nil)
        #expect(source.start(now: Timestamp(seconds: 0)).isEmpty)
        #expect(source.read(watched.fileDescriptor, now: Timestamp(seconds: 1)).isEmpty)
        #expect(source.takeNotes().isEmpty)
        source.close()
        let unwatched: any EventSource = try EvdevInput(directory: "/nonexistent/input")
        #expect(unwatched.pollIntervalSeconds == 2)
        #expect(unwatched.poll(now: Timestamp(seconds: 0)).isEmpty)
    }

    @Test(.enabled(if: VirtualInputDevice.isAvailable, "needs /dev/uinput (CONFIG_INPUT_UINPUT; modprobe uinput)"))
    func aKeyReadThroughTheSourceIsARideActionEventAndTheArrivalIsANote() throws {
        let keypad = try VirtualInputDevice(name: "navdisplay source keypad", keys: [KeyCode(name: "KEY_KPPLUS")!])
        let node = try #require(keypad.devicePath)
        let input = try EvdevInput()
        var received: [InputEvent] = []
        input.onInput = { received.append($0) }
        input.rideInput = RideInput(screenWidth: 800, screenHeight: 480)
        let source: any EventSource = input
        #expect(source.takeNotes().contains { $0.contains(node) && $0.hasSuffix("added") })
        try keypad.tap(KeyCode(name: "KEY_KPPLUS")!)
        let events = source.read(input.fileDescriptor, now: Timestamp(seconds: 1))
        let press = try #require(received.first { if case .key(let k) = $0 { k.state == .pressed } else { false } })
        guard case .key(let key) = press else { return }
        // Stamped with the kernel's time of the press, as the other sensors' samples are.
        #expect(events == [.rideAction(key.time, .zoomIn)])
    }
}
