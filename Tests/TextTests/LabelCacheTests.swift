import Core
import Foundation
import Platform
import Testing

/// Map labels between frames: once a name has been shaped and its glyphs rasterised, later frames draw it from
/// the text stack's caches (no shaping, no FreeType), while the map turns under a ±2° heading wobble.
@Suite("Label caches between frames")
struct LabelCacheTests {
    @Test("a second wobble cycle shapes nothing and rasterises nothing", arguments: [15.0, 16.0, 17.0])
    func labelsComeFromTheCachesAfterTheFirstFrames(zoom: Double) throws {
        // A shaper of its own, so its counters are this test's alone.
        let shaper = try WorldTextShaper()
        let layer = try OfflineMap.layer(
            path: TextFixtures.map("helsinki.mbtiles"), style: .day, fonts: try FontSet.load(), waitForTiles: true,
            shaper: shaper)
        let canvas = Canvas(width: 800, height: 480)
        let centre = GeoCoordinate(latitude: 60.16952, longitude: 24.94130)
        let physics = ScreenPhysics.assumed(width: 800, height: 480)
        func cycle() -> Int {
            var drawn = 0
            for i in 0..<12 {
                let bearing = 37 + 2 * sin(Double(i) * 2 * .pi / 12)
                let camera = Camera(
                    mode: .headingUp, center: centre, zoom: zoom, mapBearing: Angle(bearing), width: 800,
                    height: 480)
                layer.draw(on: canvas, camera: camera, reserved: [], physics: physics)
                drawn += layer.lastLabels.count
            }
            return drawn
        }
        _ = cycle()
        let warm = shaper.cacheStatistics
        let (warmImages, warmImageHits) = (layer.labelImages.made, layer.labelImages.hits)
        let drawn = cycle()
        let after = shaper.cacheStatistics
        try #require(drawn > 0, "no labels at zoom \(zoom)")
        #expect(after.runMisses == warm.runMisses, "runs shaped again: \(after.runMisses - warm.runMisses)")
        #expect(
            after.glyphMisses == warm.glyphMisses, "glyphs rasterised again: \(after.glyphMisses - warm.glyphMisses)")
        // Every label drawn was looked up in the run cache or, straight and turned, drawn from its image.
        let imageHits = layer.labelImages.hits - warmImageHits
        #expect(layer.labelImages.made == warmImages, "label images made again")
        #expect(
            after.runHits - warm.runHits + imageHits >= drawn,
            "\(after.runHits - warm.runHits) run and \(imageHits) image hits for \(drawn) labels")
        #expect(after.glyphEvictions == warm.glyphEvictions)
    }
}
