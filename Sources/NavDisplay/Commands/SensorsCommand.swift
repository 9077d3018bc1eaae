import Core
import Foundation
import Glibc
import Platform

/// `navdisplay sensors`: reads the live magnetometer, accelerometer, gyroscope and gpsd and prints every event, one
/// per line, the way the display would receive them. For bring-up on a new board and for the system tests.
struct SensorsCommand: Command {
    static let name = "sensors"
    static let summary = "print live magnetometer, accelerometer, gyroscope and gpsd readings"
    static let help = """
        USAGE: navdisplay sensors [options]

        Reads the IIO magnetometer, accelerometer and gyroscope at a fixed rate and gpsd as it reports, and prints
        each event on its own line (field in µT, specific force in m/s² and rotation rate in rad/s, all in the body
        frame: x forward, y right, z down). A lost device prints "compass lost: …" and is picked up again when it
        returns; no gyroscope at start prints "gyroscope none: …" once.

        OPTIONS:
          --samples N             stop after N magnetometer samples (default: run for --duration)
          --duration SECONDS      stop after this long (default 10)
          --rate HZ               IIO polling rate, 0.5 to 200 (default 10)
        \(SensorOptions.help)
          --board-orientation A   sensor axes that become body x,y,z, e.g. "y,x,-z" (default x,y,z)
          --iio-trigger NAME      capture through a triggered buffer with this IIO trigger
          --polled                always poll sysfs (default: a triggered buffer when the device has a trigger)
          --timer-only            take captured samples only on the sample timer, not from the buffer's descriptor
        \(GpsOptions.help)
          --probe                 print what probe says about the sensors and exit
          -h, --help              show this help
        """

    var samples: Int?
    var duration = 10.0
    var rate = 10.0
    var sensors = SensorOptions()
    var orientation = Matrix3.identity
    var gps = GpsOptions()
    var probeOnly = false
    var captureMode = IioCaptureMode.automatic
    var timerOnly = false

    init(arguments: [String]) throws {
        var args = ArgumentScanner(command: Self.name, arguments: arguments)
        while let arg = try args.next() {
            switch arg {
            case .flag("--samples"):
                samples = Int(try args.number(for: "--samples", in: 1...1_000_000, what: "a count from 1 to 1000000"))
            case .flag("--duration"):
                duration = try args.number(for: "--duration", in: 0.1...86_400, what: "seconds from 0.1 to 86400")
            case .flag("--rate"): rate = try args.number(for: "--rate", in: 0.5...200, what: "hertz from 0.5 to 200")
            case .flag("--board-orientation"):
                orientation = try args.value(
                    for: "--board-orientation", expecting: "three signed axes that turn, not mirror, such as y,x,-z"
                ) { Matrix3(axes: $0) }
            case .flag("--iio-trigger"):
                captureMode = .trigger(try args.value(for: "--iio-trigger", expecting: "an IIO trigger name"))
            case .flag("--polled"): captureMode = .polled
            case .flag("--timer-only"): timerOnly = true
            case .flag("--probe"): probeOnly = true
            case .flag("-h"), .flag("--help"): throw HelpRequest(text: Self.help)
            case .flag(let f):
                guard try sensors.parse(f, &args) || gps.parse(f, &args) else { throw args.unknown(f) }
            case .positional(let v): throw args.unexpected(v)
            }
        }
    }

    func run() throws -> Int32 {
        // Line-buffered even into a file or pipe: the system tests read the output while we run.
        StandardOutput.flushEachLine()
        if probeOnly {
            print(
                IioProbe.report(
                    magnetometerOverride: sensors.magDevice, accelerometerOverride: sensors.accelDevice,
                    gyroscopeOverride: sensors.gyroDevice), terminator: "")
            if gps.useGps { print(GpsdProbe.report(host: gps.host, port: gps.port), terminator: "") }
            return 0
        }
        // SIGINT/SIGTERM end the loop instead of the process, so the sources are released and a triggered buffer
        // is switched off: left on, drivers that refuse raw reads while it runs (ST's) could not be polled again.
        TerminationSignals.block()
        let start = MonotonicClock.now()
        let iio = sensors.sources(boardOrientation: orientation, captureMode: captureMode)
        let gpsd = gps.source()
        var magSamples = 0
        func show(_ events: [SensorEvent]) {
            for event in events {
                if case .magnetometer = event { magSamples += 1 }
                print(Self.line(for: event, since: start))
            }
            for note in gpsd?.takeNotes() ?? [] { print("gps rate: " + note) }
        }
        show(iio.start(now: start) + (gpsd?.connect(now: start) ?? []))
        if let why = iio.gyroscope?.absence { print("gyroscope none 0.000: \(why)") }
        let period = 1 / rate
        var nextTick = start
        let end = start.adding(seconds: duration)
        while MonotonicClock.now() < end, samples.map({ magSamples < $0 }) ?? true, TerminationSignals.take() == nil {
            let now = MonotonicClock.now()
            if now >= nextTick {
                show(iio.poll(now: now) + (gpsd?.poll(now: now) ?? []))
                nextTick = nextTick.adding(seconds: period)
                if nextTick < now { nextTick = now.adding(seconds: period) }
                continue
            }
            let waitMs = Int32(max(1, min(nextTick.seconds(since: now), end.seconds(since: now)) * 1000))
            // The descriptors can change after a loss, so they are gathered afresh each time round.
            var watched: [(fd: Int32, read: (Timestamp) -> [SensorEvent])] = []
            if let gpsd, let fd = gpsd.fileDescriptor { watched.append((fd, gpsd.readAvailable)) }
            for source in iio.all where !timerOnly {
                if let fd = source.captureFileDescriptor { watched.append((fd, source.readCapture)) }
            }
            var entries = watched.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
            if poll(&entries, nfds_t(entries.count), waitMs) > 0 {
                for (entry, source) in zip(entries, watched) where entry.revents != 0 {
                    show(source.read(MonotonicClock.now()))
                }
            }
        }
        gpsd?.disconnect()
        return 0
    }

    /// One event as one line: "magnetometer 1.234 x=… y=… z=… uT", "compass lost: …", "gps fix 2D, …".
    static func line(for event: SensorEvent, since start: Timestamp) -> String {
        let t = formatFixed(event.time.seconds(since: start), digits: 3)
        func xyz(_ v: Vector3) -> String {
            "x=\(formatFixed(v.x, digits: 3)) y=\(formatFixed(v.y, digits: 3)) z=\(formatFixed(v.z, digits: 3))"
        }
        switch event {
        case .magnetometer(let s): return "magnetometer \(t) \(xyz(s.microtesla)) uT"
        case .accelerometer(let s): return "accelerometer \(t) \(xyz(s.metresPerSecondSquared)) m/s2"
        case .gyroscope(let s): return "gyroscope \(t) \(xyz(s.radiansPerSecond)) rad/s"
        case .gpsFix(let f): return "gps \(t) fix \(GpsdProbe.describe(f))"
        case .gpsSky(let s): return "gps \(t) satellites \(s.satellitesUsed)/\(s.satellitesSeen)"
        case .compassHeading(_, let h):
            return "heading \(t) \(h.magneticDegrees.map { formatFixed($0, digits: 1) } ?? "-")"
        case .sourceStatus(_, let s):
            let name = s.source == .magnetometer ? "compass" : s.source.rawValue
            return "\(name) \(s.available ? "back" : "lost") \(t): \(s.detail)"
        }
    }
}
