import Core
import Foundation
import Platform

/// What the map's in-process memory holds for the bundled ride: the tile grids its frames compose (and what a
/// mosaic for them costs), and the bytes of every tile they show in each storage form `TileBitmap` can take.
func printMapMemoryFigures() {
    print("\n== Map memory on the bundled ride (800x480 heading-up, zoom 16.5, a frame every 0.5 s) ==")
    do {
        let fonts = try FontSet.load()
        let budget = MapMemoryBudget.forScreen(width: 800, height: 480)
        let layer = try OfflineMap.layer(
            path: repositoryPath("maps/helsinki.mbtiles"), style: .day, fonts: fonts, waitForTiles: true,
            budget: budget)
        let cameras = try rideCameras(every: 0.5)
        printGridFigures(layer: layer, cameras: cameras)
        printTileFormatFigures(layer: layer, cameras: cameras, budget: budget)
    } catch {
        print("  map memory: \(error)")
    }
}

/// The cameras of the bundled ride as the pipeline gives them, every `seconds` of ride time.
func rideCameras(every seconds: Double) throws -> [Camera] {
    let ride = try loadRecording(repositoryPath("recordings/helsinki-ride.navrec"))
    guard let first = ride.events.first?.time else { return [] }
    let pipeline = NavigationPipeline(
        scene: Scene(width: 800, height: 480, fonts: try FontSet.load()), orientation: .headingUp, zoom: 16.5,
        fallbackCenter: GeoCoordinate(latitude: 60.170, longitude: 24.941))
    var cameras: [Camera] = []
    var next = first
    for event in ride.events {
        while next <= event.time {
            let input = pipeline.nextSceneInput(at: next)
            if input.positionKnown { cameras.append(input.camera) }
            next = next.adding(seconds: seconds)
        }
        pipeline.apply(event)
    }
    return cameras
}

/// The grids the frames compose: their shapes, and what a mosaic holding them costs when it grows by columns
/// and rows separately, by cells, or holds only the turned screen's bounding box.
private func printGridFigures(layer: OfflineMapLayer, cameras: [Camera]) {
    var shapes: [String: Int] = [:]
    var maxColumns = 0
    var maxRows = 0
    var maxCells = 0
    var maxBox = 0
    var maxTileBytes = 0
    for camera in cameras {
        let grid = layer.tileGrid(for: camera)
        let t = grid.level.size
        maxTileBytes = max(maxTileBytes, t * t * 4)
        shapes["\(grid.xs.count)x\(grid.ys.count)", default: 0] += 1
        maxColumns = max(maxColumns, grid.xs.count)
        maxRows = max(maxRows, grid.ys.count)
        maxCells = max(maxCells, grid.xs.count * grid.ys.count)
        // The screen's corners in the grid's tile pixels: the part of the mosaic the composite samples.
        let k = grid.level.sourcePixelsPerScreenPixel(atZoom: camera.zoom)
        let w = Double(camera.width)
        let h = Double(camera.height)
        let corners = [Point(x: 0, y: 0), Point(x: w, y: 0), Point(x: 0, y: h), Point(x: w, y: h)]
            .map { camera.worldPixel(atScreen: $0) * k }
        let bw = (corners.map(\.x).max() ?? 0) - (corners.map(\.x).min() ?? 0) + 2
        let bh = (corners.map(\.y).max() ?? 0) - (corners.map(\.y).min() ?? 0) + 2
        maxBox = max(maxBox, Int(bw.rounded(.up)) * Int(bh.rounded(.up)))
    }
    let tileBytes = Double(maxTileBytes)
    func mib(_ bytes: Double) -> String { formatFixed(bytes / 1_048_576, digits: 1) + " MiB" }
    let list = shapes.sorted { $0.value > $1.value }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    print("  \(cameras.count) frames; grid shapes (columns x rows, frames): \(list)")
    print(
        "  mosaic grown by columns and rows (\(maxColumns)x\(maxRows)): \(mib(Double(maxColumns * maxRows) * tileBytes))"
    )
    print("  mosaic grown by cells (\(maxCells)):                \(mib(Double(maxCells) * tileBytes))")
    print("  the turned screen's bounding box at most:  \(mib(Double(maxBox) * 4))")
}

/// Every tile the ride's frames show, rendered once, stored in each form: XRGB8888, one palette index a pixel
/// (the previous form), and runs of indices (the smallest exact form, what `TileBitmap` now keeps).
private func printTileFormatFigures(layer: OfflineMapLayer, cameras: [Camera], budget: MapMemoryBudget) {
    var tiles: [(id: TileID, size: Int)] = []
    var seen: Set<TileID> = []
    for camera in cameras {
        let grid = layer.tileGrid(for: camera)
        for y in grid.ys {
            for x in grid.xs {
                let id = TileID(z: grid.level.zoom, x: x, y: y)
                if layer.tiles.hasData(for: id), seen.insert(id).inserted { tiles.append((id, grid.level.size)) }
            }
        }
    }
    var direct = 0
    var indices = 0
    var stored = 0
    var forms: [String: Int] = [:]
    var encodeSeconds = 0.0
    for (id, size) in tiles {
        let bitmap = layer.tiles.renderNow(id, size: size)
        let pixels = bitmap.pixels
        let start = threadCPUNanoseconds()
        let again = TileBitmap(size: bitmap.size, pixels: pixels)
        encodeSeconds += Double(threadCPUNanoseconds() - start) / 1e9
        precondition(again.pixels == pixels, "a tile bitmap must give back its pixels")
        direct += pixels.count * 4
        let paletteColours = Set(pixels).count
        indices +=
            paletteColours > TileBitmap.maximumPaletteColors
            ? pixels.count * 4 : pixels.count * (paletteColours <= 256 ? 1 : 2) + 4 * paletteColours
        stored += bitmap.byteCount
        forms["\(bitmap.encoding)", default: 0] += 1
    }
    let n = max(1, tiles.count)
    func kib(_ total: Int) -> String { formatFixed(Double(total) / Double(n) / 1024, digits: 1) + " KiB" }
    let kept = layer.tiles.budget.renderedTileCount(tileSize: TileLevel.smallestSize)
    print("  \(tiles.count) distinct tiles shown; the cache keeps \(kept) (MapMemoryBudget.forScreen)")
    print("  per tile: XRGB8888 \(kib(direct)), palette indices \(kib(indices)), runs of indices \(kib(stored))")
    let forCache = { (total: Int) in
        formatFixed(Double(total) / Double(n) * Double(kept) / 1_048_576, digits: 1) + " MiB"
    }
    print("  the cache full of such tiles: \(forCache(direct)), \(forCache(indices)), \(forCache(stored))")
    print(
        "  storage forms: \(forms.sorted { $0.value > $1.value }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))"
    )
    print("  encoding CPU per tile: \(formatFixed(encodeSeconds / Double(n) * 1000, digits: 3)) ms")
}
