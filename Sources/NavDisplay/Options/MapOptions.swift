import Core
import Platform

/// The map and colour flags: `--map FILE|none`, `--style day|night` and `--map-memory MB`.
struct MapOptions: OptionGroup {
    enum Choice: Equatable, Sendable {
        /// The bundled Helsinki map (maps/helsinki.mbtiles), or the grid when it is not installed.
        case bundled
        /// No map: a latitude/longitude grid.
        case none
        case file(String)
    }

    var map: Choice
    var style = StyleName.day
    /// What the map may keep in memory (`--map-memory`); nil sizes it from the screen (never above what fits a
    /// 512 MB board), so a small panel does not carry a large panel's tile cache.
    var budget: MapMemoryBudget?

    init(defaultMap: Choice) { map = defaultMap }

    static let options: [OptionSpec<MapOptions>] = [
        .text(
            "--map", "FILE|none", what: "an .mbtiles or .pmtiles file, or none", completion: .file, example: "none",
            help: "an offline map: MBTiles or PMTiles, vector (OpenMapTiles or Protomaps schema) or\n"
                + "raster; none draws a latitude/longitude grid"
        ) { o, v in o.map = v == "none" ? .none : .file(v) },
        .style(\.style, help: "colours for the map and everything over it (default day)"),
        .integer(
            "--map-memory", "MB", in: 16...4096, what: "whole megabytes from 16 to 4096", example: "64",
            help: "memory the map may use for its tiles, in whole megabytes from 16 to 4096\n"
                + "(default: what the screen needs, at most 100, fit for a 512 MB board)"
        ) { o, megabytes in o.budget = MapMemoryBudget(megabytes: megabytes) },
    ]

    /// The scene for a `width`×`height` frame with this map and style. `waitForTiles` makes every frame complete
    /// (PNG output, replays that must be identical at any speed); a live screen never waits for a tile.
    /// `physics` sizes the text and symbols (nil: a 7" panel at 70 cm).
    func scene(
        width: Int, height: Int, fonts: FontSet, physics: ScreenPhysics? = nil, waitForTiles: Bool
    ) throws -> Scene {
        let shaper = loadShaper()
        let scene = Scene(
            width: width, height: height, fonts: fonts, theme: style.theme, physics: physics, shaper: shaper)
        let path: String?
        switch map {
        case .none: path = nil
        case .file(let p): path = p
        case .bundled:
            path = try? bundledFile(
                folder: "maps", file: "helsinki.mbtiles", environmentVariable: "NAVDISPLAY_MAPS", hint: "")
        }
        if let path {
            scene.map = try OfflineMap.layer(
                path: path, style: style == .day ? .day : .night, fonts: fonts, waitForTiles: waitForTiles,
                budget: budget ?? .forScreen(width: width, height: height), shaper: shaper)
        }
        return scene
    }
}
