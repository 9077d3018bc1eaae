import Core
import Foundation
import Testing

/// One test per way issue 15 found the import going wrong on gpsd's captures from real receivers.
@Suite("Real receivers' logs")
struct ReceiverLogTests {
    static func importLog(_ name: String) throws -> Recording {
        let bytes = try #require(GpsdCorpus.bytes(name), "\(name) is vendored")
        return try RecordingImport.read(bytes, file: name)
    }

    static func positions(_ r: Recording) -> [GPSFix] {
        r.events.compactMap { if case .gpsFix(let f) = $0, f.coordinate != nil { return f } else { return nil } }
    }

    static func gpsdEpochs(_ name: String) throws -> Int {
        let chk = try #require(GpsdCorpus.bytes(name + ".chk"))
        return GpsdCorpus.positionEpochs(chk: String(decoding: chk, as: UTF8.self)).count
    }

    static func sentence(_ body: String) -> String { "$\(body)*\(NMEAImport.checksum(body))\r\n" }

    // Class 1: one early bogus time used to drop the rest of the log as "time goes backwards".
    @Test func aTimeThatJumpsBackwardsReanchorsInsteadOfDroppingTheRest() throws {
        let r = try Self.importLog("iTrek.log")
        #expect(Self.positions(r).count == (try Self.gpsdEpochs("iTrek.log")))
        #expect(Self.positions(r).count == 35)
        // The capture joins two logs: 15:16 on one day, then 04:58 (the next, by the date): re-anchored, said so.
        let summary = try #require(r.importSummary)
        #expect(summary.backwardJumps == 1)
        #expect(r.warnings.contains { $0.reason.contains("re-anchored") })
        #expect(zip(r.events, r.events.dropFirst()).allSatisfy { $0.time <= $1.time })

        let backwards =
            Self.sentence("GPRMC,120010.00,A,6010.2000,N,02456.4000,E,10.0,090.0,301126,,,A")
            + Self.sentence("GPRMC,120001.00,A,6010.2000,N,02456.4000,E,10.0,090.0,301126,,,A")
            + Self.sentence("GPRMC,120002.00,A,6010.2000,N,02456.4000,E,10.0,090.0,301126,,,A")
        let b = NMEAImport.read(backwards, file: "b.nmea")
        #expect(Self.positions(b).map(\.time) == [0, 1, 2].map { Timestamp(seconds: $0) })
        #expect(b.importSummary?.backwardJumps == 1)
    }

    // Class 2: an untimed `$GPGGA,,,,,,0` or `$GPRMC,,V` used to turn the epoch's good fix into "no fix".
    @Test func anUntimedNoFixSentenceLeavesTheEpochsFixAlone() throws {
        let r = try Self.importLog("quectel-eg25-g.log")
        #expect(Self.positions(r).count == (try Self.gpsdEpochs("quectel-eg25-g.log")))
        let text =
            Self.sentence("GPRMC,120000.00,A,6010.2000,N,02456.4000,E,10.0,090.0,301126,,,A")
            + Self.sentence("GPGGA,,,,,,0,,,,,,,,") + Self.sentence("GPRMC,,V,,,,,,,,,,N")
        let fixes = Self.positions(NMEAImport.read(text, file: "t.nmea"))
        #expect(fixes.count == 1)
        #expect(fixes.first?.mode == .twoD)
    }

    // Class 3: a cold-booting receiver's garbage time became a day-long ride.
    @Test(arguments: ["mtk-3301.log", "rgm3800.log", "blumax-gps009.log", "ublox-lea-5h.log"])
    func aColdBootsGarbageTimeNeverBecomesHoursOfRide(_ log: String) throws {
        let r = try Self.importLog(log)
        let fixes = r.events.compactMap { if case .gpsFix(let f) = $0 { return f } else { return nil } }
        let ride = try #require(fixes.last).time.seconds(since: try #require(fixes.first).time)
        // One event per epoch and at most the gap limit between two.
        #expect(ride <= Double(fixes.count) * NMEAImport.maximumGapSeconds)
        #expect(ride < 300)
        #expect(Self.positions(r).count >= (try Self.gpsdEpochs(log)))
        #expect(r.importSummary.map { $0.gapsCut + $0.backwardJumps } ?? 0 >= 1)
    }

