import Foundation

/// The HUD's drawn symbols for the route: a turn arrow (the road bends this way ahead) and a straight arrow
/// (the way back to the route). Drawn from strokes and triangles, so they scale with the panel and need no font.
enum TurnCueGlyph {
    /// A bend of `degrees` (positive to the right, ±180 a U-turn): a stem from the bottom of `box` up to its
    /// middle, then the new direction with an arrow head. From 150° on it is a U: up, round and back down.
    static func drawTurn(degrees: Double, in box: Rect, on canvas: Canvas, _ colour: Color) {
        let s = box.width
        let line = 0.15 * s
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
            canvas.stroke(points, width: line, colour)
            head(at: Point(x: end.x, y: end.y + 0.26 * s), direction: Point(x: 0, y: 1), size: 0.3 * s, canvas, colour)
            return
        }
        let a = degrees * .pi / 180
        let dir = Point(x: sin(a), y: -cos(a))
        let bend = Point(x: c.x - dir.x * 0.12 * s, y: c.y + 0.08 * s)
        let tip = bend + dir * (0.42 * s)
        canvas.stroke([Point(x: bend.x, y: box.maxY - 0.02 * s), bend, tip - dir * (0.12 * s)], width: line, colour)
        head(at: tip, direction: dir, size: 0.32 * s, canvas, colour)
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
    private static func head(at tip: Point, direction d: Point, size: Double, _ canvas: Canvas, _ colour: Color) {
        let side = Point(x: -d.y, y: d.x)
        let base = tip - d * size
        canvas.fill(Path(polygons: [[tip, base + side * (0.55 * size), base - side * (0.55 * size)]]), colour)
    }
}
