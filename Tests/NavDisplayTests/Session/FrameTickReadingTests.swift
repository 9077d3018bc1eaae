import Core
import Platform
import Testing

/// A recording on a screen read just before each frame tick (`RecordingSource(readAtFrameTicks:)`) instead of
/// woken for at every event: the same frames, the same latency figures, far fewer deliveries.
@Suite("Frame-tick reading")
struct FrameTickReadingTests {
    typealias F = SessionFixtures

    /// What a replay of the first `seconds` of the bundled ride on a screen at `fps` showed.
    struct Shown: Equatable {
        /// The loop time and pixels' hash of each frame presented.
        var frames: [Int64: Int] = [:]
        var latencySeconds: [Double] = []
        /// How many times the sinks were handed events.
        var deliveries = 0
        var events = 0
    }

    func replay(seconds: Double, fps: Double, speed: Double, readAtFrameTicks: Bool) throws -> Shown {
        let ride = try F.bundledRide()
        let loop = ManualLoop(start: try #require(ride.events.first).time)
        let source = RecordingSource(events: ride.events, speed: speed, readAtFrameTicks: readAtFrameTicks)
        let display = MemoryDisplay(width: 320, height: 192)
        let sink = DisplaySink(
            display: display, movingFPS: fps, parkedFPS: 2, clock: { loop.now },
            eventTime: { source.recordingTime(atLoopTime: $0) }, dueTime: { source.loopTime(ofRecordingTime: $0) },
            makePipeline: try F.pipeline())
        let probe = FrameProbe(display: display)
        let session = try Session(SessionConfiguration(clock: .manual(loop), sources: [source], sinks: [sink, probe]))
        try session.start()
        try loop.advance(by: seconds)
        try session.end()
        var shown = probe.shown
        shown.latencySeconds = sink.stats.latencySeconds
        return shown
    }

    @Test("Read at the frame ticks, a replay shows the same frames with the same latency, one delivery a tick")
    func theSameFramesFromFewerDeliveries() throws {
        let seconds = 12.0
        for speed in [1.0, 3.0] {
            let woken = try replay(seconds: seconds, fps: 20, speed: speed, readAtFrameTicks: false)
            let read = try replay(seconds: seconds, fps: 20, speed: speed, readAtFrameTicks: true)
            #expect(read.frames.count > 60, "speed \(speed): \(read.frames.count)")
            #expect(read.frames == woken.frames, "speed \(speed)")
            #expect(read.latencySeconds == woken.latencySeconds, "speed \(speed)")
            #expect(read.events == woken.events, "speed \(speed)")
            // At most one delivery a frame tick and one at the start, against one per sample time of the ride's
            // 25 Hz sensors.
            #expect(read.deliveries <= Int(seconds * 20) + 1, "speed \(speed)")
            #expect(woken.deliveries > 2 * read.deliveries, "speed \(speed): \(woken.deliveries)")
        }
    }

    @Test("A recording read at the frame ticks still ends, after its last event, with a last frame")
    func theRecordingStillEnds() throws {
        let loop = ManualLoop(start: F.at(0))
        let events = (0..<10).map { F.fix(Double($0) * 1.1) }
        let display = MemoryDisplay(width: 320, height: 192)
        let source = RecordingSource(events: events, speed: 1, readAtFrameTicks: true)
        #expect(source.isReadAtFrameTicks)
        let sink = DisplaySink(
            display: display, movingFPS: 4, parkedFPS: 2, clock: { loop.now }, makePipeline: try F.pipeline())
        let probe = FrameProbe(display: display)
        let session = try Session(SessionConfiguration(clock: .manual(loop), sources: [source], sinks: [sink, probe]))
        try session.start()
        try loop.advance(by: 30)
        let result = try session.end()
        #expect(result.stop == .endOfInput)
        #expect(probe.shown.events == 10)
        // The last event is due at 9.9 s, between two frame ticks: it is read at the next one, which ends the
        // recording.
        #expect(result.seconds > 9.9 && result.seconds <= 10.4, "\(result.seconds)")
        #expect(sink.pipeline.state.positionTime == F.at(9.9))
    }

    @Test("A recording with no speed, or with no frame ticks to wait for, is not held back")
    func notHeldBackWithoutFrames() throws {
        #expect(!RecordingSource(events: [F.fix(0)], speed: nil, readAtFrameTicks: true).isReadAtFrameTicks)
        // No sink asks for frames: each event comes at its own time.
        let loop = ManualLoop(start: F.at(0))
        let probe = FrameProbe(display: nil)
        let source = RecordingSource(events: (0..<5).map { F.fix(Double($0)) }, speed: 1, readAtFrameTicks: true)
        let session = try Session(SessionConfiguration(clock: .manual(loop), sources: [source], sinks: [probe]))
        try session.start()
        try loop.advance(by: 10)
        #expect(try session.end().stop == .endOfInput)
        #expect(probe.shown.deliveries == 5)
        #expect(probe.arrivals == (0..<5).map { F.at(Double($0)) })
    }
}

/// Counts what the sinks were handed and hashes each frame the display was given.
private final class FrameProbe: EventSink {
    let display: MemoryDisplay?
    private(set) var shown = FrameTickReadingTests.Shown()
    private(set) var arrivals: [Timestamp] = []
    private var presented = 0

    init(display: MemoryDisplay?) { self.display = display }

    var name: String { "probe" }
    var isEssential: Bool { true }

    func consume(_ events: [SensorEvent], now: Timestamp) throws {
        shown.deliveries += 1
        shown.events += events.count
        arrivals.append(now)
    }

    /// Called after the display sink's frame at the same tick (sinks go in order).
    func frame(now: Timestamp) throws {
        guard let display, display.presentedCount > presented, let frame = display.lastFrame else { return }
        presented = display.presentedCount
        shown.frames[now.nanoseconds] = frame.pixels.hashValue
    }
}
