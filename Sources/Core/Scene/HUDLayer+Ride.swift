/// The right-hand column of the HUD under the north pointer: the route panel (the next turn's cue or, off the
/// route, the way back; the distance to go; the arrival) and under it the trip panel (the fields chosen). Both
/// shrink before they crowd: optional rows go, trip fields last first, then the arrival, until the column fits
/// between the north pointer and the scale bar, beside the heading panel, and clear of the user's marker; the
/// turn cue and off-route with the way back are never left out.
extension HUDLayer {
    /// One row of the route panel.
    struct RideRow: Hashable {
        enum Glyph: Hashable {
            /// A turn of this many degrees (positive to the right).
            case turn(Int)
            /// An arrow pointing this way on screen (0 up, clockwise): the way back to the route.
            case wayBack(Int)
        }
        var glyph: Glyph?
        var text: String
        var primary: Bool
        var warning: Bool
        var optional: Bool
    }

    /// Where the route and trip panels go, and the rows left in them.
    struct RideColumn: Hashable {
        var route: Rect?
        var routeRows: [RideRow] = []
        var trip: Rect?
        var tripRows: [TripLine] = []
        var rects: [Rect] { [route, trip].compactMap { $0 } }
    }

    /// The route panel's rows for `route`.
    func routeRows(_ route: RouteLines) -> [RideRow] {
        var rows: [RideRow] = []
        if route.offRoute {
            // The way back first, as a cue: its direction and distance; under it, plainly, that this is off route.
            rows.append(
                RideRow(
                    glyph: route.wayBackScreenDegrees.map { .wayBack($0) }, text: route.wayBack ?? "", primary: true,
                    warning: true, optional: false))
            rows.append(RideRow(text: "Off route", primary: false, warning: true, optional: false))
        } else if let turn = route.turnDegrees, let distance = route.turnDistance {
            rows.append(RideRow(glyph: .turn(turn), text: distance, primary: true, warning: false, optional: false))
        }
        // Beside a cue or off-route, the distance to go may give way on a small screen; alone it is the panel.
        rows.append(RideRow(text: route.toGo, primary: false, warning: false, optional: !rows.isEmpty))
        if let arrival = route.arrival {
            rows.append(RideRow(text: arrival, primary: false, warning: false, optional: true))
        }
        return rows
    }

    private func glyphSide(_ row: RideRow) -> Double { 1.6 * font(row).capHeight }
    private var rowGap: Double { max(4, 0.55 * typography.secondary.capHeight) }
    private var inset: Double { max(5, 0.5 * typography.secondary.capHeight) }

    private func font(_ row: RideRow) -> HUDFont { row.primary ? typography.primary : typography.secondary }

    private func rowHeight(_ row: RideRow) -> Double {
        max(font(row).capHeight, row.glyph != nil ? glyphSide(row) : 0)
    }

    private func rowWidth(_ row: RideRow) -> Double {
        font(row).width(of: row.text) + (row.glyph != nil ? glyphSide(row) + rowGap : 0)
    }

    private func tripWidth(_ line: TripLine) -> Double {
        let t = typography.secondary
        return (line.label.map { t.width(of: $0) + t.width(of: " ") } ?? 0) + t.width(of: line.value)
    }

    /// The panel sizes for these rows (nil size for no rows).
    private func sizes(_ routeRows: [RideRow], _ tripRows: [TripLine]) -> (
        route: (Double, Double)?, trip: (Double, Double)?
    ) {
        let route: (Double, Double)? =
            routeRows.isEmpty
            ? nil
            : (
                2 * inset + (routeRows.map(rowWidth).max() ?? 0),
                2 * inset + routeRows.map(rowHeight).reduce(0, +) + Double(routeRows.count - 1) * rowGap
            )
        let cap = typography.secondary.capHeight
        let trip: (Double, Double)? =
            tripRows.isEmpty
            ? nil
            : (
                2 * inset + (tripRows.map(tripWidth).max() ?? 0),
                2 * inset + Double(tripRows.count) * cap + Double(tripRows.count - 1) * rowGap
            )
        return (route, trip)
    }

    /// The room the route panel's own rows (the cue, or off-route and the way back; the distance to go when it
    /// is alone) need at the right-hand edge from `top` down; nil without a route.
    func rideReserve(_ lines: HUDLines, width w: Double, top: Double) -> Rect? {
        guard let route = lines.route, let (rw, rh) = sizes(routeRows(route).filter { !$0.optional }, []).route
        else { return nil }
        let margin = max(4, 0.45 * typography.secondary.capHeight)
        return Rect(x: w - margin - rw, y: top, width: rw, height: rh)
    }

