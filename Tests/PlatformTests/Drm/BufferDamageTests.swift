import Core
import Testing

@testable import Platform

/// `BufferDamage`: scanout buffers that are written only the rectangles it returns always end up holding the
/// frame copied into them, however the frames change and whichever buffer each goes to.
@Suite struct BufferDamageTests {
    /// A deterministic run of frames: each one the last with a few small rectangles repainted, now and then
    /// none (a frame that changed nothing) or the whole frame.
    private static func frames(count: Int, width: Int, height: Int) -> [FrameBuffer] {
        var seed: UInt64 = 0x2545_F491_4F6C_DD1D
        func random(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        var frame = FrameBuffer(width: width, height: height, fill: 0)
        var out: [FrameBuffer] = []
        for _ in 0..<count {
            var next = frame
            switch random(8) {
            case 0: break
            case 1: next = FrameBuffer(width: width, height: height, fill: UInt32(random(1 << 24)))
            default:
                for _ in 0..<(1 + random(3)) {
                    let (x, y) = (random(width), random(height))
                    let colour = UInt32(random(1 << 24))
                    for yy in y..<min(height, y + 1 + random(6)) {
                        for xx in x..<min(width, x + 1 + random(9)) { next[xx, yy] = colour }
                    }
                }
            }
            out.append(next)
            frame = next
        }
        return out
    }

    /// Page flips (frames to the two buffers in turn, now and then one refused as already shown), DirtyFB (one
    /// buffer) and a screen taken back (`forget`) part way.
    @Test(arguments: [(2, false), (1, false), (2, true)])
    func buffersWrittenOnlyWhereToldHoldEachFrame(_ buffers: Int, _ forgetting: Bool) {
        let (w, h) = (23, 17)
        var damage = BufferDamage(buffers: buffers)
        var scanout = Array(repeating: FrameBuffer(width: w, height: h, fill: 0x00de_adbe), count: buffers)
        var target = 0
        for (n, frame) in Self.frames(count: 400, width: w, height: h).enumerated() {
            if forgetting && n % 97 == 50 { damage.forget() }
            if damage.holds(frame, buffer: target) {
                #expect(scanout[target] == frame)
                continue
            }
            if let rect = damage.copy(frame, into: target) {
                for y in rect.y..<(rect.y + rect.height) {
                    for x in rect.x..<(rect.x + rect.width) { scanout[target][x, y] = frame[x, y] }
                }
            }
            #expect(scanout[target] == frame, "frame \(n) into buffer \(target)")
            target = (target + 1) % buffers
        }
    }
}
