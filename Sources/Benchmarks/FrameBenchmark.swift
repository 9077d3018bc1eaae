import Core
import Foundation
import Platform

/// The product's whole frame on the main thread: the bundled map (every tile rendered beforehand, so the tile
/// workers are not in it), its labels set with the shaped text stack, the route-less ride's trail, arrow and HUD,
/// 800×480 heading-up at zoom 16.5, for 30 s of the bundled ride at 20 frames a second with the drawn position
/// carried on between fixes. CPU time of this thread per frame, the whole frame and without each part.
func runFrameBenchmark() {
    print("\n== The whole frame: bundled map and ride 20-50 s, 800x480 heading-up z16.5, 20 fps, smooth motion ==")
    do {
        let setup = try frameSetup()
        let n = Double(setup.inputs.count)
        func perFrame(_ body: () -> Void) -> Double { medianSeconds(1, body) / n }
        let scene = setup.scene
        let before = scene.hudCacheStatistics
        let resampledBefore = setup.layer.resampledPixels
        let redrawnLabelsBefore = setup.layer.redrawnLabels
        let placementsBefore = setup.layer.placedLabelSets
        var placedLabels = 0
        for input in setup.inputs {
            _ = scene.render(input)
            placedLabels += setup.layer.lastLabels.count
        }
        let after = scene.hudCacheStatistics
        let resampled = Double(setup.layer.resampledPixels - resampledBefore) / (n * 800 * 480)
        print(
            "  map pixels resampled a frame (the rest shifted from the last): \(formatFixed(resampled * 100, digits: 1)) %"
        )
        print(
            "  labels drawn again a frame (the rest shifted with the map): "
                + "\(setup.layer.redrawnLabels - redrawnLabelsBefore) of \(placedLabels) placed")
        print(
            "  frames that placed their labels afresh (the rest slid the last placement with the map): "
                + "\(setup.layer.placedLabelSets - placementsBefore) of \(setup.inputs.count)")
        let redrawn = after.redrawn - before.redrawn
        print(
            "  HUD panels redrawn in one pass: \(redrawn) of \(redrawn + after.reused - before.reused)")
        let full = perFrame { for input in setup.inputs { _ = scene.render(input) } }
        setup.layer.drawsLabels = false
        let noLabels = perFrame { for input in setup.inputs { _ = scene.render(input) } }
        scene.drawsHUD = false
        let mapOnly = perFrame { for input in setup.inputs { _ = scene.render(input) } }
        setup.layer.drawsLabels = true
        scene.drawsHUD = true
        func ms(_ t: Double) -> String { formatFixed(t * 1000, digits: 3) + " ms" }
        print("  \(setup.inputs.count) frames; CPU per frame, median of 7 rounds:")
        print("    whole frame                  \(ms(full))")
        print("    without the labels           \(ms(noLabels))   labels \(ms(full - noLabels))")
        print("    map only (no labels, no HUD) \(ms(mapOnly))   HUD, trail, arrow \(ms(noLabels - mapOnly))")
        print("  Cortex-A53 estimate: see `frame-count` under callgrind (instructions at ~1 per cycle at 1 GHz)")
        try frameOutBenchmark(setup)
        rotatedBlitFootprint()
    } catch {
        print("  no figure: \(error)")
    }
}

/// The frame and its copy into a memory display's scanout buffer, as the live loop does them: drawn into the
/// canvas and copied out (`Scene.render`), against composed as the copy writes it out (`Scene.compose`). The two
/// alternate round by round (CPU time of this thread, medians of 7 passes over the ride).
private func frameOutBenchmark(_ setup: FrameSetup) throws {
    let scene = setup.scene
    let display = try MemoryScanoutDisplay(panelWidth: 800, panelHeight: 480)
    let n = Double(setup.inputs.count)
    func pass(composed: Bool) -> Double {
        let start = threadCPUNanoseconds()
        for input in setup.inputs {
            if composed {
                try? display.present(scene.compose(input), changed: scene.takeChange())
            } else {
                try? display.present(scene.render(input), changed: scene.takeChange())
            }
        }
        return Double(threadCPUNanoseconds() - start) / 1e9 / n
    }
    _ = (pass(composed: false), pass(composed: true))  // warm-up
    var rendered: [Double] = []
    var composed: [Double] = []
    for _ in 0..<7 {
        rendered.append(pass(composed: false))
        composed.append(pass(composed: true))
    }
    let (r, c) = (rendered.sorted()[3], composed.sorted()[3])
    print("  the frame and its copy to a memory display, alternated, median of 7 passes:")
    print("    drawn into the canvas, copied out     \(formatFixed(r * 1000, digits: 3)) ms")
    print(
        "    composed as it is copied out         \(formatFixed(c * 1000, digits: 3)) ms  "
            + "(\(formatFixed(c / r, digits: 3))x)")
}

