import Core
import Foundation

/// A 3×3 matrix that turns sensor axes into other axes: the kernel's mount matrix, or the board's orientation on
/// the vehicle. Applied as `rows · v`: output x is row 0 dotted with the input.
public struct AxisMatrix: Hashable, Sendable, CustomStringConvertible {
    /// Row-major, three rows of three.
    public var rows: [Vector3]

    public init(rows: [Vector3]) {
        precondition(rows.count == 3, "an axis matrix has three rows")
        self.rows = rows
    }

    public static let identity = AxisMatrix(rows: [
        Vector3(x: 1, y: 0, z: 0), Vector3(x: 0, y: 1, z: 0), Vector3(x: 0, y: 0, z: 1),
    ])

    /// `m · v`.
    public func apply(_ v: Vector3) -> Vector3 {
        Vector3(x: rows[0].dot(v), y: rows[1].dot(v), z: rows[2].dot(v))
    }

    /// `self · other`: applying the result equals applying `other` first, then `self`.
    public func concatenating(_ other: AxisMatrix) -> AxisMatrix {
        let columns = [0, 1, 2].map { j in
            Vector3(x: other.rows[0].component(j), y: other.rows[1].component(j), z: other.rows[2].component(j))
        }
        return AxisMatrix(
            rows: rows.map { row in Vector3(x: row.dot(columns[0]), y: row.dot(columns[1]), z: row.dot(columns[2])) })
    }

    /// The kernel's text (`in_mount_matrix`): "x1, y1, z1; x2, y2, z2; x3, y3, z3", one row per `;`.
    /// Returns nil for anything else (wrong count, words, NaN or infinite entries).
    public init?(mountMatrix text: String) {
        let rowTexts = text.split(separator: ";", omittingEmptySubsequences: false)
        guard rowTexts.count == 3 else { return nil }
        var rows: [Vector3] = []
        for rowText in rowTexts {
            let entries = rowText.split(separator: ",", omittingEmptySubsequences: false).map {
                Double($0.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            guard entries.count == 3, let x = entries[0], let y = entries[1], let z = entries[2],
                x.isFinite, y.isFinite, z.isFinite
            else { return nil }
            rows.append(Vector3(x: x, y: y, z: z))
        }
        self.init(rows: rows)
    }

    /// A board orientation written as which signed sensor axis becomes body x (forward), y (right) and z (down):
    /// "x,y,z" is the identity; "y,x,-z" suits a sensor whose x points right, y forward and z up.
    /// Each axis must appear exactly once, and together they must turn, not mirror: "y,x,z" or "-x,y,z" is no way
    /// to mount a board (a mirror image makes the field and gravity disagree about left and right, and turns a
    /// gyroscope's rates the wrong way). Returns nil otherwise.
    public init?(axes text: String) {
        let terms = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard terms.count == 3 else { return nil }
        var rows: [Vector3] = []
        var used = Set<Character>()
        for term in terms {
            var sign = 1.0
            var name = Substring(term)
            if let first = name.first, first == "-" || first == "+" {
                sign = first == "-" ? -1 : 1
                name = name.dropFirst()
            }
            guard name.count == 1, let axis = name.first, "xyz".contains(axis), used.insert(axis).inserted else {
                return nil
            }
            rows.append(
                Vector3(x: axis == "x" ? sign : 0, y: axis == "y" ? sign : 0, z: axis == "z" ? sign : 0))
        }
        guard rows[0].dot(rows[1].cross(rows[2])) > 0 else { return nil }
        self.init(rows: rows)
    }

    /// The kernel's own notation, so probe output can be pasted back.
    public var description: String {
        rows.map { r in [r.x, r.y, r.z].map(Self.format).joined(separator: ", ") }.joined(separator: "; ")
    }

    private static func format(_ v: Double) -> String {
        v == v.rounded() ? String(Int(v)) : formatFixed(v, digits: 6)
    }
}

extension Vector3 {
    fileprivate func component(_ i: Int) -> Double { i == 0 ? x : (i == 1 ? y : z) }
}
