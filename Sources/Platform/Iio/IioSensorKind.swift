import Core

/// The kinds of IIO sensor the display reads, with the driver names that identify them.
public enum IioSensorKind: String, Hashable, Sendable, CaseIterable {
    case magnetometer, accelerometer, gyroscope

    /// Names kernel drivers register for this kind, most specific first. A device with another name is still
    /// used when it has the right channels (see `IioDeviceChooser`), after these.
    public var driverNames: [String] {
        switch self {
        case .magnetometer:
            return [
                "lis3mdl", "lsm9ds1_magn", "lsm303agr_magn", "lsm303dlhc_magn", "lsm303dlh_magn", "lsm303dlm_magn",
                "lis2mdl", "iis2mdc", "hmc5883l", "hmc5843", "hmc5983", "ak8975", "ak8963", "ak09911", "ak09912",
                "ak09916", "bmc150_magn", "bmc156_magn", "bmm150_magn", "mmc35240", "rm3100", "mag3110",
                "yamaha-yas530", "yamaha-yas532", "yamaha-yas533", "tlv493d", "af8133j",
            ]
        case .accelerometer:
            return [
                "lsm9ds1_accel", "lis3dh", "lsm303agr_accel", "lsm303dlhc_accel", "lsm303dlh_accel",
                "lsm303dlm_accel", "lsm330_accel", "lsm330d_accel", "lsm330dl_accel", "lsm330dlc_accel", "lis2dh12",
                "lis2dw12", "lis331dlh", "lis3lv02dl", "lis3de", "lng2dm", "lsm6ds3", "lsm6dsl", "lsm6dsm",
                "lsm6dso", "lsm6dsox", "ism330dlc", "bmc150_accel", "bma250e", "bma222e", "bma280", "bmi088a",
                "bmi160", "bmi270", "mpu6050", "mpu6500", "mpu9250", "icm20608", "adxl345", "adxl355", "mma8452",
                "mma8451", "fxos8700", "kxcjk1013", "mxc4005",
                // st_lsm6dsx registers "<chip>_accel" beside "<chip>_gyro" (Sense HAT's LSM9DS1: lsm9ds1-imu).
                "lsm9ds1-imu_accel", "lsm6ds3_accel", "lsm6ds3h_accel", "lsm6ds3tr-c_accel", "lsm6dsl_accel",
                "lsm6dsm_accel", "lsm6dso_accel", "lsm6dsox_accel", "lsm6dsr_accel", "ism330dlc_accel",
                "ism330dhcx_accel", "asm330lhh_accel",
            ]
        case .gyroscope:
            // st_gyro's names (st_gyro.h), st_lsm6dsx's "<chip>_gyro" devices (the chip's own name carries both
            // accel and gyro only in drivers that register one device, as inv_mpu6050 and bmi160 do).
            return [
                "l3gd20h", "l3gd20", "l3g4200d", "l3g4is_ui", "lsm330_gyro", "lsm330d_gyro", "lsm330dl_gyro",
                "lsm330dlc_gyro", "lsm9ds0_gyro", "lsm9ds1-imu_gyro", "lsm6ds3_gyro", "lsm6ds3h_gyro",
                "lsm6ds3tr-c_gyro", "lsm6dsl_gyro", "lsm6dsm_gyro", "lsm6dso_gyro", "lsm6dsox_gyro", "lsm6dsr_gyro",
                "ism330dlc_gyro", "ism330dhcx_gyro", "asm330lhh_gyro", "bmg160", "bmi055_gyro", "bmi088_gyro",
                "bmi160", "mpu6050", "mpu6500", "mpu6515", "mpu9150", "mpu9250", "mpu9255", "icm20608", "icm20602",
                "icm20689", "fxas21002c", "itg3200", "mpu3050",
            ]
        }
    }

    /// The IIO channel type prefix (`magn`, `accel`, `anglvel`).
    var channelType: String {
        switch self {
        case .magnetometer: return "magn"
        case .accelerometer: return "accel"
        case .gyroscope: return "anglvel"
        }
    }

    /// The three channels, x, y, z.
    var axisChannels: [String] { ["x", "y", "z"].map { "\(channelType)_\($0)" } }

    /// IIO reports magnetometers in gauss, accelerometers in m/s² and gyroscopes in rad/s; Core keeps
    /// microtesla, m/s² and rad/s.
    var coreUnitsPerIioUnit: Double { self == .magnetometer ? 100 : 1 }

    /// The IIO ABI's unit, for probe's report.
    var iioUnit: String {
        switch self {
        case .magnetometer: return "gauss"
        case .accelerometer: return "m/s²"
        case .gyroscope: return "rad/s"
        }
    }

    /// A factor for drivers whose scale does not give the ABI's unit. The kernel's hmc5843 driver (hmc5843,
    /// hmc5883, hmc5883l, hmc5983) reports 1/gain × 10⁻² as its scale: at the default gain of 1090 counts per gauss
    /// it says 0.000009174 where the datasheet (and the IIO ABI's gauss) give 0.000917, so Earth's field would read
    /// 0.5 µT instead of 50. Seen on Debian's 6.1 kernel with the chip on i2c-stub (scripts/vm/iio-tests).
    static func scaleCorrection(forDriver name: String) -> Double {
        ["hmc5843", "hmc5883", "hmc5883l", "hmc5983"].contains(name) ? 100 : 1
    }

    /// What the status line and probe call it.
    var sensorSource: SensorSource {
        switch self {
        case .magnetometer: return .magnetometer
        case .accelerometer: return .accelerometer
        case .gyroscope: return .gyroscope
        }
    }

    /// The Core event for a body-frame vector in Core units.
    func event(_ value: Vector3, at time: Timestamp) -> SensorEvent {
        switch self {
        case .magnetometer: return .magnetometer(MagnetometerSample(time: time, microtesla: value))
        case .accelerometer:
            return .accelerometer(AccelerometerSample(time: time, metresPerSecondSquared: value))
        case .gyroscope:
            // Rotation rates are vectors: the mount matrix and board orientation turn them like the field.
            return .gyroscope(GyroscopeSample(time: time, radiansPerSecond: value))
        }
    }
}

/// How a sensor is read.
public enum IioCaptureMode: Hashable, Sendable {
    /// A triggered buffer when the device has a trigger (assigned, or its driver's own), else polled reads.
    case automatic
    /// Polled sysfs reads at the caller's rate.
    case polled
    /// A triggered buffer with this trigger (a trigger device's name, e.g. "hrtimer-20hz").
    case trigger(String)
}
