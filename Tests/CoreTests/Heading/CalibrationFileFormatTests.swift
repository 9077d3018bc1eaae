import Foundation
import Simulation
import Testing

@testable import Core

/// Level calibrations in the calibration file and in a recording's header, and files written before they existed.
@Suite struct CalibrationFileFormatTests {
    /// A file exactly as builds before level fits wrote it (format 1, no `fit` line).
    static let oldFile = """
        # navdisplay magnetometer calibration: corrected = soft_iron * (raw - hard_iron_ut), body frame
        format 1
        hard_iron_ut 27.981234 -35.994321 41.012345
        soft_iron 0.897100 -0.058000 0.027900 -0.058000 1.081100 -0.043600 0.027900 -0.043600 0.983700
        field_radius_ut 50.612300
        expected_field_ut 50.588000
        residual_percent 0.612
        coverage 0.976
        samples 2841
        condition 812.4
        axis_ratio 1.2417

        """

    @Test func aFileWrittenBeforeLevelFitsStillLoadsAsAnEllipsoidFit() throws {
        let cal = try MagnetometerCalibration(parsing: Self.oldFile)
        #expect(cal.fit == .ellipsoid)
        #expect(cal.dipIsMeaningful)
        #expect(cal.qualityNotes.isEmpty)
        #expect(cal.hardIronMicrotesla == Vector3(x: 27.981234, y: -35.994321, z: 41.012345))
        #expect(cal.softIron.rowMajor[1] == -0.058)
        #expect(cal.expectedFieldMicrotesla == 50.588)
        #expect(cal.quality?.sampleCount == 2841)
        // Written back, a 3D calibration is the same format-1 file, line for line.
        #expect(cal.serialized() == Self.oldFile.replacingOccurrences(of: "\n\n", with: "\n"))
    }

    @Test(arguments: [true, false])
    func aLevelCalibrationRoundTripsWithItsKindAndNotes(_ fromModel: Bool) throws {
        let ride = LevelFitTests.circles(device: SimulatedRide.distortedDevice)
        let cal = try LevelFitTests.session(ride, model: fromModel).finish()
        let text = cal.serialized()
        #expect(text.contains("\nformat 2\n"))
        #expect(text.contains("\nfit level " + (fromModel ? "vertical-from-wmm" : "vertical-unobserved") + "\n"))
        #expect(text.contains("# level fit: the vertical hard iron is not observable from a flat circle"))
        let back = try MagnetometerCalibration(parsing: text)
        #expect(back.fit == .level(verticalFromModel: fromModel))
        #expect(back.dipIsMeaningful == fromModel)
        #expect((back.hardIronMicrotesla - cal.hardIronMicrotesla).length < 1e-5)
        #expect(back.quality?.coverage == 1)
        #expect(back.qualityNotes == cal.qualityNotes)
    }

    @Test func aRecordingHeaderKeepsALevelCalibrationExactly() throws {
        let cal = try LevelFitTests.session(LevelFitTests.circles(device: SimulatedRide.distortedDevice)).finish()
        let header = RecordingHeader(program: "test", devices: [], calibration: cal)
        let text = RecordingFormat.headerText(header)
        #expect(text.contains("@calibration fit level vertical-from-wmm\n"))
        let read = try RecordingReader.read(Array(text.utf8), file: "level.navrec")
        #expect(read.header.calibration == cal)
    }

    @Test func aRecordingHeaderWithAnEllipsoidCalibrationIsUnchanged() throws {
        let cal = try MagnetometerCalibration(parsing: Self.oldFile)
        let text = RecordingFormat.headerText(RecordingHeader(program: "test", devices: [], calibration: cal))
        #expect(text.contains("@calibration format 1\n@calibration hard_iron_ut 27.981234 -35.994321 41.012345\n"))
        #expect(!text.contains("@calibration fit"))
        #expect(try RecordingReader.read(Array(text.utf8), file: "old.navrec").header.calibration == cal)
    }
}
