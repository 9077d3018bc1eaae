import Core
import Testing

@testable import NavDisplay

/// A screen that says how large it is, as a DRM connector with an EDID does.
private final class SizedDisplay: Display {
    let width = 800
    let height = 480
    let reportedSizeMillimetres: (width: Int, height: Int)?
    init(millimetres: (width: Int, height: Int)?) { reportedSizeMillimetres = millimetres }
    var name: String { "sized" }
    func present(_ frame: ComposedFrame, changed: FrameChange) throws {}
    var framesHeld: Int { 0 }
    var eventDescriptor: Int32? { nil }
    func handleEvents() throws -> Int { 0 }
    func finishPendingFrames() throws {}
    var counters: String? { nil }
    func close() {}
}

/// Text is sized from the panel: `--screen-inches`, else what the screen reports, else a 7" panel. The display
/// says its own size, so nothing asks which kind of display it is.
@Suite("Display options")
struct DisplayOptionsTests {
    @Test func aReportedPanelSizeSizesTheTextAndTheOptionWinsOverIt() throws {
        let options = DisplayOptions()
        let screen = SizedDisplay(millimetres: (154, 86))
        let (reported, line) = options.physics(screen: screen, width: 800, height: 480)
        #expect(line.hasPrefix("panel 154x86 mm"), "\(line)")
        // Density from the diagonals: 933 pixels over 176 mm.
        let diagonalPixels = (800.0 * 800 + 480 * 480).squareRoot()
        let diagonalMillimetres = (154.0 * 154 + 86 * 86).squareRoot()
        #expect(abs(reported.pixelsPerMillimetre - diagonalPixels / diagonalMillimetres) < 0.001)

        let (assumed, assumedLine) = options.physics(screen: SizedDisplay(millimetres: nil), width: 800, height: 480)
        #expect(assumedLine.contains("assuming 7\""), "\(assumedLine)")
        #expect(assumed.pixelsPerMillimetre != reported.pixelsPerMillimetre)

        var given = DisplayOptions()
        given.screenInches = 3.5
        let (inches, inchesLine) = given.physics(screen: screen, width: 800, height: 480)
        #expect(inchesLine.contains("(--screen-inches)"), "\(inchesLine)")
        #expect(inches.pixelsPerMillimetre > reported.pixelsPerMillimetre, "a 3.5\" panel is denser than 154 mm")
    }
}
