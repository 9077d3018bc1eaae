import Core
import Foundation
import Glibc
import Platform
import Testing

/// The ride wired into a session, in-process on a manual clock: the bundled ride replayed along a route made
/// from it and along the same route moved away, the ride kept across a simulated restart, the day's GPX written
/// on SIGTERM and read back, damaged state files, and a new day's track.
@Suite("Ride in a session")
struct RideSessionTests {
    /// What each frame tick saw: the route progress and the HUD's route lines.
    final class Probe: EventSink {
        let pipeline: NavigationPipeline
        let tracker: RideTracker
        var seen: [(time: Timestamp, position: GeoCoordinate?, progress: RouteProgress?, lines: RouteLines?)] = []
        private var position: GeoCoordinate?
        init(pipeline: NavigationPipeline, tracker: RideTracker) {
            self.pipeline = pipeline
            self.tracker = tracker
        }
        var name: String { "probe" }
        var framePeriodSeconds: Double? { 1 }
        func consume(_ events: [SensorEvent], now: Timestamp) throws {
            for e in events {
                pipeline.apply(e)
                if case .gpsFix(let f) = e, let c = f.coordinate { position = c }
            }
        }
        func frame(now: Timestamp) throws {
            seen.append((now, position, tracker.progress, HUDLines(pipeline.nextSceneInput(at: now)).route))
        }
    }

    /// A session over `events` on a manual clock with a ride sink (keeping files in `directory`, when given)
    /// and a probe; the loop is returned for the test to drive.
    static func session(
        _ events: [SensorEvent], route: RouteLine?, directory: String? = nil
    ) throws -> (Session, ManualLoop, RideSink, Probe) {
        let tracker = RideTracker(route: route)
        let sink = RideSink(tracker: tracker, files: directory.map(RideFiles.init(directory:))) { _ in }
        sink.zoneOffset = { _ in RouteFixtures.helsinkiSummerOffsetSeconds }
        sink.restore()
        let scene = Scene(width: 320, height: 192, fonts: try FontSet.load())
        let pipeline = NavigationPipeline(
            scene: scene, orientation: .headingUp, zoom: 16, fallbackCenter: StartPosition.helsinki)
        pipeline.ride = tracker
        let probe = Probe(pipeline: pipeline, tracker: tracker)
        let loop = ManualLoop(start: events[0].time)
        let session = try Session(
            SessionConfiguration(
                clock: .manual(loop), sources: [RecordingSource(events: events, speed: 1)], sinks: [sink, probe]))
        return (session, loop, sink, probe)
    }

    /// The same trails to the 7 decimals the state file keeps (1 cm).
    static func same(_ a: [[GeoCoordinate]], _ b: [[GeoCoordinate]]) -> Bool {
        a.count == b.count
            && zip(a, b).allSatisfy { x, y in
                x.count == y.count
                    && zip(x, y).allSatisfy {
                        abs($0.latitude - $1.latitude) < 1e-7 && abs($0.longitude - $1.longitude) < 1e-7
                    }
            }
    }

    static func seconds(_ recording: Recording, _ range: Range<Double>) -> [SensorEvent] {
        let start = recording.events[0].time
        return recording.events.filter { range.contains($0.time.seconds(since: start)) }
    }

    @Test("along its own track the ride counts down to Arrived, is never off route, and the U-turn is cued")
    func alongTheRoute() throws {
        let recording = try RouteFixtures.ride()
        let (session, loop, _, probe) = try Self.session(recording.events, route: try RouteFixtures.along())
        try session.start()
        try loop.advance(by: 170)
        try session.end()
        let progress = probe.seen.compactMap(\.progress)
        try #require(progress.count > 140)
        #expect(progress.allSatisfy { !$0.isOffRoute })
        for (a, b) in zip(progress, progress.dropFirst()) {
            #expect(b.distanceToGoMetres <= a.distanceToGoMetres + 0.01)
        }
        #expect(probe.seen.last?.lines?.toGo == "Arrived")
        // The U-turn (about -173°) is cued with a shrinking distance before the rider gets there.
        let uTurnCues = probe.seen.compactMap { s -> String? in
            guard let l = s.lines, let d = l.turnDegrees, abs(d) >= 150 else { return nil }
            return l.turnDistance
        }
        #expect(uTurnCues.count >= 5)
        let metres = uTurnCues.compactMap { Int($0.split(separator: " ")[0]) }
        #expect(metres == metres.sorted(by: >))
    }

