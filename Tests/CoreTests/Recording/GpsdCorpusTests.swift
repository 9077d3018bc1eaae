import Core
import Foundation
import Testing

/// Every gpsd regression capture imported and compared with what gpsd itself reports for it (issue 15).
@Suite("gpsd's regression corpus")
struct GpsdCorpusTests {
    /// Position epochs gpsd reports that the import may lack, per log, and why. Every other log must lose none.
    static let documentedLosses: [String: (count: Int, why: String)] = [:]

    /// Logs whose dates gpsd moves, and by how much: the import keeps the date the receiver sent.
    static let documentedDateShifts: [String: (seconds: Double, why: String)] = [
        "neo-m8n.log": (
            1024 * 7 * 86_400,
            "the receiver says 2015-03-18; gpsd, finding a date older than its build allows, adds one GPS week "
                + "rollover (1024 weeks) and reports 2034-11-01"
        )
    ]

    struct Row {
        var log: String
        var gpsd = 0
        var lost = 0
        var extra = 0
        var positionOff = 0
        var speedOff = 0
        var courseOff = 0
        var worstMetres = 0.0
        /// Epochs where the log's own sentences, or gpsd and the sentences, disagree: not compared.
        var notComparable = 0
        /// The first disagreements, for the failure message.
        var examples: [String] = []
    }

    static func compare(_ log: String) throws -> Row {
        let bytes = try #require(GpsdCorpus.bytes(log), "\(log) is vendored")
        let chk = try #require(GpsdCorpus.bytes(log + ".chk"), "\(log).chk is vendored")
        let expected = GpsdCorpus.positionEpochs(chk: String(decoding: chk, as: UTF8.self))
        let recording = try RecordingImport.read(bytes, file: log)
        let sentences = GpsdCorpus.sentenceValues(log: String(decoding: bytes, as: UTF8.self))
        let shift = Self.documentedDateShifts[log]?.seconds ?? 0
        var imported: [Int64: GPSFix] = [:]
        for case .gpsFix(let f) in recording.events where f.mode >= .twoD && f.coordinate != nil {
            if let u = f.utcSeconds { imported[GpsdCorpus.millisecondKey(utc: u + shift)] = f }
        }
        var row = Row(log: log, gpsd: expected.count)
        row.extra = Set(imported.keys).subtracting(expected.keys).count
        for (key, reports) in expected {
            guard let fix = imported[key], let c = fix.coordinate else {
                row.lost += 1
                continue
            }
            // gpsd fills a cycle's TPV in as its sentences arrive: the import agrees when it matches one of them,
            // compared only where the sentences agree with each other and gpsd with them.
            let said = sentences[((key % 86_400_000) + 86_400_000) % 86_400_000] ?? GpsdCorpus.SentenceValues()
            func agrees(_ a: (Double, Double), _ b: (Double, Double)) -> Bool {
                GpsdCorpus.metres(GeoCoordinate(latitude: a.0, longitude: a.1), b.0, b.1) <= 0.05
            }
            // Within the rounding of a position written to 1e-4 minutes (0.19 m), as many RMC are beside a GGA.
            let sentencesAgree = said.positions.allSatisfy {
                GpsdCorpus.metres(
                    GeoCoordinate(latitude: $0.0, longitude: $0.1), said.positions[0].0, said.positions[0].1)
                    <= 0.2
            }
            let gpsdPositions = reports.map { ($0.latitude, $0.longitude) }.filter { p in
                said.positions.contains { agrees($0, p) }
            }
            if !sentencesAgree || gpsdPositions.isEmpty {
                row.notComparable += 1
            } else {
                let metres = gpsdPositions.map { GpsdCorpus.metres(c, $0.0, $0.1) }.min() ?? 0
                row.worstMetres = max(row.worstMetres, metres)
                if metres > 0.05 {
                    row.positionOff += 1
                    if row.examples.count < 3 { row.examples.append("\(key): \(c) is \(metres) m off") }
                }
            }
            let speeds = reports.compactMap(\.speed).filter { v in said.speeds.contains { abs($0 - v) <= 0.01 } }
            if let v = fix.speedMetresPerSecond, !speeds.isEmpty, speeds.allSatisfy({ abs($0 - v) > 0.01 }) {
                row.speedOff += 1
                if row.examples.count < 6 { row.examples.append("\(key): speed \(v) vs \(speeds)") }
            }
            let tracks = reports.compactMap(\.track).filter { t in said.courses.contains { abs($0 - t) <= 0.1 } }
            if let t = fix.courseDegrees, !tracks.isEmpty,
                tracks.allSatisfy({ abs(Angle(t).signedDifference(to: Angle($0))) > 0.1 })
            {
                row.courseOff += 1
                if row.examples.count < 9 { row.examples.append("\(key): course \(t) vs \(tracks)") }
            }
        }
        return row
    }

    @Test func everyPositionEpochGpsdReportsIsImportedAndAgrees() throws {
        let logs = GpsdCorpus.logs
        try #require(logs.count == 57, "the 57 vendored captures")
        var rows: [Row] = []
        for log in logs { rows.append(try Self.compare(log)) }
        var table =
            "| log | gpsd epochs | lost | extra | not comparable | position > 0.05 m | speed > 0.01 m/s | course > 0.1° |\n"
        table += "|---|---:|---:|---:|---:|---:|---:|---:|\n"
        for r in rows {
            table +=
                "| \(r.log) | \(r.gpsd) | \(r.lost) | \(r.extra) | \(r.notComparable) | \(r.positionOff) | \(r.speedOff) | \(r.courseOff) |\n"
        }
        let total = rows.reduce(into: Row(log: "total")) {
            $0.gpsd += $1.gpsd
            $0.lost += $1.lost
            $0.extra += $1.extra
            $0.notComparable += $1.notComparable
            $0.positionOff += $1.positionOff
            $0.speedOff += $1.speedOff
            $0.courseOff += $1.courseOff
        }
        table +=
            "| **total** | \(total.gpsd) | \(total.lost) | \(total.extra) | \(total.notComparable) | \(total.positionOff) | \(total.speedOff) | \(total.courseOff) |\n"
        print(table)
        for r in rows {
            let allowed = Self.documentedLosses[r.log]?.count ?? 0
            #expect(r.lost <= allowed, "\(r.log): \(r.lost) of gpsd's \(r.gpsd) position epochs lost")
            #expect(r.positionOff == 0, "\(r.log): \(r.positionOff) positions > 0.05 m from gpsd's: \(r.examples)")
            #expect(r.speedOff == 0, "\(r.log): \(r.speedOff) speeds > 0.01 m/s from gpsd's: \(r.examples)")
            #expect(r.courseOff == 0, "\(r.log): \(r.courseOff) courses > 0.1° from gpsd's: \(r.examples)")
        }
    }
}
