import Platform
import Testing

@testable import Core

/// The user's marker kept as a layer while its look holds (`Scene.render`, `UserMarkerLayer.Look`): it must draw
/// what drawing the marker directly draws, over the real map, in every form it takes, and be drawn again only when
/// its look changes.
@Suite("User marker layer")
struct MarkerLayerTests {
    static func scene(caches: Bool) throws -> Scene {
        let fonts = try FontSet.load()
        let map = try OfflineMap.layer(
            path: NavDisplayBinary.repositoryRoot.appendingPathComponent("maps/helsinki.mbtiles").path, style: .day,
            fonts: fonts, waitForTiles: true)
        let scene = Scene(width: 800, height: 480, fonts: fonts, map: map)
        scene.cachesHUD = caches
        return scene
    }

    static func input(
        heading: Heading?, errorMetres: Double? = nil, stale: Bool = false, bearing: Double = 30
    ) -> SceneInput {
        var input = SceneInput(
            camera: Camera(
                mode: .headingUp, center: GeoCoordinate(latitude: 60.1695, longitude: 24.9413), zoom: 16.5,
                mapBearing: Angle(bearing), width: 800, height: 480),
            mode: .headingUp, heading: heading, positionErrorMetres: errorMetres)
        input.positionStale = stale
        return input
    }

    static func heading(_ degrees: Double, accuracy: Double) -> Heading {
        Heading(direction: Angle(degrees), reference: .trueNorth, accuracyDegrees: accuracy, source: .compass)
    }

    @Test(
        "The layered marker draws what the marker drawn directly draws",
        arguments: [
            "arrow", "turned arrow", "hollow arrow", "stale arrow", "dot", "ring", "ring wider than the cone",
        ])
    func layeredMatchesDirect(_ form: String) throws {
        let input: SceneInput
        switch form {
        case "arrow": input = Self.input(heading: Self.heading(31, accuracy: 6))
        case "turned arrow": input = Self.input(heading: Self.heading(137.3, accuracy: 12))
        case "hollow arrow": input = Self.input(heading: Self.heading(80, accuracy: 60))
        case "stale arrow": input = Self.input(heading: Self.heading(20, accuracy: 8), stale: true)
        case "dot": input = Self.input(heading: nil)
        case "ring": input = Self.input(heading: Self.heading(40, accuracy: 10), errorMetres: 40)
        default: input = Self.input(heading: nil, errorMetres: 400)
        }
        let layered = try Self.scene(caches: true)
        let direct = try Self.scene(caches: false)
        let a = layered.render(input)
        let b = direct.render(input)
        // The marker's translucent steps composited as one round once more than drawn step by step.
        #expect(HUDLayerCacheTests.largestDifference(a, b) <= 2, "\(form)")
        // And there is a marker to compare: the frame without one differs.
        var nowhere = input
        nowhere.positionKnown = false
        #expect(HUDLayerCacheTests.largestDifference(a, direct.render(nowhere)) > 50, "\(form)")
    }

    @Test func aMarkerWhoseLookHoldsIsNotDrawnAgain() throws {
        // The same frames drawn directly, by a scene with the same history: its map labels slid with the map as
        // the layered scene's did (a scene placing them afresh may choose other names near the panels).
        let scene = try Self.scene(caches: true)
        let direct = try Self.scene(caches: false)
        var input = Self.input(heading: Self.heading(30.1, accuracy: 6))
        _ = scene.render(input)
        _ = direct.render(input)
        #expect(scene.markerLayerStatistics.redrawn == 1)
        // The map moves on and the heading wobbles within the same half degree: the layer is kept.
        for step in 1...5 {
            input.camera.center.latitude += 0.000_01
            input.heading = Self.heading(30.1 + Double(step) * 0.02, accuracy: 6.2)
            _ = scene.render(input)
            _ = direct.render(input)
        }
        #expect(scene.markerLayerStatistics.redrawn == 1)
        #expect(scene.markerLayerStatistics.reused == 5)
        // Half a degree more turns the arrow: drawn again, and what it shows is the new angle.
        input.heading = Self.heading(30.7, accuracy: 6)
        let turned = scene.render(input)
        #expect(scene.markerLayerStatistics.redrawn == 2)
        #expect(HUDLayerCacheTests.largestDifference(turned, direct.render(input)) <= 2)
    }
}
