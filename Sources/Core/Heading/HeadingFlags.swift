/// Why a heading is less than perfect (shown on the HUD and in logs).
public struct HeadingFlags: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// No calibration: hard/soft iron uncorrected.
    public static let uncalibrated = HeadingFlags(rawValue: 1 << 0)
    /// The field's strength or dip is wrong: a magnet or metal nearby; the compass is not trusted.
    public static let disturbed = HeadingFlags(rawValue: 1 << 1)
    /// No accelerometer: the board is assumed level (tilt errors uncorrected).
    public static let levelAssumed = HeadingFlags(rawValue: 1 << 2)
    /// Declination unknown (no position yet): the heading is magnetic.
    public static let magneticOnly = HeadingFlags(rawValue: 1 << 3)
    /// The date is outside the magnetic model's validity.
    public static let modelOutOfDate = HeadingFlags(rawValue: 1 << 4)
    /// Near a magnetic pole (H < 6000 nT): compass and declination degrade.
    public static let nearMagneticPole = HeadingFlags(rawValue: 1 << 5)
    /// No magnetometer readings (source lost or silent).
    public static let compassLost = HeadingFlags(rawValue: 1 << 6)
    /// No date from GPS or configuration: declination uses the model's epoch.
    public static let dateAssumed = HeadingFlags(rawValue: 1 << 7)
    /// Standing still: the heading is frozen.
    public static let standingStill = HeadingFlags(rawValue: 1 << 8)
    /// A held value: the source that produced it is not currently trusted.
    public static let held = HeadingFlags(rawValue: 1 << 9)

    static let names: [(HeadingFlags, String)] = [
        (.uncalibrated, "uncalibrated"), (.disturbed, "disturbed"), (.levelAssumed, "level-assumed"),
        (.magneticOnly, "magnetic-only"), (.modelOutOfDate, "model-out-of-date"),
        (.nearMagneticPole, "near-magnetic-pole"),
        (.compassLost, "compass-lost"), (.dateAssumed, "date-assumed"), (.standingStill, "standing-still"),
        (.held, "held"),
    ]
    /// The set flags' names, space-separated ("disturbed level-assumed").
    public var description: String { HeadingFlags.names.filter { contains($0.0) }.map(\.1).joined(separator: " ") }
}
