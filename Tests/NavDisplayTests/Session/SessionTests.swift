import Core
import Foundation
import Glibc
import Platform
import Simulation
import Testing

/// The session in-process on a manual clock: fake sources and a memory display, no subprocess, no sleep.
@Suite("Session")
struct SessionTests {
    typealias F = SessionFixtures

    @Test("A live run draws frames, re-watches a reconnected source's new descriptor and shows the loss")
    func aReconnectIsReWatchedByTheSession() throws {
        let loop = ManualLoop(start: F.at(0))
        let gps = FakeSource(descriptor: 100)
        let display = MemoryDisplay(width: 320, height: 192)
        let sink = DisplaySink(
            display: display, movingFPS: 10, parkedFPS: 2, clock: { loop.now }, makePipeline: try F.pipeline())
        let session = try Session(SessionConfiguration(clock: .manual(loop), sources: [gps], sinks: [sink]))
        try session.start()
        #expect(loop.watchedDescriptors == [100])

        gps.push([F.fix(0.5)])
        try loop.makeReadable(100)
        try loop.advance(by: 1)
        #expect(display.presentedCount >= 1)
        #expect(sink.pipeline.state.position != nil)

        // The socket closes: the source says so on its next read and drops the descriptor; the session unwatches.
        gps.lose(at: F.at(1.2))
        try loop.makeReadable(100)
        #expect(loop.watchedDescriptors.isEmpty)
        #expect(sink.pipeline.state.lostSources[.gps] != nil)
        try loop.advance(by: 1)
        #expect(sink.pipeline.nextSceneInput().positionStatus.hasPrefix("GPS lost"))

        // Back on a new descriptor, found by the session at the source's next poll, not by the caller.
        gps.reconnect(descriptor: 101, at: F.at(2.5))
        try loop.advance(by: 0.5)
        #expect(loop.watchedDescriptors == [101])
        #expect(sink.pipeline.state.lostSources[.gps] == nil)
        gps.push([F.fix(2.9)])
        try loop.makeReadable(101)
        #expect(sink.pipeline.state.positionTime == F.at(2.9))

        let result = try session.end()
        #expect(gps.closed)
        #expect(result.droppedSinks.isEmpty)
    }

    @Test("The heartbeat (the watchdog's hook) beats once per frame tick, parked ticks included")
    func theHeartbeatBeatsEveryFrameTick() throws {
        let loop = ManualLoop(start: F.at(0))
        let sink = DisplaySink(
            display: MemoryDisplay(width: 64, height: 48), movingFPS: 10, parkedFPS: 2, clock: { loop.now },
            makePipeline: try F.pipeline(width: 64, height: 48))
        var configuration = SessionConfiguration(clock: .manual(loop), sources: [FakeSource()], sinks: [sink])
        var beats: [Timestamp] = []
        configuration.heartbeat = { beats.append($0) }
        let session = try Session(configuration)
        try session.start()
        try loop.advance(by: 3)
        // Parked (no speed): two ticks a second.
        #expect(beats == [F.at(0.5), F.at(1), F.at(1.5), F.at(2), F.at(2.5), F.at(3)])
        try session.end()
    }

    @Test("SIGTERM stops the session, SIGHUP reloads the sinks and goes on")
    func signalsStopAndReload() throws {
        let loop = ManualLoop(start: F.at(0))
        let sink = RecordingFakeSink()
        let session = try Session(SessionConfiguration(clock: .manual(loop), sources: [FakeSource()], sinks: [sink]))
        try session.start()
        try loop.deliver(signal: SIGHUP)
        #expect(sink.reloads == 1)
        #expect(session.stop == nil)
        try loop.deliver(signal: SIGTERM)
        #expect(session.stop == .signal("SIGTERM"))
        try session.end()
        #expect(sink.finished)
    }

