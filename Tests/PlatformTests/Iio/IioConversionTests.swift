import Core
import Testing

@testable import Platform

/// IIO's text attributes and axis conversions at their edges; no hardware needed.
@Suite("IIO parsing and conversion")
struct IioConversionTests {
    private let attr = IioAttribute.channel("iio:device0", "magn_x", "raw")

    @Test(arguments: [
        ("1234", 1234.0), ("-17", -17), ("0.000909090", 0.000909090), ("1.5e-3", 0.0015), ("  42\n", 42),
    ])
    func numbersParseExactly(_ c: (text: String, value: Double)) throws {
        #expect(try IioValueParsing.number(c.text, attribute: attr) == c.value)
    }

    @Test(arguments: ["", "nan", "NaN", "inf", "-inf", "12 34", "0x10", "abc", "1,5"])
    func textThatIsNotOneFiniteNumberIsAnError(_ text: String) {
        #expect(throws: IioError.self) { try IioValueParsing.number(text, attribute: attr) }
    }

    @Test(arguments: [
        // hmc5883l at ±1.3 Ga: 1090 LSB/gauss, so 1090 raw is one gauss = 100 µT.
        (raw: 1090.0, offset: 0.0, scale: 1.0 / 1090, gauss: 1.0),
        (raw: -545.0, offset: 0.0, scale: 1.0 / 1090, gauss: -0.5),
        // lis3mdl at ±4 gauss: 6842 LSB/gauss, scale as the driver prints it.
        (raw: 6842.0, offset: 0.0, scale: 0.000146159, gauss: 1.000019878),
        // A driver with an offset adds it before scaling.
        (raw: 100.0, offset: -28.0, scale: 0.5, gauss: 36.0),
        (raw: 0.0, offset: 0.0, scale: 0.001, gauss: 0.0),
    ])
    func rawPlusOffsetTimesScale(_ c: (raw: Double, offset: Double, scale: Double, gauss: Double)) {
        let value = IioValueParsing.convert(raw: c.raw, offset: c.offset, scale: c.scale)
        #expect(abs(value - c.gauss) < 1e-9)
    }

    @Test func magnetometersAreMicroteslaInCoreAndAccelerometersStayMetresPerSecondSquared() {
        #expect(IioSensorKind.magnetometer.coreUnitsPerIioUnit == 100)
        #expect(IioSensorKind.accelerometer.coreUnitsPerIioUnit == 1)
        #expect(IioSensorKind.magnetometer.axisChannels == ["magn_x", "magn_y", "magn_z"])
        #expect(IioSensorKind.accelerometer.axisChannels == ["accel_x", "accel_y", "accel_z"])
    }

    @Test(arguments: [("hmc5883l", 100.0), ("hmc5843", 100), ("hmc5983", 100), ("lis3mdl", 1), ("ak8975", 1)])
    func theHmc5843DriversHundredfoldSmallScaleIsCorrected(_ c: (driver: String, factor: Double)) {
        // Kernel scale at gain 1090 counts/gauss is 0.000009174; the datasheet's is 1/1090 = 0.000917.
        #expect(IioSensorKind.scaleCorrection(forDriver: c.driver) == c.factor)
        if c.factor != 1 { #expect(abs(0.000009174 * c.factor - 1.0 / 1090) < 1e-6) }
    }

    @Test(arguments: [
        ("0.625 1.25 2.5 5 10 20 40 80", "80", 80.0),
        ("0.75 1.5 3 7.5 15 30 75\n", "75", 75),
        ("1 10 25 50 100 200 400 1600 5000", "5000", 5000),
        ("[1 1 400]", "400", 400),
        ("12.5", "12.5", 12.5),
    ])
    func theHighestAvailableRateIsChosenAsWritten(_ c: (list: String, text: String, hertz: Double)) throws {
        let best = try #require(IioValueParsing.highestRate(in: c.list))
        #expect(best.text == c.text)
        #expect(best.hertz == c.hertz)
    }

    @Test(arguments: ["", "   ", "fast slow", "nan inf", "[1 2]", "0 -5"])
    func anUnusableRateListGivesNoRate(_ list: String) {
        #expect(IioValueParsing.highestRate(in: list) == nil)
    }
}

@Suite("Matrix3")
struct Matrix3Tests {
    @Test func theKernelsIdentityTextIsTheIdentity() throws {
        let m = try #require(Matrix3(mountMatrix: "1, 0, 0; 0, 1, 0; 0, 0, 1"))
        #expect(m == .identity)
        #expect(m.kernelNotation == "1, 0, 0; 0, 1, 0; 0, 0, 1")
    }

