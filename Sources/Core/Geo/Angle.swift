/// A compass direction in degrees clockwise from north, always normalised to [0, 360).
public struct Angle: Hashable, Sendable, CustomStringConvertible {
    /// The direction in degrees, in [0, 360).
    public let degrees: Double

    /// Makes an angle from any finite number of degrees (370 becomes 10, -10 becomes 350).
    /// Non-finite input has no direction and gives `nil`.
    public init?(degrees: Double) {
        guard degrees.isFinite else { return nil }
        self.degrees = Angle.normalise(degrees)
    }

    /// Makes an angle from a value the caller knows is finite (constants, sums of angles).
    public init(_ degrees: Double) {
        precondition(degrees.isFinite, "Angle needs a finite number of degrees")
        self.degrees = Angle.normalise(degrees)
    }

    public static let north = Angle(0)

    public var radians: Double { degrees * .pi / 180 }

    /// The shortest signed turn from `self` to `other`, in degrees in (-180, 180]; positive is clockwise.
    public func signedDifference(to other: Angle) -> Double {
        var d = other.degrees - degrees
        if d > 180 { d -= 360 }
        if d <= -180 { d += 360 }
        return d
    }

    /// The angle turned clockwise by `degrees`.
    public func rotated(by degrees: Double) -> Angle { Angle(self.degrees + degrees) }

    /// The 16-point cardinal name ("N", "NNE", ... "NNW").
    public var cardinal: String {
        let names = [
            "N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW",
        ]
        return names[Int((degrees + 11.25) / 22.5) % 16]
    }

    public var description: String { "\(degrees)°" }

    static func normalise(_ degrees: Double) -> Double {
        var d = degrees.truncatingRemainder(dividingBy: 360)
        if d < 0 { d += 360 }
        // -1e-15 + 360 rounds to 360.0 exactly, which is outside the range.
        return d >= 360 ? 0 : d
    }
}
