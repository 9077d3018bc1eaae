/// Everything the calibration screen shows at one moment.
public struct CalibrationScreen: Sendable {
    /// Where the calibration stands.
    public enum Phase: Sendable {
        /// Readings are coming in.
        case collecting
        /// The fit was accepted; `savedTo` names the file it went into.
        case accepted(MagnetometerCalibration, savedTo: String?)
        /// The fit was refused: `reason` says why and what to do; the quality figures when there was a fit.
        case refused(reason: String, quality: CalibrationQuality?)
    }

    public var phase: Phase
    public var progress: CalibrationProgress
    public var coverage: CalibrationCoverageMap
    /// The newest reading's direction (corrected or centred as the coverage map is), for the "you are here" dot.
    public var currentDirection: Vector3?
    public var requirements: EllipsoidFit.Requirements
    public var elapsedSeconds: Double
    /// The longest the session runs; nil when it ends with its input (a recording).
    public var durationSeconds: Double?
    /// Where the readings come from ("hmc5883l (iio:device0)", "ride.navrec").
    public var source: String
    /// A line about the sensor itself when it matters ("magnetometer lost: …"); shown as a warning.
    public var sourceProblem: String?
    /// A level calibration's coverage around the circle: drawn as a ring instead of the sphere's disc (then
    /// `currentDirection` is in the level frame, its z ignored).
    public var circle: CalibrationCircleMap?

    public init(
        phase: Phase, progress: CalibrationProgress, coverage: CalibrationCoverageMap, currentDirection: Vector3? = nil,
        requirements: EllipsoidFit.Requirements, elapsedSeconds: Double, durationSeconds: Double?, source: String,
        sourceProblem: String? = nil, circle: CalibrationCircleMap? = nil
    ) {
        self.circle = circle
        self.phase = phase
        self.progress = progress
        self.coverage = coverage
        self.currentDirection = currentDirection
        self.requirements = requirements
        self.elapsedSeconds = elapsedSeconds
        self.durationSeconds = durationSeconds
        self.source = source
        self.sourceProblem = sourceProblem
    }
}

/// Draws the calibration screen: a disc of direction cells that fill in as the device turns (left), and the
/// figures, what to do next, and finally the result (right, on a dark panel that reads in sun).
public struct CalibrationView {
    public let fonts: FontSet
    public let theme: SceneTheme

    public init(fonts: FontSet, theme: SceneTheme = .day) {
        self.fonts = fonts
        self.theme = theme
    }

    /// Draws `screen` onto `canvas` (clearing it first) and returns the frame.
    public func render(_ screen: CalibrationScreen, on canvas: Canvas) -> FrameBuffer {
        canvas.clear(to: theme.background)
        let u = max(0.75, Double(min(canvas.width, canvas.height)) / 480)
        let w = Double(canvas.width)
        let h = Double(canvas.height)
        let title = TextLayout(font: fonts.bold, size: 22 * u)
        let small = TextLayout(font: fonts.bold, size: 13 * u)
        canvas.text(
            "COMPASS CALIBRATION", at: Point(x: 20 * u, y: 18 * u + title.capHeight), layout: title, theme.gridLabel)
        let top = 78 * u
        let radius = max(40 * u, min((h - top - 16 * u) / 2, (w * 0.5 - 40 * u) / 2))
        let center = Point(x: 20 * u + radius, y: top + (h - top - 16 * u) / 2)
        let caption =
            screen.circle == nil ? "TURN AND TILT THE DEVICE TO FILL THE DISC" : "CIRCLE EACH WAY TO FILL THE RING"
        // The caption shrinks to fit beside the panel on narrow screens rather than run under it.
        let fitted = TextLayout(
            font: fonts.bold, size: small.size * min(1, 2 * radius / max(1, small.width(of: caption))))
        canvas.text(
            caption, at: Point(x: 20 * u, y: 18 * u + title.capHeight + 10 * u + fitted.capHeight), layout: fitted,
            theme.gridLabel)
        if let circle = screen.circle {
            drawRing(canvas, circle, current: screen.currentDirection, center: center, radius: radius, u: u)
        } else {
            drawDisc(canvas, screen, center: center, radius: radius, u: u)
        }
        let panelX = center.x + radius + 24 * u
        let panel = Rect(x: panelX, y: 16 * u, width: max(100 * u, w - panelX - 16 * u), height: h - 32 * u)
        canvas.fillRoundedRect(panel, radius: 12 * u, theme.panel)
        switch screen.phase {
        case .collecting: drawProgress(canvas, screen, panel, u)
        case .accepted(let calibration, let path): drawAccepted(canvas, calibration, path, panel, u)
        case .refused(let reason, let quality): drawRefused(canvas, screen, reason, quality, panel, u)
        }
        return canvas.frame
    }

