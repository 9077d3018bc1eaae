import Platform

/// The gpsd flags `run`, `record` and `sensors` share (`probe` takes `--gpsd` and `--no-gps` only): where gpsd
/// listens, whether to use it, and the fix rate to ask its receivers for.
struct GpsOptions: OptionGroup {
    var host = "localhost"
    var port = "2947"
    var useGps = true
    /// `--gps-rate`: fixes per second to ask gpsd's receivers for; nil leaves them as they are.
    var fixRateHertz: Double?

    /// The flags `probe` takes.
    static let connectionFlags: Set<String> = ["--gpsd", "--no-gps"]

    static let options: [OptionSpec<GpsOptions>] = [
        .value(
            "--gpsd", "HOST:PORT", what: "HOST:PORT, e.g. localhost:2947", example: "localhost:2947",
            help: "where gpsd listens (default localhost:2947)", convert: parseHostPort
        ) { o, address in (o.host, o.port) = address },
        .flag("--no-gps", help: "do not use gpsd") { o in o.useGps = false },
        .number(
            "--gps-rate", "HZ", in: 1...20, what: "fixes a second from 1 to 20", example: "5",
            help: "ask gpsd to set the receiver to HZ fixes a second, 1 to 20 (many u-blox,\n"
                + "MediaTek and SiRF chips do 5 or 10); the rate reached is measured and logged.\n"
                + "Between 1 Hz fixes the heading has to guess how a turn goes on"
        ) { o, hertz in o.fixRateHertz = hertz },
    ]

    /// The gpsd source these options ask for, or nil with `--no-gps`.
    func source() -> GpsdSource? {
        useGps ? GpsdSource(host: host, port: port, fixRateHertz: fixRateHertz) : nil
    }
}
