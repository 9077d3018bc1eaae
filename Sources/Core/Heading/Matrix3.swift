/// A 3×3 matrix in row-major order, for the mount remap and the soft-iron correction.
public struct Matrix3: Hashable, Sendable, CustomStringConvertible {
    /// Rows top to bottom, each left to right.
    public var rows: (Vector3, Vector3, Vector3)

    public init(rows r0: Vector3, _ r1: Vector3, _ r2: Vector3) { rows = (r0, r1, r2) }

    /// Builds a matrix from nine numbers in row-major order; nil unless exactly nine finite values.
    public init?(rowMajor v: [Double]) {
        guard v.count == 9, v.allSatisfy(\.isFinite) else { return nil }
        self.init(
            rows: Vector3(x: v[0], y: v[1], z: v[2]), Vector3(x: v[3], y: v[4], z: v[5]),
            Vector3(x: v[6], y: v[7], z: v[8]))
    }

    public static let identity = Matrix3(
        rows: Vector3(x: 1, y: 0, z: 0), Vector3(x: 0, y: 1, z: 0), Vector3(x: 0, y: 0, z: 1))

    /// A rotation of the board about body z (down) by `degrees`, positive clockwise seen from above: a HAT mounted
    /// turned 90° right reports its x axis along body y, and `rotationAboutDown(degrees: 90)` maps it back.
    public static func rotationAboutDown(degrees: Double) -> Matrix3 {
        let r = degrees * .pi / 180
        let c = cos(r)
        let s = sin(r)
        return Matrix3(rows: Vector3(x: c, y: -s, z: 0), Vector3(x: s, y: c, z: 0), Vector3(x: 0, y: 0, z: 1))
    }

    /// The nine values in row-major order.
    public var rowMajor: [Double] {
        [rows.0.x, rows.0.y, rows.0.z, rows.1.x, rows.1.y, rows.1.z, rows.2.x, rows.2.y, rows.2.z]
    }

    public subscript(row: Int, column: Int) -> Double { rowMajor[row * 3 + column] }

    public var transposed: Matrix3 {
        Matrix3(
            rows: Vector3(x: rows.0.x, y: rows.1.x, z: rows.2.x), Vector3(x: rows.0.y, y: rows.1.y, z: rows.2.y),
            Vector3(x: rows.0.z, y: rows.1.z, z: rows.2.z))
    }

    public var determinant: Double { rows.0.dot(rows.1.cross(rows.2)) }

    /// The inverse, or nil when the matrix is singular.
    public var inverse: Matrix3? {
        let d = determinant
        guard d.isFinite, abs(d) > 1e-300 else { return nil }
        // Columns of the inverse are the cross products of rows, over the determinant.
        let c0 = rows.1.cross(rows.2)
        let c1 = rows.2.cross(rows.0)
        let c2 = rows.0.cross(rows.1)
        return Matrix3(rows: c0 * (1 / d), c1 * (1 / d), c2 * (1 / d)).transposed
    }

    public static func * (m: Matrix3, v: Vector3) -> Vector3 {
        Vector3(x: m.rows.0.dot(v), y: m.rows.1.dot(v), z: m.rows.2.dot(v))
    }

    public static func * (a: Matrix3, b: Matrix3) -> Matrix3 {
        let bt = b.transposed
        func row(_ r: Vector3) -> Vector3 { Vector3(x: r.dot(bt.rows.0), y: r.dot(bt.rows.1), z: r.dot(bt.rows.2)) }
        return Matrix3(rows: row(a.rows.0), row(a.rows.1), row(a.rows.2))
    }

    public static func * (m: Matrix3, s: Double) -> Matrix3 { Matrix3(rows: m.rows.0 * s, m.rows.1 * s, m.rows.2 * s) }

    public static func == (a: Matrix3, b: Matrix3) -> Bool { a.rowMajor == b.rowMajor }
    public func hash(into h: inout Hasher) { h.combine(rowMajor) }

    public var description: String { rowMajor.map { formatFixed($0, digits: 6) }.joined(separator: " ") }
}

/// Eigen-decomposition of a small symmetric matrix by cyclic Jacobi rotations (robust, and fast enough for the
/// 3×3 and 9×9 matrices calibration needs).
enum SymmetricEigen {
    /// Eigenvalues (ascending) and the matching unit eigenvectors (as columns, `vectors[i][k]` is row i of vector k).
    static func decompose(_ input: [[Double]]) -> (values: [Double], vectors: [[Double]]) {
        let n = input.count
        var a = input
        var v = (0..<n).map { i in (0..<n).map { $0 == i ? 1.0 : 0.0 } }
        for _ in 0..<100 {
            var off = 0.0
            for i in 0..<n { for j in (i + 1)..<max(i + 1, n) { off += a[i][j] * a[i][j] } }
            if off < 1e-30 { break }
            for p in 0..<n {
                for q in (p + 1)..<max(p + 1, n) where a[p][q] != 0 {
                    let theta = (a[q][q] - a[p][p]) / (2 * a[p][q])
                    let t = (theta >= 0 ? 1.0 : -1.0) / (abs(theta) + (theta * theta + 1).squareRoot())
                    let c = 1 / (t * t + 1).squareRoot()
                    let s = t * c
                    for k in 0..<n {
                        let akp = a[k][p]
                        let akq = a[k][q]
                        a[k][p] = c * akp - s * akq
                        a[k][q] = s * akp + c * akq
                    }
                    for k in 0..<n {
                        let apk = a[p][k]
                        let aqk = a[q][k]
                        a[p][k] = c * apk - s * aqk
                        a[q][k] = s * apk + c * aqk
                    }
                    for k in 0..<n {
                        let vkp = v[k][p]
                        let vkq = v[k][q]
                        v[k][p] = c * vkp - s * vkq
                        v[k][q] = s * vkp + c * vkq
                    }
                }
            }
        }
        let order = (0..<n).sorted { a[$0][$0] < a[$1][$1] }
        let values = order.map { a[$0][$0] }
        let vectors = (0..<n).map { i in order.map { v[i][$0] } }
        return (values, vectors)
    }

    /// Solves the symmetric positive (semi)definite system `m x = b` through the eigen-decomposition, dropping
    /// directions whose eigenvalue is below `relativeCutoff` of the largest. Also returns the condition number.
    static func solve(_ m: [[Double]], _ b: [Double], relativeCutoff: Double = 1e-12) -> (
        x: [Double], condition: Double
    ) {
        let (values, vectors) = decompose(m)
        let n = b.count
        let largest = values.map(abs).max() ?? 0
        var x = Array(repeating: 0.0, count: n)
        for k in 0..<n where abs(values[k]) > largest * relativeCutoff {
            var proj = 0.0
            for i in 0..<n { proj += vectors[i][k] * b[i] }
            for i in 0..<n { x[i] += vectors[i][k] * proj / values[k] }
        }
        let smallest = values.map(abs).min() ?? 0
        return (x, smallest > 0 ? largest / smallest : .infinity)
    }
}