    // MARK: - The disc

    private func drawDisc(_ canvas: Canvas, _ screen: CalibrationScreen, center: Point, radius: Double, u: Double) {
        let sectors = CalibrationCoverageMap.sectors
        let empty = theme.gridLine
        let seen = theme.arrowFill.withOpacity(0.45)
        let full = theme.arrowFill
        for ring in 0..<CalibrationCoverageMap.rings {
            let (inner, outer) = CalibrationCoverageMap.radii(ofRing: ring)
            for sector in 0..<sectors {
                let count = screen.coverage.counts[ring * sectors + sector]
                let a0 = Double(sector) / Double(sectors) * 2 * .pi
                let a1 = Double(sector + 1) / Double(sectors) * 2 * .pi
                let cell = cellOutline(center: center, inner: inner * radius, outer: outer * radius, from: a0, to: a1)
                canvas.fill(Path(polygons: [cell]), count >= 2 ? full : count == 1 ? seen : empty)
                // Gaps in the background colour keep neighbouring cells apart at a glance.
                canvas.stroke(cell, width: 2.5 * u, theme.background, closed: true)
            }
        }
        drawRim(
            canvas, center: center, radius: radius,
            dot: screen.currentDirection.flatMap { project($0, center: center, radius: radius) }, u: u)
    }

    /// A level calibration's ring: one cell per sector of the circle, level forward up, the dot where the
    /// newest reading points.
    private func drawRing(
        _ canvas: Canvas, _ map: CalibrationCircleMap, current: Vector3?, center: Point, radius: Double, u: Double
    ) {
        let sectors = CalibrationCircleMap.sectors
        let empty = theme.gridLine
        let seen = theme.arrowFill.withOpacity(0.45)
        let full = theme.arrowFill
        let inner = radius * 0.62
        for sector in 0..<sectors {
            let count = map.counts[sector]
            let a0 = Double(sector) / Double(sectors) * 2 * .pi
            let a1 = Double(sector + 1) / Double(sectors) * 2 * .pi
            let cell = cellOutline(center: center, inner: inner, outer: radius, from: a0, to: a1)
            canvas.fill(Path(polygons: [cell]), count >= 2 ? full : count == 1 ? seen : empty)
            canvas.stroke(cell, width: 2.5 * u, theme.background, closed: true)
        }
        var dot: Point?
        if let v = current, v.x != 0 || v.y != 0, v.x.isFinite, v.y.isFinite {
            let a = atan2(v.y, v.x)
            dot = center + Point(x: sin(a), y: -cos(a)) * ((inner + radius) / 2)
        }
        drawRim(canvas, center: center, radius: radius, dot: dot, u: u)
    }

    /// What the disc and the ring share: the rim, the dot where the newest reading points, and "FWD" above (forward
    /// is up, so the label says which way the cells turn with the device).
    private func drawRim(_ canvas: Canvas, center: Point, radius: Double, dot: Point?, u: Double) {
        canvas.stroke(circle(center: center, radius: radius + 1.5 * u), width: 2 * u, theme.gridLabel, closed: true)
        if let p = dot {
            canvas.fillCircle(center: p, radius: 9 * u, theme.arrowOutline)
            canvas.fillCircle(center: p, radius: 6 * u, theme.northMarker)
        }
        let label = TextLayout(font: fonts.bold, size: 11 * u)
        let text = "FWD"
        canvas.text(
            text, at: Point(x: center.x - label.width(of: text) / 2, y: center.y - radius - 6 * u), layout: label,
            theme.gridLabel)
    }

    /// A cell's outline: the outer arc, then the inner arc back (a pie slice when `inner` is 0).
    private func cellOutline(center: Point, inner: Double, outer: Double, from a0: Double, to a1: Double) -> [Point] {
        let steps = 8
        var points: [Point] = []
        for i in 0...steps {
            let a = a0 + (a1 - a0) * Double(i) / Double(steps)
            points.append(center + Point(x: sin(a), y: -cos(a)) * outer)
        }
        if inner < 0.5 {
            points.append(center)
        } else {
            for i in stride(from: steps, through: 0, by: -1) {
                let a = a0 + (a1 - a0) * Double(i) / Double(steps)
                points.append(center + Point(x: sin(a), y: -cos(a)) * inner)
            }
        }
        return points
    }

