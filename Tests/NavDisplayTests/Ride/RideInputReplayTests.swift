import Core
import Foundation
import Platform
import Testing

/// Recorded evdev streams (real devices, from evemu-devices) pressed during the bundled ride: their actions reach
/// the pipeline as events and change what the frames show.
@Suite("Recorded input changes the ride's frames")
struct RideInputReplayTests {
    let fonts: FontSet
    init() throws { fonts = try FontSet.load() }

    /// The input of the first frame at or after `seconds`.
    static func frame(_ inputs: [(time: Timestamp, input: SceneInput)], at seconds: Double) throws -> SceneInput {
        try #require(inputs.first { $0.time >= Timestamp(seconds: seconds) }).input
    }

    @Test func aKeyboardsHeldCtrlZoomsInAndItsCKeyCyclesTheOrientation() throws {
        let ride = try RideFixtures.rideEvents()
        let keyMap = try KeyMap(parsing: "KEY_LEFTCTRL = zoom-in\nKEY_C = cycle-orientation\n")
        let presses = RideFixtures.actions(try RideFixtures.evemu("Logitech K400 Plus.evemu"), keyMap: keyMap, at: 60)
        let actions = presses.map { e -> RideAction? in if case .rideAction(_, let a) = e { a } else { nil } }
        #expect(
            actions == [
                .zoomIn, .zoomIn, .zoomIn, .zoomIn, .cycleOrientation,
            ])
        let plain = RideFixtures.play(ride, through: RideFixtures.pipeline(fonts: fonts))
        let pressed = RideFixtures.play(
            RideFixtures.merged(ride, presses), through: RideFixtures.pipeline(fonts: fonts))
        // The stream's first event (an Enter released) falls at 60 s; Ctrl is held from 71.2 s, C pressed at 71.6 s.
        let before = try Self.frame(pressed.inputs, at: 60)
        let after = try Self.frame(pressed.inputs, at: 72)
        #expect(before.camera.zoom == 16)
        #expect(before.mode == .headingUp)
        // Four zoom-ins from 16 stop at the top of the range (20); heading-up → course-up, riding north on GPS.
        #expect(after.camera.zoom == 20)
        #expect(after.mode == .courseUp)
        #expect(try Self.frame(plain.inputs, at: 72).camera.zoom == 16)
        #expect(pressed.hash != plain.hash)
    }

    @Test func aRecordedDragPansTheMapUntilFollowResumes() throws {
        let ride = try RideFixtures.rideEvents()
        let drag = RideFixtures.actions(try RideFixtures.evemu("EP0430M09.1-finger-drag.evemu"), at: 70)
        let last = try #require(drag.last).time.seconds
        let played = RideFixtures.play(
            RideFixtures.merged(ride, drag), through: RideFixtures.pipeline(fonts: fonts), interval: 0.25)
        let plain = RideFixtures.play(ride, through: RideFixtures.pipeline(fonts: fonts), interval: 0.25)
        let home = try Self.frame(plain.inputs, at: last + 1).camera.anchor
        let panned = try Self.frame(played.inputs, at: last + 1).camera.anchor
        // The finger went from (605, 136) to (672, 508) on 1279×767 axes; the screen is 400×240.
        #expect(abs(panned.x - home.x - 67.0 / 1279 * 400) < 0.01)
        #expect(abs(panned.y - home.y - 372.0 / 767 * 240) < 0.01)
        // 15 s after the last movement the map follows the rider again.
        #expect(try Self.frame(played.inputs, at: last + 14.5).camera.anchor != home)
        #expect(try Self.frame(played.inputs, at: last + 15.25).camera.anchor == home)
        #expect(played.hash != plain.hash)
    }

    @Test func twoFingersTappedZoomOutOneLevel() throws {
        let ride = try RideFixtures.rideEvents()
        let tap = RideFixtures.actions(try RideFixtures.evemu("EP0430M09.2-fingers-touch-release.evemu"), at: 30)
        let played = RideFixtures.play(
            RideFixtures.merged(ride, tap), through: RideFixtures.pipeline(zoom: 16.5, fonts: fonts), draw: false)
        #expect(try Self.frame(played.inputs, at: 29).camera.zoom == 16.5)
        #expect(try Self.frame(played.inputs, at: 32).camera.zoom == 16)
    }

    @Test func lockNorthUpHoldsAgainstTheCycleKeyUntilPressedAgain() throws {
        let ride = try RideFixtures.rideEvents()
        let presses: [SensorEvent] = [
            .rideAction(Timestamp(seconds: 20), .lockNorthUp), .rideAction(Timestamp(seconds: 25), .cycleOrientation),
            .rideAction(Timestamp(seconds: 30), .lockNorthUp),
        ]
        let played = RideFixtures.play(
            RideFixtures.merged(ride, presses), through: RideFixtures.pipeline(fonts: fonts), draw: false)
        #expect(try Self.frame(played.inputs, at: 19).mode == .headingUp)
        #expect(try Self.frame(played.inputs, at: 21).mode == .northUp)
        #expect(try Self.frame(played.inputs, at: 21).camera.bearing == .north)
        #expect(try Self.frame(played.inputs, at: 26).mode == .northUp)
        // Released: the cycle pressed while locked had no effect, so heading-up again.
        #expect(try Self.frame(played.inputs, at: 31).mode == .headingUp)
    }

    @Test func autoOrientationIsReachableAndResolvedEachFrame() throws {
        let ride = try RideFixtures.rideEvents()
        let played = RideFixtures.play(ride, through: RideFixtures.pipeline(orientation: .auto, fonts: fonts))
        // Riding on GPS course, auto shows course-up.
        #expect(try Self.frame(played.inputs, at: 70).mode == .courseUp)
    }

    @Test func aRecordingWithPressesReplaysThemTheSameFramesTwice() throws {
        let ride = try RideFixtures.rideEvents()
        let presses: [SensorEvent] =
            RideFixtures.actions(try RideFixtures.evemu("EP0430M09.1-finger-drag.evemu"), at: 40) + [
                .rideAction(Timestamp(seconds: 50), .zoomOut), .rideAction(Timestamp(seconds: 55), .cycleLighting),
                .rideAction(Timestamp(seconds: 56), .cycleLighting), .rideAction(Timestamp(seconds: 80), .markPoint),
                .rideAction(Timestamp(seconds: 90), .zoomBy(levels: 0.75)),
            ]
        let events = RideFixtures.merged(ride, presses)
        let text = RecordingFormat.headerText(RecordingHeader()) + events.map(RecordingFormat.line(for:)).joined()
        let dir = try NavDisplayBinary.temporaryDirectory()
        let path = dir.appendingPathComponent("pressed.navrec").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let read = try loadRecording(path)
        #expect(read.warnings.isEmpty)
        #expect(read.events == events)
        let settings = RideSettings(lighting: .auto)
        let first = RideFixtures.play(read.events, through: RideFixtures.pipeline(ride: settings, fonts: fonts))
        let second = RideFixtures.play(read.events, through: RideFixtures.pipeline(ride: settings, fonts: fonts))
        let plain = RideFixtures.play(ride, through: RideFixtures.pipeline(ride: settings, fonts: fonts))
        #expect(first.hash == second.hash)
        #expect(first.hash != plain.hash)
        // The key turns auto → day (55 s) → night (56 s); the mark is at the rider's position at 80 s.
        let pipeline = RideFixtures.pipeline(ride: settings, fonts: fonts)
        _ = RideFixtures.play(Array(read.events.prefix { $0.time < Timestamp(seconds: 56.5) }), through: pipeline)
        #expect(pipeline.scene.theme == .night)
        #expect(pipeline.controls.lighting.mode == .night)
        let marked = RideFixtures.pipeline(ride: settings, fonts: fonts)
        _ = RideFixtures.play(read.events, through: marked, draw: false)
        #expect(marked.controls.marks.count == 1)
        #expect(marked.controls.marks.first?.utcSeconds == 1_780_000_079.5)
    }
}
