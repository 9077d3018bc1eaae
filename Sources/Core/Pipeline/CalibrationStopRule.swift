/// When a live `calibrate` has what it needs: the fit is ready and, for a tumble, covers enough directions (a
/// level fit is ready only once its circle is covered each way). The fit is judged once a second of readings,
/// not at every reading, because it costs a fit; a progress line is due every five seconds.
public struct CalibrationStopRule: Sendable {
    /// A level (2D) fit: ready is enough.
    public var level: Bool
    /// A tumble goes on to this share of directions.
    public var minimumCoverage = 0.8
    public var checkIntervalSeconds = 1.0
    public var reportIntervalSeconds = 5.0
    private var lastCheck = 0.0
    private var lastReport = 0.0

    public init(level: Bool) { self.level = level }

    /// What to do at `elapsedSeconds` of readings: nothing yet (nil), or the progress judged now, whether it is
    /// time to stop, and whether a progress line is due.
    public mutating func judge(elapsedSeconds: Double, progress: () -> CalibrationProgress)
        -> (progress: CalibrationProgress, stop: Bool, report: Bool)?
    {
        guard elapsedSeconds >= lastCheck + checkIntervalSeconds else { return nil }
        lastCheck = elapsedSeconds
        let p = progress()
        let stop = p.isReady && (level || p.coverage >= minimumCoverage)
        let report = lastCheck >= lastReport + reportIntervalSeconds || stop
        if report { lastReport = lastCheck }
        return (p, stop, report)
    }
}
