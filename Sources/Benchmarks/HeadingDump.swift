import Core
import Foundation
import Simulation

func headingDump(_ id: String) {
    guard let trial = try? RealIMUTrial.broad(id, directory: "Tests/CoreTests/Fixtures/real") else { return }
    var est = HeadingEstimator(configuration: tuned(HeadingConfiguration(calibration: trial.identityCalibration)))
    var next = 0.0
    var out = "t,truth,est,err,acc,state,outcome,normErr,dipErr,innov,var,resting,bz,dist,pitch\n"
    for e in trial.events {
        est.apply(e)
        let t = e.time.seconds
        if t >= next {
            next = t + 0.1
            let f = est.debugOrientation
            let key = Int64(checkedRounding: t * 1000) ?? 0
            let tr = trial.truth.values.min { abs($0.time - t) < abs($1.time - t) }
            _ = key
            let h = est.estimate.heading?.direction.degrees
            let err = (h != nil && tr != nil) ? Angle(tr!.headingDegrees).signedDifference(to: Angle(h!)) : Double.nan
            let v = f.lastMagnetometer
            out += String(
                format: "%.2f,%.1f,%.1f,%.1f,%.1f,%@,%@,%.3f,%.1f,%.1f,%.2f,%d,%.3f,%d,%.0f\n", t,
                tr?.headingDegrees ?? .nan, h ?? .nan, err,
                est.estimate.heading?.accuracyDegrees ?? .nan, est.gyroscopeState.rawValue, v?.outcome.rawValue ?? "-",
                v?.normError ?? .nan,
                v?.dipErrorDegrees ?? .nan, v?.innovationDegrees ?? .nan, f.headingVariance, f.rest.isResting ? 1 : 0,
                f.biasRadiansPerSecond.z * 180 / .pi, tr?.disturbed == true ? 1 : 0, tr?.pitchDegrees ?? .nan)
        }
    }
    try? out.write(toFile: "/tmp/dump-\(id).csv", atomically: true, encoding: .utf8)
}