    @Test func aJumpFromACold1980ClockToTheRealTimeIsCutToOneCadence() {
        let text =
            Self.sentence("GPRMC,000001.00,V,,,,,,,060180,,,N")
            + Self.sentence("GPRMC,120000.00,A,6010.2000,N,02456.4000,E,10.0,090.0,301126,,,A")
            + Self.sentence("GPRMC,120001.00,A,6010.2000,N,02456.4000,E,10.0,090.0,301126,,,A")
        let cold = NMEAImport.read(text, file: "cold.nmea")
        #expect(cold.events.last?.time == Timestamp(seconds: 2))
        #expect(cold.importSummary?.gapsCut == 1)
        #expect(cold.warnings.contains { $0.reason.contains("gap is cut") })
    }

    // Class 4: GNS and GLL were ignored; talkers beyond GP must all be read.
    @Test(arguments: ["ericsson-gru04-02-70sec.log", "neo-m8n.log", "telit-pls83-w.log", "beidou-gb.log"])
    func gnsGllAndEveryTalkerAreRead(_ log: String) throws {
        let r = try Self.importLog(log)
        #expect(Self.positions(r).count >= (try Self.gpsdEpochs(log)))
        let text =
            Self.sentence("GNGNS,120000.00,6010.2000,N,02456.4000,E,AAN,08,1.3,25.0,17.0,,,V")
            + Self.sentence("GAGLL,6010.2100,N,02456.4000,E,120001.00,A,A")
            + Self.sentence("BDGLL,6010.2200,N,02456.4000,E,120002.00,A,A")
            + Self.sentence("GQRMC,120003.00,A,6010.2300,N,02456.4000,E,10.0,090.0,301126,,,A")
        #expect(Self.positions(NMEAImport.read(text, file: "t.nmea")).count == 4)
    }

