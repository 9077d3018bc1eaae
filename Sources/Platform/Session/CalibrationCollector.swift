import Core

/// One calibration session as `navdisplay calibrate` runs it, live or from a recording: takes magnetometer
/// events, shows progress frames at a steady pace of the readings' own time, and at the end fits, saves and shows
/// the result. Time comes only from the events, so a recording gives the same frames at any speed.
public final class CalibrationCollector {
    public private(set) var session: CalibrationSession
    public let source: String
    public let durationSeconds: Double?
    /// Seconds of reading time between progress frames.
    public let framePeriod: Double
    private let display: (any Display)?
    private let view: CalibrationView?
    private let canvas: Canvas?
    public private(set) var start: Timestamp?
    public private(set) var latest: Timestamp?
    private var lastFrame: Timestamp?
    private var newest: Vector3?
    public private(set) var sourceProblem: String?
    public private(set) var framesShown = 0

    public init(
        session: CalibrationSession, source: String, durationSeconds: Double?, framePeriod: Double,
        display: (any Display)?,
        fonts: FontSet?, theme: SceneTheme
    ) {
        self.session = session
        self.source = source
        self.durationSeconds = durationSeconds
        self.framePeriod = framePeriod
        self.display = display
        if let display, let fonts {
            view = CalibrationView(fonts: fonts, theme: theme)
            canvas = Canvas(width: display.width, height: display.height, background: theme.background)
        } else {
            view = nil
            canvas = nil
        }
    }

    /// Seconds of readings so far.
    public var elapsedSeconds: Double {
        guard let start, let latest else { return 0 }
        return latest.seconds(since: start)
    }

    /// True once the duration is used up.
    public var isOutOfTime: Bool { durationSeconds.map { elapsedSeconds >= $0 } ?? false }

    /// Moves the session's clock to `now` without a reading (live runs: a silent or lost sensor still lets the
    /// time run out and the screen refresh). The first call, or the first reading, starts the clock.
    public func advance(to now: Timestamp) {
        if start == nil { start = now }
        if latest.map({ now > $0 }) ?? true { latest = now }
    }

    /// Takes the magnetometer readings and magnetometer status changes among `events` (and, for a level fit, the
    /// accelerometer's readings).
    public func apply(_ events: [SensorEvent]) {
        for event in events {
            switch event {
            case .magnetometer(let sample):
                advance(to: sample.time)
                session.add(sample)
                newest = session.mount * sample.microtesla
            case .accelerometer(let sample) where session.kind == .level:
                // Only the level fit uses "down"; the time still comes from the magnetometer's readings.
                session.add(sample)
            case .sourceStatus(_, let status) where status.source == .magnetometer:
                sourceProblem = status.available ? nil : "Magnetometer: \(status.detail)"
            default:
                break
            }
        }
    }

    /// Draws and shows a progress frame when one is due (every `framePeriod` seconds of readings).
    public func showProgressIfDue() throws {
        guard display != nil, let latest else { return }
        if let last = lastFrame, latest.seconds(since: last) < framePeriod { return }
        lastFrame = latest
        try present(screen(phase: .collecting))
    }

    /// The screen for `phase` from the readings so far (one fit for the progress and the coverage map).
    public func screen(phase: CalibrationScreen.Phase) -> CalibrationScreen {
        // The fit judges directions only once the session trusts it (the readings moved enough and the fitted
        // field is Earth's): a fit through barely-turned readings scatters them everywhere and would fill the map.
        let (progress, calibration) = session.snapshot()
        var current: Vector3?
        var coverage = CalibrationCoverageMap()
        var circle: CalibrationCircleMap?
        let mean =
            session.samples.isEmpty
            ? Vector3.zero : session.samples.reduce(Vector3.zero, +) * (1 / Double(session.samples.count))
        switch session.kind {
        case .ellipsoid:
            coverage = CalibrationCoverageMap(samples: session.samples, calibration: calibration)
            if let v = newest, !session.samples.isEmpty {
                current = CalibrationCoverageMap.direction(of: v, calibration: calibration, mean: mean)
            }
        case .level:
            circle = CalibrationCircleMap(samples: session.samples, calibration: calibration, down: session.down)
            if let v = newest, !session.samples.isEmpty,
                let h = CalibrationCircleMap.direction(of: v, calibration: calibration, mean: mean, down: session.down)
            {
                current = Vector3(x: h.x, y: h.y, z: 0)
            }
        }
        return CalibrationScreen(
            phase: phase, progress: progress, coverage: coverage, currentDirection: current,
            requirements: session.requirements, elapsedSeconds: elapsedSeconds, durationSeconds: durationSeconds,
            source: source,
            sourceProblem: sourceProblem, circle: circle)
    }

