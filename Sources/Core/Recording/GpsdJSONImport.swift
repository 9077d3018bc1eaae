import Foundation

/// Reads a gpsd JSON log as `gpspipe -w` writes it: one JSON object per line; TPV reports become `GPSFix`es and
/// SKY reports `GPSSky`s (VERSION, DEVICES, WATCH and other classes are skipped quietly). Event times are the
/// reports' UTC times relative to the first one; a SKY without its own time takes the last TPV's.
public enum GpsdJSONImport {
    public static func read(_ text: String, file: String) -> Recording {
        var events: [SensorEvent] = []
        var warnings: [RecordingWarning] = []
        var origin: Double?
        var lastTime: Timestamp?
        var devices = Set<String>()
        var lineNumber = 0
        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            lineNumber += 1
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            func warn(_ why: String) { warnings.append(RecordingWarning(file: file, line: lineNumber, reason: why)) }
            guard line.hasPrefix("{"), let data = line.data(using: .utf8),
                let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                let cls = object["class"] as? String
            else {
                warn("garbage: not a gpsd JSON report")
                continue
            }
            if let d = object["device"] as? String { devices.insert(d) }
            func number(_ key: String) -> Double? {
                guard let n = object[key] as? NSNumber, n.doubleValue.isFinite else { return nil }
                return n.doubleValue
            }
            let utc = (object["time"] as? String).flatMap(CivilDate.parseISO8601)
            func stamp() -> Timestamp? {
                if let u = utc {
                    if origin == nil { origin = u }
                    return Timestamp(seconds: u - origin!)
                }
                return lastTime
            }
            switch cls {
            case "TPV":
                guard let modeNumber = number("mode").map(Int.init) else {
                    warn("TPV without mode")
                    continue
                }
                guard let time = stamp() else {
                    warn("TPV without time before any timed report")
                    continue
                }
                if let last = lastTime, time < last {
                    warn("time goes backwards")
                    continue
                }
                let mode: FixMode = modeNumber >= 3 ? .threeD : modeNumber == 2 ? .twoD : .noFix
                var fix = GPSFix(time: time, mode: mode, utcSeconds: utc)
                if let lat = number("lat"), let lon = number("lon") {
                    fix.coordinate = GeoCoordinate(latitude: lat, longitude: lon)
                }
                fix.altitudeMetres = number("altMSL") ?? number("alt")
                fix.speedMetresPerSecond = number("speed")
                fix.courseDegrees = number("track")
                if let eph = number("eph") {
                    fix.horizontalErrorMetres = eph
                } else if let x = number("epx"), let y = number("epy") {
                    fix.horizontalErrorMetres = (x * x + y * y).squareRoot()
                }
                fix.verticalErrorMetres = number("epv")
                fix.speedErrorMetresPerSecond = number("eps")
                fix.courseErrorDegrees = number("epd")
                lastTime = time
                events.append(.gpsFix(fix))
            case "SKY":
                guard let time = stamp() else {
                    warn("SKY before any timed report")
                    continue
                }
                if let last = lastTime, time < last {
                    warn("time goes backwards")
                    continue
                }
                let satellites = object["satellites"] as? [[String: Any]]
                let seen = number("nSat").map(Int.init) ?? satellites?.count
                let used = number("uSat").map(Int.init) ?? satellites?.filter { ($0["used"] as? Bool) == true }.count
                guard let seen, let used else { continue }  // gpsd sends SKY with only DOPs too
                lastTime = time
                events.append(.gpsSky(GPSSky(time: time, satellitesSeen: seen, satellitesUsed: used)))
            default:
                continue
            }
        }
        var header = RecordingHeader(program: "gpsd JSON log import (gpspipe -w)")
        header.devices = devices.sorted().map { RecordingHeader.Device(role: "gps", name: "gpsd \($0)") }
        header.notes = ["imported from \(file)"]
        header.startUTCSeconds = origin
        for case .gpsFix(let f) in events where f.coordinate != nil {
            header.place = f.coordinate
            break
        }
        return Recording(header: header, events: events, warnings: warnings)
    }
}
