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

extension SimulatedRide {
    /// The heading benchmark's ride through town in Helsinki (turns at junctions, a stop at a light, road
    /// vibration), 1 Hz GPS with the receiver's fix phase drawn from the seed, and six cars passing (at 10, 18, 36,
    /// 60, 78 and 90 s) unless `cars` is false. The distorted device, no gyroscope.
    public static func throughTown(seed: UInt64, cars: Bool = true) -> SimulatedRide {
        let v = 6.0
        let slow = 4.0
        func seg(_ d: Double, turn: Double = 0, from: Double, to: Double? = nil) -> Segment {
            .init(
                duration: d, turnDegrees: turn, startSpeed: from, endSpeed: to ?? from, pitchSwingDegrees: 4,
                rollSwingDegrees: 4, swingPeriod: 1.3)
        }
        let segments = [
            seg(4, from: 0, to: v), seg(20, from: v), seg(2, from: v, to: slow), seg(4, turn: 90, from: slow),
            seg(2, from: slow, to: v), seg(15, from: v), seg(4, from: v, to: 0), .init(duration: 15),
            seg(4, from: 0, to: slow),
            seg(5, turn: -120, from: slow), seg(2, from: slow, to: v), seg(20, from: v),
        ]
        var r = SimulatedRide(
            start: GeoCoordinate(latitude: 60.1699, longitude: 24.9384), initialHeadingDegrees: 70,
            segments: segments, device: distortedDevice, seed: seed)
        var phase = SeededRandom(seed: seed &+ 1_000)
        r.device.gpsPhaseSeconds = 0.05 + 0.9 * phase.uniform()
        r.magnets =
            cars
            ? [10, 18, 36, 60, 78, 90].map {
                Magnet(atSeconds: $0, widthSeconds: 0.8, peakMicrotesla: Vector3(x: -18, y: 14, z: -10))
            } : []
        return r
    }
}
