import Foundation
import Platform
import Testing

@testable import Core

/// What a scene says each frame changed (`Scene.takeChange`), which the memory and fbdev displays copy out
/// without comparing frames: every pixel that differs from the frame before must lie in it, on the real map
/// and the bundled ride, moving and standing with only the HUD and the marker changing.
@Suite("What a frame changed, as the scene tells it")
struct SceneChangeTests {
    /// A scene on the real map with the shaped text the program uses, as a screen runs it: it draws into the same
    /// buffer when the display holds none.
    static func scene(held: Int, waitForTiles: Bool = true) throws -> Scene {
        let fonts = try FontSet.load()
        let shaper = try WorldTextShaper()
        let map = try OfflineMap.layer(
            path: NavDisplayBinary.repositoryRoot.appendingPathComponent("maps/helsinki.mbtiles").path,
            style: .day, fonts: fonts, waitForTiles: waitForTiles, shaper: shaper)
        let scene = Scene(width: 800, height: 480, fonts: fonts, map: map, shaper: shaper)
        scene.framesHeldByDisplay = held
        return scene
    }

    /// What a ride without `--route` adds to each frame, as `navdisplay replay` and `run` draw it: trip fields
    /// and the clock, in the HUD.
    static let tripFieldsOnly = RideOverlay(
        tripFields: [.clock, .distance, .time], utcSeconds: 1_700_000_000, zoneOffsetSeconds: 7200)

