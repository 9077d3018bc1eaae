import Core
import Platform
import Testing

/// Live sensors whose samples wait in the kernel's buffer with the kernel's times (`LiveSensors` on triggered
/// buffers) are read at the frame ticks, their sample timer paused, and still reach every sink in time order.
@Suite("Captured sensors read at the frame ticks")
struct CapturedSensorReadingTests {
    typealias F = SessionFixtures

    @Test("Read at the frame ticks: one read a tick, no timer, every sample once, in time order")
    func readAtTheTicks() throws {
        let loop = ManualLoop(start: F.at(0))
        let sensor = CapturedSensor(hertz: 25)
        let sink = TickSink(fps: 20)
        let session = try Session(SessionConfiguration(clock: .manual(loop), sources: [sensor], sinks: [sink]))
        try session.start()
        try loop.advance(by: 2)
        try session.end()
        // 40 ticks in 2 s; the sample timer (25 a second) never ran.
        #expect(sink.ticks.count == 40)
        #expect(sensor.polls == 40)
        #expect(sink.events.map(\.time) == (1...50).map { F.at(Double($0) / 25) })
        // Each sample arrived at the first tick at or after its capture, before that tick's frame.
        for (event, arrival) in zip(sink.events, sink.arrivals) {
            #expect(arrival >= event.time && arrival.seconds(since: event.time) < 0.05 + 1e-9)
        }
    }

    @Test("Without frame ticks, or once a sensor is polled instead, the sample timer reads it")
    func theTimerWhenNotAtTheTicks() throws {
        // No sink asks for frames: the timer, 25 a second.
        do {
            let loop = ManualLoop(start: F.at(0))
            let sensor = CapturedSensor(hertz: 25)
            let sink = RecordingFakeSink()
            let session = try Session(SessionConfiguration(clock: .manual(loop), sources: [sensor], sinks: [sink]))
            try session.start()
            try loop.advance(by: 2)
            try session.end()
            #expect(sensor.polls == 50)
            #expect(sink.events.count == 50)
        }
        // At 1 s the sensor comes back without its trigger (polled: read at the timer again).
        let loop = ManualLoop(start: F.at(0))
        let sensor = CapturedSensor(hertz: 25, polledFrom: F.at(1))
        let sink = TickSink(fps: 20)
        let session = try Session(SessionConfiguration(clock: .manual(loop), sources: [sensor], sinks: [sink]))
        try session.start()
        try loop.advance(by: 2)
        try session.end()
        // 20 reads at the ticks up to 1 s, then the timer's 25 a second: the ticks no longer read it.
        #expect(sensor.polls >= 20 + 24 && sensor.polls <= 20 + 26, "\(sensor.polls)")
        #expect(sink.events.map(\.time) == sink.events.map(\.time).sorted())
        #expect(sink.events.count >= 49)
    }

    @Test("A fix read between two ticks comes after every sample captured before it")
    func anotherSourcesEventsKeepTimeOrder() throws {
        let loop = ManualLoop(start: F.at(0))
        let sensor = CapturedSensor(hertz: 25)
        let gps = FakeSource(name: "gpsd", descriptor: 100, pollIntervalSeconds: nil)
        let sink = TickSink(fps: 20)
        let session = try Session(SessionConfiguration(clock: .manual(loop), sources: [sensor, gps], sinks: [sink]))
        try session.start()
        // gpsd's line arrives 45 ms after a tick, 5 ms after a sample the ticks have not read yet; the fix takes
        // the time it is read.
        var elapsed = 0.0
        for second in [1.045, 2.045, 3.045] {
            try loop.advance(by: second - elapsed)
            elapsed = second
            gps.push([F.fix(second)])
            try loop.makeReadable(100)
        }
        try loop.advance(by: 0.5)
        try session.end()
        let times = sink.events.map(\.time)
        #expect(times == times.sorted())
        #expect(sink.events.filter { if case .gpsFix = $0 { true } else { false } }.count == 3)
        // The samples captured up to each fix were read with it, not held to the next tick.
        let firstFix = try #require(sink.events.firstIndex { if case .gpsFix = $0 { true } else { false } })
        #expect(sink.events[firstFix - 1].time == F.at(26.0 / 25))
    }

