import Foundation

/// The heads-up display: heading, orientation mode, speed, status lines, a north pointer and a scale bar.
/// It never rotates with the map, and every element sits on an opaque-enough panel to read in sun.
struct HUDLayer {
    let fonts: FontSet

    /// The screen areas the HUD covers, so map labels and grid labels keep clear of them.
    func reservedRects(width: Int, height: Int, unit: Double) -> [Rect] {
        let m = 10 * unit
        let w = Double(width)
        let h = Double(height)
        return [
            // The heading panel grows for long status lines.
            Rect(x: 0, y: 0, width: 250 * unit + m, height: 84 * unit + m),
            Rect(x: w - 70 * unit - m, y: 0, width: 70 * unit + m, height: 70 * unit + m),
            Rect(x: 0, y: h - 74 * unit - m, width: 250 * unit + m, height: 74 * unit + m),  // grows with its status
            Rect(x: w - 150 * unit - m, y: h - 44 * unit - m, width: 150 * unit + m, height: 44 * unit + m),
        ]
    }

    func draw(on canvas: Canvas, input: SceneInput, theme: SceneTheme, unit u: Double) {
        let lines = HUDLines(input)
        drawHeadingPanel(canvas, lines, theme, u)
        drawNorthPointer(canvas, input.camera, theme, u)
        drawSpeedPanel(canvas, lines, theme, u)
        drawScaleBar(canvas, input.camera, theme, u)
        drawNotices(canvas, lines, theme, u)
    }