    private func circle(center: Point, radius: Double) -> [Point] {
        (0..<96).map { i in
            let a = Double(i) / 96 * 2 * .pi
            return center + Point(x: sin(a), y: -cos(a)) * radius
        }
    }

    /// Where a direction lands on the disc: Lambert's equal-area projection about +z, body x (forward) up.
    private func project(_ v: Vector3, center: Point, radius: Double) -> Point? {
        let length = v.length
        guard length > 0, length.isFinite else { return nil }
        let rho = ((1 - v.z / length) / 2).squareRoot()
        let a = atan2(v.y, v.x)
        return center + Point(x: sin(a), y: -cos(a)) * (rho * radius)
    }

    // MARK: - The panel

    private func drawProgress(_ canvas: Canvas, _ screen: CalibrationScreen, _ panel: Rect, _ u: Double) {
        let p = screen.progress
        let r = screen.requirements
        var y = panel.y + 16 * u
        let x = panel.x + 16 * u
        let width = panel.width - 32 * u
        y = figure(canvas, "SAMPLES", "\(p.sampleCount)", "of \(r.minimumSamples)", x: x, y: y, u: u)
        y = bar(
            canvas, Double(p.sampleCount) / Double(max(1, r.minimumSamples)), mark: nil,
            ok: p.sampleCount >= r.minimumSamples,
            x: x, y: y, width: width, u: u)
        let coverage = "\(Int((p.coverage * 100).rounded())) %"
        y = figure(canvas, "COVERAGE", coverage, "need \(Int((r.minimumCoverage * 100).rounded())) %", x: x, y: y, u: u)
        y = bar(
            canvas, p.coverage, mark: r.minimumCoverage, ok: p.coverage >= r.minimumCoverage, x: x, y: y, width: width,
            u: u)
        let residual = p.residualPercent.map { formatFixed($0, digits: 2) + " %" } ?? "--"
        y = figure(
            canvas, "RESIDUAL", residual, "max " + formatFixed(r.maximumResidualPercent, digits: 1) + " %", x: x, y: y,
            u: u)
        y += 22 * u  // where a bar would be, so the figures keep one rhythm
        if let d = screen.durationSeconds {
            let t = "\(Int(screen.elapsedSeconds.rounded(.down))) s"
            y = figure(canvas, "TIME", t, "of \(Int(d.rounded())) s", x: x, y: y, u: u)
            y = bar(canvas, screen.elapsedSeconds / d, mark: nil, ok: true, x: x, y: y, width: width, u: u)
        } else {
            y = figure(
                canvas, "TIME", "\(Int(screen.elapsedSeconds.rounded(.down))) s", "from \(screen.source)", x: x, y: y,
                u: u)
        }
        let hint = TextLayout(font: fonts.bold, size: 14.5 * u)
        y += 6 * u
        if let problem = screen.sourceProblem {
            y = paragraph(
                canvas, problem, layout: hint, theme.warning, x: x, y: y, width: width, bottom: panel.maxY - 12 * u)
        }
        _ = paragraph(
            canvas, p.isReady ? p.hint : p.hint.prefix(1).uppercased() + p.hint.dropFirst(), layout: hint,
            p.isReady ? theme.panelText : theme.panelSubtleText, x: x, y: y, width: width, bottom: panel.maxY - 12 * u)
    }

