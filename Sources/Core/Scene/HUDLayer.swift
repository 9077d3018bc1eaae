/// The heads-up display: heading, orientation mode, speed, status lines, a north pointer and a scale bar.
/// It never rotates with the map, and every element sits on an opaque-enough panel to read in sun. Its text
/// sizes come from the panel's physics (`HUDTypography`), and its panels are as large as their text.
struct HUDLayer {
    let typography: HUDTypography
    /// The scene's geometry unit (one pixel at the reference density).
    let unit: Double
    /// The north pointer's "N" is the same every frame: its width is set once rather than asked of the shaper.
    private let northLetterWidth: Double
    /// The last frame's layout (`HUDLayerMemo`).
    private let memo = HUDLayerMemo()

    init(typography: HUDTypography, unit: Double) {
        self.typography = typography
        self.unit = unit
        northLetterWidth = typography.secondary.width(of: "N")
    }

    /// Where each HUD element goes on a `width`×`height` screen for `lines`.
    struct Layout {
        var heading: Rect
        var northCenter: Point
        var northRadius: Double
        var speed: Rect
        var scale: Rect
        var scaleBarPixels: Double
        var scaleLabel: String
        var notices: [Rect]
        /// The current-street bar and its name; nil with the name in the heading panel when no bar fits.
        var street: Rect?
        var streetText: String = ""
        var streetFont: HUDFont?
        /// The heading panel's rows under the digits, and the speed panel's, after any were left out for room.
        var headingRows: [HUDRow]
        var speedRows: [HUDRow]
        /// The speed's unit is the speed panel's first row rather than beside the digits.
        var speedUnitBelow = false
        /// How wide the heading's digits line is set (the digits, the cardinal, a wide accuracy), in pixels.
        var headingDigitsWidth = 0.0
        /// The route and trip panels in the right-hand column (`HUDLayer+Ride`).
        var ride = RideColumn()

        /// Every area the HUD covers, so map and grid labels keep clear of it.
        var rects: [Rect] {
            [
                heading, speed, scale,
                Rect(
                    x: northCenter.x - northRadius, y: northCenter.y - northRadius, width: 2 * northRadius,
                    height: 2 * northRadius),
            ] + notices + (street.map { [$0] } ?? []) + ride.rects
        }
    }

    var t: HUDTypography { typography }
    /// Space inside a panel around its text.
    private var pad: Double { max(5, 0.5 * t.secondary.capHeight) }
    /// Space between lines of a panel.
    private var gap: Double { max(4, 0.55 * t.secondary.capHeight) }
    /// Space between a panel and the screen's edge.
    private var margin: Double { max(4, 0.45 * t.secondary.capHeight) }

    /// The heading line's pieces after the digits: the cardinal and the ±N° of a wide accuracy.
    private func headingTail(_ lines: HUDLines) -> String {
        [lines.cardinal, lines.accuracy].compactMap { $0 }.joined(separator: " ")
    }

    /// The rows of a panel under its digits, and how large the panel is with them. A row's numbers are measured
    /// at two digits at least (`steadyWidth`), so a satellite count going from 9 to 10 does not move the panel.
    private func panelSize(digitsWidth: Double, rows: [HUDRow]) -> (width: Double, height: Double) {
        (
            2 * pad + max(digitsWidth, rows.map { Self.steadyWidth(of: $0.text, font($0)) }.max() ?? 0),
            2 * pad + t.digits.capHeight + rows.map { gap + font($0).capHeight }.reduce(0, +)
        )
    }

    /// Warnings are primary information (ISO 15008's 20′); other rows secondary.
    private func font(_ row: HUDRow) -> HUDFont {
        (row.warning || row.isStreet) && !row.reduced ? t.primary : t.secondary
    }

    /// `rows` with warnings wider than `maxWidth` set at the secondary size (still ISO 15008's 16′) rather than
    /// running into the next panel.
    private func reduced(_ rows: [HUDRow], maxWidth: Double) -> [HUDRow] {
        rows.map { row in
            var r = row
            r.reduced = (row.warning || row.isStreet) && 2 * pad + t.primary.width(of: row.text) > maxWidth
            // A street name too long even then is cut, letter by letter, and ends in "…".
            while r.isStreet, r.text.count > 4, 2 * pad + t.secondary.width(of: r.text) > maxWidth {
                r.text =
                    String(r.text.dropLast(r.text.hasSuffix("…") ? 2 : 1)).trimmingWhitespace()
                    + "…"
            }
            return r
        }
    }

