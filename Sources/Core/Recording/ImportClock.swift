/// Turns the receiver's UTC time of day, epoch by epoch, into event times that never go backwards and never
/// invent hours of ride.
///
/// A receiver's clock is not to be trusted before its first fix (a cold boot counts from 1980 or from midnight),
/// and joined captures jump. gpsd itself simply reports each time as it comes; a replay needs one monotonic
/// timeline. The rule: a step forward of at most `maximumGapSeconds` is taken as it is (midnight included); a step
/// backwards re-anchors the timeline one cadence after the last epoch; a longer step forward is cut to one
/// cadence. Both repairs are counted and reported, and no sentence is dropped for them.
struct ImportClock {
    /// A repair the clock made, for the import summary and a warning line.
    enum Repair: Equatable {
        /// The time went backwards by this many seconds; the timeline was re-anchored.
        case backwards(seconds: Double)
        /// The time jumped forward by this many seconds; the gap was cut to one cadence.
        case gapCut(seconds: Double)
    }

    /// The longest forward step taken as real time.
    let maximumGapSeconds: Double
    private var lastTimeOfDay: Double?
    private var lastTime = Timestamp(nanoseconds: 0)
    /// The last plausible interval between epochs (the receiver's cadence), used to place a repaired epoch.
    private(set) var cadenceSeconds = 1.0

    init(maximumGapSeconds: Double) { self.maximumGapSeconds = maximumGapSeconds }

    /// The event time of the epoch at `timeOfDay` (seconds since UTC midnight), and the repair made, if any.
    mutating func time(atTimeOfDay timeOfDay: Double) -> (Timestamp, Repair?) {
        guard let last = lastTimeOfDay else {
            lastTimeOfDay = timeOfDay
            return (lastTime, nil)
        }
        var step = timeOfDay - last
        // Past midnight the time of day starts again from zero: half a day back is the next day.
        if step < -43_200 { step += 86_400 }
        lastTimeOfDay = timeOfDay
        var repair: Repair?
        if step > 0 && step <= maximumGapSeconds {
            cadenceSeconds = step
        } else {
            repair = step > 0 ? .gapCut(seconds: step) : .backwards(seconds: -step)
            step = cadenceSeconds
        }
        lastTime = lastTime.adding(seconds: step)
        return (lastTime, repair)
    }
}