    private func drawAccepted(
        _ canvas: Canvas, _ c: MagnetometerCalibration, _ path: String?, _ panel: Rect, _ screenUnit: Double
    ) {
        // Laid out for the panel of an 800×480 screen (342 units inside); a narrower panel scales it all down so
        // the matrix columns never run off the edge.
        let u = screenUnit * min(1, (panel.width - 32 * screenUnit) / (342 * screenUnit))
        let x = panel.x + 16 * u
        let width = panel.width - 32 * u
        let big = TextLayout(font: fonts.bold, size: 30 * u)
        // A tick in a blue disc beside the word, so the outcome reads before the word does.
        let tickCenter = Point(x: x + 16 * u, y: panel.y + 16 * u + big.capHeight / 2 + 2 * u)
        canvas.fillCircle(center: tickCenter, radius: 16 * u, theme.arrowFill)
        canvas.stroke(
            [
                tickCenter + Point(x: -7, y: 0) * u, tickCenter + Point(x: -2, y: 6) * u,
                tickCenter + Point(x: 8, y: -6) * u,
            ],
            width: 3.5 * u, theme.arrowOutline)
        canvas.text(
            "ACCEPTED", at: Point(x: x + 42 * u, y: panel.y + 18 * u + big.capHeight), layout: big, theme.panelText)
        var y = panel.y + 18 * u + big.capHeight + 24 * u
        let label = TextLayout(font: fonts.bold, size: 12.5 * u)
        let value = TextLayout(font: fonts.bold, size: 16 * u)
        func f(_ v: Double, _ digits: Int = 1) -> String { formatFixed(v, digits: digits) }
        let hi = c.hardIronMicrotesla
        y = columns(canvas, "HARD IRON µT", [f(hi.x), f(hi.y), f(hi.z)], label, value, x: x, y: y, u: u)
        let m = c.softIron.rowMajor
        for r in 0..<3 {
            y = columns(
                canvas, r == 0 ? "SOFT IRON" : "", (0..<3).map { f(m[r * 3 + $0], 3) }, label, value, x: x, y: y, u: u)
        }
        y = row(
            canvas, "FIELD µT",
            f(c.fieldRadiusMicrotesla) + (c.expectedFieldMicrotesla.map { "  ·  WMM " + f($0) } ?? ""), label, value,
            x: x, y: y, u: u)
        if case .level(let fromModel) = c.fit {
            // Level: the vertical hard iron came from WMM's dip, or was not observed (and the dip check is off).
            y = row(
                canvas, "FIT", "level  ·  " + (fromModel ? "z from WMM dip" : "z not seen"), label, value, x: x, y: y,
                u: u)
        }
        if let q = c.quality {
            y = row(canvas, "RESIDUAL", f(q.residualPercent, 2) + " %", label, value, x: x, y: y, u: u)
            y = row(
                canvas, "COVERAGE", "\(Int((q.coverage * 100).rounded())) %  ·  \(q.sampleCount) samples", label, value,
                x: x, y: y, u: u)
            y = row(
                canvas, "AXIS RATIO", f(q.axisRatio, 3) + "  ·  cond " + f(q.conditionNumber, 0), label, value, x: x,
                y: y, u: u)
        }
        if let path {
            _ = paragraph(
                canvas, "Saved to \(path)", layout: TextLayout(font: fonts.bold, size: 13 * u), theme.panelSubtleText,
                x: x, y: y + 6 * u, width: width, bottom: panel.maxY - 10 * u)
        }
    }

    private func drawRefused(
        _ canvas: Canvas, _ screen: CalibrationScreen, _ reason: String, _ q: CalibrationQuality?, _ panel: Rect,
        _ u: Double
    ) {
        let x = panel.x + 16 * u
        let width = panel.width - 32 * u
        let big = TextLayout(font: fonts.bold, size: 30 * u)
        canvas.text("NOT SAVED", at: Point(x: x, y: panel.y + 18 * u + big.capHeight), layout: big, theme.warning)
        var y = panel.y + 18 * u + big.capHeight + 22 * u
        let text = TextLayout(font: fonts.bold, size: 16 * u)
        y = paragraph(
            canvas, reason.prefix(1).uppercased() + reason.dropFirst(), layout: text, theme.panelText, x: x, y: y,
            width: width, bottom: panel.maxY - 90 * u)
        y += 10 * u
        let label = TextLayout(font: fonts.bold, size: 12.5 * u)
        let value = TextLayout(font: fonts.bold, size: 16 * u)
        y = row(canvas, "SAMPLES", "\(screen.progress.sampleCount)", label, value, x: x, y: y, u: u)
        if let q {
            y = row(canvas, "COVERAGE", "\(Int((q.coverage * 100).rounded())) %", label, value, x: x, y: y, u: u)
            y = row(
                canvas, "RESIDUAL", formatFixed(q.residualPercent, digits: 2) + " %", label, value, x: x, y: y, u: u)
        }
        _ = paragraph(
            canvas, "The previous calibration, if any, is unchanged.",
            layout: TextLayout(font: fonts.bold, size: 13 * u),
            theme.panelSubtleText, x: x, y: y + 4 * u, width: width, bottom: panel.maxY - 10 * u)
    }

    // MARK: - Text helpers

    /// A small label over a large value with a note after it; returns the y below.
    private func figure(
        _ canvas: Canvas, _ label: String, _ value: String, _ note: String, x: Double, y: Double, u: Double
    ) -> Double {
        let l = TextLayout(font: fonts.bold, size: 12.5 * u)
        let v = TextLayout(font: fonts.bold, size: 26 * u)
        let n = TextLayout(font: fonts.bold, size: 14 * u)
        var y = y + l.capHeight
        canvas.text(label, at: Point(x: x, y: y), layout: l, theme.panelSubtleText)
        y += 8 * u + v.capHeight
        canvas.text(value, at: Point(x: x, y: y), layout: v, theme.panelText)
        canvas.text(note, at: Point(x: x + v.width(of: value) + 10 * u, y: y), layout: n, theme.panelSubtleText)
        return y + 10 * u
    }

