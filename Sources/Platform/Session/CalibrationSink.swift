import Core

/// The calibration collector as a session's sink. Live, it refreshes the screen on its own tick (a silent or
/// lost sensor still lets the time run out), logs progress and asks the session to stop once the stop rule says
/// the fit is good; from a recording, time comes only from the readings and only the duration ends it early.
public final class CalibrationSink: EventSink {
    public let collector: CalibrationCollector
    /// Live: the stop rule that ends the run early; nil from a recording.
    private var rule: CalibrationStopRule?
    private let report: (String) -> Void
    public private(set) var finishedReason: String?

    public init(collector: CalibrationCollector, liveRule: CalibrationStopRule?, report: @escaping (String) -> Void) {
        self.collector = collector
        rule = liveRule
        self.report = report
    }

    public var name: String { "calibration" }
    public var framePeriodSeconds: Double? { rule == nil ? nil : collector.framePeriod }

    public func consume(_ events: [SensorEvent], now: Timestamp) throws {
        guard rule == nil else { return collector.apply(events) }
        for event in events where finishedReason == nil {
            collector.apply([event])
            if collector.isOutOfTime {
                finishedReason = "out of time"
            } else {
                try collector.showProgressIfDue()
            }
        }
    }

    public func frame(now: Timestamp) throws {
        guard var rule, finishedReason == nil else { return }
        defer { self.rule = rule }
        collector.advance(to: now)
        try collector.showProgressIfDue()
        if collector.isOutOfTime { finishedReason = "out of time" }
        guard
            let judged = rule.judge(elapsedSeconds: collector.elapsedSeconds, progress: { collector.session.progress })
        else { return }
        if judged.stop { finishedReason = "calibration ready" }
        if judged.report || finishedReason != nil {
            let p = judged.progress
            report(
                "\(Int(collector.elapsedSeconds)) s: \(p.sampleCount) samples, coverage \(Int((p.coverage * 100).rounded())) %"
                    + (p.residualPercent.map { ", residual " + formatFixed($0, digits: 2) + " %" } ?? "")
                    + ": \(p.hint)")
        }
    }
}
