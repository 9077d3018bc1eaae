import Core
import FoundationEssentials
import Platform

/// `navdisplay sensors`: reads the live magnetometer, accelerometer, gyroscope and gpsd and prints every event, one
/// per line, the way the display would receive them. For bring-up on a new board and for the system tests.
struct SensorsCommand: Command {
    static let name = "sensors"
    static let summary = "print live magnetometer, accelerometer, gyroscope and gpsd readings"
    static let about = """
        USAGE: navdisplay sensors [options]

        Reads the IIO magnetometer, accelerometer and gyroscope at a fixed rate and gpsd as it reports, and prints
        each event on its own line (field in µT, specific force in m/s² and rotation rate in rad/s, all in the body
        frame: x forward, y right, z down). A lost device prints "compass lost: …" and is picked up again when it
        returns; no gyroscope at start prints "gyroscope none: …" once.
        """

    static let options: [OptionSpec<SensorsCommand>] =
        [
            .integer(
                "--samples", "N", in: 1...1_000_000, what: "a count from 1 to 1000000", example: "3",
                help: "stop after N magnetometer samples (default: run for --duration)"
            ) { c, n in c.samples = n },
            .duration(\.duration, help: "stop after this long (default 10)"),
            .sampleRate(\.rate, help: "how often the IIO sensors are read, 0.5 to 200 (default 10)"),
        ] + SensorOptions.options(in: \.sensors) + [
            .text(
                "--iio-trigger", "NAME", what: "an IIO trigger name", example: "trigger0",
                help: "capture through a triggered buffer with this IIO trigger"
            ) { c, name in c.captureMode = .trigger(name) },
            .flag("--polled", help: "always poll sysfs (default: a triggered buffer when the device has a trigger)") {
                c in c.captureMode = .polled
            },
            .flag(
                "--timer-only",
                help: "take captured samples only on the sample timer, not from the buffer's\ndescriptor"
            ) { c in c.timerOnly = true },
        ] + GpsOptions.options(in: \.gps) + [
            .flag("--probe", help: "print what probe says about the sensors and exit") { c in c.probeOnly = true }
        ]

    var samples: Int?
    var duration: Double? = 10
    var rate = 10.0
    var sensors = SensorOptions()
    var gps = GpsOptions()
    var probeOnly = false
    var captureMode = IioCaptureMode.automatic
    var timerOnly = false

    init(arguments: [String]) throws {
        try parseOptions(arguments)
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
