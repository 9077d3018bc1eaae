import Testing

@testable import Core

/// Issue 16, class 3: `samples 1e300` (or −1e19) in a calibration file or a recording's `@calibration` header
/// trapped `run` at boot and on SIGHUP. Each is now a `CalibrationFileError` naming the line.
@Suite("Calibration text bad numbers")
struct CalibrationTextTrapTests {
    static func file(replacing line: String, with replacement: String) -> String {
        CalibrationFileFormatTests.oldFile.replacingOccurrences(of: line, with: replacement)
    }

    @Test(arguments: ["samples 1e300", "samples -1e19", "samples 9.3e18", "samples -5", "samples 2841.5"])
    func aSampleCountThatIsNoCountIsAnErrorOnItsLine(_ line: String) {
        #expect {
            try MagnetometerCalibration(parsing: Self.file(replacing: "samples 2841", with: line))
        } throws: { error in
            (error as? CalibrationFileError)?.line == 9
        }
    }

    @Test(arguments: ["coverage 1e300", "coverage -0.5", "residual_percent -1", "condition 1e300", "axis_ratio -2"])
    func aQualityFigureOutOfRangeIsAnError(_ line: String) {
        let key = String(line.split(separator: " ")[0])
        let original = CalibrationFileFormatTests.oldFile.split(separator: "\n").first { $0.hasPrefix(key + " ") }!
        #expect(throws: CalibrationFileError.self) {
            try MagnetometerCalibration(parsing: Self.file(replacing: String(original), with: line))
        }
    }

    @Test func aRecordingHeaderWithAHugeSampleCountIsAnErrorNotATrap() {
        let header = CalibrationFileFormatTests.oldFile.split(separator: "\n").filter { !$0.hasPrefix("#") }
            .map { "@calibration " + ($0.hasPrefix("samples") ? "samples 1e300" : $0) }
        let text = "navdisplay-recording 1\n" + header.joined(separator: "\n") + "\n"
        // Refused or read without that calibration; either way no trap and no calibration from it.
        let read = try? RecordingReader.read(Array(text.utf8), file: "huge.navrec")
        #expect(read?.header.calibration == nil)
    }

    @Test func theUntouchedFileStillLoads() throws {
        #expect(try MagnetometerCalibration(parsing: CalibrationFileFormatTests.oldFile).quality?.sampleCount == 2841)
    }
}
