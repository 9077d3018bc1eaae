extension OfflineMapLayer {
    /// Who a label is, apart from where it is: what its drawing reads besides its place.
    struct LabelIdentity: Hashable {
        /// The label image's name (its font and text).
        var name: String
        var color: Color
        var halo: Color
        /// A turned label's angle in hundredths of a degree (0 upright).
        var hundredthsOfDegree: Int
        /// An upright label's glyph pens after the first's, in whole pixels from it; a curved label's glyphs as
        /// its stamp's key holds them (`TurnedLabelCache.CurvedLayout`); empty for a straight turned label.
        var pens: [Int]
    }

    /// A number for each label look (`LabelIdentity`), never given to another, for the composite's identities.
    /// Forgotten whole past `capacity` looks (numbers go on counting, so an old one is never reused: a label
    /// whose look was forgotten is drawn again once). A turned label's look changes with each turn of the map,
    /// so the looks seen pile up on a ride; 512 is several screens' worth (a frame shows at most about 100
    /// labels) and holds tens of kilobytes, where thousands would hold a megabyte.
    struct LabelNumbers {
        private var numbers: [LabelIdentity: Int] = [:]
        private var next = 0
        static let capacity = 512

        mutating func number(_ id: LabelIdentity) -> Int {
            if let n = numbers[id] { return n }
            if numbers.count >= Self.capacity { numbers.removeAll(keepingCapacity: true) }
            next += 1
            numbers[id] = next
            return next
        }
    }

    /// The placed labels as the map composite's overlay: each with the pixels its drawing can touch and, where
    /// those pixels follow from a whole-step place (a turned label's stamp, an upright label's rounded pens), who
    /// it is; drawn through `canvas` onto the composite's kept frame. Labels `slid` by whole pixels from the full
    /// placement take its items moved by as much (`SlidLabelPlacement.items`).
    func labelOverlay(
        _ placed: [PlacedLabel], slid slide: Point?, typography: LabelTypography, canvas: Canvas
    ) -> CompositeOverlay {
        let fonts = typography.fonts
        let look = SlidLabelPlacement.ItemLook(style: style, haloPixels: typography.haloPixels)
        let items: [CompositeOverlay.Item]
        if let slide, let full = slidPlacement?.items, full.look == look, full.items.count == placed.count {
            items = full.items.map { $0.moved(by: slide) }
        } else {
            items = placed.map { overlayItem($0, font: fonts.font($0.kind), haloPixels: typography.haloPixels) }
            // Only the full placement's own items are kept: a slid frame's differ from them by the slide.
            if slide == nil, slidPlacement?.labels == placed { slidPlacement?.items = (look, items) }
        }
        return CompositeOverlay(items: items) { [self] indices, frame in
            // The canvas lends its rasteriser (outline text); the frame is the composite's for the while.
            swap(&canvas.frame, &frame)
            for i in indices {
                draw(placed[i], font: fonts.font(placed[i].kind), haloPixels: typography.haloPixels, on: canvas)
            }
            swap(&canvas.frame, &frame)
        }
    }

    /// What `draw(_:font:haloPixels:on:)` touches for `label`, and who it is when its pixels follow from its
    /// place to a whole step. The paths here are those of `draw`, one for one.
    func overlayItem(_ label: PlacedLabel, font: LabelFont, haloPixels: Double) -> CompositeOverlay.Item {
        let color = color(label.kind)
        let halo = style.labelHalo
        guard let shaped = font.shaped else {
            return CompositeOverlay.Item(
                bounds: outlineBounds(label, font: font, haloPixels: haloPixels), identity: nil)
        }
        if label.glyphs.isEmpty, label.rotationDegrees != 0, let image = placer.images.image(label.text, font: font) {
            let name = LabelImageCache.name(of: label.text, in: font)
            guard
                let place = TurnedLabelCache.quantised(label.origin, rotationDegrees: label.rotationDegrees),
                let (stamp, pixel) = turnedLabels.stamp(
                    image, named: name, at: label.origin, rotationDegrees: label.rotationDegrees),
                let extent = stamp.extent
            else { return .none }
            let id = LabelIdentity(name: name, color: color, halo: halo, hundredthsOfDegree: place.hundredths, pens: [])
            return CompositeOverlay.Item(
                bounds: extent.offsetBy(pixel.x, pixel.y),
                identity: CompositeOverlay.Identity(name: labelNumbers.number(id), x: place.x, y: place.y))
        }
        let run = shaped.run(label.text)
        if label.glyphs.isEmpty && label.rotationDegrees == 0 {
            return uprightItem(run, label: label, font: font, color: color, halo: halo)
        }
        if !label.glyphs.isEmpty {
            // Along a curve: a stamp placed by its first glyph's pen, its shape the glyphs' layout.
            let name = LabelImageCache.name(of: label.text, in: font)
            guard let place = TurnedLabelCache.CurvedLayout(label.glyphs, glyphCount: run.glyphs.count),
                let (stamp, pixel) = turnedLabels.curvedStamp(run, named: name, layout: place),
                let extent = stamp.extent
            else { return .none }
            let id = LabelIdentity(name: name, color: color, halo: halo, hundredthsOfDegree: 0, pens: place.glyphs)
            return CompositeOverlay.Item(
                bounds: extent.offsetBy(pixel.x, pixel.y),
                identity: CompositeOverlay.Identity(name: labelNumbers.number(id), x: place.x, y: place.y))
        }
        // A turned run without an image: sampled at its exact place, so drawn again every frame.
        var bounds: PixelRect?
        let r = label.rotationDegrees * .pi / 180
        for g in run.glyphs {
            let pen = FrameBuffer.pen(of: g, label.origin, cos(r), sin(r))
            for mask in [g.halo, g.bitmap] {
                guard let b = mask?.turnedBounds(pen: pen, degrees: label.rotationDegrees) else {
                    continue
                }
                bounds = bounds.map { $0.union(b) } ?? b
            }
        }
        return CompositeOverlay.Item(bounds: bounds, identity: nil)
    }

    /// An upright run: its masks copied at each glyph's rounded pen, so the pens say where every pixel goes.
    private func uprightItem(
        _ run: GlyphRun, label: PlacedLabel, font: LabelFont, color: Color, halo: Color
    ) -> CompositeOverlay.Item {
        var pens: [(x: Int, y: Int)] = []
        var bounds: PixelRect?
        for g in run.glyphs {
            let pen = FrameBuffer.pen(of: g, label.origin, 1, 0)
            // What the upright blend rounds the pen to; a pen that is no pixel draws nothing.
            guard let px = Int(checkedRounding: pen.x), let py = Int(checkedRounding: pen.y),
                abs(px) < 1 << 24, abs(py) < 1 << 24
            else { return .none }
            pens.append((px, py))
            for mask in [g.halo, g.bitmap] {
                guard let mask, !mask.isEmpty else { continue }
                let b = PixelRect(x: px + mask.left, y: py - mask.top, width: mask.width, height: mask.height)
                bounds = bounds.map { $0.union(b) } ?? b
            }
        }
        guard let first = pens.first else { return .none }
        let relative = pens.dropFirst().flatMap { [$0.x - first.x, $0.y - first.y] }
        let id = LabelIdentity(
            name: LabelImageCache.name(of: label.text, in: font), color: color, halo: halo, hundredthsOfDegree: 0,
            pens: relative)
        return CompositeOverlay.Item(
            bounds: bounds,
            identity: CompositeOverlay.Identity(name: labelNumbers.number(id), x: first.x * 256, y: first.y * 256))
    }

    /// An outline-font label's filled paths (halo and text), with two pixels for the rasteriser's antialiasing.
    private func outlineBounds(_ label: PlacedLabel, font: LabelFont, haloPixels: Double) -> PixelRect? {
        guard let layout = font.outline else { return nil }
        // The halo holds the text, and reaches at most the halo's width past the glyphs' outlines.
        let reach = haloPixels + 2
        var xs: [Double] = []
        var ys: [Double] = []
        if label.glyphs.isEmpty {
            let shapes = labelShapes(label.text, layout: layout, haloWidth: haloPixels)
            let place = Self.placement(origin: label.origin, degrees: label.rotationDegrees)
            for contour in shapes.halo.contours + shapes.text.contours {
                for p in contour.map(place) {
                    xs.append(p.x)
                    ys.append(p.y)
                }
            }
            return PixelRect.around(xs: xs, ys: ys, margin: 2)
        }
        let runs = layout.glyphRuns(label.text)
        let scale = layout.size / layout.font.unitsPerEm
        for g in label.glyphs where g.index < runs.count {
            let place = Self.placement(origin: g.pen, degrees: g.rotationDegrees)
            let outline = layout.glyphPath(runs[g.index].glyph) { fx, fy in place(Point(x: fx * scale, y: -fy * scale))
            }
            for contour in outline.contours {
                for p in contour {
                    xs.append(p.x)
                    ys.append(p.y)
                }
            }
        }
        return PixelRect.around(xs: xs, ys: ys, margin: reach)
    }
}
