import Core
import FoundationEssentials
import Platform

/// `navdisplay calibrate`: the user turns the device through every direction while the screen shows which
/// directions are covered, the sample count and the fit's residual; an ellipsoid fit then gives the hard- and
/// soft-iron correction, which is saved atomically for `run` to load, or refused with the reason. With --level, a
/// unit fixed to a vehicle circles flat instead and a level (2D) fit gives the horizontal correction.
struct CalibrateCommand: Command {
    static let name = "calibrate"
    static let summary = "calibrate the magnetometer (hard and soft iron) by turning the device"
    static let about = """
        USAGE: navdisplay calibrate [options]

        Turn the device slowly through a full circle, tilting it nose up, nose down and over both sides, until
        the disc on the screen is filled in (riding a slow circle with the unit level is not enough: the fit needs
        the unit tilted too, and says so). The readings are fitted with an ellipsoid: the hard-iron offset and
        soft-iron matrix are saved atomically, with their quality figures, for `navdisplay run` to load at start.
        A poor fit (too few readings, too little of the sphere covered, a large residual, an implausible field) is
        refused with the reason and exit status 1; the old calibration is then left as it was. Live runs stop
        early once the fit is accepted and covers at least 80 % of directions; SIGINT or SIGTERM aborts without
        saving.

        A unit fixed to a vehicle cannot be tumbled: use --level --at LAT,LON and drive a slow full circle one
        way, then one the other way (a bike: walk it round, upright), until the ring on the screen is filled in;
        a live run stops as soon as the fit is accepted. Circling both ways cancels the lean a turn gives the
        accelerometer's "down". The level fit corrects the horizontal hard and soft iron; the vertical hard iron
        cannot be seen from a flat circle, so it is set from WMM's dip at --at (or at a recording's place). The
        heading is then as good as after a 3D calibration while the unit is level, and less good as it tilts. The
        fit is never chosen for you: flat readings without --level are refused (the 3D fit cannot pin them down,
        and the reason names --level), so a tumble that was not tilted enough is never saved as a weaker level
        fit unasked; tumbled readings with --level are refused too.

        The live sensors are read as `run` reads them: --board-orientation must be the one `run` is given, as
        the correction is fitted in the body frame (a recording's readings are in it already). With --level,
        --accel-device names the accelerometer that says which way is down (default: the first found; without
        one the unit is assumed level, body z down).
        """

    /// The sensor options calibrate takes: which devices, and how the board is mounted.
    static let sensorFlags: Set<String> = ["--mag-device", "--accel-device", "--board-orientation"]

    static let options: [OptionSpec<CalibrateCommand>] =
        [
            .text(
                "--from", "FILE", what: "a recording file", completion: .file, example: "ride.navrec",
                help: "calibrate from a recording (any kind `replay` reads) instead of the live sensor;\n"
                    + "without --display nothing is drawn"
            ) { c, path in c.from = path },
            .text(
                "--out", "FILE", what: "a file name", completion: .file, example: "calibration.txt",
                help: "where to save (default $\(CalibrationFile.environmentVariable), else\n"
                    + "\(CalibrationFile.defaultPath))"
            ) { c, path in c.out = path },
            .flag("--level", help: "a level (2D) fit for a unit that can only turn flat (see above)") { c in
                c.level = true
            },
            .number(
                "--duration", "SECONDS", in: 5...600, what: "seconds from 5 to 600", example: "60",
                help: "the longest to collect, 5 to 600 seconds (default 90 live, 180 with --level;\n"
                    + "the whole recording)"
            ) { c, seconds in c.duration = seconds },
            .integer(
                "--min-samples", "N", in: 20...3000, what: "a whole number from 20 to 3000", example: "100",
                help: "distinct readings the fit needs, 20 to 3000 (default 150; 60 with --level)"
            ) { c, n in c.minSamples = n },
        ] + SensorOptions.options(in: \.sensors, only: sensorFlags) + [
            .sampleRate(\.sampleRate, help: "how often the magnetometer is read, 0.5 to 200 (default 25)"),
            .place(
                help: "where you are, so WMM's field strength is saved for the disturbance check\n"
                    + "(a recording's own place is used when it has one); needed by --level"
            ) { c, coordinate, _ in c.place = coordinate },
            .size(\.size, help: "frame size for --display png (default 800x480)"),
            .style(\.style, help: "colours (default day)"),
        ] + DisplayOptions.options(in: \.display)

    var from: String?
    var out = Environment.value(CalibrationFile.environmentVariable) ?? CalibrationFile.defaultPath
    var duration: Double?
    var minSamples: Int?
    var level = false
    var sensors = SensorOptions()
    var sampleRate = 25.0
    var place: GeoCoordinate?
    var size = (width: 800, height: 480)
    var style = StyleName.day
    var display = DisplayOptions()
    /// Whether a display option was given: a calibration from a file draws only then.
    var displayChosen = false

