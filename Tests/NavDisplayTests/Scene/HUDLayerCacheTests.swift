import Foundation
import Platform
import Testing

@testable import Core

/// The HUD kept as cached layers (`Scene.cachesHUD`, the default) draws the frames the HUD drawn afresh draws,
/// over the real map on the bundled ride with a route (route and trip panels too), and draws a panel again only
/// when what it shows changed.
@Suite("HUD layer cache")
struct HUDLayerCacheTests {
    /// Frames of the bundled ride with a route, 800×480 heading-up, drawn with the HUD cached and afresh.
    static func scenes(night: Bool = false) throws -> (cached: Scene, fresh: Scene, inputs: [SceneInput]) {
        let recording = try RouteFixtures.ride()
        let fonts = try FontSet.load()
        let shaper = try WorldTextShaper()
        let map = try OfflineMap.layer(
            path: NavDisplayBinary.repositoryRoot.appendingPathComponent("maps/helsinki.mbtiles").path,
            style: night ? .night : .day, fonts: fonts, waitForTiles: true)
        func scene(caches: Bool) -> Scene {
            let s = Scene(
                width: 800, height: 480, fonts: fonts, theme: night ? .night : .day, map: map, shaper: shaper)
            s.cachesHUD = caches
            return s
        }
        let cached = scene(caches: true)
        let fresh = scene(caches: false)
        let tracker = RideTracker(
            route: try RouteFixtures.along(),
            configuration: RideTracker.Configuration(units: .metric, tripFields: TripField.allCases))
        let (pipeline, start) = RouteFixtures.pipeline(
            at: 80, recording: recording, scene: fresh, tracker: tracker)
        var inputs: [SceneInput] = []
        var next = start
        let end = start.adding(seconds: 20)
        for event in recording.events where event.time > start {
            while next <= event.time, next <= end {
                inputs.append(pipeline.nextSceneInput(at: next))
                next = next.adding(seconds: 0.5)
            }
            guard next <= end else { break }
            pipeline.apply(event)
            tracker.apply(event)
        }
        return (cached, fresh, inputs)
    }

    /// The largest difference of one channel between two frames of the same size.
    static func largestDifference(_ a: FrameBuffer, _ b: FrameBuffer) -> Int {
        var worst = 0
        for (p, q) in zip(a.pixels, b.pixels) where p != q {
            for shift: UInt32 in [0, 8, 16] {
                worst = max(worst, abs(Int((p >> shift) & 0xff) - Int((q >> shift) & 0xff)))
            }
        }
        return worst
    }

    @Test("cached panels draw what fresh panels draw", arguments: [false, true])
    func cachedMatchesFresh(night: Bool) throws {
        let (cached, fresh, inputs) = try Self.scenes(night: night)
        try #require(inputs.count >= 30, "the ride gave \(inputs.count) frames")
        var worst = 0
        for input in inputs {
            let a = cached.render(input)
            let b = fresh.render(input)
            worst = max(worst, Self.largestDifference(a, b))
        }
        // Two translucent steps composited as one round once more than drawn step by step: at most 1 per step.
        #expect(worst <= 2, "largest channel difference \(worst)")
        let stats = cached.hudCacheStatistics
        #expect(stats.reused > stats.redrawn, "redrawn \(stats.redrawn), reused \(stats.reused)")
    }

    /// The heading's digits layer covers its line's text and no more (`HUDLayer.digitsBand`): with the longest
    /// lines (a number, a cardinal and a wide accuracy) the cached frame is still the fresh one.
    @Test func theHeadingDigitsLayerHoldsTheWholeLine() throws {
        let (cached, fresh, inputs) = try Self.scenes()
        var input = try #require(inputs.first)
        for (direction, accuracy, wide) in [(359.6, 40.0, true), (338.0, 150.0, true), (123.0, 2.0, false)] {
            input.heading = Heading(
                direction: Angle(direction), reference: .trueNorth, accuracyDegrees: accuracy, source: .compass)
            (input.shownDegrees, input.shownAccuracy) = (nil, nil)
            #expect((HUDLines(input).accuracy != nil) == wide)
            let worst = Self.largestDifference(cached.render(input), fresh.render(input))
            #expect(worst <= 2, "heading \(direction)° ±\(accuracy)°: largest channel difference \(worst)")
        }
    }

