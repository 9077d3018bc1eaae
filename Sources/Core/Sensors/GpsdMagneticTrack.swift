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
}