    /// A label and a value on one line; returns the y of the next line's baseline.
    private func row(
        _ canvas: Canvas, _ label: String, _ value: String, _ l: TextLayout, _ v: TextLayout, x: Double, y: Double,
        u: Double
    ) -> Double {
        let baseline = y + v.capHeight
        canvas.text(label, at: Point(x: x, y: baseline), layout: l, theme.panelSubtleText)
        canvas.text(value, at: Point(x: x + 118 * u, y: baseline), layout: v, theme.panelText)
        return baseline + 11 * u
    }

    /// A label and numbers right-aligned in three columns (so a matrix's rows line up); returns the next line's y.
    private func columns(
        _ canvas: Canvas, _ label: String, _ values: [String], _ l: TextLayout, _ v: TextLayout, x: Double, y: Double,
        u: Double
    ) -> Double {
        let baseline = y + v.capHeight
        if !label.isEmpty { canvas.text(label, at: Point(x: x, y: baseline), layout: l, theme.panelSubtleText) }
        for (i, text) in values.enumerated() {
            let right = x + 118 * u + Double(i + 1) * 70 * u
            canvas.text(text, at: Point(x: right - 8 * u - v.width(of: text), y: baseline), layout: v, theme.panelText)
        }
        return baseline + 11 * u
    }

    /// A progress bar with an optional threshold mark; returns the y below.
    private func bar(
        _ canvas: Canvas, _ fraction: Double, mark: Double?, ok: Bool, x: Double, y: Double, width: Double, u: Double
    ) -> Double {
        let h = 8 * u
        let track = Rect(x: x, y: y, width: width, height: h)
        canvas.fillRoundedRect(track, radius: h / 2, theme.panelSubtleText.withOpacity(0.3))
        let f = min(max(fraction.isFinite ? fraction : 0, 0), 1)
        if f > 0 {
            canvas.fillRoundedRect(
                Rect(x: x, y: y, width: max(h, width * f), height: h), radius: h / 2,
                ok ? theme.arrowFill : theme.warning)
        }
        if let m = mark {
            let mx = x + width * min(max(m, 0), 1)
            canvas.fillRoundedRect(
                Rect(x: mx - 1.5 * u, y: y - 4 * u, width: 3 * u, height: h + 8 * u), radius: 1.5 * u, theme.panelText)
        }
        return y + h + 14 * u
    }

    /// Word-wrapped text from `y` (top of the first line) down to `bottom` at most; returns the y below it.
    private func paragraph(
        _ canvas: Canvas, _ text: String, layout: TextLayout, _ color: Color, x: Double, y: Double, width: Double,
        bottom: Double
    ) -> Double {
        var lines: [String] = []
        var current = ""
        // A number keeps its unit ("55 %"), and a long path breaks after a slash rather than running off the panel.
        var words: [String] = []
        for word in text.replacing(" %", with: "\u{00A0}%").split(separator: " ") {
            var rest = String(word)
            while layout.width(of: rest) > width, let cut = breakPoint(rest, layout: layout, width: width) {
                words.append(String(rest[..<cut]))
                rest = String(rest[cut...])
            }
            words.append(rest)
        }
        for word in words {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if layout.width(of: candidate) <= width || current.isEmpty {
                current = candidate
            } else {
                lines.append(current)
                current = String(word)
            }
        }
        if !current.isEmpty { lines.append(current) }
        let step = layout.size * 1.3
        var baseline = y + layout.capHeight
        for line in lines {
            guard baseline <= bottom else { break }
            canvas.text(line, at: Point(x: x, y: baseline), layout: layout, color)
            baseline += step
        }
        return baseline - step + layout.descent + 6
    }

    /// Where to cut a word wider than `width`: after the last slash that fits, else after the last letter that fits.
    private func breakPoint(_ word: String, layout: TextLayout, width: Double) -> String.Index? {
        var fits: String.Index?
        var slash: String.Index?
        var i = word.startIndex
        while i < word.endIndex {
            let next = word.index(after: i)
            guard layout.width(of: String(word[..<next])) <= width else { break }
            fits = next
            if word[i] == "/" { slash = next }
            i = next
        }
        guard let cut = slash ?? fits, cut > word.startIndex, cut < word.endIndex else { return nil }
        return cut
    }
}
