import Core

/// One receiver as gpsd names it in a DEVICE message (or an entry of DEVICES).
///
/// Only the path and driver: libgps 3.22 stores the reported cycle times wrongly (a DEVICES entry's cycle arrives
/// as the bits of a double in `tv_sec`, and a DEVICE's `mincycle` overwrites its `cycle`; seen against gpsd 3.22),
/// so the rate actually reached is measured from the fixes instead.
struct GpsdDevice: Hashable, Sendable {
    var path: String
    /// gpsd's driver once it has identified the receiver ("u-blox", "MTK-3301"); empty before.
    var driver: String
}

/// Asks gpsd to make each receiver report `hertz` times a second instead of the usual once, and says what came of it.
///
/// Why: between 1 Hz fixes the heading has to guess how a turn goes on, and in the heading benchmark that guess is
/// most of the error while riding (2.1° RMS at 1 Hz against 1.7° at 5 Hz, with no gyroscope). Many receivers
/// (u-blox, MediaTek, SiRF) do 5–10 Hz when told; gpsd tells them through its driver's rate switcher when a
/// client sends `?DEVICE={"path":…,"cycle":…}`. gpsd can only do that once it has identified the receiver's
/// type, so the request waits for a DEVICE report that names a driver, and is made once per device, driver and
/// connection (gpsd often takes a receiver for plain NMEA 0183 first, and only then for what it really is).
///
/// The outcome is measured, not taken from gpsd's word: from `settleSeconds` after the request, the spacing of the
/// fixes' own UTC times over `measureSeconds` gives the rate the receiver really reports at. One request is watched
/// at a time, from all of gpsd's fixes: exact for the one receiver a display has; with several, a later request
/// replaces the earlier one's measurement.
struct GpsdFixRate: Sendable {
    let hertz: Double
    var settleSeconds = 1.0
    var measureSeconds = 3.0
    /// With fewer than three fixes by then, the outcome is reported as unmeasured.
    var giveUpSeconds = 10.0
    private var asked: Set<GpsdDevice> = []
    private var pending: (device: GpsdDevice, since: Timestamp)?
    private var fixTimes: [Double] = []

    init(hertz: Double) { self.hertz = hertz }

    var cycleSeconds: Double { 1 / hertz }

    /// Forgets what was asked (a new connection: gpsd may have restarted and reset its receivers).
    mutating func reset() {
        asked.removeAll()
        pending = nil
        fixTimes.removeAll()
    }

    /// The command to send for this device report, if it is time to ask.
    mutating func handle(_ device: GpsdDevice, now: Timestamp) -> String? {
        guard !device.driver.isEmpty, !asked.contains(device) else { return nil }
        asked.insert(device)
        pending = (device, now)
        fixTimes.removeAll()
        return Self.command(path: device.path, cycle: cycleSeconds)
    }

    /// A line for the log when gpsd answers a request with an error ("Type of /dev/ttyS0 is unknown.").
    mutating func handle(error message: String) -> String? {
        guard let p = pending else { return nil }
        pending = nil
        return "gpsd could not change the fix rate of \(p.device.path) (\(p.device.driver)): \(message)"
    }

    /// Takes one fix's UTC time; returns a line for the log once the rate after a request is measured.
    mutating func observeFix(utcSeconds: Double?, now: Timestamp) -> String? {
        guard let p = pending else { return nil }
        let age = now.seconds(since: p.since)
        if age >= settleSeconds, let utc = utcSeconds, utc.isFinite, utc > (fixTimes.last ?? -.infinity) {
            fixTimes.append(utc)
        }
        guard age >= settleSeconds + measureSeconds, fixTimes.count >= 3 else { return expire(now: now) }
        let gaps = zip(fixTimes.dropFirst(), fixTimes).map { $0 - $1 }.sorted()
        let typical = gaps[gaps.count / 2]
        pending = nil
        fixTimes.removeAll()
        let asked = "asked gpsd for \(formatFixed(hertz, digits: 1)) Hz from \(p.device.path) (\(p.device.driver))"
        let measured = formatFixed(1 / typical, digits: 1)
        return abs(typical - cycleSeconds) <= 0.25 * cycleSeconds
            ? "\(asked): fixes now come at \(measured) Hz"
            : "\(asked): fixes still come at \(measured) Hz; the receiver did not take the new rate"
    }

    /// A line for the log when a request has waited `giveUpSeconds` without enough fixes to measure the rate.
    mutating func expire(now: Timestamp) -> String? {
        guard let p = pending, now.seconds(since: p.since) >= giveUpSeconds else { return nil }
        pending = nil
        fixTimes.removeAll()
        return "asked gpsd for \(formatFixed(hertz, digits: 1)) Hz from \(p.device.path) (\(p.device.driver)), "
            + "but too few fixes came to measure the rate"
    }

    /// `?DEVICE={"path":"/dev/ttyS0","cycle":0.200}` with the path as a JSON string.
    static func command(path: String, cycle: Double) -> String {
        var escaped = ""
        for c in path.unicodeScalars {
            switch c {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case _ where c.value < 0x20:
                let hex = String(c.value, radix: 16)
                escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: escaped.unicodeScalars.append(c)
            }
        }
        return "?DEVICE={\"path\":\"\(escaped)\",\"cycle\":\(formatFixed(cycle, digits: 3))}\n"
    }
}
