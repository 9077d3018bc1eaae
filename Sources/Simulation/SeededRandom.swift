import Core
import Foundation

/// A small deterministic random source (SplitMix64) so simulated rides are the same on every run and machine.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform value in [0, 1).
    public mutating func uniform() -> Double { Double(next() >> 11) / Double(1 << 53) }

    /// A normally distributed value (Box–Muller).
    public mutating func gaussian(sigma: Double = 1) -> Double {
        let u1 = max(uniform(), 1e-300)
        let u2 = uniform()
        return sigma * (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
    }

    public mutating func gaussianVector(sigma: Double) -> Vector3 {
        Vector3(x: gaussian(sigma: sigma), y: gaussian(sigma: sigma), z: gaussian(sigma: sigma))
    }
}