    @Test("A recorder that fails is dropped, the HUD says RECORDING STOPPED, and navigation goes on")
    func aFailingSinkThatIsNotEssentialIsDropped() throws {
        let loop = ManualLoop(start: F.at(0))
        let gps = FakeSource()
        let recorder = RecordingFakeSink(name: "recording", essential: false)
        recorder.failWith = DiskFull()
        let display = MemoryDisplay(width: 320, height: 192)
        let screen = DisplaySink(
            display: display, movingFPS: 10, parkedFPS: 2, clock: { loop.now }, makePipeline: try F.pipeline())
        var notes: [String] = []
        var configuration = SessionConfiguration(clock: .manual(loop), sources: [gps], sinks: [recorder, screen])
        configuration.note = { notes.append("\($0): \($1)") }
        let session = try Session(configuration)
        try session.start()
        gps.push([F.fix(0.2)])
        try loop.advance(by: 1)
        #expect(session.activeSinks.count == 1)
        #expect(screen.pipeline.notices == ["RECORDING STOPPED"])
        #expect(HUDLines(screen.pipeline.nextSceneInput()).notices == ["RECORDING STOPPED"])
        #expect(notes.contains { $0.contains("recording stopped: No space left on device") }, "\(notes)")
        // Navigation goes on: later fixes still reach the display.
        gps.push([F.fix(1.5)])
        try loop.advance(by: 1)
        #expect(screen.pipeline.state.positionTime == F.at(1.5))
        let result = try session.end()
        #expect(result.droppedSinks == [DroppedSink(name: "recording", error: "No space left on device")])
    }

