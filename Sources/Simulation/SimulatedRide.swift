import Core
import Foundation

/// A physical model of a magnetometer/accelerometer/GPS unit on a vehicle, producing the `SensorEvent`s a live
/// ride would: the WMM field at the place and date, rotated into the device's attitude, distorted by hard and soft
/// iron, plus magnets passing by and sensor noise; gravity and the vehicle's accelerations as specific force; GPS
/// fixes with noisy course and speed. Deterministic for a seed.
public struct SimulatedRide: Sendable {
    /// The sensor unit and how it is mounted.
    public struct Device: Sendable {
        /// Distortion: raw = softIron · field + hardIron (µT), what calibration must undo.
        public var hardIronMicrotesla = Vector3.zero
        public var softIron = Matrix3.identity
        /// Per-axis white noise of the magnetometer, µT.
        public var magnetometerNoiseMicrotesla = 0.3
        public var accelerometerNoise = 0.05
        /// The device's yaw relative to the vehicle, degrees (a handlebar mount turned a little).
        public var mountYawDegrees = 0.0
        /// The mount turned by `degrees` more over the second after `atSeconds` (the rider straightening it at a
        /// light), or nil: the gyroscope and the field see the turn, the course does not.
        public var mountTurn: (atSeconds: Double, degrees: Double)?
        /// The device's yaw relative to the vehicle at `t` seconds.
        public func mountYaw(at t: Double) -> Double {
            guard let turn = mountTurn else { return mountYawDegrees }
            let u = min(1, max(0, t - turn.atSeconds))
            return mountYawDegrees + turn.degrees * (1 - cos(.pi * u)) / 2
        }
        public var magnetometerHz = 50.0
        /// 0 means the unit has no accelerometer.
        public var accelerometerHz = 50.0
        /// 0 (the default) means the unit has no gyroscope.
        public var gyroscopeHz = 0.0
        /// Per-axis white noise and constant bias of the gyroscope, rad/s.
        public var gyroscopeNoise = 0.003
        public var gyroscopeBias = Vector3(x: 0.002, y: -0.001, z: 0.003)
        /// 0 means no GPS.
        public var gpsHz = 1.0
        /// When the first fix comes, seconds: where turns start and end between two fixes depends on it, and a
        /// receiver's phase is anything.
        public var gpsPhaseSeconds = 0.5
        /// 1-σ error of GPS speed (m/s) along and across the track; course noise follows as atan(σ / speed).
        public var gpsVelocityNoise = 0.08
        public var gpsPositionNoiseMetres = 1.5
        public init() {}
    }

    /// A stretch of motion: the vehicle turns `turnDegrees` spread evenly over `duration` (after an instant
    /// `stepDegrees` at its start), its speed goes linearly from `startSpeed` to `endSpeed`, and the device's
    /// pitch and roll swing sinusoidally with the given amplitudes and period around their offsets.
    public struct Segment: Sendable {
        public var duration: Double
        public var turnDegrees = 0.0
        public var stepDegrees = 0.0
        public var startSpeed = 0.0
        public var endSpeed = 0.0
        public var pitchDegrees = 0.0
        public var rollDegrees = 0.0
        public var pitchSwingDegrees = 0.0
        public var rollSwingDegrees = 0.0
        public var swingPeriod = 4.0
        public init(
            duration: Double, turnDegrees: Double = 0, stepDegrees: Double = 0, startSpeed: Double = 0,
            endSpeed: Double? = nil, pitchDegrees: Double = 0, rollDegrees: Double = 0, pitchSwingDegrees: Double = 0,
            rollSwingDegrees: Double = 0, swingPeriod: Double = 4
        ) {
            self.duration = duration
            self.turnDegrees = turnDegrees
            self.stepDegrees = stepDegrees
            self.startSpeed = startSpeed
            self.endSpeed = endSpeed ?? startSpeed
            self.pitchDegrees = pitchDegrees
            self.rollDegrees = rollDegrees
            self.pitchSwingDegrees = pitchSwingDegrees
            self.rollSwingDegrees = rollSwingDegrees
            self.swingPeriod = swingPeriod
        }
    }

    /// A magnet passing: a field added in the world frame with a Gaussian rise and fall around `atSeconds`.
    public struct Magnet: Sendable {
        public var atSeconds: Double
        public var widthSeconds: Double
        /// Peak extra field, north-east-down, µT.
        public var peakMicrotesla: Vector3
        public init(atSeconds: Double, widthSeconds: Double, peakMicrotesla: Vector3) {
            self.atSeconds = atSeconds
            self.widthSeconds = widthSeconds
            self.peakMicrotesla = peakMicrotesla
        }
    }