    init(arguments: [String]) throws {
        let given = try parseOptions(arguments)
        displayChosen = !given.isDisjoint(with: DisplayOptions.screenFlags)
        if out.isEmpty || out.hasSuffix("/") {
            throw UsageError("navdisplay calibrate: --out expects a file name, got \"\(out)\"")
        }
        // A recording's readings are in the body frame already; the device and mounting options are the live
        // sensor's.
        for flag in Self.sensorFlags.sorted() where from != nil && given.contains(flag) {
            throw UsageError("navdisplay calibrate: \(flag) applies to the live sensor, not to --from FILE")
        }
        if level && from == nil && place == nil {
            throw UsageError(
                "navdisplay calibrate: --level needs --at LAT,LON (the vertical hard iron is set from WMM's dip there)")
        }
        if sensors.accelDevice != nil && !level {
            throw UsageError(
                "navdisplay calibrate: --accel-device needs --level (only the level fit uses the accelerometer)")
        }
    }

    func run() throws -> Int32 {
        var requirements = level ? EllipsoidFit.Requirements.level : EllipsoidFit.Requirements()
        if let minSamples { requirements.minimumSamples = minSamples }
        if let from { return try calibrateFromRecording(from, requirements: requirements) }
        return try calibrateLive(requirements: requirements)
    }

    /// WMM's field at `place` on the given date.
    private func modelField(at place: GeoCoordinate?, utcSeconds: Double) -> MagneticField? {
        guard let place else { return nil }
        return MagneticModel.wmm2025.field(at: place, decimalYear: DecimalYear.from(utcSeconds: utcSeconds))
    }

    /// The session for the chosen fit.
    private func session(requirements: EllipsoidFit.Requirements, field: MagneticField?) -> CalibrationSession {
        level
            ? .level(requirements: requirements, modelField: field)
            : CalibrationSession(requirements: requirements, expectedFieldMicrotesla: field?.totalMicrotesla)
    }

    // MARK: - From a recording

    private func calibrateFromRecording(_ path: String, requirements: EllipsoidFit.Requirements) throws -> Int32 {
        let recording = try loadRecording(path)
        reportWarnings(recording.warnings, command: Self.name)
        let events = recording.events.filter {
            if case .magnetometer = $0 { return true }
            if case .accelerometer = $0 { return level }
            return false
        }
        guard events.contains(where: { if case .magnetometer = $0 { return true } else { return false } }) else {
            throw RecordingError("\(path): no magnetometer samples to calibrate from")
        }
        let where_ = place ?? recording.header.place
        if level && where_ == nil {
            throw RecordingError(
                "\(path) has no @place: give --at LAT,LON, as --level sets the vertical hard iron from WMM's dip there")
        }
        let utc = recording.header.startUTCSeconds ?? Date().timeIntervalSince1970
        let session = session(requirements: requirements, field: modelField(at: where_, utcSeconds: utc))
        let screen = displayChosen ? try openScreen() : nil
        defer { screen?.close() }
        let collector = CalibrationCollector(
            session: session, source: String(path.split(separator: "/").last ?? Substring(path)),
            durationSeconds: duration,
            framePeriod: 1, display: screen, fonts: screen == nil ? nil : try loadFonts(), theme: style.theme)
        // By the readings' own time, as fast as they go: only the duration ends it early.
        var configuration = SessionConfiguration(
            clock: .eventTime(start: events[0].time, pacing: nil), sources: [RecordingSource(events: events, speed: 1)],
            sinks: [CalibrationSink(collector: collector, liveRule: nil, report: { _ in })])
        configuration.handlesSignals = false
        _ = try Session(configuration).run()
        return try finish(collector)
    }

    // MARK: - Live

