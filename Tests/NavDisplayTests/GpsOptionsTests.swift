import Foundation
import Testing

/// The gpsd flags `run`, `record` and `sensors` share through one `GpsOptions` (`probe` takes the connection
/// ones): `--gpsd`, `--no-gps` and `--gps-rate`.
@Suite("GPS options")
struct GpsOptionsTests {
    @Test("Every live command takes --gpsd, --no-gps and --gps-rate", arguments: ["run", "record", "sensors"])
    func liveCommandsTakeEveryGpsFlag(_ command: String) throws {
        let r = try NavDisplayBinary.run([command, "--gpsd", "127.0.0.1:2948", "--no-gps", "--gps-rate", "5", "--help"])
        #expect(r.status == 0, "\(r.stderr)")
        for flag in ["--gpsd", "--no-gps", "--gps-rate"] {
            #expect(r.stdout.contains(flag), "\(command) --help does not list \(flag)")
        }
    }

    @Test(
        "A fix rate outside 1 to 20 Hz, or not a number, is a usage error",
        arguments: [("run", "0"), ("record", "25"), ("sensors", "fast"), ("run", "nan")])
    func aFixRateMustBeSensible(_ command: String, _ value: String) throws {
        let r = try NavDisplayBinary.run([command, "--gps-rate", value])
        #expect(r.status == 64)
        #expect(r.stderr.contains("--gps-rate expects fixes a second from 1 to 20"), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
    }

    @Test func probeTakesTheConnectionFlagsOnly() throws {
        let help = try NavDisplayBinary.run(["probe", "--gpsd", "localhost:2947", "--no-gps", "--help"])
        #expect(help.status == 0, "\(help.stderr)")
        let r = try NavDisplayBinary.run(["probe", "--gps-rate", "5"])
        #expect(r.status == 64)
        #expect(r.stderr.contains("unknown option --gps-rate"), "\(r.stderr)")
    }
}