    @Test("on the route moved away the ride is off route after the hold time, with the way back to its nearest point")
    func awayFromTheRoute() throws {
        let recording = try RouteFixtures.ride()
        let route = try RouteFixtures.south()
        let (session, loop, _, probe) = try Self.session(recording.events, route: route)
        try session.start()
        try loop.advance(by: 170)
        try session.end()
        let firstFix = try #require(probe.seen.first { $0.progress != nil })
        let firstOff = try #require(probe.seen.first { $0.progress?.isOffRoute == true })
        // Off after the 5 s hold (frames tick once a second here), not at the first fix.
        let after = firstOff.time.seconds(since: firstFix.time)
        #expect(after >= 4.5 && after <= 7.5, "off route \(after) s after the first fix")
        let off = probe.seen.filter { $0.time >= firstOff.time }
        #expect(off.allSatisfy { $0.progress?.isOffRoute == true })
        for s in off {
            let back = try #require(s.progress?.wayBack)
            #expect(back.distanceMetres >= 50)
            // The way back leads to the point of the route nearest the rider, in its direction.
            let position = try #require(s.position)
            let nearest = try #require(route.nearest(to: position))
            #expect(abs(back.distanceMetres - nearest.distanceMetres) < 0.5)
            #expect(GreatCircle.distance(from: back.coordinate, to: nearest.coordinate) < 0.5)
            let bearing = try #require(back.bearing)
            let expected = try #require(GreatCircle.initialBearing(from: position, to: nearest.coordinate))
            #expect(abs(bearing.signedDifference(to: expected)) < 1)
            #expect(s.lines?.offRoute == true)
            #expect(s.lines?.wayBack?.hasSuffix(" m") == true)
        }
    }

    @Test("the trail and the trip survive a restart, and the GPX written on SIGTERM reads back with every fix")
    func restartKeepsTheRide() throws {
        let recording = try RouteFixtures.ride()
        let dir = try NavDisplayBinary.temporaryDirectory().appendingPathComponent("state").path
        let fixes = RouteFixtures.fixes(recording)

        // One session over the whole ride, as the figure to compare with.
        let (whole, wholeLoop, wholeSink, _) = try Self.session(recording.events, route: nil)
        try whole.start()
        try wholeLoop.advance(by: 170)
        try whole.end()
        let wholeDistance = wholeSink.tracker.trip.distanceMetres

        // The first 80 s, stopped by SIGTERM.
        let (first, firstLoop, firstSink, _) = try Self.session(
            Self.seconds(recording, 0..<80), route: nil, directory: dir)
        try first.start()
        try firstLoop.advance(by: 60)
        try firstLoop.deliver(signal: SIGTERM)
        #expect(first.stop == .signal("SIGTERM"))
        try first.end()
        let files = RideFiles(directory: dir)
        let day = try #require(firstSink.tracker.day)
        #expect(day == LocalDay(year: 2026, month: 5, day: 28))
        let written = try #require(try files.loadTrack(for: day))
        // A location history: the owner's alone.
        for path in [files.statePath, files.trackPath(for: day), files.tracksDirectory, dir] {
            var st = stat()
            #expect(stat(path, &st) == 0 && st.st_mode & 0o077 == 0, "\(path) is open to others")
        }
        let firstFixes = fixes.filter { $0.time.seconds(since: recording.events[0].time) < 60.01 }
        let points = written.tracks.flatMap(\.segments).flatMap { $0 }
        #expect(points.count == firstFixes.count)
        for (p, f) in zip(points, firstFixes) {
            #expect(abs(p.coordinate.latitude - f.coordinate!.latitude) < 1e-8)
            #expect(abs(p.coordinate.longitude - f.coordinate!.longitude) < 1e-8)
            #expect(p.utcSeconds == f.utcSeconds)
        }
        let firstDistance = firstSink.tracker.trip.distanceMetres
        let firstTrail = firstSink.tracker.state.trails
        #expect(firstDistance > 100)
        #expect(firstTrail.count == 1 && firstTrail[0].count > 10)

        // A new process: the state read back, the rest of the ride played on.
        let (second, secondLoop, secondSink, probe) = try Self.session(
            Self.seconds(recording, 60.01..<1_000), route: nil, directory: dir)
        #expect(secondSink.tracker.trip.distanceMetres == firstDistance)
        #expect(Self.same(secondSink.tracker.earlierTrails, firstTrail))
        try second.start()
        try secondLoop.advance(by: 120)
        try second.end()
        // The trail from before is drawn beside the new one.
        let input = probe.pipeline.nextSceneInput()
        #expect(Self.same(input.ride?.earlierTrails ?? [], firstTrail))
        // The trip went on: only the one step across the restart is not counted.
        #expect(abs(secondSink.tracker.trip.distanceMetres - wholeDistance) < 15)
        // The day's track holds every fix of both sessions, the restart starting a new segment.
        let track = try #require(try files.loadTrack(for: day))
        #expect(track.tracks.flatMap(\.segments).flatMap { $0 }.count == fixes.count)
        #expect(track.tracks[0].segments.count >= 2)
    }