    /// `rows` less the optional ones, last first, until a panel placed by `place` keeps clear of `keepOut` (the
    /// user's marker, which the HUD must never cover, and the route panel's room). Warnings are never left out.
    private func fitting(
        _ rows: [HUDRow], digitsWidth: Double, keepOut: [Rect], place: (Double, Double) -> Rect
    ) -> (Rect, [HUDRow]) {
        var rows = rows
        while true {
            let size = panelSize(digitsWidth: digitsWidth, rows: rows)
            let panel = place(size.width, size.height)
            guard keepOut.contains(where: panel.intersects), let drop = rows.lastIndex(where: \.optional) else {
                return (panel, rows)
            }
            rows.remove(at: drop)
        }
    }

    /// Where the scale bar goes: the bottom right-hand corner, or up out of the bottom row to leave it to the
    /// map's credit.
    enum ScalePlace {
        case corner
        /// Right-aligned under the north pointer (or under the heading panel where that reaches across).
        case underNorthPointer
        /// Left-aligned under the heading panel, above the speed panel.
        case underHeading
    }

    /// Where everything goes. `keepOut` is the user's marker: panels leave out optional rows to keep clear of it.
    ///
    /// `creditFits` says whether a layout's panels leave the map's credit a place at its full size (16′) along an
    /// edge. When the usual layout does not (a 3.5" 480×320 panel: the speed and scale panels leave too short a
    /// gap), the scale bar goes up — under the north pointer, else (when the route's column is there) under the
    /// heading panel — so the bottom row is the credit's, with the current street in the heading panel if its
    /// bar would take that row again. The usual layout stays when no variant helps.
    func layout(
        _ lines: HUDLines, camera: Camera, width: Int, height: Int, keepOut: Rect? = nil,
        creditFits: (([Rect]) -> Bool)? = nil
    ) -> Layout {
        let metresPerPixel = WebMercator.metresPerPixel(latitude: camera.center.latitude, zoom: camera.zoom)
        let scaleBar = Self.scaleBar(
            metresPerPixel: metresPerPixel, aboutPixels: min(Double(width) / 4, 130 * unit) / 2.2, units: lines.units)
        // Most frames show what the last one did (the camera's centre moves, the text and the bar's whole pixels
        // rarely do): the usual arrangement, which asks the shaper for many widths, is then the last one.
        let inputs = HUDLayerMemo.LayoutInputs(
            lines: lines, scaleBarPixels: scaleBar.pixels, scaleLabel: scaleBar.label, width: width, height: height,
            keepOut: keepOut)
        let usual = memo.layout(for: inputs) {
            arrange(lines, scaleBar: scaleBar, width: width, height: height, keepOut: keepOut)
        }
        guard let creditFits, !creditFits(usual.rects) else { return usual }
        let hasColumn = lines.route != nil || !lines.trip.isEmpty
        let places: [ScalePlace] = hasColumn ? [.underHeading] : [.underNorthPointer, .underHeading]
        for place in places {
            for streetInPanel in [false, true] {
                let v = arrange(
                    lines, scaleBar: scaleBar, width: width, height: height, keepOut: keepOut,
                    streetInPanel: streetInPanel, scale: place)
                // The moved scale must keep clear of everything, as in its corner, and the route's column must
                // still be there when the usual layout had it.
                let others = [v.heading, v.speed] + v.notices + (v.street.map { [$0] } ?? []) + v.ride.rects
                let clear =
                    !others.contains(where: v.scale.insetBy(-margin / 2).intersects)
                    && !(keepOut.map(v.scale.intersects) ?? false)
                    && v.scale.y >= 0 && v.scale.maxY <= Double(height)
                    && v.ride.rects.count >= usual.ride.rects.count
                if clear && creditFits(v.rects) { return v }
            }
        }
        return usual
    }