    /// Where the vehicle is and which way it goes at one instant (the truth a heading is judged against).
    public struct Pose: Sendable {
        /// The vehicle's true heading (direction of travel), degrees.
        public var heading: Angle
        public var speed: Double
        public var pitchDegrees: Double
        public var rollDegrees: Double
    }

    public var start: GeoCoordinate
    /// UTC seconds since 1970 at t = 0 (sets the date for WMM).
    public var startUTCSeconds: Double
    public var initialHeadingDegrees: Double
    public var segments: [Segment]
    public var device: Device
    public var magnets: [Magnet]
    /// A bicycle or motorbike: it leans into each turn (by atan(v·ω / g)) so that the force it feels stays along
    /// its own vertical. A car (false) stays upright and feels the turn as a sideways force. The lean is added to
    /// the unit's roll, about its own forward axis: exact for a unit mounted straight (`mountYawDegrees` 0).
    public var leansIntoTurns = false
    public var seed: UInt64

    public init(
        start: GeoCoordinate = GeoCoordinate(latitude: 60.1699, longitude: 24.9384),
        startUTCSeconds: Double = 1_780_000_000,
        initialHeadingDegrees: Double = 0, segments: [Segment], device: Device = Device(), magnets: [Magnet] = [],
        seed: UInt64 = 1
    ) {
        self.start = start
        self.startUTCSeconds = startUTCSeconds
        self.initialHeadingDegrees = initialHeadingDegrees
        self.segments = segments
        self.device = device
        self.magnets = magnets
        self.seed = seed
    }

    public var duration: Double { segments.reduce(0) { $0 + $1.duration } }

    /// Times (seconds) at which the turn rate changes: a turn starts or ends (or the heading steps) there.
    public var turnEdges: [Double] {
        var edges: [Double] = []
        var t = 0.0
        var previousRate = 0.0
        for s in segments {
            let rate = s.duration > 0 ? s.turnDegrees / s.duration : 0
            if rate != previousRate || s.stepDegrees != 0 { edges.append(t) }
            previousRate = rate
            t += s.duration
        }
        return edges
    }

    /// The vehicle's pose at `t` seconds (clamped to the ride).
    public func pose(at t: Double) -> Pose {
        var heading = initialHeadingDegrees
        var t0 = 0.0
        for (i, s) in segments.enumerated() {
            let isLast = i == segments.count - 1
            if t < t0 + s.duration || isLast {
                let u = min(max((t - t0) / s.duration, 0), 1)
                let phase = 2 * .pi * (t - t0) / s.swingPeriod
                let speed = s.startSpeed + (s.endSpeed - s.startSpeed) * u
                let rate = s.duration > 0 ? s.turnDegrees / s.duration * .pi / 180 : 0
                let lean = leansIntoTurns ? atan(speed * rate / 9.80665) * 180 / .pi : 0
                return Pose(
                    heading: Angle(heading + s.stepDegrees + s.turnDegrees * u),
                    speed: speed,
                    pitchDegrees: s.pitchDegrees + s.pitchSwingDegrees * sin(phase),
                    rollDegrees: s.rollDegrees + s.rollSwingDegrees * sin(phase * 0.77 + 1) + lean)
            }
            heading += s.stepDegrees + s.turnDegrees
            t0 += s.duration
        }
        return Pose(heading: Angle(heading), speed: 0, pitchDegrees: 0, rollDegrees: 0)
    }

    /// Body → world (north-east-down) rotation for yaw, pitch, roll (aerospace Z-Y-X order), degrees.
    public static func bodyToWorld(yaw: Double, pitch: Double, roll: Double) -> Matrix3 {
        let (y, p, r) = (yaw * .pi / 180, pitch * .pi / 180, roll * .pi / 180)
        let cy = cos(y)
        let sy = sin(y)
        let cp = cos(p)
        let sp = sin(p)
        let cr = cos(r)
        let sr = sin(r)
        return Matrix3(
            rows: Vector3(x: cy * cp, y: cy * sp * sr - sy * cr, z: cy * sp * cr + sy * sr),
            Vector3(x: sy * cp, y: sy * sp * sr + cy * cr, z: sy * sp * cr - cy * sr),
            Vector3(x: -sp, y: cp * sr, z: cp * cr))
    }

    /// The device's body-to-world rotation at `t`.
    func attitude(at t: Double) -> Matrix3 {
        let p = pose(at: t)
        return SimulatedRide.bodyToWorld(
            yaw: p.heading.degrees + device.mountYaw(at: t), pitch: p.pitchDegrees, roll: p.rollDegrees)
    }

    /// The device's angular rate in its own frame (rad/s), from the attitude a moment before and after:
    /// R(t−h)ᵀ R(t+h) ≈ I + [ω×] 2h.
    func bodyRate(at t: Double) -> Vector3 {
        let h = 0.002
        let d = attitude(at: max(0, t - h)).transposed * attitude(at: t + h)
        let span = t + h - max(0, t - h)
        return Vector3(x: d[2, 1] - d[1, 2], y: d[0, 2] - d[2, 0], z: d[1, 0] - d[0, 1]) * (0.5 / span)
    }

