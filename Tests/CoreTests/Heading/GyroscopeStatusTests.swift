import Simulation
import Testing

@testable import Core

/// A gyroscope is optional: losing one degrades the heading to the compass alone, and neither the heading shown
/// nor the HUD's heading line treats that as a fault (the compass and GPS are the sources the HUD warns about).
@Suite struct GyroscopeStatusTests {
    /// Still for 8 s, turned by hand from 4 s, gyroscope samples until `gyroscopeUntil` seconds.
    static func state(gyroscopeUntil: Double, lostStatus: Bool) -> NavState {
        var device = SimulatedRide.distortedDevice
        device.gpsHz = 0
        device.gyroscopeHz = 50
        let ride = SimulatedRide(
            initialHeadingDegrees: 100, segments: [.init(duration: 4), .init(duration: 4, turnDegrees: 40)],
            device: device,
            seed: 5)
        var config = HeadingConfiguration(calibration: nil)
        config.fallbackCoordinate = ride.start
        var state = NavState(heading: config)
        var events = ride.events().filter { event in
            if case .gyroscope(let g) = event { return g.time.seconds < gyroscopeUntil }
            return true
        }
        if lostStatus {
            let lost = SensorEvent.sourceStatus(
                Timestamp(seconds: gyroscopeUntil),
                SourceStatus(source: .gyroscope, available: false, detail: "l3gd20: gone"))
            events.append(lost)
            events.sort { $0.time < $1.time }
        }
        for e in events { state.apply(e) }
        return state
    }

    @Test func aLostGyroscopeLeavesTheHeadingAndTheHudAsWithoutOne() throws {
        let lost = Self.state(gyroscopeUntil: 3, lostStatus: true)
        let silent = Self.state(gyroscopeUntil: 3, lostStatus: false)
        #expect(lost.lostSources[.gyroscope] == "l3gd20: gone")
        let heading = try #require(lost.heading)
        #expect(heading == silent.heading)
        #expect(SceneInput.headingStatus(lost, lost.heading) == SceneInput.headingStatus(silent, silent.heading))
        #expect(SceneInput.headingStatus(lost, lost.heading).0 != "Compass lost")
    }
}
