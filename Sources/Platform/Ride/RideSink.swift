import Core

/// The ride beside the display: feeds every fix to the `RideTracker` (route progress, trip, track, clock), and,
/// with a state folder, keeps the ride on disk: the state every few seconds when it changed and at the end, the
/// day's GPX track every few minutes, on the record and mark keys, at the end (SIGINT, SIGTERM, the end of a
/// replay) and when a new local day begins. Nothing here may stop navigation: the files are written on a worker
/// thread (`BackgroundWrites`: a day's track fsynced to an SD card would hold a frame up), and a file that cannot
/// be written is logged (once per problem) and shown on the HUD, and the ride goes on.
public final class RideSink: EventSink {
    public let tracker: RideTracker
    /// Where the ride is kept; nil keeps nothing (demo, replay without `--state-dir`).
    public let files: RideFiles?
    /// Seconds between state saves while something changed.
    public var stateIntervalSeconds = 5.0
    /// Seconds between track saves while the track grew.
    public var trackIntervalSeconds = 300.0
    /// Where log lines go.
    public var log: (String) -> Void
    /// Shows or takes away a HUD notice (`DisplaySink.show(notice:while:)`).
    public var showNotice: (String, Bool) -> Void = { _, _ in }
    /// The local zone's offset at a UTC time (Platform's lookup; tests pass a fixed one).
    public var zoneOffset: (Double) -> Int = RideFiles.localOffsetSeconds(atUTC:)

    private var lastStateSave: Timestamp?
    private var lastTrackSave: Timestamp?
    private var savedStateRevision: Int?
    private var savedTrackRevision: Int?
    private var zoneLookedUpAt: Double?
    private var failing: Set<String> = []
    private let writes = BackgroundWrites()
    /// The notice shown while a ride file cannot be written.
    public static let notice = "RIDE NOT SAVED"

    public init(tracker: RideTracker, files: RideFiles?, log: @escaping (String) -> Void) {
        self.tracker = tracker
        self.files = files
        self.log = log
    }

    public var name: String { "ride" }
    public var isEssential: Bool { false }

    /// Reads what an earlier run left (the state, and the day's track it names) into the tracker. A damaged
    /// file is logged and ignored (a damaged track is put aside as `.damaged`): the ride starts afresh, never a
    /// crash. Returns one line for the log about what was restored.
    @discardableResult
    public func restore() -> String? {
        guard let files else { return nil }
        let state: RideState
        do {
            guard let s = try files.loadState() else { return nil }
            state = s
        } catch {
            log("ride state ignored, starting afresh: \(error)")
            return nil
        }
        var track: GPXDocument?
        if let day = state.day {
            do {
                track = try files.loadTrack(for: day)
            } catch {
                log("track ignored: \(error)")
                do { try files.putAside(files.trackPath(for: day)) } catch { log("\(error)") }
            }
        }
        tracker.restore(state, track: track)
        savedStateRevision = tracker.revision
        savedTrackRevision = tracker.revision
        let points = state.trails.reduce(0) { $0 + $1.count }
        let line =
            "ride restored from \(files.statePath): trip \(formatFixed(state.trip.distanceMetres / 1000, digits: 1)) km, "
            + "\(points) trail points, \(track?.pointCount ?? 0) track points of \(state.day.map { "\($0)" } ?? "no day")"
        log(line)
        return line
    }

    public func consume(_ events: [SensorEvent], now: Timestamp) throws {
        for event in events {
            switch event {
            case .gpsFix(let fix):
                if let utc = fix.utcSeconds, utc.isFinite, zoneLookedUpAt.map({ abs(utc - $0) >= 60 }) ?? true {
                    // The offset changes twice a year: looked up once a minute of ride time.
                    tracker.zoneOffsetSeconds = zoneOffset(utc)
                    zoneLookedUpAt = utc
                }
                tracker.add(fix)
            case .rideAction(let time, .markPoint):
                // The mark key: a waypoint where the rider is, and the day's track written with it now.
                if let c = tracker.position {
                    tracker.mark(GPXPoint(coordinate: c, utcSeconds: tracker.utcSeconds(at: time)))
                }
                saveTrack(now: now)
            case .rideAction(_, .toggleRecording):
                // The record key: the ride so far is on disk whatever the recorder does.
                saveTrack(now: now)
            default:
                tracker.apply(event)
            }
        }
        if let (day, document) = tracker.takeFinishedDay(), let files {
            write("track", path: files.trackPath(for: day)) { try files.saveTrack(document, for: day) }
            savedTrackRevision = nil
        }
    }

    public func frame(now: Timestamp) throws {
        collectOutcomes()
        saveIfDue(now: now)
    }

    /// Saves the state and the track when their intervals have passed and they changed.
    func saveIfDue(now: Timestamp) {
        guard files != nil else { return }
        if tracker.revision != savedStateRevision,
            lastStateSave.map({ now.seconds(since: $0) >= stateIntervalSeconds }) ?? true
        {
            saveState(now: now)
        }
        if tracker.revision != savedTrackRevision,
            lastTrackSave.map({ now.seconds(since: $0) >= trackIntervalSeconds }) ?? true
        {
            saveTrack(now: now)
        }
    }

    /// Writes the state now (on the writer's thread). It counts as saved unless the write is reported failed.
    public func saveState(now: Timestamp) {
        guard let files else { return }
        lastStateSave = now
        savedStateRevision = tracker.revision
        let state = tracker.state
        write("state", path: files.statePath) { try files.saveState(state) }
    }

    /// Writes the day's track now (the record and mark keys, the end); nothing before the first timed fix.
    public func saveTrack(now: Timestamp) {
        guard let files, let day = tracker.day else { return }
        lastTrackSave = now
        let document = tracker.trackDocument
        guard document.pointCount > 0 else { return }
        savedTrackRevision = tracker.revision
        write("track", path: files.trackPath(for: day)) { try files.saveTrack(document, for: day) }
    }

    /// Waits for the files queued so far to be written, and takes in how that went.
    public func waitForWrites() {
        writes.waitUntilIdle()
        collectOutcomes()
    }

    private func write(_ what: String, path: String, _ body: @escaping @Sendable () throws -> Void) {
        writes.submit(path: path, what: what, body)
    }

    /// Takes in the finished writes: a failure is logged once per kind of file and shown on the HUD until a write
    /// of it succeeds again, and that file is written again at its next interval.
    private func collectOutcomes() {
        for outcome in writes.takeOutcomes() {
            if let error = outcome.error {
                if outcome.what == "state" { savedStateRevision = nil } else { savedTrackRevision = nil }
                if failing.insert(outcome.what).inserted {
                    log("ride \(outcome.what) not saved (navigation goes on; retried): \(error)")
                    showNotice(Self.notice, true)
                }
            } else if failing.remove(outcome.what) != nil, failing.isEmpty {
                log("ride \(outcome.what) saved again")
                showNotice(Self.notice, false)
            }
        }
    }

    public func restart(now: Timestamp) throws { tracker.restart() }

    public func finish(now: Timestamp) throws {
        guard let files else { return }
        saveState(now: now)
        saveTrack(now: now)
        waitForWrites()
        if let day = tracker.day, tracker.track.pointCount > 0, !failing.contains("track") {
            log("the ride's track: \(files.trackPath(for: day)) (\(tracker.track.pointCount) points)")
        }
    }
}
