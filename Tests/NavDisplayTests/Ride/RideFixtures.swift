import Core
import Foundation
import Platform

/// The bundled ride, recorded evdev streams and a small scene, for the tests of the rider's controls in the
/// pipeline.
enum RideFixtures {
    /// The bundled Helsinki ride's events (0.5 s to 164.5 s: a stop at the lights at 39 s, a U-turn at 110 s).
    static func rideEvents() throws -> [SensorEvent] { try SessionFixtures.bundledRide().events }

    /// A recorded evdev stream from the evemu-devices collection (Tests/CoreTests/Ride/Fixtures).
    static func evemu(_ name: String) throws -> EvemuRecording {
        let url = NavDisplayBinary.repositoryRoot.appendingPathComponent("Tests/CoreTests/Ride/Fixtures/\(name)")
        return try EvemuRecording(parsing: try String(contentsOf: url, encoding: .utf8))
    }

    /// The actions a recorded stream gives on a `width`×`height` screen, each at its own time moved so the first
    /// input event falls at `rideSeconds` of the ride.
    static func actions(
        _ recording: EvemuRecording, keyMap: KeyMap = .standard, width: Double = 400, height: Double = 240,
        at rideSeconds: Double
    ) -> [SensorEvent] {
        var input = RideInput(keyMap: keyMap, screenWidth: width, screenHeight: height)
        let decoded = recording.inputEvents()
        guard let first = decoded.first.map(time(of:)) else { return [] }
        let shift = rideSeconds - first.seconds
        return decoded.flatMap { event in
            input.actions(for: event).map { SensorEvent.rideAction(time(of: event).adding(seconds: shift), $0) }
        }
    }

    static func time(of event: InputEvent) -> Timestamp {
        switch event {
        case .key(let k): return k.time
        case .touch(let f): return f.time
        }
    }

    /// `events` with `extra` merged in by time (an extra event after the ride's events of the same time).
    static func merged(_ events: [SensorEvent], _ extra: [SensorEvent]) -> [SensorEvent] {
        var out: [SensorEvent] = []
        out.reserveCapacity(events.count + extra.count)
        var i = 0
        for e in extra.sorted(by: { $0.time < $1.time }) {
            while i < events.count, events[i].time <= e.time {
                out.append(events[i])
                i += 1
            }
            out.append(e)
        }
        return out + events[i...]
    }

    /// A pipeline on a 400×240 grid scene (no map: quick to draw).
    static func pipeline(
        orientation: OrientationMode = .headingUp, zoom: Double = 16, ride: RideSettings = RideSettings(),
        fonts: FontSet
    ) -> NavigationPipeline {
        NavigationPipeline(
            scene: Scene(width: 400, height: 240, fonts: fonts), orientation: orientation, zoom: zoom,
            fallbackCenter: StartPosition.helsinki, ride: ride)
    }

    /// Plays `events` through `pipeline` with a frame every `interval` seconds; each frame's input and, when
    /// `draw`, the hash of the frames drawn.
    static func play(
        _ events: [SensorEvent], through pipeline: NavigationPipeline, interval: Double = 0.5, draw: Bool = true
    ) -> (inputs: [(time: Timestamp, input: SceneInput)], hash: FrameHash) {
        let driver = ReplayDriver(pipeline: pipeline)
        var inputs: [(Timestamp, SceneInput)] = []
        var hash = FrameHash()
        driver.play(events, interval: interval) { t in
            let input = pipeline.nextSceneInput(at: t)
            inputs.append((t, input))
            if draw { hash.add(pipeline.scene.render(input).contentHash) }
        }
        return (inputs, hash)
    }
}
