import Core

/// The rides `scripts/make-recordings` writes into `recordings/`, made with the physical ride model
/// (`SimulatedRide`: WMM field at the place and date, hard/soft iron, tilt, noise, magnets, GPS noise) on a route
/// through the Helsinki map fixture area around 60.17, 24.94.
public enum BundledRides {
    /// The bundled rides by file stem, in the order the script writes them.
    public static let names = ["helsinki-ride", "helsinki-hour"]

    /// A ride and the header that describes it, by name; nil for an unknown name.
    public static func recording(named name: String) -> Recording? {
        switch name {
        case "helsinki-ride": return helsinkiRide()
        case "helsinki-hour": return hourRide()
        default: return nil
        }
    }

    /// About three minutes on a bike from Esplanadi: east, a stop at the lights, left turn to the north, a tram's
    /// magnet passing, a U-turn, back south, and a 20-second GPS dropout (tunnel under the station square).
    public static func helsinkiRide() -> Recording {
        typealias S = SimulatedRide.Segment
        var device = SimulatedRide.distortedDevice
        device.magnetometerHz = 25
        device.accelerometerHz = 25
        device.mountYawDegrees = 0
        let segments = [
            S(duration: 5, startSpeed: 0, endSpeed: 5, pitchDegrees: 4),
            S(duration: 30, startSpeed: 5.5, pitchDegrees: 4, rollSwingDegrees: 3, swingPeriod: 2.5),
            S(duration: 5, startSpeed: 5.5, endSpeed: 0, pitchDegrees: 4),
            S(duration: 12, startSpeed: 0, pitchDegrees: 4),  // red light
            S(duration: 6, turnDegrees: -90, startSpeed: 0.5, endSpeed: 5, pitchDegrees: 4, rollDegrees: -8),
            S(duration: 33, startSpeed: 5.5, pitchDegrees: 4, rollSwingDegrees: 3, swingPeriod: 2.5),
            S(duration: 8, startSpeed: 5.5, endSpeed: 2.5, pitchDegrees: 4),
            S(duration: 9, turnDegrees: 180, startSpeed: 2.5, pitchDegrees: 4, rollDegrees: 12),  // U-turn
            S(duration: 5, startSpeed: 2.5, endSpeed: 5.5, pitchDegrees: 4),
            S(duration: 47, startSpeed: 5.5, pitchDegrees: 4, rollSwingDegrees: 3, swingPeriod: 2.5),
            S(duration: 5, startSpeed: 5.5, endSpeed: 0, pitchDegrees: 4),
        ]
        // A tram passing close: a strong field that rises and falls over a few seconds at t = 75 s.
        let magnet = SimulatedRide.Magnet(
            atSeconds: 75, widthSeconds: 1.5, peakMicrotesla: Vector3(x: 35, y: -25, z: 30))
        let ride = SimulatedRide(
            start: GeoCoordinate(latitude: 60.16745, longitude: 24.94540), startUTCSeconds: 1_780_000_000,
            initialHeadingDegrees: 75, segments: segments, device: device, magnets: [magnet], seed: 2026)
        let events = withGPSDropout(withSky(ride.events()), from: 125, to: 145)
        return Recording(
            header: header(
                for: ride,
                notes: [
                    "simulated: SimulatedRide seed 2026, distorted handlebar device, 25 Hz magnetometer and accelerometer, 1 Hz GPS",
                    "scenario: start east, stop at lights 40-52 s, left turn, tram magnet at 75 s, U-turn 98-107 s, GPS dropout 125-145 s",
                ]), events: events)
    }

