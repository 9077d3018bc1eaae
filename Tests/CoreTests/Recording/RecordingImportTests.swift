import Core
import Foundation
import Testing

@Suite("Recording imports")
struct RecordingImportTests {
    static let importsFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("recordings/imports")

    static func load(_ name: String) throws -> (Recording, RecordingImport.Kind?) {
        let data = try #require(FileManager.default.contents(atPath: importsFolder.appendingPathComponent(name).path))
        let bytes = [UInt8](data)
        return (try RecordingImport.read(bytes, file: name), RecordingImport.kind(of: bytes))
    }

    static func fixes(_ r: Recording) -> [GPSFix] {
        r.events.compactMap { if case .gpsFix(let f) = $0 { return f } else { return nil } }
    }

    static func sentence(_ body: String) -> String { "$\(body)*\(NMEAImport.checksum(body))\r\n" }

    @Test func anNMEALogBecomesOneFixPerEpochWithCompassReports() throws {
        let (r, kind) = try Self.load("helsinki-ride.nmea")
        #expect(kind == .nmea)
        let fixes = Self.fixes(r)
        // The ride has 145 fixes; the script broke one RMC's checksum and cut one HDG short, before its
        // checksum: gpsd reads a sentence without a checksum, and so does the import (counted in its summary).
        #expect(fixes.count == 145)
        #expect(r.warnings.count == 1)
        #expect(r.warnings.allSatisfy { $0.reason == "bad NMEA checksum" })
        #expect(r.importSummary?.withoutChecksum == 1)
        let first = try #require(fixes.first)
        #expect(first.time == Timestamp(seconds: 0))
        #expect(first.mode == .threeD)
        #expect(abs(try #require(first.coordinate?.latitude) - 60.16745) < 1e-4)
        #expect(abs(try #require(first.coordinate?.longitude) - 24.9454) < 1e-4)
        #expect(first.utcSeconds == 1_780_000_000.5)
        #expect(abs(try #require(first.speedMetresPerSecond) - 1.12 * 1852 / 3600) < 0.01)
        let headings = r.events.compactMap { if case .compassHeading(_, let h) = $0 { return h } else { return nil } }
        #expect(headings.count == 3 * 145)  // the HDG cut short still has its heading
        #expect(headings.contains { $0.trueDegrees != nil && $0.magneticDegrees == nil })  // HDT
        #expect(headings.contains { $0.trueDegrees == nil && $0.magneticDegrees != nil })  // HDM
        #expect(headings.contains { $0.trueDegrees != nil && $0.magneticDegrees != nil })  // HDG with variation
        // Times never go backwards, and the dropout shows as a gap.
        #expect(zip(r.events, r.events.dropFirst()).allSatisfy { $0.time <= $1.time })
        #expect(zip(fixes, fixes.dropFirst()).contains { $1.time.seconds(since: $0.time) > 15 })
        #expect(r.header.startUTCSeconds == 1_780_000_000.5)
    }

    @Test func nmeaSentencesAreParsedFieldByField() {
        let text =
            Self.sentence("GPGGA,120000.00,6010.2000,N,02456.4000,E,1,07,1.2,25.0,M,17.0,M,,")
            + Self.sentence("GPRMC,120000.00,A,6010.2000,N,02456.4000,E,10.0,090.0,301126,,,A")
            + Self.sentence("GPGSA,A,2,01,02,03,04,05,,,,,,,,2.0,1.2,1.6")
            + Self.sentence("GPVTG,091.0,T,080.1,M,10.5,N,19.4,K,A")
            + Self.sentence("HCHDG,100.0,1.0,E,11.0,E")
            + Self.sentence("GPRMC,120001.00,V,,,,,,,301126,,,N")
            + "$GPRMC,120002.00,A,6010.2000,N,02456.4000,E,10.0,090.0,301126,,,A*00\r\n"
        let r = NMEAImport.read(text, file: "t.nmea")
        let fixes = Self.fixes(r)
        #expect(fixes.count == 2)
        let f = fixes[0]
        #expect(f.mode == .twoD)
        #expect(f.coordinate == GeoCoordinate(latitude: 60 + 10.2 / 60, longitude: 24 + 56.4 / 60))
        #expect(f.altitudeMetres == nil)  // a 2D fix has no altitude
        #expect(f.courseDegrees == 91)  // VTG after RMC wins
        #expect(abs(f.speedMetresPerSecond! - 10.5 * 1852 / 3600) < 1e-9)  // in knots, as gpsd reads VTG
        #expect(f.utcSeconds == 1_796_040_000)  // 2026-11-30 12:00:00 UTC
        #expect(fixes[1].mode == .noFix)
        #expect(fixes[1].coordinate == nil)
        #expect(fixes[1].time == Timestamp(seconds: 1))
        guard
            case .compassHeading(_, let h)? = r.events.first(where: {
                if case .compassHeading = $0 { return true } else { return false }
            })
        else {
            Issue.record("no heading")
            return
        }
        #expect(h.magneticDegrees == 101)
        #expect(h.trueDegrees == 112)
        #expect(r.warnings.map(\.line) == [7])
    }

