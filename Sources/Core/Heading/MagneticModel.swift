/// A spherical-harmonic main-field model with linear secular variation (the World Magnetic Model's form).
///
/// The field is evaluated as NOAA's WMM report describes: geodetic → geocentric spherical coordinates, Schmidt
/// semi-normalised associated Legendre functions, the gradient of the potential in the geocentric frame, then a
/// rotation back to the geodetic north-east-down frame.
public struct MagneticModel: Sendable {
    /// One Gauss coefficient row: degree, order, main field (nT) and secular variation (nT per year).
    public typealias Coefficient = (n: Int, m: Int, g: Double, h: Double, gDot: Double, hDot: Double)

    public let name: String
    /// The decimal year the main-field coefficients refer to.
    public let epoch: Double
    public let degree: Int
    /// The model is valid from `epoch` for this many years.
    public let validYears: Double
    // Indexed [n][m]; Schmidt-normalised as published.
    let g: [[Double]], h: [[Double]], gDot: [[Double]], hDot: [[Double]]

    /// The geomagnetic reference radius in kilometres.
    static let referenceRadiusKm = 6371.2
    /// WGS84 semi-major axis (km) and flattening.
    static let wgs84A = 6378.137
    static let wgs84F = 1 / 298.257223563

    public init(name: String, epoch: Double, degree: Int, validYears: Double = 5, coefficients: [Coefficient]) {
        self.name = name
        self.epoch = epoch
        self.degree = degree
        self.validYears = validYears
        var g = Array(repeating: Array(repeating: 0.0, count: degree + 1), count: degree + 1)
        var h = g
        var gd = g
        var hd = g
        for c in coefficients where c.n <= degree && c.m <= c.n {
            g[c.n][c.m] = c.g
            h[c.n][c.m] = c.h
            gd[c.n][c.m] = c.gDot
            hd[c.n][c.m] = c.hDot
        }
        self.g = g
        self.h = h
        self.gDot = gd
        self.hDot = hd
    }

    /// The field at a geodetic position, `altitudeKilometres` above the WGS84 ellipsoid, at `decimalYear`.
    ///
    /// Never fails: dates outside the model's validity and places near the magnetic poles give a value with
    /// `warnings` set, so the caller decides whether to trust it. The coordinate must be valid
    /// (`GeoCoordinate.isValid`); a non-finite one gives non-finite components.
    public func field(at coordinate: GeoCoordinate, altitudeKilometres: Double = 0, decimalYear: Double)
        -> MagneticField
    {
        // The geographic poles make the east component 0/0; a micro-degree step away changes nothing measurable.
        let lat = max(-90 + 1e-6, min(90 - 1e-6, coordinate.latitude))
        let phi = lat * .pi / 180
        let lambda = coordinate.longitude * .pi / 180
        let e2 = MagneticModel.wgs84F * (2 - MagneticModel.wgs84F)
        let sinPhi = sin(phi)
        let cosPhi = cos(phi)
        let rc = MagneticModel.wgs84A / (1 - e2 * sinPhi * sinPhi).squareRoot()
        let p = (rc + altitudeKilometres) * cosPhi
        let z = (rc * (1 - e2) + altitudeKilometres) * sinPhi
        let r = (p * p + z * z).squareRoot()
        let phiC = asin(z / r)

        let dt = decimalYear - epoch
        // Colatitude θ: cos θ = sin φ', sin θ = cos φ'.
        let ct = sin(phiC)
        let st = cos(phiC)
        let (pnm, dpnm) = MagneticModel.schmidtLegendre(degree: degree, cosTheta: ct, sinTheta: st)

        var north = 0.0
        var east = 0.0
        var down = 0.0
        var northDot = 0.0
        var eastDot = 0.0
        var downDot = 0.0
        let ratio = MagneticModel.referenceRadiusKm / r
        var ar = ratio * ratio  // (a/r)^(n+2) for n = 0
        for n in 1...degree {
            ar *= ratio
            for m in 0...n {
                let cm = cos(Double(m) * lambda)
                let sm = sin(Double(m) * lambda)
                let gnm = g[n][m] + dt * gDot[n][m]
                let hnm = h[n][m] + dt * hDot[n][m]
                let a = gnm * cm + hnm * sm
                let b = gnm * sm - hnm * cm
                let aDot = gDot[n][m] * cm + hDot[n][m] * sm
                let bDot = gDot[n][m] * sm - hDot[n][m] * cm
                // North is −B_θ = (1/r)∂V/∂θ; east −(1/(r sinθ))∂V/∂λ; down −B_r = ∂V/∂r.
                north += ar * a * dpnm[n][m]
                east += ar * Double(m) * b * pnm[n][m]
                down -= Double(n + 1) * ar * a * pnm[n][m]
                northDot += ar * aDot * dpnm[n][m]
                eastDot += ar * Double(m) * bDot * pnm[n][m]
                downDot -= Double(n + 1) * ar * aDot * pnm[n][m]
            }
        }
        east /= st
        eastDot /= st
        // Rotate from geocentric to geodetic north-down.
        let psi = phiC - phi
        let cp = cos(psi)
        let sp = sin(psi)
        let x = north * cp - down * sp
        let zz = north * sp + down * cp
        let xDot = northDot * cp - downDot * sp
        let zDot = northDot * sp + downDot * cp
        var warnings: [MagneticModelWarning] = []
        if decimalYear < epoch || decimalYear > epoch + validYears {
            warnings.append(
                .dateOutsideValidity(decimalYear: decimalYear, validFrom: epoch, validUntil: epoch + validYears))
        }
        var result = MagneticField(
            northNanotesla: x, eastNanotesla: east, downNanotesla: zz,
            northRateNanoteslaPerYear: xDot, eastRateNanoteslaPerYear: eastDot, downRateNanoteslaPerYear: zDot)
        if let pole = MagneticModelWarning.forHorizontalIntensity(result.horizontalNanotesla) { warnings.append(pole) }
        result.warnings = warnings
        return result
    }