    /// One layout with `scaleBar` (`scaleBar(metresPerPixel:aboutPixels:units:)` for the camera). `streetInPanel`
    /// puts the current street under the heading instead of in a bar of its own (for panels too small for the bar);
    /// `scale` says where the scale bar goes.
    private func arrange(
        _ lines: HUDLines, scaleBar: (pixels: Double, label: String), width: Int, height: Int, keepOut: Rect?,
        streetInPanel: Bool = false, scale place: ScalePlace = .corner
    ) -> Layout {
        let w = Double(width)
        let h = Double(height)
        let tail = headingTail(lines)
        var headingWidth = t.digits.width(of: lines.heading)
        if !tail.isEmpty { headingWidth += gap + t.primary.width(of: tail) }
        let streetRow =
            streetInPanel ? lines.street.map { HUDRow(text: $0, warning: false, optional: false, isStreet: true) } : nil
        let headingCandidates =
            (streetRow.map { [$0] } ?? [])
            + [
                HUDRow(text: lines.mode, warning: false, optional: true),
                HUDRow(text: lines.headingStatus, warning: lines.headingWarning, optional: !lines.headingWarning),
            ].filter { !$0.text.isEmpty }
        let northRadius = max(26 * unit, 1.45 * t.secondary.capHeight)
        let northCenter = Point(x: w - margin - northRadius, y: margin + northRadius)
        // The route panel's own rows need room under the north pointer: the heading panel leaves out its optional
        // rows rather than run into it.
        let rideRoom = rideReserve(lines, width: w, top: northCenter.y + northRadius + margin)
        // Its rows are as wide as the room beside the north pointer and the route panel: a long street name is set
        // smaller or cut rather than push the turn cue off the screen.
        let rowsWidth = min(northCenter.x - northRadius - 2 * margin, rideRoom.map { $0.x - 2 * margin } ?? .infinity)
        let speedCandidates = [
            HUDRow(text: lines.positionStatus, warning: lines.positionWarning, optional: !lines.positionWarning)
        ].filter { !$0.text.isEmpty }
        let (barPixels, label) = scaleBar
        let scaleWidth = 2 * pad + max(barPixels, t.secondary.width(of: label))
        let scaleHeight = 2 * pad + t.secondary.capHeight + gap + 6 * unit
        let cornerScale = Rect(
            x: w - margin - scaleWidth, y: h - margin - scaleHeight, width: scaleWidth, height: scaleHeight)
        // The speed panel leaves out its status row rather than run into the scale bar in the same bottom row (a
        // narrow portrait panel, where the row's text is as wide as the gap).
        let speedKeepOut = (keepOut.map { [$0] } ?? []) + (place == .corner ? [cornerScale.insetBy(-margin / 2)] : [])
        var (speedPanel, speedRows) = fitting(
            reduced(speedCandidates, maxWidth: w * 0.62),
            digitsWidth: speedFieldWidth(lines) + gap + t.secondary.width(of: lines.speedUnit),
            keepOut: speedKeepOut
        ) { Rect(x: margin, y: h - margin - $1, width: $0, height: $1) }
        // Still over the marker (a small panel): the unit goes under the digits, the panel gets narrower.
        let unitBelow = keepOut.map { speedPanel.intersects($0) } ?? false
        if unitBelow {
            (speedPanel, speedRows) = fitting(
                [HUDRow(text: lines.speedUnit, warning: false, optional: false)]
                    + reduced(speedCandidates, maxWidth: w * 0.62),
                digitsWidth: speedFieldWidth(lines), keepOut: speedKeepOut
            ) { Rect(x: margin, y: h - margin - $1, width: $0, height: $1) }
        }

        let (headingPanel, headingRows) = fitting(
            reduced(headingCandidates, maxWidth: rowsWidth), digitsWidth: headingWidth,
            // Nor into the speed panel or the north pointer: on a small panel a street row and a status row can
            // make it taller or wider than the room they leave.
            keepOut: [keepOut, rideRoom].compactMap { $0 } + [
                Rect(x: 0, y: speedPanel.y - margin, width: speedPanel.maxX + margin, height: h),
                Rect(
                    x: northCenter.x - northRadius - margin, y: 0, width: w,
                    height: northCenter.y + northRadius + margin),
            ]
        ) {
            Rect(x: margin, y: margin, width: $0, height: $1)
        }

        let scalePanel: Rect
        switch place {
        case .corner:
            scalePanel = cornerScale
        case .underNorthPointer:
            let y = max(
                northCenter.y + northRadius + margin,
                headingPanel.maxX + margin > w - margin - scaleWidth ? headingPanel.maxY + margin : 0)
            scalePanel = Rect(x: w - margin - scaleWidth, y: y, width: scaleWidth, height: scaleHeight)
        case .underHeading:
            scalePanel = Rect(x: margin, y: headingPanel.maxY + margin, width: scaleWidth, height: scaleHeight)
        }

        var notices: [Rect] = []
        var y = headingPanel.maxY + margin
        for notice in lines.notices {
            let nw = 2 * pad + t.primary.width(of: notice)
            let nh = 2 * pad + t.primary.capHeight
            notices.append(Rect(x: max(margin, (w - nw) / 2), y: y, width: nw, height: nh))
            y += nh + margin
        }
        var layout = Layout(
            heading: headingPanel, northCenter: northCenter, northRadius: northRadius, speed: speedPanel,
            scale: scalePanel, scaleBarPixels: barPixels, scaleLabel: label, notices: notices,
            headingRows: headingRows, speedRows: speedRows, speedUnitBelow: unitBelow, headingDigitsWidth: headingWidth)
        if let street = lines.street, !streetInPanel {
            placeStreet(street, in: &layout, width: w, keepOut: keepOut)
            if layout.street == nil {
                return arrange(
                    lines, scaleBar: scaleBar, width: width, height: height, keepOut: keepOut, streetInPanel: true,
                    scale: place)
            }
        }
        placeRideColumn(lines, in: &layout, width: w, height: h, keepOut: keepOut)
        return layout
    }

