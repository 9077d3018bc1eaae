import Core
import Foundation

/// gpsd's regression captures (Tests/CoreTests/Fixtures/gpsd) and what gpsd reports for each (`X.log.chk`).
enum GpsdCorpus {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/gpsd")

    /// Every capture's file name, sorted.
    static var logs: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".log") }
            .sorted()
    }

    static func bytes(_ name: String) -> [UInt8]? {
        FileManager.default.contents(atPath: folder.appendingPathComponent(name).path).map { [UInt8]($0) }
    }

    /// One TPV gpsd reported with a position.
    struct Report {
        var latitude: Double
        var longitude: Double
        var speed: Double?
        var track: Double?
    }

    /// gpsd's position epochs in a `.chk`: TPV reports with mode ≥ 2, a latitude and longitude and a time, by
    /// their time in milliseconds since 1970 (gpsd sends several TPVs per epoch, with fields filled in as the
    /// cycle's sentences arrive).
    static func positionEpochs(chk text: String) -> [Int64: [Report]] {
        var out: [Int64: [Report]] = [:]
        for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        where line.hasPrefix("{\"class\":\"TPV\"") {
            guard let o = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let mode = number(o["mode"]), mode >= 2, let lat = number(o["lat"]), let lon = number(o["lon"]),
                let time = o["time"] as? String, let key = millisecondKey(iso: time)
            else { continue }
            out[key, default: []].append(
                Report(latitude: lat, longitude: lon, speed: number(o["speed"]), track: number(o["track"])))
        }
        return out
    }

    /// A JSON number (on Linux `as? Double` refuses numbers Foundation keeps in another representation).
    static func number(_ v: Any?) -> Double? { (v as? NSNumber)?.doubleValue }

    static func millisecondKey(utc: Double) -> Int64 { Int64((utc * 1000).rounded()) }

    /// "2005-07-27T04:58:49.000Z" → milliseconds since 1970 (by hand: Foundation's ISO 8601 parser on Linux
    /// rejects some of gpsd's fractions).
    static func millisecondKey(iso: String) -> Int64? {
        let parts = iso.split(whereSeparator: { "-T:Z".contains($0) })
        guard parts.count == 6, let y = Int(parts[0]), let mo = Int(parts[1]), let d = Int(parts[2]),
            let h = Int(parts[3]), let mi = Int(parts[4]), let s = Double(parts[5])
        else { return nil }
        // Days from civil (Howard Hinnant's algorithm).
        let yy = mo <= 2 ? y - 1 : y
        let era = (yy >= 0 ? yy : yy - 399) / 400
        let yoe = yy - era * 400
        let doy = (153 * (mo + (mo > 2 ? -3 : 9)) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        let days = era * 146_097 + doe - 719_468
        return millisecondKey(utc: Double(days * 86_400 + h * 3600 + mi * 60) + s)
    }

    /// What a log's own sentences say at one time of day: every position a timed RMC, GGA, GLL or GNS gives, and
    /// every speed and course of an RMC (or of a VTG after it).
    struct SentenceValues {
        var positions: [(Double, Double)] = []
        var speeds: [Double] = []
        var courses: [Double] = []
    }

    /// The log's sentence values by time of day in milliseconds, read with a parser of its own (independent of
    /// the import under test): fields split on commas, checksums ignored.
    static func sentenceValues(log text: String) -> [Int64: SentenceValues] {
        var out: [Int64: SentenceValues] = [:]
        var last: Int64?
        func tod(_ f: Substring) -> Int64? {
            guard f.count >= 6, let h = Double(f.prefix(2)), let m = Double(f.dropFirst(2).prefix(2)),
                let s = Double(f.dropFirst(4))
            else { return nil }
            return Int64(((h * 3600 + m * 60 + s) * 1000).rounded())
        }
        func degrees(_ v: Substring, _ hemisphere: Substring, _ digits: Int) -> Double? {
            guard v.count > digits, let d = Double(v.prefix(digits)), let m = Double(v.dropFirst(digits)) else {
                return nil
            }
            return (hemisphere == "S" || hemisphere == "W" ? -1 : 1) * (d + m / 60)
        }
        for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            guard let dollar = line.firstIndex(of: "$") else { continue }
            let body = line[line.index(after: dollar)...].split(separator: "*").first ?? ""
            let f = body.split(separator: ",", omittingEmptySubsequences: false)
            guard f.count > 5, f[0].count == 5 else { continue }
            let type = f[0].suffix(3)
            var position: (Substring, Substring, Substring, Substring)?
            var time: Substring?
            switch type {
            case "RMC", "GGA", "GNS":
                time = f[1]
                position = type == "RMC" ? (f[3], f[4], f[5], f.count > 6 ? f[6] : "") : (f[2], f[3], f[4], f[5])
            case "GLL":
                time = f.count > 5 ? f[5] : nil
                position = (f[1], f[2], f[3], f[4])
            case "VTG":
                guard let t = last else { continue }
                if let c = Double(f[1]) { out[t, default: SentenceValues()].courses.append(c) }
                let knots = f.count > 5 ? Double(f[f[2] == "T" ? 5 : 3]) : nil
                if let k = knots { out[t, default: SentenceValues()].speeds.append(k * 1852 / 3600) }
                continue
            default: continue
            }
            guard let tf = time, let t = tod(tf) else { continue }
            last = t
            if let p = position, let lat = degrees(p.0, p.1, 2), let lon = degrees(p.2, p.3, 3) {
                out[t, default: SentenceValues()].positions.append((lat, lon))
            }
            if type == "RMC", f.count > 8 {
                if let k = Double(f[7]) { out[t, default: SentenceValues()].speeds.append(k * 1852 / 3600) }
                if let c = Double(f[8]) { out[t, default: SentenceValues()].courses.append(c) }
            }
        }
        return out
    }

    /// Metres between two nearby coordinates (equirectangular: exact enough below a kilometre).
    static func metres(_ a: GeoCoordinate, _ latitude: Double, _ longitude: Double) -> Double {
        let r = 6_371_008.8
        let dLat = (latitude - a.latitude) * .pi / 180
        let dLon = (longitude - a.longitude) * .pi / 180 * cos(a.latitude * .pi / 180)
        return r * (dLat * dLat + dLon * dLon).squareRoot()
    }
}
