import Foundation

/// gpsd's TPV `magtrack`: a magnetic compass's heading (an HDG sentence) when the receiver has one, otherwise
/// only the course made magnetic with gpsd's own variation table. Only the first is a heading.
public enum GpsdMagneticTrack {
    /// How far (degrees) `magtrack` may stand from `track` ± `magvar` and still be the course made magnetic: gpsd
    /// prints the variation rounded to 0.1° from a finer value (measured: 0.03° off on iTrek.log), and a compass
    /// (bundg_zeus_9.log through gpsd 3.22: track 230.5, magvar 1.4, an HDG of 231.8) can sit 0.1° away.
    public static let derivedToleranceDegrees = 0.06

    /// The compass heading in degrees from magnetic north that `magtrack` carries, or nil when there is none (no
    /// `magtrack`, or one that is just the course with the variation applied).
    public static func compassDegrees(track: Double?, magneticTrack: Double?, variation: Double?) -> Double? {
        guard let m = magneticTrack, m.isFinite, m >= 0, m <= 360 else { return nil }
        if let t = track, t.isFinite {
            // The sign of `magvar` differs between gpsd releases: either one explains a derived value.
            let candidates = variation.flatMap { $0.isFinite ? [t + $0, t - $0] : nil } ?? [t]
            for candidate in candidates {
                let d = abs(Angle(candidate).signedDifference(to: Angle(m)))
                if d <= derivedToleranceDegrees { return nil }
            }
        }
        return Angle(m).degrees
    }

    /// The report a `magtrack` that is not the course made magnetic becomes: weighted like a GPS course, not like a
    /// compass. gpsd 3.22 also fills `magtrack` from a VTG sentence's magnetic course, which no value tells from an
    /// HDG compass (on `ericsson-gru04-02-70sec.log`, standing still, 74 of them differ from the course plus gpsd's
    /// variation by 0.5°); a course is only as good as the motion makes it, so its accuracy is the course's: gpsd's
    /// course error when it gives one, else the speed error against the speed (none, or standing still: about
    /// 70°, which the heading pipeline shows as unknown and weighs as nothing). A real compass on a moving boat
    /// keeps a few degrees.
    public static func report(
        track: Double?, magneticTrack: Double?, variation: Double?, speedMetresPerSecond: Double?,
        speedErrorMetresPerSecond: Double?, courseErrorDegrees: Double?
    ) -> HeadingReport? {
        guard let m = compassDegrees(track: track, magneticTrack: magneticTrack, variation: variation) else {
            return nil
        }
        return HeadingReport(
            magneticDegrees: m,
            accuracyDegrees: max(
                NMEAImport.assumedCompassAccuracyDegrees,
                courseAccuracyDegrees(
                    speed: speedMetresPerSecond, speedError: speedErrorMetresPerSecond, courseError: courseErrorDegrees)
            ))
    }

    /// A course's 1-σ error (°): gpsd's `epd` when finite and positive, else atan(speed error / speed) with the
    /// speed error 0.3 m/s when unknown and the speed at least 0.1 m/s (the heading pipeline's course rule).
    public static func courseAccuracyDegrees(speed: Double?, speedError: Double?, courseError: Double?) -> Double {
        if let e = courseError, e.isFinite, e > 0 { return max(1, min(180, e)) }
        let v = speed.flatMap { $0.isFinite ? max($0, 0.1) : nil } ?? 0.1
        let ev = speedError.flatMap { $0.isFinite && $0 > 0 ? max($0, 0.1) : nil } ?? 0.3
        return max(1, atan2(ev, v) * 180 / .pi)
    }
}
