import Core
import Foundation
import Platform
import Testing

/// Where the rendered samples go, to be looked at (they are not goldens: the checks below are on pixels).
let textSampleDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("navdisplay-text")

@Suite struct TextRenderingTests {
    /// Counts pixels darker than mid-grey: the ink of black text on a light background.
    private func inkedPixels(_ frame: FrameBuffer, in rows: Range<Int>? = nil) -> Int {
        let range = rows ?? 0..<frame.height
        var n = 0
        for y in range { for x in 0..<frame.width where frame[x, y] & 0xff < 0x80 { n += 1 } }
        return n
    }

    @Test func worldNamesRenderWithInkOnEveryLine() throws {
        let shaper = try shaper()
        let lineHeight = 36
        var frame = FrameBuffer(width: 420, height: lineHeight * (worldNames.count + 2) + 10, fill: 0xa9b59a)
        var lines: [String] = worldNames.map(\.text)
        lines += ["AV Wa To 66 Helsinki", "Herzl הרצל · شارع 23"]
        for (i, text) in lines.enumerated() {
            let run = try shaper.shape(text, style: TextStyle(sizePixels: 22, haloPixels: 2))
            // Right-to-left names align to the right edge, as a reader of them expects.
            let x = run.isRightToLeft ? Double(frame.width) - 10 - run.advance : 10
            frame.draw(run, at: Point(x: x, y: Double(lineHeight * (i + 1))), .black, halo: .white)
        }
        try FileManager.default.createDirectory(at: textSampleDirectory, withIntermediateDirectories: true)
        try PNGFile.write(frame, to: textSampleDirectory.appendingPathComponent("world-names.png").path)
        for i in lines.indices {
            let rows = (lineHeight * i + 12)..<(lineHeight * (i + 1) + 8)
            #expect(inkedPixels(frame, in: rows) > 60, "line \(i) (\(lines[i])) has no ink")
        }
    }

    @Test(arguments: [0.0, 30, 90, -45, 180])
    func aTurnedRunKeepsItsInk(_ degrees: Double) throws {
        let run = try shaper().shape("Mannerheimintie", style: TextStyle(sizePixels: 18))
        var upright = FrameBuffer(width: 240, height: 240, fill: 0xffffff)
        upright.draw(run, at: Point(x: 120 - run.advance / 2, y: 126), .black)
        var turned = FrameBuffer(width: 240, height: 240, fill: 0xffffff)
        let r = degrees * .pi / 180
        // Turn about the run's centre so it stays on the frame.
        let origin = Point(x: 120 - cos(r) * run.advance / 2, y: 120 - sin(r) * run.advance / 2)
        turned.draw(run, at: origin, .black, rotationDegrees: degrees)
        if degrees == 30 {
            try FileManager.default.createDirectory(at: textSampleDirectory, withIntermediateDirectories: true)
            try PNGFile.write(turned, to: textSampleDirectory.appendingPathComponent("turned-30.png").path)
        }
        let a = Double(inkedPixels(upright))
        let b = Double(inkedPixels(turned))
        // Bilinear sampling blurs a little; the amount of ink stays within a fifth.
        #expect(abs(a - b) < 0.2 * a, "upright \(a), turned \(b)")
    }

    @Test func aHaloSurroundsTheGlyphs() throws {
        let run = try shaper().shape("Katu", style: TextStyle(sizePixels: 20, haloPixels: 2))
        var frame = FrameBuffer(width: 80, height: 40, fill: 0x000000)
        frame.draw(run, at: Point(x: 10, y: 28), Color(hex: 0x000000), halo: .white)
        // Black text on black: only the halo shows, as a ring around every glyph.
        let white = frame.pixels.filter { $0 & 0xff > 0x80 }.count
        let glyph = run.glyphs.reduce(0) { $0 + $1.bitmap.coverage.filter { $0 > 128 }.count }
        #expect(white > glyph)
        let h = try #require(run.glyphs.first?.halo)
        let b = try #require(run.glyphs.first?.bitmap)
        #expect(h.width == b.width + 6 && h.height == b.height + 6)
    }
}

@Suite struct ShapedTextLayoutTests {
    @Test func aLayoutMeasuresAndDrawsWhatTheShaperShapes() throws {
        let shaper = try shaper()
        let layout = try ShapedTextLayout(shaper, sizePixels: 16, weight: .bold, haloPixels: 1.5)
        let run = try shaper.shape("Kaivokatu", style: layout.style)
        #expect(layout.width(of: "Kaivokatu") == run.advance)
        #expect(layout.capHeight == run.capHeight)
        let canvas = Canvas(width: 120, height: 30)
        canvas.text("Kaivokatu", at: Point(x: 4, y: 22), shaped: layout, .black, halo: .white)
        #expect(canvas.frame.pixels.contains { $0 & 0xff < 0x40 })
    }

    @Test func aBadStyleFailsWhenTheLayoutIsMadeNotAtEveryLabel() throws {
        let shaper = try shaper()
        #expect(throws: TextError.self) { try ShapedTextLayout(shaper, sizePixels: .nan) }
        #expect(throws: TextError.self) { try ShapedTextLayout(shaper, sizePixels: 12, haloPixels: -2) }
    }
}

@Suite struct CurvedLabelTests {
    @Test func aNameFollowsACurveGlyphByGlyph() throws {
        // What a label placer does along a bending road: each glyph at its distance along the arc, turned to
        // the arc's direction there.
        let run = try shaper().shape("Pohjoisesplanadi", style: TextStyle(sizePixels: 18, haloPixels: 2))
        var frame = FrameBuffer(width: 260, height: 160, fill: 0xd8e0c8)
        let centre = Point(x: 130, y: 260)
        let radius = 200.0
        let startAngle = -.pi / 2 - run.advance / 2 / radius
        let placed = run.glyphs.map { g -> (glyph: PositionedGlyph, pen: Point, degrees: Double) in
            let a = startAngle + (g.x + g.advance / 2) / radius
            let mid = Point(x: centre.x + radius * cos(a), y: centre.y + radius * sin(a))
            let tangent = a + .pi / 2
            // The pen sits half an advance back along the tangent from the glyph's middle.
            let pen = Point(x: mid.x - cos(tangent) * g.advance / 2, y: mid.y - sin(tangent) * g.advance / 2)
            return (g, pen, tangent * 180 / .pi)
        }
        // Halos first, so no glyph's halo covers its neighbour.
        for p in placed {
            if let halo = p.glyph.halo { frame.draw(halo, pen: p.pen, .white, rotationDegrees: p.degrees) }
        }
        for p in placed { frame.draw(p.glyph.bitmap, pen: p.pen, .black, rotationDegrees: p.degrees) }
        try FileManager.default.createDirectory(at: textSampleDirectory, withIntermediateDirectories: true)
        try PNGFile.write(frame, to: textSampleDirectory.appendingPathComponent("curved.png").path)
        let ink = frame.pixels.filter { $0 & 0xff < 0x60 }.count
        #expect(ink > 300)
    }
}