    private func calibrateLive(requirements: EllipsoidFit.Requirements) throws -> Int32 {
        TerminationSignals.block()
        let sensors = liveSensors()
        let magnetometer = sensors.magnetometer
        let startEvents = magnetometer.start(now: MonotonicClock.now())
        guard magnetometer.isAvailable == true, let device = magnetometer.activeDevice else {
            var why = "no magnetometer found"
            for case .sourceStatus(_, let s) in startEvents where !s.available { why = s.detail }
            throw RecordingError(
                "\(why) (check `navdisplay probe`, or name the device with --mag-device; --from FILE calibrates from a recording)"
            )
        }
        var accelEvents = sensors.accelerometer?.start(now: MonotonicClock.now()) ?? []
        if let accelerometer = sensors.accelerometer, accelerometer.isAvailable != true {
            if let accelDevice = self.sensors.accelDevice {
                var why = "accelerometer \(accelDevice) not found"
                for case .sourceStatus(_, let s) in accelEvents where !s.available { why = s.detail }
                throw RecordingError(
                    "\(why) (check `navdisplay probe`; without --accel-device the unit is assumed level)")
            }
            print("navdisplay calibrate: no accelerometer: the unit is assumed level (body z down)")
            accelEvents = []
        }
        let session = session(
            requirements: requirements, field: modelField(at: place, utcSeconds: Date().timeIntervalSince1970))
        let screen = try openScreen()
        defer { screen.close() }
        // A screen is refreshed five times a second; PNG files once a second, so a headless run leaves a readable sequence.
        let framePeriod = display.kind == .png ? 1.0 : 0.2
        let limit = duration ?? (level ? 180 : 90)
        let collector = CalibrationCollector(
            session: session, source: device, durationSeconds: limit, framePeriod: framePeriod, display: screen,
            fonts: try loadFonts(), theme: style.theme)
        collector.advance(to: MonotonicClock.now())
        collector.apply(startEvents)
        collector.apply(accelEvents)
        let what =
            level
            ? "circle slowly one way, then the other, keeping the unit level"
            : "turn the device slowly through every direction"
        let accel = sensors.accelerometer.flatMap { $0.activeDevice }.map { " and \($0)" } ?? ""
        print(
            "navdisplay calibrate: reading \(device)\(accel) at \(formatFixed(sampleRate, digits: 0)) Hz for up to \(Int(limit)) s; "
                + "\(what) (showing on \(screen.name))")
        let sink = CalibrationSink(collector: collector, liveRule: CalibrationStopRule(level: level)) {
            print("navdisplay calibrate: " + $0)
        }
        let result = try Session(SessionConfiguration(clock: .system, sources: [sensors], sinks: [sink])).run()
        if case .signal(let name) = result.stop {
            throw RecordingError("interrupted by \(name) after \(Int(collector.elapsedSeconds)) s; nothing saved")
        }
        defer { if display.kind != .png { holdResult(on: screen) } }
        return try finish(collector)
    }

    /// How long the result stays on a real screen: reading time for the person holding the unit.
    static let resultHoldSeconds = 5.0

    /// Leaves the result (accepted or refused) on a real screen for `resultHoldSeconds`. This is a display hold
    /// for a human to read, not a wait for anything to happen: it starts once the result frame is on the glass
    /// (`finishPendingFrames`, the page flip's event) and is a session whose stop conditions are that time,
    /// SIGINT or SIGTERM. PNG frames need no hold, so the tests (which use them) never wait.
    private func holdResult(on screen: any Display) {
        do {
            try screen.finishPendingFrames()
            _ = try Session(Self.resultHold(on: screen, clock: .system)).run()
        } catch {
            // The result is saved (or refused) and printed already; a screen that fails now only shortens the hold.
            print("navdisplay calibrate: the result could not be held on \(screen.name): \(error)")
        }
    }

    /// The hold's session: no sources, nothing drawn, stopped by `resultHoldSeconds` or SIGINT/SIGTERM.
    static func resultHold(on screen: any Display, clock: SessionConfiguration.Clock) -> SessionConfiguration {
        var hold = SessionConfiguration(clock: clock, sources: [], sinks: [DisplayHoldSink(display: screen)])
        hold.endsWithInput = false
        hold.stopAfterSeconds = resultHoldSeconds
        return hold
    }

    /// The live sensors, read as `run` reads them (turned by `--board-orientation` into the body frame, where the
    /// fit is made): the magnetometer, and for a level fit the accelerometer too, for "down" (without one the unit
    /// counts as level).
    func liveSensors() -> LiveSensors {
        LiveSensors(
            magnetometer: IioSensorSource(
                kind: .magnetometer, deviceOverride: sensors.magDevice, boardOrientation: sensors.boardOrientation),
            accelerometer: level
                ? IioSensorSource(
                    kind: .accelerometer, deviceOverride: sensors.accelDevice,
                    boardOrientation: sensors.boardOrientation, optional: true) : nil,
            gyroscope: nil, sampleHertz: sampleRate)
    }

    // MARK: - Shared

    private func openScreen() throws -> any Display {
        TerminationSignals.block()
        return try display.open(pngSize: size)
    }

    /// Fits, saves and reports; a refused fit prints its figures and throws the reason (exit status 1).
    private func finish(_ collector: CalibrationCollector) throws -> Int32 {
        let seconds = formatFixed(collector.elapsedSeconds, digits: 1)
        do {
            let calibration = try collector.finish(savingTo: out)
            print("navdisplay calibrate: accepted after \(seconds) s: \(calibrationSummary(calibration))")
            for note in calibration.qualityNotes { print("navdisplay calibrate: note: \(note)") }
            print("navdisplay calibrate: saved to \(out)")
            return 0
        } catch let refused as CalibrationRefused {
            let readings = CalibrationReadings(collector.session.samples)
            let spread = "spread \(formatFixed(readings.spreadMicrotesla, digits: 1)) µT"
            let figures =
                refused.isFoundBeforeTheFit
                ? "\(readings.count) distinct samples, \(spread)"
                : collector.fitQuality.map { qualitySummary($0) + ", " + spread }
                    ?? "\(readings.count) distinct samples, \(spread), no \(level ? "ellipse" : "ellipsoid") fit"
            print("navdisplay calibrate: refused after \(seconds) s: \(figures)")
            throw refused
        }
    }
}
