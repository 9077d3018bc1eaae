/// Turns a calibrated field vector and the gravity direction into the magnetic heading of the body's x axis.
///
/// Conventions: body x forward, y right, z down. The accelerometer measures specific force, which at rest is the
/// ground pushing up: level it reads (0, 0, −9.81), so "down" in the body frame is −accel / |accel|.
public enum TiltCompensation {
    /// Down, in the body frame, from a specific-force reading; nil when the reading is too small to have a direction.
    public static func down(fromSpecificForce f: Vector3) -> Vector3? {
        let len = f.length
        guard len > 1, len.isFinite else { return nil }
        return f * (-1 / len)
    }

    /// The level assumption used without an accelerometer: body z is straight down.
    public static let levelDown = Vector3(x: 0, y: 0, z: 1)

    /// The magnetic heading of body x (degrees clockwise from magnetic north) and the measured dip angle, or nil
    /// when the field is parallel to gravity or body x points straight up or down.
    ///
    /// East is down × field and north is east × down (the horizontal frame the field defines); the heading is the
    /// direction of body x projected into it, so no Euler angles (and no gimbal sign traps) are involved.
    public static func heading(field b: Vector3, down d: Vector3) -> (heading: Angle, dipDegrees: Double)? {
        let east = d.cross(b)
        let eastLen = east.length
        guard eastLen > 1e-9 * max(b.length, 1e-30) else { return nil }
        let e = east * (1 / eastLen)
        let n = e.cross(d)
        // Body x is (1, 0, 0): its north and east components are n.x and e.x.
        guard abs(n.x) + abs(e.x) > 1e-6, let angle = Angle(degrees: atan2(e.x, n.x) * 180 / .pi) else { return nil }
        let dip = asin(max(-1, min(1, b.dot(d) / b.length))) * 180 / .pi
        return (angle, dip)
    }
}
