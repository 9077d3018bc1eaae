import Core
import Foundation
import Testing

@testable import Platform

/// gpsd's fix status (how the fix was made) reaches Core's `GPSFix.status`.
@Suite("gpsd fix status")
struct GpsdFixStatusTests {
    @Test(
        "Each of gpsd's STATUS_ numbers maps to its Core status; unknown and future numbers to nil",
        arguments: [
            (Int32(0), FixStatus?.none), (1, .gps), (2, .dgps), (3, .rtkFixed), (4, .rtkFloat), (5, .deadReckoning),
            (6, .gnssDeadReckoning), (7, .timeOnly), (8, .simulated), (9, .ppsFix), (10, nil), (-1, nil),
        ])
    func statusNumbersMap(_ c: (Int32, FixStatus?)) {
        #expect(GpsdReading.fixStatus(gpsd: c.0) == c.1)
    }

    @Test(
        "A fix carries gpsd's status; a 2D/3D fix without one (or with 0) is plain GPS; no fix has none",
        arguments: [
            (mode: Int32(3), set: true, status: Int32(2), expected: FixStatus?.some(.dgps)),
            (3, true, 4, .rtkFloat),
            (2, true, 5, .deadReckoning),
            (3, false, 2, .gps),  // gpsd did not report a status: the number left in the struct means nothing
            (3, true, 0, .gps),
            (1, true, 2, nil),
            (1, false, 0, nil),
        ])
    func fixStatus(_ c: (mode: Int32, set: Bool, status: Int32, expected: FixStatus?)) throws {
        var r = GpsdReading()
        r.set = c.set ? [.mode, .status] : [.mode]
        r.mode = c.mode
        r.status = c.status
        let fix = try #require(r.fix(at: Timestamp(seconds: 1)))
        #expect(fix.status == c.expected)
    }

    /// One second of NMEA with GGA's fix quality `quality` (1 GPS, 2 DGPS, 4 RTK fixed, 5 RTK float).
    static func cycle(second: Int, quality: Int) -> String {
        let t = String(format: "10%02d%02d.00", 30 + second / 60, second % 60)
        // RMC's mode indicator follows the quality as receivers send it: A autonomous, D differential, R/F RTK.
        let mode = ["1": "A", "2": "D", "4": "R", "5": "F"]["\(quality)"] ?? "A"
        return HelsinkiNMEA.sentence("GPRMC,\(t),A,6010.200,N,02456.400,E,010.0,090.0,301126,,,\(mode)")
            + HelsinkiNMEA.sentence("GPGGA,\(t),6010.200,N,02456.400,E,\(quality),08,0.9,25.0,M,17.0,M,,")
            + HelsinkiNMEA.sentence("GPGSA,A,3,01,02,03,04,05,06,07,08,,,,,1.5,0.9,1.2")
    }

    @Test(
        "A real gpsd fed GGA fix qualities reports the matching status",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/sbin/gpsd"), "needs gpsd installed"),
        // One gpsd at a time: several at once on a loaded machine were seen to cross fixes between tests.
        .serialized,
        arguments: [(1, FixStatus.gps), (2, .dgps), (4, .rtkFixed), (5, .rtkFloat)])
    func realGpsdStatus(_ c: (quality: Int, status: FixStatus)) throws {
        let tty = try PseudoTerminal()
        let gpsd = try GpsdDaemon(device: tty.slavePath, port: try unusedLoopbackPort())
        try gpsd.start()
        defer { gpsd.stop() }
        let source = GpsdSource(host: "127.0.0.1", port: String(gpsd.port))
        _ = source.connect(now: MonotonicClock.now())
        var fixes: [GPSFix] = []
        let deadline = MonotonicClock.now().adding(seconds: 15)
        var second = 0
        while MonotonicClock.now() < deadline && !fixes.contains(where: { $0.mode == .threeD && $0.status == c.status })
        {
            tty.write(Self.cycle(second: second, quality: c.quality))
            second += 1
            let until = MonotonicClock.now().adding(seconds: 0.2)
            while MonotonicClock.now() < until {
                for case .gpsFix(let f) in source.poll(now: MonotonicClock.now())
                    + source.readAvailable(now: MonotonicClock.now())
                {
                    fixes.append(f)
                }
                usleep(20_000)
            }
        }
        let threeD = fixes.filter { $0.mode == .threeD }
        #expect(
            threeD.last?.status == c.status,
            "statuses seen: \(fixes.map { "\($0.mode) \($0.status.map(\.rawValue) ?? "nil")" })")
    }
}
