/// A picture `RotatedBlit` can resample: XRGB8888 (`FrameBuffer`) or RGB565 (`RGB565Image`, the map's mosaic).
/// Each kind brings its bilinear inner loop and how one of its pixels reads as XRGB8888; the walk over rows, spans
/// and tiles, and the nearest filter, are the same for both.
protocol BlitSource {
    associatedtype Pixel
    var width: Int { get }
    var height: Int { get }
    /// Calls `body` with the pixels, row after row.
    func withPixels<R>(_ body: (UnsafePointer<Pixel>) -> R) -> R
    /// One pixel as XRGB8888.
    static func widen(_ pixel: Pixel) -> UInt32
    /// One run of bilinear samples (`RotatedBlit.bilinearRun`'s contract), written as XRGB8888.
    static func bilinearRun(
        _ source: UnsafePointer<Pixel>, stride: Int, u: Int, v: Int, du: Int, dv: Int,
        into out: UnsafeMutablePointer<UInt32>, count: Int)
}

extension BlitSource {
    /// One run of nearest samples: each pixel is the source pixel its centre falls in.
    @inline(__always)
    static func nearestRun(
        _ source: UnsafePointer<Pixel>, stride: Int, u: Int, v: Int, du: Int, dv: Int,
        into out: UnsafeMutablePointer<UInt32>, count: Int
    ) {
        var u = u
        var v = v
        for i in 0..<count {
            out[i] = widen(source[(v >> 16) * stride + (u >> 16)])
            u &+= du
            v &+= dv
        }
    }
}

extension FrameBuffer: BlitSource {
    func withPixels<R>(_ body: (UnsafePointer<UInt32>) -> R) -> R {
        pixels.withUnsafeBufferPointer { body($0.baseAddress!) }
    }

    @inline(__always)
    static func widen(_ pixel: UInt32) -> UInt32 { pixel }

    @inline(__always)
    static func bilinearRun(
        _ source: UnsafePointer<UInt32>, stride: Int, u: Int, v: Int, du: Int, dv: Int,
        into out: UnsafeMutablePointer<UInt32>, count: Int
    ) {
        RotatedBlit.bilinearRun(source, stride: stride, u: u, v: v, du: du, dv: dv, into: out, count: count)
    }
}

extension RGB565Image: BlitSource {
    func withPixels<R>(_ body: (UnsafePointer<UInt16>) -> R) -> R {
        pixels.withUnsafeBufferPointer { body($0.baseAddress!) }
    }

    @inline(__always)
    static func widen(_ pixel: UInt16) -> UInt32 { RGB565.expand(pixel) }

    @inline(__always)
    static func bilinearRun(
        _ source: UnsafePointer<UInt16>, stride: Int, u: Int, v: Int, du: Int, dv: Int,
        into out: UnsafeMutablePointer<UInt32>, count: Int
    ) {
        RotatedBlit.bilinearRun565(source, stride: stride, u: u, v: v, du: du, dv: dv, into: out, count: count)
    }
}
