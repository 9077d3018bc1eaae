import Foundation
import Testing

@testable import Core

/// A circle's vertices are made by turning the last one by a step (one cosine a circle); they must stay where the
/// cosine and sine of each vertex's own angle put them, for every vertex count and any radius.
@Suite("Circle polygon")
struct CirclePolygonTests {
    @Test(
        "every vertex lies where its own angle puts it, to a billionth of the radius",
        arguments: [0.5, 3, 40, 9_000])
    func verticesMatchTheirAngles(radius: Double) {
        let center = Point(x: 123.25, y: -7.5)
        // Tolerances from coarse (8 vertices) to fine (128, the most).
        for tolerance in [10.0, 1, 0.2, 0.01, 0.0001] {
            let points = Path.circlePolygon(center: center, radius: radius, tolerance: tolerance)
            let n = points.count
            #expect((8...128).contains(n))
            for (i, p) in points.enumerated() {
                let t = -2 * Double.pi * Double(i) / Double(n)
                let exact = Point(x: center.x + radius * cos(t), y: center.y + radius * sin(t))
                #expect(
                    abs(p.x - exact.x) <= 1e-9 * radius && abs(p.y - exact.y) <= 1e-9 * radius,
                    "radius \(radius), \(n) vertices, vertex \(i)")
            }
        }
    }
}