    @Test func rowsAreAppliedAsRowDotVector() throws {
        // A chip rotated 90° about z: chip x points along the board's y.
        let m = try #require(Matrix3(mountMatrix: "0, -1, 0; 1, 0, 0; 0, 0, 1\n"))
        #expect(m * Vector3(x: 1, y: 2, z: 3) == Vector3(x: -2, y: 1, z: 3))
    }

    @Test func fractionalEntriesParse() throws {
        let m = try #require(Matrix3(mountMatrix: "0.707107, -0.707107, 0; 0.707107, 0.707107, 0; 0, 0, 1"))
        let v = m * Vector3(x: 1, y: 0, z: 0)
        #expect(abs(v.x - 0.707107) < 1e-9 && abs(v.y - 0.707107) < 1e-9 && v.z == 0)
    }

    @Test(arguments: [
        "", "1, 0, 0; 0, 1, 0", "1, 0, 0; 0, 1, 0; 0, 0", "1, 0, 0; 0, 1, 0; 0, 0, 1; 0, 0, 0",
        "1, 0, 0; 0, nan, 0; 0, 0, 1", "1, 0, 0; 0, inf, 0; 0, 0, 1", "a, b, c; d, e, f; g, h, i",
        "1 0 0; 0 1 0; 0 0 1",
    ])
    func malformedMountMatricesAreRejected(_ text: String) {
        #expect(Matrix3(mountMatrix: text) == nil)
    }

    @Test(arguments: [
        ("x,y,z", Vector3(x: 1, y: 2, z: 3)),
        ("y,x,-z", Vector3(x: 2, y: 1, z: -3)),
        ("-x, -y, z", Vector3(x: -1, y: -2, z: 3)),
        ("+z,X,y", Vector3(x: 3, y: 1, z: 2)),
    ])
    func boardOrientationNamesTheSensorAxisForEachBodyAxis(_ c: (text: String, body: Vector3)) throws {
        let m = try #require(Matrix3(axes: c.text))
        #expect(m * Vector3(x: 1, y: 2, z: 3) == c.body)
    }

    @Test(arguments: ["x,x,z", "x,y", "x,y,z,x", "x,y,w", "--x,y,z", "", "1,0,0", "y,x,z", "-x,y,z"])
    func boardOrientationsThatAreNotARotationAreRejected(_ text: String) {
        #expect(Matrix3(axes: text) == nil)
    }

    @Test func concatenationAppliesTheRightHandMatrixFirst() throws {
        let mount = try #require(Matrix3(mountMatrix: "0, -1, 0; 1, 0, 0; 0, 0, 1"))
        let board = try #require(Matrix3(axes: "y,x,-z"))
        let v = Vector3(x: 1, y: 2, z: 3)
        #expect((board * mount) * v == board * (mount * v))
    }
}

@Suite("IioDeviceChooser")
struct IioDeviceChooserTests {
    private func device(_ id: String, _ name: String, _ type: String, label: String? = nil) -> IioDeviceInfo {
        IioDeviceInfo(
            id: id, name: name, label: label, attributes: ["sampling_frequency"],
            channels: ["x", "y", "z"].map {
                IioChannelInfo(id: "\(type)_\($0)", isOutput: false, attributes: ["raw", "scale"], isScanElement: true)
            }, hasTrigger: false)
    }

    @Test func aKnownDriverNameWinsOverAnUnknownDeviceWithTheSameChannels() throws {
        let devices = [
            device("iio:device0", "mystery", "magn"), device("iio:device1", "lis3dh", "accel"),
            device("iio:device2", "hmc5883l", "magn"),
        ]
        #expect(try IioDeviceChooser.choose(.magnetometer, among: devices, override: nil).id == "iio:device2")
        #expect(try IioDeviceChooser.choose(.accelerometer, among: devices, override: nil).id == "iio:device1")
    }

