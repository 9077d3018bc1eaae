import Core
import Foundation
import Platform
import Testing

/// Golden frames of the map layer alone (no HUD, so other layers' changes do not disturb them), compared with
/// tolerance. Record new goldens with NAVDISPLAY_RECORD_GOLDEN=1 after looking at the frames they replace.
@Suite("Map golden frames")
struct MapGoldenTests {
    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var file = "helsinki.mbtiles"
        var zoom = 16.0
        var bearing = 0.0
        var night = false
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "north-up-z16"),
        Case(name: "heading-up-37", bearing: 37),
        Case(name: "heading-up-135", bearing: 135),
        Case(name: "heading-up-290", bearing: 290),
        Case(name: "overzoom-z18", zoom: 18, bearing: 37),
        Case(name: "night-heading-up-37", bearing: 37, night: true),
        Case(name: "protomaps-heading-up-200", file: "helsinki-protomaps.pmtiles", bearing: 200),
        Case(name: "raster-heading-up-60", file: "helsinki-raster.mbtiles", bearing: 60),
    ]

    static func render(_ c: Case) throws -> FrameBuffer {
        let fonts = try FontSet.load()
        let layer = try OfflineMap.layer(
            path: MapFixtures.path(c.file), style: c.night ? .night : .day, fonts: fonts, waitForTiles: true,
            shaper: try WorldTextShaper())
        let mode: OrientationMode = c.bearing == 0 ? .northUp : .headingUp
        let camera = Camera(
            mode: mode, center: MapFixtures.kluuvi, zoom: c.zoom, mapBearing: Angle(c.bearing), width: 480, height: 320)
        let canvas = Canvas(width: 480, height: 320)
        layer.draw(on: canvas, camera: camera, reserved: [])
        return canvas.frame
    }

    @Test(arguments: cases)
    func theMapLayerMatchesItsGoldenFrame(_ c: Case) throws {
        let frame = try Self.render(c)
        let golden = MapFixtures.path("golden/\(c.name).png")
        try PNGFile.write(frame, to: MapFixtures.scratch("golden-\(c.name).png"))
        if ProcessInfo.processInfo.environment["NAVDISPLAY_RECORD_GOLDEN"] == "1" {
            try PNGFile.write(frame, to: golden)
        }
        let expected = try PNGFile.read(golden)
        try #require(expected.width == frame.width && expected.height == frame.height)
        var total = 0
        var bad = 0
        for (a, b) in zip(frame.pixels, expected.pixels) {
            let d = Self.channelDifferences(a, b)
            total += d.sum
            if d.max > 48 { bad += 1 }
        }
        let meanDiff = Double(total) / Double(frame.pixels.count * 3)
        #expect(meanDiff < 1.5, "mean channel difference \(meanDiff)")
        #expect(bad < frame.pixels.count / 200, "\(bad) pixels differ strongly")
    }

    /// The summed and largest absolute differences of the red, green and blue channels of two XRGB pixels.
    static func channelDifferences(_ a: UInt32, _ b: UInt32) -> (sum: Int, max: Int) {
        let r: Int = abs(Int((a >> 16) & 0xff) - Int((b >> 16) & 0xff))
        let g: Int = abs(Int((a >> 8) & 0xff) - Int((b >> 8) & 0xff))
        let bl: Int = abs(Int(a & 0xff) - Int(b & 0xff))
        return (r + g + bl, Swift.max(r, g, bl))
    }

    @Test func goldenComparisonCatchesADifferentView() throws {
        // The tolerance must not be so loose that a 30° turn passes as the north-up frame.
        let north = try Self.render(Case(name: "n"))
        let turned = try Self.render(Case(name: "t", bearing: 30))
        let bad = zip(north.pixels, turned.pixels).filter { Self.channelDifferences($0, $1).max > 48 }.count
        #expect(bad > north.pixels.count / 200)
    }
}
