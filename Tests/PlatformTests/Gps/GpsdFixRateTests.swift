import Core
import Foundation
import Testing

@testable import Platform

/// `--gps-rate`: asking gpsd for faster fixes, against the request logic alone and against a real gpsd whose
/// receiver (a pseudo-terminal) is either plain NMEA 0183 or answers gpsd's query as a MediaTek MTK-3301, a chip
/// gpsd knows how to speed up.
@Suite(.serialized) struct GpsdFixRateTests {
    static let ublox = GpsdDevice(path: "/dev/ttyAMA0", driver: "u-blox")

    @Test func theRequestWaitsUntilGpsdKnowsTheReceiverAndIsMadeOncePerDriverAndConnection() {
        var rate = GpsdFixRate(hertz: 5)
        let t = Timestamp(seconds: 10)
        // Not identified yet: gpsd would answer "Type of … is unknown".
        #expect(rate.handle(GpsdDevice(path: "/dev/ttyAMA0", driver: ""), now: t) == nil)
        #expect(
            rate.handle(GpsdDevice(path: "/dev/ttyAMA0", driver: "NMEA0183"), now: t)
                == "?DEVICE={\"path\":\"/dev/ttyAMA0\",\"cycle\":0.200}\n")
        #expect(rate.handle(GpsdDevice(path: "/dev/ttyAMA0", driver: "NMEA0183"), now: t) == nil)
        // gpsd then recognises the chip: its own driver is asked too.
        #expect(rate.handle(Self.ublox, now: t) != nil)
        #expect(rate.handle(Self.ublox, now: t) == nil)
        // A new connection asks again (gpsd may have restarted and reset the receiver).
        rate.reset()
        #expect(rate.handle(Self.ublox, now: t) != nil)
    }

    /// Feeds fixes `spacing` seconds apart (their UTC times) for `seconds` after a request at t = 0.
    static func measure(spacing: Double, seconds: Double = 5) -> [String] {
        var rate = GpsdFixRate(hertz: 5)
        _ = rate.handle(Self.ublox, now: Timestamp(seconds: 0))
        var notes: [String] = []
        var t = 0.0
        while t <= seconds {
            if let note = rate.observeFix(utcSeconds: 1_780_000_000 + t, now: Timestamp(seconds: t)) {
                notes.append(note)
            }
            t += spacing
        }
        return notes
    }

    @Test func theRateReachedIsMeasuredFromTheFixesUTCTimes() {
        #expect(
            Self.measure(spacing: 0.2) == ["asked gpsd for 5.0 Hz from /dev/ttyAMA0 (u-blox): fixes now come at 5.0 Hz"]
        )
        #expect(
            Self.measure(spacing: 1) == [
                "asked gpsd for 5.0 Hz from /dev/ttyAMA0 (u-blox): fixes still come at 1.0 Hz; the receiver did not take the new rate"
            ])
        // Fixes too sparse to measure: said once, after the give-up time.
        #expect(
            Self.measure(spacing: 6, seconds: 20) == [
                "asked gpsd for 5.0 Hz from /dev/ttyAMA0 (u-blox), but too few fixes came to measure the rate"
            ])
    }

    @Test func anErrorFromGpsdIsNotedOnce() {
        var rate = GpsdFixRate(hertz: 5)
        _ = rate.handle(Self.ublox, now: Timestamp(seconds: 0))
        #expect(
            rate.handle(error: "Device is not writable.")
                == "gpsd could not change the fix rate of /dev/ttyAMA0 (u-blox): Device is not writable.")
        #expect(rate.handle(error: "something else") == nil)
        #expect(rate.observeFix(utcSeconds: 5, now: Timestamp(seconds: 30)) == nil)
    }

    @Test func pathsAreSentAsJSONStrings() {
        #expect(
            GpsdFixRate.command(path: "/dev/odd\"name\\", cycle: 0.1)
                == "?DEVICE={\"path\":\"/dev/odd\\\"name\\\\\",\"cycle\":0.100}\n")
    }

    /// Runs a writable gpsd on a pseudo-terminal receiver and a source asking for 5 Hz; returns the source's notes
    /// and everything gpsd wrote to the receiver.
    static func ask(receiver: @escaping (_ cycle: Int, _ written: String) -> String) throws -> (
        notes: [String], written: String
    ) {
        let terminal = try PseudoTerminal()
        let daemon = try GpsdDaemon(device: terminal.slavePath, port: try unusedLoopbackPort())
        // Writable: a read-only gpsd (-b) never writes to its receivers.
        try daemon.start(writable: true)
        defer { daemon.stop() }
        let source = GpsdSource(port: String(daemon.port), fixRateHertz: 5)
        _ = source.connect(now: MonotonicClock.now())
        defer { source.disconnect() }
        var second = 0
        var notes: [String] = []
        _ = pumpGpsd(
            source, feeding: terminal, from: &second,
            sentences: { receiver($0, String(decoding: terminal.received, as: UTF8.self)) }, timeout: 30,
            until: { _ in
                notes += source.takeNotes()
                return !notes.isEmpty
            })
        return (notes, String(decoding: terminal.received, as: UTF8.self))
    }

    @Test func aRealGpsdSpeedsUpAnMTK3301ReceiverWhenAsked() throws {
        // The stand-in receiver: answers gpsd's firmware query (PMTK605) once with PMTK705, as an MTK-3301 does, so
        // gpsd switches to its MTK-3301 driver; and reports every 0.2 s of UTC once told PMTK300,200 (fix interval).
        var answered = false
        var utc = 0.0
        let result = try Self.ask { _, written in
            var text = ""
            if !answered && written.contains("$PMTK605") {
                answered = true
                text += HelsinkiNMEA.sentence("PMTK705,AXN_2.31_3339_13101700,5632,PA6H,1.0")
            }
            utc += written.contains(HelsinkiNMEA.sentence("PMTK300,200,0,0,0,0")) ? 0.2 : 1
            return text + HelsinkiNMEA.cycle(seconds: utc, altitude: true)
        }
        #expect(result.written.contains(HelsinkiNMEA.sentence("PMTK300,200,0,0,0,0")))
        #expect(result.notes.count == 1)
        #expect(result.notes.first?.hasSuffix("(MTK-3301): fixes now come at 5.0 Hz") == true)
    }

    @Test func aRealGpsdKeepsAPlainNMEAReceiverAtItsRateAndThatIsSaid() throws {
        let result = try Self.ask { cycle, _ in HelsinkiNMEA.cycle(second: cycle, altitude: true) }
        #expect(result.notes.count == 1)
        #expect(
            result.notes.first?.hasSuffix(
                "(NMEA0183): fixes still come at 1.0 Hz; the receiver did not take the new rate") == true)
    }
}
