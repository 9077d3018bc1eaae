import Core
import Testing

@testable import Platform

/// The gyroscope kind: IIO's `anglvel` channels in rad/s, the drivers that register one, and the device choice
/// when a gyroscope shares its device with the accelerometer (inv_mpu6050, bmi160). No hardware needed; the real
/// l3g4200d driver is read in scripts/vm/iio-tests.
@Suite("IIO gyroscope")
struct IioGyroscopeTests {
    private func device(
        _ id: String, _ name: String, _ types: [String], attributes: [String] = ["sampling_frequency"]
    ) -> IioDeviceInfo {
        IioDeviceInfo(
            id: id, name: name, label: nil, attributes: attributes,
            channels: types.flatMap { type in
                ["x", "y", "z"].map {
                    IioChannelInfo(
                        id: "\(type)_\($0)", isOutput: false, attributes: ["raw", "scale"], isScanElement: true)
                }
            }, hasTrigger: false)
    }

    @Test func gyroscopesReadTheAnglvelChannelsInRadiansPerSecondUnchanged() {
        let kind = IioSensorKind.gyroscope
        #expect(kind.axisChannels == ["anglvel_x", "anglvel_y", "anglvel_z"])
        #expect(kind.coreUnitsPerIioUnit == 1)
        #expect(kind.iioUnit == "rad/s")
        #expect(kind.sensorSource == .gyroscope)
        #expect(IioSensorKind.allCases == [.magnetometer, .accelerometer, .gyroscope])
    }

