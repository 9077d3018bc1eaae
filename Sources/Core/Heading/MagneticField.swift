/// The geomagnetic field at one place and time, in the local geodetic north-east-down frame, with the derived
/// elements (H, F, D, I) and their yearly rates.
public struct MagneticField: Hashable, Sendable {
    /// X, Y, Z in nanotesla (north, east, down).
    public var northNanotesla: Double
    public var eastNanotesla: Double
    public var downNanotesla: Double
    /// Secular variation of X, Y, Z in nT per year.
    public var northRateNanoteslaPerYear: Double
    public var eastRateNanoteslaPerYear: Double
    public var downRateNanoteslaPerYear: Double
    /// Why the value may not be trusted (empty when it can be).
    public var warnings: [MagneticModelWarning]

    public init(
        northNanotesla: Double, eastNanotesla: Double, downNanotesla: Double,
        northRateNanoteslaPerYear: Double = 0, eastRateNanoteslaPerYear: Double = 0,
        downRateNanoteslaPerYear: Double = 0, warnings: [MagneticModelWarning] = []
    ) {
        self.northNanotesla = northNanotesla
        self.eastNanotesla = eastNanotesla
        self.downNanotesla = downNanotesla
        self.northRateNanoteslaPerYear = northRateNanoteslaPerYear
        self.eastRateNanoteslaPerYear = eastRateNanoteslaPerYear
        self.downRateNanoteslaPerYear = downRateNanoteslaPerYear
        self.warnings = warnings
    }

    /// H, the horizontal intensity in nT.
    public var horizontalNanotesla: Double {
        (northNanotesla * northNanotesla + eastNanotesla * eastNanotesla).squareRoot()
    }
    /// F, the total intensity in nT.
    public var totalNanotesla: Double {
        (horizontalNanotesla * horizontalNanotesla + downNanotesla * downNanotesla).squareRoot()
    }
    /// F in microtesla, the unit magnetometer samples use.
    public var totalMicrotesla: Double { totalNanotesla / 1000 }
    /// D, the declination: degrees east of true north that a compass needle points (true = magnetic + D).
    public var declinationDegrees: Double { atan2(eastNanotesla, northNanotesla) * 180 / .pi }
    /// I, the inclination (dip): degrees below the horizontal, positive in the northern hemisphere.
    public var inclinationDegrees: Double { atan2(downNanotesla, horizontalNanotesla) * 180 / .pi }

    /// dH/dt in nT per year.
    public var horizontalRateNanoteslaPerYear: Double {
        let h = horizontalNanotesla
        return (northNanotesla * northRateNanoteslaPerYear + eastNanotesla * eastRateNanoteslaPerYear) / h
    }
    /// dF/dt in nT per year.
    public var totalRateNanoteslaPerYear: Double {
        (northNanotesla * northRateNanoteslaPerYear + eastNanotesla * eastRateNanoteslaPerYear
            + downNanotesla * downRateNanoteslaPerYear) / totalNanotesla
    }
    /// dD/dt in degrees per year.
    public var declinationRateDegreesPerYear: Double {
        let h2 = horizontalNanotesla * horizontalNanotesla
        return (northNanotesla * eastRateNanoteslaPerYear - eastNanotesla * northRateNanoteslaPerYear) / h2 * 180 / .pi
    }
    /// dI/dt in degrees per year.
    public var inclinationRateDegreesPerYear: Double {
        let f2 = totalNanotesla * totalNanotesla
        return (horizontalNanotesla * downRateNanoteslaPerYear - downNanotesla * horizontalRateNanoteslaPerYear) / f2
            * 180 / .pi
    }
}

/// Why a model value may be unreliable.
public enum MagneticModelWarning: Hashable, Sendable, CustomStringConvertible {
    /// The date lies outside the model's five-year validity: declination errors grow year by year.
    case dateOutsideValidity(decimalYear: Double, validFrom: Double, validUntil: Double)
    /// H is below 6000 nT (NOAA's caution zone): compass headings degrade near the magnetic poles.
    case nearMagneticPoleCaution(horizontalNanotesla: Double)
    /// H is below 2000 nT (NOAA's blackout zone): a magnetic compass is unreliable here.
    case nearMagneticPoleBlackout(horizontalNanotesla: Double)

    /// The caution threshold and the blackout threshold for H, in nT (from the WMM2025 report).
    public static let cautionHorizontalNanotesla = 6000.0
    public static let blackoutHorizontalNanotesla = 2000.0

    static func forHorizontalIntensity(_ h: Double) -> MagneticModelWarning? {
        if h < blackoutHorizontalNanotesla { return .nearMagneticPoleBlackout(horizontalNanotesla: h) }
        if h < cautionHorizontalNanotesla { return .nearMagneticPoleCaution(horizontalNanotesla: h) }
        return nil
    }

    public var description: String {
        switch self {
        case .dateOutsideValidity(let y, let from, let until):
            return "date \(formatFixed(y, digits: 2)) is outside the model's validity "
                + "\(formatFixed(from, digits: 1))–\(formatFixed(until, digits: 1)); declination may be off"
        case .nearMagneticPoleCaution(let h):
            return "near a magnetic pole (H = \(Int(h.rounded())) nT < 6000 nT): compass heading degraded"
        case .nearMagneticPoleBlackout(let h):
            return "at a magnetic pole (H = \(Int(h.rounded())) nT < 2000 nT): compass heading unreliable"
        }
    }
}
