import Core
import Platform

/// The IIO sensors of one live command: started, polled and described together.
struct LiveSensors {
    let magnetometer: IioSensorSource
    let accelerometer: IioSensorSource?
    let gyroscope: IioSensorSource?

    /// Every source in use, magnetometer first.
    var all: [IioSensorSource] { [magnetometer] + [accelerometer, gyroscope].compactMap { $0 } }

    /// Finds and sets up every device; the status events say which are there.
    func start(now: Timestamp) -> [SensorEvent] { all.flatMap { $0.start(now: now) } }

    /// One sample from each (or a retry of a lost one when due).
    func poll(now: Timestamp) -> [SensorEvent] { all.flatMap { $0.poll(now: now) } }

    /// After `start`: one line when the gyroscope was looked for and none found (it is then not looked for
    /// again), so the user hears of it once instead of as a "lost" sensor; or when one was found but is polled
    /// too seldom for the heading to use it.
    func gyroscopeNote(pollingHertz: Double) -> String? {
        guard let gyroscope else { return nil }
        if let why = gyroscope.absence {
            return "no gyroscope (\(why)); the heading between GPS fixes rests on the compass alone"
        }
        // A quarter more than the bare minimum: a timer's jitter must not push readings past the gap.
        let needed = HeadingEstimator.gyroscopeMinimumHertz * 1.25
        if let device = gyroscope.activeDevice, gyroscope.captureFileDescriptor == nil, pollingHertz < needed {
            return
                "the gyroscope \(device) is read \(formatFixed(pollingHertz, digits: 1)) times a second, too seldom for the "
                + "heading to add up its turns (\(formatFixed(needed, digits: 0)) or more): raise the sampling rate"
        }
        return nil
    }
}