    /// An hour of riding back and forth along the same streets (for the replay speed figure).
    public static func hourRide() -> Recording {
        typealias S = SimulatedRide.Segment
        var device = SimulatedRide.distortedDevice
        device.magnetometerHz = 50
        device.accelerometerHz = 50
        var segments: [S] = []
        while segments.reduce(0, { $0 + $1.duration }) < 3600 {
            segments += [
                S(duration: 60, startSpeed: 5, pitchDegrees: 3, rollSwingDegrees: 3, swingPeriod: 2.5),
                S(duration: 10, startSpeed: 5, endSpeed: 0),
                S(duration: 20, startSpeed: 0),
                S(duration: 10, turnDegrees: 180, startSpeed: 0.5, endSpeed: 3, rollDegrees: 10),
                S(duration: 50, startSpeed: 4.5, rollSwingDegrees: 3, swingPeriod: 2.5),
                S(duration: 10, turnDegrees: 180, startSpeed: 3, rollDegrees: 10),
            ]
        }
        let ride = SimulatedRide(
            start: GeoCoordinate(latitude: 60.16745, longitude: 24.94540), startUTCSeconds: 1_780_003_600,
            initialHeadingDegrees: 75, segments: segments, device: device, seed: 3600)
        return Recording(
            header: header(
                for: ride,
                notes: [
                    "simulated: SimulatedRide seed 3600, 50 Hz magnetometer and accelerometer, 1 Hz GPS, one hour back and forth"
                ]), events: withSky(ride.events()))
    }

    static func header(for ride: SimulatedRide, notes: [String]) -> RecordingHeader {
        let d = ride.device
        let earth = ride.earthFieldMicrotesla.length
        // The calibration in use is the exact inverse of the simulated distortion, as a perfect fit would give.
        let calibration = d.softIron.inverse.map {
            MagnetometerCalibration(
                hardIronMicrotesla: d.hardIronMicrotesla, softIron: $0, fieldRadiusMicrotesla: earth,
                expectedFieldMicrotesla: earth)
        }
        var devices = [
            RecordingHeader.Device(role: "magnetometer", name: "simulated (SimulatedRide)", rateHertz: d.magnetometerHz)
        ]
        if d.accelerometerHz > 0 {
            devices.append(
                RecordingHeader.Device(
                    role: "accelerometer", name: "simulated (SimulatedRide)", rateHertz: d.accelerometerHz))
        }
        devices.append(RecordingHeader.Device(role: "gps", name: "simulated (SimulatedRide)", rateHertz: d.gpsHz))
        return RecordingHeader(
            program: "navdisplay (scripts/make-recordings)", devices: devices, mountMatrix: .identity,
            boardOrientation: "x,y,z",
            calibration: calibration, startUTCSeconds: ride.startUTCSeconds, place: ride.start,
            placeName: "Helsinki, Esplanadi",
            notes: notes)
    }

    /// Adds a satellite report after every fix, as gpsd sends them.
    static func withSky(_ events: [SensorEvent]) -> [SensorEvent] {
        var out: [SensorEvent] = []
        out.reserveCapacity(events.count * 101 / 100)
        var n = 0
        for e in events {
            out.append(e)
            if case .gpsFix(let f) = e {
                n += 1
                out.append(.gpsSky(GPSSky(time: f.time, satellitesSeen: 14 + n % 3, satellitesUsed: 9 + n % 2)))
            }
        }
        return out
    }

    /// Drops GPS reports between `from` and `to` seconds and marks the loss and the return as gpsd would.
    static func withGPSDropout(_ events: [SensorEvent], from: Double, to: Double) -> [SensorEvent] {
        var out: [SensorEvent] = []
        var lost = false
        for e in events {
            let t = e.time.seconds
            let isGPS: Bool
            switch e {
            case .gpsFix, .gpsSky: isGPS = true
            default: isGPS = false
            }
            if t >= from && t < to {
                if !lost {
                    out.append(
                        .sourceStatus(
                            Timestamp(seconds: from),
                            SourceStatus(source: .gps, available: false, detail: "gpsd: no fix (receiver lost the sky)")
                        ))
                    lost = true
                }
                if isGPS { continue }
            } else if lost && t >= to {
                out.append(
                    .sourceStatus(
                        Timestamp(seconds: to), SourceStatus(source: .gps, available: true, detail: "gpsd: fix again")))
                lost = false
            }
            out.append(e)
        }
        return out
    }
}
