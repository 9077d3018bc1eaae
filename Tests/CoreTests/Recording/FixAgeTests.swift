import Core
import Testing

/// The HUD's fix age counts to each frame's time, and a stale speed leaves the screen (issue 15, class 9).
@Suite("Fix age at the frame's time")
struct FixAgeTests {
    static func state(_ events: [SensorEvent]) -> NavState {
        var s = NavState()
        for e in events { s.apply(e) }
        return s
    }

    static let here = GeoCoordinate(latitude: 60.17, longitude: 24.94)

    static func input(_ state: NavState, at seconds: Double) -> SceneInput {
        SceneInput(
            state: state, orientation: RotationPolicy(preference: .northUp).orientation, zoom: 16,
            width: 320, height: 240, fallbackCenter: here, frameTime: Timestamp(seconds: seconds))
    }

    @Test func theNoFixAgeCountsUpBetweenGPSMessages() {
        let s = Self.state([
            .gpsFix(GPSFix(time: Timestamp(seconds: 0), mode: .threeD, coordinate: Self.here, speedMetresPerSecond: 8)),
            .gpsFix(GPSFix(time: Timestamp(seconds: 1), mode: .noFix)),
        ])
        #expect(s.positionStatus(at: Timestamp(seconds: 1)).text == "No fix · last 1 s ago")
        #expect(s.positionStatus(at: Timestamp(seconds: 9)).text == "No fix · last 9 s ago")
        #expect(Self.input(s, at: 9).positionStatus == "No fix · last 9 s ago")
        #expect(Self.input(s, at: 31).positionStatus == "GPS stale · 31 s")
    }

    @Test func theSpeedLeavesTheScreenOnceTheFixIsLostOrStale() {
        let moving = GPSFix(time: Timestamp(seconds: 0), mode: .threeD, coordinate: Self.here, speedMetresPerSecond: 8)
        let held = Self.state([.gpsFix(moving)])
        #expect(Self.input(held, at: 0.5).speedMetresPerSecond == 8)
        // No message at all for 31 s: the frame's time alone makes it stale.
        #expect(Self.input(held, at: 31).speedMetresPerSecond == nil)
        let lost = Self.state([.gpsFix(moving), .gpsFix(GPSFix(time: Timestamp(seconds: 1), mode: .noFix))])
        #expect(Self.input(lost, at: 1).speedMetresPerSecond == nil)
    }

    @Test func aFrameBeforeTheLatestEventUsesTheEventsTime() {
        let s = Self.state([
            .gpsFix(GPSFix(time: Timestamp(seconds: 0), mode: .threeD, coordinate: Self.here)),
            .gpsSky(GPSSky(time: Timestamp(seconds: 5), satellitesSeen: 9, satellitesUsed: 7)),
        ])
        #expect(s.positionAge(at: Timestamp(seconds: 2)) == 5)
    }
}