    @Test func anUnknownDeviceWithTheRightChannelsIsStillUsed() throws {
        let devices = [device("iio:device0", "mystery", "magn")]
        #expect(try IioDeviceChooser.choose(.magnetometer, among: devices, override: nil).name == "mystery")
    }

    @Test func anOverrideMatchesNameLabelOrId() throws {
        let devices = [
            device("iio:device0", "hmc5883l", "magn"), device("iio:device1", "lis3mdl", "magn", label: "hat-compass"),
        ]
        #expect(try IioDeviceChooser.choose(.magnetometer, among: devices, override: "lis3mdl").id == "iio:device1")
        #expect(try IioDeviceChooser.choose(.magnetometer, among: devices, override: "hat-compass").id == "iio:device1")
        #expect(try IioDeviceChooser.choose(.magnetometer, among: devices, override: "iio:device1").id == "iio:device1")
    }

    @Test func aMissingOverrideOrWrongKindIsAnErrorNamingWhatExists() {
        let devices = [device("iio:device0", "hmc5883l", "magn"), device("iio:device1", "lis3dh", "accel")]
        #expect { try IioDeviceChooser.choose(.magnetometer, among: devices, override: "ak8975") } throws: { error in
            "\(error)".contains("hmc5883l (iio:device0)")
        }
        #expect(throws: IioError.self) {
            try IioDeviceChooser.choose(.magnetometer, among: devices, override: "lis3dh")
        }
    }

    @Test func noDeviceOfTheKindIsAnError() {
        #expect(throws: IioError.self) {
            try IioDeviceChooser.choose(.magnetometer, among: [device("iio:device0", "lis3dh", "accel")], override: nil)
        }
        #expect(throws: IioError.self) { try IioDeviceChooser.choose(.accelerometer, among: [], override: nil) }
    }

    @Test func captureUsesTheNamedTriggerTheCurrentOneOrTheDriversOwnElsePolls() {
        var mag = device("iio:device3", "lis3mdl", "magn")
        var own = device("trigger1", "lis3mdl-trigger", "none")
        own.isTrigger = true
        var other = device("trigger0", "navtest-trigger", "none")
        other.isTrigger = true
        let none: [IioDeviceInfo] = [mag]
        #expect(IioSensorChannels.captureTrigger(for: mag, among: none, choice: .automatic) == (false, nil))
        #expect(IioSensorChannels.captureTrigger(for: mag, among: [mag, other], choice: .automatic) == (false, nil))
        #expect(
            IioSensorChannels.captureTrigger(for: mag, among: [mag, other, own], choice: .automatic)
                == (true, "lis3mdl-trigger"))
        #expect(IioSensorChannels.captureTrigger(for: mag, among: [mag, own], choice: .polled) == (false, nil))
        #expect(IioSensorChannels.captureTrigger(for: mag, among: none, choice: .trigger("x")) == (true, "x"))
        mag.hasTrigger = true
        #expect(IioSensorChannels.captureTrigger(for: mag, among: none, choice: .automatic) == (true, nil))
        let hmc = device("iio:device0", "hmc5883l", "magn")
        var hmcOwn = device("trigger2", "hmc5883l-dev0", "none")
        hmcOwn.isTrigger = true
        #expect(
            IioSensorChannels.captureTrigger(for: hmc, among: [hmc, hmcOwn], choice: .automatic)
                == (true, "hmc5883l-dev0"))
    }

    @Test func theMountMatrixIsLookedForWhereLibiioAndDriversPutIt() {
        var d = device("iio:device0", "lis3mdl", "magn")
        #expect(IioSensorChannels.mountMatrixPlaces(of: d, kind: .magnetometer).isEmpty)
        d.attributes.append("mount_matrix")
        d.channels.append(IioChannelInfo(id: "mount", isOutput: false, attributes: ["matrix"], isScanElement: false))
        #expect(
            IioSensorChannels.mountMatrixPlaces(of: d, kind: .magnetometer) == [
                .channel("iio:device0", "mount", "matrix"), .device("iio:device0", "mount_matrix"),
            ])
    }
}
