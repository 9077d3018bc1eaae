import Core
import Foundation
import Platform

/// The final copy into scanout memory, per frame at 1280x800: full copies in each rotation and format, and a
/// damage-only copy (a 200x200 arrow region), as ratios to a plain memcpy of the frame
/// measured in the same run. (Destination here is ordinary memory; real scanout memory is write-combined, which
/// favours the sequential row writes the copy does.)
func runScanoutBenchmark() {
    let w = 1280
    let h = 800
    var frame = FrameBuffer(width: w, height: h)
    for y in 0..<h {
        for x in 0..<w { frame[x, y] = UInt32(truncatingIfNeeded: x &* 2_654_435_761 ^ y &* 40503) & 0xffffff }
    }
    var next = frame
    for y in 300..<500 { for x in 540..<740 { next[x, y] ^= 0x00ff00 } }  // an arrow-sized change
    let pitch = w * 4 + 64  // drivers pad rows
    let memory = UnsafeMutableRawPointer.allocate(byteCount: pitch * w, alignment: 64)  // room for 90° too
    defer { memory.deallocate() }

    func time(_ body: () -> Void) -> Double {
        body()  // warm-up
        let rounds = 20
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<rounds { body() }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / Double(rounds) / 1e6
    }
    let full = PixelRect(x: 0, y: 0, width: w, height: h)
    let baseline = time {
        frame.pixels.withUnsafeBytes { src in memory.copyMemory(from: src.baseAddress!, byteCount: src.count) }
    }
    var rows: [(String, Double)] = []
    for rotation in PanelRotation.allCases {
        for format in [PixelFormat.xrgb8888, .rgb565] {
            let ms = time {
                ScanoutCopy.copy(frame, rect: full, rotation: rotation, format: format, to: memory, pitch: pitch)
            }
            rows.append(("full copy, \(format.rawValue), rotate \(rotation.rawValue)", ms))
        }
    }
    // What a scene says an arrow-sized change was (`FrameChange`): only that is copied.
    let damage = PixelRect(x: 540, y: 300, width: 200, height: 200)
    rows.append(
        (
            "damage-only copy \(damage.width)x\(damage.height), xrgb8888",
            time { ScanoutCopy.copy(next, rect: damage, rotation: .none, format: .xrgb8888, to: memory, pitch: pitch) }
        ))
    print("scanout copy, \(w)x\(h) frame; baseline memcpy \(formatFixed(baseline, digits: 3)) ms")
    for (name, ms) in rows {
        print(
            "  \(name.padding(toLength: 44, withPad: " ", startingAt: 0)) \(formatFixed(ms, digits: 3)) ms  "
                + "\(formatFixed(ms / baseline, digits: 2))x memcpy")
    }
}
