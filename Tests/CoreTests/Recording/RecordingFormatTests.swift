import Core
import Foundation
import Simulation
import Testing

@Suite("Recording format")
struct RecordingFormatTests {
    /// Header plus sample lines, as the writer produces them.
    static func text(_ header: RecordingHeader, _ events: [SensorEvent]) -> String {
        RecordingFormat.headerText(header) + events.map(RecordingFormat.line(for:)).joined()
    }

    static func read(_ text: String, file: String = "test.navrec") throws -> Recording {
        try RecordingReader.read(Array(text.utf8), file: file)
    }

    static let awkwardEvents: [SensorEvent] = [
        .magnetometer(
            MagnetometerSample(time: Timestamp(nanoseconds: 1), microtesla: Vector3(x: 0.1, y: -1e-300, z: 5e-324))),
        .accelerometer(
            AccelerometerSample(
                time: Timestamp(nanoseconds: 2),
                metresPerSecondSquared: Vector3(x: .greatestFiniteMagnitude, y: 1 / 3, z: -9.80665))),
        .gyroscope(
            GyroscopeSample(
                time: Timestamp(nanoseconds: 1_000_000_002), radiansPerSecond: Vector3(x: 0, y: -0.0, z: 1e16))),
        .gpsFix(GPSFix(time: Timestamp(seconds: 2), mode: .noFix)),
        .gpsFix(
            GPSFix(
                time: Timestamp(seconds: 3), mode: .threeD, utcSeconds: 1_780_000_003.25,
                coordinate: GeoCoordinate(latitude: 60.1699, longitude: 24.9384),
                altitudeMetres: -12.5, speedMetresPerSecond: 0.1 + 0.2, courseDegrees: 359.99999999999994,
                horizontalErrorMetres: 3,
                verticalErrorMetres: 4, speedErrorMetresPerSecond: 0.08, courseErrorDegrees: 12)),
        .gpsFix(
            GPSFix(
                time: Timestamp(seconds: 3), mode: .twoD, coordinate: GeoCoordinate(latitude: -33.9, longitude: -70.6))),
        .gpsSky(GPSSky(time: Timestamp(seconds: 4), satellitesSeen: 14, satellitesUsed: 9)),
        .compassHeading(Timestamp(seconds: 5), HeadingReport(magneticDegrees: 80.5, accuracyDegrees: -1)),
        .compassHeading(Timestamp(seconds: 5), HeadingReport()),
        .sourceStatus(
            Timestamp(seconds: 6),
            SourceStatus(source: .magnetometer, available: false, detail: "hmc5883l: read failed:  No such device *AB")),
        .sourceStatus(Timestamp(seconds: 7), SourceStatus(source: .gps, available: true, detail: "")),
        .sourceStatus(
            Timestamp(seconds: 7), SourceStatus(source: .gyroscope, available: false, detail: "l3gd20: gone")),
    ]

    @Test func writingThenReadingGivesIdenticalEventsAndHeader() throws {
        var ride = BundledRides.helsinkiRide()
        ride.header.extra["custom-key"] = "kept as is"
        let events = Self.awkwardEvents + ride.events.map { e in e }.filter { $0.time.seconds >= 7 }
        let back = try Self.read(Self.text(ride.header, events))
        #expect(back.warnings.isEmpty)
        #expect(back.events == events)
        #expect(back.header == ride.header)
    }

    @Test func aBundledRideRoundTripsExactly() throws {
        let ride = BundledRides.helsinkiRide()
        let back = try Self.read(Self.text(ride.header, ride.events))
        #expect(back.events.count == ride.events.count)
        #expect(back.events == ride.events)
        #expect(back.header.calibration == ride.header.calibration)
    }

    @Test func timesAreWrittenAsIntegerNanoseconds() {
        #expect(RecordingFormat.timeText(Timestamp(nanoseconds: 12_000_000_001)) == "12.000000001")
        #expect(RecordingFormat.timeText(Timestamp(nanoseconds: -1_500_000_000)) == "-1.500000000")
        #expect(RecordingFormat.timeText(Timestamp(nanoseconds: 0)) == "0.000000000")
    }

    @Test func corruptLinesAreSkippedWithTheirLineNumbersAndReadingGoesOn() throws {
        let header = RecordingHeader(program: "test")
        let good = (0..<6).map { i in
            SensorEvent.magnetometer(
                MagnetometerSample(time: Timestamp(seconds: Double(i)), microtesla: Vector3(x: Double(i), y: 2, z: 3)))
        }
        var lines = RecordingFormat.headerText(header).split(separator: "\n").map(String.init)
        let headerCount = lines.count
        lines.append(RecordingFormat.line(for: good[0]).dropLast().description)  // line headerCount+1
        // Bad checksum.
        lines.append(String(RecordingFormat.line(for: good[1]).dropLast()).replacingFirst("1.0", with: "7.0"))
        lines.append("complete garbage here")
        lines.append(RecordingFormat.line(for: good[3]).dropLast().description)
        lines.append(RecordingFormat.line(for: good[2]).dropLast().description)  // goes back in time
        lines.append(RecordingFormat.line(for: good[4]).dropLast().description)
        lines.append("zzz 5.000000000 1 2 3 *0000")
        let cut = RecordingFormat.line(for: good[5]).dropLast().description
        let text = lines.joined(separator: "\n") + "\n" + cut.prefix(20)  // the writer was killed mid-line
        let r = try Self.read(text, file: "cut.navrec")
        #expect(r.events == [good[0], good[3], good[4]])
        let byLine = Dictionary(uniqueKeysWithValues: r.warnings.map { ($0.line - headerCount, $0.reason) })
        #expect(byLine[2] == "bad checksum")
        #expect(byLine[3]?.hasPrefix("garbage") == true)
        #expect(byLine[5]?.hasPrefix("time goes backwards") == true)
        #expect(byLine[8] == "truncated last line")
        #expect(r.warnings.count == 5)
        #expect(r.warnings.allSatisfy { $0.file == "cut.navrec" })
        #expect(r.warnings.first?.description.hasPrefix("cut.navrec:\(headerCount + 2): bad checksum") == true)
    }

    @Test func aNewerFormatVersionIsRefusedWithAClearError() {
        let newer = "navdisplay-recording \(RecordingFormat.version + 1)\nmag 0.000000000 1 2 3 *0000\n"
        #expect(throws: RecordingError.self) { try Self.read(newer) }
        #expect(throws: RecordingError.self) { try Self.read("hello\n") }
        #expect(throws: RecordingError.self) { try Self.read("") }
    }

    @Test func theChecksumCatchesSwappedDigitsThatXORMisses() {
        let a = RecordingFormat.checksum(Array("mag 1.000000000 12 5 3".utf8))
        let b = RecordingFormat.checksum(Array("mag 1.000000000 21 5 3".utf8))
        #expect(a != b)
    }
}

extension String {
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let r = range(of: target) else { return self }
        return replacingCharacters(in: r, with: replacement)
    }
}
