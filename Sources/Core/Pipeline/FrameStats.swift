/// What `--stats` reports about a run: frame times, frames drawn and skipped, missed ticks and sensor-to-screen
/// latency. Plain numbers in, a table out; the loop measures, this only counts.
public struct FrameStats: Sendable {
    public private(set) var frameSeconds: [Double] = []
    public private(set) var latencySeconds: [Double] = []
    public private(set) var drawn = 0
    public private(set) var skipped = 0
    public var missedTicks: UInt64 = 0
    /// Samples beyond this are dropped (an hour at 30 fps fits).
    public static let capacity = 200_000

    public init() {}

    public mutating func recordDrawn(seconds: Double) {
        drawn += 1
        if frameSeconds.count < FrameStats.capacity { frameSeconds.append(seconds) }
    }

    public mutating func recordSkipped() { skipped += 1 }

    public mutating func recordLatency(seconds: Double) {
        if latencySeconds.count < FrameStats.capacity { latencySeconds.append(seconds) }
    }

    /// The p-th percentile (0...100) by nearest rank; nil when there are no samples.
    public static func percentile(_ p: Double, of values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }

    /// The report, one figure per line.
    public func report(wallSeconds: Double, cpuSeconds: Double, residentBytes: Int) -> String {
        func ms(_ v: Double?) -> String { v.map { formatFixed($0 * 1000, digits: 2) + " ms" } ?? "-" }
        let f = frameSeconds
        let l = latencySeconds
        return """
            frames drawn        \(drawn)
            frames skipped      \(skipped) (nothing visible changed)
            missed ticks        \(missedTicks)
            frame time          p50 \(ms(FrameStats.percentile(50, of: f)))  p95 \(ms(FrameStats.percentile(95, of: f)))  p99 \(ms(FrameStats.percentile(99, of: f)))
            sensor-to-screen    p50 \(ms(FrameStats.percentile(50, of: l)))  p95 \(ms(FrameStats.percentile(95, of: l)))  p99 \(ms(FrameStats.percentile(99, of: l)))
            CPU                 \(formatFixed(wallSeconds > 0 ? cpuSeconds / wallSeconds * 100 : 0, digits: 2)) % of one core over \(formatFixed(wallSeconds, digits: 1)) s
            RSS                 \(formatFixed(Double(residentBytes) / 1_048_576, digits: 1)) MiB
            """
    }
}
