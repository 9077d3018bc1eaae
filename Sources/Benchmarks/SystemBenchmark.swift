import Core
import Foundation
import Platform
import Simulation

/// The whole-system figures of the loop issue: a full heading-up frame, idle CPU while parked, replay throughput,
/// memory with a large map, and callgrind's instruction count for a fixed replay (the repeatable figure).
func runSystemBenchmark() {
    print("\n== System: frames, idle, replay, memory ==")
    do {
        try fullFrame()
        try idleWhileParked(seconds: 10)
        replayThroughput()
        try largeMapMemory()
        callgrindReplay()
    } catch {
        print("system benchmark stopped: \(error)")
    }
}

/// A full heading-up frame on the Helsinki map (map with labels, trail, arrow, HUD), tiles already cached,
/// against a memcpy of the same frame.
private func fullFrame() throws {
    let fonts = try FontSet.load()
    for (w, h) in [(800, 480), (480, 320), (1280, 720)] {
        let layer = try OfflineMap.layer(
            path: repositoryPath("maps/helsinki.mbtiles"), style: .day, fonts: fonts, waitForTiles: true)
        let scene = Scene(width: w, height: h, fonts: fonts, map: layer)
        let here = GeoCoordinate(latitude: 60.1699, longitude: 24.9384)
        var heading = 0.0
        func frame() -> FrameBuffer {
            heading += 7
            let camera = Camera(
                mode: .headingUp, center: here, zoom: 16.5, mapBearing: Angle(heading), width: w, height: h)
            return scene.render(
                SceneInput(
                    camera: camera, mode: .headingUp,
                    heading: Heading(
                        direction: Angle(heading), reference: .trueNorth, accuracyDegrees: 3, source: .compass),
                    positionErrorMetres: 5, speedMetresPerSecond: 5, positionStatus: "GPS 3D"))
        }
        _ = frame()  // warm the tile cache
        let frameTime = medianSeconds(5) { _ = frame() }
        var a = FrameBuffer(width: w, height: h)
        var b = FrameBuffer(width: w, height: h)
        let copy = medianSeconds(50) {
            a.pixels.withUnsafeBufferPointer { s in
                b.pixels.withUnsafeMutableBufferPointer { d in _ = memcpy(d.baseAddress!, s.baseAddress!, w * h * 4) }
            }
        }
        a.pixels[0] = b.pixels[0]
        print(
            "full heading-up frame \(w)x\(h): \(formatFixed(frameTime * 1000, digits: 2)) ms (\(formatFixed(frameTime / copy, digits: 0))x memcpy; \(formatFixed(1 / frameTime, digits: 0)) fps on one core here)"
        )
    }
}

/// CPU used by the real display loop over `seconds` of a parked bike: magnetometer and accelerometer at 25 Hz with
/// sensor noise, a GPS fix a second, nothing visible changing. Target: at most 0.5 % of one core.
private func idleWhileParked(seconds: Double) throws {
    let fonts = try FontSet.load()
    let display = MemoryDisplay(width: 800, height: 480)
    let scene = Scene(width: 800, height: 480, fonts: fonts)
    // The parked ride through the real session (epoll, frame timer, frames only when something changed).
    let playback = Playback(events: parkedEvents(seconds: seconds + 1)) {
        NavigationPipeline(
            scene: scene, orientation: .headingUp, zoom: 16.5,
            fallbackCenter: GeoCoordinate(latitude: 60.17, longitude: 24.94))
    }
    var (configuration, sink) = playback.onScreen(display, speed: 1, fps: 20, repeats: false)
    configuration.handlesSignals = false
    let session = try Session(configuration)
    var cpuStart: Int64?
    // The first second settles the heading filter; measure the parked state after it.
    try session.loop.schedule(at: session.loop.now.adding(seconds: 1)) { _ in cpuStart = ProcessClock.cpuNanoseconds() }
    _ = try session.run()
    let cpu = Double(ProcessClock.cpuNanoseconds() - (cpuStart ?? 0)) / 1e9
    print(
        "idle while parked: \(formatFixed(cpu / seconds * 100, digits: 3)) % of one core over \(formatFixed(seconds, digits: 0)) s (\(sink.stats.drawn) frames drawn, \(sink.stats.skipped) skipped; target <= 0.5 %)"
    )
}

/// A parked bike's sensor stream: still, level, the field of Helsinki with noise, a fix every second.
func parkedEvents(seconds: Double) -> [SensorEvent] {
    var events: [SensorEvent] = []
    var seed: UInt64 = 42
    func noise() -> Double {
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(Int64(bitPattern: seed >> 11) % 1000) / 1000 - 0.5
    }
    let here = GeoCoordinate(latitude: 60.1699, longitude: 24.9384)
    var t = 0.0
    var step = 0
    while t < seconds {
        let time = Timestamp(seconds: t)
        events.append(
            .magnetometer(
                MagnetometerSample(
                    time: time,
                    microtesla: Vector3(x: 15.1 + noise() * 0.4, y: 1.2 + noise() * 0.4, z: 49.8 + noise() * 0.4))))
        events.append(
            .accelerometer(
                AccelerometerSample(
                    time: time, metresPerSecondSquared: Vector3(x: noise() * 0.05, y: noise() * 0.05, z: -9.81))))
        if step % 25 == 0 {
            events.append(
                .gpsFix(
                    GPSFix(
                        time: time, mode: .threeD, utcSeconds: 1_780_000_000 + t, coordinate: here,
                        altitudeMetres: 12, speedMetresPerSecond: 0, horizontalErrorMetres: 4)))
        }
        step += 1
        t += 0.04
    }
    return events
}