    /// A scale bar of the smallest round length (1, 2 or 5 × 10ⁿ) in `units` at least `aboutPixels` long, in
    /// whole pixels, and its label: metres and kilometres, feet and miles, or nautical miles.
    static func scaleBar(metresPerPixel: Double, aboutPixels: Double, units: UnitSystem) -> (
        pixels: Double, label: String
    ) {
        let (pixels, label) = exactScaleBar(metresPerPixel: metresPerPixel, aboutPixels: aboutPixels, units: units)
        // Whole pixels: the length follows the latitude, and as a fraction it changed with every frame of smooth
        // motion, so the scale panel (whose cache key holds it) was drawn again every frame for nothing.
        return (pixels.rounded(), label)
    }

    private static func exactScaleBar(metresPerPixel: Double, aboutPixels: Double, units: UnitSystem) -> (
        Double, String
    ) {
        let most = aboutPixels * metresPerPixel
        func round(_ value: Double, in unit: Double) -> Double { GridLayer.niceStep(value / unit) * unit }
        func number(_ v: Double) -> String {
            v >= 1 ? "\(Int(checkedRounding: v) ?? 0)" : formatFixed(v, digits: v >= 0.1 ? 1 : 2)
        }
        switch units {
        case .metric:
            let metres = round(most, in: 1)
            let label =
                metres >= 1000
                ? formatFixed(metres / 1000, digits: metres >= 10_000 ? 0 : 1) + " km" : number(metres) + " m"
            return (metres / metresPerPixel, label)
        case .imperial:
            let feet = round(most, in: UnitSystem.metresPerFoot)
            if feet < 1000 * UnitSystem.metresPerFoot {
                return (feet / metresPerPixel, number(feet / UnitSystem.metresPerFoot) + " ft")
            }
            let miles = round(most, in: UnitSystem.metresPerMile)
            return (miles / metresPerPixel, number(miles / UnitSystem.metresPerMile) + " mi")
        case .nautical:
            let miles = round(most, in: UnitSystem.metresPerNauticalMile)
            return (miles / metresPerPixel, number(miles / UnitSystem.metresPerNauticalMile) + " NM")
        }
    }

