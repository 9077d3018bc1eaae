import Core
import Platform
import Testing

@Suite struct TextBadInputTests {
    @Test(arguments: [0.0, -3, .nan, .infinity, 1e9])
    func aSizeThatCannotBeAGlyphSizeIsAClearError(_ size: Double) throws {
        let shaper = try shaper()
        #expect(throws: TextError.self) { try shaper.shape("Katu", style: TextStyle(sizePixels: size)) }
    }

    @Test(arguments: [-1.0, .nan, 100])
    func aBadHaloIsAClearError(_ halo: Double) throws {
        let shaper = try shaper()
        #expect(throws: TextError.self) { try shaper.shape("Katu", style: TextStyle(sizePixels: 12, haloPixels: halo)) }
    }

    @Test func anEmptyStringIsAnEmptyRun() throws {
        let run = try shaper().shape("", style: TextStyle(sizePixels: 12))
        #expect(run.glyphs.isEmpty)
        #expect(run.advance == 0)
        #expect(run.capHeight > 0)
    }

    @Test func charactersNoFontHasAreCountedAsMissingNotTrapped() throws {
        // Private-use and unassigned code points: no installed font draws them.
        let run = try shaper().shape("A\u{10FFFD}\u{E000}B", style: TextStyle(sizePixels: 12))
        #expect(run.missingGlyphCount == 2)
        #expect(run.glyphs.count == 4)
    }

    @Test func aVeryLongStringIsCutNotSetWhole() throws {
        let run = try shaper().shape(String(repeating: "katu ", count: 2000), style: TextStyle(sizePixels: 8))
        #expect(run.glyphs.count == TextLimits.maximumScalars)
    }

    @Test func controlsAndLoneMarksDoNotTrap() throws {
        let run = try shaper().shape(
            "\u{0301}\u{200D}\u{202E}abc\u{0000}\u{FEFF}ش\u{064B}", style: TextStyle(sizePixels: 12))
        #expect(!run.glyphs.isEmpty)
    }

    @Test func drawingAtPositionsFarOffTheFrameSkipsInsteadOfTrapping() throws {
        let run = try shaper().shape("Katu", style: TextStyle(sizePixels: 12, haloPixels: 2))
        var frame = FrameBuffer(width: 40, height: 20, fill: 0xffffff)
        for origin in [Point(x: 1e300, y: 5), Point(x: -1e12, y: 1e12), Point(x: .nan, y: 3), Point(x: 39, y: 19)] {
            for angle in [0.0, 37, 180] {
                frame.draw(run, at: origin, .black, halo: .white, rotationDegrees: angle)
            }
        }
        #expect(frame.width == 40)
    }
}
