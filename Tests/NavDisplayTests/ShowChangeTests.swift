import Foundation
import Testing

/// `navdisplay show` tells the display what each frame changed (the VM display tests count what DRM copies the
/// same way): north-up, only the heading changes, so after the first frame only the heading panel, the marker and
/// what lies between them are copied, not the whole frame.
@Suite("show copies what changed")
struct ShowChangeTests {
    @Test("A run of headings north-up on the memory display copies much less than whole frames")
    func headingsCopyWhatChanged() throws {
        let headings = stride(from: 0, through: 180, by: 20).map(String.init).joined(separator: ",")
        let r = try NavDisplayBinary.run(
            [
                "show", "--display", "memory", "--mode", "1280x800", "--screen-inches", "7", "--orientation",
                "north-up", "--headings", headings,
            ], timeout: 120)
        try #require(r.status == 0, "\(r.stderr)")
        // "frames 10 copied 10 pixels N"
        let line = try #require(r.stdout.split(separator: "\n").first { $0.hasPrefix("frames ") })
        let fields = line.split(separator: " ")
        let pixels = try #require(Int(fields[fields.count - 1]))
        let frame = 1280 * 800
        #expect(pixels >= frame, "the first frame is copied whole")
        // The VM test's bound for DRM (two whole copies fill both buffers, then half a frame each) would hold
        // with room to spare: here the nine frames after the first take at most half a frame each.
        #expect(pixels < frame + 9 * frame / 2, "\(pixels) pixels copied for 10 frames of \(frame)")
    }
}
