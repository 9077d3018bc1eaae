import Foundation
import Testing

@testable import Core

/// Inputs the fuzzers found (Fuzz/Known) in code this branch does not own: each trapped in `Timestamp(seconds:)`
/// before issue 16's class 6 fix on main (`Timestamp(checkedSeconds:)`), and each test is its regression test.
@Suite("Fuzz findings")
struct FuzzFindingsTests {
    static let known = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz/Known")

    /// fuzz-gpsd-json: a TPV dated 7237-05-28 overflowed `Timestamp(seconds:)` (Timestamp.swift:8, Int64
    /// nanoseconds) called from GpsdJSONImport.swift:35. Issue 16, class 6.
    @Test
    func aGpsdReportDatedPast2262IsSkippedNotATrap() throws {
        let file = Self.known.appendingPathComponent("gpsd-json/crash-40917b13cf249e205531910b8cc7eaa0c611d4f8")
        let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
        let recording = GpsdJSONImport.read(text, file: "fuzz.json")
        #expect(!recording.warnings.isEmpty)
    }

    @Test
    func aTpvDatedFiveThousandYearsAfterTheFirstIsSkipped() {
        let first = #"{"class":"TPV","mode":2,"time":"2026-05-28T20:26:41.500Z","lat":60.17,"lon":24.94}"#
        let far = #"{"class":"TPV","mode":2,"time":"7237-05-28T20:26:41.500Z","lat":60.17,"lon":24.94}"#
        let recording = GpsdJSONImport.read(first + "\n" + far + "\n", file: "fuzz.json")
        #expect(recording.events.count == 1)
    }

    /// fuzz-imu-csv: a row's `time_ms` large enough (1e13 ms and beyond) overflowed `Timestamp(seconds:)`
    /// (Timestamp.swift:8) called from IMUCSVImport.swift:86. Issue 16, class 6.
    @Test
    func anImuRowAtAHugeTimeIsSkippedNotATrap() throws {
        let text = """
            time_ms,accel_x_g,accel_y_g,accel_z_g,mag_x (nT),mag_y (nT),mag_z (nT)
            2.000,0.168701,-0.003435,-0.990966,28847.2,-46151.4,92549.4
            1e13,0.170002,0.002640,-0.993733,28563.2,-46372.0,92337.7

            """
        let recording = try IMUCSVImport.read(text, file: "fuzz.csv")
        #expect(!recording.warnings.isEmpty)
    }

    @Test
    func theFuzzersImuInputReadsWithoutATrap() throws {
        let file = Self.known.appendingPathComponent("imu-csv/crash-6e8640a9b0f4f21ecece3dc2066e999bb1f65943")
        _ = try? IMUCSVImport.read(String(decoding: try Data(contentsOf: file), as: UTF8.self), file: "fuzz.csv")
    }

    /// Every kept input of the import harnesses, through the reader `replay` uses.
    @Test(arguments: ["gpsd-json", "imu-csv", "recording"])
    func everyKeptImportInputReadsWithoutATrap(_ harness: String) throws {
        let folder = Self.known.appendingPathComponent(harness)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(!files.isEmpty)
        for name in files {
            let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
            _ = try? RecordingImport.read(bytes, file: name)
        }
    }
}
