import Core

/// Ready-made rides for tests, benchmarks and demo recordings.
extension SimulatedRide {
    /// A device with a typical handlebar-mount distortion: 25–40 µT hard iron and ~15 % soft iron with cross terms.
    public static var distortedDevice: Device {
        var d = Device()
        d.hardIronMicrotesla = Vector3(x: 28, y: -36, z: 41)
        d.softIron = Matrix3(rowMajor: [1.12, 0.06, -0.03, 0.06, 0.93, 0.04, -0.03, 0.04, 1.02])!
        return d
    }

    /// The user turning the unit through every direction for `seconds` (what `navdisplay calibrate` asks for):
    /// two full turns while the unit rolls over both sides (±180°) and pitches ±70°.
    public static func calibrationTumble(device: Device, seconds: Double = 60, seed: UInt64 = 7) -> SimulatedRide {
        var d = device
        d.gpsHz = 0
        return SimulatedRide(
            segments: [
                Segment(
                    duration: seconds, turnDegrees: 720, pitchSwingDegrees: 70, rollSwingDegrees: 180,
                    swingPeriod: seconds / 5.3)
            ], device: d, seed: seed)
    }
}