    /// The bundled ride from `from` s for `seconds`, a frame every 50 ms, as the pipeline makes them for `scene`.
    static func rideInputs(_ scene: Scene, _ orientation: OrientationMode, from: Double, seconds: Double) throws
        -> [SceneInput]
    {
        let ride = try RouteFixtures.ride()
        let pipeline = NavigationPipeline(
            scene: scene, orientation: orientation, zoom: 16.5,
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
        return inputs
    }

    /// Renders `inputs` in turn (calling `before` with each index first) and checks each frame's told change
    /// against the pixels that really changed; returns the rectangle told for each frame.
    static func check(_ scene: Scene, _ inputs: [SceneInput], before: (Int) -> Void = { _ in }) -> [PixelRect?] {
        var previous: [UInt32]?
        var told: [PixelRect?] = []
        for (i, input) in inputs.enumerated() {
            before(i)
            let frame = scene.render(input)
            let change = scene.takeChange()
            let rect = change.rect(width: frame.width, height: frame.height)
            told.append(rect)
            if let previous {
                var outside = 0
                for y in 0..<frame.height {
                    for x in 0..<frame.width where frame.pixels[y * frame.width + x] != previous[y * frame.width + x] {
                        let inside = rect.map { x >= $0.x && x < $0.x + $0.width && y >= $0.y && y < $0.y + $0.height }
                        if inside != true { outside += 1 }
                    }
                }
                #expect(outside == 0, "frame \(i): \(outside) changed pixels outside \(String(describing: rect))")
            } else {
                #expect(change == .unknown, "the first frame is new all over")
            }
            previous = frame.pixels
        }
        return told
    }

    @Test("Riding heading-up, every changed pixel is in the change told", arguments: [0, 1])
    func riding(held: Int) throws {
        let scene = try Self.scene(held: held)
        let inputs = try Self.rideInputs(scene, .headingUp, from: 24, seconds: 6)
        try #require(inputs.count >= 100, "the ride gave \(inputs.count) frames")
        let told = Self.check(scene, inputs)
        // Moving, the map moves under the layers in nearly every frame: told whole.
        #expect(told.filter { $0 == PixelRect(x: 0, y: 0, width: 800, height: 480) }.count > told.count / 2)
    }

    /// Standing north-up: the map (or the grid drawn without one, as `show` draws), camera and trail stay, while
    /// the heading turns the marker and the speed and heading panels change their digits. Those frames are told
    /// as the layers that changed, not the whole frame.
    @Test(
        "Standing, only the layers that changed are told, and they hold every changed pixel (map or grid; ride)",
        arguments: [(true, false), (false, false), (true, true)])
    func standing(onTheMap: Bool, withRide: Bool) throws {
        let scene = try Self.scene(held: 0)
        if !onTheMap { scene.map = nil }
        var base = try #require(try Self.rideInputs(scene, .northUp, from: 30, seconds: 0.1).last)
        if withRide { base.ride = Self.tripFieldsOnly }
        var inputs: [SceneInput] = []
        for i in 0..<40 {
            // The heading turns (the marker's layer and the heading panel) and the speed ticks up and down (the
            // speed panel); every fifth frame repeats the one before.
            guard i % 5 != 4 else {
                inputs.append(inputs[i - 1])
                continue
            }
            var input = base
            input.heading = Heading(
                direction: Angle(40 + Double(i) * 7.5), reference: .trueNorth, accuracyDegrees: 3 + Double(i % 3),
                source: .compass)
            input.speedMetresPerSecond = Double(i % 7)
            inputs.append(input)
        }
        let told = Self.check(scene, inputs)
        let screen = 800 * 480
        // From the fourth frame: the settled trail's layer is drawn once the camera has held two frames running
        // (`SettledTrail.steadyFramesBeforeLayer`), and the frame it is first drawn on is told whole.
        for i in 3..<40 {
            let pixels = told[i].map { $0.width * $0.height } ?? 0
            if i % 5 == 4 {
                #expect(told[i] == nil, "frame \(i) repeats the one before but was told \(String(describing: told[i]))")
            } else {
                // The panels and the marker, not the map: less than the whole frame.
                #expect(pixels > 0 && pixels < screen * 2 / 3, "frame \(i) told \(String(describing: told[i]))")
            }
        }
    }

    /// Standing while the tiles land, and while the map's labels go: the same camera, the map changing under the
    /// layers.
    @Test("Standing, a change of the map itself is told")
    func mapChanging() throws {
        let scene = try Self.scene(held: 0, waitForTiles: false)
        let map = try #require(scene.map as? OfflineMapLayer)
        let input = try #require(try Self.rideInputs(scene, .northUp, from: 30, seconds: 0.1).last)
        // The first frame asks for the tiles; each frame after it, once the workers are done, shows what landed;
        // the last one drops the labels.
        let told = Self.check(scene, Array(repeating: input, count: 5)) { i in
            if i > 0 { map.tiles.waitUntilIdle() }
            if i == 4 { map.drawsLabels = false }
        }
        #expect(map.isComplete)
        #expect(told[3] == nil, "nothing changed")
        #expect(told[4] == PixelRect(x: 0, y: 0, width: 800, height: 480), "the labels went: the map changed")
    }

    /// The product's path end to end: each frame presented with the change told to the memory display, which
    /// copies only that into its scanout buffer, and that buffer then holds the whole frame, riding and standing.
    @Test("Through the memory display, the scanout buffer holds every frame")
    func scanoutHoldsEveryFrame() throws {
        let scene = try Self.scene(held: 0)
        let display = try MemoryScanoutDisplay(panelWidth: 800, panelHeight: 480)
        let riding = try Self.rideInputs(scene, .headingUp, from: 26, seconds: 2)
        var standing: [SceneInput] = []
        for i in 0..<20 {
            var input = try #require(riding.last)
            input.heading = Heading(
                direction: Angle(Double(i) * 11), reference: .trueNorth, accuracyDegrees: 4, source: .compass)
            input.speedMetresPerSecond = Double(i % 4)
            standing.append(input)
        }
        var partial = 0
        for (i, input) in (riding + standing).enumerated() {
            let frame = scene.render(input)
            let change = scene.takeChange()
            if change != .unknown,
                change.rect(width: 800, height: 480) != PixelRect(x: 0, y: 0, width: 800, height: 480)
            {
                partial += 1
            }
            try display.present(frame, changed: change)
            guard i % 3 == 0 || i == riding.count + standing.count - 1 else { continue }
            var wrong = 0
            for y in 0..<480 {
                for x in 0..<800 where display.scanoutPixel(x: x, y: y) != frame.pixels[y * 800 + x] { wrong += 1 }
            }
            #expect(wrong == 0, "frame \(i): \(wrong) scanout pixels differ from the frame")
        }
        #expect(partial >= 15, "only \(partial) frames were copied in part")
    }
}
