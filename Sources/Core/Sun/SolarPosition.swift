/// Where the sun stands for an observer: NREL's Solar Position Algorithm (Reda & Andreas 2004, "Solar position
/// algorithm for solar radiation applications", NREL/TP-560-34302), good to ±0.0003° over the years −2000 to 6000.
///
/// Pure arithmetic: the caller passes the time (UTC seconds since 1970, from the GPS fix) and the place, so a
/// replayed ride computes the same sun as the live one did.
public struct SolarPosition: Hashable, Sendable {
    /// The topocentric zenith angle in degrees, refraction included (0 overhead, 90 on the horizon).
    public var zenithDegrees: Double
    /// The topocentric azimuth in degrees clockwise from north (the navigators' convention: 180 is south).
    public var azimuthDegrees: Double
    /// The apparent elevation above the horizon in degrees, refraction included (90 − zenith).
    public var elevationDegrees: Double { 90 - zenithDegrees }
    /// The elevation without atmospheric refraction, in degrees.
    public var geometricElevationDegrees: Double

    /// The observer and the air the light passes through.
    public struct Observer: Hashable, Sendable {
        public var coordinate: GeoCoordinate
        /// Height above the ellipsoid (or sea level; the difference is negligible here) in metres.
        public var elevationMetres: Double
        /// Annual mean local pressure in millibars (hPa); 1013.25 at sea level.
        public var pressureMillibars: Double
        /// Annual mean local temperature in °C.
        public var temperatureCelsius: Double

        public init(
            coordinate: GeoCoordinate, elevationMetres: Double = 0, pressureMillibars: Double = 1013.25,
            temperatureCelsius: Double = 12
        ) {
            self.coordinate = coordinate
            self.elevationMetres = elevationMetres
            self.pressureMillibars = pressureMillibars
            self.temperatureCelsius = temperatureCelsius
        }
    }

    /// ΔT = TT − UT1 in seconds for the years around now (69.2 s in 2024 by IERS Bulletin A; it drifts by well
    /// under a second a year, and one second of ΔT moves the sun by about 0.004°).
    public static let defaultDeltaTSeconds = 69.0

