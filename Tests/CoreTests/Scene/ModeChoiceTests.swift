import Core
import Testing

/// The HUD's mode line says how the mode was chosen: after the cycle key reaches auto it reads "AUTO · …" (not just
/// the mode auto picked, which would look as if the key did nothing), and a locked north-up says it is locked.
@Suite struct ModeChoiceTests {
    static let here = GeoCoordinate(latitude: 60.1699, longitude: 24.9384)

    static func modeLine(after actions: [RideAction]) throws -> String {
        let pipeline = NavigationPipeline(
            scene: Scene(width: 800, height: 480, fonts: try FontSet.load()), orientation: .headingUp, zoom: 16,
            fallbackCenter: here)
        let t = Timestamp(seconds: 1)
        pipeline.apply(
            .gpsFix(
                GPSFix(
                    time: t, mode: .threeD, coordinate: here, speedMetresPerSecond: 6, courseDegrees: 74,
                    horizontalErrorMetres: 4, courseErrorDegrees: 3)))
        for a in actions { pipeline.apply(.rideAction(t, a)) }
        return HUDLines(pipeline.nextSceneInput(at: t)).mode
    }

    @Test func theCycleKeysFourthModeReadsAuto() throws {
        #expect(try Self.modeLine(after: []).hasPrefix("HEADING UP"))
        // heading-up → course-up → auto.
        let auto = try Self.modeLine(after: [.cycleOrientation, .cycleOrientation])
        #expect(auto.hasPrefix("AUTO · "), "\(auto)")
        #expect(!(try Self.modeLine(after: [.cycleOrientation])).hasPrefix("AUTO"))
    }

    @Test func aLockedNorthUpSaysItIsLocked() throws {
        #expect(try Self.modeLine(after: [.lockNorthUp]) == "NORTH UP · LOCKED")
        #expect(!(try Self.modeLine(after: [.lockNorthUp, .lockNorthUp])).contains("LOCKED"))
    }
}
