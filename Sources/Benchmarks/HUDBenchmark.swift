import Core
import Foundation
import Platform

/// `Benchmarks hud`: the HUD's part of a frame, cached (`HUDLayerCache`: panels redrawn only when what they show
/// changes, blitted otherwise) against drawn afresh, in one run: 30 s of the bundled ride at 10 frames a second,
/// 800×480 heading-up at zoom 16.5, text set by the product's shaped text stack, over a map that draws nothing,
/// so a frame is the clear, trail, arrow and HUD, and the difference between the two is the HUD's saving.
/// `Benchmarks hud-count` and `hud-count-fresh` render the same frames once each way for callgrind:
///
///     valgrind --tool=callgrind .build/release/Benchmarks hud-count        # and hud-count-fresh
func runHUDBenchmark() {
    print("\n== HUD: cached panels vs drawn afresh, 800x480 heading-up, ride 20-50 s at 10 fps ==")
    do {
        let (fonts, shaper) = try hudText()
        let inputs = try hudRideInputs(fonts: fonts, shaper: shaper)
        let cached = hudScene(fonts: fonts, shaper: shaper, caches: true)
        let fresh = hudScene(fonts: fonts, shaper: shaper, caches: false)
        let none = hudScene(fonts: fonts, shaper: shaper, caches: false)
        none.drawsHUD = false
        let tCached = medianSeconds(1) { for input in inputs { _ = cached.render(input) } }
        let tFresh = medianSeconds(1) { for input in inputs { _ = fresh.render(input) } }
        let tNone = medianSeconds(1) { for input in inputs { _ = none.render(input) } }
        let n = Double(inputs.count)
        func ms(_ t: Double) -> String { formatFixed(t / n * 1000, digits: 3) + " ms" }
        let hudFresh = tFresh - tNone
        let hudCached = tCached - tNone
        // A cached HUD (its layers composited, a panel drawn again now and then) costs less than the noise between
        // the rounds: it has measured below zero, and a ratio over that is meaningless.
        let ratio =
            hudCached > hudFresh / 100
            ? "ratio fresh/cached (HUD) \(formatFixed(hudFresh / hudCached, digits: 2))x"
            : "(the cached HUD measured under 1 % of the fresh one: no ratio)"
        print(
            "  \(inputs.count) frames; CPU per frame, median of 7 rounds (the whole frame; HUD = frame - no HUD):\n"
                + "    no HUD            \(ms(tNone))\n"
                + "    HUD drawn afresh  \(ms(tFresh))   HUD \(ms(hudFresh))\n"
                + "    HUD cached        \(ms(tCached))   HUD \(ms(hudCached))"
                + "   \(ratio)\n"
                + "    panels redrawn: \(cached.hudCacheStatistics.redrawn) of "
                + "\(cached.hudCacheStatistics.redrawn + cached.hudCacheStatistics.reused) over \(8 * inputs.count)"
                + " cached frames; the marker drawn "
                + "\(cached.markerLayerStatistics.redrawn) of "
                + "\(cached.markerLayerStatistics.redrawn + cached.markerLayerStatistics.reused) frames")
        print("    HUD and marker layers hold \(cached.hudCacheBytes) bytes after the last frame")
        var largest = 0
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        let layers = hudScene(fonts: fonts, shaper: shaper, caches: true)
        for input in inputs {
            // Every pixel of every cached frame, all 32 bits: a change to the layers' form must keep it.
            for p in layers.render(input).pixels { hash = (hash ^ UInt64(p)) &* 0x0000_0100_0000_01b3 }
            largest = max(largest, layers.hudCacheBytes)
        }
        print("    most held over the frames \(largest) bytes; hash of the cached frames \(hash)")
        var worst = 0
        for input in inputs.prefix(60) {
            let a = cached.render(input)
            let b = fresh.render(input)
            for (p, q) in zip(a.pixels, b.pixels) {
                for shift in [0, 8, 16] {
                    worst = max(worst, abs(Int((p >> UInt32(shift)) & 0xff) - Int((q >> UInt32(shift)) & 0xff)))
                }
            }
        }
        print("    largest channel difference cached vs fresh over 60 frames: \(worst)")
    } catch {
        print("  no figure: \(error)")
    }
}

/// `hud-count` renders the frames with the HUD cached, `hud-count-fresh` with it drawn afresh: one process each,
/// so callgrind's total for each run is the figure.
func runHUDInstructionCount() { hudInstructionCount(caches: true) }
func runHUDFreshInstructionCount() { hudInstructionCount(caches: false) }

private func hudInstructionCount(caches: Bool) {
    print("\n== HUD \(caches ? "cached" : "drawn afresh"), the ride frames once, for callgrind (HUDBenchmark.swift) ==")
    do {
        let (fonts, shaper) = try hudText()
        let inputs = try hudRideInputs(fonts: fonts, shaper: shaper)
        let scene = hudScene(fonts: fonts, shaper: shaper, caches: caches)
        countedHUDFrames(scene, inputs)
        print("  \(inputs.count) frames")
    } catch {
        print("  no figure: \(error)")
    }
}

@inline(never) func countedHUDFrames(_ scene: Scene, _ inputs: [SceneInput]) {
    for input in inputs { _ = scene.render(input) }
}

/// The fonts and the product's shaped text stack.
private func hudText() throws -> (FontSet, any TextShaper) {
    (try FontSet.load(), try WorldTextShaper())
}

/// A map that draws nothing: the frame is then the scene's own layers.
private final class BlankMap: MapLayer {
    func draw(on canvas: Canvas, camera: Camera, reserved: [Rect]) {}
}

private func hudScene(fonts: FontSet, shaper: any TextShaper, caches: Bool) -> Scene {
    let scene = Scene(width: 800, height: 480, fonts: fonts, map: BlankMap(), shaper: shaper)
    scene.cachesHUD = caches
    return scene
}

/// What the pipeline asks the scene to draw over 20–50 s of the bundled ride at 10 frames a second.
private func hudRideInputs(fonts: FontSet, shaper: any TextShaper) throws -> [SceneInput] {
    try rideSceneInputs(scene: hudScene(fonts: fonts, shaper: shaper, caches: false), step: 0.1)
}