    /// The current-street bar: bottom centre between the speed and scale panels at the primary size; else a row
    /// of its own above them; else the same at the secondary size; else none (the name goes in the heading panel).
    private func placeStreet(_ name: String, in layout: inout Layout, width w: Double, keepOut: Rect?) {
        // A scale bar out of its corner leaves the bottom row to the speed panel alone.
        let scaleAtBottom = layout.scale.maxY > layout.speed.y && layout.scale.x > layout.speed.maxX
        let gapLeft = layout.speed.maxX + margin
        let gapRight = scaleAtBottom ? layout.scale.x - margin : w - margin
        let bottom = scaleAtBottom ? min(layout.speed.maxY, layout.scale.maxY) : layout.speed.maxY
        func bar(_ font: HUDFont, _ text: String, above: Bool) -> Rect? {
            let bw = 2 * pad + font.width(of: text)
            let bh = 2 * pad + font.capHeight
            let rect: Rect
            if above {
                let top = (scaleAtBottom ? min(layout.speed.y, layout.scale.y) : layout.speed.y) - margin - bh
                rect = Rect(x: (w - bw) / 2, y: top, width: bw, height: bh)
                guard rect.x >= margin else { return nil }
            } else {
                rect = Rect(x: (gapLeft + gapRight - bw) / 2, y: bottom - bh, width: bw, height: bh)
                guard rect.x >= gapLeft, rect.maxX <= gapRight else { return nil }
            }
            if let keepOut, rect.intersects(keepOut) { return nil }
            // Never over another panel: on a small screen the row above the bottom panels can reach up into the
            // heading panel (a 3.5" 480×320 frame lost its "COMPASS" line under the bar).
            let margins = Rect(
                x: rect.x - margin, y: rect.y - margin, width: rect.width + 2 * margin, height: rect.height + 2 * margin
            )
            if ([layout.heading, layout.speed, layout.scale] + layout.notices).contains(where: margins.intersects) {
                return nil
            }
            return rect
        }
        for (font, above) in [(t.primary, false), (t.primary, true), (t.secondary, false), (t.secondary, true)] {
            if let r = bar(font, name, above: above) {
                (layout.street, layout.streetText, layout.streetFont) = (r, name, font)
                return
            }
        }
    }

    func draw(on canvas: Canvas, input: SceneInput, lines: HUDLines, layout: Layout, theme: SceneTheme) {
        drawHeadingPanel(canvas, lines, layout, theme)
        drawNorthPointer(canvas, input.camera, layout, theme)
        drawSpeedPanel(canvas, lines, layout, theme)
        drawScaleBar(canvas, layout, theme)
        drawNotices(canvas, lines.notices, layout.notices, theme)
        drawRideColumn(canvas, layout.ride, theme: theme, radius: radius)
        if let bar = layout.street, let font = layout.streetFont {
            drawStreetBar(canvas, bar, layout.streetText, font, theme)
        }
    }

