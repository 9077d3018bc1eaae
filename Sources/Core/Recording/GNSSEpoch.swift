/// What the sentences of one reporting cycle said, gathered until a sentence with another time begins the next.
///
/// Validity follows one rule: only a sentence that carries the epoch's time may say "fix" or "no fix"; an untimed
/// `$GPGGA,,,,,,0` or `$GPRMC,,V` (a receiver's leftover from its last cycle) never turns a good fix into none.
struct GNSSEpoch {
    /// Seconds since UTC midnight.
    var timeOfDay: Double
    /// UTC seconds at the epoch's midnight, from an RMC, ZDA or gpsd report of this epoch (or carried over).
    var date: Double?
    /// nil until a timed position sentence speaks; true once any says it has a fix.
    var valid: Bool?
    var coordinate: GeoCoordinate?
    var altitudeMetres: Double?
    var speedMetresPerSecond: Double?
    var courseDegrees: Double?
    var hdop: Double?
    /// The best mode a GSA reported (1, 2 or 3).
    var gsaMode: Int?
    /// Satellites used, as (constellation, PRN), gathered over every GSA of the epoch: multi-constellation
    /// receivers send one GSA per system, and some repeat one.
    var usedSatellites = Set<Int>()
    /// The satellites-in-use count of a GGA/GNS, for receivers that send no GSA.
    var positionSentenceUsed: Int?
    /// Satellites in view per talker (GSV's total).
    var seenByTalker: [Substring: Int] = [:]
    var status: FixStatus?
    /// A gpsd TPV's own mode and error estimates, when the epoch came from gpsd JSON.
    var reportedMode: FixMode?
    var horizontalErrorMetres: Double?
    var verticalErrorMetres: Double?
    var speedErrorMetresPerSecond: Double?
    var courseErrorDegrees: Double?
    /// A gpsd SKY's counts, which win over counting sentences.
    var skySeen: Int?
    var skyUsed: Int?
    var headings: [HeadingReport] = []

    init(timeOfDay: Double) { self.timeOfDay = timeOfDay }

    /// Takes one timed position sentence's word on the fix; the last position of the epoch is kept, as gpsd
    /// reports it (an RMC after a GGA may round it to 1e-4 minutes, 0.19 m).
    mutating func position(valid: Bool, coordinate: GeoCoordinate?) {
        guard valid, let coordinate else {
            if self.valid == nil { self.valid = false }
            return
        }
        self.valid = true
        self.coordinate = coordinate
    }

    var fixMode: FixMode {
        guard valid == true, coordinate != nil else { return .noFix }
        if let reportedMode { return max(reportedMode, .twoD) }
        switch gsaMode {
        case 3: return .threeD
        case 2: return .twoD
        // No GSA (or a GSA that says "no fix" without a time): a GGA altitude makes it 3D, as gpsd decides.
        default: return altitudeMetres != nil ? .threeD : .twoD
        }
    }

    /// The epoch's events: its fix, its satellite counts, and its compass reports spread over `intervalSeconds`
    /// so several HDG a second keep distinct, increasing times.
    func events(at time: Timestamp, intervalSeconds: Double) -> [SensorEvent] {
        let mode = fixMode
        var fix = GPSFix(
            time: time, mode: mode, utcSeconds: date.map { $0 + timeOfDay },
            coordinate: mode >= .twoD ? coordinate : nil, altitudeMetres: mode == .threeD ? altitudeMetres : nil,
            speedMetresPerSecond: mode >= .twoD ? speedMetresPerSecond : nil,
            courseDegrees: mode >= .twoD ? courseDegrees : nil)
        if mode >= .twoD {
            fix.horizontalErrorMetres = horizontalErrorMetres ?? hdop.map { $0 * 5 }
            fix.verticalErrorMetres = mode == .threeD ? verticalErrorMetres : nil
            fix.speedErrorMetresPerSecond = fix.speedMetresPerSecond == nil ? nil : speedErrorMetresPerSecond
            fix.courseErrorDegrees = fix.courseDegrees == nil ? nil : courseErrorDegrees
            fix.status = status ?? .gps
        }
        var out: [SensorEvent] = [.gpsFix(fix)]
        let used = skyUsed ?? (usedSatellites.isEmpty ? positionSentenceUsed : usedSatellites.count)
        if let used {
            let seen = skySeen ?? seenByTalker.values.reduce(0, +)
            out.append(.gpsSky(GPSSky(time: time, satellitesSeen: max(seen, used), satellitesUsed: used)))
        }
        let spacing = headings.isEmpty ? 0 : max(0, intervalSeconds) / Double(headings.count)
        for (k, h) in headings.enumerated() {
            out.append(.compassHeading(time.adding(seconds: spacing * Double(k)), h))
        }
        return out
    }
}
