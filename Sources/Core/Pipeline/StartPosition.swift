/// Where the camera looks before the first fix: the recording's `@place`, else its first valid fix, else central
/// Helsinki (the bundled map's place). One rule for `run`, `demo`, `replay` and the benchmarks.
public enum StartPosition {
    /// Central Helsinki, where the bundled map and ride are.
    public static let helsinki = GeoCoordinate(latitude: 60.16952, longitude: 24.94130)

    /// The start for a recording with header place `place` and `events`.
    public static func of(place: GeoCoordinate?, events: [SensorEvent]) -> GeoCoordinate {
        if let place { return place }
        for case .gpsFix(let f) in events where f.coordinate?.isValid == true {
            if let c = f.coordinate { return c }
        }
        return helsinki
    }
}