    // Class 5: the last GSA won, so a multi-constellation receiver showed 0 satellites used.
    @Test(arguments: ["quectel-eg25-g.log", "bu353-glonass.log", "ublox-neo-m9n-nmea.log"])
    func satellitesUsedAreCountedOverEveryConstellation(_ log: String) throws {
        let r = try Self.importLog(log)
        let chk = String(decoding: try #require(GpsdCorpus.bytes(log + ".chk")), as: UTF8.self)
        let gpsdMost = chk.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }).compactMap { line -> Int? in
            guard line.hasPrefix("{\"class\":\"SKY\""),
                let o = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            else { return nil }
            return GpsdCorpus.number(o["uSat"]).map { Int($0) }
        }.max()
        let importMost = r.events.compactMap {
            if case .gpsSky(let s) = $0 { return s.satellitesUsed } else { return nil }
        }
        .max()
        #expect((gpsdMost ?? 0) > 0)
        #expect(importMost == gpsdMost)
    }

    // Class 6: sniffing per file rejected the NMEA after a gpsd JSON start; no-checksum sentences were rejected.
    @Test func everyLineIsSniffedOnItsOwnAndChecksumsAreOptional() throws {
        let r = try Self.importLog("skytraq-PX1172RH_DS.log")
        #expect(Self.positions(r).count == (try Self.gpsdEpochs("skytraq-PX1172RH_DS.log")))
        #expect(!r.warnings.contains { $0.reason.contains("checksum") || $0.reason.contains("garbage") })
        let text =
            "{\"class\":\"VERSION\",\"release\":\"3.22\"}\n"
            + "$GPRMC,120000.00,A,6010.2000,N,02456.4000,E,10.0,090.0,301126,,,A\r\n"
            + "\u{01}\u{02}binary\u{03}\n"
            + Self.sentence("GPRMC,120001.00,A,6010.2000,N,02456.4000,E,10.0,090.0,301126,,,A")
        let mixed = try RecordingImport.read(Array(text.utf8), file: "mixed.log")
        #expect(Self.positions(mixed).count == 2)
        #expect(mixed.importSummary?.withoutChecksum == 1)
        #expect(mixed.importSummary?.skippedByReason["binary or garbage"] == 1)
        #expect(mixed.warnings.isEmpty)
    }

    // Class 7: proprietary sentences were "garbage", an empty HDT warned every line, GSA-less fixes lost their
    // altitude, early HDG were dropped and ten HDG a second shared one time.
    @Test func proprietaryAndEmptySentencesAreCountedQuietly() throws {
        let r = try Self.importLog("ericsson-gru04-02-70sec.log")
        #expect(r.warnings.isEmpty)
        let byID = try #require(r.importSummary?.skippedByID)
        #expect(byID["PERC"] == 464)
        let text =
            String(repeating: Self.sentence("GPHDT,,T"), count: 5)
            + Self.sentence("GPRMC,120000.00,A,6010.2000,N,02456.4000,E,10.0,090.0,301126,,,A")
            + String(repeating: Self.sentence("GPHDT,,T"), count: 5)
        let quiet = NMEAImport.read(text, file: "t.nmea")
        #expect(quiet.warnings.isEmpty)
        #expect(quiet.importSummary?.skippedByReason["empty HDT"] == 10)
    }

    @Test func aFixWithoutGSAKeepsItsGGAAltitudeRTKIncluded() {
        let text = Self.sentence("GPGGA,120000.00,6010.2000,N,02456.4000,E,4,12,0.6,25.5,M,17.0,M,1.0,0000")
        let fix = Self.positions(NMEAImport.read(text, file: "t.nmea")).first
        #expect(fix?.mode == .threeD)
        #expect(fix?.altitudeMetres == 25.5)
        #expect(fix?.status == .rtkFixed)
    }

    @Test func compassSentencesBeforeTheFirstTimeAreKeptAndEachGetsItsOwnTime() throws {
        var text = Self.sentence("HCHDG,10.0,,,,") + Self.sentence("HCHDG,11.0,,,,")
        for second in 0..<2 {
            text += Self.sentence("GPRMC,12000\(second).00,A,6010.2000,N,02456.4000,E,10.0,090.0,301126,,,A")
            for k in 0..<10 { text += Self.sentence("HCHDG,\(20 + 10 * second + k).0,,,,") }
        }
        let r = NMEAImport.read(text, file: "t.nmea")
        let headings = r.events.compactMap { e -> (Timestamp, Double)? in
            if case .compassHeading(let t, let h) = e, let m = h.magneticDegrees { return (t, m) }
            return nil
        }
        #expect(headings.count == 22)
        #expect(headings.first?.1 == 10)
        #expect(Set(headings.map(\.0)).count == 22)
        #expect(zip(headings, headings.dropFirst()).allSatisfy { $0.0 < $1.0 })
        // The second's ten reports share its second, evenly.
        let second = headings.filter { $0.1 >= 30 }.map(\.0)
        #expect(second.first == Timestamp(seconds: 1))
        #expect(abs((second.last?.seconds ?? 0) - 1.9) < 1e-6)
    }

    // The compass in the bundg log (an HDG a few times a second) all arrives in the import.
    @Test func aMarineLogsHDGCompassArrivesWholeWithIncreasingTimes() throws {
        let r = try Self.importLog("bundg_zeus_9.log")
        let headings = r.events.compactMap { e -> Timestamp? in
            if case .compassHeading(let t, _) = e { return t } else { return nil }
        }
        #expect(headings.count == 1457)
        #expect(zip(headings, headings.dropFirst()).allSatisfy { $0 < $1 })
    }

    @Test func theImportSummarySaysWhatWasReadUsedAndSkipped() throws {
        let r = try Self.importLog("iTrek.log")
        let s = try #require(r.importSummary)
        #expect(s.linesRead == s.used + s.skipped)
        #expect(s.description.contains("lines read"))
        #expect(r.header.notes.contains { $0.hasPrefix("import: ") })
    }
}
