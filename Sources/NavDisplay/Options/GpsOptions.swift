import Platform

/// The gpsd flags `run`, `record` and `sensors` share (`probe` takes `--gpsd` and `--no-gps` only): where gpsd
/// listens, whether to use it, and the fix rate to ask its receivers for.
struct GpsOptions {
    var host = "localhost"
    var port = "2947"
    var useGps = true
    /// `--gps-rate`: fixes per second to ask gpsd's receivers for; nil leaves them as they are.
    var fixRateHertz: Double?

    /// The lines for `probe`'s `--help`.
    static let connectionHelp = """
          --gpsd HOST:PORT        where gpsd listens (default localhost:2947)
          --no-gps                do not use gpsd
        """

    /// The lines for a command's `--help`.
    static let help =
        connectionHelp + "\n" + """
              --gps-rate HZ           ask gpsd to set the receiver to HZ fixes a second, 1 to 20 (many u-blox,
                                      MediaTek and SiRF chips do 5 or 10); the rate reached is measured and logged.
                                      Between 1 Hz fixes the heading has to guess how a turn goes on
            """

    /// Consumes `flag` (and its value) when it is one of ours; false when it is not. With `connectionOnly`,
    /// `--gps-rate` is not ours.
    mutating func parse(_ flag: String, _ args: inout ArgumentScanner, connectionOnly: Bool = false) throws -> Bool {
        switch flag {
        case "--gpsd":
            (host, port) = try args.value(for: flag, expecting: "HOST:PORT, e.g. localhost:2947", parseHostPort)
        case "--no-gps": useGps = false
        case "--gps-rate" where !connectionOnly:
            fixRateHertz = try args.number(for: flag, in: 1...20, what: "fixes a second from 1 to 20")
        default: return false
        }
        return true
    }

    /// The gpsd source these options ask for, or nil with `--no-gps`.
    func source() -> GpsdSource? {
        useGps ? GpsdSource(host: host, port: port, fixRateHertz: fixRateHertz) : nil
    }
}
