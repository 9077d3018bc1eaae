import Core
import Testing

/// The scene never draws into a frame the display may still hold (DRM keeps the newest one for its damage scan and
/// one waiting for a flip): drawing into it would copy all its pixels first, every frame. It draws into the oldest
/// one handed out, or, for a display that holds none (memory, fbdev), into the same one every frame. (Value
/// semantics keep a held frame intact either way; what is tested is that no copy is made.)
@Suite("Scene frame buffers")
struct SceneFrameBufferTests {
    static func input(_ scene: Scene, bearing: Double) -> SceneInput {
        let camera = Camera(
            mode: .headingUp, center: GeoCoordinate(latitude: 60.1699, longitude: 24.9384), zoom: 16,
            mapBearing: Angle(bearing), width: scene.width, height: scene.height)
        return SceneInput(camera: camera, mode: .headingUp, heading: nil, positionStatus: "GPS 3D")
    }

    static func address(_ frame: FrameBuffer) -> UInt {
        frame.pixels.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    }

    @Test(arguments: [0, 1, 3])
    func aFrameTheDisplayHoldsIsNotDrawnIntoAndTheOldestIsReused(_ held: Int) throws {
        let scene = Scene(width: 160, height: 96, fonts: try FontSet.load())
        scene.framesHeldByDisplay = held
        // What a display does: it keeps the last `held` frames it was given, and lets go of older ones.
        var kept: [FrameBuffer] = []
        var addresses: [UInt] = []
        for i in 0..<(3 * (held + 1)) {
            let frame = scene.render(Self.input(scene, bearing: Double(i * 10)))
            addresses.append(Self.address(frame))
            kept.append(frame)
            if kept.count > held { kept.removeFirst() }
        }
        // Once the ring is full, each frame lands in the buffer of the frame `held + 1` before it, which no one
        // holds any more: drawn in place, no copy and no new block (a held one would have been copied first).
        for i in (held + 1)..<addresses.count {
            #expect(addresses[i] == addresses[i - held - 1], "frame \(i)")
        }
        #expect(Set(addresses).count == held + 1)
    }
}
