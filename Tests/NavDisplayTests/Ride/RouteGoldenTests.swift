import Core
import Foundation
import Platform
import Testing

/// Reviewed frames of the bundled ride with a route: the turn cue before the U-turn, off the route with the way
/// back, the trip fields, day and night, on 3.5", 7" and 10" panels sized by physics at 70 cm.
/// NAVDISPLAY_UPDATE_GOLDEN=1 rewrites them (then look at every one before committing).
@Suite("Route golden frames")
struct RouteGoldenTests {
    static let directory = GoldenImageTests.goldenDirectory.appendingPathComponent("route")

    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var width: Int
        var height: Int
        var inches: Double
        var night = false
        var south = false
        var seconds: Double
        var fields = TripField.standard
        var units = UnitSystem.metric
        var orientation = OrientationMode.headingUp
        var description: String { name }
    }

    static let all = TripField.allCases
    static let cases: [Case] = [
        Case(name: "cue-800x480-7in-day", width: 800, height: 480, inches: 7, seconds: 92),
        Case(name: "cue-800x480-7in-night", width: 800, height: 480, inches: 7, night: true, seconds: 92),
        Case(name: "cue-480x320-3.5in-day", width: 480, height: 320, inches: 3.5, seconds: 92),
        Case(name: "cue-1280x800-10in-night", width: 1280, height: 800, inches: 10, night: true, seconds: 92),
        Case(name: "left-turn-800x480-7in-day", width: 800, height: 480, inches: 7, seconds: 55),
        Case(name: "off-route-800x480-7in-day", width: 800, height: 480, inches: 7, south: true, seconds: 70),
        Case(
            name: "off-route-800x480-7in-night", width: 800, height: 480, inches: 7, night: true, south: true,
            seconds: 70),
        Case(name: "off-route-480x320-3.5in-day", width: 480, height: 320, inches: 3.5, south: true, seconds: 70),
        Case(
            name: "trip-800x480-7in-day", width: 800, height: 480, inches: 7, seconds: 120, fields: all,
            orientation: .northUp),
        Case(
            name: "trip-480x320-3.5in-night", width: 480, height: 320, inches: 3.5, night: true, seconds: 120,
            fields: all),
        Case(
            name: "trip-imperial-1280x800-10in-day", width: 1280, height: 800, inches: 10, seconds: 120, fields: all,
            units: .imperial),
    ]

    @Test("the ride frame a person reviewed", arguments: cases)
    func matchesGolden(_ c: Case) throws {
        let recording = try RouteFixtures.ride()
        let fonts = try FontSet.load()
        let map = try OfflineMap.layer(
            path: NavDisplayBinary.repositoryRoot.appendingPathComponent("maps/helsinki.mbtiles").path,
            style: c.night ? .night : .day, fonts: fonts, waitForTiles: true)
        let scene = Scene(
            width: c.width, height: c.height, fonts: fonts, theme: c.night ? .night : .day, map: map,
            physics: ScreenPhysics(width: c.width, height: c.height, diagonalInches: c.inches),
            shaper: try WorldTextShaper())
        let tracker = RideTracker(
            route: c.south ? try RouteFixtures.south() : try RouteFixtures.along(),
            configuration: RideTracker.Configuration(units: c.units, tripFields: c.fields))
        let (pipeline, time) = RouteFixtures.pipeline(
            at: c.seconds, recording: recording, scene: scene, tracker: tracker, orientation: c.orientation)
        let frame = pipeline.renderFrame(at: time)
        // The map's credit at its full size (ISO 15008's 16′) in every reviewed ride frame, whatever the HUD shows.
        let typography = LabelTypography(physics: scene.physics, fonts: fonts, shaper: try WorldTextShaper())
        let drawn = try #require(map.lastCreditCapHeight, "\(c.name): no credit")
        #expect(abs(drawn - typography.attribution.capHeight) < 0.1, "\(c.name): credit set smaller")

        let dir = try NavDisplayBinary.temporaryDirectory()
        let out = dir.appendingPathComponent("\(c.name).png").path
        try PNGFile.write(frame, to: out)
        let golden = Self.directory.appendingPathComponent("\(c.name).png").path
        if ProcessInfo.processInfo.environment["NAVDISPLAY_UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: Self.directory, withIntermediateDirectories: true)
            try? FileManager.default.removeItem(atPath: golden)
            try FileManager.default.copyItem(atPath: out, toPath: golden)
        }
        let diff = try #require(FrameDifference(try PNGFile.read(golden), try PNGFile.read(out)))
        #expect(diff.fractionOfPixelsOff(by: 24) < 0.002, "\(diff)")
        #expect(diff.meanAbsoluteChannelDifference < 0.5, "\(diff)")
    }
}