    @Test("Without frame ticks (`record`), a fix read between two timer reads comes after the samples before it")
    func anotherSourcesEventsKeepTimeOrderWithoutTicks() throws {
        let loop = ManualLoop(start: F.at(0))
        let sensor = CapturedSensor(hertz: 100, timerHertz: 25)
        let gps = FakeSource(name: "gpsd", descriptor: 100, pollIntervalSeconds: nil)
        let sink = RecordingFakeSink()
        let session = try Session(SessionConfiguration(clock: .manual(loop), sources: [sensor, gps], sinks: [sink]))
        try session.start()
        // The timer reads the buffer every 40 ms, at 1.04 s last before the fix is read at 1.075 s; the samples
        // taken since (1.05, 1.06 and 1.07 s) wait in the buffer.
        try loop.advance(by: 1.075)
        gps.push([F.fix(1.075)])
        try loop.makeReadable(100)
        try loop.advance(by: 0.5)
        try session.end()
        let times = sink.events.map(\.time)
        #expect(times == times.sorted())
        let fix = try #require(sink.events.firstIndex { if case .gpsFix = $0 { true } else { false } })
        #expect(sink.events[fix - 1].time == F.at(1.07))
        // The last timer read, at 1.56 s, took every sample up to it.
        #expect(sink.events.count == 1 + 156)
    }

    @Test("A sample read after a later event (in flight in the kernel) takes that event's time, and is kept")
    func aLateSampleIsRetimedNotDropped() throws {
        let loop = ManualLoop(start: F.at(0))
        let sensors = FakeSource(name: "iio", descriptor: nil, pollIntervalSeconds: 0.04)
        let sink = RecordingFakeSink()
        let session = try Session(SessionConfiguration(clock: .manual(loop), sources: [sensors], sinks: [sink]))
        try session.start()
        let field = Vector3(x: 20, y: 0, z: 40)
        // The first read: the polled compass at 0.04 s. The gyroscope's sample of 0.038 s comes with the next.
        sensors.push([.magnetometer(MagnetometerSample(time: F.at(0.04), microtesla: field))])
        try loop.advance(by: 0.04)
        sensors.push([
            .gyroscope(GyroscopeSample(time: F.at(0.038), radiansPerSecond: Vector3(x: 0, y: 0, z: 1))),
            .magnetometer(MagnetometerSample(time: F.at(0.08), microtesla: field)),
        ])
        try loop.advance(by: 0.04)
        try session.end()
        #expect(sink.events.map(\.time) == [F.at(0.04), F.at(0.04), F.at(0.08)])
        #expect(
            sink.events[1] == .gyroscope(GyroscopeSample(time: F.at(0.04), radiansPerSecond: Vector3(x: 0, y: 0, z: 1)))
        )
    }
}

/// A sensor on a triggered buffer: samples taken `hertz` times a second with their capture times, handed out by
/// `poll` (at `timerHertz`, `hertz` unless said) and `readHeld` whenever they are called. Polled from `polledFrom`
/// on (found again without its trigger).
private final class CapturedSensor: EventSource {
    let hertz: Double
    let timerHertz: Double
    let polledFrom: Timestamp?
    private(set) var polls = 0
    private var taken = 0
    private var now = Timestamp(nanoseconds: 0)

    init(hertz: Double, timerHertz: Double? = nil, polledFrom: Timestamp? = nil) {
        self.hertz = hertz
        self.timerHertz = timerHertz ?? hertz
        self.polledFrom = polledFrom
    }

    var name: String { "iio" }
    var pollIntervalSeconds: Double? { 1 / timerHertz }
    var isReadAtFrameTicks: Bool { polledFrom.map { now < $0 } ?? true }

    func start(now: Timestamp) -> [SensorEvent] {
        self.now = now
        return []
    }

    func poll(now: Timestamp) -> [SensorEvent] {
        self.now = now
        polls += 1
        return takeCaptured(upTo: now)
    }

    func readHeld(now: Timestamp) -> [SensorEvent] { takeCaptured(upTo: now) }

    private func takeCaptured(upTo now: Timestamp) -> [SensorEvent] {
        var events: [SensorEvent] = []
        while case let time = Timestamp(seconds: Double(taken + 1) / hertz), time <= now {
            taken += 1
            events.append(.magnetometer(MagnetometerSample(time: time, microtesla: Vector3(x: 20, y: 0, z: 40))))
        }
        return events
    }

    func close() {}
}

/// Asks for frame ticks and keeps every event with the loop time it arrived at.
private final class TickSink: EventSink {
    let fps: Double
    private(set) var events: [SensorEvent] = []
    private(set) var arrivals: [Timestamp] = []
    private(set) var ticks: [Timestamp] = []

    init(fps: Double) { self.fps = fps }

    var name: String { "ticks" }
    var framePeriodSeconds: Double? { 1 / fps }

    func consume(_ events: [SensorEvent], now: Timestamp) throws {
        self.events += events
        arrivals += Array(repeating: now, count: events.count)
    }

    func frame(now: Timestamp) throws { ticks.append(now) }
}
