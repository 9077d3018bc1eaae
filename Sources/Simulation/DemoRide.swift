import Core
import Foundation

/// A short scripted bike ride through central Helsinki, as sensor events: GPS fixes at 1 Hz and compass reports at
/// 10 Hz. It drives the same `NavState`, camera and scene a live ride drives, until recorded rides replace it.
///
/// The ride: east along Pohjoisesplanadi, a stop at the lights on Mannerheimintie (the compass goes unreliable
/// there for a few seconds, so the arrow becomes a dot), north past the station and back along Kaisaniemenkatu.
public enum DemoRide {
    /// The route's corners, in riding order.
    public static let waypoints: [GeoCoordinate] = [
        GeoCoordinate(latitude: 60.16790, longitude: 24.95170),
        GeoCoordinate(latitude: 60.16745, longitude: 24.94540),
        GeoCoordinate(latitude: 60.16838, longitude: 24.94050),
        GeoCoordinate(latitude: 60.17150, longitude: 24.93900),
        GeoCoordinate(latitude: 60.17240, longitude: 24.94300),
        GeoCoordinate(latitude: 60.17120, longitude: 24.94760),
        GeoCoordinate(latitude: 60.16950, longitude: 24.95200),
        GeoCoordinate(latitude: 60.16790, longitude: 24.95170),
    ]
    /// Cruising speed: 20 km/h.
    public static let cruiseSpeed = 5.5
    /// Where along the route (metres) the rider stops at the lights, and for how long (seconds).
    public static let stopAtMetres = 640.0
    public static let stopSeconds = 8.0

    /// The whole ride's events, time-ordered, starting at t = 0.
    public static func events() -> [SensorEvent] {
        var events: [SensorEvent] = []
        let legs = zip(waypoints, waypoints.dropFirst()).map { (a, b) in
            (
                start: a, bearing: GreatCircle.initialBearing(from: a, to: b) ?? .north,
                length: GreatCircle.distance(from: a, to: b)
            )
        }
        let total = legs.reduce(0) { $0 + $1.length }
        var distance = 0.0
        var time = 0.0
        var speed = 0.0
        var stopped = false
        var stopDone = false
        var stoppedFor = 0.0
        var heading = legs[0].bearing
        let dt = 0.1
        let acceleration = 1.0
        let braking = 1.5
        var step = 0
        while distance < total {
            // Speed: accelerate to cruise, brake to a halt before the lights, wait, ride on.
            if stopped {
                stoppedFor += dt
                if stoppedFor >= stopSeconds {
                    stopped = false
                    stopDone = true
                }
            } else if !stopDone && stopAtMetres - distance <= speed * speed / (2 * braking) + 0.05 {
                speed = max(0, speed - braking * dt)
                if speed == 0 { stopped = true }
            } else {
                speed = min(cruiseSpeed, speed + acceleration * dt)
            }
            distance += speed * dt
            let (position, bearing) = locate(distance: min(distance, total), legs: legs)
            // The rider's heading turns towards the road's bearing at up to 45°/s, as a real turn does.
            let turn = heading.signedDifference(to: bearing)
            heading = heading.rotated(by: max(-4.5, min(4.5, turn)))
            time += dt
            let t = Timestamp(seconds: time)
            // Standing at the lights next to a tram, the compass is not trusted for a few seconds.
            let disturbed = stopped && stoppedFor > 2 && stoppedFor < 6
            let wobble = 1.5 * sin(time * 2.3) + 0.8 * sin(time * 7.1)
            events.append(
                .compassHeading(
                    t,
                    HeadingReport(
                        magneticDegrees: Angle(heading.degrees - 10.5 + wobble).degrees,
                        trueDegrees: Angle(heading.degrees + wobble).degrees,
                        accuracyDegrees: disturbed ? -1 : 4)))
            if step % 10 == 9 {
                events.append(
                    .gpsFix(
                        GPSFix(
                            time: t, mode: .threeD, utcSeconds: 1_780_000_000 + time, coordinate: position,
                            altitudeMetres: 12, speedMetresPerSecond: speed,
                            courseDegrees: speed > 0.5 ? bearing.degrees : nil,
                            horizontalErrorMetres: 6)))
                events.append(.gpsSky(GPSSky(time: t, satellitesSeen: 14, satellitesUsed: 9)))
            }
            step += 1
        }
        return events
    }

    /// The position and road bearing `distance` metres along the route.
    private static func locate(distance: Double, legs: [(start: GeoCoordinate, bearing: Angle, length: Double)]) -> (
        GeoCoordinate, Angle
    ) {
        var d = distance
        for leg in legs {
            if d <= leg.length {
                return (GreatCircle.destination(from: leg.start, bearing: leg.bearing, distance: d), leg.bearing)
            }
            d -= leg.length
        }
        let last = legs[legs.count - 1]
        return (GreatCircle.destination(from: last.start, bearing: last.bearing, distance: last.length), last.bearing)
    }
}