    /// Draws the panels of `layout` into `cache` where what they show changed since they were drawn. Runs before
    /// the frame is drawn (the canvas is its scratch space); `cache.composite` then puts the HUD on the frame.
    func prepare(
        _ cache: inout HUDLayerCache, on canvas: Canvas, lines: HUDLines, layout: Layout, camera: Camera,
        theme: SceneTheme
    ) {
        var slots: [HUDLayerCache.Slot] = [.heading, .headingDigits, .speed, .speedDigits, .scale]
        let headingBand = digitsBand(layout.heading, textWidth: layout.headingDigitsWidth)
        let speedBand = digitsBand(layout.speed)
        // Each key holds everything its panel's drawing reads, so a panel cannot show something stale. The digits
        // change most often: they are layers of their own over their panels, so a new number redraws only them.
        cache.prepare(
            .heading, key: .panel(theme, rows: layout.headingRows, layout.heading), rect: layout.heading, on: canvas
        ) { drawHeadingBackground($0, layout, theme) }
        cache.prepare(
            .headingDigits,
            key: .headingDigits(
                theme, heading: lines.heading, cardinal: lines.cardinal, accuracy: lines.accuracy, layout.heading),
            rect: headingBand, on: canvas
        ) {
            fillPanelInside($0, layout.heading, band: headingBand, theme)
            drawHeadingDigits($0, lines, layout, theme)
        }
        cache.prepare(
            .speed, key: .panel(theme, rows: layout.speedRows, layout.speed), rect: layout.speed, on: canvas
        ) { drawSpeedBackground($0, layout, theme) }
        cache.prepare(
            .speedDigits,
            key: .speedDigits(
                theme, speed: lines.speed, stale: lines.stale, unit: lines.speedUnit, unitBelow: layout.speedUnitBelow,
                layout.speed), rect: speedBand, on: canvas
        ) {
            fillPanelInside($0, layout.speed, band: speedBand, theme)
            drawSpeedDigits($0, lines, layout, theme)
        }
        cache.prepare(
            .scale, key: .scale(theme, layout.scale, barPixels: layout.scaleBarPixels, label: layout.scaleLabel),
            rect: layout.scale, on: canvas
        ) { drawScaleBar($0, layout, theme) }
        for (i, (notice, panel)) in zip(lines.notices, layout.notices).enumerated() {
            slots.append(.notice(i))
            cache.prepare(.notice(i), key: .notice(theme, notice, panel), rect: panel, on: canvas) {
                drawNotices($0, [notice], [panel], theme)
            }
        }
        let ride = layout.ride
        if let panel = ride.route {
            slots.append(.route)
            let only = HUDLayer.RideColumn(route: panel, routeRows: ride.routeRows)
            cache.prepare(.route, key: .ride(theme, only), rect: panel, on: canvas) {
                drawRideColumn($0, only, theme: theme, radius: radius)
            }
        }
        if let panel = ride.trip {
            slots.append(.trip)
            let only = HUDLayer.RideColumn(trip: panel, tripRows: ride.tripRows)
            cache.prepare(.trip, key: .ride(theme, only), rect: panel, on: canvas) {
                drawRideColumn($0, only, theme: theme, radius: radius)
            }
        }
        if let bar = layout.street, let font = layout.streetFont {
            slots.append(.street)
            cache.prepare(
                .street, key: .street(theme, bar, layout.streetText, sizePixels: font.sizePixels), rect: bar,
                on: canvas
            ) { drawStreetBar($0, bar, layout.streetText, font, theme) }
        }
        // The north pointer turns with the map, which in heading-up turns only past its dead band: last, as drawn.
        slots.append(.northPointer)
        let r = layout.northRadius
        cache.prepare(
            .northPointer, key: .northPointer(theme, layout.northCenter, radius: r, bearing: camera.bearing),
            rect: Rect(x: layout.northCenter.x - r, y: layout.northCenter.y - r, width: 2 * r, height: 2 * r),
            on: canvas
        ) { drawNorthPointer($0, camera, layout, theme) }
        cache.keep(only: slots)
    }

    private func drawStreetBar(_ canvas: Canvas, _ bar: Rect, _ text: String, _ font: HUDFont, _ theme: SceneTheme) {
        fillPanel(canvas, bar, radius: radius, theme)
        font.draw(text, at: Point(x: bar.x + pad, y: bar.y + pad + font.capHeight), on: canvas, theme.panelText)
    }

    private var radius: Double { max(6 * unit, 0.6 * t.secondary.capHeight) }

    /// A panel's rounded rectangle with its sides on whole pixels: only its corners are antialiased, so a row of
    /// its layer is one span of fill (`HUDLayerPixels`), not the fill and a blended pixel at each end.
    func fillPanel(_ canvas: Canvas, _ panel: Rect, radius: Double, _ theme: SceneTheme) {
        canvas.fillRoundedRect(panel.onWholePixels, radius: radius, theme.panel)
    }

