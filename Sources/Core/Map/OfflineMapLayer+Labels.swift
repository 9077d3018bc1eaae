extension OfflineMapLayer {
    /// The label and credit fonts for `physics`: the text stack's when the layer has a shaper that accepts the
    /// styles, else the outline font. Made once per panel and kept.
    public func labelTypography(for physics: ScreenPhysics) -> LabelTypography {
        if let cached = typographyCache, cached.physics == physics { return cached }
        let made = LabelTypography(physics: physics, fonts: fonts, shaper: shaper)
        typographyCache = made
        return made
    }

    /// The images straight turned labels are drawn from, kept between frames.
    public var labelImages: LabelImageCache { placer.images }

    /// Places this frame's labels (from the decoded tiles under the screen), clear of `reserved` and of the lines
    /// drawn over the map (`keepOff`), and says how far they slid from `slidPlacement`'s (nil: placed afresh);
    /// `labelOverlay` draws them.
    func placeLabels(
        camera: Camera, zoom: Int, xs: ClosedRange<Int>, ys: ClosedRange<Int>, typography: LabelTypography,
        reserved: [Rect], keepOff lines: [LabelKeepOutLine]
    ) -> (labels: [PlacedLabel], slide: Point?) {
        let store = tiles.store
        var dataTiles: Set<TileID> = []
        // Labels come from data tiles at or below the file's shallowest zoom only (underzoom draws none).
        if zoom >= store.minZoom {
            for y in ys { for x in xs { dataTiles.insert(store.dataTile(for: TileID(z: zoom, x: x, y: y))) } }
        }
        var loaded: [(tile: TileID, labels: [LabelCandidate])] = []
        for t in dataTiles.sorted(by: { ($0.y, $0.x) < ($1.y, $1.x) }) {
            if case .vector(_, let labels)? = waitForTiles ? store.load(t) : store.cached(t) {
                loaded.append((t, labels))
            }
        }
        // The same decoded tiles as last frame (a tile's labels never change once decoded): the same list.
        let loadedTiles = loaded.map(\.tile)
        let candidates: [LabelCandidate]
        if let cached = candidateCache, cached.tiles == loadedTiles {
            candidates = cached.candidates
        } else {
            candidates = loaded.flatMap(\.labels)
            candidateCache = (loadedTiles, candidates)
        }
        if reusesSlidLabels,
            let slid = slidPlacement?.labels(
                camera: camera, candidateTiles: loadedTiles, physics: typography.physics, reserved: reserved,
                keepOff: lines)
        {
            lastLabels = slid.labels
            return slid
        }
        let fonts = typography.fonts
        (placer.maxLabels, placer.maxPOIs) = typography.labelBudget(width: camera.width, height: camera.height)
        let placed = placer.place(
            candidates, camera: camera, fonts: fonts, reserved: reserved, keepOff: lines, zoom: camera.zoom)
        placedLabelSets += 1
        slidPlacement = SlidLabelPlacement(
            camera: camera, candidateTiles: loadedTiles, physics: typography.physics, reserved: reserved,
            keepOff: lines, labels: placed)
        lastLabels = placed
        return (placed, nil)
    }

    /// The colour of a kind of label in the current style.
    func color(_ kind: LabelCandidate.Kind) -> Color {
        let s = style
        switch kind {
        case .place: return s.label
        case .road: return s.roadLabel
        case .water: return s.waterLabel
        case .poi: return s.poiLabel
        }
    }

    /// Draws one placed label: shaped glyph masks copied or sampled from the text stack's cache, or, without it,
    /// the outline font's glyphs filled.
    func draw(_ label: PlacedLabel, font: LabelFont, haloPixels: Double, on canvas: Canvas) {
        let color = color(label.kind)
        let halo = style.labelHalo
        if let shaped = font.shaped {
            // Turned with the map: the label's image, made once and sampled, not every glyph and halo turned.
            if label.glyphs.isEmpty, label.rotationDegrees != 0, let image = placer.images.image(label.text, font: font)
            {
                if let (stamp, pixel) = turnedLabels.stamp(
                    image, named: LabelImageCache.name(of: label.text, in: font), at: label.origin,
                    rotationDegrees: label.rotationDegrees)
                {
                    canvas.frame.draw(stamp, at: pixel, color, halo: halo)
                }
                return
            }
            let run = shaped.run(label.text)
            if label.glyphs.isEmpty {
                canvas.frame.draw(run, at: label.origin, color, halo: halo, rotationDegrees: label.rotationDegrees)
                return
            }
            // Along a curve: the glyphs sampled once into a stamp, halos under all the text, kept while the name
            // keeps its shape and its fraction of a pixel.
            if let (stamp, pixel) = turnedLabels.curvedStamp(
                run, named: LabelImageCache.name(of: label.text, in: font), glyphs: label.glyphs)
            {
                canvas.frame.draw(stamp, at: pixel, color, halo: halo)
            }
            return
        }
        guard let layout = font.outline else { return }
        if label.glyphs.isEmpty {
            let shapes = labelShapes(label.text, layout: layout, haloWidth: haloPixels)
            let place = Self.placement(origin: label.origin, degrees: label.rotationDegrees)
            canvas.fill(shapes.halo.applying(place), halo)
            canvas.fill(shapes.text.applying(place), color)
            return
        }
        let runs = layout.glyphRuns(label.text)
        var glyphs = Path()
        for g in label.glyphs where g.index < runs.count {
            let place = Self.placement(origin: g.pen, degrees: g.rotationDegrees)
            let scale = layout.size / layout.font.unitsPerEm
            let outline = layout.glyphPath(runs[g.index].glyph) { fx, fy in place(Point(x: fx * scale, y: -fy * scale))
            }
            for contour in outline.contours { glyphs.addPolygon(contour) }
        }
        canvas.fill(Self.dilated(glyphs, by: haloPixels), halo)
        canvas.fill(glyphs, color)
    }

    /// Turns by `degrees` about the origin, then moves to `origin`.
    static func placement(origin o: Point, degrees: Double) -> (Point) -> Point {
        let r = degrees * .pi / 180
        let c = cos(r)
        let s = sin(r)
        return { p in Point(x: o.x + p.x * c - p.y * s, y: o.y + p.x * s + p.y * c) }
    }

    /// The glyphs dilated: eight shifted copies merged by the non-zero fill. Far fewer edges than stroking every
    /// glyph contour, and the same look at halo widths of a few pixels.
    static func dilated(_ glyphs: Path, by width: Double) -> Path {
        var halo = Path()
        for k in 0..<8 {
            let a = Double(k) * .pi / 4
            let d = Point(x: cos(a) * width, y: sin(a) * width)
            for contour in glyphs.contours { halo.addPolygon(contour.map { $0 + d }) }
        }
        for contour in glyphs.contours { halo.addPolygon(contour) }
        return halo
    }
}
