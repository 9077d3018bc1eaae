import Core
import Foundation
import Platform

/// `Benchmarks camera-steps`: how the pipeline's camera changes from one frame to the next over the bundled ride
/// (20–50 s, heading-up at zoom 16.5): how many steps keep the rotation, zoom and anchor (a frame the map layer
/// can shift rather than resample), how many show the very same camera, and how far the centre moves in a step;
/// and over the whole ride, how often the map turns (each turn a whole resample) and turns back, and why frames
/// are drawn.
func runCameraSteps() {
    print("\n== Camera steps between frames, bundled ride 20-50 s, heading-up z16.5 (CameraSteps.swift) ==")
    guard let fonts = try? FontSet.load() else { return }
    let scene = Scene(width: 800, height: 480, fonts: fonts, map: nil)
    for step in [0.05, 0.1] {
        guard let inputs = try? rideSceneInputs(scene: scene, step: step), inputs.count > 1 else { return }
        var sameFraming = 0
        var sameCamera = 0
        var moves: [Double] = []
        for (a, b) in zip(inputs, inputs.dropFirst()) {
            let (ca, cb) = (a.camera, b.camera)
            guard ca.bearing == cb.bearing, ca.zoom == cb.zoom, ca.anchor == cb.anchor else { continue }
            sameFraming += 1
            let d = cb.screenPoint(of: ca.center) - cb.anchor
            let distance = (d.x * d.x + d.y * d.y).squareRoot()
            moves.append(distance)
            if distance < 1e-6 { sameCamera += 1 }
        }
        moves.sort()
        func percentile(_ p: Int) -> String { formatFixed(moves.isEmpty ? 0 : moves[moves.count * p / 100], digits: 2) }
        print(
            "  \(Int(1 / step)) fps: \(inputs.count - 1) steps; same rotation, zoom and anchor \(sameFraming), "
                + "same camera \(sameCamera); centre moved p50 \(percentile(50)) px, p90 \(percentile(90)) px")
    }
    guard let whole = try? rideSceneInputs(scene: scene, step: 0.05, from: 0, to: 1e6), whole.count > 1 else { return }
    // A turn back is one the other way within 5 s of the one before: the heading's dither, not the road.
    var turns = 0
    var turnsBack = 0
    var last: (time: Double, clockwise: Bool)?
    for (index, (a, b)) in zip(whole, whole.dropFirst()).enumerated() where a.camera.bearing != b.camera.bearing {
        let clockwise = a.camera.bearing.signedDifference(to: b.camera.bearing) > 0
        let time = Double(index + 1) * 0.05
        if let last, last.clockwise != clockwise, time - last.time < 5 { turnsBack += 1 }
        last = (time, clockwise)
        turns += 1
    }
    print(
        "  whole ride at 20 fps: \(whole.count) frames; the map turned \(turns) times, \(turnsBack) of them back "
            + "within 5 s")
    // Why each frame is drawn: what differs from the frame before when its signature does (the map moved or
    // turned; else a HUD text, by field; else the arrow or the accuracy cone).
    var drawn = 0
    var mapMoved = 0
    var hudOnly: [String: Int] = [:]
    var markerOnly = 0
    for (a, b) in zip(whole, whole.dropFirst()) where FrameSignature(a) != FrameSignature(b) {
        drawn += 1
        let (pa, pb) = (
            WebMercator.worldPixel(a.camera.center, zoom: a.camera.zoom),
            WebMercator.worldPixel(b.camera.center, zoom: b.camera.zoom)
        )
        if (pa.x - pb.x).magnitude > 0.1 || (pa.y - pb.y).magnitude > 0.1 || a.camera.bearing != b.camera.bearing {
            mapMoved += 1
            continue
        }
        let (ha, hb) = (HUDLines(a), HUDLines(b))
        guard ha != hb else {
            markerOnly += 1
            continue
        }
        let field =
            ha.heading != hb.heading
            ? "heading" : ha.speed != hb.speed ? "speed" : ha.positionStatus != hb.positionStatus ? "position" : "other"
        hudOnly[field, default: 0] += 1
    }
    let hud = hudOnly.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    print(
        "  frames drawn \(drawn): the map moved or turned \(mapMoved); else the HUD's text \(hudOnly.values.reduce(0, +)) "
            + "(\(hud)); else the marker \(markerOnly)")
}
