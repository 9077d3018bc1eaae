import Foundation
import Platform
import Testing

@testable import Core

/// The trail less its last point kept as a layer that moves with the map (`SettledTrail`): over the bundled ride
/// at 20 frames a second on the real map, the frames are those the trail stroked whole every frame gives, and the
/// layer is drawn again only when a fix adds a point or the map turns.
@Suite("Settled trail layer")
struct SettledTrailTests {
    /// `seconds` of the bundled ride from `from` seconds in (8 s from 24 s: through a left turn), heading-up at
    /// zoom 16.5, drawn by a scene keeping its layers and by one drawing everything afresh.
    static func frames(night: Bool, from: Double = 24, seconds: Double = 8) throws -> (
        layered: Scene, fresh: Scene, inputs: [SceneInput]
    ) {
        let ride = try RouteFixtures.ride()
        let fonts = try FontSet.load()
        let map = try OfflineMap.layer(
            path: NavDisplayBinary.repositoryRoot.appendingPathComponent("maps/helsinki.mbtiles").path,
            style: night ? .night : .day, fonts: fonts, waitForTiles: true)
        let theme: SceneTheme = night ? .night : .day
        let layered = Scene(width: 800, height: 480, fonts: fonts, theme: theme, map: map)
        let fresh = Scene(width: 800, height: 480, fonts: fonts, theme: theme, map: map)
        fresh.cachesHUD = false
        let pipeline = NavigationPipeline(
            scene: fresh, orientation: .headingUp, zoom: 16.5,
            fallbackCenter: GeoCoordinate(latitude: 60.170, longitude: 24.941))
        let first = try #require(ride.events.first?.time)
        var inputs: [SceneInput] = []
        var next = first.adding(seconds: from)
        for event in ride.events {
            while next <= event.time, next <= first.adding(seconds: from + seconds) {
                inputs.append(pipeline.nextSceneInput(at: next))
                next = next.adding(seconds: 0.05)
            }
            pipeline.apply(event)
        }
        return (layered, fresh, inputs)
    }

    @Test(arguments: [false, true])
    func theLayeredTrailDrawsWhatTheWholeStrokeDraws(night: Bool) throws {
        let (layered, fresh, inputs) = try Self.frames(night: night)
        try #require(inputs.count >= 150, "the ride gave \(inputs.count) frames")
        var worst = 0
        var differing = 0
        for input in inputs {
            let a = layered.render(input)
            let b = fresh.render(input)
            worst = max(worst, HUDLayerCacheTests.largestDifference(a, b))
            differing += zip(a.pixels, b.pixels).reduce(0) { $0 + ($1.0 != $1.1 ? 1 : 0) }
        }
        let stats = layered.trailLayerStatistics
        print("settled trail: redrawn \(stats.redrawn), reused \(stats.reused); worst \(worst), differing \(differing)")
        #expect(stats.reused > 4 * stats.redrawn, "redrawn \(stats.redrawn), reused \(stats.reused)")
        #expect(worst <= 2, "largest channel difference \(worst)")
    }

    /// Through the ride's U-turn (100–106 s) the map's bearing moves about every other frame. A layer drawn on a
    /// frame that held the last one's bearing was thrown away on the next (the old rule: 47 layers drawn, 13
    /// frames moved one); the layer now waits for the map to hold still two frames running (3 drawn, 10 moved).
    @Test func aTurnDrawsFewLayersAndEachIsUsed() throws {
        let (layered, fresh, inputs) = try Self.frames(night: false, from: 100, seconds: 6)
        try #require(inputs.count >= 100, "the ride gave \(inputs.count) frames")
        var worst = 0
        for input in inputs {
            worst = max(worst, HUDLayerCacheTests.largestDifference(layered.render(input), fresh.render(input)))
        }
        let stats = layered.trailLayerStatistics
        print("settled trail through the U-turn: redrawn \(stats.redrawn), reused \(stats.reused); worst \(worst)")
        #expect(stats.reused > stats.redrawn, "redrawn \(stats.redrawn), reused \(stats.reused)")
        #expect(worst <= 2, "largest channel difference \(worst)")
    }
}