    private func drawHeadingPanel(_ canvas: Canvas, _ lines: HUDLines, _ theme: SceneTheme, _ u: Double) {
        let m = 10 * u
        let big = TextLayout(font: fonts.bold, size: 34 * u)
        let mid = TextLayout(font: fonts.bold, size: 18 * u)
        let small = TextLayout(font: fonts.bold, size: 12.5 * u)
        // The panel grows for a long status line rather than letting text run off it.
        let textWidth = max(small.width(of: lines.headingStatus), small.width(of: lines.mode))
        let panel = Rect(x: m, y: m, width: max(200 * u, textWidth + 24 * u), height: 84 * u)
        canvas.fillRoundedRect(panel, radius: 10 * u, theme.panel)
        let baseline = panel.y + 12 * u + big.capHeight
        if let cardinal = lines.cardinal {
            canvas.text(lines.heading, at: Point(x: panel.x + 12 * u, y: baseline), layout: big, theme.panelText)
            let x = panel.x + 12 * u + big.width(of: lines.heading) + 8 * u
            canvas.text(cardinal, at: Point(x: x, y: baseline), layout: mid, theme.panelText)
        } else {
            canvas.text(lines.heading, at: Point(x: panel.x + 12 * u, y: baseline), layout: big, theme.panelSubtleText)
        }
        let line2 = baseline + 14 * u + small.capHeight
        canvas.text(lines.mode, at: Point(x: panel.x + 12 * u, y: line2), layout: small, theme.panelSubtleText)
        let line3 = line2 + 6 * u + small.capHeight
        canvas.text(
            lines.headingStatus, at: Point(x: panel.x + 12 * u, y: line3), layout: small,
            lines.headingWarning ? theme.warning : theme.panelSubtleText)
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
    private func drawNorthPointer(_ canvas: Canvas, _ camera: Camera, _ theme: SceneTheme, _ u: Double) {
        let r = 30 * u
        let center = Point(x: Double(canvas.width) - 10 * u - r, y: 10 * u + r)
        canvas.fillCircle(center: center, radius: r, theme.panel)
        let a = camera.northOnScreen.radians
        let dir = Point(x: sin(a), y: -cos(a))
        let side = Point(x: cos(a), y: sin(a))
        // A red pointer on the rim towards north, a grey one opposite, and an upright "N" in the middle.
        let tip = center + dir * (r * 0.94)
        let base = center + dir * (r * 0.5)
        canvas.fill(Path(polygons: [[tip, base + side * (r * 0.26), base - side * (r * 0.26)]]), theme.northMarker)
        let tail = center - dir * (r * 0.94)
        let tailBase = center - dir * (r * 0.62)
        canvas.fill(
            Path(polygons: [[tail, tailBase - side * (r * 0.17), tailBase + side * (r * 0.17)]]), theme.panelSubtleText)
        let letter = TextLayout(font: fonts.bold, size: 17 * u)
        let w = letter.width(of: "N")
        canvas.text(
            "N", at: Point(x: center.x - w / 2, y: center.y + letter.capHeight / 2), layout: letter, theme.panelText)
    }

    private func drawSpeedPanel(_ canvas: Canvas, _ lines: HUDLines, _ theme: SceneTheme, _ u: Double) {
        let m = 10 * u
        let big = TextLayout(font: fonts.bold, size: 30 * u)
        let unitText = TextLayout(font: fonts.bold, size: 13 * u)
        let small = TextLayout(font: fonts.bold, size: 12.5 * u)
        let statusWidth = small.width(of: lines.positionStatus)
        let panel = Rect(
            x: m, y: Double(canvas.height) - m - 74 * u, width: max(210 * u, statusWidth + 24 * u), height: 74 * u)
        canvas.fillRoundedRect(panel, radius: 10 * u, theme.panel)
        let baseline = panel.y + 10 * u + big.capHeight
        canvas.text(lines.speed, at: Point(x: panel.x + 12 * u, y: baseline), layout: big, theme.panelText)
        canvas.text(
            "km/h", at: Point(x: panel.x + 18 * u + big.width(of: lines.speed), y: baseline), layout: unitText,
            theme.panelSubtleText)
        canvas.text(
            lines.positionStatus, at: Point(x: panel.x + 12 * u, y: baseline + 14 * u + small.capHeight),
            layout: small, lines.positionWarning ? theme.warning : theme.panelSubtleText)
    }

    /// Device warnings ("RECORDING STOPPED"), one panel each, top centre, clear of the heading panel.
    private func drawNotices(_ canvas: Canvas, _ lines: HUDLines, _ theme: SceneTheme, _ u: Double) {
        let layout = TextLayout(font: fonts.bold, size: 14 * u)
        var y = 10 * u
        for notice in lines.notices {
            let w = layout.width(of: notice) + 24 * u
            let panel = Rect(x: (Double(canvas.width) - w) / 2, y: y + 94 * u, width: w, height: 30 * u)
            canvas.fillRoundedRect(panel, radius: 8 * u, theme.panel)
            canvas.text(
                notice, at: Point(x: panel.x + 12 * u, y: panel.y + 8 * u + layout.capHeight), layout: layout,
                theme.warning)
            y += 36 * u
        }
    }

    /// A bar of a round length (10, 20, 50, 100 … m) about a quarter of the screen wide at most.
    private func drawScaleBar(_ canvas: Canvas, _ camera: Camera, _ theme: SceneTheme, _ u: Double) {
        let metresPerPixel = WebMercator.metresPerPixel(latitude: camera.center.latitude, zoom: camera.zoom)
        let maxPixels = 110 * u
        let metres = GridLayer.niceStep(maxPixels * metresPerPixel / 2.2)
        let pixels = metres / metresPerPixel
        let label =
            metres >= 1000 ? formatFixed(metres / 1000, digits: metres >= 10_000 ? 0 : 1) + " km" : "\(Int(metres)) m"
        let font = TextLayout(font: fonts.bold, size: 12.5 * u)
        let m = 10 * u
        let panel = Rect(
            x: Double(canvas.width) - m - max(pixels, font.width(of: label)) - 24 * u,
            y: Double(canvas.height) - m - 44 * u, width: max(pixels, font.width(of: label)) + 24 * u, height: 44 * u)
        canvas.fillRoundedRect(panel, radius: 8 * u, theme.panel)
        let x0 = panel.x + 12 * u
        let y = panel.maxY - 12 * u
        canvas.stroke(
            [
                Point(x: x0, y: y - 6 * u), Point(x: x0, y: y), Point(x: x0 + pixels, y: y),
                Point(x: x0 + pixels, y: y - 6 * u),
            ],
            width: 2.5 * u, theme.panelText)
        canvas.text(label, at: Point(x: x0, y: panel.y + 8 * u + font.capHeight), layout: font, theme.panelText)
    }
}
