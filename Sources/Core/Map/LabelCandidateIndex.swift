/// A list of label candidates indexed once for the placer: which candidates share a name (a street's many parts),
/// each name's measurement, and what ranking and the screen test read of each candidate, in flat arrays. A frame
/// then filters, ranks and groups the candidates without copying one, hashing a name or making an array per name.
///
/// The layer hands the placer the same list frame after frame while the same tiles are under the screen, so the
/// placer keeps the index while it is given that list (`indexes(_:)`).
struct LabelCandidateIndex {
    /// The list indexed. Held, so its storage cannot be freed and reused for another list while this index lives:
    /// the same storage is then the same list.
    let candidates: [LabelCandidate]
    /// The name of each candidate (an index into `keys`), and each name's key.
    let group: [Int]
    let keys: [LabelKey]
    /// Each candidate's extent in world units (`LabelCandidate.lowest`, `highest`).
    let lowest: [Point]
    let highest: [Point]
    /// Whether the screen test must walk the candidate's points: a point label with more or fewer than one (one
    /// point is its own extent, and a street is tested by its extent).
    let walksPoints: [Bool]
    let isMajorRoad: [Bool]
    /// Each candidate's priority as its place among the list's distinct priorities (same order, small numbers).
    let priorityOrder: [Int]
    /// Whether ranking keys fit one word: (rank, priority order, candidate) in 2, 30 and 30 bits.
    let packsRanks: Bool
    /// Each name's metrics in the fonts named by `metricsFonts`, measured on first use.
    var metrics: [LabelMetrics?]
    private var metricsFonts: [String] = []

    init(_ candidates: [LabelCandidate]) {
        self.candidates = candidates
        var groupOf: [LabelKey: Int] = [:]
        var keys: [LabelKey] = []
        var group: [Int] = []
        group.reserveCapacity(candidates.count)
        for c in candidates {
            if let g = groupOf[c.key] {
                group.append(g)
            } else {
                groupOf[c.key] = keys.count
                group.append(keys.count)
                keys.append(c.key)
            }
        }
        self.group = group
        self.keys = keys
        lowest = candidates.map(\.lowest)
        highest = candidates.map(\.highest)
        walksPoints = candidates.map { $0.kind != .road && $0.points.count != 1 }
        isMajorRoad = candidates.map(\.isMajorRoad)
        let distinct = Array(Set(candidates.map(\.priority))).sorted()
        var place: [Int: Int] = [:]
        for (i, p) in distinct.enumerated() { place[p] = i }
        priorityOrder = candidates.map { place[$0.priority] ?? 0 }
        packsRanks = candidates.count < 1 << 30
        metrics = Array(repeating: nil, count: keys.count)
    }

    /// Whether this index is of `list`: the same storage (see `candidates`).
    func indexes(_ list: [LabelCandidate]) -> Bool {
        candidates.withUnsafeBufferPointer { mine in
            list.withUnsafeBufferPointer { mine.baseAddress == $0.baseAddress && mine.count == $0.count }
        }
    }

    /// Forgets the metrics when `fonts` are not the ones they were measured in.
    mutating func measure(in fonts: LabelPlacer.Fonts) {
        let names = [fonts.place.cacheKey, fonts.road.cacheKey, fonts.poi.cacheKey]
        guard names != metricsFonts else { return }
        metricsFonts = names
        metrics = Array(repeating: nil, count: keys.count)
    }

    /// One word that orders candidates as (rank, priority, index) does, for a rank of 0...3 (`packsRanks`).
    @inline(__always)
    func rankingKey(_ i: Int, rank: Int) -> UInt64 {
        UInt64(rank) << 60 | UInt64(priorityOrder[i]) << 30 | UInt64(i)
    }

    /// The candidate a ranking key was made for.
    @inline(__always)
    static func candidate(ofRankingKey key: UInt64) -> Int { Int(key & (1 << 30 - 1)) }
}
