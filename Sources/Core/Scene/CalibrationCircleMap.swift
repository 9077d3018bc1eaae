/// Which directions of the horizontal field a level calibration has seen: the circle in `LevelFit.sectors` sectors
/// of equal angle. The calibration screen draws them as a ring with level forward up, sectors turning towards the
/// right, so the ring fills in as the vehicle circles (the field turns the other way round the ring).
public struct CalibrationCircleMap: Hashable, Sendable {
    public static var sectors: Int { LevelFit.sectors }
    /// Readings per sector; sector 0 starts at level forward.
    public private(set) var counts: [Int]

    public init(counts: [Int] = Array(repeating: 0, count: LevelFit.sectors)) {
        precondition(counts.count == Self.sectors, "a circle map has \(Self.sectors) sectors")
        self.counts = counts
    }

    /// The map of `samples` (mount-remapped raw readings, µT) in the level frame square to `down`: corrected by
    /// `calibration` when there is a fit worth trusting, else centred on their mean. Without a fit, readings whose
    /// horizontal part is closer than `minimumOffsetMicrotesla` to the mean count nowhere (a unit turned only a
    /// little keeps them all near it).
    public init(
        samples: [Vector3], calibration: MagnetometerCalibration?, down: Vector3, minimumOffsetMicrotesla: Double = 4
    ) {
        self.init()
        guard !samples.isEmpty else { return }
        let mean = samples.reduce(Vector3.zero, +) * (1 / Double(samples.count))
        for s in samples {
            guard
                let h = Self.direction(
                    of: s, calibration: calibration, mean: mean, down: down,
                    minimumOffsetMicrotesla: minimumOffsetMicrotesla),
                let sector = LevelFit.sector(x: h.x, y: h.y)
            else { continue }
            counts[sector] += 1
        }
    }

    /// The horizontal direction (level frame x forward, y right) a reading is counted in; nil when it counts nowhere.
    public static func direction(
        of sample: Vector3, calibration: MagnetometerCalibration?, mean: Vector3, down: Vector3,
        minimumOffsetMicrotesla: Double = 4
    ) -> (x: Double, y: Double)? {
        guard let level = LevelFit.levelFrame(down: down) else { return nil }
        if let calibration {
            let v = level * calibration.apply(sample)
            return (v.x, v.y)
        }
        let v = level * (sample - mean)
        return (v.x * v.x + v.y * v.y).squareRoot() >= minimumOffsetMicrotesla ? (v.x, v.y) : nil
    }

    /// Sectors with at least `minimum` readings (the fit's own coverage rule counts a sector from two).
    public func coveredCount(minimum: Int = 2) -> Int { counts.filter { $0 >= minimum }.count }

    /// The share of sectors covered, 0…1.
    public var fraction: Double { Double(coveredCount()) / Double(counts.count) }
}
