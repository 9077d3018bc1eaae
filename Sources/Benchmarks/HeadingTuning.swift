import Core
import Foundation

// TEMPORARY tuning hook (not for commit).
func tuned(_ c: HeadingConfiguration) -> HeadingConfiguration {
    var c = c
    let env = ProcessInfo.processInfo.environment
    func d(_ k: String) -> Double? { env["HP_" + k].flatMap(Double.init) }
    if let v = d("motionBias") { c.orientation.motionBiasTimeConstantSeconds = v }
    if let v = d("normTol") { c.orientation.fieldNormTolerance = v }
    if let v = d("dipTol") { c.orientation.fieldDipToleranceDegrees = v }
    if let v = d("gate") { c.orientation.innovationGateDegrees = v }
    if let v = d("rw") { c.orientation.headingRandomWalkDegreesPerRootSecond = v }
    if let v = d("magNoise") { c.orientation.magnetometerNoiseDegreesRootSecond = v }
    if let v = d("scale") { c.orientation.gyroscopeScaleUncertainty = v }
    if let v = d("accTau") { c.orientation.accelerometerTimeConstantSeconds = v }
    if let v = d("accRej") { c.orientation.accelerometerRejectionDegrees = v }
    if let v = d("gTol") { c.orientation.gravityTolerance = v }
    if let v = d("drift") { c.orientation.driftRecoverySeconds = v }
    if let v = d("sys") { c.orientation.magnetometerSystematicDegrees = v }
    return c
}