    @Test func aGpsdJSONLogFromRealGpsdBecomesFixesAndSatellites() throws {
        let (r, kind) = try Self.load("helsinki-ride.gpsd.json")
        #expect(kind == .gpsdJSON)
        #expect(r.warnings.isEmpty)
        let fixes = Self.fixes(r)
        #expect(fixes.count >= 140)
        let withPosition = fixes.filter { $0.coordinate != nil }
        #expect(withPosition.count >= 140)
        for f in withPosition {
            #expect(abs(f.coordinate!.latitude - 60.168) < 0.01)
            #expect(abs(f.coordinate!.longitude - 24.947) < 0.01)
        }
        #expect(fixes.contains { $0.mode == .threeD && $0.altitudeMetres != nil })
        let skies = r.events.filter { if case .gpsSky = $0 { return true } else { return false } }
        #expect(!skies.isEmpty)
        #expect(zip(r.events, r.events.dropFirst()).allSatisfy { $0.time <= $1.time })
        #expect(r.header.devices.first?.role == "gps")
    }

    @Test func gpsdJSONGarbageAndUnknownClassesAreHandled() {
        let text = """
            {"class":"VERSION","release":"3.22"}
            {"class":"TPV","mode":3,"time":"2026-11-30T12:00:00.000Z","lat":60.17,"lon":24.94,"altMSL":20.5,"speed":5.0,"track":90.0,"eph":4.0}
            {"class":"TPV","mode":3,"time":"2026-11-30T12:00:01
            {"class":"SKY","satellites":[{"PRN":1,"used":true},{"PRN":2,"used":false}]}
            {"class":"TPV","mode":1,"time":"2026-11-30T12:00:02.000Z"}
            """
        let r = GpsdJSONImport.read(text, file: "g.json")
        #expect(r.warnings.map(\.line) == [3])
        let fixes = Self.fixes(r)
        #expect(fixes.count == 2)
        #expect(fixes[0].altitudeMetres == 20.5)
        #expect(fixes[0].horizontalErrorMetres == 4)
        #expect(fixes[0].utcSeconds == 1_796_040_000)
        #expect(fixes[1].mode == .noFix)
        #expect(fixes[1].time == Timestamp(seconds: 2))
        #expect(r.events.contains(.gpsSky(GPSSky(time: Timestamp(seconds: 0), satellitesSeen: 2, satellitesUsed: 1))))
    }

    @Test func anIMUCSVFileIsConvertedFromItsNamedUnits() throws {
        let (r, kind) = try Self.load("helsinki-ride-imu.csv")
        #expect(kind == .imuCSV)
        #expect(r.warnings.count == 1)  // the garbage row the script appends
        let mags = r.events.compactMap { if case .magnetometer(let s) = $0 { return s } else { return nil } }
        let accs = r.events.compactMap { if case .accelerometer(let s) = $0 { return s } else { return nil } }
        #expect(mags.count == 4125)
        #expect(accs.count == 4125)
        // The script wrote the ride's first magnetometer sample (28.847… µT) in nT with one decimal.
        #expect(abs(mags[0].microtesla.x - 28.847247) < 1e-3)
        // … and the accelerometer in g: back in m/s² it reads about −9.7 on z.
        #expect(abs(accs[0].metresPerSecondSquared.z + 9.718) < 1e-3)
        #expect(mags[0].time == Timestamp(seconds: 0.002))
    }

    @Test(arguments: [
        ("time_s,mag_x,mag_y,mag_z\n0,1,2,3\n", "needs a unit"),
        ("time,mag_x_uT,mag_y_uT,mag_z_uT\n0,1,2,3\n", "must name its unit"),
        ("mag_x_uT,mag_y_uT,mag_z_uT\n1,2,3\n", "no time column"),
        ("time_s,mag_x_uT,mag_y_uT\n0,1,2\n", "needs x, y and z"),
    ])
    func imuCSVHeadersWithoutUnitsOrColumnsAreRefused(_ c: (String, String)) {
        do {
            _ = try IMUCSVImport.read(c.0, file: "bad.csv")
            Issue.record("accepted \(c.0)")
        } catch {
            #expect("\(error)".contains(c.1))
        }
    }

    @Test func imuCSVRatesInDegreesBecomeRadians() throws {
        let r = try IMUCSVImport.read("time_us,gyro_x_deg/s,gyro_y_deg/s,gyro_z_deg/s\n1000,180,0,-90\n", file: "g.csv")
        #expect(
            r.events == [
                .gyroscope(
                    GyroscopeSample(
                        time: Timestamp(seconds: 0.001), radiansPerSecond: Vector3(x: .pi, y: 0, z: -.pi / 2)))
            ])
    }
}
