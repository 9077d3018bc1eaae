/// What the HUD keeps from one frame to the next to skip work whose inputs did not change: the usual layout of the
/// last frame and the north pointer's disc. Both are pure functions of what they are kept with, so a frame gets
/// the same layout and the same pixels either way.
// Unchecked Sendable: every `var` is read and written only while `lock` is held.
final class HUDLayerMemo: @unchecked Sendable {
    /// Everything `HUDLayer`'s usual arrangement reads (besides the typography and unit, fixed for a HUD).
    struct LayoutInputs: Equatable {
        var lines: HUDLines
        var scaleBarPixels: Double
        var scaleLabel: String
        var width: Int
        var height: Int
        var keepOut: Rect?
    }

    private let lock = Lock()
    private var layoutInputs: LayoutInputs?
    private var layout: HUDLayer.Layout?
    private var disc: (center: Point, radius: Double, path: Path)?

    /// The layout kept for `inputs`, or `arrange`'s, kept for the next frame.
    func layout(for inputs: LayoutInputs, _ arrange: () -> HUDLayer.Layout) -> HUDLayer.Layout {
        if let kept = lock.locked({ layoutInputs == inputs ? layout : nil }) { return kept }
        let fresh = arrange()
        lock.locked { (layoutInputs, layout) = (inputs, fresh) }
        return fresh
    }

    /// A circle of `radius` around `center` as `Canvas.fillCircle` fills it: its polygon costs a sine and a
    /// cosine a vertex, and the north pointer's stays put.
    func disc(center: Point, radius: Double) -> Path {
        lock.locked {
            if let disc, disc.center == center, disc.radius == radius { return disc.path }
            var path = Path()
            path.addCircle(center: center, radius: radius)
            disc = (center, radius, path)
            return path
        }
    }
}
