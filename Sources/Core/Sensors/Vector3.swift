/// A 3-vector in the body frame: x forward (towards the top of the display), y right, z down.
public struct Vector3: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var z: Double
    public init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }
    public static let zero = Vector3(x: 0, y: 0, z: 0)
    public static func + (a: Vector3, b: Vector3) -> Vector3 { Vector3(x: a.x + b.x, y: a.y + b.y, z: a.z + b.z) }
    public static func - (a: Vector3, b: Vector3) -> Vector3 { Vector3(x: a.x - b.x, y: a.y - b.y, z: a.z - b.z) }
    public static func * (a: Vector3, s: Double) -> Vector3 { Vector3(x: a.x * s, y: a.y * s, z: a.z * s) }
    public func dot(_ b: Vector3) -> Double { x * b.x + y * b.y + z * b.z }
    public func cross(_ b: Vector3) -> Vector3 {
        Vector3(x: y * b.z - z * b.y, y: z * b.x - x * b.z, z: x * b.y - y * b.x)
    }
    public var length: Double { dot(self).squareRoot() }
    public var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite }
}
