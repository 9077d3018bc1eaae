import Core
import Foundation
import Testing

@testable import Platform

/// The gpsd adapter against a real gpsd on loopback, fed NMEA through a pseudo-terminal.
@Suite("GpsdSource with a real gpsd", .serialized)
struct GpsdSourceTests {
    private func helsinki(_ fix: GPSFix) -> Bool {
        guard let c = fix.coordinate else { return false }
        return abs(c.latitude - 60.17) < 1e-6 && abs(c.longitude - 24.94) < 1e-6
    }

    /// Every optional a fix carries is a real number: NaN never crosses the boundary.
    private func hasNoNaN(_ fix: GPSFix) -> Bool {
        let values: [Double?] = [
            fix.utcSeconds, fix.coordinate?.latitude, fix.coordinate?.longitude, fix.altitudeMetres,
            fix.speedMetresPerSecond, fix.courseDegrees, fix.horizontalErrorMetres, fix.verticalErrorMetres,
            fix.speedErrorMetresPerSecond, fix.courseErrorDegrees,
        ]
        return values.allSatisfy { $0?.isFinite ?? true }
    }

    @Test func fixesFromNMEAArriveAsCoreEventsWithAbsentFieldsLeftNil() throws {
        let tty = try PseudoTerminal()
        let gpsd = try GpsdDaemon(device: tty.slavePath, port: try unusedLoopbackPort())
        try gpsd.start()
        defer { gpsd.stop() }
        let source = GpsdSource(host: "127.0.0.1", port: String(gpsd.port))
        let connected = source.connect(now: MonotonicClock.now())
        #expect(connected.compactMap(\.statusValue) == [connected.first?.statusValue].compactMap { $0 })
        #expect(connected.first?.statusValue?.available == true)
        #expect(source.fileDescriptor != nil)

        // RMC alone: a 2D fix with speed and course, and nothing gpsd was not told.
        var second = 0
        let twoD = pumpGpsd(source, feeding: tty, from: &second, altitude: false, timeout: 15) { events in
            events.contains { $0.fixValue.map { $0.mode == .twoD && self.helsinki($0) } ?? false }
        }
        let flat = try #require(twoD.compactMap(\.fixValue).last { $0.mode == .twoD && helsinki($0) })
        #expect(flat.altitudeMetres == nil)
        #expect(flat.verticalErrorMetres == nil)
        #expect(abs((flat.speedMetresPerSecond ?? 0) - 10 * 1852.0 / 3600) < 0.01)
        #expect(flat.courseDegrees == 90)
        let utc = try #require(flat.utcSeconds)
        // 2026-11-30T10:30:00Z is 1_796_034_600 s after 1970.
        #expect(utc >= 1_796_034_600 && utc < 1_796_034_600 + 60)

        // GGA, GSA and GSV too: a 3D fix with altitude above sea level, error estimates and satellite counts. On a
        // loaded machine gpsd can close a cycle between GSA (mode 3) and GGA, reporting a 3D TPV without altitude
        // first, so the wait is for the fix that carries one (it times out if altitude is never read).
        func complete(_ f: GPSFix) -> Bool {
            f.mode == .threeD && f.horizontalErrorMetres != nil && f.altitudeMetres != nil
        }
        let threeD = pumpGpsd(source, feeding: tty, from: &second, altitude: true, timeout: 15) { events in
            events.contains { $0.fixValue.map(complete) ?? false } && events.contains { $0.skyValue != nil }
        }
        let full = try #require(threeD.compactMap(\.fixValue).last(where: complete))
        #expect(helsinki(full))
        #expect(full.altitudeMetres == 25)
        #expect(full.horizontalErrorMetres != nil)
        let sky = try #require(threeD.compactMap(\.skyValue).last)
        #expect(sky.satellitesSeen == 8)
        #expect(sky.satellitesUsed == 8)
        #expect((twoD + threeD).compactMap(\.fixValue).allSatisfy(hasNoNaN))
        #expect(source.devices == [tty.slavePath])
        #expect(source.release?.isEmpty == false)
    }