    /// Schmidt semi-normalised P_n^m(cos θ) and dP_n^m/dθ, by the Gauss-normalised recursion then the Schmidt
    /// factors (the classic geomag.c scheme, stable to degree 12).
    static func schmidtLegendre(degree: Int, cosTheta ct: Double, sinTheta st: Double) -> ([[Double]], [[Double]]) {
        let size = degree + 1
        var p = Array(repeating: Array(repeating: 0.0, count: size), count: size)
        var dp = p
        p[0][0] = 1
        for n in 1...degree {
            for m in 0...n {
                if n == m {
                    p[n][n] = st * p[n - 1][n - 1]
                    dp[n][n] = st * dp[n - 1][n - 1] + ct * p[n - 1][n - 1]
                } else if n == 1 {
                    p[1][0] = ct
                    dp[1][0] = -st
                } else {
                    let k = (Double((n - 1) * (n - 1)) - Double(m * m)) / Double((2 * n - 1) * (2 * n - 3))
                    let p2 = m <= n - 2 ? p[n - 2][m] : 0
                    let dp2 = m <= n - 2 ? dp[n - 2][m] : 0
                    p[n][m] = ct * p[n - 1][m] - k * p2
                    dp[n][m] = ct * dp[n - 1][m] - st * p[n - 1][m] - k * dp2
                }
            }
        }
        // Schmidt factors S_{n,m}; with them the Gauss-normalised functions match the published coefficients.
        var s = Array(repeating: Array(repeating: 0.0, count: size), count: size)
        s[0][0] = 1
        for n in 1...degree {
            s[n][0] = s[n - 1][0] * Double(2 * n - 1) / Double(n)
            for m in 1...n {
                let j = m == 1 ? 2.0 : 1.0
                s[n][m] = s[n][m - 1] * (Double(n - m + 1) * j / Double(n + m)).squareRoot()
            }
        }
        for n in 0...degree {
            for m in 0...n {
                p[n][m] *= s[n][m]
                dp[n][m] *= s[n][m]
            }
        }
        return (p, dp)
    }
}
