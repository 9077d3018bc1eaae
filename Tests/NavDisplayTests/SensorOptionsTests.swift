import Foundation
import Testing

/// The IIO sensor flags `run`, `record` and `sensors` share (and `probe`'s device names), parsed by one
/// `SensorOptions`: the old flags still work, the gyroscope's are new. `--help` after the flags exits 0 only when
/// every flag before it parsed.
@Suite("Sensor options")
struct SensorOptionsTests {
    @Test(
        "Every live command takes the device flags and --no-accel and --no-gyro",
        arguments: ["run", "record", "sensors"])
    func liveCommandsTakeEverySensorFlag(_ command: String) throws {
        let r = try NavDisplayBinary.run([
            command, "--mag-device", "hmc5883l", "--accel-device=lis3dh", "--gyro-device", "l3gd20", "--no-accel",
            "--no-gyro", "--help",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        for flag in ["--mag-device", "--accel-device", "--gyro-device", "--no-accel", "--no-gyro"] {
            #expect(r.stdout.contains(flag), "\(command) --help does not list \(flag)")
        }
    }

    @Test func probeTakesTheDeviceNamesOnly() throws {
        let help = try NavDisplayBinary.run([
            "probe", "--mag-device", "a", "--accel-device", "b", "--gyro-device", "c", "--help",
        ])
        #expect(help.status == 0, "\(help.stderr)")
        #expect(help.stdout.contains("--gyro-device"))
        let r = try NavDisplayBinary.run(["probe", "--no-gyro"])
        #expect(r.status == 64)
        #expect(r.stderr.contains("unknown option --no-gyro"), "\(r.stderr)")
    }

    @Test(
        "A device flag without its name is a usage error naming the flag",
        arguments: ["run", "record", "sensors", "probe"])
    func aDeviceFlagNeedsAName(_ command: String) throws {
        let r = try NavDisplayBinary.run([command, "--gyro-device"])
        #expect(r.status == 64)
        #expect(
            r.stderr.contains("--gyro-device expects an IIO device name such as l3gd20, got nothing"), "\(r.stderr)")
    }
}