/// The same frames once each after a warm pass, for callgrind:
/// `valgrind --tool=callgrind --toggle-collect='*countedFrames*' .build/release/Benchmarks frame-count`; then
/// the same frames composed as a memory display copies them out, as the live loop does
/// (`--toggle-collect='*countedComposedFrames*'`).
func runFrameInstructionCount() {
    runFrameInstructionCount(from: 20, to: 50)
}

/// `frame-count` through the bundled ride's U-turn (95–115 s), where every other frame turns the map.
func runTurnFrameInstructionCount() {
    runFrameInstructionCount(from: 95, to: 115)
}

private func runFrameInstructionCount(from: Double, to: Double) {
    print(
        "\n== The whole frame, the ride frames \(Int(from))–\(Int(to)) s once after a warm pass, for callgrind "
            + "(FrameBenchmark.swift) ==")
    do {
        let setup = try frameSetup(from: from, to: to)
        countedFrames(setup.scene, setup.inputs)
        let display = try MemoryScanoutDisplay(panelWidth: 800, panelHeight: 480)
        try presentComposed(setup.scene, setup.inputs, display)  // warm: the display's buffers and the kept frame
        try countedComposedFrames(setup.scene, setup.inputs, display)
        print("  \(setup.inputs.count) frames")
    } catch {
        print("  no figure: \(error)")
    }
}

@inline(never) func countedFrames(_ scene: Scene, _ inputs: [SceneInput]) {
    for input in inputs { _ = scene.render(input) }
}

@inline(never) func countedComposedFrames(_ scene: Scene, _ inputs: [SceneInput], _ display: MemoryScanoutDisplay)
    throws
{
    try presentComposed(scene, inputs, display)
}

/// Each frame composed and copied out as the live loop does: the display told what the scene says changed.
private func presentComposed(_ scene: Scene, _ inputs: [SceneInput], _ display: MemoryScanoutDisplay) throws {
    for input in inputs { try display.present(scene.compose(input), changed: scene.takeChange()) }
}

private struct FrameSetup {
    var scene: Scene
    var layer: OfflineMapLayer
    var inputs: [SceneInput]
}

/// The scene on the bundled map and what the pipeline asks it to draw from `from` to `to` seconds into the ride
/// (20–50 s unless said), drawn once (every tile and label cached).
private func frameSetup(from: Double = 20, to: Double = 50) throws -> FrameSetup {
    let fonts = try FontSet.load()
    let shaper = try WorldTextShaper()
    let layer = try OfflineMap.layer(
        path: repositoryPath("maps/helsinki.mbtiles"), style: .day, fonts: fonts, waitForTiles: true, shaper: shaper)
    let scene = Scene(width: 800, height: 480, fonts: fonts, map: layer, shaper: shaper)
    let inputs = try rideSceneInputs(scene: scene, step: 0.05, from: from, to: to)
    for input in inputs { _ = scene.render(input) }
    return FrameSetup(scene: scene, layer: layer, inputs: inputs)
}

/// The rotated composite of the map canvas into 800×480 at the source scales the product draws: 1.00 source
/// pixel per screen pixel (whole zooms) and 1.41 (zoom 16.5 from z17 tiles, the default).
private func rotatedBlitFootprint() {
    let (w, h) = (800, 480)
    print("  rotated composite 800x480 turned 37°, bilinear, by source pixels per screen pixel:")
    for scale in [1.0, 2.0.squareRoot()] {
        let side = Int((Double(w * w + h * h)).squareRoot() * scale) + 4
        guard let canvas = mapCanvas(side: side) else { return }
        var frame = FrameBuffer(width: w, height: h)
        let map = AffineMap.rotation(
            degrees: 37, scale: 1 / scale, sourceCenter: Point(x: Double(side) / 2, y: Double(side) / 2),
            destinationCenter: Point(x: Double(w) / 2, y: Double(h) / 2))
        let t = medianSeconds(20) { RotatedBlit.draw(canvas, into: &frame, map: map, filter: .bilinear, background: 0) }
        // As in the live loop, where 50 ms of other work (tile workers, other programs) pass between frames:
        // the caches emptied first (32 MiB written), and only the blit timed.
        var cold: [Double] = []
        var sweep = [UInt64](repeating: 0, count: 4 << 20)
        for round in 0..<15 {
            sweep.withUnsafeMutableBytes { _ = memset($0.baseAddress!, Int32(round), $0.count) }
            let start = threadCPUNanoseconds()
            RotatedBlit.draw(canvas, into: &frame, map: map, filter: .bilinear, background: 0)
            cold.append(Double(threadCPUNanoseconds() - start) / 1e9)
        }
        let coldMedian = cold.sorted()[cold.count / 2]
        print(
            "    \(formatFixed(scale, digits: 2)) (canvas \(side)x\(side), \(formatFixed(Double(side * side * 4) / 1_048_576, digits: 1)) MiB)"
                + "  warm \(formatFixed(t * 1e6, digits: 0)) µs, caches emptied first \(formatFixed(coldMedian * 1e6, digits: 0)) µs"
        )
    }
}
