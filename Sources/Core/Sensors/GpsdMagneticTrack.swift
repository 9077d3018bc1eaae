/// gpsd's TPV `magtrack`: a magnetic compass's heading (an HDG sentence) when the receiver has one, otherwise
/// only the course made magnetic with gpsd's own variation table. Only the first is a heading.
public enum GpsdMagneticTrack {
    /// How far (degrees) `magtrack` may stand from `track` ± `magvar` and still be the course made magnetic: gpsd
    /// prints the variation to 0.1° from a finer value, and its sign convention differs between releases.
    public static let derivedToleranceDegrees = 0.1

    /// The compass heading in degrees from magnetic north that `magtrack` carries, or nil when there is none (no
    /// `magtrack`, or one that is just the course with the variation applied).
    public static func compassDegrees(track: Double?, magneticTrack: Double?, variation: Double?) -> Double? {
        guard let m = magneticTrack, m.isFinite, m >= 0, m <= 360 else { return nil }
        if let t = track, t.isFinite {
            let v = variation.flatMap { $0.isFinite ? $0 : nil } ?? 0
            for candidate in [t + v, t - v, t] {
                let d = abs(Angle(candidate).signedDifference(to: Angle(m)))
                if d <= derivedToleranceDegrees { return nil }
            }
        }
        return Angle(m).degrees
    }
}
