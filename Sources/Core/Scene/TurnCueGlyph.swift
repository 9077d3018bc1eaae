/// The HUD's drawn symbols for the route: a turn arrow (the road bends this way ahead) and a straight arrow
/// (the way back to the route). Drawn from strokes and triangles, so they scale with the panel and need no font.
enum TurnCueGlyph {
    /// A bend of `degrees` (positive to the right, ±180 a U-turn): a stem from the bottom of `box` up to its
    /// middle, then the new direction with an arrow head. From 150° on it is a U: up, round and back down.
    static func drawTurn(degrees: Double, in box: Rect, on canvas: Canvas, _ colour: Color) {
        let s = box.width
        let c = Point(x: box.x + s / 2, y: box.y + s / 2)
        if abs(degrees) >= 150 {
            let side = degrees < 0 ? -1.0 : 1.0
            let r = 0.22 * s
            // The stem on the far side of the turn, the arc over the top, and the way back down.
            let x0 = c.x - side * r
            var points = [Point(x: x0, y: box.maxY - 0.04 * s)]
            let arcY = box.y + 0.34 * s
            for i in 0...12 {
                let a = Double.pi * Double(i) / 12
                points.append(Point(x: c.x - side * r * cos(a), y: arcY - r * sin(a)))
            }
            let end = Point(x: c.x + side * r, y: box.y + 0.62 * s)
            points.append(end)
            canvas.stroke(points, width: 0.15 * s, colour)
            head(at: Point(x: end.x, y: end.y + 0.26 * s), direction: Point(x: 0, y: 1), size: 0.3 * s, canvas, colour)
            return
        }
        // Drawn in units of the leg's length, then scaled so the whole symbol fills the box, whatever the angle.
        let a = degrees * .pi / 180
        let dir = Point(x: sin(a), y: -cos(a))
        let side = Point(x: -dir.y, y: dir.x)
        let (stemBottom, bend, tip) = (Point(x: 0, y: 1.1), Point(x: 0, y: 0), dir * 1.35)
        let (width, headLength, headHalfWidth) = (0.3, 0.58, 0.46)
        let headBase = tip - dir * headLength
        let extremes = [
            stemBottom + Point(x: -width / 2, y: 0), stemBottom + Point(x: width / 2, y: 0),
            bend + Point(x: -width / 2, y: 0), bend + Point(x: width / 2, y: 0), tip,
            headBase + side * headHalfWidth, headBase - side * headHalfWidth,
        ]
        let minX = extremes.map(\.x).min()!
        let maxX = extremes.map(\.x).max()!
        let minY = extremes.map(\.y).min()!
        let maxY = extremes.map(\.y).max()!
        let scale = 0.94 * s / max(maxX - minX, maxY - minY)
        let offset = Point(x: c.x - (minX + maxX) / 2 * scale, y: c.y - (minY + maxY) / 2 * scale)
        func screen(_ p: Point) -> Point { offset + p * scale }
        canvas.stroke(
            [screen(stemBottom), screen(bend), screen(headBase + dir * 0.1)], width: width * scale, colour)
        head(
            at: screen(tip), direction: dir, size: headLength * scale, canvas, colour,
            halfWidth: headHalfWidth / headLength)
    }

    /// A straight arrow through the middle of `box`, pointing `screenDegrees` (0 up, clockwise).
    static func drawArrow(screenDegrees: Double, in box: Rect, on canvas: Canvas, _ colour: Color) {
        let s = box.width
        let a = screenDegrees * .pi / 180
        let dir = Point(x: sin(a), y: -cos(a))
        let c = Point(x: box.x + s / 2, y: box.y + s / 2)
        let tip = c + dir * (0.46 * s)
        canvas.stroke([c - dir * (0.44 * s), tip - dir * (0.2 * s)], width: 0.16 * s, colour)
        head(at: tip, direction: dir, size: 0.36 * s, canvas, colour)
    }

    /// A filled triangle with its point at `tip`, pointing along `direction` (a unit vector).
    /// `halfWidth` is the base's half width as a share of `size`.
    private static func head(
        at tip: Point, direction d: Point, size: Double, _ canvas: Canvas, _ colour: Color, halfWidth: Double = 0.55
    ) {
        let side = Point(x: -d.y, y: d.x)
        let base = tip - d * size
        canvas.fill(
            Path(polygons: [[tip, base + side * (halfWidth * size), base - side * (halfWidth * size)]]), colour)
    }
}
