import Foundation
import Platform
import Testing

@testable import Core

/// A frame composed on its way out (`Scene.compose`: the map's kept pixels and the layers over them) must be the
/// frame `render` draws into its canvas, pixel for pixel, on the real map and the bundled ride; and the memory
/// display, which composes it band by band as it copies it out, must leave that frame in its scanout buffer.
@Suite("Frames composed on their way out")
struct ComposedFrameTests {
    /// Two scenes on maps of their own (each map keeps its own composite), one rendering and one composing.
    static func scenes() throws -> (rendering: Scene, composing: Scene) {
        (try SceneChangeTests.scene(held: 0), try SceneChangeTests.scene(held: 0))
    }

    /// Renders `inputs` with one scene and composes them with the other; returns how many composed frames were
    /// made of layers over the map, after checking every frame is the rendered one.
    static func compare(_ inputs: [SceneInput], _ scenes: (rendering: Scene, composing: Scene)) throws -> Int {
        var layered = 0
        for (i, input) in inputs.enumerated() {
            let rendered = scenes.rendering.render(input)
            let composed = scenes.composing.compose(input)
            if composed.plainFrame == nil { layered += 1 }
            let flat = composed.flattened()
            let differing = zip(flat.pixels, rendered.pixels).filter { $0 != $1 }.count
            #expect(differing == 0, "frame \(i): \(differing) pixels differ from the rendered frame")
            if differing > 0 { break }
        }
        return layered
    }

    @Test(
        "Riding, composed frames are the rendered ones",
        arguments: [(OrientationMode.headingUp, false), (.northUp, false), (.headingUp, true)])
    func riding(orientation: OrientationMode, gap: Bool) throws {
        let scenes = try Self.scenes()
        var inputs = try SceneChangeTests.rideInputs(scenes.rendering, orientation, from: 24, seconds: 6)
        try #require(inputs.count >= 100)
        // As the program rides: with the trip fields a ride adds, but no route.
        for i in inputs.indices { inputs[i].ride = SceneChangeTests.tripFieldsOnly }
        if gap {
            // The trail's live segment mostly lies under the marker. With the last ten fixes left out of the trail
            // (as after a gap in the fixes), it runs some 50 m out from under it.
            for i in inputs.indices {
                let trail = inputs[i].trail
                inputs[i].trail = Array(trail.dropLast(11)) + [trail[trail.count - 1]]
            }
        }
        let layered = try Self.compare(inputs, scenes)
        // Riding with a trail and the caches on, nearly every frame is composed over the map's kept pixels.
        #expect(layered > inputs.count * 3 / 4, "\(layered) of \(inputs.count) frames were composed")
    }

    @Test("Standing with the heading turning, composed frames are the rendered ones")
    func standing() throws {
        let scenes = try Self.scenes()
        let base = try #require(
            try SceneChangeTests.rideInputs(scenes.rendering, .northUp, from: 30, seconds: 0.1).last)
        var inputs: [SceneInput] = []
        for i in 0..<20 {
            var input = base
            input.heading = Heading(
                direction: Angle(40 + Double(i) * 7.5), reference: .trueNorth, accuracyDegrees: 3, source: .compass)
            input.speedMetresPerSecond = Double(i % 7)
            inputs.append(input)
        }
        #expect(try Self.compare(inputs, scenes) > 0)
    }

    @Test("Without the caches, with the grid or with a trail from before a restart, the frame is the canvas")
    func plain() throws {
        let scene = try SceneChangeTests.scene(held: 0)
        var inputs = try SceneChangeTests.rideInputs(scene, .headingUp, from: 24, seconds: 0.5)
        for i in inputs.indices {
            inputs[i].ride = RideOverlay(earlierTrails: [Array(inputs[i].trail.prefix(5))])
            #expect(scene.compose(inputs[i]).plainFrame != nil)
            inputs[i].ride = nil
        }
        scene.cachesHUD = false
        for input in inputs { #expect(scene.compose(input).plainFrame != nil) }
        scene.cachesHUD = true
        scene.map = nil
        for input in inputs { #expect(scene.compose(input).plainFrame != nil) }
    }

    /// The memory display composes each band of rows as it copies it out: its scanout buffer must hold the frame.
    @Test(
        "The memory display's scanout holds each composed frame",
        arguments: [(PixelFormat.xrgb8888, PanelRotation.none), (.rgb565, .none), (.xrgb8888, .clockwise90)])
    func scanout(format: PixelFormat, rotation: PanelRotation) throws {
        let scenes = try Self.scenes()
        let panel = rotation.swapsAxes ? (480, 800) : (800, 480)
        let display = try MemoryScanoutDisplay(
            panelWidth: panel.0, panelHeight: panel.1, format: format, rotation: rotation)
        let inputs = try SceneChangeTests.rideInputs(scenes.rendering, .headingUp, from: 24, seconds: 2)
        for (i, input) in inputs.enumerated() {
            let rendered = scenes.rendering.render(input)
            try display.present(scenes.composing.compose(input), changed: scenes.composing.takeChange())
            var wrong = 0
            for y in 0..<480 {
                for x in 0..<800 {
                    let want = rendered[x, y]
                    let expected =
                        format == .xrgb8888
                        ? want : RGB565.expand(RGB565.pack(want))
                    let at = rotation.panelRect(
                        PixelRect(x: x, y: y, width: 1, height: 1), logicalWidth: 800, logicalHeight: 480)
                    if display.scanoutPixel(x: at.x, y: at.y) != expected { wrong += 1 }
                }
            }
            #expect(wrong == 0, "frame \(i): \(wrong) scanout pixels are not the rendered frame's")
            if wrong > 0 { break }
        }
    }
}