    @Test("a damaged state file is logged and ignored, never a crash: cut at every line, garbage, too large")
    func damagedStateIsIgnored() throws {
        let recording = try RouteFixtures.ride()
        let dir = try NavDisplayBinary.temporaryDirectory().appendingPathComponent("state").path
        let (session, loop, sink, _) = try Self.session(recording.events, route: nil, directory: dir)
        try session.start()
        try loop.advance(by: 170)
        try session.end()
        let files = RideFiles(directory: dir)
        let text = try String(contentsOfFile: files.statePath, encoding: .utf8)
        let saved = try #require(try files.loadState())
        #expect(saved.trip.text == sink.tracker.trip.text && saved.day == sink.tracker.day)
        #expect(Self.same(saved.trails, sink.tracker.state.trails))

        var cuts = Array(stride(from: 0, to: text.utf8.count, by: 7))
        cuts += text.utf8.indices.compactMap { i in
            text.utf8[i] == 0x0A ? text.utf8.distance(from: text.utf8.startIndex, to: i) + 1 : nil
        }
        for cut in cuts where cut < text.utf8.count {
            try Data(text.utf8.prefix(cut)).write(to: URL(fileURLWithPath: files.statePath))
            let tracker = RideTracker(route: nil)
            var logged: [String] = []
            let restored = RideSink(tracker: tracker, files: files) { logged.append($0) }.restore()
            #expect(restored == nil, "a file cut at byte \(cut) was taken")
            #expect(logged.count == 1 && logged[0].contains("ignored"), "\(logged)")
            #expect(tracker.trip.distanceMetres == 0)
        }
        for bad in [Data([0xff, 0xfe, 0x00, 0x41]), Data("navdisplay-ride 1\ntrail 91,0 0,0\nend\n".utf8)] {
            try bad.write(to: URL(fileURLWithPath: files.statePath))
            #expect(RideSink(tracker: RideTracker(route: nil), files: files) { _ in }.restore() == nil)
        }
        let huge = Data(repeating: 0x41, count: RideFiles.maximumStateBytes + 1)
        try huge.write(to: URL(fileURLWithPath: files.statePath))
        var logged: [String] = []
        #expect(RideSink(tracker: RideTracker(route: nil), files: files) { logged.append($0) }.restore() == nil)
        #expect(logged.first?.contains("MiB") == true)
    }

    @Test("a damaged day's track is put aside, so the next save does not overwrite it")
    func damagedTrackIsPutAside() throws {
        let dir = try NavDisplayBinary.temporaryDirectory().appendingPathComponent("state").path
        let files = RideFiles(directory: dir)
        let day = LocalDay(year: 2026, month: 5, day: 28)
        try files.saveState(RideState(day: day))
        try files.saveTrack(
            GPXDocument(tracks: [GPXTrack(segments: [[GPXPoint(coordinate: StartPosition.helsinki)]])]), for: day)
        let path = files.trackPath(for: day)
        let good = try String(contentsOfFile: path, encoding: .utf8)
        try String(good.prefix(good.count - 20)).write(toFile: path, atomically: true, encoding: .utf8)
        var logged: [String] = []
        let tracker = RideTracker(route: nil)
        #expect(RideSink(tracker: tracker, files: files) { logged.append($0) }.restore() != nil)
        #expect(logged.contains { $0.contains("track ignored") && $0.contains("ends early") })
        #expect(FileManager.default.fileExists(atPath: path + ".damaged"))
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(tracker.day == day)
    }

