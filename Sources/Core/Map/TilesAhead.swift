/// The tiles the map will need next along the way it is moving: the row (and, moving aslant, the column) of tiles
/// just beyond the frame's grid on the side the camera travels towards.
///
/// A frame asks for them before its own tiles (the render queue takes the newest request first, so they render
/// only when the workers have nothing the screen needs), and a tile is then there when the moving screen first
/// touches it instead of showing its parent scaled up while it renders: on a board 6–10× slower than a desktop a
/// tile takes 0.1–0.5 s, several frames of a blurred edge at the top of the screen, where the way ahead is.
/// The rendered-tile budget keeps a row and a column beyond a frame's grid each side
/// (`MapMemoryBudget.forScreen`), so they do not push the screen's own tiles out.
struct TilesAhead {
    /// Where the camera's anchor was when the direction was last taken, in tiles of that zoom.
    private var from: (zoom: Int, x: Double, y: Double)?
    /// The unit direction of travel in tile units, once the camera moved far enough to tell.
    private(set) var direction: (x: Double, y: Double)?

    /// How far (in tiles) the camera must move before its direction is taken again: a quarter of a tile, far
    /// enough that the whole-pixel snapping of the camera does not turn the direction, near enough that a turn
    /// is followed within seconds.
    static let step = 0.25

    /// Notes the camera's anchor, `x`, `y` in tiles of `zoom` (a jump of more than a few tiles, or another zoom,
    /// starts again: a recentre or a zoom is not travel).
    mutating func follow(x: Double, y: Double, zoom: Int) {
        guard x.isFinite, y.isFinite else { return }
        guard let from, from.zoom == zoom else {
            self.from = (zoom, x, y)
            direction = nil
            return
        }
        let (dx, dy) = (x - from.x, y - from.y)
        let distance = (dx * dx + dy * dy).squareRoot()
        if distance > 4 {
            self.from = (zoom, x, y)
            direction = nil
        } else if distance >= Self.step {
            self.from = (zoom, x, y)
            direction = (dx / distance, dy / distance)
        }
    }

    /// The tiles one tile beyond the grid `xs` × `ys` towards the direction of travel (none before it is known),
    /// clamped to the world of `zoom`. The render queue takes the newest request first, so the side the travel
    /// leans to most comes last.
    func tiles(xs: ClosedRange<Int>, ys: ClosedRange<Int>, zoom: Int) -> [TileID] {
        guard let direction else { return [] }
        let n = 1 << min(max(zoom, 0), 30)
        // A side counts when the travel leans to it by more than about 22° off the other axis.
        let lean = 0.38
        let x = direction.x > 0 ? xs.upperBound + 1 : xs.lowerBound - 1
        let y = direction.y > 0 ? ys.upperBound + 1 : ys.lowerBound - 1
        let column = abs(direction.x) > lean && (0..<n).contains(x) ? ys.map { TileID(z: zoom, x: x, y: $0) } : []
        let row = abs(direction.y) > lean && (0..<n).contains(y) ? xs.map { TileID(z: zoom, x: $0, y: y) } : []
        return abs(direction.x) > abs(direction.y) ? row + column : column + row
    }
}
