/// Figures of raw calibration readings that need no fit: how large they are and how far they moved. They decide
/// the most fundamental refusals (wrong unit, barely turned) before any fit is trusted.
public struct CalibrationReadings: Hashable, Sendable {
    public var count: Int
    /// The median of |reading|, µT: Earth's 22–67 µT plus the hard iron for a sensor that reports microtesla.
    public var typicalMicrotesla: Double
    /// The widest range of the readings along one axis, µT. Turning through a full circle spreads them by twice
    /// the horizontal field (tumbling: twice the total field), whatever the hard iron.
    public var spreadMicrotesla: Double

    public init(_ samples: [Vector3]) {
        count = samples.count
        let magnitudes = samples.map(\.length).sorted()
        typicalMicrotesla = magnitudes.isEmpty ? 0 : magnitudes[magnitudes.count / 2]
        guard let first = samples.first else {
            spreadMicrotesla = 0
            return
        }
        var low = first
        var high = first
        for s in samples {
            low = Vector3(x: min(low.x, s.x), y: min(low.y, s.y), z: min(low.z, s.z))
            high = Vector3(x: max(high.x, s.x), y: max(high.y, s.y), z: max(high.z, s.z))
        }
        let d = high - low
        spreadMicrotesla = max(d.x, d.y, d.z)
    }

    /// The first fundamental problem, in order: not microtesla (more readings will not help), too few readings,
    /// barely turned. Nil when a fit is worth making.
    public func problem(requirements: EllipsoidFit.Requirements, fit: CalibrationFit) -> CalibrationError? {
        if count > 0 && !requirements.plausibleReadingMicrotesla.contains(typicalMicrotesla) {
            return .notMicrotesla(typicalMicrotesla: typicalMicrotesla)
        }
        if count < requirements.minimumSamples { return .tooFewSamples(count, needed: requirements.minimumSamples) }
        if spreadMicrotesla < requirements.minimumSpreadMicrotesla {
            return .barelyTurned(
                spreadMicrotesla: spreadMicrotesla, needed: requirements.minimumSpreadMicrotesla, fit: fit)
        }
        return nil
    }
}
