import Core
import Foundation
import Platform

/// `Benchmarks first-frame`: how long after starting to open the map the first frame with every visible tile
/// drawn comes, on the bundled map at the bundled ride's first position (800×480 heading-up, zoom 16.5), with one
/// tile worker (the default before issue 20's second perf pass) and with one per online core, alternated in one
/// run. In-process and from a warm page cache: fonts, the text shaper, the map file, the scene, then frames drawn
/// as the live loop draws them (only when a tile has landed). Wall time, since this is a latency; the exec and
/// dynamic-linking part before `main` is not in it (see docs/benchmarks.md for that part, from strace).
func runFirstFrameBenchmark() {
    print("\n== First complete frame: tile workers 1 vs one per core (\(onlineCores()) online) ==")
    do {
        let input = try firstRideInput()
        var figures: [Int: [Double]] = [:]
        let counts = Array(Set([1, onlineCores()])).sorted()
        for _ in 0..<5 {
            for workers in counts { figures[workers, default: []].append(try firstComplete(workers: workers, input)) }
        }
        for workers in counts {
            let t = figures[workers, default: []].sorted()
            print(
                "  \(workers) worker(s): median \(formatFixed(t[t.count / 2] * 1000, digits: 0)) ms"
                    + " (runs: \(t.map { formatFixed($0 * 1000, digits: 0) }.joined(separator: ", ")) ms)")
        }
        if counts.count == 2, let one = figures[1]?.sorted(), let many = figures[counts[1]]?.sorted() {
            print("  ratio 1 worker / \(counts[1]): \(formatFixed(one[2] / many[2], digits: 2))")
        }
    } catch {
        print("  no figure: \(error)")
    }
}

private func onlineCores() -> Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

/// Seconds from opening fonts and map to the first frame drawn with every visible tile in the cache.
private func firstComplete(workers: Int, _ input: SceneInput) throws -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    let fonts = try FontSet.load()
    let shaper = try WorldTextShaper()
    let layer = try OfflineMap.layer(
        path: repositoryPath("maps/helsinki.mbtiles"), style: .day, fonts: fonts,
        budget: .forScreen(width: 800, height: 480), workers: workers, shaper: shaper)
    let scene = Scene(width: 800, height: 480, fonts: fonts, map: layer, shaper: shaper)
    var drawnRevision = -1
    while true {
        let revision = layer.revision
        if revision != drawnRevision {
            let complete = visibleTilesReady(layer, input.camera)
            _ = scene.render(input)
            drawnRevision = revision
            if complete { break }
        } else {
            // Nothing landed since the last frame: the live loop would not draw either.
            usleep(1000)
        }
    }
    let elapsed = clock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

/// True when every tile the camera shows that the file has data for is rendered and cached.
private func visibleTilesReady(_ layer: OfflineMapLayer, _ camera: Camera) -> Bool {
    let grid = layer.tileGrid(for: camera)
    for y in grid.ys {
        for x in grid.xs {
            let tile = TileID(z: grid.level.zoom, x: x, y: y)
            let ready = layer.tiles.image(for: tile, size: grid.level.size, request: false) != nil
            if layer.tiles.hasData(for: tile), !ready { return false }
        }
    }
    return true
}

/// The scene input of the bundled ride's first frame with a known position.
private func firstRideInput() throws -> SceneInput {
    let ride = try loadRecording(repositoryPath("recordings/helsinki-ride.navrec"))
    let pipeline = NavigationPipeline(
        scene: Scene(width: 800, height: 480, fonts: try FontSet.load()), orientation: .headingUp, zoom: 16.5,
        fallbackCenter: GeoCoordinate(latitude: 60.170, longitude: 24.941))
    for event in ride.events {
        pipeline.apply(event)
        let input = pipeline.nextSceneInput()
        if input.positionKnown { return input }
    }
    return pipeline.nextSceneInput()
}
