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
        for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }) where line.hasPrefix("{\"class\":\"TPV\"") {
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

    /// Metres between two nearby coordinates (equirectangular: exact enough below a kilometre).
    static func metres(_ a: GeoCoordinate, _ latitude: Double, _ longitude: Double) -> Double {
        let r = 6_371_008.8
        let dLat = (latitude - a.latitude) * .pi / 180
        let dLon = (longitude - a.longitude) * .pi / 180 * cos(a.latitude * .pi / 180)
        return r * (dLat * dLat + dLon * dLon).squareRoot()
    }
}
