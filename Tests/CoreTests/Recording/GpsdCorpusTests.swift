import Core
import Foundation
import Testing

/// Every gpsd regression capture imported and compared with what gpsd itself reports for it (issue 15).
@Suite("gpsd's regression corpus")
struct GpsdCorpusTests {
    /// Position epochs gpsd reports that the import may lack, per log, and why. Every other log must lose none.
    static let documentedLosses: [String: (count: Int, why: String)] = [:]

    struct Row {
        var log: String
        var gpsd = 0
        var lost = 0
        var extra = 0
        var positionOff = 0
        var speedOff = 0
        var courseOff = 0
        var worstMetres = 0.0
    }

    static func compare(_ log: String) throws -> Row {
        let bytes = try #require(GpsdCorpus.bytes(log), "\(log) is vendored")
        let chk = try #require(GpsdCorpus.bytes(log + ".chk"), "\(log).chk is vendored")
        let expected = GpsdCorpus.positionEpochs(chk: String(decoding: chk, as: UTF8.self))
        let recording = try RecordingImport.read(bytes, file: log)
        var imported: [Int64: GPSFix] = [:]
        for case .gpsFix(let f) in recording.events where f.mode >= .twoD && f.coordinate != nil {
            if let u = f.utcSeconds { imported[GpsdCorpus.millisecondKey(utc: u)] = f }
        }
        var row = Row(log: log, gpsd: expected.count)
        row.extra = Set(imported.keys).subtracting(expected.keys).count
        for (key, reports) in expected {
            guard let fix = imported[key], let c = fix.coordinate else {
                row.lost += 1
                continue
            }
            // gpsd fills a cycle's TPV in as its sentences arrive: the import agrees when it matches one of them.
            let metres = reports.map { GpsdCorpus.metres(c, $0.latitude, $0.longitude) }.min() ?? 0
            row.worstMetres = max(row.worstMetres, metres)
            if metres > 0.05 { row.positionOff += 1 }
            let speeds = reports.compactMap(\.speed)
            if let v = fix.speedMetresPerSecond, !speeds.isEmpty,
                speeds.allSatisfy({ abs($0 - v) > 0.01 })
            {
                row.speedOff += 1
            }
            let tracks = reports.compactMap(\.track)
            if let t = fix.courseDegrees, !tracks.isEmpty,
                tracks.allSatisfy({ abs(Angle(t).signedDifference(to: Angle($0))) > 0.1 })
            {
                row.courseOff += 1
            }
        }
        return row
    }

    @Test func everyPositionEpochGpsdReportsIsImportedAndAgrees() throws {
        let logs = GpsdCorpus.logs
        try #require(logs.count == 57, "the 57 vendored captures")
        var rows: [Row] = []
        for log in logs { rows.append(try Self.compare(log)) }
        var table = "| log | gpsd epochs | lost | extra | position > 0.05 m | speed > 0.01 m/s | course > 0.1° |\n"
        table += "|---|---:|---:|---:|---:|---:|---:|\n"
        for r in rows {
            table += "| \(r.log) | \(r.gpsd) | \(r.lost) | \(r.extra) | \(r.positionOff) | \(r.speedOff) | \(r.courseOff) |\n"
        }
        let total = rows.reduce(into: Row(log: "total")) {
            $0.gpsd += $1.gpsd
            $0.lost += $1.lost
            $0.extra += $1.extra
            $0.positionOff += $1.positionOff
            $0.speedOff += $1.speedOff
            $0.courseOff += $1.courseOff
        }
        table += "| **total** | \(total.gpsd) | \(total.lost) | \(total.extra) | \(total.positionOff) | \(total.speedOff) | \(total.courseOff) |\n"
        print(table)
        for r in rows {
            let allowed = Self.documentedLosses[r.log]?.count ?? 0
            #expect(r.lost <= allowed, "\(r.log): \(r.lost) of gpsd's \(r.gpsd) position epochs lost")
            #expect(r.positionOff == 0, "\(r.log): \(r.positionOff) positions > 0.05 m from gpsd's")
            #expect(r.speedOff == 0, "\(r.log): \(r.speedOff) speeds > 0.01 m/s from gpsd's")
            #expect(r.courseOff == 0, "\(r.log): \(r.courseOff) courses > 0.1° from gpsd's")
        }
    }
}