    @Test("An essential sink that fails ends the session with its error")
    func anEssentialSinkThatFailsEndsTheSession() throws {
        let loop = ManualLoop(start: F.at(0))
        let source = RecordingSource(events: [F.fix(0), F.fix(1)], speed: 1)
        let sink = RecordingFakeSink(name: "recording", essential: true)
        sink.failWith = DiskFull()
        #expect(throws: DiskFull.self) {
            _ = try Session(SessionConfiguration(clock: .manual(loop), sources: [source], sinks: [sink])).run()
        }
        #expect(sink.finished, "the sinks still finish on the way out")
    }

    @Test("A replay by event time gives exactly the frames and trace rows of ReplayDriver.play, and ends")
    func aReplayByEventTimeMatchesTheReplayDriver() throws {
        let ride = try F.bundledRide()
        let make = try F.pipeline()
        var expected: [TraceRow] = []
        let driver = ReplayDriver(pipeline: make())
        driver.play(ride.events, interval: 0.5) { t in
            expected.append(driver.traceRow(at: t, input: driver.pipeline.nextSceneInput()))
        }
        let display = MemoryDisplay(width: 320, height: 192)
        let (configuration, sink) = Playback(events: ride.events, makePipeline: make).byEventTime(
            intervalSeconds: 0.5, display: display, pacing: nil, handlesSignals: false)
        let result = try Session(configuration).run()
        #expect(result.stop == .endOfInput)
        #expect(result.passes == 1)
        #expect(sink.rows.count == expected.count)
        #expect(sink.rows == expected)
        #expect(display.presentedCount == expected.count)
        #expect(sink.counts == driver.counts)
    }

    @Test("The demo is a replay of the bundled ride: PNG-style frames by ride time, hashed the same twice")
    func theDemoIsAReplay() throws {
        let ride = try F.bundledRide()
        func hash() throws -> (FrameHash, Int) {
            let (configuration, sink) = Playback(events: ride.events, makePipeline: try F.pipeline()).byEventTime(
                intervalSeconds: 2, display: MemoryDisplay(width: 320, height: 192), pacing: nil, handlesSignals: false)
            _ = try Session(configuration).run()
            return (sink.frameHash, sink.frames)
        }
        let (a, frames) = try hash()
        let (b, _) = try hash()
        #expect(a == b)
        let seconds = try #require(ride.events.last).time.seconds(since: ride.events[0].time)
        #expect(frames == Int((seconds / 2).rounded(.up)) + (seconds.truncatingRemainder(dividingBy: 2) == 0 ? 1 : 0))
    }

    @Test("A recording on a screen ends with the recording, or loops as often as asked")
    func aScreenReplayEndsOrLoops() throws {
        let loop = ManualLoop(start: F.at(100))
        let events = (0..<10).map { F.fix(Double($0)) }
        let display = MemoryDisplay(width: 320, height: 192)
        let sink = DisplaySink(
            display: display, movingFPS: 5, parkedFPS: 2, clock: { loop.now }, makePipeline: try F.pipeline())
        var configuration = SessionConfiguration(
            clock: .manual(loop), sources: [RecordingSource(events: events, speed: 2)], sinks: [sink])
        configuration.repeatsInput = true
        configuration.passLimit = 3
        let session = try Session(configuration)
        try session.start()
        try loop.advance(by: 30)
        let result = try session.end()
        #expect(result.stop == .passLimit)
        #expect(result.passes == 3)
        // Nine seconds of recording at twice real time: 4.5 s a pass.
        #expect(abs(result.seconds - 13.5) < 0.01, "\(result.seconds)")
        #expect(display.presentedCount >= 3)
    }

    @Test("record: every event of a session reaches the file, readable as a recording")
    func recordWritesEveryEvent() throws {
        let dir = try NavDisplayBinary.temporaryDirectory()
        let path = dir.appendingPathComponent("session.navrec").path
        let loop = ManualLoop(start: F.at(0))
        let gps = FakeSource(pollIntervalSeconds: 1)
        let recorder = RecorderSink(essential: true) {
            try DurableRecordingWriter(path: path, header: RecordingHeader(program: "SessionTests"))
        }
        var configuration = SessionConfiguration(clock: .manual(loop), sources: [gps], sinks: [recorder])
        configuration.stopAfterSeconds = 5
        let session = try Session(configuration)
        try session.start()
        for t in 0..<10 {
            gps.push([F.fix(Double(t) + 0.5)])
            try loop.advance(by: 1)
        }
        let result = try session.end()
        // Polled at 1, 2, 3 and 4 s; the limit at 5 s comes before that second's poll, as `record --duration`
        // stopped at its end before reading again.
        #expect(result.stop == .timeLimit)
        #expect(result.seconds == 5)
        #expect(recorder.eventsWritten == 4)
        let read = try loadRecording(path)
        #expect(read.events.count == 4)
        #expect(read.events.first?.time == F.at(0.5))
    }

    @Test("calibrate: a live tumble stops the session once the fit is ready")
    func aLiveCalibrationStopsWhenReady() throws {
        let tumble = SimulatedRide.calibrationTumble(device: SimulatedRide.distortedDevice)
        let events = tumble.events().filter { if case .magnetometer = $0 { return true } else { return false } }
        let loop = ManualLoop(start: try #require(events.first).time)
        let collector = CalibrationCollector(
            session: CalibrationSession(
                requirements: EllipsoidFit.Requirements(),
                expectedFieldMicrotesla: tumble.earthFieldMicrotesla.length),
            source: "simulated", durationSeconds: 120, framePeriod: 0.2, display: nil, fonts: nil, theme: .day)
        var lines: [String] = []
        let sink = CalibrationSink(collector: collector, liveRule: CalibrationStopRule(level: false)) {
            lines.append($0)
        }
        let session = try Session(
            SessionConfiguration(
                clock: .manual(loop), sources: [RecordingSource(events: events, speed: 1)], sinks: [sink]))
        try session.start()
        try loop.advance(by: 200)
        let result = try session.end()
        #expect(result.stop == .sinkFinished("calibration ready"), "\(lines)")
        #expect(collector.elapsedSeconds < 60, "stopped early, before the tumble ran out")
        #expect(collector.session.progress.coverage >= 0.8)
    }

    /// The loop descriptors this process holds (epoll, timerfd, signalfd), by kind: other tests running beside
    /// this one open files and sockets, but only event loops make these.
    static func loopDescriptors() -> [String: Int] {
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        var counts: [String: Int] = [:]
        for fd in fds {
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(fd)"),
                ["anon_inode:[eventpoll]", "anon_inode:[timerfd]", "anon_inode:[signalfd]"].contains(target)
            else { continue }
            counts[target, default: 0] += 1
        }
        return counts
    }

    @Test("replay --loop on a real loop keeps its descriptor count flat over 100 passes")
    func aLoopingReplayHoldsItsDescriptorsFlat() throws {
        let events = (0..<3).map { F.fix(Double($0)) }
        var (configuration, _) = Playback(events: events, makePipeline: try F.pipeline(width: 64, height: 48))
            .onScreen(MemoryDisplay(width: 64, height: 48), speed: nil, fps: 60, repeats: true)
        configuration.passLimit = 100
        configuration.handlesSignals = false
        var counts: [[String: Int]] = []
        let probe = RecordingFakeSink(name: "probe", essential: false)
        probe.onRestart = { counts.append(Self.loopDescriptors()) }
        configuration.sinks.append(probe)
        let result = try Session(configuration).run()
        #expect(result.passes == 100)
        #expect(counts.count == 99)
        // The old display loop leaked an epoll, a signalfd and a timerfd per pass (62 → 3,374 in 10 minutes).
        #expect(
            counts.first == counts.last,
            "loop descriptors at pass 2: \(counts.first ?? [:]), at 100: \(counts.last ?? [:])")
        #expect(Set(counts.map { $0.values.reduce(0, +) }).count == 1)
    }
}
