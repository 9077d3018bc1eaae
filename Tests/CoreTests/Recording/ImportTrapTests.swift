import Core
import Testing

/// Values that used to trap an import (issue 16, class 6): each is now a skipped line or field.
@Suite("Imports never trap")
struct ImportTrapTests {
    static func sentence(_ body: String) -> String { "$\(body)*\(NMEAImport.checksum(body))\r\n" }

    @Test(arguments: [
        #"{"class":"TPV","mode":1e300,"time":"2026-11-30T12:00:00.000Z","lat":60.17,"lon":24.94}"#,
        #"{"class":"TPV","mode":-1e300,"time":"2026-11-30T12:00:00.000Z","lat":60.17,"lon":24.94}"#,
        #"{"class":"TPV","mode":3,"time":"2263-01-01T00:00:00.000Z","lat":60.17,"lon":24.94}"#,
        #"{"class":"TPV","mode":3,"time":"9999-12-31T23:59:59.999Z","lat":60.17,"lon":24.94}"#,
        #"{"class":"TPV","mode":3,"time":"2026-11-30T12:00:00.000Z","lat":1e300,"lon":24.94,"speed":1e300}"#,
    ])
    func aGpsdReportWithAnOutOfRangeModeOrDateIsSkipped(_ line: String) {
        let text = #"{"class":"TPV","mode":3,"time":"2026-11-30T11:59:59.000Z","lat":60.17,"lon":24.94}"# + "\n" + line
        let r = GpsdJSONImport.read(text, file: "g.json")
        let fixes = r.events.compactMap { if case .gpsFix(let f) = $0 { return f } else { return nil } }
        #expect(fixes.first?.coordinate != nil)
        // Whatever the second line became, no time is beyond the clock's limit and nothing is 1e300.
        #expect(r.events.allSatisfy { $0.time.seconds < NMEAImport.maximumGapSeconds })
        #expect(fixes.allSatisfy { ($0.speedMetresPerSecond ?? 0) < 1e6 && ($0.coordinate?.isValid ?? true) })
    }

    @Test func aSkyWithOneE300SatellitesIsSkipped() {
        let text = """
            {"class":"TPV","mode":3,"time":"2026-11-30T12:00:00.000Z","lat":60.17,"lon":24.94}
            {"class":"SKY","nSat":1e300,"uSat":1e300}
            {"class":"SKY","nSat":-5,"uSat":1e19}
            """
        let r = GpsdJSONImport.read(text, file: "g.json")
        #expect(!r.events.contains { if case .gpsSky = $0 { return true } else { return false } })
        #expect(r.importSummary?.skippedByReason["SKY without counts"] == 2)
    }

    @Test(arguments: ["inf", "-inf", "nan", "1e400"])
    func anHDGOfInfinityWithAValidChecksumIsAWarningNotATrap(_ value: String) {
        let text =
            Self.sentence("GPRMC,120000.00,A,6010.2000,N,02456.4000,E,10.0,090.0,301126,,,A")
            + Self.sentence("HCHDG,\(value),,,,") + Self.sentence("HCHDT,\(value),T")
            + Self.sentence("HCHDG,10.0,\(value),E,\(value),E")
        let r = NMEAImport.read(text, file: "t.nmea")
        let headings = r.events.compactMap { if case .compassHeading(_, let h) = $0 { return h } else { return nil } }
        #expect(headings == [HeadingReport(magneticDegrees: 10, accuracyDegrees: 5)])
        #expect(r.warnings.count == 2)
    }

    @Test func anIMUTimeOf1e13MillisecondsIsASkippedRow() throws {
        let text = "time_ms,mag_x_uT,mag_y_uT,mag_z_uT\n0,1,2,3\n1e13,1,2,3\n-1e300,1,2,3\n10,1,2,3\n"
        let r = try IMUCSVImport.read(text, file: "imu.csv")
        #expect(r.events.count == 2)
        #expect(r.warnings.count == 2)
        #expect(r.warnings.allSatisfy { $0.reason.contains("out of range") })
    }

    @Test func timestampsSaturateAndTheCheckedOneRefuses() {
        #expect(Timestamp(checkedSeconds: 1e10) == nil)  // 317 years
        #expect(Timestamp(checkedSeconds: .nan) == nil)
        #expect(Timestamp(checkedSeconds: 1.5) == Timestamp(nanoseconds: 1_500_000_000))
        #expect(Timestamp(seconds: 1e300).nanoseconds == .max)
        #expect(Timestamp(seconds: -1e300).nanoseconds == .min)
        #expect(Timestamp(nanoseconds: .max - 1).adding(seconds: 10).nanoseconds == .max)
    }

    @Test func aRecordingLineWithAnInfiniteValueIsSkipped() throws {
        var events = [SensorEvent]()
        events.append(.gpsFix(GPSFix(time: Timestamp(seconds: 1), mode: .threeD)))
        var text = RecordingFormat.headerText(RecordingHeader(program: "t"))
        text += RecordingFormat.line(for: events[0])
        for body in ["fix 2.000000000 3d speed=inf", "mag 3.000000000 nan 1 2", "sky 4.000000000 1 99999999999"] {
            text +=
                body + " *"
                + String(RecordingFormat.checksum(body.utf8), radix: 16, uppercase: true)
                .leftPadded(to: 4) + "\n"
        }
        let r = try RecordingReader.read(Array(text.utf8), file: "r.navrec")
        #expect(r.events == events)
        #expect(r.warnings.count == 3)
    }
}

extension String {
    fileprivate func leftPadded(to n: Int) -> String { String(repeating: "0", count: max(0, n - count)) + self }
}