    /// The quality figures of the fit through the readings so far (nil when there is none).
    public var fitQuality: CalibrationQuality? {
        switch session.kind {
        case .ellipsoid: return EllipsoidFit.fit(session.samples)?.quality
        case .level: return LevelFit.fit(session.samples, down: session.down, modelField: session.modelField)?.quality
        }
    }

    /// Fits the readings; saves and shows an accepted calibration, or shows the refusal and throws it.
    public func finish(savingTo path: String) throws -> MagnetometerCalibration {
        let calibration: MagnetometerCalibration
        do {
            calibration = try session.finish()
        } catch let error as CalibrationError {
            // The figures of a fit through readings refused for their own sake would only contradict the reason.
            let quality = error.isFoundBeforeTheFit ? nil : fitQuality
            try present(screen(phase: .refused(reason: error.description, quality: quality)))
            throw CalibrationRefused(reason: error.description, isFoundBeforeTheFit: error.isFoundBeforeTheFit)
        }
        do {
            try CalibrationFile.save(calibration, to: path)
        } catch {
            try present(screen(phase: .refused(reason: "cannot save: \(error)", quality: calibration.quality)))
            throw error
        }
        try present(screen(phase: .accepted(calibration, savedTo: path)))
        return calibration
    }

    private func present(_ screen: CalibrationScreen) throws {
        guard let display, let view, let canvas else { return }
        try display.present(view.render(screen, on: canvas))
        framesShown += 1
    }
}

/// A calibration the fit would not accept: exit status 1 with the reason.
public struct CalibrationRefused: Error, CustomStringConvertible {
    public var reason: String
    /// The readings themselves were refused (unit, number, spread, tilt), before any fit's figures meant anything.
    public var isFoundBeforeTheFit: Bool
    public var description: String {
        "calibration refused: \(reason); nothing saved (the previous calibration, if any, is unchanged)"
    }
}

/// One line of figures for a calibration or a refused fit.
public func calibrationSummary(_ c: MagnetometerCalibration) -> String {
    func f(_ v: Double, _ d: Int) -> String { formatFixed(v, digits: d) }
    let h = c.hardIronMicrotesla
    var text =
        "hard iron \(f(h.x, 2)) \(f(h.y, 2)) \(f(h.z, 2)) µT, soft iron ["
        + c.softIron.rowMajor.map { f($0, 4) }.joined(separator: " ")
        + "], field \(f(c.fieldRadiusMicrotesla, 2)) µT"
    if let e = c.expectedFieldMicrotesla { text += " (WMM \(f(e, 2)) µT)" }
    if case .level(let fromModel) = c.fit {
        text += ", level fit (vertical hard iron " + (fromModel ? "from WMM's dip)" : "not observed)")
    }
    if let q = c.quality { text += ", " + qualitySummary(q) }
    return text
}

public func qualitySummary(_ q: CalibrationQuality) -> String {
    "residual \(formatFixed(q.residualPercent, digits: 2)) %, coverage \(Int((q.coverage * 100).rounded())) %, "
        + "\(q.sampleCount) samples, condition \(formatFixed(q.conditionNumber, digits: 0)), axis ratio \(formatFixed(q.axisRatio, digits: 3))"
}