    @Test func aGyroscopeReadingBecomesAGyroscopeEvent() {
        let rate = Vector3(x: 0.1, y: -0.2, z: 0.3)
        let t = Timestamp(seconds: 2)
        #expect(
            IioSensorKind.gyroscope.event(rate, at: t) == .gyroscope(GyroscopeSample(time: t, radiansPerSecond: rate)))
    }

    @Test(arguments: [
        // l3g4200d at ±250 dps: 8.75 mdps per count, the driver's scale IIO_DEGREE_TO_RAD(8750) = 0.000152716.
        (raw: 1000.0, scale: 0.000152716, radiansPerSecond: 0.152716),
        (raw: -32768, scale: 0.000152716, radiansPerSecond: -5.004198),
        // mpu6050 at ±250 dps: 131 counts per dps, scale 0.000133090.
        (raw: 131, scale: 0.000133090, radiansPerSecond: 0.017434790),
    ])
    func rawTimesTheDriversScaleIsRadiansPerSecond(_ c: (raw: Double, scale: Double, radiansPerSecond: Double)) {
        let value =
            IioValueParsing.convert(raw: c.raw, offset: 0, scale: c.scale) * IioSensorKind.gyroscope.coreUnitsPerIioUnit
        #expect(abs(value - c.radiansPerSecond) < 1e-6)
    }

    @Test(arguments: [
        "l3g4200d", "l3gd20", "l3gd20h", "lsm330d_gyro", "lsm330dl_gyro", "lsm330dlc_gyro", "lsm9ds0_gyro",
        "lsm330_gyro", "lsm6dso_gyro", "lsm9ds1-imu_gyro", "bmg160", "bmi160", "mpu6050", "mpu6500", "mpu9250",
        "fxas21002c", "itg3200", "mpu3050",
    ])
    func theKernelsGyroscopeDriverNamesAreKnown(_ name: String) {
        #expect(IioSensorKind.gyroscope.driverNames.contains(name))
    }

    @Test(arguments: ["lsm9ds1-imu", "lsm6ds3", "lsm6dsl", "lsm6dso", "ism330dlc"])
    func stLsm6dsxChipsAreKnownByBothOfTheirDevices(_ chip: String) {
        #expect(IioSensorKind.accelerometer.driverNames.contains("\(chip)_accel"))
        #expect(IioSensorKind.gyroscope.driverNames.contains("\(chip)_gyro"))
    }

    @Test func aKnownGyroscopeIsChosenAmongMagnetometerAndAccelerometerDevices() throws {
        let devices = [
            device("iio:device0", "lis3mdl", ["magn"]), device("iio:device1", "lsm6dso_accel", ["accel"]),
            device("iio:device2", "mystery", ["anglvel"]), device("iio:device3", "lsm6dso_gyro", ["anglvel"]),
        ]
        #expect(try IioDeviceChooser.choose(.gyroscope, among: devices, override: nil).id == "iio:device3")
        #expect(try IioDeviceChooser.choose(.gyroscope, among: devices, override: "mystery").id == "iio:device2")
        #expect(try IioDeviceChooser.choose(.accelerometer, among: devices, override: nil).id == "iio:device1")
        #expect(throws: IioError.self) {
            try IioDeviceChooser.choose(.gyroscope, among: devices, override: "lis3mdl")
        }
    }

    @Test func noGyroscopeIsAnErrorNamingTheAnglvelChannels() {
        let devices = [device("iio:device0", "hmc5883l", ["magn"]), device("iio:device1", "lis3dh", ["accel"])]
        #expect { try IioDeviceChooser.choose(.gyroscope, among: devices, override: nil) } throws: { error in
            "\(error)".contains("anglvel_x/anglvel_y/anglvel_z") && "\(error)".contains("lis3dh (iio:device1)")
        }
    }

    @Test func oneAccelAndGyroDeviceIsChosenForBothKinds() throws {
        let mpu = device("iio:device1", "mpu9250", ["accel", "anglvel"])
        let devices = [device("iio:device0", "ak8963", ["magn"]), mpu]
        #expect(try IioDeviceChooser.choose(.accelerometer, among: devices, override: nil) == mpu)
        #expect(try IioDeviceChooser.choose(.gyroscope, among: devices, override: nil) == mpu)
        #expect(try IioDeviceChooser.choose(.gyroscope, among: devices, override: "iio:device1") == mpu)
        #expect(try IioDeviceChooser.choose(.magnetometer, among: devices, override: nil).name == "ak8963")
    }

    @Test func aDeviceWithTwoKindsIsPolledUnlessATriggerIsNamed() {
        // One buffer per device, and inv_mpu6050 refuses raw reads while it runs: two sources must both poll.
        var mpu = device("iio:device1", "mpu6050", ["accel", "anglvel"])
        mpu.hasTrigger = true
        var own = device("trigger0", "mpu6050-dev1", [])
        own.isTrigger = true
        #expect(IioSensorChannels.captureTrigger(for: mpu, among: [mpu, own], choice: .automatic) == (false, nil))
        #expect(IioSensorChannels.captureTrigger(for: mpu, among: [mpu, own], choice: .trigger("t")) == (true, "t"))
        // A gyroscope alone on its device captures through its own trigger as the other kinds do.
        let gyro = device("iio:device2", "l3gd20", ["anglvel"])
        var gyroOwn = device("trigger1", "l3gd20-trigger", [])
        gyroOwn.isTrigger = true
        #expect(
            IioSensorChannels.captureTrigger(for: gyro, among: [gyro, gyroOwn], choice: .automatic)
                == (true, "l3gd20-trigger"))
    }

    @Test func theGyroscopesMountMatrixIsLookedForUnderItsOwnChannelType() {
        let mpu = device("iio:device1", "mpu6050", ["accel", "anglvel"], attributes: ["in_anglvel_mount_matrix"])
        #expect(
            IioSensorChannels.mountMatrixPlaces(of: mpu, kind: .gyroscope) == [
                .device("iio:device1", "in_anglvel_mount_matrix")
            ])
        #expect(IioSensorChannels.mountMatrixPlaces(of: mpu, kind: .accelerometer).isEmpty)
    }

    @Test func boardOrientationTurnsARotationRateLikeAnyVector() throws {
        // Mounted upside down, turned about x: sensor z is body -z, so turning right (body +z) reads as -z.
        let board = try #require(Matrix3(axes: "x,-y,-z"))
        let mount = try #require(Matrix3(mountMatrix: "0, -1, 0; 1, 0, 0; 0, 0, 1"))
        let sensor = Vector3(x: 0.01, y: 0.02, z: -0.5)
        #expect((board * mount) * sensor == Vector3(x: -0.02, y: -0.01, z: 0.5))
    }
}