    /// The Earth's field at the start, north-east-down, µT.
    public var earthFieldMicrotesla: Vector3 {
        let f = MagneticModel.wmm2025.field(at: start, decimalYear: DecimalYear.from(utcSeconds: startUTCSeconds))
        return Vector3(x: f.northNanotesla, y: f.eastNanotesla, z: f.downNanotesla) * 0.001
    }

    /// Every event of the ride, in time order.
    public func events() -> [SensorEvent] {
        var rng = SeededRandom(seed: seed)
        let earth = earthFieldMicrotesla
        var out: [SensorEvent] = []
        let end = duration
        var times: [(Double, Int)] = []
        func schedule(_ hz: Double, _ kind: Int, offset: Double) {
            guard hz > 0 else { return }
            var t = offset
            while t <= end {
                times.append((t, kind))
                t += 1 / hz
            }
        }
        schedule(device.accelerometerHz, 1, offset: 0.001)
        schedule(device.magnetometerHz, 0, offset: 0.002)
        schedule(device.gpsHz, 2, offset: device.gpsPhaseSeconds)
        schedule(device.gyroscopeHz, 3, offset: 0.003)
        times.sort { $0.0 < $1.0 }
        var position = start
        var lastGPS = 0.0
        for (t, kind) in times {
            let ts = Timestamp(seconds: t)
            let pose = pose(at: t)
            let rotation = SimulatedRide.bodyToWorld(
                yaw: pose.heading.degrees + device.mountYaw(at: t), pitch: pose.pitchDegrees, roll: pose.rollDegrees)
            let toBody = rotation.transposed
            switch kind {
            case 0:
                var world = earth
                for m in magnets {
                    let x = (t - m.atSeconds) / m.widthSeconds
                    world = world + m.peakMicrotesla * exp(-0.5 * x * x)
                }
                let raw = device.softIron * (toBody * world) + device.hardIronMicrotesla
                out.append(
                    .magnetometer(
                        MagnetometerSample(
                            time: ts, microtesla: raw + rng.gaussianVector(sigma: device.magnetometerNoiseMicrotesla))))
            case 1:
                // Specific force = acceleration − gravity, in the world frame, then into the body.
                let dt = 0.05
                let ahead = self.pose(at: t + dt)
                let behind = self.pose(at: max(0, t - dt))
                let along = (ahead.speed - behind.speed) / (t + dt - max(0, t - dt))
                let turnRate =
                    behind.heading.signedDifference(to: ahead.heading) / (t + dt - max(0, t - dt)) * .pi / 180
                let h = pose.heading.radians
                let forward = Vector3(x: cos(h), y: sin(h), z: 0)
                let right = Vector3(x: -sin(h), y: cos(h), z: 0)
                let accel = forward * along + right * (pose.speed * turnRate)
                let f = accel - Vector3(x: 0, y: 0, z: 9.80665)
                out.append(
                    .accelerometer(
                        AccelerometerSample(
                            time: ts,
                            metresPerSecondSquared: toBody * f + rng.gaussianVector(sigma: device.accelerometerNoise))))
            case 3:
                out.append(
                    .gyroscope(
                        GyroscopeSample(
                            time: ts,
                            radiansPerSecond: bodyRate(at: t) + device.gyroscopeBias
                                + rng.gaussianVector(sigma: device.gyroscopeNoise))))
            default:
                position = GreatCircle.destination(
                    from: position, bearing: pose.heading, distance: pose.speed * (t - lastGPS))
                lastGPS = t
                let h = pose.heading.radians
                let ve = pose.speed * sin(h) + rng.gaussian(sigma: device.gpsVelocityNoise)
                let vn = pose.speed * cos(h) + rng.gaussian(sigma: device.gpsVelocityNoise)
                let noisy = GreatCircle.destination(
                    from: position, bearing: Angle(rng.uniform() * 360),
                    distance: abs(rng.gaussian(sigma: device.gpsPositionNoiseMetres)))
                out.append(
                    .gpsFix(
                        GPSFix(
                            time: ts, mode: .threeD, utcSeconds: startUTCSeconds + t, coordinate: noisy,
                            altitudeMetres: 20,
                            speedMetresPerSecond: (ve * ve + vn * vn).squareRoot(),
                            courseDegrees: Angle(atan2(ve, vn) * 180 / .pi).degrees,
                            horizontalErrorMetres: 2 * device.gpsPositionNoiseMetres,
                            speedErrorMetresPerSecond: device.gpsVelocityNoise)))
            }
        }
        return out
    }
}