    /// The sun's position at `utcSeconds` (seconds since 1970-01-01 00:00 UTC) for `observer`.
    ///
    /// - Parameters:
    ///   - deltaTSeconds: TT − UT1 in seconds.
    ///   - refractionAtSunriseDegrees: the refraction assumed at sunrise and sunset (0.5667°, as SPA and pvlib).
    /// - Returns: nil when an input is not finite or the coordinate is not valid.
    public static func at(
        utcSeconds: Double, observer: Observer, deltaTSeconds: Double = defaultDeltaTSeconds,
        refractionAtSunriseDegrees: Double = 0.5667
    ) -> SolarPosition? {
        guard utcSeconds.isFinite, deltaTSeconds.isFinite, observer.coordinate.isValid,
            observer.elevationMetres.isFinite, observer.pressureMillibars.isFinite,
            observer.temperatureCelsius.isFinite, observer.temperatureCelsius > -273
        else { return nil }
        let latitude = observer.coordinate.latitude
        let longitude = observer.coordinate.longitude

        // 3.1: Julian day, ephemeris day, centuries and millennium.
        let jd = utcSeconds / 86_400 + 2_440_587.5
        let jde = jd + deltaTSeconds / 86_400
        let jc = (jd - 2_451_545) / 36_525
        let jce = (jde - 2_451_545) / 36_525
        let jme = jce / 10

        // 3.2: Earth's heliocentric longitude, latitude and radius vector.
        let l = normalisedDegrees(degrees(series([T.l0, T.l1, T.l2, T.l3, T.l4, T.l5], jme)))
        let b = degrees(series([T.b0, T.b1], jme))
        let r = series([T.r0, T.r1, T.r2, T.r3, T.r4], jme)

        // 3.3: geocentric longitude and latitude.
        let theta = normalisedDegrees(l + 180)
        let beta = -b

        // 3.4: nutation in longitude and obliquity.
        let (deltaPsi, deltaEpsilon) = nutation(jce: jce)

        // 3.5–3.7: the true obliquity of the ecliptic, aberration, apparent sun longitude.
        let u = jme / 10
        var epsilon0 = 84_381.448 - 4_680.93 * u - 1.55 * u * u
        epsilon0 += pow(u, 3) * 1_999.25 - pow(u, 4) * 51.38 - pow(u, 5) * 249.67 - pow(u, 6) * 39.05
        epsilon0 += pow(u, 7) * 7.12 + pow(u, 8) * 27.87 + pow(u, 9) * 5.79 + pow(u, 10) * 2.45
        let epsilon = epsilon0 / 3_600 + deltaEpsilon
        let deltaTau = -20.4898 / (3_600 * r)
        let lambda = theta + deltaPsi + deltaTau

        // 3.8: apparent sidereal time at Greenwich.
        let nu0 = normalisedDegrees(
            280.460_618_37 + 360.985_647_366_29 * (jd - 2_451_545) + 0.000_387_933 * jc * jc - pow(jc, 3) / 38_710_000)
        let nu = nu0 + deltaPsi * cos(radians(epsilon))

        // 3.9–3.10: geocentric right ascension and declination.
        let lambdaR = radians(lambda)
        let epsilonR = radians(epsilon)
        let betaR = radians(beta)
        let alpha = normalisedDegrees(
            degrees(atan2(sin(lambdaR) * cos(epsilonR) - tan(betaR) * sin(epsilonR), cos(lambdaR))))
        let delta = degrees(asin(sin(betaR) * cos(epsilonR) + cos(betaR) * sin(epsilonR) * sin(lambdaR)))

        // 3.11: observer local hour angle.
        let h = normalisedDegrees(nu + longitude - alpha)

        // 3.12: topocentric right ascension and declination (parallax).
        let xi = radians(8.794 / (3_600 * r))
        let latR = radians(latitude)
        let uTerm = atan(0.996_647_19 * tan(latR))
        let x = cos(uTerm) + observer.elevationMetres / 6_378_140 * cos(latR)
        let y = 0.996_647_19 * sin(uTerm) + observer.elevationMetres / 6_378_140 * sin(latR)
        let hR = radians(h)
        let deltaR = radians(delta)
        let deltaAlpha = atan2(-x * sin(xi) * sin(hR), cos(deltaR) - x * sin(xi) * cos(hR))
        let deltaPrime = atan2(
            (sin(deltaR) - y * sin(xi)) * cos(deltaAlpha), cos(deltaR) - x * sin(xi) * cos(hR))

        // 3.13: topocentric local hour angle.
        let hPrime = hR - deltaAlpha

        // 3.14: topocentric elevation, refraction, zenith.
        let e0 = degrees(asin(sin(latR) * sin(deltaPrime) + cos(latR) * cos(deltaPrime) * cos(hPrime)))
        var deltaE = 0.0
        if e0 >= -(0.266_67 + refractionAtSunriseDegrees) {
            deltaE =
                (observer.pressureMillibars / 1_010) * (283 / (273 + observer.temperatureCelsius))
                * 1.02 / (60 * tan(radians(e0 + 10.3 / (e0 + 5.11))))
        }
        let e = e0 + deltaE

        // 3.15: topocentric azimuth, measured from north eastwards.
        let gamma = degrees(atan2(sin(hPrime), cos(hPrime) * sin(latR) - tan(deltaPrime) * cos(latR)))
        let azimuth = normalisedDegrees(gamma + 180)
        return SolarPosition(zenithDegrees: 90 - e, azimuthDegrees: azimuth, geometricElevationDegrees: e0)
    }

    private typealias T = SolarPositionTables

    /// Σ over the tables of (Σ A·cos(B + C·x)) · x^i / 10^8, as SPA's equations 9–11.
    private static func series(_ tables: [[(Double, Double, Double)]], _ x: Double) -> Double {
        var total = 0.0
        var power = 1.0
        for table in tables {
            var sum = 0.0
            for (a, b, c) in table { sum += a * cos(b + c * x) }
            total += sum * power
            power *= x
        }
        return total / 1e8
    }

    /// Nutation in longitude and obliquity, in degrees (SPA 3.4).
    private static func nutation(jce: Double) -> (Double, Double) {
        let j2 = jce * jce
        let j3 = j2 * jce
        let x0 = 297.850_36 + 445_267.111_480 * jce - 0.001_914_2 * j2 + j3 / 189_474
        let x1 = 357.527_72 + 35_999.050_340 * jce - 0.000_160_3 * j2 - j3 / 300_000
        let x2 = 134.962_98 + 477_198.867_398 * jce + 0.008_697_2 * j2 + j3 / 56_250
        let x3 = 93.271_91 + 483_202.017_538 * jce - 0.003_682_5 * j2 + j3 / 327_270
        let x4 = 125.044_52 - 1_934.136_261 * jce + 0.002_070_8 * j2 + j3 / 450_000
        var psi = 0.0
        var eps = 0.0
        for row in T.nutation {
            let arg = radians(row.y.0 * x0 + row.y.1 * x1 + row.y.2 * x2 + row.y.3 * x3 + row.y.4 * x4)
            psi += (row.abcd.0 + row.abcd.1 * jce) * sin(arg)
            eps += (row.abcd.2 + row.abcd.3 * jce) * cos(arg)
        }
        return (psi / 36_000_000, eps / 36_000_000)
    }

    private static func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
    private static func degrees(_ radians: Double) -> Double { radians * 180 / .pi }
    private static func normalisedDegrees(_ d: Double) -> Double {
        let r = d.truncatingRemainder(dividingBy: 360)
        return r < 0 ? r + 360 : r
    }
}
