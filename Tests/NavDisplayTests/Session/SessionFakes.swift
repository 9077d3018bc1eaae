import Core
import Foundation
import Platform

/// A live-like source for session tests: events are queued by the test and handed out when the loop polls it or
/// when its descriptor "becomes readable"; `reconnect()` gives it a new descriptor, as gpsd's socket does.
final class FakeSource: EventSource {
    let name: String
    var pollIntervalSeconds: Double?
    private(set) var descriptor: Int32?
    private var queued: [SensorEvent] = []
    private(set) var polls = 0
    private(set) var closed = false

    init(name: String = "fake", descriptor: Int32? = 100, pollIntervalSeconds: Double? = 0.5) {
        self.name = name
        self.descriptor = descriptor
        self.pollIntervalSeconds = pollIntervalSeconds
    }

    var fileDescriptors: [Int32] { descriptor.map { [$0] } ?? [] }

    /// Queues events for the next poll or read.
    func push(_ events: [SensorEvent]) { queued += events }

    /// The connection drops: a "lost" status now, no descriptor until `reconnect`.
    func lose(at time: Timestamp) {
        descriptor = nil
        push([.sourceStatus(time, SourceStatus(source: .gps, available: false, detail: "connection closed"))])
    }

    /// Back on a new descriptor, with an "available" status.
    func reconnect(descriptor fd: Int32, at time: Timestamp) {
        descriptor = fd
        push([.sourceStatus(time, SourceStatus(source: .gps, available: true, detail: "reconnected"))])
    }

    func start(now: Timestamp) -> [SensorEvent] { take() }
    func poll(now: Timestamp) -> [SensorEvent] {
        polls += 1
        return take()
    }
    func read(_ fd: Int32, now: Timestamp) -> [SensorEvent] { take() }
    func close() { closed = true }

    private func take() -> [SensorEvent] {
        defer { queued.removeAll() }
        return queued
    }
}

/// A sink that keeps what it saw and can be told to fail.
final class RecordingFakeSink: EventSink {
    let name: String
    let isEssential: Bool
    var failWith: (any Error)?
    private(set) var events: [SensorEvent] = []
    private(set) var reloads = 0
    private(set) var restarts = 0
    private(set) var finished = false
    /// Called at each restart (the descriptor-count test looks at the process then).
    var onRestart: (() -> Void)?

    init(name: String = "fake sink", essential: Bool = true) {
        self.name = name
        isEssential = essential
    }

    func consume(_ events: [SensorEvent], now: Timestamp) throws {
        if let failWith { throw failWith }
        self.events += events
    }
    func reload() { reloads += 1 }
    func restart(now: Timestamp) throws {
        restarts += 1
        onRestart?()
    }
    func finish(now: Timestamp) throws { finished = true }
}

struct DiskFull: Error, CustomStringConvertible {
    var description: String { "No space left on device" }
}

enum SessionFixtures {
    static func at(_ seconds: Double) -> Timestamp { Timestamp(seconds: seconds) }

    /// A moving fix in central Helsinki at `seconds`.
    static func fix(_ seconds: Double, speed: Double = 5, course: Double = 90) -> SensorEvent {
        .gpsFix(
            GPSFix(
                time: at(seconds), mode: .threeD,
                coordinate: GeoCoordinate(latitude: 60.1699, longitude: 24.9384 + seconds * 1e-5),
                speedMetresPerSecond: speed, courseDegrees: course, horizontalErrorMetres: 4))
    }

    /// A small scene without a map: a grid and the HUD, quick to draw.
    static func pipeline(width: Int = 320, height: Int = 192) throws -> () -> NavigationPipeline {
        let scene = Scene(width: width, height: height, fonts: try FontSet.load())
        return {
            NavigationPipeline(
                scene: scene, orientation: .headingUp, zoom: 16, fallbackCenter: StartPosition.helsinki)
        }
    }

    /// The bundled ride, read as `replay` reads it.
    static func bundledRide() throws -> Recording {
        try loadRecording(
            NavDisplayBinary.repositoryRoot.appendingPathComponent("recordings/helsinki-ride.navrec").path)
    }
}
