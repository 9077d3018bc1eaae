extension OfflineMapLayer {
    /// The credit line set for one frame: its lines (wrapped at spaces when the whole text is wider than the
    /// screen allows), each line's width, and the box the lines take on screen.
    struct CreditLayout {
        var lines: [(text: String, width: Double)]
        var box: Rect
        /// From one baseline to the next, in pixels.
        var lineStep: Double
        /// From the box's edge to the text, in pixels.
        var padding: Double
        /// The font it is set in (the 16′ one, or a smaller fallback when that found no room).
        var font: LabelFont
    }

    /// The most lines the credit may wrap to.
    static let maxCreditLines = 3

    /// The data's licence asks for credit on the map: the file's attribution (OpenStreetMap's by default) at the
    /// minimum legible size (16′), at the bottom edge where no HUD panel is, else at the top, else down a side;
    /// wrapped onto more lines when one line finds no room; clear of the route and the trail (`lines`) where a spot
    /// at that size is, else across them (they are drawn over it and stay whole; a thin line over a word leaves
    /// it legible, a smaller credit is not); smaller only when no spot at all holds it at 16′ (the scene lays the
    /// HUD out so that one does, `creditFitsAtFullSize`). Nil when no spot is free.
    func creditLayout(
        on canvas: Canvas, typography: LabelTypography, reserved: [Rect], keepOff lines: [LabelKeepOutLine] = []
    ) -> CreditLayout? {
        let key = CreditKey(
            width: canvas.width, height: canvas.height, reserved: reserved, physics: typography.physics)
        // The route and the trail move every frame: last frame's place stays while they leave it clear, so the
        // credit does not hop about; a line reaching it moves it to a clear spot at the same size, and where every
        // such spot is crossed it stays put (crossed, but on the map).
        if let cached = creditCache, cached.key == key {
            guard let layout = cached.layout, lines.contains(where: { $0.touches(layout.box) }),
                let clear = placeCredit(
                    on: canvas, typography: typography, fonts: [layout.font], reserved: reserved, keepOff: lines)
            else { return cached.layout }
            creditCache = (key, clear)
            return clear
        }
        var layout: CreditLayout?
        for fonts in [[typography.attribution], typography.attributionFallbacks] where layout == nil {
            layout =
                placeCredit(on: canvas, typography: typography, fonts: fonts, reserved: reserved, keepOff: lines)
                ?? placeCredit(on: canvas, typography: typography, fonts: fonts, reserved: reserved, keepOff: [])
        }
        creditCache = (key, layout)
        return layout
    }

    /// What the credit's place depends on (the text and fonts follow from the file and the physics).
    struct CreditKey: Equatable {
        var width: Int
        var height: Int
        var reserved: [Rect]
        var physics: ScreenPhysics
    }

    /// The credit in fewer words where the licence's guidance accepts them, nil when no shorter form is known.
    ///
    /// OpenStreetMap's community attribution advice gives "© OpenStreetMap contributors" as the usual text and says
    /// the shortened "© OpenStreetMap" is typically accepted too (some mappers prefer the longer one), so the longer
    /// text is drawn wherever it fits at 16′ and the shorter only where the HUD leaves no room for it (a 3.5"
    /// panel). Other credits in the same line ("© OpenMapTiles") stay as they are.
    static func shortCredit(_ credit: String) -> String? {
        let long = "OpenStreetMap contributors"
        guard credit.contains(long) else { return nil }
        return credit.replacing(long, with: "OpenStreetMap")
    }

    /// Whether the credit has a place at its full size (16′) along the top or bottom edge of a `width`×`height`
    /// screen clear of `reserved` (the HUD's panels and the marker; the route and the trail are not asked about).
    /// The scene asks before it settles the HUD's layout and moves a panel when the answer is no (a 3.5" 480×320
    /// panel's bottom row): a credit down a side floats in the middle of the map, across the way ahead.
    public func creditFitsAtFullSize(width: Int, height: Int, reserved: [Rect], physics: ScreenPhysics) -> Bool {
        let key = CreditKey(width: width, height: height, reserved: reserved, physics: physics)
        if let cached = creditRoomCache, cached.key == key { return cached.fits }
        let typography = labelTypography(for: physics)
        let texts = creditTexts
        let fits =
            texts[0].isEmpty
            || texts.contains { text in
                creditLayout(
                    text, width: width, height: height, font: typography.attribution, typography: typography,
                    reserved: reserved, keepOff: [], alongSides: false) != nil
            }
        creditRoomCache = (key, fits)
        return fits
    }

    /// The whole credit, then its short form where one is known.
    private var creditTexts: [String] {
        let whole = attribution
        return [whole] + (Self.shortCredit(whole).map { [$0] } ?? [])
    }

    /// The first spot for the credit in one of `fonts`, largest first; at each size an edge before a side. Along
    /// an edge the whole credit comes before its short form; down a side the one nearest the top or bottom edge
    /// wins (a shorter credit just above the bottom panels reads better than the whole one across the way ahead).
    private func placeCredit(
        on canvas: Canvas, typography: LabelTypography, fonts: [LabelFont], reserved: [Rect],
        keepOff lines: [LabelKeepOutLine]
    ) -> CreditLayout? {
        guard !attribution.isEmpty else { return nil }
        let texts = creditTexts
        let H = Double(canvas.height)
        for font in fonts {
            for alongSides in [false, true] {
                let found = texts.lazy.compactMap { text in
                    self.creditLayout(
                        text, width: canvas.width, height: canvas.height, font: font, typography: typography,
                        reserved: reserved, keepOff: lines, alongSides: alongSides)
                }
                if let best = Self.best(found, alongSides: alongSides, screenHeight: H, box: \.box) { return best }
            }
        }
        return nil
    }

    /// The candidate to take, candidates best first: along an edge the first; down a side the one whose box is
    /// nearest the top or bottom edge (the first of equals).
    static func best<Candidates: Sequence>(
        _ candidates: Candidates, alongSides: Bool, screenHeight: Double, box: (Candidates.Element) -> Rect
    ) -> Candidates.Element? {
        if !alongSides {
            for c in candidates { return c }
            return nil
        }
        func edgeDistance(_ c: Candidates.Element) -> Double { min(box(c).y, screenHeight - box(c).maxY) }
        return candidates.min { edgeDistance($0) < edgeDistance($1) }
    }

    private func creditLayout(
        _ text: String, width: Int, height: Int, font: LabelFont, typography: LabelTypography, reserved: [Rect],
        keepOff lines: [LabelKeepOutLine], alongSides: Bool
    ) -> CreditLayout? {
        let unit = typography.physics.unit
        let margin = 4 * unit
        let padding = 2 + typography.haloPixels
        let W = Double(width)
        let H = Double(height)
        let whole = font.metrics(of: text).width
        let widest = W - 2 * (margin + padding)
        // One line where it fits, else two or three shorter ones where a single line finds no free spot.
        var sets: [(lines: [(text: String, width: Double)], w: Double, h: Double)] = []
        for lineWidth in [widest, min(widest, whole * 0.6), min(widest, whole * 0.45)] {
            let lines = Self.wrap(text, width: lineWidth, font: font)
            guard !sets.contains(where: { $0.lines.count == lines.count }) else { continue }
            // Capitals plus descenders plus a little air between the lines.
            let h = font.capHeight * (1.3 + 1.6 * Double(lines.count - 1))
            sets.append((lines, (lines.map(\.width).max() ?? 0) + 2 * padding, h + 2 * padding))
        }
        // Along an edge the first set with a free spot (fewest lines); down a side the free spot of any set
        // nearest the top or bottom edge.
        let placed = sets.lazy.compactMap { set -> CreditLayout? in
            let free = Self.creditSpots(
                width: set.w, height: set.h, screenWidth: W, screenHeight: H, margin: margin, sides: alongSides
            ).lazy.filter { box in
                !reserved.contains(where: { $0.intersects(box) }) && !lines.contains(where: { $0.touches(box) })
            }
            return Self.best(free, alongSides: alongSides, screenHeight: H, box: { $0 }).map {
                CreditLayout(lines: set.lines, box: $0, lineStep: font.capHeight * 1.6, padding: padding, font: font)
            }
        }
        return Self.best(placed, alongSides: alongSides, screenHeight: H, box: \.box)
    }

    /// Where a `width`×`height` credit box may go, best first: the middle of the bottom edge, its corners, the
    /// rest of the bottom edge, the same along the top; with `sides`, down the right and left edges instead (a
    /// small panel's HUD leaves only gaps). Every spot is wholly on screen.
    static func creditSpots(
        width w: Double, height h: Double, screenWidth W: Double, screenHeight H: Double, margin: Double, sides: Bool
    ) -> [Rect] {
        guard w + 2 * margin <= W, h + 2 * margin <= H else { return [] }
        let step = 2 * margin
        let xs = [(W - w) / 2, W - w - margin, margin] + Array(stride(from: margin, through: W - w - margin, by: step))
        let ys = Array(stride(from: H - h - margin, through: margin, by: -step))
        if sides { return [W - w - margin, margin].flatMap { x in ys.map { Rect(x: x, y: $0, width: w, height: h) } } }
        return [H - h - margin, margin].flatMap { y in xs.map { Rect(x: $0, y: y, width: w, height: h) } }
    }

    /// Keeps the credit line in its layer (`HUDLayerCache`), drawn there again only when its text, place, font,
    /// colours or the screen change, and composited over the map every frame like a HUD panel: a few
    /// multiplications a pixel instead of every glyph's halo and mask blended again. Uses the canvas as scratch
    /// space, so it runs before the map is drawn; no credit, no layer.
    func prepareCredit(_ credit: CreditLayout?, typography: LabelTypography, on canvas: Canvas) {
        guard let credit else {
            creditLayer.keep(only: [])
            return
        }
        let look = CreditLook(
            lines: credit.lines.map(\.text), widths: credit.lines.map(\.width), box: credit.box,
            lineStep: credit.lineStep, padding: credit.padding, capHeight: credit.font.capHeight,
            font: credit.font.cacheKey, haloPixels: typography.haloPixels, color: style.label, halo: style.labelHalo,
            width: canvas.width, height: canvas.height)
        creditLayer.prepare(.credit, key: .credit(look), rect: credit.box, on: canvas) { canvas in
            drawCredit(credit, typography: typography, on: canvas)
        }
        creditLayer.keep(only: [.credit])
    }

    /// Draws the credit lines in the box `creditLayout` chose, each centred, a little translucent (the drawing of
    /// the credit's layer).
    func drawCredit(_ credit: CreditLayout, typography: LabelTypography, on canvas: Canvas) {
        let font = credit.font
        let color = style.label.withOpacity(0.8)
        let halo = style.labelHalo.withOpacity(0.8)
        if let shaped = font.shaped {
            for (line, o) in zip(credit.lines, creditOrigins(credit)) {
                canvas.draw(shaped.run(line.text), at: o, color, halo: halo)
            }
            return
        }
        guard let layout = font.outline else { return }
        for (line, o) in zip(credit.lines, creditOrigins(credit)) {
            let shapes = labelShapes(line.text, layout: layout, haloWidth: 0.75 * typography.haloPixels)
            canvas.fill(shapes.halo.applying { $0 + o }, halo)
            canvas.fill(shapes.text.applying { $0 + o }, color)
        }
    }

    /// Where each credit line's baseline starts: centred in the box, one line step apart.
    private func creditOrigins(_ credit: CreditLayout) -> [Point] {
        var baseline = credit.box.y + credit.padding + credit.font.capHeight
        var origins: [Point] = []
        for line in credit.lines {
            origins.append(Point(x: credit.box.x + (credit.box.width - line.width) / 2, y: baseline))
            baseline += credit.lineStep
        }
        return origins
    }

    /// Everything the credit's pixels follow from: its lines, their place and font, its colours and the screen.
    struct CreditLook: Equatable {
        var lines: [String]
        var widths: [Double]
        var box: Rect
        var lineStep: Double
        var padding: Double
        var capHeight: Double
        var font: String
        var haloPixels: Double
        var color: Color
        var halo: Color
        var width: Int
        var height: Int
    }

    /// `text` broken at spaces into at most `maxCreditLines` lines no wider than `width` (a single word wider
    /// than that keeps a line of its own; what does not fit in the last line stays on it).
    static func wrap(_ text: String, width: Double, font: LabelFont) -> [(text: String, width: Double)] {
        let whole = font.metrics(of: text).width
        guard whole > width else { return [(text, whole)] }
        var lines: [(text: String, width: Double)] = []
        var current = ""
        // A lone symbol ("©") stays with the word after it.
        var words: [String] = []
        var pending = ""
        for w in text.split(separator: " ", omittingEmptySubsequences: true) {
            if w.count <= 1 {
                pending += w + " "
            } else {
                words.append(pending + w)
                pending = ""
            }
        }
        if !pending.isEmpty { words.append(String(pending.dropLast())) }
        for word in words {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if current.isEmpty || font.metrics(of: candidate).width <= width
                || lines.count == maxCreditLines - 1
            {
                current = candidate
            } else {
                lines.append((current, font.metrics(of: current).width))
                current = String(word)
            }
        }
        if !current.isEmpty { lines.append((current, font.metrics(of: current).width)) }
        return lines
    }
}
