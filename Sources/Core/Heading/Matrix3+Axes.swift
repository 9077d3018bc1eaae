// The two text forms an axis remap is written in: the kernel's IIO mount matrix and a board orientation.
extension Matrix3 {
    /// The kernel's text (`in_mount_matrix`): "x1, y1, z1; x2, y2, z2; x3, y3, z3", one row per `;`.
    /// Returns nil for anything else (wrong count, words, NaN or infinite entries).
    public init?(mountMatrix text: String) {
        let rowTexts = text.split(separator: ";", omittingEmptySubsequences: false)
        guard rowTexts.count == 3 else { return nil }
        var rows: [Vector3] = []
        for rowText in rowTexts {
            let entries = rowText.split(separator: ",", omittingEmptySubsequences: false).map {
                Double($0.trimmingWhitespace())
            }
            guard entries.count == 3, let x = entries[0], let y = entries[1], let z = entries[2],
                x.isFinite, y.isFinite, z.isFinite
            else { return nil }
            rows.append(Vector3(x: x, y: y, z: z))
        }
        self.init(rows: rows[0], rows[1], rows[2])
    }

    /// A board orientation written as which signed sensor axis becomes body x (forward), y (right) and z (down):
    /// "x,y,z" is the identity; "y,x,-z" suits a sensor whose x points right, y forward and z up.
    /// Each axis must appear exactly once, and together they must turn, not mirror: "y,x,z" or "-x,y,z" is no way
    /// to mount a board (a mirror image makes the field and gravity disagree about left and right, and turns a
    /// gyroscope's rates the wrong way). Returns nil otherwise.
    public init?(axes text: String) {
        let terms = text.split(separator: ",").map { $0.trimmingWhitespace().lowercased() }
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
        self.init(rows: rows[0], rows[1], rows[2])
    }

    /// The kernel's own notation ("x1, y1, z1; x2, y2, z2; x3, y3, z3"), so probe output can be pasted back.
    public var kernelNotation: String {
        [rows.0, rows.1, rows.2].map { r in [r.x, r.y, r.z].map(Self.formatEntry).joined(separator: ", ") }
            .joined(separator: "; ")
    }

    private static func formatEntry(_ v: Double) -> String {
        v == v.rounded() ? String(Int(v)) : formatFixed(v, digits: 6)
    }
}