    @Test("at local midnight the day's track is written and a new one begins, with a new trip")
    func aNewDayRotatesTheTrack() throws {
        let dir = try NavDisplayBinary.temporaryDirectory().appendingPathComponent("state").path
        // 23:59:50 to 00:00:10 in Helsinki (UTC+3), one fix a second, riding east.
        let midnightUTC = UTCDateTime(year: 2026, month: 5, day: 28, hour: 21).secondsSince1970
        let events: [SensorEvent] = (0..<21).map { i in
            .gpsFix(
                GPSFix(
                    time: Timestamp(seconds: Double(i)), mode: .threeD, utcSeconds: midnightUTC - 10 + Double(i),
                    coordinate: GeoCoordinate(latitude: 60.1699, longitude: 24.9384 + Double(i) * 1e-4),
                    speedMetresPerSecond: 5.5))
        }
        let (session, loop, sink, _) = try Self.session(events, route: nil, directory: dir)
        try session.start()
        try loop.advance(by: 30)
        try session.end()
        let files = RideFiles(directory: dir)
        let before = try #require(try files.loadTrack(for: LocalDay(year: 2026, month: 5, day: 28)))
        let after = try #require(try files.loadTrack(for: LocalDay(year: 2026, month: 5, day: 29)))
        #expect(before.tracks.flatMap(\.segments).flatMap { $0 }.count == 10)
        #expect(after.tracks.flatMap(\.segments).flatMap { $0 }.count == 11)
        #expect(sink.tracker.day == LocalDay(year: 2026, month: 5, day: 29))
        // The trip started again at midnight: ten steps of about 5.5 m.
        #expect(abs(sink.tracker.trip.distanceMetres - 55) < 3)
    }

    @Test("the mark key adds a waypoint where the rider is and writes the day's track at once")
    func theMarkKeyWritesTheTrack() throws {
        let recording = try RouteFixtures.ride()
        let dir = try NavDisplayBinary.temporaryDirectory().appendingPathComponent("state").path
        let start = recording.events[0].time
        let press = start.adding(seconds: 30.05)
        var events = recording.events.filter { $0.time <= press }
        events.append(.rideAction(press, .markPoint))
        events += recording.events.filter { $0.time > press }
        let (session, loop, sink, _) = try Self.session(events, route: nil, directory: dir)
        try session.start()
        try loop.advance(by: 31)
        let day = try #require(sink.tracker.day)
        // Written by the key, before the session ends (on the writer's thread: wait for it, not for a time).
        sink.waitForWrites()
        let track = try #require(try RideFiles(directory: dir).loadTrack(for: day))
        let mark = try #require(track.waypoints.first)
        #expect(track.waypoints.count == 1)
        let lastFix = try #require(RouteFixtures.fixes(recording).last { $0.time <= press })
        #expect(GreatCircle.distance(from: mark.coordinate, to: lastFix.coordinate!) < 0.01)
        #expect(abs(try #require(mark.utcSeconds) - lastFix.utcSeconds! - press.seconds(since: lastFix.time)) < 1e-3)
        try session.end()
    }

    @Test("a ride file that cannot be written is logged once and shown, retried, and its recovery said once")
    func anUnwritableRideFileIsShownAndRetried() throws {
        let recording = try RouteFixtures.ride()
        let dir = try NavDisplayBinary.temporaryDirectory().appendingPathComponent("state").path
        let files = RideFiles(directory: dir)
        // A folder where the state file goes: its write fails even for root, who ignores permissions.
        try FileManager.default.createDirectory(atPath: files.statePath, withIntermediateDirectories: true)
        var logged: [String] = []
        var notices: [(String, Bool)] = []
        let sink = RideSink(tracker: RideTracker(route: nil), files: files) { logged.append($0) }
        sink.zoneOffset = { _ in RouteFixtures.helsinkiSummerOffsetSeconds }
        sink.showNotice = { notices.append(($0, $1)) }
        var events = Self.seconds(recording, 0..<40)[...]
        func ride(seconds: Double) throws {
            let end = events.first!.time.adding(seconds: seconds)
            while let e = events.first, e.time < end {
                events.removeFirst()
                try sink.consume([e], now: e.time)
                try sink.frame(now: e.time)
                sink.waitForWrites()
            }
        }
        try ride(seconds: 12)
        #expect(logged.filter { $0.contains("ride state not saved") }.count == 1, "\(logged)")
        #expect(notices.map(\.0) == [RideSink.notice] && notices.last?.1 == true)
        try FileManager.default.removeItem(atPath: files.statePath)
        try ride(seconds: 12)
        #expect(logged.filter { $0.contains("ride state saved again") }.count == 1, "\(logged)")
        #expect(notices.last?.1 == false)
        #expect(try files.loadState() != nil)
    }
}
