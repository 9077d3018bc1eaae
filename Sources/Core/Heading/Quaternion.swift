/// A unit quaternion (w, x, y, z) that turns body-frame vectors (x forward, y right, z down) into the local
/// north-east-down frame: `q.rotate(v)` = q ⊗ v ⊗ q*.
///
/// The orientation filter keeps its state in one of these, so there is no gimbal lock and no Euler angle
/// anywhere in the update; heading and pitch are read off the rotated body x axis when asked for.
public struct Quaternion: Hashable, Sendable {
    public var w: Double
    public var x: Double
    public var y: Double
    public var z: Double

    public init(w: Double, x: Double, y: Double, z: Double) {
        self.w = w
        self.x = x
        self.y = y
        self.z = z
    }

    public static let identity = Quaternion(w: 1, x: 0, y: 0, z: 0)

    /// The rotation by `rotationVector.length` radians about its direction (right-handed).
    public init(rotationVector v: Vector3) {
        let angle = v.length
        guard angle > 1e-12 else {
            // First order: exact enough below 1e-12 rad and never divides by zero.
            self.init(w: 1, x: v.x / 2, y: v.y / 2, z: v.z / 2)
            return
        }
        let s = sin(angle / 2) / angle
        self.init(w: cos(angle / 2), x: v.x * s, y: v.y * s, z: v.z * s)
    }

    /// The rotation about the local "down" axis by `degrees`, clockwise seen from above.
    public static func aboutDown(degrees: Double) -> Quaternion {
        Quaternion(rotationVector: Vector3(x: 0, y: 0, z: degrees * .pi / 180))
    }

    public static func * (a: Quaternion, b: Quaternion) -> Quaternion {
        Quaternion(
            w: a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z,
            x: a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
            y: a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
            z: a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w)
    }

    public var conjugate: Quaternion { Quaternion(w: w, x: -x, y: -y, z: -z) }

    public var isFinite: Bool { w.isFinite && x.isFinite && y.isFinite && z.isFinite }

    /// The same rotation with length 1 (numerical drift removed); identity if the length collapsed.
    public var normalized: Quaternion {
        let n = (w * w + x * x + y * y + z * z).squareRoot()
        guard n > 1e-9, n.isFinite else { return .identity }
        return Quaternion(w: w / n, x: x / n, y: y / n, z: z / n)
    }

    /// `v` turned by this rotation (body → north-east-down for the filter's state).
    public func rotate(_ v: Vector3) -> Vector3 {
        // v' = v + 2w (u × v) + 2 u × (u × v), u = (x, y, z): no quaternion products needed.
        let u = Vector3(x: x, y: y, z: z)
        let t = u.cross(v) * 2
        return v + t * w + u.cross(t)
    }

    /// `v` turned by the inverse rotation (north-east-down → body for the filter's state).
    public func inverseRotate(_ v: Vector3) -> Vector3 { conjugate.rotate(v) }

    /// The azimuth of body x, degrees clockwise from north, or nil when body x points (almost) straight up or down.
    public var headingDegrees: Double? {
        let f = rotate(Vector3(x: 1, y: 0, z: 0))
        guard f.x * f.x + f.y * f.y > 1e-8 else { return nil }
        let d = atan2(f.y, f.x) * 180 / .pi
        return d < 0 ? d + 360 : d
    }

    /// The elevation of body x above the horizon, degrees (nose up positive).
    public var pitchDegrees: Double {
        let f = rotate(Vector3(x: 1, y: 0, z: 0))
        return asin(max(-1, min(1, -f.z))) * 180 / .pi
    }
}
