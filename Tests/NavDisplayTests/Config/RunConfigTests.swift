import Core
import Foundation
import Platform
import Testing

@testable import NavDisplay

/// navdisplay.conf for `run`: every key is a long option, parsed by the same declarations as the command line,
/// one setting at a time; bad lines are reported with their line and key, the rest counts, and the command line
/// wins.
@Suite("run's config file")
struct RunConfigTests {
    static func file(_ text: String) throws -> String {
        let dir = try NavDisplayBinary.temporaryDirectory()
        let path = dir.appendingPathComponent("navdisplay.conf").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func goodSettingsAreTakenAndBadOnesNamedWithTheirLineAndKey() throws {
        let path = try Self.file(
            """
            # a kiosk
            zoom = 18
            orientation = course-up
            fps = 500
            stats = yes
            no-gps = no
            colour = red
            this line is broken
            gpsd = 127.0.0.1:2947
            """)
        let run = try RunCommand(arguments: ["--config", path])
        #expect(run.view.zoom == 18)
        #expect(run.view.orientation == .courseUp)
        #expect(run.fps == 20)  // the default: 500 is out of range
        #expect(run.stats)
        #expect(run.gps.useGps)
        #expect(run.gps.host == "127.0.0.1")
        #expect(run.configProblems.map(\.line) == [4, 7, 8])
        #expect(run.configProblems.map(\.key) == ["fps", "colour", "this"])
        #expect(run.configProblems[0].message == "`500` is not frames per second from 0.1 to 60; the default is used")
        #expect(run.configProblems[1].message == "unknown key; ignored")
        #expect(
            run.runNotices(calibrationProblem: nil) == [
                "CONFIG LINE 4: FPS", "CONFIG LINE 7: COLOUR", "CONFIG LINE 8: THIS",
            ])
    }

    @Test func theCommandLineWinsOverTheFile() throws {
        let path = try Self.file("zoom = 18\nno-gps = yes\n")
        let run = try RunCommand(arguments: ["--zoom", "12", "--config", path])
        #expect(run.view.zoom == 12)
        #expect(!run.gps.useGps)
        #expect(run.configProblems.isEmpty)
    }

    @Test func aSwitchTakesYesOrNoAndNothingElse() throws {
        let path = try Self.file("stats = maybe\n")
        let run = try RunCommand(arguments: ["--config", path])
        #expect(!run.stats)
        #expect(
            run.configProblems.map(\.description) == ["line 1: stats: `maybe` is not yes or no; the default is used"])
    }

    @Test func aMissingConfigNamedOnTheCommandLineIsAUsageErrorAndNoneReadsNothing() throws {
        #expect(throws: UsageError.self) {
            _ = try RunCommand(arguments: ["--config", "/nonexistent/navdisplay.conf"])
        }
        let run = try RunCommand(arguments: ["--config", "none"])
        #expect(run.configPath == nil)
        #expect(run.configProblems.isEmpty)
    }

    @Test func anEmptyCalibrationFileIsAProblemToShowNotAnError() throws {
        let dir = try NavDisplayBinary.temporaryDirectory()
        let path = dir.appendingPathComponent("calibration.txt").path
        FileManager.default.createFile(atPath: path, contents: Data())
        let loaded = CalibrationFile.loadOrUncalibrated(path)
        #expect(loaded.calibration == nil)
        #expect(loaded.warning?.contains("missing 'format' line") == true)
        let absent = CalibrationFile.loadOrUncalibrated(dir.appendingPathComponent("absent.txt").path)
        #expect(absent.calibration == nil && absent.warning == nil)
    }

    @Test func everyKeyTheShippedConffileMentionsIsAnOptionOfRunWithAGoodExample() throws {
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let shipped = try String(contentsOf: repo.appendingPathComponent("deploy/navdisplay.conf"), encoding: .utf8)
        // The file's settings are commented out; uncommented, each must be taken as it stands.
        let uncommented = shipped.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix("#") && line.dropFirst().first?.isLetter == true ? String(line.dropFirst()) : String(line)
        }.joined(separator: "\n")
        let settings = ConfigFile(parsing: uncommented)
        #expect(settings.entries.count >= 20, "the conffile lists run's options: \(settings.entries.map(\.key))")
        let run = try RunCommand(arguments: ["--config", try Self.file(uncommented)])
        #expect(run.configProblems == [])
    }
}
