import Core
import Glibc

/// What `navdisplay probe` says about gpsd: whether it answers, its devices, and the current fix.
public enum GpsdProbe {
    /// Connects, listens up to `timeoutSeconds` for a fix, and describes what it heard. Never throws.
    public static func report(host: String = "localhost", port: String = "2947", timeoutSeconds: Double = 2) -> String {
        let source = GpsdSource(host: host, port: port)
        let start = MonotonicClock.now()
        let first = source.connect(now: start)
        guard let fd = source.fileDescriptor else {
            let reason =
                first.compactMap { event -> String? in
                    if case .sourceStatus(_, let s) = event { return s.detail } else { return nil }
                }.first ?? "unknown error"
            return "gpsd at \(host):\(port): not reachable (\(reason))\n"
        }
        let deadline = start.adding(seconds: timeoutSeconds)
        while source.lastFix?.coordinate == nil, source.fileDescriptor != nil {
            let left = deadline.seconds(since: MonotonicClock.now())
            if left <= 0 { break }
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if poll(&entry, 1, Int32(max(1, left * 1000))) > 0 { _ = source.readAvailable(now: MonotonicClock.now()) }
        }
        source.disconnect()
        var lines = ["gpsd at \(host):\(port): reachable\(source.release.map { ", release \($0)" } ?? "")"]
        lines.append("  devices: \(source.devices.isEmpty ? "none" : source.devices.joined(separator: " "))")
        lines.append(
            "  fix: \(source.lastFix.map(describe) ?? "none within \(formatFixed(timeoutSeconds, digits: 1)) s")")
        if let sky = source.lastSky {
            lines.append("  satellites: \(sky.satellitesUsed) used of \(sky.satellitesSeen) seen")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One line for a fix: mode, position, and the values that are present.
    public static func describe(_ fix: GPSFix) -> String {
        var parts = [fix.mode == .threeD ? "3D" : fix.mode == .twoD ? "2D" : "no fix"]
        if let c = fix.coordinate {
            parts.append("\(formatFixed(c.latitude, digits: 6)) \(formatFixed(c.longitude, digits: 6))")
        }
        if let a = fix.altitudeMetres { parts.append("alt \(formatFixed(a, digits: 1)) m") }
        if let s = fix.speedMetresPerSecond { parts.append("speed \(formatFixed(s, digits: 2)) m/s") }
        if let c = fix.courseDegrees { parts.append("course \(formatFixed(c, digits: 1))°") }
        if let e = fix.horizontalErrorMetres { parts.append("±\(formatFixed(e, digits: 1)) m") }
        return parts.joined(separator: ", ")
    }
}