    @Test func theSameFrameRedrawsNoPanelAndANewHeadingOnlyItsDigits() throws {
        let (cached, _, inputs) = try Self.scenes()
        var input = try #require(inputs.first)
        _ = cached.render(input)
        let first = cached.hudCacheStatistics.redrawn
        #expect(first >= 5, "the first frame draws every panel: \(first)")
        _ = cached.render(input)
        #expect(cached.hudCacheStatistics.redrawn == first)
        let h = try #require(input.heading)
        input.heading = Heading(
            direction: Angle(h.direction.degrees + 40), reference: h.reference,
            accuracyDegrees: h.accuracyDegrees, source: h.source)
        let turned = cached.render(input)
        #expect(cached.hudCacheStatistics.redrawn == first + 1)
        // And the frame shows the new heading: the same as drawing it afresh.
        cached.cachesHUD = false
        #expect(Self.largestDifference(turned, cached.render(input)) <= 2)
    }

    /// The north pointer is a layer too: kept while the map holds its rotation (heading-up turns it only past the
    /// bearing's dead band), drawn again, alone, when the map turns, and then pointing the new way.
    @Test func theNorthPointerIsDrawnAgainOnlyWhenTheMapTurns() throws {
        let (cached, _, inputs) = try Self.scenes()
        var input = try #require(inputs.first)
        _ = cached.render(input)
        let first = cached.hudCacheStatistics.redrawn
        _ = cached.render(input)
        #expect(cached.hudCacheStatistics.redrawn == first)
        input.camera.bearing = Angle(input.camera.bearing.degrees + 25)
        let turned = cached.render(input)
        #expect(cached.hudCacheStatistics.redrawn == first + 1)
        cached.cachesHUD = false
        #expect(Self.largestDifference(turned, cached.render(input)) <= 2)
    }

    /// Smooth motion moves the camera's centre a little every frame; the scale bar's length follows the latitude,
    /// so as a fraction of a pixel it changed every frame and the scale panel was drawn again every frame (543
    /// panel redraws in 601 frames of the frame benchmark). Whole pixels change only when the bar grows by one.
    @Test func aCentreMovingAMetreAFrameRedrawsNoPanel() throws {
        let (cached, _, inputs) = try Self.scenes()
        var input = try #require(inputs.first)
        _ = cached.render(input)
        let first = cached.hudCacheStatistics.redrawn
        let start = input.camera.center
        for step in 1...20 {
            // About 1 m north a frame (6 m/s at 6 fps): the text the panels show does not change.
            input.camera.center = GeoCoordinate(
                latitude: start.latitude + Double(step) * 0.000_009, longitude: start.longitude)
            _ = cached.render(input)
        }
        #expect(cached.hudCacheStatistics.redrawn - first <= 1, "redrawn \(cached.hudCacheStatistics.redrawn - first)")
    }

    @Test func theLayerBlendIsTheScalarBlendOfEachChannel() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let d = UInt32.random(in: 0...0xff_ffff, using: &generator)
            let grey = UInt32.random(in: 0...255, using: &generator)
            // A layer over black gave c, over white c + k: so c + k ≤ 255 in every channel.
            let kGrey = Bool.random(using: &generator)
            var k: UInt32 = 0
            var c: UInt32 = 0
            for shift: UInt32 in [0, 8, 16] {
                let kc = kGrey ? grey : UInt32.random(in: 0...255, using: &generator)
                k |= kc << shift
                c |= UInt32.random(in: 0...(255 - kc), using: &generator) << shift
            }
            var expected: UInt32 = 0
            for shift: UInt32 in [0, 8, 16] {
                let channel = (((d >> shift) & 0xff) * ((k >> shift) & 0xff) + 127) / 255 + ((c >> shift) & 0xff)
                expected |= channel << shift
            }
            #expect(HUDLayerCache.blend(d, k, c) == expected, "d \(d) k \(k) c \(c)")
        }
    }
}
