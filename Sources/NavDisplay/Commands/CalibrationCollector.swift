import Core
import Platform

/// One calibration session as `navdisplay calibrate` runs it, live or from a recording: takes magnetometer
/// events, shows progress frames at a steady pace of the readings' own time, and at the end fits, saves and shows
/// the result. Time comes only from the events, so a recording gives the same frames at any speed.
final class CalibrationCollector {
    private(set) var session: CalibrationSession
    let source: String
    let durationSeconds: Double?
    /// Seconds of reading time between progress frames.
    let framePeriod: Double
    private let display: (any Display)?
    private let view: CalibrationView?
    private let canvas: Canvas?
    private(set) var start: Timestamp?
    private(set) var latest: Timestamp?
    private var lastFrame: Timestamp?
    private var newest: Vector3?
    private(set) var sourceProblem: String?
    private(set) var framesShown = 0

    init(
        session: CalibrationSession, source: String, durationSeconds: Double?, framePeriod: Double, display: (any Display)?,
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
    var elapsedSeconds: Double {
        guard let start, let latest else { return 0 }
        return latest.seconds(since: start)
    }

    /// The widest spread of the readings along one axis, µT. Turning through every direction spreads them by
    /// about twice Earth's field (44 µT or more anywhere), whatever the hard iron.
    var spreadMicrotesla: Double {
        guard let first = session.samples.first else { return 0 }
        var low = first, high = first
        for s in session.samples {
            low = Vector3(x: min(low.x, s.x), y: min(low.y, s.y), z: min(low.z, s.z))
            high = Vector3(x: max(high.x, s.x), y: max(high.y, s.y), z: max(high.z, s.z))
        }
        let d = high - low
        return max(d.x, d.y, d.z)
    }

    /// Below this spread the device has hardly turned: a fit through such readings is meaningless, and its own
    /// complaint (an implausible field, say) would send the user after the wrong problem.
    static let minimumSpreadMicrotesla = 20.0

    private var barelyTurnedReason: String {
        "the field changed by only \(formatFixed(spreadMicrotesla, digits: 1)) µT (a full turn changes it by 40 µT or more): "
            + "turn the device slowly through a full circle, tilting it nose up, nose down and to both sides"
    }

    /// True once the duration is used up.
    var isOutOfTime: Bool { durationSeconds.map { elapsedSeconds >= $0 } ?? false }

    /// Moves the session's clock to `now` without a reading (live runs: a silent or lost sensor still lets the
    /// time run out and the screen refresh). The first call, or the first reading, starts the clock.
    func advance(to now: Timestamp) {
        if start == nil { start = now }
        if latest.map({ now > $0 }) ?? true { latest = now }
    }

    /// Takes the magnetometer readings and magnetometer status changes among `events`.
    func apply(_ events: [SensorEvent]) {
        for event in events {
            switch event {
            case .magnetometer(let sample):
                advance(to: sample.time)
                session.add(sample)
                newest = session.mount * sample.microtesla
            case .sourceStatus(_, let status) where status.source == .magnetometer:
                sourceProblem = status.available ? nil : "Magnetometer: \(status.detail)"
            default:
                break
            }
        }
    }

    /// Draws and shows a progress frame when one is due (every `framePeriod` seconds of readings).
    func showProgressIfDue() throws {
        guard display != nil, let latest else { return }
        if let last = lastFrame, latest.seconds(since: last) < framePeriod { return }
        lastFrame = latest
        try present(screen(phase: .collecting))
    }

    /// The screen for `phase` from the readings so far (one fit for the coverage map, one in `progress`).
    func screen(phase: CalibrationScreen.Phase) -> CalibrationScreen {
        let outcome = EllipsoidFit.fit(session.samples)
        // The fit's directions only once it is worth trusting: a fit through barely-turned readings scatters them
        // all over the sphere and would paint the disc full.
        let spread = spreadMicrotesla
        let calibration = outcome.flatMap { o in
            spread >= Self.minimumSpreadMicrotesla && session.requirements.plausibleFieldMicrotesla.contains(o.calibration.fieldRadiusMicrotesla)
                ? o.calibration : nil
        }
        var progress = session.progress
        if !progress.isReady && !session.samples.isEmpty && spread < Self.minimumSpreadMicrotesla {
            progress.hint = barelyTurnedReason
        }
        var current: Vector3?
        if let v = newest, !session.samples.isEmpty {
            let mean = session.samples.reduce(Vector3.zero, +) * (1 / Double(session.samples.count))
            current = CalibrationCoverageMap.direction(of: v, calibration: calibration, mean: mean)
        }
        return CalibrationScreen(
            phase: phase, progress: progress,
            coverage: CalibrationCoverageMap(samples: session.samples, calibration: calibration), currentDirection: current,
            requirements: session.requirements, elapsedSeconds: elapsedSeconds, durationSeconds: durationSeconds, source: source,
            sourceProblem: sourceProblem)
    }

    /// Fits the readings; saves and shows an accepted calibration, or shows the refusal and throws it.
    func finish(savingTo path: String) throws -> MagnetometerCalibration {
        let calibration: MagnetometerCalibration
        do {
            calibration = try session.finish()
        } catch let error as CalibrationError {
            var reason = error.description
            var quality = EllipsoidFit.fit(session.samples)?.quality
            if case .tooFewSamples = error {} else if spreadMicrotesla < Self.minimumSpreadMicrotesla {
                reason = barelyTurnedReason
                quality = nil  // the figures of a meaningless fit would only contradict the reason
            }
            try present(screen(phase: .refused(reason: reason, quality: quality)))
            throw CalibrationRefused(reason: reason)
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
struct CalibrationRefused: Error, CustomStringConvertible {
    var reason: String
    var description: String { "calibration refused: \(reason); nothing saved (the previous calibration, if any, is unchanged)" }
}

/// One line of figures for a calibration or a refused fit.
func calibrationSummary(_ c: MagnetometerCalibration) -> String {
    func f(_ v: Double, _ d: Int) -> String { formatFixed(v, digits: d) }
    let h = c.hardIronMicrotesla
    var text = "hard iron \(f(h.x, 2)) \(f(h.y, 2)) \(f(h.z, 2)) µT, soft iron [" + c.softIron.rowMajor.map { f($0, 4) }.joined(separator: " ")
        + "], field \(f(c.fieldRadiusMicrotesla, 2)) µT"
    if let e = c.expectedFieldMicrotesla { text += " (WMM \(f(e, 2)) µT)" }
    if let q = c.quality { text += ", " + qualitySummary(q) }
    return text
}

func qualitySummary(_ q: CalibrationQuality) -> String {
    "residual \(formatFixed(q.residualPercent, digits: 2)) %, coverage \(Int((q.coverage * 100).rounded())) %, "
        + "\(q.sampleCount) samples, condition \(formatFixed(q.conditionNumber, digits: 0)), axis ratio \(formatFixed(q.axisRatio, digits: 3))"
}
