/// Which directions of the magnetic field (in the device's own frame) a calibration has seen, as cells of equal
/// area on the sphere: four rings of 12 sectors. The calibration screen draws them as a disc in Lambert's
/// equal-area projection centred on "field straight down" (+z), so a sector fills in as the user turns the device
/// that way, and every cell counts the same on screen as it does on the sphere.
public struct CalibrationCoverageMap: Hashable, Sendable {
    public static let rings = 4
    public static let sectors = 12
    /// Readings per cell, ring-major (ring 0 around +z first, ring 3 around −z last); sector 0 starts at +x and
    /// sectors go towards +y.
    public private(set) var counts: [Int]

    public init(counts: [Int] = Array(repeating: 0, count: rings * sectors)) {
        precondition(counts.count == Self.rings * Self.sectors, "a coverage map has \(Self.rings * Self.sectors) cells")
        self.counts = counts
    }

    /// The map of `samples` (mount-remapped raw readings, µT): corrected by `calibration` when there is a fit
    /// worth trusting (the directions the fit judges), else centred on their mean, a fair guess at the hard iron
    /// before any fit. Without a fit, readings closer than `minimumOffsetMicrotesla` to the mean count nowhere:
    /// a device turned only a little keeps all its readings near their mean, and their directions from it mean
    /// nothing.
    public init(samples: [Vector3], calibration: MagnetometerCalibration?, minimumOffsetMicrotesla: Double = 10) {
        self.init()
        guard !samples.isEmpty else { return }
        let mean = samples.reduce(Vector3.zero, +) * (1 / Double(samples.count))
        for s in samples {
            guard
                let v = Self.direction(
                    of: s, calibration: calibration, mean: mean, minimumOffsetMicrotesla: minimumOffsetMicrotesla),
                let cell = Self.cell(of: v)
            else { continue }
            counts[cell] += 1
        }
    }

    /// The direction a reading is counted in, as `init(samples:calibration:)` counts it; nil when it counts nowhere.
    public static func direction(
        of sample: Vector3, calibration: MagnetometerCalibration?, mean: Vector3, minimumOffsetMicrotesla: Double = 10
    ) -> Vector3? {
        if let calibration { return calibration.apply(sample) }
        let v = sample - mean
        return v.length >= minimumOffsetMicrotesla ? v : nil
    }

    /// The cell a direction falls in; nil for a zero or non-finite vector.
    public static func cell(of v: Vector3) -> Int? {
        let length = v.length
        guard length > 0, length.isFinite else { return nil }
        let z = v.z / length
        // Equal-area rings: boundaries at cos θ = 0.5, 0, −0.5 (θ from +z).
        let ring = z > 0.5 ? 0 : z > 0 ? 1 : z > -0.5 ? 2 : 3
        var azimuth = atan2(v.y, v.x)
        if azimuth < 0 { azimuth += 2 * .pi }
        let sector = min(sectors - 1, Int(azimuth / (2 * .pi) * Double(sectors)))
        return ring * sectors + sector
    }

    /// Cells with at least `minimum` readings (the fit's own coverage rule counts a cell from two).
    public func coveredCount(minimum: Int = 2) -> Int { counts.filter { $0 >= minimum }.count }

    /// The share of cells covered, 0…1.
    public var fraction: Double { Double(coveredCount()) / Double(counts.count) }

    /// A ring's inner and outer radius in the projection, as fractions of the disc's radius (ring 0 is the
    /// centre disc). Lambert's ρ = 2 sin(θ/2), scaled so the antipode (θ = 180°) lands on the rim.
    public static func radii(ofRing ring: Int) -> (inner: Double, outer: Double) {
        let cosBoundaries = [1.0, 0.5, 0.0, -0.5, -1.0]
        func rho(_ c: Double) -> Double { ((1 - c) / 2).squareRoot() }  // sin(θ/2) = √((1 − cos θ)/2)
        return (rho(cosBoundaries[ring]), rho(cosBoundaries[ring + 1]))
    }
}
