import Core
import Platform
import Testing

/// A small deterministic generator (SplitMix64), so a failing string can be made again from its seed.
private struct SplitMix {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}

@Suite struct TextRobustnessTests {
    /// Ranges a map's names can bring: letters of many scripts, marks, joiners, bidi controls, emoji, private use,
    /// unassigned planes.
    private static let ranges: [ClosedRange<UInt32>] = [
        0x20...0x7E, 0x300...0x36F, 0x391...0x3C9, 0x400...0x44F, 0x591...0x5F4, 0x600...0x6FF, 0x900...0x97F,
        0xE00...0xE5B, 0x200B...0x202E, 0x2066...0x2069, 0x3040...0x30FF, 0x4E00...0x9FFF, 0xAC00...0xD7A3,
        0xE000...0xF8FF, 0xFB50...0xFDFF, 0xFE70...0xFEFC, 0x1F300...0x1F6FF, 0x30000...0x3134A, 0xE0000...0xE007F,
        0x10FFF0...0x10FFFD,
    ]

    @Test func randomStringsOfEveryScriptShapeToSaneRuns() throws {
        let shaper = try shaper()
        var random = SplitMix(state: 18)
        var frame = FrameBuffer(width: 64, height: 32, fill: 0xffffff)
        for _ in 0..<300 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<(1 + random.below(24)) {
                let r = Self.ranges[random.below(Self.ranges.count)]
                let v = r.lowerBound + UInt32(random.below(Int(r.upperBound - r.lowerBound) + 1))
                if let s = Unicode.Scalar(v) { scalars.append(s) }
            }
            let text = String(scalars)
            let style = TextStyle(
                sizePixels: 6 + Double(random.below(40)), weight: random.below(2) == 0 ? .regular : .bold,
                direction: [.automatic, .leftToRight, .rightToLeft][random.below(3)],
                haloPixels: Double(random.below(3)))
            let run = try shaper.shape(text, style: style)
            let count = text.unicodeScalars.count
            #expect(run.glyphs.allSatisfy { $0.cluster >= 0 && $0.cluster < count }, "\(text.debugDescription)")
            #expect(run.glyphs.allSatisfy { $0.x.isFinite && $0.y.isFinite && $0.advance.isFinite })
            #expect(run.advance.isFinite && run.ascent >= 0 && run.descent >= 0)
            #expect(run.missingGlyphCount <= run.glyphs.count)
            frame.draw(run, at: Point(x: 2, y: 24), .black, halo: .white, rotationDegrees: Double(random.below(360)))
        }
    }

    @Test func shapingFromManyTasksAtOnceGivesWhatOneTaskGives() async throws {
        let shaper = try WorldTextShaper()
        let names = worldNames.map(\.text) + ["Mannerheimintie", "AV Wa", "Herzl הרצל"]
        let serial = try names.map { try shaper.shape($0, style: TextStyle(sizePixels: 15)).glyphs.map(\.glyphID) }
        shaper.removeCachedRunsAndGlyphs()
        let parallel = try await withThrowingTaskGroup(of: (Int, [UInt32]).self) { group in
            for _ in 0..<4 {
                for (i, n) in names.enumerated() {
                    group.addTask {
                        // The same style every round, so the tasks race on the same cache entries.
                        (i, try shaper.shape(n, style: TextStyle(sizePixels: 15)).glyphs.map(\.glyphID))
                    }
                }
            }
            var out: [(Int, [UInt32])] = []
            for try await r in group { out.append(r) }
            return out
        }
        #expect(parallel.count == 4 * names.count)
        for (i, glyphs) in parallel { #expect(glyphs == serial[i]) }
    }

    @Test func bracketsAreMirroredInRightToLeftText() throws {
        let shaper = try shaper()
        let style = TextStyle(sizePixels: 20)
        let open = try #require(shaper.shape("(", style: style).glyphs.first).glyphID
        let close = try #require(shaper.shape(")", style: style).glyphs.first).glyphID
        // "(شارع)" reads right to left: the opening bracket is the rightmost glyph and, mirrored, opens to the
        // left, which is the shape of ")"; the closing bracket is leftmost and looks like "(".
        let run = try shaper.shape("(شارع)", style: style)
        #expect(run.isRightToLeft)
        let rightmost = try #require(run.glyphs.last)
        let leftmost = try #require(run.glyphs.first)
        #expect(rightmost.cluster == 0 && rightmost.glyphID == close)
        #expect(leftmost.cluster == 5 && leftmost.glyphID == open)
    }
}
