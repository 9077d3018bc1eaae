import Core
import Testing

@Suite("Live events kept in time order across reads")
struct TimeOrderedEventsTests {
    private func gyro(_ seconds: Double, z: Double = 0) -> SensorEvent {
        .gyroscope(GyroscopeSample(time: Timestamp(seconds: seconds), radiansPerSecond: Vector3(x: 0, y: 0, z: z)))
    }

    private func mag(_ seconds: Double) -> SensorEvent {
        .magnetometer(MagnetometerSample(time: Timestamp(seconds: seconds), microtesla: Vector3(x: 20, y: 0, z: 40)))
    }

    @Test("One read's events are sorted by time, ties kept in the order read")
    func oneReadIsSorted() {
        var order = TimeOrderedEvents()
        let out = order.order([mag(0.04), gyro(0.01), gyro(0.03, z: 1), gyro(0.03, z: 2), gyro(0.02)])
        #expect(out == [gyro(0.01), gyro(0.02), gyro(0.03, z: 1), gyro(0.03, z: 2), mag(0.04)])
        #expect(order.floor == Timestamp(seconds: 0.04))
    }

    @Test("A sample that reaches a later read with an earlier time takes the latest time handed out, not dropped")
    func aLateSampleTakesTheLatestTime() {
        var order = TimeOrderedEvents()
        // The polled compass read at 0.040 s; the gyroscope's sample of 0.038 s was still in flight.
        _ = order.order([mag(0.040), gyro(0.030)])
        let out = order.order([gyro(0.038, z: 5), gyro(0.048), mag(0.080)])
        #expect(out == [gyro(0.040, z: 5), gyro(0.048), mag(0.080)])
        // Already in order, but behind what went out: taken on as well.
        #expect(order.order([gyro(0.070), mag(0.120)]) == [gyro(0.080), mag(0.120)])
    }

    @Test("A new pass starts again from no time")
    func resetForgetsTheFloor() {
        var order = TimeOrderedEvents()
        _ = order.order([gyro(5)])
        order.reset()
        #expect(order.order([gyro(1), gyro(2)]) == [gyro(1), gyro(2)])
    }

    @Test("Every kind of event can take another time and keeps the rest")
    func retimedKeepsThePayload() {
        let t = Timestamp(seconds: 7)
        let status = SourceStatus(source: .gyroscope, available: false, detail: "gone")
        let events: [SensorEvent] = [
            mag(1), gyro(1, z: 3), .sourceStatus(Timestamp(seconds: 1), status),
            .accelerometer(
                AccelerometerSample(time: Timestamp(seconds: 1), metresPerSecondSquared: Vector3(x: 0, y: 0, z: -9.81))),
            .gpsSky(GPSSky(time: Timestamp(seconds: 1), satellitesSeen: 9, satellitesUsed: 7)),
        ]
        for event in events {
            var moved = event
            moved.time = t
            #expect(moved.time == t)
            moved.time = event.time
            #expect(moved == event)
        }
    }
}
