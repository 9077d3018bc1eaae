import Glibc

// The one file in Core that sees C. The standard library has no trigonometry, powers or logarithms, so Core
// takes libm's, and only these: the rest of Core imports no C module, which keeps the system's C interfaces
// (files, clocks, threads) out of its reach. Disfavoured, so a test that imports Core and Foundation together
// picks libm's own without ambiguity.

@_disfavoredOverload @inline(__always) func sin(_ x: Double) -> Double { Glibc.sin(x) }
@_disfavoredOverload @inline(__always) func cos(_ x: Double) -> Double { Glibc.cos(x) }
@_disfavoredOverload @inline(__always) func tan(_ x: Double) -> Double { Glibc.tan(x) }
@_disfavoredOverload @inline(__always) func asin(_ x: Double) -> Double { Glibc.asin(x) }
@_disfavoredOverload @inline(__always) func acos(_ x: Double) -> Double { Glibc.acos(x) }
@_disfavoredOverload @inline(__always) func atan(_ x: Double) -> Double { Glibc.atan(x) }
@_disfavoredOverload @inline(__always) func atan2(_ y: Double, _ x: Double) -> Double { Glibc.atan2(y, x) }
@_disfavoredOverload @inline(__always) func sinh(_ x: Double) -> Double { Glibc.sinh(x) }
@_disfavoredOverload @inline(__always) func pow(_ x: Double, _ y: Double) -> Double { Glibc.pow(x, y) }
@_disfavoredOverload @inline(__always) func exp(_ x: Double) -> Double { Glibc.exp(x) }
@_disfavoredOverload @inline(__always) func log(_ x: Double) -> Double { Glibc.log(x) }
@_disfavoredOverload @inline(__always) func log2(_ x: Double) -> Double { Glibc.log2(x) }
@_disfavoredOverload @inline(__always) func log10(_ x: Double) -> Double { Glibc.log10(x) }
@_disfavoredOverload @inline(__always) func floor(_ x: Double) -> Double { x.rounded(.down) }
