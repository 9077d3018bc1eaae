import Core
import Foundation
import Platform
import Testing

@testable import NavDisplay

/// `--map-memory MB` (and `map-memory =` in navdisplay.conf): the map's memory budget as a setting (issue 16),
/// with a clear error for a value that makes no sense and the budget carried to the tile cache.
@Suite("--map-memory")
struct MapMemoryOptionTests {
    @Test func aBudgetInMegabytesReachesTheMapsTileCache() throws {
        let run = try RunCommand(arguments: ["--config", "none", "--map-memory", "64"])
        #expect(run.map.budget == MapMemoryBudget(megabytes: 64))
        let map = NavDisplayBinary.repositoryRoot.appendingPathComponent("maps/helsinki.mbtiles").path
        var options = MapOptions(defaultMap: .file(map))
        options.budget = run.map.budget
        let scene = try options.scene(width: 320, height: 192, fonts: try FontSet.load(), waitForTiles: true)
        let layer = try #require(scene.map as? OfflineMapLayer)
        #expect(layer.tiles.budget == MapMemoryBudget(megabytes: 64))
        #expect(layer.tiles.budget != .standard)
    }

    @Test func withoutTheOptionTheBudgetIsSizedFromTheScreen() throws {
        let run = try RunCommand(arguments: ["--config", "none"])
        #expect(run.map.budget == nil)
        let map = NavDisplayBinary.repositoryRoot.appendingPathComponent("maps/helsinki.mbtiles").path
        let scene = try MapOptions(defaultMap: .file(map)).scene(
            width: 320, height: 192, fonts: try FontSet.load(), waitForTiles: true)
        let layer = try #require(scene.map as? OfflineMapLayer)
        #expect(layer.tiles.budget == .forScreen(width: 320, height: 192))
        #expect(layer.tiles.budget.renderedTileBytes <= MapMemoryBudget.board512MB.renderedTileBytes)
    }

    @Test(arguments: ["0", "15", "4097", "-100", "abc", "1e300", "nan", "64.5", "inf", ""])
    func nonsenseIsAUsageErrorThatSaysWhatIsExpected(_ value: String) throws {
        let error = try #require(throws: UsageError.self) {
            _ = try RunCommand(arguments: ["--config", "none", "--map-memory=" + value])
        }
        #expect("\(error)".contains("--map-memory expects whole megabytes from 16 to 4096"), "\(error)")
    }

    @Test func aBadValueInTheConfigFileIsNamedAndTheDefaultKept() throws {
        let path = try RunConfigTests.file("map-memory = 5000\n")
        let run = try RunCommand(arguments: ["--config", path])
        #expect(run.configProblems.map(\.key) == ["map-memory"])
        #expect(run.map.budget == nil)
        let good = try RunCommand(arguments: ["--config", try RunConfigTests.file("map-memory = 32\n")])
        #expect(good.configProblems.isEmpty)
        #expect(good.map.budget == MapMemoryBudget(megabytes: 32))
    }
}