    @Test func gpsdAbsentAtStartIsReportedThenPickedUpWhenItStarts() throws {
        let tty = try PseudoTerminal()
        let gpsd = try GpsdDaemon(device: tty.slavePath, port: try unusedLoopbackPort())
        let source = GpsdSource(
            host: "127.0.0.1", port: String(gpsd.port), backoff: RetryBackoff(initialSeconds: 0.2, maximumSeconds: 0.5))
        let start = MonotonicClock.now()
        let first = source.connect(now: start)
        #expect(first.compactMap(\.statusValue).map(\.available) == [false])
        #expect(source.fileDescriptor == nil)
        #expect(try #require(source.nextRetry) > start)
        // Retries while gpsd is still absent stay quiet: one "lost", not one per attempt.
        var second = 0
        let quiet = pumpGpsd(source, feeding: nil, from: &second, timeout: 1) { _ in false }
        #expect(quiet.isEmpty)

        try gpsd.start()
        defer { gpsd.stop() }
        let events = pumpGpsd(source, feeding: tty, from: &second, timeout: 15) { events in
            events.contains { $0.fixValue?.coordinate != nil }
        }
        #expect(events.compactMap(\.statusValue).map(\.available) == [true])
        #expect(events.contains { $0.fixValue.map(helsinki) ?? false })
    }

    @Test func killingAndRestartingGpsdGivesLostThenFreshFixes() throws {
        let tty = try PseudoTerminal()
        let port = try unusedLoopbackPort()
        var gpsd = try GpsdDaemon(device: tty.slavePath, port: port)
        try gpsd.start()
        let source = GpsdSource(
            host: "127.0.0.1", port: String(port), backoff: RetryBackoff(initialSeconds: 0.2, maximumSeconds: 0.5))
        _ = source.connect(now: MonotonicClock.now())
        var second = 0
        let before = pumpGpsd(source, feeding: tty, from: &second, timeout: 15) {
            $0.contains { $0.fixValue?.coordinate != nil }
        }
        let oldFix = try #require(before.compactMap(\.fixValue).last { $0.coordinate != nil })

        gpsd.stop()
        let outage = pumpGpsd(source, feeding: tty, from: &second, timeout: 10) { events in
            events.contains { $0.statusValue?.available == false }
        }
        let lost = try #require(outage.compactMap(\.statusValue).first)
        #expect(lost.available == false)
        #expect(lost.detail.contains("127.0.0.1:\(port)"))
        #expect(source.fileDescriptor == nil)
        // While gpsd is down the last fix is kept and only ages: it is stale, not replaced.
        let stale = pumpGpsd(source, feeding: tty, from: &second, timeout: 1) { _ in false }
        #expect(stale.compactMap(\.fixValue).isEmpty)
        #expect(source.lastFix?.time == before.compactMap(\.fixValue).last?.time)
        #expect(MonotonicClock.now().seconds(since: oldFix.time) >= 1)

        gpsd = try GpsdDaemon(device: tty.slavePath, port: port)
        try gpsd.start()
        defer { gpsd.stop() }
        let after = pumpGpsd(source, feeding: tty, from: &second, timeout: 15) { events in
            events.contains {
                $0.fixValue.map { $0.coordinate != nil && ($0.utcSeconds ?? 0) > (oldFix.utcSeconds ?? 0) } ?? false
            }
        }
        #expect(after.compactMap(\.statusValue).map(\.available) == [true])
        let fresh = try #require(after.compactMap(\.fixValue).last { $0.coordinate != nil })
        #expect(fresh.time > oldFix.time)
        #expect((fresh.utcSeconds ?? 0) > (oldFix.utcSeconds ?? 0))
        #expect(helsinki(fresh))
    }
}