    /// The pixels of `band` that `fillPanel` covers whole, filled with the panel's colour: the panel less a square
    /// of its corner radius at each corner, cut to the whole pixels of `band` above its foot. Under a digits layer,
    /// its glyphs are then drawn over the panel as they are on screen, and the layer is opaque (copied, not blended
    /// with the panel under it). Nothing it fills is a pixel the panel's own layer blends (its antialiased corners)
    /// or a pixel of the panel's other rows, so the two give the frame the panel drawn once.
    private func fillPanelInside(_ canvas: Canvas, _ panel: Rect, band: Rect, _ theme: SceneTheme) {
        let whole = panel.onWholePixels
        let r = Int(radius.rounded(.up))
        let (bx0, by0) = (Int(band.x.rounded(.up)), Int(band.y.rounded(.up)))
        // Half a row gap short of the band's foot: the round letters of the panel's next row reach a little above
        // their cap height, into the band's last row.
        let (bx1, by1) = (Int(band.maxX.rounded(.down)), Int((band.maxY - gap / 2).rounded(.down)))
        let (px0, py0, px1, py1) = (Int(whole.x), Int(whole.y), Int(whole.maxX), Int(whole.maxY))
        for (dx, dy) in [(r, 0), (0, r)] {
            let (x0, y0) = (max(px0 + dx, bx0), max(py0 + dy, by0))
            let (x1, y1) = (min(px1 - dx, bx1), min(py1 - dy, by1))
            guard x0 < x1, y0 < y1 else { continue }
            canvas.fillPixels(PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0), theme.panel)
        }
    }

    private func drawHeadingPanel(_ canvas: Canvas, _ lines: HUDLines, _ layout: Layout, _ theme: SceneTheme) {
        drawHeadingBackground(canvas, layout, theme)
        drawHeadingDigits(canvas, lines, layout, theme)
    }

    /// The heading panel less its digits line: the panel and the rows under the digits.
    private func drawHeadingBackground(_ canvas: Canvas, _ layout: Layout, _ theme: SceneTheme) {
        drawPanel(canvas, layout.heading, rows: layout.headingRows, theme)
    }

    /// A panel and the rows under its digits line: warnings in the warning colour, a street name as bright as the
    /// digits, the rest subtler.
    private func drawPanel(_ canvas: Canvas, _ panel: Rect, rows: [HUDRow], _ theme: SceneTheme) {
        fillPanel(canvas, panel, radius: radius, theme)
        let x = panel.x + pad
        var baseline = panel.y + pad + t.digits.capHeight
        for row in rows {
            baseline += gap + font(row).capHeight
            font(row).draw(
                row.text, at: Point(x: x, y: baseline), on: canvas,
                row.warning ? theme.warning : row.isStreet ? theme.panelText : theme.panelSubtleText)
        }
    }

    /// The heading panel's digits line (the digits, the cardinal and a wide accuracy), without the panel.
    private func drawHeadingDigits(_ canvas: Canvas, _ lines: HUDLines, _ layout: Layout, _ theme: SceneTheme) {
        let x = layout.heading.x + pad
        let baseline = layout.heading.y + pad + t.digits.capHeight
        let known = lines.cardinal != nil
        t.digits.draw(
            lines.heading, at: Point(x: x, y: baseline), on: canvas, known ? theme.panelText : theme.panelSubtleText)
        let tail = headingTail(lines)
        if !tail.isEmpty {
            // A wide accuracy is a warning: the number alone would claim more than is known.
            t.primary.draw(
                tail, at: Point(x: x + t.digits.width(of: lines.heading) + gap, y: baseline), on: canvas,
                lines.accuracy == nil ? theme.panelText : theme.warning)
        }
    }

    /// The band of `panel` that its digits line takes: from its top to a row gap under the digits' baseline
    /// (digits, cardinals and "±" have no descenders), and with `textWidth` (the line's advance) from the panel's
    /// left edge to a pad past the text. The heading's number changes most frames of a turn, and its layer is drawn
    /// again each time: over the text alone rather than the panel's width (463 pixels at 800×480, with a street
    /// under the digits) that is about half the pixels.
    private func digitsBand(_ panel: Rect, textWidth: Double = .infinity) -> Rect {
        Rect(
            x: panel.x, y: panel.y, width: min(panel.width, 2 * pad + textWidth),
            height: min(panel.height, pad + t.digits.capHeight + gap))
    }

    /// What turns the map, as the mode line names it.
    static func driverSuffix(_ driver: RotationDriver) -> String {
        switch driver {
        case .none: return ""
        case .compass: return " · COMPASS"
        case .gpsCourse: return " · GPS"
        case .frozen: return " · HELD"
        }
    }

    /// A small disc with a red needle that always points to true north on screen.
    private func drawNorthPointer(_ canvas: Canvas, _ camera: Camera, _ layout: Layout, _ theme: SceneTheme) {
        let r = layout.northRadius
        let center = layout.northCenter
        canvas.fillCircle(center: center, radius: r, theme.panel)
        let a = camera.northOnScreen.radians
        let dir = Point(x: sin(a), y: -cos(a))
        let side = Point(x: cos(a), y: sin(a))
        // A red pointer on the rim towards north, a grey one opposite, and an upright "N" in the middle.
        let tip = center + dir * (r * 0.94)
        let base = center + dir * (r * 0.56)
        canvas.fill(Path(polygons: [[tip, base + side * (r * 0.24), base - side * (r * 0.24)]]), theme.northMarker)
        let tail = center - dir * (r * 0.94)
        let tailBase = center - dir * (r * 0.66)
        canvas.fill(
            Path(polygons: [[tail, tailBase - side * (r * 0.16), tailBase + side * (r * 0.16)]]), theme.panelSubtleText)
        t.secondary.draw(
            "N", at: Point(x: center.x - northLetterWidth / 2, y: center.y + t.secondary.capHeight / 2), on: canvas,
            theme.panelText)
    }

    private func drawSpeedPanel(_ canvas: Canvas, _ lines: HUDLines, _ layout: Layout, _ theme: SceneTheme) {
        drawSpeedBackground(canvas, layout, theme)
        drawSpeedDigits(canvas, lines, layout, theme)
    }

    /// The speed panel less its digits line: the panel and the rows under the digits.
    private func drawSpeedBackground(_ canvas: Canvas, _ layout: Layout, _ theme: SceneTheme) {
        drawPanel(canvas, layout.speed, rows: layout.speedRows, theme)
    }

    /// The speed panel's digits line (the digits and, beside them, the unit), without the panel.
    private func drawSpeedDigits(_ canvas: Canvas, _ lines: HUDLines, _ layout: Layout, _ theme: SceneTheme) {
        let x = layout.speed.x + pad
        let baseline = layout.speed.y + pad + t.digits.capHeight
        // Right-aligned in its field, as on a dashboard: the unit stays put while the speed goes from 9 to 10.
        let field = speedFieldWidth(lines)
        // A stale speed is grey: it was true a while ago, not now.
        t.digits.draw(
            lines.speed, at: Point(x: x + field - t.digits.width(of: lines.speed), y: baseline), on: canvas,
            lines.stale ? theme.panelSubtleText : theme.panelText)
        if !layout.speedUnitBelow {
            t.secondary.draw(
                lines.speedUnit, at: Point(x: x + field + gap, y: baseline), on: canvas, theme.panelSubtleText)
        }
    }

    /// Device warnings ("RECORDING STOPPED"), one panel each, centred below the heading panel.
    private func drawNotices(_ canvas: Canvas, _ notices: [String], _ panels: [Rect], _ theme: SceneTheme) {
        for (notice, panel) in zip(notices, panels) {
            fillPanel(canvas, panel, radius: radius, theme)
            t.primary.draw(
                notice, at: Point(x: panel.x + pad, y: panel.y + pad + t.primary.capHeight), on: canvas, theme.warning)
        }
    }

    /// A bar of a round length (10, 20, 50, 100 … m) about a quarter of the screen wide at most.
    private func drawScaleBar(_ canvas: Canvas, _ layout: Layout, _ theme: SceneTheme) {
        let panel = layout.scale
        fillPanel(canvas, panel, radius: radius, theme)
        let x0 = panel.x + pad
        let y = panel.maxY - pad
        let pixels = layout.scaleBarPixels
        canvas.stroke(
            [
                Point(x: x0, y: y - 6 * unit), Point(x: x0, y: y), Point(x: x0 + pixels, y: y),
                Point(x: x0 + pixels, y: y - 6 * unit),
            ],
            width: 2.5 * unit, theme.panelText)
        t.secondary.draw(
            layout.scaleLabel, at: Point(x: x0, y: panel.y + pad + t.secondary.capHeight), on: canvas, theme.panelText)
    }
}

/// One line of a HUD panel under its big digits.
struct HUDRow: Hashable {
    var text: String
    var warning: Bool
    /// May be left out when the panel would otherwise cover the user's marker.
    var optional: Bool
    /// A warning set at the secondary size because the primary one does not fit beside the next panel.
    var reduced = false
    /// The current street (primary, in the panel's text colour).
    var isStreet = false
}
