import Core
import FoundationEssentials
import Platform

/// `navdisplay sensors`: reads the live magnetometer, accelerometer, gyroscope and gpsd and prints every event, one
/// per line, the way the display would receive them. For bring-up on a new board and for the system tests.
struct SensorsCommand: Command {
    static let name = "sensors"
    static let summary = "print live magnetometer, accelerometer, gyroscope and gpsd readings"
    static let shared = SharedOptions().with(SensorOptions.self).with(GpsOptions.self)
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
        // SIGINT/SIGTERM end the session instead of the process, so the sources are released and a triggered
        // buffer is switched off: left on, drivers that refuse raw reads while it runs (ST's) could not be polled again.
        let start = MonotonicClock.now()
        let iio = sensors.sources(
            sampleHertz: rate, captureMode: captureMode, watchesCaptures: !timerOnly)
        let gpsd = gps.source()
        let printer = PrinterSink(start: start, magnetometerLimit: samples) { print($0) }
        var configuration = SessionConfiguration(
            clock: .system, sources: [iio] + (gpsd.map { [$0] } ?? []), sinks: [printer])
        configuration.stopAfterSeconds = duration
        configuration.note = { source, note in
            if source == "gpsd" { print("gps rate: " + note) }
        }
        _ = try Session(configuration).run {
            // Once, after the start lines: no gyroscope is normal, and it is not looked for as a "lost" sensor.
            if let why = iio.gyroscope?.absence { print("gyroscope none 0.000: \(why)") }
        }
        return 0
    }
}