/// Events per second through the pipeline with no frames: what `replay --speed max --trace` costs per sample.
private func replayThroughput() {
    guard let fonts = try? FontSet.load() else { return }
    let ride = SimulatedRideEvents.hour()
    let pipeline = NavigationPipeline(
        scene: Scene(width: 320, height: 240, fonts: fonts), orientation: .headingUp, zoom: 16,
        fallbackCenter: GeoCoordinate(latitude: 60.17, longitude: 24.94))
    let start = ProcessClock.now()
    for e in ride { pipeline.apply(e) }
    let seconds = Double(ProcessClock.now() - start) / 1e9
    let span = (ride.last?.time.seconds ?? 0) - (ride.first?.time.seconds ?? 0)
    print(
        "replay throughput: \(ride.count) events (\(formatFixed(span / 60, digits: 0)) min of riding) in \(formatFixed(seconds, digits: 2)) s = \(formatFixed(Double(ride.count) / seconds / 1e6, digits: 2)) M events/s, \(formatFixed(span / seconds, digits: 0))x real time"
    )
}

/// Memory with a large map: 90,000 tiles (scripts/make-large-map.py), 200 heading-up frames while driving 20 km
/// across it, tiles rendered as needed into the bounded cache.
private func largeMapMemory() throws {
    let path = ReleaseBinary.temporaryPath("large-map.mbtiles")
    guard ReleaseBinary.makeLargeMap(at: path) else {
        print("large map: could not generate it")
        return
    }
    let before = ProcessClock.residentBytes()
    let fonts = try FontSet.load()
    let layer = try OfflineMap.layer(path: path, style: .day, fonts: fonts, waitForTiles: true, cacheTiles: 96)
    let scene = Scene(width: 800, height: 480, fonts: fonts, map: layer)
    var peak = 0
    var p = GeoCoordinate(latitude: 60.1699, longitude: 24.9384)
    for i in 0..<200 {
        p = GreatCircle.destination(from: p, bearing: Angle(70), distance: 100)
        let camera = Camera(
            mode: .headingUp, center: p, zoom: 16, mapBearing: Angle(70 + Double(i % 10)), width: 800, height: 480)
        _ = scene.render(SceneInput(camera: camera, mode: .headingUp, heading: nil))
        peak = max(peak, ProcessClock.residentBytes())
    }
    print(
        "large map (90,000 tiles, 96-tile cache): RSS \(formatFixed(Double(before) / 1_048_576, digits: 1)) MiB before opening, peak \(formatFixed(Double(peak) / 1_048_576, digits: 1)) MiB over 200 frames across 20 km"
    )
    try? FileManager.default.removeItem(atPath: path)
}

/// callgrind's instruction count for a fixed replay of the bundled ride through the release binary: the same
/// number on every run of the same build, whatever else the machine is doing.
private func callgrindReplay() {
    guard let binary = ReleaseBinary.navdisplay(for: "callgrind") else { return }
    let out = ReleaseBinary.temporaryPath("callgrind-frames")
    let valgrind = Process()
    valgrind.executableURL = URL(fileURLWithPath: "/usr/bin/valgrind")
    valgrind.arguments = [
        "--tool=callgrind", "--callgrind-out-file=/dev/null", binary, "replay",
        repositoryPath("recordings/helsinki-ride.navrec"), "--speed", "max", "--out", out, "--fps", "0.1",
    ]
    let err = Pipe()
    valgrind.standardError = err
    valgrind.standardOutput = FileHandle.nullDevice
    do { try valgrind.run() } catch {
        print("callgrind: valgrind is not installed (apt install valgrind)")
        return
    }
    let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    valgrind.waitUntilExit()
    guard valgrind.terminationStatus == 0 else {
        print(
            "callgrind: the replay failed (status \(valgrind.terminationStatus)): \(text.split(separator: "\n").suffix(3).joined(separator: " | "))"
        )
        return
    }
    let collected = text.split(separator: "\n").first { $0.contains("Collected") }
    print(
        "callgrind, replay of recordings/helsinki-ride.navrec with a frame every 10 s: \(collected.map { String($0.split(separator: ":").last ?? "").trimmingCharacters(in: .whitespaces) } ?? "no figure (\(valgrind.terminationStatus))") instructions"
    )
    try? FileManager.default.removeItem(atPath: out)
}

/// An hour of riding as sensor events (magnetometer and accelerometer at 25 Hz, GPS at 1 Hz), from the bundled
/// demo route repeated.
enum SimulatedRideEvents {
    static func hour() -> [SensorEvent] {
        let lap = DemoRide.events()
        guard let lapEnd = lap.last?.time.seconds, lapEnd > 0 else { return [] }
        var out: [SensorEvent] = []
        var offset = 0.0
        while offset < 3600 {
            for e in lap {
                let t = Timestamp(seconds: e.time.seconds + offset)
                switch e {
                case .compassHeading(_, let r):
                    // A field from the heading so the estimator does real work: level, Helsinki's dip.
                    let h = (r.magneticDegrees ?? 0) * .pi / 180
                    out.append(
                        .magnetometer(
                            MagnetometerSample(
                                time: t, microtesla: Vector3(x: 15.2 * cos(h), y: -15.2 * sin(h), z: 49.8))))
                    out.append(
                        .accelerometer(
                            AccelerometerSample(time: t, metresPerSecondSquared: Vector3(x: 0, y: 0, z: -9.81))))
                case .gpsFix(var f):
                    f.time = t
                    out.append(.gpsFix(f))
                default: break
                }
            }
            offset += lapEnd + 0.1
        }
        return out
    }
}
