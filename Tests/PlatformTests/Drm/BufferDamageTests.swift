import Core
import Testing

@testable import Platform

/// `BufferDamage`: scanout buffers that are written only what it returns always end up holding the frame copied
/// into them, however the frames change and whichever buffer each goes to, from what each frame said it changed.
@Suite struct BufferDamageTests {
    /// A deterministic run of frames and what each changed: each one the last with a few small rectangles
    /// repainted (told as the rectangle around them), now and then none (a frame that changed nothing), the whole
    /// frame, or a change not told.
    private static func frames(count: Int, width: Int, height: Int) -> [(FrameBuffer, FrameChange)] {
        var seed: UInt64 = 0x2545_F491_4F6C_DD1D
        func random(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        var frame = FrameBuffer(width: width, height: height, fill: 0)
        var out: [(FrameBuffer, FrameChange)] = []
        for _ in 0..<count {
            var next = frame
            var change = FrameChange.none
            switch random(8) {
            case 0: break
            case 1:
                next = FrameBuffer(width: width, height: height, fill: UInt32(random(1 << 24)))
                change = random(2) == 0 ? .unknown : .within(PixelRect(x: 0, y: 0, width: width, height: height))
            default:
                for _ in 0..<(1 + random(3)) {
                    let (x, y) = (random(width), random(height))
                    let (w, h) = (min(width - x, 1 + random(9)), min(height - y, 1 + random(6)))
                    let colour = UInt32(random(1 << 24))
                    for yy in y..<(y + h) {
                        for xx in x..<(x + w) { next[xx, yy] = colour }
                    }
                    change = change.followed(by: .within(PixelRect(x: x, y: y, width: w, height: h)))
                }
            }
            out.append((next, change))
            frame = next
        }
        return out
    }

    /// Page flips (frames to the two buffers in turn, a frame that changed nothing skipped when the buffer on
    /// screen holds the newest) and DirtyFB (one buffer).
    @Test(arguments: [2, 1])
    func buffersWrittenOnlyWhereToldHoldEachFrame(_ buffers: Int) {
        let (w, h) = (23, 17)
        var damage = BufferDamage(buffers: buffers)
        var scanout = Array(repeating: FrameBuffer(width: w, height: h, fill: 0x00de_adbe), count: buffers)
        var target = 0
        var skipped = 0
        for (n, (frame, change)) in Self.frames(count: 400, width: w, height: h).enumerated() {
            let onScreen = (target + buffers - 1) % buffers
            if change == .none, damage.holdsNewest(buffer: onScreen) {
                #expect(scanout[onScreen] == frame)
                skipped += 1
                continue
            }
            if let rect = damage.copy(change, into: target).rect(width: w, height: h) {
                for y in rect.y..<(rect.y + rect.height) {
                    for x in rect.x..<(rect.x + rect.width) { scanout[target][x, y] = frame[x, y] }
                }
            }
            #expect(scanout[target] == frame, "frame \(n) into buffer \(target)")
            target = (target + 1) % buffers
        }
        #expect(skipped > 10)
    }
}