    /// Places the column in `layout`: right-aligned under the north pointer (or, when the heading panel is too
    /// wide for that, under the heading panel), above the scale bar (and the street bar where it reaches that
    /// far), clear of the heading panel and of `keepOut`. Rows are left out until it fits: trip fields last first,
    /// then the arrival and the distance to go; then the cue's line is set smaller; the route's own rows are
    /// always shown somewhere clear, or, on a screen too small even for that, not at all.
    func placeRideColumn(
        _ lines: HUDLines, in layout: inout Layout, width w: Double, height h: Double, keepOut: Rect?
    ) {
        let allRoute = lines.route.map(routeRows) ?? []
        guard !allRoute.isEmpty || !lines.trip.isEmpty else { return }
        let margin = max(4, 0.45 * typography.secondary.capHeight)
        let right = w - margin
        let tops = [layout.northCenter.y + layout.northRadius + margin, layout.heading.maxY + margin]
        // Last of all, the cue's line is set at the secondary size (still ISO 15008's 16′) on a screen too small.
        let smaller = allRoute.enumerated().map { i, row in
            var r = row
            if i == 0 { r.primary = false }
            return r
        }
        for (top, start) in tops.map({ ($0, allRoute) }) + tops.map({ ($0, smaller) }) {
            var routeRows = start
            var tripRows = lines.trip
            while true {
                let column = stack(routeRows, tripRows, top: top, right: right, margin: margin)
                // Above the scale bar's corner, wherever the bar is: a bar moved up left that row to the credit.
                var bottom = h - margin - layout.scale.height - margin
                // The street bar may sit above the speed and scale panels, across the middle: keep above it too.
                if let street = layout.street,
                    column.rects.contains(where: { $0.x < street.maxX && street.x < $0.maxX })
                {
                    bottom = min(bottom, street.y - margin)
                }
                let clear = column.rects.allSatisfy { r in
                    r.maxY <= bottom && !(keepOut.map { r.intersects($0) } ?? false)
                        && !r.intersects(layout.heading.insetBy(-margin / 2))
                        && !layout.notices.contains(where: r.intersects)
                }
                if clear, !column.rects.isEmpty {
                    layout.ride = column
                    return
                }
                if !tripRows.isEmpty {
                    tripRows.removeLast()
                } else if let drop = routeRows.lastIndex(where: \.optional) {
                    routeRows.remove(at: drop)
                } else {
                    break
                }
            }
        }
    }

    /// The route panel at `top` and the trip panel under it, right-aligned at `right`.
    private func stack(_ routeRows: [RideRow], _ tripRows: [TripLine], top: Double, right: Double, margin: Double)
        -> RideColumn
    {
        let (routeSize, tripSize) = sizes(routeRows, tripRows)
        var column = RideColumn(routeRows: routeRows, tripRows: tripRows)
        var y = top
        if let (rw, rh) = routeSize {
            column.route = Rect(x: right - rw, y: y, width: rw, height: rh)
            y += rh + margin
        }
        if let (tw, th) = tripSize { column.trip = Rect(x: right - tw, y: y, width: tw, height: th) }
        return column
    }

    /// Draws the route and trip panels placed by `placeRideColumn`.
    func drawRideColumn(_ canvas: Canvas, _ column: RideColumn, theme: SceneTheme, radius: Double) {
        if let panel = column.route {
            fillPanel(canvas, panel, radius: radius, theme)
            var y = panel.y + inset
            for row in column.routeRows {
                let h = rowHeight(row)
                var x = panel.x + inset
                if let glyph = row.glyph {
                    let side = glyphSide(row)
                    let box = Rect(x: x, y: y + (h - side) / 2, width: side, height: side)
                    drawGlyph(glyph, in: box, on: canvas, theme.route.cue(warning: row.warning, theme))
                    x += side + rowGap
                }
                let f = font(row)
                let colour = row.warning ? theme.warning : row.primary ? theme.panelText : theme.panelSubtleText
                f.draw(row.text, at: Point(x: x, y: y + (h + f.capHeight) / 2), on: canvas, colour)
                y += h + rowGap
            }
        }
        if let panel = column.trip {
            fillPanel(canvas, panel, radius: radius, theme)
            let t = typography.secondary
            var baseline = panel.y + inset + t.capHeight
            for line in column.tripRows {
                var x = panel.x + inset
                if let label = line.label {
                    t.draw(label, at: Point(x: x, y: baseline), on: canvas, theme.panelSubtleText)
                    x += t.width(of: label) + t.width(of: " ")
                }
                t.draw(line.value, at: Point(x: x, y: baseline), on: canvas, theme.panelText)
                baseline += t.capHeight + rowGap
            }
        }
    }

    private func drawGlyph(_ glyph: RideRow.Glyph, in box: Rect, on canvas: Canvas, _ colour: Color) {
        switch glyph {
        case .turn(let degrees): TurnCueGlyph.drawTurn(degrees: Double(degrees), in: box, on: canvas, colour)
        case .wayBack(let degrees): TurnCueGlyph.drawArrow(screenDegrees: Double(degrees), in: box, on: canvas, colour)
        }
    }
}
